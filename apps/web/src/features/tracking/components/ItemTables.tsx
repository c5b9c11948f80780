import type {
  MaterialTrackingItem,
  MaterialTrackingRow,
  ProductTrackingItem,
  ProductTrackingRow,
  Tracking,
} from '@eqms/contract';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { materialCoverage, productCoverage } from '../tracking-rules.ts';
import { TRACKING_NS } from '../tracking.locales.ts';
import { useTracking } from '../tracking.queries.ts';
import { CoverageBar, DueCell, Qty, ShortfallTag } from './cells.tsx';

// The tracked items, one line each with its totals, stock and shortfall; a line opens into the item's own table — its
// order products (or requirement rows) with the item's totals as the last line. Only opened items render their rows,
// so a period of many items stays quick to draw.

const QTY_WIDTH = 92;

type Period = Pick<Tracking, 'startDt' | 'endDt'>;

type Col<R> = {
  key: string;
  title: string;
  width?: number;
  align?: 'right';
  /** Pinned to the right edge: the shortfall and the coverage stay in sight however wide the table. */
  fixed?: 'right';
  render: (r: R) => ReactNode;
};

const toAnt = <R,>(columns: Col<R>[]): TableColumnsType<R> =>
  columns.map((c) => ({
    key: c.key,
    title: c.title,
    width: c.width,
    align: c.align,
    fixed: c.fixed,
    render: (_: unknown, r: R) => c.render(r),
  }));

const qtyCol = <R,>(key: string, title: string, get: (r: R) => number, strong = false): Col<R> => ({
  key,
  title,
  width: QTY_WIDTH,
  align: 'right',
  render: (r) => <Qty v={get(r)} strong={strong} testId={`tracking-${key}`} />,
});

type ProductQtys = Pick<
  ProductTrackingRow,
  | 'orderedQty'
  | 'plannedQty'
  | 'producedQty'
  | 'shippedQty'
  | 'openQty'
  | 'allocatedQty'
  | 'toProduceQty'
  | 'inProgressQty'
  | 'shortfallQty'
>;
type MaterialQtys = Pick<
  MaterialTrackingRow,
  'requiredQty' | 'suppliedQty' | 'atLineQty' | 'consumedQty' | 'allocatedQty' | 'shortfallQty'
>;

/** The quantity columns a product line and an order product share, ending with the shortfall and the coverage bar. */
function useProductQtyColumns<R extends ProductQtys>(totalTestId?: string): Col<R>[] {
  const { t } = useTranslation(TRACKING_NS);
  return [
    qtyCol<R>('orderedQty', t('fields.orderedQty'), (r) => r.orderedQty, true),
    qtyCol<R>('plannedQty', t('fields.plannedQty'), (r) => r.plannedQty),
    qtyCol<R>('producedQty', t('fields.producedQty'), (r) => r.producedQty),
    qtyCol<R>('shippedQty', t('fields.shippedQty'), (r) => r.shippedQty),
    qtyCol<R>('openQty', t('fields.openQty'), (r) => r.openQty),
    qtyCol<R>('allocatedQty', t('fields.allocatedQty'), (r) => r.allocatedQty),
    qtyCol<R>('toProduceQty', t('fields.toProduceQty'), (r) => r.toProduceQty),
    qtyCol<R>('inProgressQty', t('fields.inProgressQty'), (r) => r.inProgressQty),
    {
      key: 'shortfallQty',
      title: t('fields.shortfallQty'),
      width: QTY_WIDTH,
      align: 'right',
      fixed: 'right',
      render: (r) => <ShortfallTag v={r.shortfallQty} testId={totalTestId} />,
    },
    {
      key: 'coverage',
      title: t('fields.coverage'),
      width: 130,
      fixed: 'right',
      render: (r) => <CoverageBar percent={productCoverage(r)} label={t('fields.coverage')} />,
    },
  ];
}

function useMaterialQtyColumns<R extends MaterialQtys>(totalTestId?: string): Col<R>[] {
  const { t } = useTranslation(TRACKING_NS);
  return [
    qtyCol<R>('requiredQty', t('fields.requiredQty'), (r) => r.requiredQty, true),
    qtyCol<R>('suppliedQty', t('fields.suppliedQty'), (r) => r.suppliedQty),
    qtyCol<R>('atLineQty', t('fields.atLineQty'), (r) => r.atLineQty),
    qtyCol<R>('consumedQty', t('fields.consumedQty'), (r) => r.consumedQty),
    qtyCol<R>('allocatedQty', t('fields.allocatedQty'), (r) => r.allocatedQty),
    {
      key: 'shortfallQty',
      title: t('fields.shortfallQty'),
      width: QTY_WIDTH,
      align: 'right',
      fixed: 'right',
      render: (r) => <ShortfallTag v={r.shortfallQty} testId={totalTestId} />,
    },
    {
      key: 'coverage',
      title: t('fields.coverage'),
      width: 130,
      fixed: 'right',
      render: (r) => <CoverageBar percent={materialCoverage(r)} label={t('fields.coverage')} />,
    },
  ];
}

/** One item's rows with the item's totals as the last line (the quantity columns only). */
function RowsTable<R extends object, T>({
  rows,
  columns,
  totalColumns,
  item,
  rowKey,
  testId,
  loading,
}: {
  rows: R[];
  loading?: boolean;
  columns: Col<R>[];
  /** The item's quantity columns, in the same order as the last columns of `columns`. */
  totalColumns: Col<T>[];
  item: T;
  rowKey: (r: R) => string;
  testId: string;
}) {
  const { t } = useTranslation(TRACKING_NS);
  const lead = columns.length - totalColumns.length;
  return (
    <Table<R>
      size="small"
      data-testid={testId}
      rowKey={rowKey}
      columns={toAnt(columns)}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noRows')} /> }}
      onRow={() => ({ 'data-testid': 'tracking-row' }) as React.HTMLAttributes<HTMLElement>}
      summary={
        rows.length
          ? () => (
              <Table.Summary>
                <Table.Summary.Row data-testid="tracking-total">
                  <Table.Summary.Cell index={0} colSpan={lead}>
                    <Typography.Text strong>{t('summary.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {totalColumns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={lead + i} align={c.align}>
                      {c.render(item)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )
          : undefined
      }
    />
  );
}

/** An item's code and name, unit and stock, as the first cells of its line. */
function itemCells<I>(
  t: (k: string) => string,
  unitLabel: (u: string) => string,
  get: (i: I) => { code: string; name: string; unit: string; stockQty: number },
): Col<I>[] {
  return [
    {
      key: 'item',
      title: t('filters.item'),
      width: 240,
      render: (i) => {
        const v = get(i);
        return (
          <span data-testid="tracking-item-name">
            <Typography.Text strong>{v.code}</Typography.Text>
            <Typography.Text style={{ marginInlineStart: 6 }}>{v.name}</Typography.Text>
          </span>
        );
      },
    },
    { key: 'unit', title: t('fields.unit'), width: 64, render: (i) => unitLabel(get(i).unit) },
    {
      key: 'stockQty',
      title: t('fields.stockQty'),
      width: QTY_WIDTH,
      align: 'right',
      render: (i) => <Qty v={get(i).stockQty} testId="tracking-item-stock" />,
    },
  ];
}

function ItemsTable<I extends object>({
  items,
  columns,
  rowKey,
  code,
  short,
  expanded,
  onExpanded,
  detail,
}: {
  items: I[];
  columns: Col<I>[];
  rowKey: (i: I) => number;
  code: (i: I) => string;
  short: (i: I) => boolean;
  expanded: Key[];
  onExpanded: (keys: Key[]) => void;
  detail: (i: I) => ReactNode;
}) {
  return (
    <Table<I>
      size="small"
      data-testid="tracking-items"
      rowKey={rowKey}
      columns={toAnt(columns)}
      dataSource={items}
      pagination={false}
      scroll={{ x: 'max-content' }}
      expandable={{
        expandedRowRender: detail,
        expandedRowKeys: expanded,
        onExpandedRowsChange: (keys) => onExpanded([...keys]),
        expandRowByClick: true,
      }}
      onRow={(i) =>
        ({
          'data-testid': 'tracking-item',
          'data-code': code(i),
          'data-short': short(i) ? 'true' : 'false',
          style: { cursor: 'pointer' },
        }) as React.HTMLAttributes<HTMLElement>
      }
    />
  );
}

type Expansion = { expanded: Key[]; onExpanded: (keys: Key[]) => void };

type RowsTableProps<R extends object, T> = Omit<Parameters<typeof RowsTable<R, T>>[0], 'rows' | 'loading'>;

/**
 * An opened item's rows: those its report carries, or — a report of every item, asked without rows — the item's own
 * report by its id, fetched when it opens.
 */
function ItemRows<R extends object, T extends { rows: R[]; rowCount: number }>({
  period,
  kind,
  id,
  rowsOf,
  ...table
}: RowsTableProps<R, T> & {
  period: Period;
  kind: Tracking['kind'];
  id: number;
  rowsOf: (report: Tracking) => R[];
}) {
  const missing = table.item.rows.length === 0 && table.item.rowCount > 0;
  const own = useTracking(missing ? { kind, id, startDt: period.startDt, endDt: period.endDt } : null);
  const rows = missing ? (own.data ? rowsOf(own.data) : []) : table.item.rows;
  return <RowsTable<R, T> {...table} rows={rows} loading={missing && own.isFetching} />;
}

function ProductItems({ items, period, ...x }: { items: ProductTrackingItem[]; period: Period } & Expansion) {
  const { t } = useTranslation(TRACKING_NS);
  const unitLabel = useCodeLabel('UNIT');
  const itemQty = useProductQtyColumns<ProductTrackingItem>();
  const totalQty = useProductQtyColumns<ProductTrackingItem>('tracking-total-shortfall');
  const rowQty = useProductQtyColumns<ProductTrackingRow>();
  const rowColumns: Col<ProductTrackingRow>[] = [
    { key: 'customer', title: t('fields.customer'), width: 150, render: (r) => r.bizPartnerName },
    { key: 'orderNo', title: t('fields.orderNo'), width: 130, render: (r) => r.orderNo },
    {
      key: 'dueDt',
      title: t('fields.dueDt'),
      width: 180,
      render: (r) => <DueCell day={r.dueDt} daysLeft={r.daysLeft} pending={r.openQty > 0} />,
    },
    ...rowQty,
  ];
  return (
    <ItemsTable<ProductTrackingItem>
      {...x}
      items={items}
      rowKey={(i) => i.productId}
      code={(i) => i.productCode}
      short={(i) => i.shortfallQty > 0}
      columns={[
        ...itemCells<ProductTrackingItem>(t, unitLabel, (i) => ({
          code: i.productCode,
          name: i.productName,
          unit: i.unit,
          stockQty: i.stockQty,
        })),
        ...itemQty,
      ]}
      detail={(item) => (
        <ItemRows<ProductTrackingRow, ProductTrackingItem>
          period={period}
          kind="product"
          id={item.productId}
          rowsOf={(r) => (r.kind === 'product' ? (r.items[0]?.rows ?? []) : [])}
          testId={`tracking-rows-${item.productCode}`}
          columns={rowColumns}
          totalColumns={totalQty}
          item={item}
          rowKey={(r) => String(r.orderProductId)}
        />
      )}
    />
  );
}

function MaterialItems({ items, period, ...x }: { items: MaterialTrackingItem[]; period: Period } & Expansion) {
  const { t } = useTranslation(TRACKING_NS);
  const unitLabel = useCodeLabel('UNIT');
  const itemQty = useMaterialQtyColumns<MaterialTrackingItem>();
  const totalQty = useMaterialQtyColumns<MaterialTrackingItem>('tracking-total-shortfall');
  const rowQty = useMaterialQtyColumns<MaterialTrackingRow>();
  const rowColumns: Col<MaterialTrackingRow>[] = [
    {
      key: 'source',
      title: t('fields.source'),
      width: 130,
      render: (r) => (
        <Tag
          color={r.source === 'ORDER_PRODUCT' ? 'blue' : r.supplied ? 'default' : 'purple'}
          style={{ marginInlineEnd: 0 }}
          data-testid="tracking-source"
          data-source={r.source}
        >
          {r.supplied ? t('source.supplied') : t(`source.${r.source}`)}
        </Tag>
      ),
    },
    { key: 'customer', title: t('fields.customer'), width: 140, render: (r) => r.bizPartnerName },
    { key: 'orderNo', title: t('fields.orderNo'), width: 130, render: (r) => r.orderNo },
    {
      key: 'product',
      title: t('fields.product'),
      width: 210,
      render: (r) =>
        r.productCode ? (
          <>
            <Typography.Text style={{ display: 'block' }}>
              {r.productCode} · {r.productName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('fields.toProduceQty')} {fmtQty(r.toProduceQty)} {r.productUnit ? unitLabel(r.productUnit) : ''}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      key: 'dueDt',
      title: t('fields.dueDt'),
      width: 180,
      render: (r) => <DueCell day={r.dueDt} daysLeft={r.daysLeft} pending={r.shortfallQty > 0} />,
    },
    ...rowQty,
  ];
  return (
    <ItemsTable<MaterialTrackingItem>
      {...x}
      items={items}
      rowKey={(i) => i.materialId}
      code={(i) => i.materialCode}
      short={(i) => i.shortfallQty > 0}
      columns={[
        ...itemCells<MaterialTrackingItem>(t, unitLabel, (i) => ({
          code: i.materialCode,
          name: i.materialName,
          unit: i.unit,
          stockQty: i.stockQty,
        })),
        ...itemQty,
      ]}
      detail={(item) => (
        <ItemRows<MaterialTrackingRow, MaterialTrackingItem>
          period={period}
          kind="material"
          id={item.materialId}
          rowsOf={(r) => (r.kind === 'material' ? (r.items[0]?.rows ?? []) : [])}
          testId={`tracking-rows-${item.materialCode}`}
          columns={rowColumns}
          totalColumns={totalQty}
          item={item}
          rowKey={(r) => `${r.source}-${r.orderProductId ?? r.orderMaterialId}`}
        />
      )}
    />
  );
}

/** The report's items, each opening into its own table. */
export function TrackingItems({ report, ...x }: { report: Tracking } & Expansion) {
  return report.kind === 'product' ? (
    <ProductItems items={report.items} period={report} {...x} />
  ) : (
    <MaterialItems items={report.items} period={report} {...x} />
  );
}
