import {
  type CcpMonitoring,
  haccpReportParams,
  type Locale,
  type MissingCheck,
  type SanitationCheckList,
  type VisualInspection,
} from '@eqms/contract';
import type { Doc } from '../../platform/pdf.ts';
import type { Db } from '../../db/client.ts';
import { addDays, wallClockMinute } from '../../platform/dates.ts';
import {
  CONTENT_W,
  cell,
  dash,
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
import { listMonitorings } from './ccp.service.ts';
import { sanitationSection } from './sanitation.files.ts';
import { listCheckLists } from './sanitation.service.ts';
import { visualSection } from './visual.pdf.ts';
import { listVisual } from './visual.service.ts';

// The printable HACCP records (issue 16) through the generic report files: `haccp/day` and `haccp/month` as PDF (A4,
// Noto Sans KR) — the CCP monitoring records of the day or month with their limits, values, operator, and performed,
// reviewed and amended signatures; then each deviation with its corrective action, each amendment with its reason,
// and the missing checks. What an inspector asks for at an audit.

const TEXT = {
  kr: {
    title: 'HACCP 기록 — CCP 모니터링',
    period: '기간',
    printedAt: '출력 일시',
    records: '기록 수',
    deviations: '한계기준 이탈',
    reviewed: '검토 완료',
    missing: '누락 점검',
    checkedAt: '점검 일시',
    ccp: 'CCP',
    limits: '한계기준',
    value: '측정값',
    result: '판정',
    operator: '점검자',
    performed: '수행 서명',
    reviewer: '검토 서명',
    ok: '적합',
    deviation: '이탈',
    pass: '적합',
    fail: '부적합',
    passFail: '적합/부적합',
    amended: '정정됨',
    deviationTitle: '한계기준 이탈과 개선조치',
    productAction: '제품 조치',
    cause: '원인',
    actionBy: '조치자',
    amendTitle: '정정 기록',
    amends: '정정 대상',
    reason: '사유',
    missingTitle: '누락된 점검',
    slot: '점검 구간',
    none: '없음',
    footer: 'eQMS · HACCP 기록',
  },
  en: {
    title: 'HACCP records — CCP monitoring',
    period: 'Period',
    printedAt: 'Printed at',
    records: 'Records',
    deviations: 'Deviations',
    reviewed: 'Reviewed',
    missing: 'Missing checks',
    checkedAt: 'Checked at',
    ccp: 'CCP',
    limits: 'Critical limits',
    value: 'Measured',
    result: 'Result',
    operator: 'Operator',
    performed: 'Performed',
    reviewer: 'Reviewed',
    ok: 'OK',
    deviation: 'Deviation',
    pass: 'Pass',
    fail: 'Fail',
    passFail: 'pass/fail',
    amended: 'amended',
    deviationTitle: 'Deviations and corrective actions',
    productAction: 'Product action',
    cause: 'Cause',
    actionBy: 'Action by',
    amendTitle: 'Amendments',
    amends: 'Amends',
    reason: 'Reason',
    missingTitle: 'Missing checks',
    slot: 'Slot',
    none: 'None',
    footer: 'eQMS · HACCP records',
  },
} as const;
type Text = (typeof TEXT)[Locale];

const limits = (r: CcpMonitoring, t: Text) =>
  r.limitKind === 'PASS_FAIL' ? t.passFail : `${numText(r.minValue)} ~ ${numText(r.maxValue)} ${r.unit ?? ''}`.trim();
const value = (r: CcpMonitoring, t: Text) =>
  r.limitKind === 'PASS_FAIL' ? (r.passed ? t.pass : t.fail) : `${numText(r.measuredValue)} ${r.unit ?? ''}`.trim();
const signer = (r: CcpMonitoring, meanings: string[], timeZone: string) => {
  const s = r.signatures.find((x) => meanings.includes(x.meaning));
  return s ? `${s.username} ${wallClockMinute(new Date(s.signedAt), timeZone).slice(5)}` : '-';
};

function section(doc: Doc, title: string, y: number): number {
  const top = ensureSpace(doc, y + 12, 60);
  doc.font('bold').fontSize(11).fill('#000000');
  cell(doc, title, REPORT_MARGIN, top, CONTENT_W);
  return top + 18;
}

export async function haccpPdf(
  records: CcpMonitoring[],
  missing: MissingCheck[],
  period: { from: string; to: string },
  locale: Locale,
  timeZone: string,
  now: Date,
  sanitation: SanitationCheckList[] = [],
  visual: VisualInspection[] = [],
): Promise<Buffer> {
  const t = TEXT[locale];
  const rows = [...records].reverse(); // oldest first, as a log is read
  const { doc, done } = reportDocument({ title: t.title });
  const periodText = period.from === period.to ? period.from : `${period.from} ~ ${period.to}`;
  let y = reportHeading(doc, t.title, `${t.period} ${periodText}`);
  y = infoGrid(
    doc,
    [
      [t.period, periodText],
      [t.printedAt, wallClockMinute(now, timeZone)],
      [t.records, String(rows.length)],
      [t.deviations, String(rows.filter((r) => r.deviation).length)],
      [t.reviewed, `${rows.filter((r) => r.status === 'REVIEWED').length} / ${rows.length}`],
      [t.missing, String(missing.length)],
    ],
    y,
    3,
  );
  const columns: TableColumn<CcpMonitoring>[] = [
    { header: t.checkedAt, width: 15, value: (r) => r.checkedAt.slice(period.from === period.to ? 11 : 5), minSize: 7 },
    { header: t.ccp, width: 22, value: (r) => r.ccpName, minSize: 7 },
    { header: t.limits, width: 14, value: (r) => limits(r, t), minSize: 7 },
    { header: t.value, width: 11, value: (r) => value(r, t), align: 'right', minSize: 7 },
    {
      header: t.result,
      width: 9,
      value: (r) => (r.deviation ? t.deviation : t.ok) + (r.amendedById ? ` (${t.amended})` : ''),
      color: (r) => (r.deviation ? '#cf1322' : undefined),
      bold: false,
      minSize: 6.5,
    },
    { header: t.operator, width: 10, value: (r) => r.operatorName, minSize: 7 },
    { header: t.performed, width: 15, value: (r) => signer(r, ['PERFORMED', 'AMENDED'], timeZone), minSize: 6.5 },
    { header: t.reviewer, width: 15, value: (r) => signer(r, ['REVIEWED'], timeZone), minSize: 6.5 },
  ];
  y = table(doc, columns, rows, y + 12);

  const deviations = rows.filter((r) => r.deviation);
  y = section(doc, t.deviationTitle, y);
  if (!deviations.length) {
    doc.font('regular').fontSize(9);
    cell(doc, t.none, REPORT_MARGIN, y, CONTENT_W);
    y += 14;
  } else
    y = table(
      doc,
      [
        { header: t.checkedAt, width: 14, value: (r) => r.checkedAt, minSize: 7 },
        { header: t.ccp, width: 16, value: (r) => `${r.ccpName} ${value(r, t)}`, minSize: 6.5 },
        { header: t.productAction, width: 36, value: (r) => dash(r.productAction), minSize: 6 },
        { header: t.cause, width: 22, value: (r) => dash(r.cause), minSize: 6 },
        { header: t.actionBy, width: 10, value: (r) => dash(r.actionBy), minSize: 6.5 },
      ],
      deviations,
      y,
    );

  const amendments = rows.filter((r) => r.amendsId);
  y = section(doc, t.amendTitle, y);
  if (!amendments.length) {
    doc.font('regular').fontSize(9);
    cell(doc, t.none, REPORT_MARGIN, y, CONTENT_W);
    y += 14;
  } else
    y = table(
      doc,
      [
        { header: t.checkedAt, width: 14, value: (r) => r.checkedAt, minSize: 7 },
        { header: t.ccp, width: 18, value: (r) => `${r.ccpName} → ${value(r, t)}`, minSize: 6.5 },
        { header: t.amends, width: 8, value: (r) => `#${r.amendsId}`, minSize: 7 },
        { header: t.reason, width: 40, value: (r) => dash(r.amendReason), minSize: 6 },
        { header: t.performed, width: 20, value: (r) => signer(r, ['AMENDED'], timeZone), minSize: 6.5 },
      ],
      amendments,
      y,
    );

  y = section(doc, t.missingTitle, y);
  if (!missing.length) {
    doc.font('regular').fontSize(9);
    cell(doc, t.none, REPORT_MARGIN, y, CONTENT_W);
    y += 14;
  } else
    y = table(
      doc,
      [
        { header: t.ccp, width: 50, value: (m) => m.ccpName },
        { header: t.slot, width: 50, value: (m) => `${m.slotStart} ~ ${m.slotEnd.slice(11)}` },
      ],
      [...missing].reverse(),
      y,
    );
  y = sanitationSection(doc, sanitation, section, locale, timeZone, y);
  visualSection(doc, visual, period.from === period.to, y, locale, timeZone);
  pageFooters(doc, `${t.footer} · ${periodText}`, locale);
  return done();
}

const monthOf = (date: string) => {
  const from = `${date.slice(0, 7)}-01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
};

async function build(db: Db, period: { from: string; to: string }, locale: Locale, timeZone: string, now: Date) {
  const { data, missing } = await listMonitorings(db, { startDt: period.from, endDt: period.to }, timeZone, now);
  const sanitation = (await listCheckLists(db, { startDt: period.from, endDt: period.to })).data;
  const visual = (await listVisual(db, { startDt: period.from, endDt: period.to }, timeZone)).data;
  return haccpPdf(data, missing, period, locale, timeZone, now, sanitation, visual);
}

/** The HACCP records' report files (menu ccpMonitoring): a day's or a month's records as PDF. */
export const haccpFiles = defineReport({
  name: 'haccp',
  menu: 'ccpMonitoring',
  types: {
    day: reportType(haccpReportParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => ({
        data: await build(db, { from: params.date, to: params.date }, locale, timeZone, now),
        fileName: `haccp-${params.date.replaceAll('-', '')}.pdf`,
      }),
    }),
    month: reportType(haccpReportParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => ({
        data: await build(db, monthOf(params.date), locale, timeZone, now),
        fileName: `haccp-${params.date.slice(0, 7).replace('-', '')}.pdf`,
      }),
    }),
  },
});
