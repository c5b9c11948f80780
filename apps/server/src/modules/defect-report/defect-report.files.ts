import {
  type DefectReport,
  type DefectReportFileParams,
  type DefectReportRow,
  defectReportFileParams,
  type Locale,
} from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { wallClockMinute } from '../../platform/dates.ts';
import { drawChart } from '../../platform/report-chart.ts';
import { documentWorkbook } from '../../platform/report-excel.ts';
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
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { defectReport } from './defect-report.service.ts';

// The defect report's files (generic routes, platform/reports.ts): `defect-report/period` as PDF (A4, Noto Sans KR:
// heading with the company, period and print time; the filters; the Pareto chart drawn as vectors — bars largest
// first, the cumulative share as a line on a 0–100 % axis; the table with the total) and as a workbook.

const TEXT = {
  kr: {
    title: '불량 보고서',
    sheet: '불량 보고서',
    period: '기간',
    groupBy: '집계 기준',
    product: '제품',
    operation: '공정',
    'defect-type': '불량 유형',
    defectType: '불량 유형',
    all: '전체',
    company: '회사',
    printedAt: '출력 일시',
    rank: '순위',
    code: '코드',
    name: '이름',
    qty: '불량 수량',
    share: '점유율(%)',
    cumulative: '누적 점유율(%)',
    total: '합계',
    unclassified: '미분류',
    empty: '기간 안에 불량 실적이 없습니다',
    chart: '파레토 차트',
    table: '불량 집계',
  },
  en: {
    title: 'Defect Report',
    sheet: 'Defect report',
    period: 'Period',
    groupBy: 'Grouped by',
    product: 'Product',
    operation: 'Operation',
    'defect-type': 'Defect type',
    defectType: 'Defect type',
    all: 'All',
    company: 'Company',
    printedAt: 'Printed',
    rank: 'Rank',
    code: 'Code',
    name: 'Name',
    qty: 'Defect qty',
    share: 'Share (%)',
    cumulative: 'Cumulative (%)',
    total: 'Total',
    unclassified: 'Unclassified',
    empty: 'No defects in the period',
    chart: 'Pareto chart',
    table: 'Defects',
  },
} as const;
type Text = (typeof TEXT)[Locale];

/** A row's caption: code and name, the defect type's English name in English when it has one. */
export const rowLabel = (t: Text, r: DefectReportRow, locale: Locale) =>
  r.unclassified ? t.unclassified : (locale === 'en' && r.nameEn) || r.name || r.code || r.key;

/** The filters as printed: the product's and operation's code and name, the defect code. */
async function filterLines(db: Executor, p: DefectReportFileParams, t: Text): Promise<[string, string][]> {
  const product = p.productId ? (await db.select().from(products).where(eq(products.id, p.productId)))[0] : undefined;
  const operation = p.operationId
    ? (await db.select().from(operations).where(eq(operations.id, p.operationId)))[0]
    : undefined;
  return [
    [t.product, product ? `${product.code} ${product.name}` : t.all],
    [t.operation, operation ? `${operation.code} ${operation.name}` : t.all],
    [t.defectType, p.defectCode ?? t.all],
  ];
}

export async function defectReportPdf(
  report: DefectReport,
  filters: [string, string][],
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
      [t.groupBy, t[report.groupBy]],
      ...filters,
      [t.total, numText(report.totalQty)],
    ],
    y,
  );
  y += 12;
  doc.font('bold').fontSize(10);
  cell(doc, t.chart, REPORT_MARGIN, y, CONTENT_W);
  y += 15;
  const shown = report.rows.slice(0, 30);
  y = drawChart(
    doc,
    {
      labels: shown.map((r) => rowLabel(t, r, locale)),
      bars: [{ name: t.qty, color: '#1677ff', values: shown.map((r) => r.qty) }],
      line: { name: t.cumulative, color: '#fa541c', values: shown.map((r) => r.cumulativeShare), max: 100 },
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
  type Row = DefectReportRow & { rank: string };
  const columns: TableColumn<Row>[] = [
    { header: t.rank, width: 30, align: 'center', value: (r) => r.rank },
    { header: t.code, width: 70, value: (r) => (r.unclassified ? '-' : (r.code ?? '-')), minSize: 6.5 },
    { header: t[report.groupBy], width: 150, value: (r) => (r.rank ? rowLabel(t, r, locale) : t.total), minSize: 6.5 },
    { header: t.qty, width: 60, align: 'right', value: (r) => numText(r.qty) },
    { header: t.share, width: 55, align: 'right', value: (r) => r.share.toFixed(2) },
    { header: t.cumulative, width: 60, align: 'right', value: (r) => (r.rank ? r.cumulativeShare.toFixed(2) : '') },
  ];
  const totalRow: Row = {
    key: '',
    code: null,
    name: null,
    nameEn: null,
    unclassified: false,
    qty: report.totalQty,
    share: report.totalQty > 0 ? 100 : 0,
    cumulativeShare: 0,
    rank: '',
  };
  table(doc, columns, [...report.rows.map((r, i) => ({ ...r, rank: String(i + 1) })), totalRow], y);
  pageFooters(doc, `${issuer} · ${t.title} · ${period} · ${printed}`, locale);
  return done();
}

export async function defectReportWorkbook(
  report: DefectReport,
  filters: [string, string][],
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
      [t.groupBy, t[report.groupBy]],
      ...filters,
      [t.printedAt, wallClockMinute(now, timeZone)],
    ],
    tables: [
      {
        title: t.table,
        headers: [t.rank, t.code, t[report.groupBy], t.qty, t.share, t.cumulative],
        widths: [16, 16, 28, 14, 14, 16],
        rows: [
          ...report.rows.map((r, i) => [
            i + 1,
            r.unclassified ? null : r.code,
            rowLabel(t, r, locale),
            r.qty,
            r.share,
            r.cumulativeShare,
          ]),
          [t.total, null, null, report.totalQty, report.totalQty > 0 ? 100 : 0, null],
        ],
      },
    ],
  });
}

const fileName = (p: DefectReportFileParams, ext: string) =>
  `defect-report-${p.groupBy}-${p.startDt.replaceAll('-', '')}-${p.endDt.replaceAll('-', '')}.${ext}`;

/** The report files of the defect report screen (menu defectReport). */
export const defectReportFiles = defineReport({
  name: 'defect-report',
  menu: 'defectReport',
  types: {
    period: reportType(defectReportFileParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => {
        const report = await defectReport(db, params);
        const t = TEXT[locale];
        const data = await defectReportPdf(
          report,
          await filterLines(db, params, t),
          await issuerOf(db),
          locale,
          timeZone,
          now,
        );
        return { data, fileName: fileName(params, 'pdf') };
      },
      excel: async ({ db, params, locale, timeZone, now }) => {
        const report = await defectReport(db, params);
        const t = TEXT[locale];
        const data = await defectReportWorkbook(
          report,
          await filterLines(db, params, t),
          await issuerOf(db),
          locale,
          timeZone,
          now,
        );
        return { data, fileName: fileName(params, 'xlsx') };
      },
    }),
  },
});
