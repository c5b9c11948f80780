import {
  type InspectionReport,
  type InspectionReportDetail,
  inspectionReportListParams,
  inspectionReportSingleParams,
  type Locale,
  type QualityResultDetail,
} from '@eqms/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { todayIn, wallClockMinute } from '../../platform/dates.ts';
import { exportColumn } from '../../platform/excel/excel.ts';
import { buildWorkbook } from '../../platform/excel/excel-write.ts';
import { documentWorkbook } from '../../platform/report-excel.ts';
import {
  reportHeading,
  dash,
  CONTENT_W,
  cell,
  ensureSpace,
  infoGrid,
  numText,
  pageFooters,
  REPORT_MARGIN,
  reportDocument,
  signatureBoxes,
  type TableColumn,
  table,
} from '../../platform/report-pdf.ts';
import { defineReport, reportType } from '../../platform/reports.ts';
import { locations } from '../location/location.table.ts';
import { getInspectionReport, listInspectionReports } from './inspection-report.service.ts';

// The inspection report's files (generic routes, platform/reports.ts): `inspection-report/single` as PDF (A4, Noto
// Sans KR: header with issuer, customer, product, lot and quantity; per result a table of its items — method, unit,
// spec (target, LSL/USL), sample values, judgement —; the overall judgement; inspector and approver boxes) and as
// Excel (the same content on one sheet); `inspection-report/list` as Excel (the list's filter).

export const TEXT = {
  kr: {
    title: '검사 성적서',
    reportNo: '성적서 번호',
    issueDt: '발행일',
    issuer: '발행처',
    customer: '고객사',
    productCode: '제품 코드',
    productName: '제품명',
    lotId: 'LOT ID',
    qty: '수량',
    overall: '종합 판정',
    remarks: '비고',
    result: '검사',
    stage: { FINAL: '최종 검사', IN_PROCESS: '공정 검사', INCOMING: '수입 검사' },
    inspectedAt: '검사 일시',
    inspectorOf: '검사자',
    no: 'No.',
    item: '검사 항목',
    method: '검사 방법',
    unit: '단위',
    target: '기준값',
    lsl: '하한 (LSL)',
    usl: '상한 (USL)',
    values: '측정값',
    judgement: '판정',
    PASS: '합격',
    FAIL: '불합격',
    ok: '양호',
    ng: '불량',
    inspector: '검사자',
    approver: '승인자',
    printedAt: '출력 일시',
    statement: '위 제품은 당사 품질 기준에 따라 검사하였음을 증명합니다.',
    sheet: '검사 성적서',
    listSheet: '검사 성적서 목록',
    results: '검사 결과',
  },
  en: {
    title: 'Inspection Report',
    reportNo: 'Report no.',
    issueDt: 'Issue date',
    issuer: 'Issued by',
    customer: 'Customer',
    productCode: 'Product code',
    productName: 'Product',
    lotId: 'LOT ID',
    qty: 'Quantity',
    overall: 'Overall judgement',
    remarks: 'Remarks',
    result: 'Inspection',
    stage: { FINAL: 'Final inspection', IN_PROCESS: 'In-process inspection', INCOMING: 'Incoming inspection' },
    inspectedAt: 'Inspected',
    inspectorOf: 'Inspector',
    no: 'No.',
    item: 'Item',
    method: 'Method',
    unit: 'Unit',
    target: 'Target',
    lsl: 'LSL',
    usl: 'USL',
    values: 'Values',
    judgement: 'Result',
    PASS: 'PASS',
    FAIL: 'FAIL',
    ok: 'OK',
    ng: 'NG',
    inspector: 'Inspector',
    approver: 'Approver',
    printedAt: 'Printed',
    statement: 'We certify that the product above was inspected to our quality standards.',
    sheet: 'Inspection report',
    listSheet: 'Inspection reports',
    results: 'Results',
  },
} as const;
type Text = (typeof TEXT)[Locale];

/** The issuing company: the first site of the location tree (the factory's own name), or eQMS. */
export async function issuerOf(db: Executor): Promise<string> {
  const [site] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.type, 'SITE'))
    .orderBy(asc(locations.id))
    .limit(1);
  return site?.name ?? 'eQMS';
}

type Item = QualityResultDetail['items'][number];
/** A sample as printed: the value of a NUMBER, OK/NG of a PASS_FAIL. */
const sampleText = (t: Text, item: Item) =>
  item.samples.map((s) => (item.kind === 'NUMBER' ? numText(s.value) : s.passed ? t.ok : t.ng)).join(', ');
const qtyWithUnit = (r: InspectionReport) => `${numText(r.qty)} ${r.unit}`;

export async function inspectionReportPdf(
  report: InspectionReportDetail,
  issuer: string,
  locale: Locale,
  timeZone: string,
  now: Date,
): Promise<Buffer> {
  const t = TEXT[locale];
  const { doc, done } = reportDocument({ title: `${t.title} ${report.reportNo}`, subject: report.reportNo });
  let y = reportHeading(doc, t.title, `${t.reportNo} ${report.reportNo}`);
  y = infoGrid(
    doc,
    [
      [t.reportNo, report.reportNo],
      [t.issueDt, report.issueDt],
      [t.issuer, issuer],
      [t.customer, report.bizPartnerName],
      [t.productCode, report.productCode],
      [t.productName, report.productName],
      [t.lotId, dash(report.lotId)],
      [t.qty, qtyWithUnit(report)],
    ],
    y,
  );
  y += 12;

  const columns: TableColumn<Item & { no: number }>[] = [
    { header: t.no, width: 22, align: 'center', value: (i) => String(i.no) },
    { header: t.item, width: 80, value: (i) => i.name, bold: true, minSize: 6.5 },
    { header: t.method, width: 60, value: (i) => dash(i.method), minSize: 6.5 },
    { header: t.unit, width: 30, align: 'center', value: (i) => dash(i.unit), minSize: 6.5 },
    { header: t.target, width: 40, align: 'right', value: (i) => numText(i.target) || '-' },
    { header: t.lsl, width: 40, align: 'right', value: (i) => numText(i.lsl) || '-' },
    { header: t.usl, width: 40, align: 'right', value: (i) => numText(i.usl) || '-' },
    { header: t.values, width: 120, value: (i) => sampleText(t, i), minSize: 6 },
    {
      header: t.judgement,
      width: 40,
      align: 'center',
      bold: true,
      value: (i) => t[i.judgement],
      color: (i) => (i.judgement === 'FAIL' ? '#cf1322' : undefined),
    },
  ];
  for (const r of report.results) {
    // A result starts on a new page rather than leave its heading with a row or two at the bottom.
    y = ensureSpace(doc, y, 100);
    doc.font('bold').fontSize(10);
    const heading = `${t.result} #${r.id} · ${t.stage[r.stage]}${r.operationName ? ` (${r.operationName})` : ''}${
      r.lotId ? ` · ${r.lotId}` : ''
    }`;
    cell(doc, heading, REPORT_MARGIN, y, CONTENT_W);
    y += 14;
    doc.font('regular').fontSize(8.5).fill('#444444');
    cell(
      doc,
      `${t.inspectedAt} ${wallClockMinute(new Date(r.inspectedAt), timeZone)} · ${t.inspectorOf} ${r.inspectorName} · ${t.judgement} ${t[r.judgement]}`,
      REPORT_MARGIN,
      y,
      CONTENT_W,
    );
    doc.fill('#000000');
    y += 14;
    y = table(
      doc,
      columns,
      r.items.map((i, n) => ({ ...i, no: n + 1 })),
      y,
    );
    y += 12;
  }

  // The overall judgement, the remarks, the statement and the signatures.
  y = ensureSpace(doc, y, 150);
  const boxH = 30;
  doc.rect(REPORT_MARGIN, y, CONTENT_W, boxH).lineWidth(1).stroke('#333333');
  doc.fill('#000000').font('bold').fontSize(12);
  cell(doc, t.overall, REPORT_MARGIN + 10, y + 9, 150);
  doc.fill(report.judgement === 'FAIL' ? '#cf1322' : '#237804').fontSize(15);
  cell(doc, t[report.judgement], REPORT_MARGIN + 160, y + 7, CONTENT_W - 170, 'right');
  doc.fill('#000000');
  y += boxH + 10;
  if (report.remarks) {
    doc.font('bold').fontSize(9);
    cell(doc, t.remarks, REPORT_MARGIN, y, 60);
    doc.font('regular').fontSize(9);
    doc.text(report.remarks, REPORT_MARGIN + 60, y, { width: CONTENT_W - 60, height: 40, ellipsis: true });
    y += Math.min(40, doc.heightOfString(report.remarks, { width: CONTENT_W - 60 })) + 8;
  }
  doc.font('regular').fontSize(9.5);
  cell(doc, t.statement, REPORT_MARGIN, y + 4, CONTENT_W, 'center');
  y += 24;
  signatureBoxes(
    doc,
    [
      [t.inspector, report.inspectorName],
      [t.approver, report.approverName ?? ''],
    ],
    y,
  );
  pageFooters(doc, `${issuer} · ${report.reportNo} · ${t.printedAt} ${wallClockMinute(now, timeZone)}`, locale);
  return done();
}

export async function inspectionReportWorkbook(
  report: InspectionReportDetail,
  issuer: string,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const t = TEXT[locale];
  return documentWorkbook({
    sheetName: t.sheet,
    title: `${t.title} ${report.reportNo}`,
    info: [
      [t.reportNo, report.reportNo],
      [t.issueDt, report.issueDt],
      [t.issuer, issuer],
      [t.customer, report.bizPartnerName],
      [t.productCode, report.productCode],
      [t.productName, report.productName],
      [t.lotId, report.lotId],
      [t.qty, report.qty],
      [t.unit, report.unit],
      [t.overall, t[report.judgement]],
      [t.inspector, report.inspectorName],
      [t.approver, report.approverName],
      [t.remarks, report.remarks],
    ],
    tables: report.results.map((r) => ({
      title: `${t.result} #${r.id} · ${t.stage[r.stage]} · ${wallClockMinute(new Date(r.inspectedAt), timeZone)} · ${r.inspectorName} · ${t[r.judgement]}`,
      headers: [t.no, t.item, t.method, t.unit, t.target, t.lsl, t.usl, t.values, t.judgement],
      widths: [14, 22, 18, 10, 12, 12, 12, 36, 12],
      rows: r.items.map((i, n) => [
        n + 1,
        i.name,
        i.method,
        i.unit,
        i.target,
        i.lsl,
        i.usl,
        sampleText(t, i),
        t[i.judgement],
      ]),
    })),
  });
}

const col = exportColumn<InspectionReport>;
const listColumns = (t: Text) => [
  col('reportNo', TEXT.kr.reportNo, TEXT.en.reportNo, (r) => r.reportNo, 18),
  col('issueDt', TEXT.kr.issueDt, TEXT.en.issueDt, (r) => r.issueDt, 12),
  col('bizPartnerName', TEXT.kr.customer, TEXT.en.customer, (r) => r.bizPartnerName, 20),
  col('productCode', TEXT.kr.productCode, TEXT.en.productCode, (r) => r.productCode),
  col('productName', TEXT.kr.productName, TEXT.en.productName, (r) => r.productName, 24),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 22),
  col('qty', TEXT.kr.qty, TEXT.en.qty, (r) => r.qty, 10),
  col('unit', TEXT.kr.unit, TEXT.en.unit, (r) => r.unit, 8),
  col('judgement', TEXT.kr.overall, TEXT.en.overall, (r) => t[r.judgement], 12),
  col('resultCount', TEXT.kr.results, TEXT.en.results, (r) => r.resultIds.length, 10),
  col('inspectorName', TEXT.kr.inspector, TEXT.en.inspector, (r) => r.inspectorName),
  col('approverName', TEXT.kr.approver, TEXT.en.approver, (r) => r.approverName),
  col('remarks', TEXT.kr.remarks, TEXT.en.remarks, (r) => r.remarks, 30),
];

/** The report files of the inspection report screen (menu inspectionReport). */
export const inspectionReportFiles = defineReport({
  name: 'inspection-report',
  menu: 'inspectionReport',
  types: {
    single: reportType(inspectionReportSingleParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => {
        const report = await getInspectionReport(db, params.id);
        const data = await inspectionReportPdf(report, await issuerOf(db), locale, timeZone, now);
        return { data, fileName: `inspection-report-${report.reportNo}.pdf` };
      },
      excel: async ({ db, params, locale, timeZone }) => {
        const report = await getInspectionReport(db, params.id);
        const data = await inspectionReportWorkbook(report, await issuerOf(db), locale, timeZone);
        return { data, fileName: `inspection-report-${report.reportNo}.xlsx` };
      },
    }),
    list: reportType(inspectionReportListParams, {
      excel: async ({ db, params, locale, timeZone, now }) => {
        const t = TEXT[locale];
        const data = await buildWorkbook({
          sheetName: t.listSheet,
          columns: listColumns(t),
          locale,
          options: new Map(),
          records: (await listInspectionReports(db, params, null)).data,
        });
        return { data, fileName: `inspection-reports-${todayIn(timeZone, now).replaceAll('-', '')}.xlsx` };
      },
    }),
  },
});
