import {
  type AtelierClaimCount,
  type AtelierDailyRow,
  type AtelierHourlyRow,
  type AtelierInspectionMinutes,
  type AtelierInspectionMinutesReport,
  type AtelierInspectionRate,
  type AtelierOperationDefect,
  type AtelierProductDefect,
  atelierKpiFileParams,
  type KpiMonthRow,
  type KpiReport,
  kpiReportFileParams,
  type Locale,
} from '@eqms/contract';
import type { Db } from '../../db/client.ts';
import { wallClockMinute } from '../../platform/dates.ts';
import type { Doc } from '../../platform/pdf.ts';
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
import { documentWorkbook, type SheetValue } from '../../platform/report-excel.ts';
import { defineReport, reportType } from '../../platform/reports.ts';
import { issuerOf } from '../inspection-report/inspection-report.files.ts';
import { drawChart } from './kpi-report.chart.ts';
import {
  atelierClaimCount,
  atelierDaily,
  atelierHourly,
  atelierInspectionMinutes,
  atelierInspectionRate,
  atelierOperationDefects,
  atelierProductDefects,
  kpiReport,
} from './kpi-report.service.ts';

// The KPI report files through the generic report registry: `kpi-report/monthly` (the month and the 3 before) and
// `kpi-report/atelier` (the workshop page), each as PDF (A4, Noto Sans KR, a header on every page with the company,
// the period and the print time; charts as vector bars and lines) and as Excel (the same tables on one sheet).

const TEXT = {
  kr: {
    title: 'KPI 리포트',
    atelierTitle: '공방 KPI 리포트',
    company: '회사',
    period: '기간',
    printedAt: '출력 일시',
    workingTime: '일 가동 시간',
    hours: '시간',
    month: '월',
    product: '제품',
    total: '전체',
    planned: '계획 수량',
    good: '양품 수량',
    bad: '불량 수량',
    workDays: '생산 일수',
    workedHours: '가동 시간',
    achieveRate: '달성률(%)',
    perHour: '시간당 생산량',
    defectRate: '불량률(%)',
    none: '없음',
    achieveChart: '월별 계획·양품 수량과 달성률',
    perHourChart: '월별 시간당 생산량',
    defectChart: '월별 불량 수량과 불량률',
    byProduct: '제품별 KPI',
    day: '일자',
    hour: '시',
    dailyChart: '일별 생산',
    hourlyChart: '시간대별 생산 (종료 시각 기준)',
    operation: '공정',
    operationChart: '공정별 불량률',
    productChart: '제품별 불량률',
    inspectionChart: '월별 검사율 (최종 검사된 LOT / 생산 LOT)',
    producedLots: '생산 LOT',
    inspectedLots: '검사 LOT',
    rate: '검사율(%)',
    claimChart: '월별 클레임 건수',
    claims: '클레임',
    closed: '종결',
    minutesChart: '제품별 검사 시간',
    inspections: '검사 건수',
    timedInspections: '시간 기록 건수',
    totalMinutes: '총 검사 시간(분)',
    inspectedQty: '검사 수량',
    minutesPerInspection: '건당 검사 시간(분)',
    minutesPerUnit: '개당 검사 시간(분)',
    minutesNote:
      '검사 시간이 기록된 제품 검사(최종·공정)만 시간과 수량에 포함합니다. 검사 수량 = 검사마다 항목의 최대 시료 수.',
    sheet: 'KPI',
    footer: 'eQMS · KPI 리포트',
  },
  en: {
    title: 'KPI report',
    atelierTitle: 'Workshop KPI report',
    company: 'Company',
    period: 'Period',
    printedAt: 'Printed at',
    workingTime: 'Hours per day',
    hours: 'h',
    month: 'Month',
    product: 'Product',
    total: 'All products',
    planned: 'Planned',
    good: 'Good',
    bad: 'Bad',
    workDays: 'Production days',
    workedHours: 'Worked hours',
    achieveRate: 'Achievement (%)',
    perHour: 'Per hour',
    defectRate: 'Defect rate (%)',
    none: 'None',
    achieveChart: 'Planned and good quantity and achievement rate by month',
    perHourChart: 'Production per hour by month',
    defectChart: 'Bad quantity and defect rate by month',
    byProduct: 'KPI by product',
    day: 'Day',
    hour: 'Hour',
    dailyChart: 'Production by day',
    hourlyChart: 'Production by hour (when results ended)',
    operation: 'Operation',
    operationChart: 'Defect rate by operation',
    productChart: 'Defect rate by product',
    inspectionChart: 'Inspection rate by month (lots with a final inspection / lots made)',
    producedLots: 'Lots made',
    inspectedLots: 'Lots inspected',
    rate: 'Inspection rate (%)',
    claimChart: 'Claims by month',
    claims: 'Claims',
    closed: 'Closed',
    minutesChart: 'Inspection minutes per product',
    inspections: 'Inspections',
    timedInspections: 'Timed',
    totalMinutes: 'Total minutes',
    inspectedQty: 'Pieces',
    minutesPerInspection: 'Min. per inspection',
    minutesPerUnit: 'Min. per piece',
    minutesNote:
      'Only product inspections (final, in-process) with a time count towards minutes and pieces. Pieces = the largest sample size of each inspection.',
    sheet: 'KPI',
    footer: 'eQMS · KPI report',
  },
} as const;
type Text = (typeof TEXT)[Locale];

const BLUE = '#1677ff';
const GREEN = '#52c41a';
const RED = '#f5222d';
const ORANGE = '#fa8c16';

const rateText = (v: number | null, t: Text) => (v == null ? t.none : numText(v));
const rateCell = (v: number | null, t: Text): SheetValue => (v == null ? t.none : v);

/** The running header at the top of every page: company, period, print time. */
function pageHeaders(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fill('#666666').font('regular').fontSize(7.5);
    cell(doc, text, REPORT_MARGIN, REPORT_MARGIN - 22, CONTENT_W);
    doc
      .moveTo(REPORT_MARGIN, REPORT_MARGIN - 10)
      .lineTo(REPORT_MARGIN + CONTENT_W, REPORT_MARGIN - 10)
      .lineWidth(0.4)
      .stroke('#bfbfbf');
    doc.fill('#000000');
  }
}
function finish(doc: Doc, head: { company: string; period: string; printed: string }, t: Text, locale: Locale) {
  pageHeaders(doc, `${head.company} · ${t.period} ${head.period} · ${t.printedAt} ${head.printed}`);
  pageFooters(doc, `${t.footer} · ${head.company} · ${head.period}`, locale);
}
const chartAt = (doc: Doc, y: number) => ensureSpace(doc, y + 10, 210);
const title = (doc: Doc, text: string, y: number) => {
  const top = ensureSpace(doc, y + 12, 60);
  doc.font('bold').fontSize(11).fill('#000000');
  cell(doc, text, REPORT_MARGIN, top, CONTENT_W);
  return top + 18;
};

const monthColumns = (t: Text): TableColumn<KpiMonthRow>[] => [
  { header: t.month, width: 10, value: (r) => r.month },
  { header: t.planned, width: 11, value: (r) => numText(r.plannedQty), align: 'right' },
  { header: t.good, width: 11, value: (r) => numText(r.goodQty), align: 'right' },
  { header: t.bad, width: 10, value: (r) => numText(r.badQty), align: 'right' },
  { header: t.workDays, width: 9, value: (r) => numText(r.workDays), align: 'right', minSize: 7 },
  { header: t.workedHours, width: 9, value: (r) => numText(r.workedHours), align: 'right', minSize: 7 },
  { header: t.achieveRate, width: 11, value: (r) => rateText(r.achieveRate, t), align: 'right', minSize: 7 },
  { header: t.perHour, width: 11, value: (r) => rateText(r.perHour, t), align: 'right', minSize: 7 },
  { header: t.defectRate, width: 11, value: (r) => rateText(r.defectRate, t), align: 'right', minSize: 7 },
];

export async function kpiReportPdf(
  report: KpiReport,
  company: string,
  locale: Locale,
  printed: string,
): Promise<Buffer> {
  const t = TEXT[locale];
  const period = `${report.months[0]} ~ ${report.months.at(-1)}`;
  const { doc, done } = reportDocument({ title: t.title });
  let y = reportHeading(doc, t.title, `${t.period} ${period}`);
  y = infoGrid(
    doc,
    [
      [t.company, company],
      [t.period, period],
      [t.workingTime, `${numText(report.workingTime)} ${t.hours}`],
      [t.printedAt, printed],
    ],
    y,
    2,
  );
  const labels = report.months;
  y = drawChart(
    doc,
    {
      title: t.achieveChart,
      labels,
      bars: [
        { name: t.planned, color: BLUE, values: report.total.map((r) => r.plannedQty) },
        { name: t.good, color: GREEN, values: report.total.map((r) => r.goodQty) },
      ],
      lines: [{ name: t.achieveRate, color: ORANGE, values: report.total.map((r) => r.achieveRate) }],
      showValues: true,
    },
    y + 14,
  );
  y = drawChart(
    doc,
    {
      title: t.perHourChart,
      labels,
      bars: [{ name: t.perHour, color: BLUE, values: report.total.map((r) => r.perHour) }],
      showValues: true,
    },
    chartAt(doc, y),
  );
  y = drawChart(
    doc,
    {
      title: t.defectChart,
      labels,
      bars: [{ name: t.bad, color: RED, values: report.total.map((r) => r.badQty) }],
      lines: [{ name: t.defectRate, color: ORANGE, values: report.total.map((r) => r.defectRate) }],
      showValues: true,
    },
    chartAt(doc, y),
  );
  y = title(doc, t.total, y);
  y = table(doc, monthColumns(t), report.total, y);
  y = title(doc, t.byProduct, y);
  if (!report.products.length) {
    doc.font('regular').fontSize(9);
    cell(doc, t.none, REPORT_MARGIN, y, CONTENT_W);
  }
  for (const p of report.products) {
    y = ensureSpace(doc, y + 6, 110);
    doc.font('bold').fontSize(9.5);
    cell(doc, `${p.productCode} ${p.productName}`, REPORT_MARGIN, y, CONTENT_W);
    y = table(doc, monthColumns(t), p.months, y + 14);
  }
  finish(doc, { company, period, printed }, t, locale);
  return done();
}

const monthHeaders = (t: Text) => [
  t.month,
  t.planned,
  t.good,
  t.bad,
  t.workDays,
  t.workedHours,
  t.achieveRate,
  t.perHour,
  t.defectRate,
];
const monthCells = (r: KpiMonthRow, t: Text): SheetValue[] => [
  r.month,
  r.plannedQty,
  r.goodQty,
  r.badQty,
  r.workDays,
  r.workedHours,
  rateCell(r.achieveRate, t),
  rateCell(r.perHour, t),
  rateCell(r.defectRate, t),
];

export function kpiReportWorkbook(report: KpiReport, company: string, locale: Locale, printed: string) {
  const t = TEXT[locale];
  return documentWorkbook({
    sheetName: t.sheet,
    title: t.title,
    info: [
      [t.company, company],
      [t.period, `${report.months[0]} ~ ${report.months.at(-1)}`],
      [t.workingTime, report.workingTime],
      [t.printedAt, printed],
    ],
    tables: [
      { title: t.total, headers: monthHeaders(t), rows: report.total.map((r) => monthCells(r, t)) },
      ...report.products.map((p) => ({
        title: `${p.productCode} ${p.productName}`,
        headers: monthHeaders(t),
        rows: p.months.map((r) => monthCells(r, t)),
      })),
    ],
  });
}

export type AtelierKpi = {
  startDt: string;
  endDt: string;
  startMonth: string;
  endMonth: string;
  daily: AtelierDailyRow[];
  hourly: AtelierHourlyRow[];
  operations: AtelierOperationDefect[];
  products: AtelierProductDefect[];
  inspection: AtelierInspectionRate[];
  claims: AtelierClaimCount[];
  minutes: AtelierInspectionMinutesReport;
};

export async function atelierKpi(
  db: Db,
  p: { startDt: string; endDt: string; startMonth: string; endMonth: string },
  timeZone: string,
): Promise<AtelierKpi> {
  const days = { startDt: p.startDt, endDt: p.endDt };
  const months = { startMonth: p.startMonth, endMonth: p.endMonth };
  return {
    ...p,
    daily: await atelierDaily(db, days),
    hourly: await atelierHourly(db, days, timeZone),
    operations: await atelierOperationDefects(db, months),
    products: await atelierProductDefects(db, months),
    inspection: await atelierInspectionRate(db, months),
    claims: await atelierClaimCount(db, months),
    minutes: await atelierInspectionMinutes(db, days, timeZone),
  };
}

/** The products' rows and, last, the total (without a product). */
const minutesRows = (m: AtelierInspectionMinutesReport, t: Text): AtelierInspectionMinutes[] => [
  ...m.products,
  { productId: 0, productCode: '', productName: t.total, ...m.total },
];
const minutesHeaders = (t: Text) => [
  t.product,
  t.inspections,
  t.timedInspections,
  t.totalMinutes,
  t.inspectedQty,
  t.minutesPerInspection,
  t.minutesPerUnit,
];

export async function atelierKpiPdf(k: AtelierKpi, company: string, locale: Locale, printed: string) {
  const t = TEXT[locale];
  const period = `${k.startDt} ~ ${k.endDt} · ${k.startMonth} ~ ${k.endMonth}`;
  const { doc, done } = reportDocument({ title: t.atelierTitle });
  let y = reportHeading(doc, t.atelierTitle, `${t.period} ${period}`);
  y = infoGrid(
    doc,
    [
      [t.company, company],
      [t.printedAt, printed],
      [`${t.period} (${t.day})`, `${k.startDt} ~ ${k.endDt}`],
      [`${t.period} (${t.month})`, `${k.startMonth} ~ ${k.endMonth}`],
    ],
    y,
    2,
  );
  y = drawChart(
    doc,
    {
      title: t.dailyChart,
      labels: k.daily.map((r) => r.day.slice(5)),
      bars: [
        { name: t.good, color: GREEN, values: k.daily.map((r) => r.goodQty) },
        { name: t.bad, color: RED, values: k.daily.map((r) => r.badQty) },
      ],
      showValues: k.daily.length <= 10,
    },
    y + 14,
  );
  y = drawChart(
    doc,
    {
      title: t.hourlyChart,
      labels: k.hourly.map((r) => String(r.hour)),
      bars: [
        { name: t.good, color: GREEN, values: k.hourly.map((r) => r.goodQty) },
        { name: t.bad, color: RED, values: k.hourly.map((r) => r.badQty) },
      ],
    },
    chartAt(doc, y),
  );
  y = drawChart(
    doc,
    {
      title: `${t.minutesChart} (${k.startDt} ~ ${k.endDt})`,
      labels: k.minutes.products.map((r) => r.productName),
      bars: [
        { name: t.minutesPerInspection, color: BLUE, values: k.minutes.products.map((r) => r.minutesPerInspection) },
        { name: t.minutesPerUnit, color: GREEN, values: k.minutes.products.map((r) => r.minutesPerUnit) },
      ],
      showValues: k.minutes.products.length <= 8,
    },
    chartAt(doc, y),
  );
  y = title(doc, t.minutesChart, y);
  y = table(
    doc,
    [
      {
        header: t.product,
        width: 24,
        value: (r: AtelierInspectionMinutes) => `${r.productCode} ${r.productName}`.trim(),
      },
      { header: t.inspections, width: 10, value: (r) => numText(r.inspections), align: 'right', minSize: 7 },
      { header: t.timedInspections, width: 10, value: (r) => numText(r.timedInspections), align: 'right', minSize: 7 },
      { header: t.totalMinutes, width: 12, value: (r) => numText(r.totalMinutes), align: 'right', minSize: 7 },
      { header: t.inspectedQty, width: 11, value: (r) => numText(r.inspectedQty), align: 'right', minSize: 7 },
      {
        header: t.minutesPerInspection,
        width: 17,
        value: (r) => rateText(r.minutesPerInspection, t),
        align: 'right',
        minSize: 7,
      },
      { header: t.minutesPerUnit, width: 16, value: (r) => rateText(r.minutesPerUnit, t), align: 'right', minSize: 7 },
    ],
    minutesRows(k.minutes, t),
    y,
  );
  y = ensureSpace(doc, y + 4, 24);
  doc.font('regular').fontSize(7.5).fill('#666666');
  cell(doc, t.minutesNote, REPORT_MARGIN, y, CONTENT_W);
  doc.fill('#000000');
  y += 12;
  y = drawChart(
    doc,
    {
      title: t.operationChart,
      labels: k.operations.map((r) => r.operationName),
      bars: [{ name: t.defectRate, color: RED, values: k.operations.map((r) => r.defectRate) }],
      showValues: k.operations.length <= 12,
    },
    chartAt(doc, y),
  );
  y = title(doc, t.operationChart, y);
  y = table(
    doc,
    [
      { header: t.operation, width: 40, value: (r: AtelierOperationDefect) => `${r.operationCode} ${r.operationName}` },
      { header: t.good, width: 20, value: (r) => numText(r.goodQty), align: 'right' },
      { header: t.bad, width: 20, value: (r) => numText(r.badQty), align: 'right' },
      { header: t.defectRate, width: 20, value: (r) => rateText(r.defectRate, t), align: 'right' },
    ],
    k.operations,
    y,
  );
  y = drawChart(
    doc,
    {
      title: t.productChart,
      labels: k.products.map((r) => r.productName),
      bars: [{ name: t.defectRate, color: RED, values: k.products.map((r) => r.defectRate) }],
      showValues: k.products.length <= 12,
    },
    chartAt(doc, y),
  );
  y = title(doc, t.productChart, y);
  y = table(
    doc,
    [
      { header: t.product, width: 40, value: (r: AtelierProductDefect) => `${r.productCode} ${r.productName}` },
      { header: t.good, width: 20, value: (r) => numText(r.goodQty), align: 'right' },
      { header: t.bad, width: 20, value: (r) => numText(r.badQty), align: 'right' },
      { header: t.defectRate, width: 20, value: (r) => rateText(r.defectRate, t), align: 'right' },
    ],
    k.products,
    y,
  );
  y = drawChart(
    doc,
    {
      title: t.inspectionChart,
      labels: k.inspection.map((r) => r.month),
      bars: [
        { name: t.producedLots, color: BLUE, values: k.inspection.map((r) => r.producedLots) },
        { name: t.inspectedLots, color: GREEN, values: k.inspection.map((r) => r.inspectedLots) },
      ],
      lines: [{ name: t.rate, color: ORANGE, values: k.inspection.map((r) => r.rate) }],
      showValues: k.inspection.length <= 6,
    },
    chartAt(doc, y),
  );
  y = drawChart(
    doc,
    {
      title: t.claimChart,
      labels: k.claims.map((r) => r.month),
      bars: [
        { name: t.claims, color: RED, values: k.claims.map((r) => r.count) },
        { name: t.closed, color: GREEN, values: k.claims.map((r) => r.closedCount) },
      ],
      showValues: k.claims.length <= 12,
    },
    chartAt(doc, y),
  );
  y = title(doc, `${t.inspectionChart} · ${t.claimChart}`, y);
  const claimOf = new Map(k.claims.map((c) => [c.month, c]));
  table(
    doc,
    [
      { header: t.month, width: 16, value: (r: AtelierInspectionRate) => r.month },
      { header: t.producedLots, width: 16, value: (r) => numText(r.producedLots), align: 'right' },
      { header: t.inspectedLots, width: 16, value: (r) => numText(r.inspectedLots), align: 'right' },
      { header: t.rate, width: 18, value: (r) => rateText(r.rate, t), align: 'right' },
      { header: t.claims, width: 16, value: (r) => numText(claimOf.get(r.month)?.count ?? 0), align: 'right' },
      { header: t.closed, width: 16, value: (r) => numText(claimOf.get(r.month)?.closedCount ?? 0), align: 'right' },
    ],
    k.inspection,
    y,
  );
  finish(doc, { company, period, printed }, t, locale);
  return done();
}

export function atelierKpiWorkbook(k: AtelierKpi, company: string, locale: Locale, printed: string) {
  const t = TEXT[locale];
  const claimOf = new Map(k.claims.map((c) => [c.month, c]));
  return documentWorkbook({
    sheetName: t.sheet,
    title: t.atelierTitle,
    info: [
      [t.company, company],
      [`${t.period} (${t.day})`, `${k.startDt} ~ ${k.endDt}`],
      [`${t.period} (${t.month})`, `${k.startMonth} ~ ${k.endMonth}`],
      [t.printedAt, printed],
    ],
    tables: [
      {
        title: t.dailyChart,
        headers: [t.day, t.planned, t.good, t.bad],
        rows: k.daily.map((r) => [r.day, r.plannedQty, r.goodQty, r.badQty]),
      },
      {
        title: t.hourlyChart,
        headers: [t.hour, t.good, t.bad],
        rows: k.hourly.map((r) => [r.hour, r.goodQty, r.badQty]),
      },
      {
        title: `${t.minutesChart} (${k.startDt} ~ ${k.endDt})`,
        headers: minutesHeaders(t),
        rows: minutesRows(k.minutes, t).map((r) => [
          `${r.productCode} ${r.productName}`.trim(),
          r.inspections,
          r.timedInspections,
          r.totalMinutes,
          r.inspectedQty,
          rateCell(r.minutesPerInspection, t),
          rateCell(r.minutesPerUnit, t),
        ]),
      },
      {
        title: t.operationChart,
        headers: [t.operation, t.good, t.bad, t.defectRate],
        rows: k.operations.map((r) => [
          `${r.operationCode} ${r.operationName}`,
          r.goodQty,
          r.badQty,
          rateCell(r.defectRate, t),
        ]),
      },
      {
        title: t.productChart,
        headers: [t.product, t.good, t.bad, t.defectRate],
        rows: k.products.map((r) => [
          `${r.productCode} ${r.productName}`,
          r.goodQty,
          r.badQty,
          rateCell(r.defectRate, t),
        ]),
      },
      {
        title: `${t.inspectionChart} · ${t.claimChart}`,
        headers: [t.month, t.producedLots, t.inspectedLots, t.rate, t.claims, t.closed],
        rows: k.inspection.map((r) => [
          r.month,
          r.producedLots,
          r.inspectedLots,
          rateCell(r.rate, t),
          claimOf.get(r.month)?.count ?? 0,
          claimOf.get(r.month)?.closedCount ?? 0,
        ]),
      },
    ],
  });
}

const stamp = (s: string) => s.replaceAll('-', '');

/** The KPI report's files (menu kpiReport): `monthly` {date, workingTime?} and `atelier` {startDt, endDt, startMonth, endMonth}. */
export const kpiReportFiles = defineReport({
  name: 'kpi-report',
  menu: 'kpiReport',
  types: {
    monthly: reportType(kpiReportFileParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => ({
        data: await kpiReportPdf(
          await kpiReport(db, params.date, params.workingTime),
          await issuerOf(db),
          locale,
          wallClockMinute(now, timeZone),
        ),
        fileName: `kpi-report-${stamp(params.date)}.pdf`,
      }),
      excel: async ({ db, params, locale, timeZone, now }) => ({
        data: await kpiReportWorkbook(
          await kpiReport(db, params.date, params.workingTime),
          await issuerOf(db),
          locale,
          wallClockMinute(now, timeZone),
        ),
        fileName: `kpi-report-${stamp(params.date)}.xlsx`,
      }),
    }),
    atelier: reportType(atelierKpiFileParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => ({
        data: await atelierKpiPdf(
          await atelierKpi(db, params, timeZone),
          await issuerOf(db),
          locale,
          wallClockMinute(now, timeZone),
        ),
        fileName: `atelier-kpi-${stamp(params.startDt)}-${stamp(params.endDt)}.pdf`,
      }),
      excel: async ({ db, params, locale, timeZone, now }) => ({
        data: await atelierKpiWorkbook(
          await atelierKpi(db, params, timeZone),
          await issuerOf(db),
          locale,
          wallClockMinute(now, timeZone),
        ),
        fileName: `atelier-kpi-${stamp(params.startDt)}-${stamp(params.endDt)}.xlsx`,
      }),
    }),
  },
});
