import type { Locale, SanitationCheckList } from '@eqms/contract';
import type { Doc } from '../../platform/pdf.ts';
import { wallClockMinute } from '../../platform/dates.ts';
import { CONTENT_W, cell, dash, REPORT_MARGIN, type TableColumn, table } from '../../platform/report-pdf.ts';

// The sanitation check lists' part of the HACCP records PDF (haccp.files.ts): one row per check list (day, area,
// results, operator, performed and reviewed signatures, amendment with its reason), then every failed item with its
// note (the corrective action).

const TEXT = {
  kr: {
    title: '위생 공정 점검표',
    failTitle: '위생 점검 부적합 항목과 개선조치',
    date: '점검일',
    area: '구역',
    results: '적합 / 부적합 / 미점검',
    operator: '점검자',
    performed: '수행 서명',
    reviewer: '검토 서명',
    amends: '정정',
    item: '점검 항목',
    note: '비고 (개선조치)',
    none: '없음',
    fail: '부적합',
  },
  en: {
    title: 'Sanitation check lists',
    failTitle: 'Failed sanitation items and corrective actions',
    date: 'Date',
    area: 'Area',
    results: 'Pass / fail / unchecked',
    operator: 'Operator',
    performed: 'Performed',
    reviewer: 'Reviewed',
    amends: 'Amendment',
    item: 'Check item',
    note: 'Note (corrective action)',
    none: 'None',
    fail: 'Fail',
  },
} as const;

const signer = (r: SanitationCheckList, meanings: string[], timeZone: string) => {
  const s = r.signatures.find((x) => meanings.includes(x.meaning));
  return s ? `${s.username} ${wallClockMinute(new Date(s.signedAt), timeZone).slice(5)}` : '-';
};

/** Prints the check lists (oldest day first) from `y` under `section` headings; answers the next y. */
export function sanitationSection(
  doc: Doc,
  lists: SanitationCheckList[],
  section: (doc: Doc, title: string, y: number) => number,
  locale: Locale,
  timeZone: string,
  y: number,
): number {
  const t = TEXT[locale];
  const rows = [...lists].reverse();
  const none = (at: number) => {
    doc.font('regular').fontSize(9);
    cell(doc, t.none, REPORT_MARGIN, at, CONTENT_W);
    return at + 14;
  };
  y = section(doc, `${t.title} (${rows.length})`, y);
  if (!rows.length) return none(y);
  const columns: TableColumn<SanitationCheckList>[] = [
    { header: t.date, width: 11, value: (r) => r.checkDate, minSize: 7 },
    { header: t.area, width: 16, value: (r) => r.locationName, minSize: 7 },
    {
      header: t.results,
      width: 13,
      value: (r) => `${r.items.length - r.failedCount - r.uncheckedCount} / ${r.failedCount} / ${r.uncheckedCount}`,
      color: (r) => (r.failedCount ? '#cf1322' : undefined),
      bold: false,
      minSize: 7,
    },
    { header: t.operator, width: 10, value: (r) => r.operatorName, minSize: 7 },
    { header: t.performed, width: 15, value: (r) => signer(r, ['PERFORMED', 'AMENDED'], timeZone), minSize: 6.5 },
    { header: t.reviewer, width: 15, value: (r) => signer(r, ['REVIEWED'], timeZone), minSize: 6.5 },
    {
      header: t.amends,
      width: 20,
      value: (r) =>
        [r.amendsId ? `→ #${r.amendsId} ${r.amendReason}` : '', r.amendedById ? `#${r.amendedById} ←` : '']
          .filter(Boolean)
          .join(' ') || '-',
      minSize: 6,
    },
  ];
  y = table(doc, columns, rows, y);
  const failed = rows.flatMap((list) => list.items.filter((i) => i.passed === false).map((item) => ({ list, item })));
  y = section(doc, t.failTitle, y);
  if (!failed.length) return none(y);
  return table(
    doc,
    [
      { header: t.date, width: 12, value: (r) => r.list.checkDate, minSize: 7 },
      { header: t.area, width: 18, value: (r) => `${r.list.locationName} #${r.list.id}`, minSize: 6.5 },
      { header: t.item, width: 25, value: (r) => `${r.item.name} (${t.fail})`, minSize: 6.5 },
      { header: t.note, width: 45, value: (r) => dash(r.item.note), minSize: 6 },
    ],
    failed,
    y,
  );
}
