import type { Locale, VisualInspection } from '@eqms/contract';
import type { Doc } from '../../platform/pdf.ts';
import { wallClockMinute } from '../../platform/dates.ts';
import { CONTENT_W, cell, dash, ensureSpace, REPORT_MARGIN, table } from '../../platform/report-pdf.ts';

// The visual inspections' section of the HACCP day/month PDF (haccp.files.ts): every inspection of the period oldest
// first — time, lot (or the day), result, the failed checks with their notes, photos, operator, signatures — then the
// amendments with their reasons.

const TEXT = {
  kr: {
    title: '육안 검사',
    amendTitle: '육안 검사 정정 기록',
    inspectedAt: '검사 일시',
    lot: 'LOT / 제품',
    day: '일일 검사',
    result: '판정',
    pass: '적합',
    fail: '부적합',
    checks: '점검 항목 (부적합 내용)',
    photos: '사진',
    operator: '검사자',
    performed: '수행 서명',
    reviewer: '검토 서명',
    amended: '정정됨',
    amends: '정정 대상',
    reason: '사유',
    none: '없음',
  },
  en: {
    title: 'Visual inspections',
    amendTitle: 'Visual inspection amendments',
    inspectedAt: 'Inspected at',
    lot: 'Lot / product',
    day: 'Daily inspection',
    result: 'Result',
    pass: 'Pass',
    fail: 'Fail',
    checks: 'Checks (failures)',
    photos: 'Photos',
    operator: 'Operator',
    performed: 'Performed',
    reviewer: 'Reviewed',
    amended: 'amended',
    amends: 'Amends',
    reason: 'Reason',
    none: 'None',
  },
} as const;

const signer = (r: VisualInspection, meanings: string[], timeZone: string) => {
  const s = r.signatures.find((x) => meanings.includes(x.meaning));
  return s ? `${s.username} ${wallClockMinute(new Date(s.signedAt), timeZone).slice(5)}` : '-';
};

function heading(doc: Doc, title: string, y: number): number {
  const top = ensureSpace(doc, y + 12, 60);
  doc.font('bold').fontSize(11).fill('#000000');
  cell(doc, title, REPORT_MARGIN, top, CONTENT_W);
  return top + 18;
}
function none(doc: Doc, text: string, y: number): number {
  doc.font('regular').fontSize(9);
  cell(doc, text, REPORT_MARGIN, y, CONTENT_W);
  return y + 14;
}

/** Draws the section from y (newest-first records as the list answers them); answers the y below it. */
export function visualSection(
  doc: Doc,
  records: VisualInspection[],
  oneDay: boolean,
  y0: number,
  locale: Locale,
  timeZone: string,
): number {
  const t = TEXT[locale];
  const rows = [...records].reverse();
  let y = heading(doc, `${t.title} (${rows.length}, ${t.fail} ${rows.filter((r) => r.result === 'FAIL').length})`, y0);
  if (!rows.length) y = none(doc, t.none, y);
  else
    y = table(
      doc,
      [
        { header: t.inspectedAt, width: 12, value: (r) => r.inspectedAt.slice(oneDay ? 11 : 5), minSize: 7 },
        {
          header: t.lot,
          // Wide enough for a whole LOT ID at the smallest size (an 18-character one of wide letters was cut): the
          // product name after it is what gives way.
          width: 22,
          value: (r) => (r.lotId ? `${r.lotId} ${r.productName ?? ''}`.trim() : t.day),
          minSize: 6,
        },
        {
          header: t.result,
          width: 9,
          value: (r) => (r.result === 'PASS' ? t.pass : t.fail) + (r.amendedById ? ` (${t.amended})` : ''),
          color: (r) => (r.result === 'FAIL' ? '#cf1322' : undefined),
          bold: false,
          minSize: 6.5,
        },
        {
          header: t.checks,
          width: 23,
          value: (r) => {
            const failed = r.checks.filter((c) => !c.passed);
            return failed.length
              ? failed.map((c) => `${c.name}: ${c.note ?? '-'}`).join('; ')
              : `${r.checks.length} × ${t.pass}`;
          },
          minSize: 5.5,
        },
        { header: t.photos, width: 6, value: (r) => String(r.photos.length), align: 'right', minSize: 7 },
        { header: t.operator, width: 9, value: (r) => r.operatorName, minSize: 6.5 },
        { header: t.performed, width: 14, value: (r) => signer(r, ['PERFORMED', 'AMENDED'], timeZone), minSize: 6 },
        { header: t.reviewer, width: 14, value: (r) => signer(r, ['REVIEWED'], timeZone), minSize: 6 },
      ],
      rows,
      y,
    );
  const amendments = rows.filter((r) => r.amendsId);
  if (!amendments.length) return y;
  y = heading(doc, t.amendTitle, y);
  return table(
    doc,
    [
      { header: t.inspectedAt, width: 14, value: (r) => r.inspectedAt, minSize: 7 },
      { header: t.amends, width: 8, value: (r) => `#${r.amendsId}`, minSize: 7 },
      { header: t.reason, width: 58, value: (r) => dash(r.amendReason), minSize: 6 },
      { header: t.performed, width: 20, value: (r) => signer(r, ['AMENDED'], timeZone), minSize: 6.5 },
    ],
    amendments,
    y,
  );
}
