import { ExportOutlined, RollbackOutlined, SwapOutlined, WarningOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../app/codes.ts';
import { useCan } from '../../app/permissions.ts';
import { RowAction } from '../../components/RowAction.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen, PlanHeader } from './issue-screen.ts';
import type { ReleasedRow, RowDialog } from './ReleasedList.tsx';

/** An item a plan needs (a material, a child product) against what was released, as both screens' servers give it. */
export type Requirement = {
  code: string;
  name: string;
  unit: string;
  requiredQty: number;
  releasedQty: number;
  restockedQty: number;
  consumedQty: number;
  atLineQty: number;
  toReleaseQty: number;
  stockQty: number;
};

/** A plan with what it needs and what was released to its line. */
export type PlanItems<S> = { planId: number; productCode: string; productName: string; qty: number; stocks: S[] };

/** Whether the stock holds less than what is still to release. */
const isShort = (m: Requirement) => m.toReleaseQty > 0 && m.stockQty < m.toReleaseQty;

/**
 * A selected plan: what it needs against its BOM (still to release, short in stock) and what was released to its
 * line, with release, restock and movements. The item kind gives its queries, its own columns and dialogs, and its
 * texts: the material screen's packages and warehouse, the product screen's lots (with their source shelf, a discarded
 * mark and the tracked flag) and product stock.
 */
export function PlanPanel<Req extends Requirement, S extends ReleasedRow, P extends PlanItems<S>>({
  screen,
  header,
  stockMenu,
  stockViewNotice,
  plan,
  requirementsOf,
  itemIdOf,
  itemTestId,
  itemTitle,
  itemWidth,
  requirementExtraColumns = [],
  requirementsTitle,
  idColumn,
  stockItemOf,
  stockSourceColumns = [],
  idOf,
  idAttr,
  restockable = () => true,
  stocksTitle,
  noStocks,
  stockQtyWidth,
  scrollX,
  summaryColumns,
  renderRelease,
  RestockDialog,
  HistoryDialog,
}: {
  screen: IssueScreen;
  header: PlanHeader | null;
  /** The menu whose view right a release needs too: it picks from that stock (restock needs only this screen's). */
  stockMenu: string;
  /** Said when a user may release but not see the stock to pick from; none: nothing said. */
  stockViewNotice?: string;
  plan: { isLoading: boolean; data?: P };
  requirementsOf: (p: P) => Req[];
  itemIdOf: (m: Req) => number;
  /** The requirement rows' test ids: `${itemTestId}-row`, `-required`, `-to-release`, …, `-release-<code>`. */
  itemTestId: string;
  itemTitle: string;
  itemWidth: number;
  requirementExtraColumns?: TableColumnsType<Req>;
  requirementsTitle: string;
  /** The released row's ID column (package ID, LOT ID). */
  idColumn: TableColumnsType<S>[number];
  stockItemOf: (r: S) => string;
  stockSourceColumns?: TableColumnsType<S>;
  idOf: (r: S) => string;
  /** The released row's ID attribute (data-package, data-lot). */
  idAttr: string;
  restockable?: (r: S) => boolean;
  stocksTitle: string;
  noStocks: string;
  stockQtyWidth: number;
  scrollX: number | { requirements: number; stocks: number };
  summaryColumns: DescriptionsProps['column'];
  renderRelease: (plan: P | null, itemId: number | null | undefined, onClose: () => void) => ReactNode;
  RestockDialog: RowDialog<S>;
  HistoryDialog: RowDialog<S>;
}) {
  const { t } = useTranslation([screen.ns, 'common']);
  const p = screen.testPrefix;
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan(screen.menuName, 'create');
  const canSeeStock = useCan(stockMenu, 'view');
  const canRelease = canCreate && canSeeStock;
  const [releasing, setReleasing] = useState<{ itemId: number | null } | null>(null);
  const [restocking, setRestocking] = useState<S | null>(null);
  const [historyOf, setHistoryOf] = useState<S | null>(null);

  if (plan.isLoading)
    return (
      <Card>
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      </Card>
    );
  const data = plan.data;
  if (!data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.planMissing')} />;
  const requirements = requirementsOf(data);
  const scroll = typeof scrollX === 'number' ? { requirements: scrollX, stocks: scrollX } : scrollX;

  const qtyCell = (v: number, testId?: string) => <span data-testid={testId}>{fmtQty(v)}</span>;
  const unitColumn = { title: t('fields.unit'), dataIndex: 'unit', width: 70, render: (v: string) => unitLabel(v) };
  const it = itemTestId;
  // The figures to act on first (still to release, at the line, in stock), the history of it after.
  const requirementColumns: TableColumnsType<Req> = [
    {
      title: itemTitle,
      key: 'item',
      width: itemWidth,
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
      render: (v: number) => qtyCell(v, `${it}-required`),
    },
    {
      title: t('fields.toRelease'),
      dataIndex: 'toReleaseQty',
      width: 110,
      align: 'right',
      render: (v: number) =>
        v > 0 ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid={`${it}-to-release`}>
            {fmtQty(v)}
          </Tag>
        ) : (
          <Typography.Text type="success" data-testid={`${it}-to-release`}>
            {t('hints.released')}
          </Typography.Text>
        ),
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'atLineQty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, `${it}-at-line`)}</Typography.Text>,
    },
    {
      title: t('fields.stockQty'),
      dataIndex: 'stockQty',
      width: stockQtyWidth,
      align: 'right',
      render: (v: number, m) =>
        isShort(m) ? (
          <Space size={4} data-testid={`${it}-stock`} data-short="true">
            <WarningOutlined style={{ color: 'var(--ant-color-error)' }} aria-label={t('hints.short')} />
            <Typography.Text type="danger">{fmtQty(v)}</Typography.Text>
          </Space>
        ) : (
          qtyCell(v, `${it}-stock`)
        ),
    },
    unitColumn,
    {
      title: t('fields.releasedQty'),
      dataIndex: 'releasedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v, `${it}-released`),
    },
    {
      title: t('fields.restockedQty'),
      dataIndex: 'restockedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v, `${it}-restocked`),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    ...requirementExtraColumns,
    ...(canRelease
      ? [
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, m: Req) => (
              <RowAction
                label={t('actions.release')}
                icon={<ExportOutlined />}
                testId={`${it}-release-${m.code}`}
                onClick={() => setReleasing({ itemId: itemIdOf(m) })}
              />
            ),
          },
        ]
      : []),
  ];

  const stockColumns: TableColumnsType<S> = [
    idColumn,
    {
      title: itemTitle,
      key: 'item',
      width: 170,
      ellipsis: true,
      render: (_, r) => stockItemOf(r),
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'qty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, `${p}-stock-qty`)}</Typography.Text>,
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
      render: (v: number) => qtyCell(v, `${p}-stock-restocked`),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.expiryDate'),
      dataIndex: 'expiryDate',
      width: 110,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    ...stockSourceColumns,
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canCreate && r.qty > 0 && restockable(r) && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`${p}-stock-restock-${idOf(r)}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`${p}-stock-history-${idOf(r)}`}
            onClick={() => setHistoryOf(r)}
          />
        </Space>
      ),
    },
  ];

  const toRelease = requirements.filter((m) => m.toReleaseQty > 0).length;
  const short = requirements.filter(isShort).length;
  return (
    <Flex vertical gap={16} data-testid={`${p}-plan-panel`} data-plan-id={data.planId}>
      <Card
        size="small"
        title={
          <span data-testid={`${p}-plan-title`}>
            {data.productCode} · {data.productName}
          </span>
        }
        extra={
          canRelease && (
            <Button
              type="primary"
              icon={<ExportOutlined />}
              data-testid={`${p}-release-open`}
              disabled={!requirements.length}
              onClick={() => setReleasing({ itemId: null })}
            >
              {t('actions.release')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={summaryColumns}>
          <Descriptions.Item label={t('fields.planQty')}>{fmtQty(data.qty)}</Descriptions.Item>
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
                <Tag color="orange" data-testid={`${p}-plan-to-release-count`}>
                  {t('hints.toReleaseCount', { count: toRelease })}
                </Tag>
              ) : (
                <Tag color="green">{t('hints.allReleased')}</Tag>
              )}
              {short > 0 && <Tag color="red">{t('hints.shortCount', { count: short })}</Tag>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        {stockViewNotice && canCreate && !canSeeStock && (
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={stockViewNotice} />
        )}
      </Card>
      <Card size="small" title={requirementsTitle}>
        <Table<Req>
          size="small"
          rowKey={itemIdOf}
          data-testid={`${it}s-table`}
          columns={requirementColumns}
          dataSource={requirements}
          pagination={false}
          scroll={{ x: scroll.requirements }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noBom')} /> }}
          onRow={(m) =>
            ({
              'data-testid': `${it}-row`,
              'data-code': m.code,
              'data-short': isShort(m) ? 'true' : 'false',
            }) as never
          }
        />
      </Card>
      <Card size="small" title={stocksTitle}>
        <Table<S>
          size="small"
          rowKey="id"
          data-testid={`${p}-stocks-table`}
          columns={stockColumns}
          dataSource={data.stocks}
          pagination={false}
          scroll={{ x: scroll.stocks }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noStocks} /> }}
          onRow={(r) => ({ 'data-testid': `${p}-stock-row`, [idAttr]: idOf(r) }) as never}
        />
      </Card>
      {renderRelease(releasing ? data : null, releasing?.itemId, () => setReleasing(null))}
      <RestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <HistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
