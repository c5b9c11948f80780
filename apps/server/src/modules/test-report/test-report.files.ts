import {
  type Locale,
  type TestReport,
  type TestReportDetail,
  testReportListParams,
  testReportSingleParams,
} from '@eqms/contract';
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
  MM,
  numText,
  pageFooters,
  REPORT_MARGIN,
  reportDocument,
  signatureBoxes,
  type TableColumn,
  table,
} from '../../platform/report-pdf.ts';
import { defineReport, reportType } from '../../platform/reports.ts';
import { issuerOf } from '../inspection-report/inspection-report.files.ts';
import { designImageOf } from '../product/product.service.ts';
import { getTestReport, listTestReports } from './test-report.service.ts';

// The test report's files (generic routes, platform/reports.ts): `test-report/single` as PDF (A4, Noto Sans KR: the
// report's header, the product's design image, the items with spec, values and judgement, the overall judgement,
// tester and approver boxes) and Excel; `test-report/list` as Excel.

const TEXT = {
  kr: {
    title: '시험 성적서',
    reportNo: '성적서 번호',
    testDt: '시험일',
    issuer: '발행처',
    customer: '고객사',
    productCode: '제품 코드',
    productName: '제품명',
    lotId: 'LOT ID',
    designImage: '도면',
    noImage: '등록된 도면이 없습니다',
    notPrintable: '이 형식의 도면은 인쇄할 수 없습니다 (PNG, JPEG만 가능)',
    items: '시험 항목',
    no: 'No.',
    item: '시험 항목',
    method: '시험 방법',
    unit: '단위',
    target: '기준값',
    lsl: '하한 (LSL)',
    usl: '상한 (USL)',
    value: '시험 결과',
    judgement: '판정',
    PASS: '합격',
    FAIL: '불합격',
    none: '-',
    overall: '종합 판정',
    remarks: '비고',
    tester: '시험자',
    approver: '승인자',
    printedAt: '출력 일시',
    itemCount: '항목 수',
    sheet: '시험 성적서',
    listSheet: '시험 성적서 목록',
  },
  en: {
    title: 'Test Report',
    reportNo: 'Report no.',
    testDt: 'Test date',
    issuer: 'Issued by',
    customer: 'Customer',
    productCode: 'Product code',
    productName: 'Product',
    lotId: 'LOT ID',
    designImage: 'Design',
    noImage: 'No design image',
    notPrintable: 'This image format cannot be printed (PNG or JPEG only)',
    items: 'Test items',
    no: 'No.',
    item: 'Item',
    method: 'Method',
    unit: 'Unit',
    target: 'Target',
    lsl: 'LSL',
    usl: 'USL',
    value: 'Result',
    judgement: 'Judgement',
    PASS: 'PASS',
    FAIL: 'FAIL',
    none: '-',
    overall: 'Overall judgement',
    remarks: 'Remarks',
    tester: 'Tester',
    approver: 'Approver',
    printedAt: 'Printed',
    itemCount: 'Items',
    sheet: 'Test report',
    listSheet: 'Test reports',
  },
} as const;
type Text = (typeof TEXT)[Locale];
const judged = (t: Text, j: 'PASS' | 'FAIL' | null) => (j ? t[j] : t.none);
/** pdfkit embeds PNG and JPEG only. */
const PRINTABLE = new Set(['image/png', 'image/jpeg']);

/** The design image of the report's product, or null when it has none. */
async function imageOf(db: Executor, productId: number) {
  try {
    return await designImageOf(db, productId);
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}

export async function testReportPdf(
  report: TestReportDetail,
  image: { mimeType: string; data: Buffer } | null,
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
      [t.testDt, report.testDt],
      [t.productCode, report.productCode],
      [t.productName, report.productName],
      [t.lotId, dash(report.lotId)],
      [t.customer, dash(report.bizPartnerName)],
      [t.issuer, issuer],
      [t.overall, judged(t, report.judgement)],
    ],
    y,
  );
  y += 12;

  // The design image, fitted into a framed box.
  doc.font('bold').fontSize(10);
  cell(doc, t.designImage, REPORT_MARGIN, y, CONTENT_W);
  y += 15;
  const boxH = 85 * MM;
  doc.rect(REPORT_MARGIN, y, CONTENT_W, boxH).lineWidth(0.6).stroke('#8c8c8c');
  if (image && PRINTABLE.has(image.mimeType)) {
    doc.image(image.data, REPORT_MARGIN + 6, y + 6, {
      fit: [CONTENT_W - 12, boxH - 12],
      align: 'center',
      valign: 'center',
    });
  } else {
    doc.fill('#8c8c8c').font('regular').fontSize(10);
    cell(doc, image ? t.notPrintable : t.noImage, REPORT_MARGIN, y + boxH / 2 - 6, CONTENT_W, 'center');
    doc.fill('#000000');
  }
  y += boxH + 12;

  doc.font('bold').fontSize(10);
  y = ensureSpace(doc, y, 50);
  cell(doc, t.items, REPORT_MARGIN, y, CONTENT_W);
  y += 15;
  type Row = TestReportDetail['items'][number] & { no: number };
  const columns: TableColumn<Row>[] = [
    { header: t.no, width: 22, align: 'center', value: (i) => String(i.no) },
    { header: t.item, width: 85, value: (i) => i.name, bold: true, minSize: 6.5 },
    { header: t.method, width: 65, value: (i) => dash(i.method), minSize: 6.5 },
    { header: t.unit, width: 30, align: 'center', value: (i) => dash(i.unit), minSize: 6.5 },
    { header: t.target, width: 40, align: 'right', value: (i) => numText(i.target) || '-' },
    { header: t.lsl, width: 40, align: 'right', value: (i) => numText(i.lsl) || '-' },
    { header: t.usl, width: 40, align: 'right', value: (i) => numText(i.usl) || '-' },
    { header: t.value, width: 110, value: (i) => i.value, minSize: 6 },
    {
      header: t.judgement,
      width: 42,
      align: 'center',
      bold: true,
      value: (i) => judged(t, i.judgement),
      color: (i) => (i.judgement === 'FAIL' ? '#cf1322' : undefined),
    },
  ];
  y = table(
    doc,
    columns,
    report.items.map((i, n) => ({ ...i, no: n + 1 })),
    y,
  );
  y += 12;

  y = ensureSpace(doc, y, 120);
  if (report.remarks) {
    doc.font('bold').fontSize(9);
    cell(doc, t.remarks, REPORT_MARGIN, y, 60);
    doc.font('regular').fontSize(9);
    doc.text(report.remarks, REPORT_MARGIN + 60, y, { width: CONTENT_W - 60, height: 40, ellipsis: true });
    y += Math.min(40, doc.heightOfString(report.remarks, { width: CONTENT_W - 60 })) + 8;
  }
  const boxTop = y + 4;
  doc
    .rect(REPORT_MARGIN, boxTop, CONTENT_W * 0.4, 24 * MM)
    .lineWidth(1)
    .stroke('#333333');
  doc.fill('#000000').font('bold').fontSize(10);
  cell(doc, t.overall, REPORT_MARGIN + 8, boxTop + 8, CONTENT_W * 0.4 - 16);
  doc.fill(report.judgement === 'FAIL' ? '#cf1322' : '#237804').fontSize(18);
  cell(doc, judged(t, report.judgement), REPORT_MARGIN + 8, boxTop + 32, CONTENT_W * 0.4 - 16, 'center');
  doc.fill('#000000');
  signatureBoxes(
    doc,
    [
      [t.tester, report.testerName],
      [t.approver, report.approverName ?? ''],
    ],
    boxTop,
  );
  pageFooters(doc, `${issuer} · ${report.reportNo} · ${t.printedAt} ${wallClockMinute(now, timeZone)}`, locale);
  return done();
}

async function testReportWorkbook(report: TestReportDetail, issuer: string, locale: Locale): Promise<Buffer> {
  const t = TEXT[locale];
  return documentWorkbook({
    sheetName: t.sheet,
    title: `${t.title} ${report.reportNo}`,
    info: [
      [t.reportNo, report.reportNo],
      [t.testDt, report.testDt],
      [t.issuer, issuer],
      [t.productCode, report.productCode],
      [t.productName, report.productName],
      [t.lotId, report.lotId],
      [t.customer, report.bizPartnerName],
      [t.overall, judged(t, report.judgement)],
      [t.tester, report.testerName],
      [t.approver, report.approverName],
      [t.remarks, report.remarks],
    ],
    tables: [
      {
        title: t.items,
        headers: [t.no, t.item, t.method, t.unit, t.target, t.lsl, t.usl, t.value, t.judgement],
        widths: [14, 22, 18, 10, 12, 12, 12, 36, 12],
        rows: report.items.map((i, n) => [
          n + 1,
          i.name,
          i.method,
          i.unit,
          i.target,
          i.lsl,
          i.usl,
          i.value,
          judged(t, i.judgement),
        ]),
      },
    ],
  });
}

const col = exportColumn<TestReport>;
const listColumns = (t: Text) => [
  col('reportNo', TEXT.kr.reportNo, TEXT.en.reportNo, (r) => r.reportNo, 18),
  col('testDt', TEXT.kr.testDt, TEXT.en.testDt, (r) => r.testDt, 12),
  col('productCode', TEXT.kr.productCode, TEXT.en.productCode, (r) => r.productCode),
  col('productName', TEXT.kr.productName, TEXT.en.productName, (r) => r.productName, 24),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 22),
  col('bizPartnerName', TEXT.kr.customer, TEXT.en.customer, (r) => r.bizPartnerName, 20),
  col('judgement', TEXT.kr.overall, TEXT.en.overall, (r) => judged(t, r.judgement), 12),
  col('itemCount', TEXT.kr.itemCount, TEXT.en.itemCount, (r) => r.itemCount, 10),
  col('testerName', TEXT.kr.tester, TEXT.en.tester, (r) => r.testerName),
  col('approverName', TEXT.kr.approver, TEXT.en.approver, (r) => r.approverName),
  col('remarks', TEXT.kr.remarks, TEXT.en.remarks, (r) => r.remarks, 30),
];

/** The report files of the test report screen (menu inspectReport). */
export const testReportFiles = defineReport({
  name: 'test-report',
  menu: 'inspectReport',
  types: {
    single: reportType(testReportSingleParams, {
      pdf: async ({ db, params, locale, timeZone, now }) => {
        const report = await getTestReport(db, params.id);
        const image = await imageOf(db, report.productId);
        const data = await testReportPdf(report, image, await issuerOf(db), locale, timeZone, now);
        return { data, fileName: `test-report-${report.reportNo}.pdf` };
      },
      excel: async ({ db, params, locale }) => {
        const report = await getTestReport(db, params.id);
        const data = await testReportWorkbook(report, await issuerOf(db), locale);
        return { data, fileName: `test-report-${report.reportNo}.xlsx` };
      },
    }),
    list: reportType(testReportListParams, {
      excel: async ({ db, params, locale, timeZone, now }) => {
        const t = TEXT[locale];
        const data = await buildWorkbook({
          sheetName: t.listSheet,
          columns: listColumns(t),
          locale,
          options: new Map(),
          records: (await listTestReports(db, params, null)).data,
        });
        return { data, fileName: `test-reports-${todayIn(timeZone, now).replaceAll('-', '')}.xlsx` };
      },
    }),
  },
});
