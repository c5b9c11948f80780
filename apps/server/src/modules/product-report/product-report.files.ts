import {
  type Locale,
  type ProductReport,
  type ProductReportFigures,
  type ProductReportFileParams,
  productReportBucketLabel,
  productReportFileParams,
} from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { wallClockMinute } from '../../platform/dates.ts';
import { drawChart } from '../../platform/report-chart.ts';
import { documentWorkbook, type SheetValue } from '../../platform/report-excel.ts';
import {
  CONTENT_W,
  cell,
  ensureSpace,
  infoGrid,
  numText,
  pageFooters,
  REPORT_MARGIN,
  reportDocument,
  reportHeading,
  type TableColumn,
  table,
} from '../../platform/report-pdf.ts';
import { defineReport, reportType } from '../../platform/reports.ts';
import { issuerOf } from '../inspection-report/inspection-report.files.ts';
import { products } from '../product/product.table.ts';
import { productReport } from './product-report.service.ts';

// The product report's files (generic routes, platform/reports.ts): `product-report/period` as PDF (A4, Noto Sans KR:
// heading with the company, period and print time; the chart drawn as vectors — planned, good and bad bars per bucket,
// the achievement rate as a line on a percent axis; the table: each product's total line then its buckets, and the
// grand total) and as a workbook with the same lines.

const TEXT = {
  kr: {
    title: '제품 생산 보고서',
    sheet: '제품 생산 보고서',
    company: '회사',
    period: '기간',
    bucket: '집계 단위',
    day: '일별',
    week: '주별',
    month: '월별',
    product: '제품',
    all: '전체',
    printedAt: '출력 일시',
    code: '제품 코드',
    name: '제품명',
    unit: '단위',
    periodCol: '기간',
    planned: '계획 수량',
    good: '양품 수량',
    bad: '불량 수량',
    achievement: '달성률(%)',
    defectRate: '불량률(%)',
    subtotal: '소계',
    total: '합계',
    empty: '기간 안에 생산 계획이 없습니다',
    chart: '기간별 생산',
    table: '제품별 생산',
  },
  en: {
    title: 'Product Report',
    sheet: 'Product report',
    company: 'Company',
    period: 'Period',
    bucket: 'By',
    day: 'Day',
    week: 'Week',
    month: 'Month',
    product: 'Product',
    all: 'All',
    printedAt: 'Printed',
    code: 'Product code',
    name: 'Product',
    unit: 'Unit',
    periodCol: 'Period',
    planned: 'Planned',
    good: 'Good',
    bad: 'Bad',
    achievement: 'Achievement (%)',
    defectRate: 'Defect rate (%)',
    subtotal: 'Subtotal',
    total: 'Total',
    empty: 'No production plans in the period',
    chart: 'Production by period',
    table: 'Production by product',
  },
} as const;
type Text = (typeof TEXT)[Locale];

export const bucketLabel = productReportBucketLabel;
const rate = (v: number | null, places: number) => (v == null ? '-' : v.toFixed(places));

async function productLine(db: Executor, p: ProductReportFileParams, t: Text): Promise<string> {
  if (!p.productId) return t.all;
  const [product] = await db.select().from(products).where(eq(products.id, p.productId));
  return product ? `${product.code} ${product.name}` : t.all;
}

/** The table's lines: per product its total line then its buckets; then the grand total. */
type Line = ProductReportFigures & { code: string; name: string; unit: string; period: string; head: boolean };
function linesOf(report: ProductReport, t: Text): Line[] {
  return [
    ...report.products.flatMap(({ buckets, ...p }) => [
      { ...p, code: p.productCode, name: p.productName, period: t.subtotal, head: true },
      ...buckets.map((b) => ({
        ...b,
        code: '',
        name: '',
        unit: p.unit,
        period: bucketLabel(b.key, report.bucket),
        head: false,
      })),
    ]),
    { ...report.total, code: t.total, name: '', unit: '', period: '', head: true },
  ];
}

export async function productReportPdf(
  report: ProductReport,
  product: string,
  issuer: string,
  locale: Locale,
  timeZone: string,
  now: Date,
): Promise<Buffer> {
  const t = TEXT[locale];
  const period = `${report.startDt} ~ ${report.endDt}`;
  const printed = `${t.printedAt} ${wallClockMinute(now, timeZone)}`;
  const { doc, done } = reportDocument({ title: `${t.title} ${period}`, subject: period });
  let y = reportHeading(doc, t.title, `${issuer} · ${t.period} ${period} · ${printed}`);
  y = infoGrid(
    doc,
    [
      [t.company, issuer],
      [t.period, period],
      [t.bucket, t[report.bucket]],
      [t.product, product],
      [t.planned, numText(report.total.plannedQty)],
      [t.good, numText(report.total.goodQty)],
      [t.bad, numText(report.total.badQty)],
      [t.achievement, rate(report.total.achievementRate, 1)],
      [t.defectRate, rate(report.total.defectRate, 2)],
    ],
    y,
  );
  y += 12;
  doc.font('bold').fontSize(10);
  cell(doc, t.chart, REPORT_MARGIN, y, CONTENT_W);
  y += 15;
  const rates = report.buckets.map((b) => b.achievementRate);
  const top = Math.max(100, ...rates.map((r) => r ?? 0));
  y = drawChart(
    doc,
    {
      labels: report.buckets.map((b) => bucketLabel(b.key, report.bucket)),
      bars: [
        { name: t.planned, color: '#8c8c8c', values: report.buckets.map((b) => b.plannedQty) },
        { name: t.good, color: '#1677ff', values: report.buckets.map((b) => b.goodQty) },
        { name: t.bad, color: '#f5222d', values: report.buckets.map((b) => b.badQty) },
      ],
      line: { name: t.achievement, color: '#52c41a', values: rates, max: Math.ceil(top / 20) * 20 },
      empty: t.empty,
    },
    y,
    210,
  );
  y += 12;
  y = ensureSpace(doc, y, 60);
  doc.font('bold').fontSize(10);
  cell(doc, t.table, REPORT_MARGIN, y, CONTENT_W);
  y += 15;
  const columns: TableColumn<Line>[] = [
    { header: t.code, width: 58, value: (l) => l.code, bold: true, minSize: 6 },
    { header: t.name, width: 80, value: (l) => l.name, minSize: 6 },
    { header: t.periodCol, width: 50, align: 'center', value: (l) => l.period, minSize: 6.5 },
    { header: t.planned, width: 48, align: 'right', value: (l) => numText(l.plannedQty) },
    { header: t.good, width: 48, align: 'right', value: (l) => numText(l.goodQty) },
    { header: t.bad, width: 42, align: 'right', value: (l) => numText(l.badQty) },
    { header: t.achievement, width: 64, align: 'right', value: (l) => rate(l.achievementRate, 1) },
    { header: t.defectRate, width: 60, align: 'right', value: (l) => rate(l.defectRate, 2) },
  ];
  table(doc, columns, linesOf(report, t), y);
  pageFooters(doc, `${issuer} · ${t.title} · ${period} · ${printed}`, locale);
  return done();
}

export async function productReportWorkbook(
  report: ProductReport,
  product: string,
  issuer: string,
  locale: Locale,
  timeZone: string,
  now: Date,
): Promise<Buffer> {
  const t = TEXT[locale];
  return documentWorkbook({
    sheetName: t.sheet,
    title: t.title,
    info: [
      [t.company, issuer],
      [t.period, `${report.startDt} ~ ${report.endDt}`],
      [t.bucket, t[report.bucket]],
      [t.product, product],
      [t.printedAt, wallClockMinute(now, timeZone)],
    ],
    tables: [
      {
        title: t.table,
        headers: [t.code, t.name, t.unit, t.periodCol, t.planned, t.good, t.bad, t.achievement, t.defectRate],
        widths: [18, 26, 8, 14, 14, 14, 14, 16, 16],
        rows: linesOf(report, t).map((l): SheetValue[] => [
          l.code,
          l.name,
          l.unit,
          l.period,
          l.plannedQty,
          l.goodQty,
          l.badQty,
          l.achievementRate,
          l.defectRate,
        ]),
      },
    ],
  });
}

const fileName = (p: ProductReportFileParams, ext: string) =>
  `product-report-${p.bucket}-${p.startDt.replaceAll('-', '')}-${p.endDt.replaceAll('-', '')}.${ext}`;

/** The report files of the product report screen (menu productReport). */
export const productReportFiles = defineReport({
  name: 'product-report',
  menu: 'productReport',
  types: {
    period: reportType(productReportFileParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => {
        const report = await productReport(db, params);
        const product = await productLine(db, params, TEXT[locale]);
        const data = await productReportPdf(report, product, await issuerOf(db), locale, timeZone, now);
        return { data, fileName: fileName(params, 'pdf') };
      },
      excel: async ({ db, params, locale, timeZone, now }) => {
        const report = await productReport(db, params);
        const product = await productLine(db, params, TEXT[locale]);
        const data = await productReportWorkbook(report, product, await issuerOf(db), locale, timeZone, now);
        return { data, fileName: fileName(params, 'xlsx') };
      },
    }),
  },
});
