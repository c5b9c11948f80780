import { ExportOutlined, RollbackOutlined, SwapOutlined, WarningOutlined } from '@ant-design/icons';
import type { PlanProduct, ProductionProductStock } from '@eqms/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import type { PlanHeader } from '../../production-material/components/PlanPanel.tsx';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { usePlanProducts } from '../product-issue.queries.ts';
import { IssueHistoryDialog } from './IssueHistoryDialog.tsx';
import { IssueReleaseDialog } from './IssueReleaseDialog.tsx';
import { IssueRestockDialog } from './IssueRestockDialog.tsx';

/** Whether product stock holds less than what is still to release. */
const isShort = (p: PlanProduct) => p.toReleaseQty > 0 && p.stockQty < p.toReleaseQty;

/** A selected plan: its semi-finished products against its BOM and its released lots, with release and restock. */
export function IssuePlanPanel({ planId, header }: { planId: number; header: PlanHeader | null }) {
  const { t } = useTranslation([ISSUE_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan('productStockOutRestock', 'create');
  // A release picks a product stock row: it reads product stock too (restock needs only this screen's right).
  const canSeeStock = useCan('prodStock', 'view');
  const canRelease = canCreate && canSeeStock;
  const plan = usePlanProducts(planId);
  const [releasing, setReleasing] = useState<{ productId: number | null } | null>(null);
  const [restocking, setRestocking] = useState<ProductionProductStock | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductionProductStock | null>(null);

  if (plan.isLoading)
    return (
      <Card>
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      </Card>
    );
  const p = plan.data;
  if (!p) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.planMissing')} />;

  const qtyCell = (v: number, testId?: string) => <span data-testid={testId}>{fmtQty(v)}</span>;
  const unitColumn = { title: t('fields.unit'), dataIndex: 'unit', width: 70, render: (v: string) => unitLabel(v) };
  const productColumns: TableColumnsType<PlanProduct> = [
    {
      title: t('fields.childProduct'),
      key: 'product',
      width: 190,
      ellipsis: true,
      render: (_, m) => (
        <span title={`${m.code} · ${m.name}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
            {m.code}
          </Typography.Text>
          {m.name}
        </span>
      ),
    },
    {
      title: t('fields.requiredQty'),
      dataIndex: 'requiredQty',
      width: 90,
      align: 'right',
      render: (v: number) => qtyCell(v, 'issue-product-required'),
    },
    {
      title: t('fields.toRelease'),
      dataIndex: 'toReleaseQty',
      width: 110,
      align: 'right',
      render: (v: number) =>
        v > 0 ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="issue-product-to-release">
            {fmtQty(v)}
          </Tag>
        ) : (
          <Typography.Text type="success" data-testid="issue-product-to-release">
            {t('hints.released')}
          </Typography.Text>
        ),
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'atLineQty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, 'issue-product-at-line')}</Typography.Text>,
    },
    {
      title: t('fields.stockQty'),
      dataIndex: 'stockQty',
      width: 100,
      align: 'right',
      render: (v: number, m) =>
        isShort(m) ? (
          <Space size={4} data-testid="issue-product-stock" data-short="true">
            <WarningOutlined style={{ color: 'var(--ant-color-error)' }} aria-label={t('hints.short')} />
            <Typography.Text type="danger">{fmtQty(v)}</Typography.Text>
          </Space>
        ) : (
          qtyCell(v, 'issue-product-stock')
        ),
    },
    unitColumn,
    {
      title: t('fields.releasedQty'),
      dataIndex: 'releasedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v, 'issue-product-released'),
    },
    {
      title: t('fields.restockedQty'),
      dataIndex: 'restockedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v, 'issue-product-restocked'),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
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
    ...(canRelease
      ? [
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, m: PlanProduct) => (
              <RowAction
                label={t('actions.release')}
                icon={<ExportOutlined />}
                testId={`issue-product-release-${m.code}`}
                onClick={() => setReleasing({ productId: m.productId })}
              />
            ),
          },
        ]
      : []),
  ];

  const stockColumns: TableColumnsType<ProductionProductStock> = [
    {
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
    },
    {
      title: t('fields.childProduct'),
      key: 'product',
      width: 170,
      ellipsis: true,
      render: (_, r) => `${r.productCode} · ${r.productName}`,
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'qty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, 'issue-stock-qty')}</Typography.Text>,
    },
    unitColumn,
    {
      title: t('fields.releasedQty'),
      dataIndex: 'releasedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.restockedQty'),
      dataIndex: 'restockedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v, 'issue-stock-restocked'),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    { title: t('fields.from'), dataIndex: 'locationName', width: 120, ellipsis: true },
    {
      title: t('fields.expiryDate'),
      dataIndex: 'expiryDate',
      width: 110,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canCreate && r.qty > 0 && !r.disposed && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`issue-stock-restock-${r.lotId}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`issue-stock-history-${r.lotId}`}
            onClick={() => setHistoryOf(r)}
          />
        </Space>
      ),
    },
  ];

  const toRelease = p.products.filter((m) => m.toReleaseQty > 0).length;
  const short = p.products.filter(isShort).length;
  return (
    <Flex vertical gap={16} data-testid="issue-plan-panel" data-plan-id={p.planId}>
      <Card
        size="small"
        title={
          <span data-testid="issue-plan-title">
            {p.productCode} · {p.productName}
          </span>
        }
        extra={
          canRelease && (
            <Button
              type="primary"
              icon={<ExportOutlined />}
              data-testid="issue-release-open"
              disabled={!p.products.length}
              onClick={() => setReleasing({ productId: null })}
            >
              {t('actions.release')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, xxl: 4 }}>
          <Descriptions.Item label={t('fields.planQty')}>{fmtQty(p.qty)}</Descriptions.Item>
          {header && (
            <>
              <Descriptions.Item label={t('fields.line')}>{header.lineName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.planPeriod')}>
                {header.startDt} ~ {header.endDt}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label={t('fields.summary')}>
            <Space size={4} wrap>
              {toRelease > 0 ? (
                <Tag color="orange" data-testid="issue-plan-to-release-count">
                  {t('hints.toReleaseCount', { count: toRelease })}
                </Tag>
              ) : (
                <Tag color="green">{t('hints.allReleased')}</Tag>
              )}
              {short > 0 && <Tag color="red">{t('hints.shortCount', { count: short })}</Tag>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {canCreate && !canSeeStock && (
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('needsStockView')} />
        )}
      </Card>
      <Card size="small" title={t('titles.products')}>
        <Table<PlanProduct>
          size="small"
          rowKey="productId"
          data-testid="issue-products-table"
          columns={productColumns}
          dataSource={p.products}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noBom')} /> }}
          onRow={(m) =>
            ({
              'data-testid': 'issue-product-row',
              'data-code': m.code,
              'data-short': isShort(m) ? 'true' : 'false',
            }) as never
          }
        />
      </Card>
      <Card size="small" title={t('titles.lots')}>
        <Table<ProductionProductStock>
          size="small"
          rowKey="id"
          data-testid="issue-stocks-table"
          columns={stockColumns}
          dataSource={p.stocks}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noLots')} /> }}
          onRow={(r) => ({ 'data-testid': 'issue-stock-row', 'data-lot': r.lotId }) as never}
        />
      </Card>
      <IssueReleaseDialog
        plan={releasing ? p : null}
        productId={releasing?.productId}
        onClose={() => setReleasing(null)}
      />
      <IssueRestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <IssueHistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
