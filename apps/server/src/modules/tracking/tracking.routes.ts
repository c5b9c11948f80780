import {
  type Locale,
  type MaterialTrackingRow,
  type ProductTrackingRow,
  type Tracking,
  toLocale,
  trackingEndpoints,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { todayIn } from '../../platform/dates.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { materialTracking, productTracking, type TrackingId } from './tracking.views.ts';

/** One line of the workbook: a row under its item, or the item's total line (`row` null). */
type Line<R> = {
  code: string;
  name: string;
  unit: string;
  stockQty: number | null;
  /** The total line's caption in the order column. */
  total: string | null;
  row: Partial<R> & Omit<R, 'rows'>;
};

const CAPTIONS: Record<Locale, { total: string; ORDER_PRODUCT: string; ORDER_MATERIAL: string; supplied: string }> = {
  kr: { total: '합계', ORDER_PRODUCT: '수주 제품', ORDER_MATERIAL: '수주 자재', supplied: '수주 자재 (고객 지급)' },
  en: {
    total: 'Total',
    ORDER_PRODUCT: 'Order product',
    ORDER_MATERIAL: 'Order material',
    supplied: 'Order material (customer supplied)',
  },
};

const head = <R>(kr: string, en: string) => [
  exportColumn<Line<R>>('code', `${kr} 코드`, `${en} code`, (l) => l.code),
  exportColumn<Line<R>>('name', `${kr}명`, en, (l) => l.name, 24),
  exportColumn<Line<R>>('unit', '단위', 'Unit', (l) => l.unit, 8),
  exportColumn<Line<R>>('stockQty', '재고', 'Stock', (l) => l.stockQty, 10),
];
const qty = <R>(key: keyof R & string, kr: string, en: string) =>
  exportColumn<Line<R>>(key, kr, en, (l) => (l.row[key] as number | null | undefined) ?? null, 10);
const order = <R extends { orderNo?: string; bizPartnerName?: string; dueDt?: string; daysLeft?: number }>() => [
  exportColumn<Line<R>>('bizPartnerName', '거래처', 'Customer', (l) => l.total ?? l.row.bizPartnerName ?? null, 20),
  exportColumn<Line<R>>('orderNo', '수주 번호', 'Order no.', (l) => l.row.orderNo ?? null, 16),
  exportColumn<Line<R>>('dueDt', '납기일', 'Due date', (l) => l.row.dueDt ?? null, 12),
  exportColumn<Line<R>>('daysLeft', '남은 일수', 'Days left', (l) => l.row.daysLeft ?? null, 10),
];

const PRODUCT_COLUMNS = [
  ...head<ProductTrackingRow>('제품', 'Product'),
  ...order<ProductTrackingRow>(),
  qty<ProductTrackingRow>('orderedQty', '수주 수량', 'Ordered'),
  qty<ProductTrackingRow>('plannedQty', '계획 수량', 'Planned'),
  qty<ProductTrackingRow>('producedQty', '생산 수량', 'Produced'),
  qty<ProductTrackingRow>('shippedQty', '출하 수량', 'Shipped'),
  qty<ProductTrackingRow>('openQty', '미출하 수량', 'To ship'),
  qty<ProductTrackingRow>('allocatedQty', '재고 할당', 'From stock'),
  qty<ProductTrackingRow>('toProduceQty', '생산 필요', 'To produce'),
  qty<ProductTrackingRow>('inProgressQty', '생산 중', 'In progress'),
  qty<ProductTrackingRow>('shortfallQty', '부족 수량', 'Shortfall'),
];

const materialColumns = (locale: Locale) => [
  ...head<MaterialTrackingRow>('자재', 'Material'),
  exportColumn<Line<MaterialTrackingRow>>(
    'source',
    '구분',
    'Source',
    (l) => (l.row.source ? CAPTIONS[locale][l.row.supplied ? 'supplied' : l.row.source] : null),
    16,
  ),
  ...order<MaterialTrackingRow>(),
  exportColumn<Line<MaterialTrackingRow>>(
    'product',
    '제품',
    'Product',
    (l) => (l.row.productCode ? `${l.row.productCode} ${l.row.productName}` : null),
    24,
  ),
  qty<MaterialTrackingRow>('toProduceQty', '생산 필요', 'To produce'),
  qty<MaterialTrackingRow>('requiredQty', '소요 수량', 'Required'),
  qty<MaterialTrackingRow>('suppliedQty', '고객 지급', 'Customer supplied'),
  qty<MaterialTrackingRow>('atLineQty', '라인 재고', 'At the line'),
  qty<MaterialTrackingRow>('consumedQty', '소모 수량', 'Consumed'),
  qty<MaterialTrackingRow>('allocatedQty', '재고 할당', 'From stock'),
  qty<MaterialTrackingRow>('shortfallQty', '부족 수량', 'Shortfall'),
];

/** Each item's rows, then its total line (with the item's stock). */
function linesOf(report: Tracking, locale: Locale): Line<unknown>[] {
  const total = CAPTIONS[locale].total;
  if (report.kind === 'product') {
    return report.items.flatMap(({ rows, ...item }) => {
      const base = { code: item.productCode, name: item.productName, unit: item.unit };
      return [
        ...rows.map((row) => ({ ...base, stockQty: null, total: null, row })),
        { ...base, stockQty: item.stockQty, total, row: item },
      ];
    });
  }
  return report.items.flatMap(({ rows, ...item }) => {
    const base = { code: item.materialCode, name: item.materialName, unit: item.unit };
    return [
      ...rows.map((row) => ({ ...base, stockQty: null, total: null, row })),
      { ...base, stockQty: item.stockQty, total, row: item },
    ];
  }) as Line<unknown>[];
}

// SPEC §7 "Tracking" (README.md): the requirement tracking report, on the trackingReport menu's view right.
export const trackingRoutes: ModuleRoutes = (app, { db, config }) => {
  const report = (
    kind: 'product' | 'material',
    id: TrackingId,
    q: { startDt: string; endDt: string; rows?: 'Y' | 'N' },
  ) => {
    const today = todayIn(config.timeZone);
    return kind === 'product' ? productTracking(db, q, id, today) : materialTracking(db, q, id, today);
  };
  bindEndpoints(app, trackingEndpoints, {
    get: async (req) => ({ data: await report(req.params.kind, req.params.id, req.query) }),
    getExport: async (req, reply) => {
      const locale = toLocale(req.headers['accept-language']);
      const data = await report(req.params.kind, req.params.id, req.query);
      return sendRecordsWorkbook(req, reply, {
        name: `tracking-${req.params.kind}`,
        sheet:
          data.kind === 'product'
            ? { kr: '제품 소요 추적', en: 'Products' }
            : { kr: '자재 소요 추적', en: 'Materials' },
        columns: data.kind === 'product' ? PRODUCT_COLUMNS : materialColumns(locale),
        records: linesOf(data, locale),
        timeZone: config.timeZone,
      });
    },
  });
};
