import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { files } from '../../modules/files/files.table.ts';
import { inspectionReportResults, inspectionReports } from '../../modules/inspection-report/inspection-report.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { lots } from '../../modules/product-stock/product-stock.table.ts';
import { qualityResultItems, qualityResultSamples, qualityResults } from '../../modules/quality/quality.table.ts';
import { shipmentLots, shipments } from '../../modules/shipment/shipment.table.ts';
import { testReportItems, testReports } from '../../modules/test-report/test-report.table.ts';
import type { Tx } from '../client.ts';
import { demoDrawingPng } from './demo-drawing.ts';

// Reports of the demo factory (issue 15): two inspection reports on shipped lots, built from their final inspections,
// for the customer they were shipped to; two test reports — one copied from a lot's final inspection, one typed — on
// a product given a design image (a drawing made here), so the screens, their PDFs and the image have something to
// show at first start.

export type DemoReportResult = { inspectionReportIds: number[]; testReportIds: number[] };
const stamp = { createdBy: 'system', updatedBy: 'system' };
const no = (prefix: string, day: string, n: number) =>
  `${prefix}-${day.replaceAll('-', '')}-${String(n).padStart(3, '0')}`;

export async function seedDemoReports(tx: Tx, today: string): Promise<DemoReportResult> {
  // Shipped lots with a passing final inspection, newest inspection first, one per lot.
  const shipped = await tx
    .selectDistinctOn([qualityResults.lotRowId], {
      lotRowId: qualityResults.lotRowId,
      resultId: qualityResults.id,
      productId: qualityResults.productId,
      bizPartnerId: shipments.bizPartnerId,
      qty: shipmentLots.qty,
    })
    .from(qualityResults)
    .innerJoin(shipmentLots, eq(shipmentLots.lotRowId, qualityResults.lotRowId))
    .innerJoin(shipments, and(eq(shipments.id, shipmentLots.shipmentId), eq(shipments.canceled, false)))
    .where(and(eq(qualityResults.stage, 'FINAL'), eq(qualityResults.judgement, 'PASS')))
    .orderBy(asc(qualityResults.lotRowId), desc(qualityResults.inspectedAt));
  const inspectionReportIds: number[] = [];
  const people = [
    ['정품질', '한과장'],
    ['오검사', '한과장'],
  ] as const;
  for (const [i, lot] of shipped.slice(-2).entries()) {
    const [row] = await tx
      .insert(inspectionReports)
      .values({
        reportNo: no('IR', today, i + 1),
        issueDt: today,
        bizPartnerId: lot.bizPartnerId,
        productId: lot.productId!,
        lotRowId: lot.lotRowId,
        qty: lot.qty,
        inspectorName: people[i][0],
        approverName: people[i][1],
        remarks: i === 0 ? '출하 검사 성적서 (고객 요청)' : null,
        ...stamp,
      })
      .returning({ id: inspectionReports.id });
    await tx.insert(inspectionReportResults).values({ reportId: row.id, resultId: lot.resultId, sort: 0 });
    inspectionReportIds.push(row.id);
  }

  // The product of the newest final inspection gets a drawing; its lot's inspection becomes a test report.
  const [latest] = await tx
    .select({ id: qualityResults.id, productId: qualityResults.productId, lotRowId: qualityResults.lotRowId })
    .from(qualityResults)
    .innerJoin(lots, eq(lots.id, qualityResults.lotRowId))
    .where(eq(qualityResults.stage, 'FINAL'))
    .orderBy(desc(qualityResults.inspectedAt))
    .limit(1);
  const testReportIds: number[] = [];
  if (!latest?.productId) return { inspectionReportIds, testReportIds };
  const drawing = demoDrawingPng();
  const [image] = await tx
    .insert(files)
    .values({ name: 'drawing.png', mimeType: 'image/png', size: drawing.length, data: drawing, createdBy: 'system' })
    .returning({ id: files.id });
  await tx
    .update(products)
    .set({ designImageId: image.id })
    .where(and(eq(products.id, latest.productId), isNull(products.designImageId)));

  const items = await tx
    .select()
    .from(qualityResultItems)
    .where(eq(qualityResultItems.resultId, latest.id))
    .orderBy(asc(qualityResultItems.sort));
  const copied = [];
  for (const it of items) {
    const samples = await tx
      .select()
      .from(qualityResultSamples)
      .where(eq(qualityResultSamples.itemId, it.id))
      .orderBy(asc(qualityResultSamples.sampleNo));
    copied.push({
      name: it.name,
      method: it.method,
      unit: it.unit,
      target: it.target,
      lsl: it.lsl,
      usl: it.usl,
      value: samples.map((s) => (it.kind === 'NUMBER' ? String(s.value) : s.passed ? 'OK' : 'NG')).join(', '),
      judgement: it.judgement,
    });
  }
  const typed = [
    { name: '절연 저항', method: 'DC 500V 메거', unit: 'MΩ', lsl: 100, value: '520', judgement: 'PASS' },
    { name: '내전압', method: 'AC 1,500V 1분', unit: null, value: '이상 없음', judgement: 'PASS' },
    { name: '누설 전류', method: 'KS C IEC 60335-1', unit: 'mA', usl: 0.75, value: '0.21', judgement: 'PASS' },
    { name: '외관', method: '육안', unit: null, value: '긁힘, 이물 없음', judgement: 'PASS' },
  ];
  const reports = [
    { resultId: latest.id, lotRowId: latest.lotRowId, items: copied, remarks: '최종 검사 결과로 작성' },
    { resultId: null, lotRowId: latest.lotRowId, items: typed, remarks: '정기 안전 시험 (분기)' },
  ];
  for (const [i, r] of reports.entries()) {
    if (!r.items.length) continue;
    const [row] = await tx
      .insert(testReports)
      .values({
        reportNo: no('TR', today, i + 1),
        testDt: today,
        productId: latest.productId,
        lotRowId: r.lotRowId,
        resultId: r.resultId,
        testerName: '정품질',
        approverName: '한과장',
        remarks: r.remarks,
        ...stamp,
      })
      .returning({ id: testReports.id });
    await tx.insert(testReportItems).values(
      r.items.map((it, sort) => ({
        reportId: row.id,
        sort,
        name: it.name,
        method: it.method ?? null,
        unit: it.unit ?? null,
        target: 'target' in it ? (it.target ?? null) : null,
        lsl: 'lsl' in it ? (it.lsl ?? null) : null,
        usl: 'usl' in it ? (it.usl ?? null) : null,
        value: it.value,
        judgement: it.judgement,
      })),
    );
    testReportIds.push(row.id);
  }
  return { inspectionReportIds, testReportIds };
}
