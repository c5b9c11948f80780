import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { pageCount, textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { claims } from '../claim/claim.table.ts';
import { operations } from '../operation/operation.table.ts';
import { makePartner } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { materials } from '../material/material.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { qualityResultItems, qualityResults, qualityStandards } from '../quality/quality.table.ts';

// The KPI formulas against hand-computed values on a small fixed data set (README "Measures"), in the factory's time
// zone (Asia/Seoul). The workshop business type only changes which page the web shows: the app runs as one here.
const t = await createTestApp({ BUSINESS_TYPE: 'atelier' });
const viewer = await t.makeUser({ kpiReport: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko-KR' };
const get = (url: string, token: string | null = viewer.token, headers = en) =>
  t.inject({ method: 'GET', url, token, headers });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const TZ = 'Asia/Seoul';
/** Every page's text. */
const pdfText = (pdf: Buffer) => Array.from({ length: pageCount(pdf) }, (_, i) => textOf(pdf, i)).join('\n');
const at = (local: string) => instantAt(local, TZ);

const branch = await locationBranch(t.db);
const customer = await makePartner(t.db, ['CUSTOMER']);
const w = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [forming, packing] = await tx
    .insert(operations)
    .values([
      { code: uniq('OPA'), name: '성형' },
      { code: uniq('OPB'), name: '포장' },
    ])
    .returning();
  const [a, b] = await tx
    .insert(products)
    .values([
      { code: uniq('A'), name: '제품 A', type: 'FINISHED', unit: 'EA' },
      { code: uniq('B'), name: '제품 B', type: 'FINISHED', unit: 'EA' },
    ])
    .returning();
  const plan = async (productId: number, lotSeq: number, ops: number[]) => {
    const [p] = await tx
      .insert(productionPlans)
      .values({ productId, qty: 500, startDt: '2024-11-01', endDt: '2025-04-30', lineId: branch.line.id, lotSeq })
      .returning();
    const opers = await tx
      .insert(productionOperPlans)
      .values(ops.map((operationId, i) => ({ planId: p.id, seq: i + 1, operationId, targetQty: 500 })))
      .returning();
    return { id: p.id, opers: opers.map((o) => o.id) };
  };
  const pa = await plan(a.id, 1, [forming.id, packing.id]);
  const pb = await plan(b.id, 1, [forming.id]);
  const pc = await plan(b.id, 2, [forming.id]);
  type D = { plan: { id: number }; oper: number; day: string; target: number; good: number; bad: number };
  const daily = (d: D, started?: string, ended?: string) => ({
    planId: d.plan.id,
    operPlanId: d.oper,
    day: d.day,
    targetQty: d.target,
    goodQty: d.good,
    badQty: d.bad,
    status: ended ? 'WORK_COMPLETED' : d.good + d.bad > 0 ? 'WORKING' : 'PLAN_COMPLETED',
    startedAt: started ? at(started) : null,
    endedAt: ended ? at(ended) : null,
  });
  const dps = await tx
    .insert(dailyPlans)
    .values([
      // Before the report's months: not counted.
      daily({ plan: pa, oper: pa.opers[1], day: '2024-11-30', target: 10, good: 10, bad: 0 }),
      // January: forming then packing of A on the month's last day.
      daily(
        { plan: pa, oper: pa.opers[0], day: '2025-01-31', target: 100, good: 95, bad: 5 },
        '2025-01-31 08:00',
        '2025-01-31 17:00',
      ),
      daily(
        { plan: pa, oper: pa.opers[1], day: '2025-01-31', target: 100, good: 90, bad: 5 },
        '2025-01-31 09:00',
        '2025-01-31 23:30',
      ),
      // February: planned, never worked.
      daily({ plan: pa, oper: pa.opers[1], day: '2025-02-01', target: 50, good: 0, bad: 0 }),
      // March.
      daily(
        { plan: pa, oper: pa.opers[1], day: '2025-03-10', target: 40, good: 30, bad: 10 },
        '2025-03-10 08:00',
        '2025-03-10 10:15',
      ),
      // 00:30 in Seoul is the day before in UTC.
      daily(
        { plan: pb, oper: pb.opers[0], day: '2025-03-01', target: 20, good: 20, bad: 0 },
        '2025-03-01 00:05',
        '2025-03-01 00:30',
      ),
      daily({ plan: pc, oper: pc.opers[0], day: '2025-03-31', target: 10, good: 5, bad: 5 }),
      // After the selected month: not counted.
      daily({ plan: pc, oper: pc.opers[0], day: '2025-04-01', target: 10, good: 10, bad: 0 }),
    ])
    .returning();
  const [l1, l2, l3] = await tx
    .insert(lots)
    .values([
      { lotId: uniq('L1'), productId: a.id, planId: pa.id, day: '2025-01-31' },
      { lotId: uniq('L2'), productId: b.id, planId: pb.id, day: '2025-03-01' },
      // Added by hand (an opening balance): not made by production, not counted.
      { lotId: uniq('L3'), productId: b.id, planId: null, day: '2025-03-05' },
    ])
    .returning();
  const final = (lotRowId: number, productId: number) => ({
    stage: 'FINAL',
    productId,
    lotRowId,
    inspectedAt: at('2025-02-03 10:00'),
    inspectorId: viewer.user.id,
    computedJudgement: 'PASS',
    judgement: 'PASS',
  });
  await tx.insert(qualityResults).values([final(l1.id, a.id), final(l1.id, a.id), final(l3.id, b.id)]);
  void l2;
  const claim = (receivedDt: string, closed = false) => ({
    receivedDt,
    bizPartnerId: customer.id,
    productId: a.id,
    claimQty: 1,
    content: '포장 파손',
    ...(closed ? { status: 'CLOSED', closedDt: receivedDt, cause: '운송', countermeasure: '완충재' } : {}),
  });
  await tx
    .insert(claims)
    .values([claim('2025-01-01'), claim('2025-01-31', true), claim('2025-03-15'), claim('2025-04-01')]);
  return { a, b, forming, packing, l1, l3, dps };
});

// Inspection minutes (README "Measures"), May 2025 in Seoul: product inspections with and without a time, pieces =
// the largest sample size of each one's items; an incoming inspection and the edges of the period around them.
await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [std] = await tx
    .insert(qualityStandards)
    .values({ productId: w.a.id, name: '중량', kind: 'NUMBER', lsl: 1, stage: 'FINAL' })
    .returning();
  const inspected = async (
    subject: {
      stage: string;
      productId?: number;
      lotRowId?: number;
      dailyPlanId?: number;
      materialId?: number;
      materialStockId?: number;
    },
    local: string,
    minutes: number | null,
    sampleSizes: number[],
  ) => {
    const [r] = await tx
      .insert(qualityResults)
      .values({
        ...subject,
        inspectedAt: at(local),
        inspectionMinutes: minutes,
        inspectorId: viewer.user.id,
        computedJudgement: 'PASS',
        judgement: 'PASS',
      })
      .returning();
    await tx.insert(qualityResultItems).values(
      sampleSizes.map((sampleSize, sort) => ({
        resultId: r.id,
        standardId: std.id,
        name: `항목 ${sort + 1}`,
        kind: 'NUMBER',
        sampleSize,
        judgement: 'PASS',
        sort,
      })),
    );
  };
  const finalOf = (lot: { id: number; productId: number }) => ({
    stage: 'FINAL',
    productId: lot.productId,
    lotRowId: lot.id,
  });
  const inProcessOf = (dailyPlanId: number, productId: number) => ({ stage: 'IN_PROCESS', productId, dailyPlanId });
  // A: 12.5 min on 5 pieces (00:30 on the first day: 30 April in UTC), 7.5 min on 3, one not timed.
  await inspected(finalOf(w.l1), '2025-05-01 00:30', 12.5, [5, 1]);
  await inspected(inProcessOf(w.dps[1].id, w.a.id), '2025-05-15 14:00', 7.5, [3]);
  await inspected(finalOf(w.l1), '2025-05-20 10:00', null, [5, 1]);
  // B: 20 min on 4 pieces at 23:50 of the last day, 4 min on 1.
  await inspected(finalOf(w.l3), '2025-05-31 23:50', 20, [2, 4]);
  await inspected(inProcessOf(w.dps[5].id, w.b.id), '2025-05-10 09:00', 4, [1]);
  // Outside: the day before and after (10 minutes past midnight of 1 June in Seoul is still 31 May in UTC).
  await inspected(finalOf(w.l1), '2025-04-30 23:59', 99, [5]);
  await inspected(finalOf(w.l3), '2025-06-01 00:10', 99, [5]);
  // An incoming inspection of a material in May: a material is no product.
  const [m] = await tx
    .insert(materials)
    .values({ code: uniq('M'), name: '원료', type: 'RAW', unit: 'KG' })
    .returning();
  const [pkg] = await tx
    .insert(materialStocks)
    .values({
      packageId: uniq('PKG'),
      materialId: m.id,
      locationId: branch.shelf.id,
      qty: 10,
      receivedQty: 10,
      receivedDate: '2025-05-05',
    })
    .returning();
  await inspected({ stage: 'INCOMING', materialId: m.id, materialStockId: pkg.id }, '2025-05-05 10:00', 30, [2]);
});

const none = { achieveRate: null, perHour: null, defectRate: null };

describe('GET /api/kpireport/report', () => {
  it('covers the selected month and the 3 before, with each measure computed by hand', async () => {
    const res = await get('/api/kpireport/report?date=2025-03&workingTime=8');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.months).toEqual(['2024-12', '2025-01', '2025-02', '2025-03']);
    expect(r.workingTime).toBe(8);
    expect(r.total).toEqual([
      // An empty month: every rate none, never NaN.
      { month: '2024-12', plannedQty: 0, goodQty: 0, badQty: 0, workDays: 0, workedHours: 0, ...none },
      // Good 90 of the last operation / planned 100; 90 good / (1 day × 8 h); bad 5 + 5 of both operations / (90 + 10).
      {
        month: '2025-01',
        plannedQty: 100,
        goodQty: 90,
        badQty: 10,
        workDays: 1,
        workedHours: 8,
        achieveRate: 90,
        perHour: 11.25,
        defectRate: 10,
      },
      // Planned, nothing made: 0 %, no hours worked, nothing to judge.
      {
        month: '2025-02',
        plannedQty: 50,
        goodQty: 0,
        badQty: 0,
        workDays: 0,
        workedHours: 0,
        achieveRate: 0,
        perHour: null,
        defectRate: null,
      },
      // 55 / 70 = 78.57 %; 55 / (3 days × 8 h) = 2.29; 15 / 70 = 21.43 %.
      {
        month: '2025-03',
        plannedQty: 70,
        goodQty: 55,
        badQty: 15,
        workDays: 3,
        workedHours: 24,
        achieveRate: 78.57,
        perHour: 2.29,
        defectRate: 21.43,
      },
    ]);
    const byCode = new Map(r.products.map((p: { productCode: string }) => [p.productCode, p]));
    const a = byCode.get(w.a.code) as { productName: string; months: any[] };
    const b = byCode.get(w.b.code) as { months: any[] };
    expect(a.productName).toBe('제품 A');
    expect(a.months[3]).toMatchObject({ plannedQty: 40, goodQty: 30, badQty: 10, workDays: 1, achieveRate: 75 });
    expect(a.months[3]).toMatchObject({ perHour: 3.75, defectRate: 25 });
    // B's two plans together: 25 / 30, 25 / (2 days × 8 h) = 1.5625, 5 / 30.
    expect(b.months[3]).toMatchObject({ plannedQty: 30, goodQty: 25, achieveRate: 83.33, perHour: 1.56 });
    expect(b.months[3]).toMatchObject({ defectRate: 16.67, workedHours: 16 });
    expect(b.months[1]).toMatchObject({ plannedQty: 0, ...none });
  });

  it('takes any day of the month, and workingTime changes production per hour only; 8 h by default', async () => {
    const ten = (await get('/api/kpireport/report?date=2025-03-17&workingTime=10')).body.data;
    expect(ten.months.at(-1)).toBe('2025-03');
    expect(ten.total[3]).toMatchObject({ workedHours: 30, perHour: 1.83, achieveRate: 78.57 });
    expect((await get('/api/kpireport/report?date=2025-01')).body.data.total[3]).toMatchObject({
      month: '2025-01',
      workedHours: 8,
      perHour: 11.25,
    });
  });

  it('crosses the year: January starts in October', async () => {
    const r = (await get('/api/kpireport/report?date=2025-01')).body.data;
    expect(r.months).toEqual(['2024-10', '2024-11', '2024-12', '2025-01']);
    expect(r.total[1]).toMatchObject({ month: '2024-11', goodQty: 10, achieveRate: 100 });
  });

  it('400 on a bad month or working time, 401 without a token, 403 without the menu', async () => {
    for (const url of [
      '/api/kpireport/report',
      '/api/kpireport/report?date=2025-13',
      '/api/kpireport/report?date=2025-02-30',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(fieldsOf(res)).toContain('date');
    }
    for (const v of ['0', '25', 'x']) {
      const res = await get(`/api/kpireport/report?date=2025-03&workingTime=${v}`);
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['workingTime']);
    }
    const kor = await get('/api/kpireport/report?date=2025/03', viewer.token, kr);
    expect(kor.status).toBe(400);
    expect((await get('/api/kpireport/report?date=2025-03', null)).status).toBe(401);
    expect((await get('/api/kpireport/report?date=2025-03', stranger.token)).status).toBe(403);
  });
});

describe('GET /api/kpireport/{achieve-rate|production-per-hour|product-defect-rate}/{date}', () => {
  it('answers each measure on its own, the same numbers as the report', async () => {
    const ach = await get('/api/kpireport/achieve-rate/2025-03');
    expect(ach.status).toBe(200);
    expect(ach.body.data.total[3]).toEqual({ month: '2025-03', plannedQty: 70, goodQty: 55, achieveRate: 78.57 });
    expect(ach.body.data.total[0]).toEqual({ month: '2024-12', plannedQty: 0, goodQty: 0, achieveRate: null });
    const hour = await get('/api/kpireport/production-per-hour/2025-03?workingTime=6');
    expect(hour.status).toBe(200);
    // 55 / (3 × 6) = 3.0556.
    expect(hour.body.data.total[3]).toEqual({
      month: '2025-03',
      goodQty: 55,
      workDays: 3,
      workedHours: 18,
      perHour: 3.06,
    });
    const def = await get('/api/kpireport/product-defect-rate/2025-01-15');
    expect(def.status).toBe(200);
    expect(def.body.data.total[3]).toEqual({ month: '2025-01', goodQty: 90, badQty: 10, defectRate: 10 });
    const a = def.body.data.products.find((p: { productId: number }) => p.productId === w.a.id);
    expect(a.months[3]).toEqual({ month: '2025-01', goodQty: 90, badQty: 10, defectRate: 10 });
  });

  it('400 on a bad date or working time, 401, 403, and an unknown path is 404', async () => {
    for (const path of ['achieve-rate', 'production-per-hour', 'product-defect-rate']) {
      const bad = await get(`/api/kpireport/${path}/2025-3`);
      expect(bad.status, path).toBe(400);
      expect(fieldsOf(bad)).toEqual(['date']);
      expect((await get(`/api/kpireport/${path}/2025-03`, null)).status).toBe(401);
      expect((await get(`/api/kpireport/${path}/2025-03`, stranger.token)).status).toBe(403);
    }
    expect(fieldsOf(await get('/api/kpireport/production-per-hour/2025-03?workingTime=-1'))).toEqual(['workingTime']);
    expect((await get('/api/kpireport/no-such/2025-03')).status).toBe(404);
  });
});

describe('GET /api/atelier-kpi/*', () => {
  it('production per day: every day of the period, planned and good of the last operation, bad of all', async () => {
    const res = await get('/api/atelier-kpi/production/daily?startDt=2025-01-30&endDt=2025-02-01');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { day: '2025-01-30', plannedQty: 0, goodQty: 0, badQty: 0 },
      { day: '2025-01-31', plannedQty: 100, goodQty: 90, badQty: 10 },
      { day: '2025-02-01', plannedQty: 50, goodQty: 0, badQty: 0 },
    ]);
  });

  it('production by hour of the day the result ended, in the factory time zone', async () => {
    const res = await get('/api/atelier-kpi/production/hourly?startDt=2025-01-01&endDt=2025-03-31');
    expect(res.status).toBe(200);
    const rows = res.body.data as { hour: number; goodQty: number; badQty: number }[];
    expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const busy = rows.filter((r) => r.goodQty + r.badQty > 0);
    expect(busy).toEqual([
      { hour: 0, goodQty: 20, badQty: 0 },
      { hour: 10, goodQty: 30, badQty: 10 },
      { hour: 17, goodQty: 0, badQty: 5 },
      { hour: 23, goodQty: 90, badQty: 5 },
    ]);
  });

  it('defect rate by operation (each its own good and bad) and by product (finished good, bad of all)', async () => {
    const ops = await get('/api/atelier-kpi/defect-rate/operation?startMonth=2025-01&endMonth=2025-03');
    expect(ops.status).toBe(200);
    const byOp = new Map(ops.body.data.map((r: { operationId: number }) => [r.operationId, r]));
    // Forming: 95 + 20 + 5 good, 5 + 0 + 5 bad → 10 / 130; packing: 90 + 30 good, 5 + 10 bad → 15 / 135.
    expect(byOp.get(w.forming.id)).toMatchObject({ goodQty: 120, badQty: 10, defectRate: 7.69 });
    expect(byOp.get(w.packing.id)).toMatchObject({
      goodQty: 120,
      badQty: 15,
      defectRate: 11.11,
      operationName: '포장',
    });
    const prods = await get('/api/atelier-kpi/defect-rate/product?startMonth=2025-01&endMonth=2025-03');
    expect(prods.status).toBe(200);
    const byProduct = new Map(prods.body.data.map((r: { productId: number }) => [r.productId, r]));
    // A: finished 90 + 30, bad 5 + 5 + 10 → 20 / 140; B: 20 + 5, bad 5 → 5 / 30.
    expect(byProduct.get(w.a.id)).toMatchObject({ goodQty: 120, badQty: 20, defectRate: 14.29 });
    expect(byProduct.get(w.b.id)).toMatchObject({ goodQty: 25, badQty: 5, defectRate: 16.67 });
    // A month with nothing made lists nothing.
    expect((await get('/api/atelier-kpi/defect-rate/product?startMonth=2025-02&endMonth=2025-02')).body.data).toEqual(
      [],
    );
  });

  it('inspection rate: lots made in the month with a final inspection, hand-added lots left out', async () => {
    const res = await get('/api/atelier-kpi/inspection/rate?startMonth=2025-01&endMonth=2025-03');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { month: '2025-01', producedLots: 1, inspectedLots: 1, rate: 100 },
      { month: '2025-02', producedLots: 0, inspectedLots: 0, rate: null },
      { month: '2025-03', producedLots: 1, inspectedLots: 0, rate: 0 },
    ]);
  });

  it('claims received per month, with the closed ones, month edges included', async () => {
    const res = await get('/api/atelier-kpi/claim/count?startMonth=2024-12&endMonth=2025-03');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { month: '2024-12', count: 0, closedCount: 0 },
      { month: '2025-01', count: 2, closedCount: 1 },
      { month: '2025-02', count: 0, closedCount: 0 },
      { month: '2025-03', count: 1, closedCount: 0 },
    ]);
  });

  it('inspection minutes per product: timed inspections, minutes, pieces, per inspection and per piece', async () => {
    const res = await get('/api/atelier-kpi/inspection/minutes-per-product?startDt=2025-05-01&endDt=2025-05-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byCode = new Map(res.body.data.products.map((p: { productCode: string }) => [p.productCode, p]));
    expect(res.body.data.products).toHaveLength(2);
    // A: 3 inspections, 2 timed; 12.5 + 7.5 = 20 min; 5 + 3 = 8 pieces; 20 / 2 = 10; 20 / 8 = 2.5.
    expect(byCode.get(w.a.code)).toEqual({
      productId: w.a.id,
      productCode: w.a.code,
      productName: '제품 A',
      inspections: 3,
      timedInspections: 2,
      totalMinutes: 20,
      inspectedQty: 8,
      minutesPerInspection: 10,
      minutesPerUnit: 2.5,
    });
    // B: 2 inspections, both timed; 20 + 4 = 24 min; 4 + 1 = 5 pieces; 24 / 2 = 12; 24 / 5 = 4.8.
    expect(byCode.get(w.b.code)).toMatchObject({
      inspections: 2,
      timedInspections: 2,
      totalMinutes: 24,
      inspectedQty: 5,
      minutesPerInspection: 12,
      minutesPerUnit: 4.8,
    });
    // All: 5 inspections, 4 timed; 44 min; 13 pieces; 44 / 4 = 11; 44 / 13 = 3.3846 → 3.38 (the ratio of the sums).
    expect(res.body.data.total).toEqual({
      inspections: 5,
      timedInspections: 4,
      totalMinutes: 44,
      inspectedQty: 13,
      minutesPerInspection: 11,
      minutesPerUnit: 3.38,
    });
    // A day with only A's untimed inspection: counted, no minutes, the ratios none.
    const untimed = await get('/api/atelier-kpi/inspection/minutes-per-product?startDt=2025-05-20&endDt=2025-05-20');
    expect(untimed.body.data.products).toEqual([
      expect.objectContaining({ productId: w.a.id, inspections: 1, timedInspections: 0, totalMinutes: 0 }),
    ]);
    expect(untimed.body.data.total).toEqual({
      inspections: 1,
      timedInspections: 0,
      totalMinutes: 0,
      inspectedQty: 0,
      minutesPerInspection: null,
      minutesPerUnit: null,
    });
    // A period with nothing: no products, a total of zeros.
    const empty = await get('/api/atelier-kpi/inspection/minutes-per-product?startDt=2025-07-01&endDt=2025-07-31');
    expect(empty.body.data).toEqual({
      products: [],
      total: {
        inspections: 0,
        timedInspections: 0,
        totalMinutes: 0,
        inspectedQty: 0,
        minutesPerInspection: null,
        minutesPerUnit: null,
      },
    });
  });

  it('400 on bad or reversed or too long periods, 401, 403', async () => {
    for (const path of ['production/daily', 'production/hourly', 'inspection/minutes-per-product']) {
      const url = `/api/atelier-kpi/${path}`;
      expect(fieldsOf(await get(`${url}?startDt=2025-01-01`))).toEqual(['endDt']);
      expect(fieldsOf(await get(`${url}?startDt=2025-02-01&endDt=2025-01-01`))).toEqual(['endDt']);
      expect(fieldsOf(await get(`${url}?startDt=2025-01-01&endDt=2025-12-31`))).toEqual(['endDt']);
      expect(fieldsOf(await get(`${url}?startDt=2025-1-01&endDt=2025-01-31`))).toEqual(['startDt']);
      expect((await get(`${url}?startDt=2025-01-01&endDt=2025-01-31`, null)).status).toBe(401);
      expect((await get(`${url}?startDt=2025-01-01&endDt=2025-01-31`, stranger.token)).status).toBe(403);
    }
    for (const path of ['defect-rate/operation', 'defect-rate/product', 'inspection/rate', 'claim/count']) {
      const url = `/api/atelier-kpi/${path}`;
      expect(fieldsOf(await get(`${url}?startMonth=2025-01`))).toEqual(['endMonth']);
      expect(fieldsOf(await get(`${url}?startMonth=2025-03&endMonth=2025-01`))).toEqual(['endMonth']);
      expect(fieldsOf(await get(`${url}?startMonth=2020-01&endMonth=2025-01`))).toEqual(['endMonth']);
      expect(fieldsOf(await get(`${url}?startMonth=2025-00&endMonth=2025-01`))).toEqual(['startMonth']);
      expect((await get(`${url}?startMonth=2025-01&endMonth=2025-03`, null)).status).toBe(401);
      expect((await get(`${url}?startMonth=2025-01&endMonth=2025-03`, stranger.token)).status).toBe(403);
    }
  });

  it('the app tells the web it is a workshop (the web shows the atelier page)', async () => {
    const res = await get('/api/system/runtime');
    expect(res.status).toBe(200);
    expect(res.body.data.businessType).toBe('atelier');
  });
});

describe('the report files kpi-report/monthly and kpi-report/atelier', () => {
  const q = (p: object) => encodeURIComponent(JSON.stringify(p));
  const out = process.env.REPORT_PDF_OUT;

  it('monthly PDF: header with company, period and print time, the months, the numbers; Korean and English', async () => {
    const pdf = await get(`/api/report/pdf/kpi-report/monthly?params=${q({ date: '2025-03' })}`, viewer.token, kr);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('kpi-report-202503.pdf');
    const text = pdfText(pdf.raw.rawPayload);
    expect(text).toContain('KPI 리포트');
    expect(text).toContain(branch.site.name);
    expect(text).toContain('2024-12 ~ 2025-03');
    expect(text).toContain('출력 일시');
    for (const v of ['78.57', '21.43', '11.25', '2.29', '제품 A', '없음']) expect(text).toContain(v);
    if (out) writeFileSync(`${out}/kpi-report-kr.pdf`, pdf.raw.rawPayload);
    const enPdf = await get(`/api/report/pdf/kpi-report/monthly?params=${q({ date: '2025-03', workingTime: 10 })}`);
    const enText = pdfText(enPdf.raw.rawPayload);
    expect(enText).toContain('KPI report');
    expect(enText).toContain('1.83');
    if (out) writeFileSync(`${out}/kpi-report-en.pdf`, enPdf.raw.rawPayload);
  });

  it('monthly Excel: the months with their numbers, none for an empty month', async () => {
    const res = await get(`/api/report/excel/kpi-report/monthly?params=${q({ date: '2025-03' })}`);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.raw.rawPayload);
    const at = sheet.rows.findIndex((r) => r[0] === '2025-03');
    expect(sheet.rows[at]).toEqual(['2025-03', '70', '55', '15', '3', '24', '78.57', '2.29', '21.43']);
    // Numbers stay numbers.
    expect(sheet.sheet.getRow(at + 1).getCell(7).value).toBe(78.57);
    expect(sheet.rows.find((r) => r[0] === '2024-12')?.slice(6)).toEqual(['None', 'None', 'None']);
  });

  it('atelier PDF and Excel', async () => {
    const params = q({ startDt: '2025-01-30', endDt: '2025-02-01', startMonth: '2025-01', endMonth: '2025-03' });
    const pdf = await get(`/api/report/pdf/kpi-report/atelier?params=${params}`, viewer.token, kr);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw.rawPayload);
    for (const v of ['공방 KPI 리포트', '공정별 불량률', '7.69', '11.11', '14.29', '16.67', '성형', branch.site.name])
      expect(text).toContain(v);
    if (out) writeFileSync(`${out}/atelier-kpi-kr.pdf`, pdf.raw.rawPayload);
    const enPdf = await get(`/api/report/pdf/kpi-report/atelier?params=${params}`);
    if (out) writeFileSync(`${out}/atelier-kpi-en.pdf`, enPdf.raw.rawPayload);
    expect(pdfText(enPdf.raw.rawPayload)).toContain('Workshop KPI report');
    const xlsx = await get(`/api/report/excel/kpi-report/atelier?params=${params}`);
    expect(xlsx.status).toBe(200);
    const rows = (await readXlsx(xlsx.raw.rawPayload))[0].rows;
    expect(rows.find((r) => r[0] === '2025-01-31')?.slice(0, 4)).toEqual(['2025-01-31', '100', '90', '10']);
    expect(rows.find((r) => r[0] === '2025-01')?.slice(0, 6)).toEqual(['2025-01', '1', '1', '100', '2', '1']);
  });

  it('atelier PDF and Excel: inspection minutes per product over the day period, with the total', async () => {
    const params = q({ startDt: '2025-05-01', endDt: '2025-05-31', startMonth: '2025-05', endMonth: '2025-05' });
    const pdf = await get(`/api/report/pdf/kpi-report/atelier?params=${params}`, viewer.token, kr);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw.rawPayload);
    for (const v of ['제품별 검사 시간', '건당 검사 시간(분)', '개당 검사 시간(분)', '3.38', '4.8', '2.5', '44'])
      expect(text).toContain(v);
    if (out) writeFileSync(`${out}/atelier-kpi-minutes-kr.pdf`, pdf.raw.rawPayload);
    const enPdf = await get(`/api/report/pdf/kpi-report/atelier?params=${params}`);
    expect(pdfText(enPdf.raw.rawPayload)).toContain('Inspection minutes per product');
    if (out) writeFileSync(`${out}/atelier-kpi-minutes-en.pdf`, enPdf.raw.rawPayload);
    const xlsx = await get(`/api/report/excel/kpi-report/atelier?params=${params}`);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    const header = sheet.rows.findIndex((r) => r[0] === 'Product' && r[1] === 'Inspections');
    expect(sheet.rows[header]).toEqual([
      'Product',
      'Inspections',
      'Timed',
      'Total minutes',
      'Pieces',
      'Min. per inspection',
      'Min. per piece',
    ]);
    expect(sheet.rows[header + 1]).toEqual([`${w.a.code} 제품 A`, '3', '2', '20', '8', '10', '2.5']);
    expect(sheet.rows[header + 2]).toEqual([`${w.b.code} 제품 B`, '2', '2', '24', '5', '12', '4.8']);
    expect(sheet.rows[header + 3]).toEqual(['All products', '5', '4', '44', '13', '11', '3.38']);
    // Numbers stay numbers.
    expect(sheet.sheet.getRow(header + 4).getCell(7).value).toBe(3.38);
  });

  it('400 naming the param, 403 without the menu, 401 without a token', async () => {
    const bad = await get(`/api/report/pdf/kpi-report/monthly?params=${q({ date: '2025-3' })}`);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.date']);
    const extra = await get(`/api/report/excel/kpi-report/monthly?params=${q({ date: '2025-03', x: 1 })}`);
    expect(fieldsOf(extra)).toEqual(['params.x']);
    const long = await get(
      `/api/report/excel/kpi-report/atelier?params=${q({ startDt: '2025-01-01', endDt: '2025-01-02', startMonth: '2025-01', endMonth: '2024-01' })}`,
    );
    expect(fieldsOf(long)).toEqual(['params.endMonth']);
    expect(
      (await get(`/api/report/pdf/kpi-report/monthly?params=${q({ date: '2025-03' })}`, stranger.token)).status,
    ).toBe(403);
    expect((await get(`/api/report/pdf/kpi-report/monthly?params=${q({ date: '2025-03' })}`, null)).status).toBe(401);
    expect((await get(`/api/report/pdf/kpi-report/nope?params=${q({ date: '2025-03' })}`)).status).toBe(404);
  });
});
