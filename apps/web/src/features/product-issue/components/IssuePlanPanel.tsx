import type { PlanProduct, PlanProducts, ProductionProductStock } from '@eqms/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlanHeader } from '../../issue-to-production/issue-screen.ts';
import { PlanPanel } from '../../issue-to-production/PlanPanel.tsx';
import { usePlanProducts } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';
import { IssueHistoryDialog } from './IssueHistoryDialog.tsx';
import { IssueReleaseDialog } from './IssueReleaseDialog.tsx';
import { IssueRestockDialog } from './IssueRestockDialog.tsx';

/**
 * A selected plan: its semi-finished products against its BOM and its released lots, with release and restock. Unlike
 * material, a child product says whether results consume it by lot (tracked), a released lot names the shelf it came
 * from and may have been discarded since (marked, no restock), and a user who may release but not see product stock
 * is told why the release is missing.
 */
export function IssuePlanPanel({ planId, header }: { planId: number; header: PlanHeader | null }) {
  const { t } = useTranslation(ISSUE_SCREEN.ns);
  const plan = usePlanProducts(planId);
  return (
    <PlanPanel<PlanProduct, ProductionProductStock, PlanProducts>
      screen={ISSUE_SCREEN}
      header={header}
      stockMenu="prodStock"
      stockViewNotice={t('needsStockView')}
      plan={plan}
      requirementsOf={(p) => p.products}
      itemIdOf={(m) => m.productId}
      itemTestId="issue-product"
      itemTitle={t('fields.childProduct')}
      itemWidth={190}
      requirementExtraColumns={[
        {
          title: t('fields.tracked'),
          dataIndex: 'tracked',
          width: 90,
          align: 'center',
          render: (v: boolean) => (
            <Tooltip title={v ? t('hints.tracked') : t('hints.untracked')}>
              <Tag
                color={v ? 'blue' : 'default'}
                style={{ marginInlineEnd: 0 }}
                data-testid="issue-product-tracked"
                data-tracked={String(v)}
              >
                {v ? 'LOT' : '-'}
              </Tag>
            </Tooltip>
          ),
        },
      ]}
      requirementsTitle={t('titles.products')}
      idColumn={{
        title: t('fields.lotId'),
        dataIndex: 'lotId',
        width: 160,
        ellipsis: true,
        render: (v: string, r) => (
          <Space size={4}>
            <span data-testid="issue-stock-lot-id">{v}</span>
            {r.disposed && <Tag color="red">{t('hints.disposed')}</Tag>}
          </Space>
        ),
      }}
      stockItemOf={(r) => `${r.productCode} · ${r.productName}`}
      stockSourceColumns={[{ title: t('fields.from'), dataIndex: 'locationName', width: 120, ellipsis: true }]}
      idOf={(r) => r.lotId}
      idAttr="data-lot"
      restockable={(r) => !r.disposed}
      stocksTitle={t('titles.lots')}
      noStocks={t('hints.noLots')}
      stockQtyWidth={100}
      scrollX={960}
      summaryColumns={{ xs: 1, sm: 2, xxl: 4 }}
      renderRelease={(p, productId, onClose) => <IssueReleaseDialog plan={p} productId={productId} onClose={onClose} />}
      RestockDialog={IssueRestockDialog}
      HistoryDialog={IssueHistoryDialog}
    />
  );
}
