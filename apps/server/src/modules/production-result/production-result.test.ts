import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { lots, productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import {
  productionMaterialHistories,
  productionMaterialStocks,
} from '../production-material/production-material.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { workers } from '../worker/worker.table.ts';
import { dailyPlanDefects } from './production-result.table.ts';
import { madeProduct, spreadPlan } from './result-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
});
const viewer = await t.makeUser({ productionProfit: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

const { b, product } = await madeProduct(t, w);
const world = { product };
await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(workers).values({ userId: clerk.user.id, lineId: w.line.id }));

/** A plan of `qty` from today over 5 days, spread; its daily plans by sequence. */
const makePlan = (qty = 10) => spreadPlan(call, product.id, w.line.id, today, qty);
const receiveA = (qty: number, extra: Record<string, unknown> = {}) =>
  receive(t, clerk.token, { materialId: w.material.id, qty, locationId: w.shelf.id, ...extra });
const receiveB = (qty: number) => receive(t, clerk.token, { materialId: b.id, qty, locationId: w.shelf.id });
const release = async (stockId: number, planId: number, qty: number) => {
  const res = await call('POST', '/api/material-stock/ship-out', { stockId, planId, qty });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
};
const save = (body: Record<string, unknown>, token?: string | null) =>
  call('PUT', '/api/productionprofit', body, token);
const atLine = async (planId: number) =>
  t.db
    .select()
    .from(productionMaterialStocks)
    .where(eq(productionMaterialStocks.planId, planId))
    .orderBy(productionMaterialStocks.id);

describe('the production flow: plan → release → results on every operation → lot → product stock → genealogy', () => {
  it('consumes first released first, makes the lot with its expiry, stores the good quantity, and corrects both ways', async () => {
    const { plan, first, last } = await makePlan(10);
    const p1 = await receiveA(10, { expiryDate: addDays(today, 100) });
    const p2 = await receiveA(20, { expiryDate: addDays(today, 20) });
    const pb = await receiveB(12);
    await release(p1.id, plan.id, 10);
    await release(p2.id, plan.id, 15);
    await release(pb.id, plan.id, 12);

    // Forming: 5 good + 1 bad (FUNCTION) → 6 units: A 13.2 KG (10 from p1, released first, then 3.2 from p2), B 6.
    const formed = await save({
      id: first[0].id,
      goodQty: 5,
      badQty: 1,
      defects: [{ defectCode: 'FUNCTION', qty: 1 }],
      workerId: clerk.user.id,
    });
    expect(formed.status, JSON.stringify(formed.body)).toBe(200);
    expect(formed.body.data).toMatchObject({
      id: first[0].id,
      status: 'WORKING',
      goodQty: 5,
      badQty: 1,
      workerId: clerk.user.id,
      workerName: clerk.user.username,
      defects: [{ defectCode: 'FUNCTION', qty: 1 }],
      lotId: null,
      lastSeq: 2,
    });
    expect(formed.body.data.startedAt).not.toBeNull();
    const consumed = formed.body.data.consumptions.map((c: { packageId: string; qty: number }) => [c.packageId, c.qty]);
    expect(consumed).toEqual(
      expect.arrayContaining([
        [p1.packageId, 10],
        [p2.packageId, 3.2],
        [pb.packageId, 6],
      ]),
    );
    const rows = await atLine(plan.id);
    expect(rows.map((r) => [r.stockId, r.qty, r.consumedQty])).toEqual([
      [p1.id, 0, 10],
      [p2.id, 11.8, 3.2],
      [pb.id, 6, 6],
    ]);

    // Packing: 5 good → the plan's lot, 5 on the factory's first warehouse shelf; expiry from p2 (day + 20 < day + 30).
    const packed = await save({ id: last[0].id, goodQty: 5, badQty: 0, status: 'WORK_COMPLETED' });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const lotId = `L${today.replaceAll('-', '')}-${world.product.code.toUpperCase()}-${String(plan.lotSeq).padStart(3, '0')}`;
    expect(packed.body.data).toMatchObject({
      status: 'WORK_COMPLETED',
      lotId,
      stockLocationId: w.shelf.id,
      consumptions: [],
    });
    expect(packed.body.data.endedAt).not.toBeNull();
    const [lot] = await t.db.select().from(lots).where(eq(lots.planId, plan.id));
    expect(lot).toMatchObject({
      lotId,
      day: today,
      expiryDate: addDays(today, 20),
      expiryReason: 'MATERIAL',
      expiryPackageId: p2.packageId,
    });
    const [stock] = await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id));
    expect(stock).toMatchObject({ locationId: w.shelf.id, qty: 5 });

    // Corrections: forming down to 4 + 1 (A 11: 2.2 back to p2, taken last), packing down to 4 (1 out of the lot).
    expect(
      (await save({ id: first[0].id, goodQty: 4, badQty: 1, defects: [{ defectCode: 'FUNCTION', qty: 1 }] })).status,
    ).toBe(200);
    expect((await save({ id: last[0].id, goodQty: 4, badQty: 0 })).status).toBe(200);
    const after = await atLine(plan.id);
    expect(after.map((r) => [r.qty, r.consumedQty])).toEqual([
      [0, 10],
      [14, 1],
      [7, 5],
    ]);
    for (const r of after) near(r.releasedQty, r.consumedQty + r.restockedQty + r.qty);
    const [stockAfter] = await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id));
    expect(stockAfter.qty).toBe(4);
    const ledger = await t.db
      .select()
      .from(productStockHistories)
      .where(eq(productStockHistories.productStockId, stock.id));
    expect(ledger.map((h) => [h.type, h.qty, h.balance, h.dailyPlanId])).toEqual([
      ['PRODUCE', 5, 5, last[0].id],
      ['PRODUCE', -1, 4, last[0].id],
    ]);

    // The next day's packing adds to the same lot; its consumption ledger names each daily plan.
    const more = await save({ id: first[1].id, goodQty: 1, badQty: 0 });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect((await save({ id: last[1].id, goodQty: 1, badQty: 0 })).body.data.lotId).toBe(lotId);
    expect((await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id)))[0].qty).toBe(5);
    const consumes = await t.db
      .select()
      .from(productionMaterialHistories)
      .where(eq(productionMaterialHistories.planId, plan.id));
    expect(new Set(consumes.filter((c) => c.type === 'CONSUME').map((c) => c.dailyPlanId))).toEqual(
      new Set([first[0].id, first[1].id]),
    );

    // The edit history of a result: its daily plan's change history.
    const history = await call('GET', `/api/productionprofit/${first[0].id}/history`, undefined, viewer.token);
    expect(history.status).toBe(200);
    expect(
      history.body.data.filter((h: { revisionType: string }) => h.revisionType === 'MOD').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('409 INSUFFICIENT_BOM_STOCK lists each short material; nothing is written', async () => {
    const { plan, first } = await makePlan(10);
    const p = await receiveA(5);
    await release(p.id, plan.id, 5);
    const res = await save({ id: first[0].id, goodQty: 3, badQty: 0 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_BOM_STOCK');
    expect(res.body.extraData.shortages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ materialId: w.material.id, requiredQty: 6.6, stockQty: 5, shortageQty: 1.6 }),
        expect.objectContaining({ materialId: b.id, requiredQty: 3, stockQty: 0, shortageQty: 3 }),
      ]),
    );
    const [d] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[0].id));
    expect(d).toMatchObject({ status: 'PLAN_COMPLETED', goodQty: 0 });
    expect((await atLine(plan.id))[0]).toMatchObject({ qty: 5, consumedQty: 0 });
  });

  it('a result with no material in the BOM of its operation, and zero quantities, passes; a plan not started stays clean', async () => {
    const { last } = await makePlan(4);
    // The last operation consumes nothing (material enters at the first); with no good quantity nothing is stored.
    const res = await save({ id: last[0].id, goodQty: 0, badQty: 2, defects: [{ defectCode: 'APPEARANCE', qty: 2 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'WORKING', badQty: 2, lotId: null });
  });

  it("defects become the body's: changed rows only, none written when unchanged, kept without a list, gone at 0 bad", async () => {
    const { last } = await makePlan(4);
    const id = last[0].id;
    const defectsOf = async (body: Record<string, unknown>) => {
      const res = await save({ id, goodQty: 0, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.defects;
    };
    const rows = () =>
      t.db.select().from(dailyPlanDefects).where(eq(dailyPlanDefects.dailyPlanId, id)).orderBy(dailyPlanDefects.id);
    const revisions = async () => {
      const ids = (await rows()).map((r) => String(r.id));
      const all = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'daily_plan_defects'));
      return all.filter((h) => ids.includes(String(h.rowId))).length;
    };
    expect(await defectsOf({ badQty: 2, defects: [{ defectCode: 'APPEARANCE', qty: 2 }] })).toEqual([
      { defectCode: 'APPEARANCE', qty: 2 },
    ]);
    const [appearance] = await rows();
    const before = await revisions();
    await defectsOf({ badQty: 2, defects: [{ defectCode: 'APPEARANCE', qty: 2 }] });
    expect(await revisions()).toBe(before);
    expect(
      await defectsOf({
        badQty: 3,
        defects: [
          { defectCode: 'FUNCTION', qty: 2 },
          { defectCode: 'APPEARANCE', qty: 1 },
        ],
      }),
    ).toEqual([
      { defectCode: 'APPEARANCE', qty: 1 },
      { defectCode: 'FUNCTION', qty: 2 },
    ]);
    expect((await rows())[0]).toMatchObject({ id: appearance.id, qty: 1 });
    expect(await defectsOf({ badQty: 2, defects: [{ defectCode: 'FUNCTION', qty: 2 }] })).toEqual([
      { defectCode: 'FUNCTION', qty: 2 },
    ]);
    expect(await defectsOf({ badQty: 2 })).toEqual([{ defectCode: 'FUNCTION', qty: 2 }]);
    expect(await defectsOf({ badQty: 0 })).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});

describe('PUT /api/productionprofit validation and rights', () => {
  it('400 on the field: defects not adding up, an unknown defect type, quantities on a plan not started, end before start, unknown worker', async () => {
    const { first } = await makePlan(2);
    const cases: [Record<string, unknown>, string][] = [
      [{ goodQty: 0, badQty: 2, defects: [{ defectCode: 'FUNCTION', qty: 1 }] }, 'badQty'],
      [{ goodQty: 0, badQty: 1, defects: [{ defectCode: 'NOPE', qty: 1 }] }, 'defects.0.defectCode'],
      [{ goodQty: 1, badQty: 0, status: 'PLAN_COMPLETED' }, 'status'],
      [{ goodQty: 0, badQty: 0, status: 'WORKING', startedAt: `${today} 10:00`, endedAt: `${today} 09:00` }, 'endedAt'],
      [{ goodQty: 0, badQty: 0, workerId: 999999 }, 'workerId'],
      [{ goodQty: -1, badQty: 0 }, 'goodQty'],
      [{ goodQty: 1.123456, badQty: 0 }, 'goodQty'],
      [{ goodQty: 0, badQty: 0, startedAt: '2026-13-01 10:00' }, 'startedAt'],
    ];
    for (const [body, field] of cases) {
      const res = await save({ id: first[0].id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    const [d] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[0].id));
    expect(d).toMatchObject({ status: 'PLAN_COMPLETED', goodQty: 0, badQty: 0 });
  });

  it('times are the factory wall clock; 401 without a token, 403 without modify, 404 for a missing daily plan', async () => {
    const { first } = await makePlan(2);
    const res = await save({
      id: first[1].id,
      goodQty: 0,
      badQty: 0,
      status: 'WORK_COMPLETED',
      startedAt: '2026-11-26 08:30',
      endedAt: '2026-11-26 17:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (t.config.timeZone === 'Asia/Seoul') {
      expect(res.body.data.startedAt).toBe('2026-11-25T23:30:00.000Z');
      expect(res.body.data.endedAt).toBe('2026-11-26T08:00:00.000Z');
    }
    expect((await save({ id: first[0].id, goodQty: 0, badQty: 0 }, null)).status).toBe(401);
    expect((await save({ id: first[0].id, goodQty: 0, badQty: 0 }, viewer.token)).status).toBe(403);
    expect((await save({ id: 99999999, goodQty: 0, badQty: 0 })).status).toBe(404);
    expect((await call('GET', '/api/productionprofit/99999999', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', '/api/productionprofit/99999999/history', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', `/api/productionprofit/${first[0].id}`, undefined, stranger.token)).status).toBe(403);
  });
});

describe('GET /api/productionprofit/dailyplans', () => {
  it('results of a period, filtered by location, text and status, one page with the total; 400 beyond 93 days', async () => {
    const { first } = await makePlan(3);
    const p = await receiveA(10);
    const pb = await receiveB(10);
    const { plan: other } = await makePlan(3);
    void other;
    const planId = (await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[0].id)))[0].planId;
    await release(p.id, planId, 10);
    await release(pb.id, planId, 10);
    expect((await save({ id: first[0].id, goodQty: 1, badQty: 0 })).status).toBe(200);
    const q = `startDt=${today}&endDt=${addDays(today, 4)}&locationId=${w.factory.id}&q=${world.product.code}`;
    const all = await call('GET', `/api/productionprofit/dailyplans?${q}`, undefined, viewer.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(20);
    const working = await call(
      'GET',
      `/api/productionprofit/dailyplans?${q}&status=WORKING&size=5`,
      undefined,
      viewer.token,
    );
    expect(working.body.data.map((r: { id: number }) => r.id)).toContain(first[0].id);
    expect(working.body.data.every((r: { status: string }) => r.status === 'WORKING')).toBe(true);
    const far = await call(
      'GET',
      `/api/productionprofit/dailyplans?startDt=${today}&endDt=${addDays(today, 100)}`,
      undefined,
      viewer.token,
    );
    expect(far.status).toBe(400);
    expect(fieldsOf(far)).toContain('endDt');
    expect((await call('GET', `/api/productionprofit/dailyplans?${q}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/productionprofit/dailyplans?${q}`, undefined, stranger.token)).status).toBe(403);
  });
});

describe('kiosk', () => {
  it("locations, the line's works of today with its workers and shelves, daily plans and operation plans of plans", async () => {
    const { plan, first } = await makePlan(5);
    const locs = await call('GET', '/api/kiosk/locations', undefined, viewer.token);
    expect(locs.status).toBe(200);
    const fab = locs.body.data.find((f: { id: number }) => f.id === w.factory.id);
    expect(fab.lines).toEqual([{ id: w.line.id, name: w.line.name }]);
    const works = await call(
      'GET',
      `/api/kiosk/works?fabId=${w.factory.id}&lineId=${w.line.id}`,
      undefined,
      viewer.token,
    );
    expect(works.status).toBe(200);
    expect(works.body.data).toMatchObject({ day: today, lineId: w.line.id });
    expect(works.body.data.dailyPlans.map((d: { id: number }) => d.id)).toContain(first[0].id);
    expect(
      works.body.data.dailyPlans.every(
        (d: { day: string; status: string }) => d.day === today || d.status === 'WORKING',
      ),
    ).toBe(true);
    expect(works.body.data.workers).toEqual([
      { id: clerk.user.id, userId: clerk.user.userId, username: clerk.user.username },
    ]);
    expect(works.body.data.shelves.map((s: { id: number }) => s.id)).toEqual([w.shelf.id]);
    const wrongFab = await call(
      'GET',
      `/api/kiosk/works?fabId=${w.site.id}&lineId=${w.line.id}`,
      undefined,
      viewer.token,
    );
    expect(wrongFab.status).toBe(404);
    expect((await call('GET', `/api/kiosk/works?fabId=x&lineId=${w.line.id}`, undefined, viewer.token)).status).toBe(
      400,
    );
    const daily = await call('GET', `/api/kiosk/daily-plans?planIds=${plan.id}`, undefined, viewer.token);
    expect(daily.body.data.length).toBe(10);
    expect((await call('GET', '/api/kiosk/daily-plans', undefined, viewer.token)).status).toBe(400);
    const opers = await call('GET', `/api/kiosk/oper-plans?productIds=${world.product.id}`, undefined, viewer.token);
    expect(opers.body.data.map((o: { planId: number }) => o.planId)).toContain(plan.id);
    expect((await call('GET', '/api/kiosk/locations', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/kiosk/locations', undefined, stranger.token)).status).toBe(403);
  });

  it('PUT /kiosk/daily-plans saves all or none; a bad item names its field by position', async () => {
    const { plan, first } = await makePlan(5);
    const pa = await receiveA(30);
    const pb = await receiveB(30);
    await release(pa.id, plan.id, 30);
    await release(pb.id, plan.id, 30);
    const ok = await call('PUT', '/api/kiosk/daily-plans', {
      dailyPlans: [
        { id: first[0].id, goodQty: 0, badQty: 0, status: 'WORKING' },
        { id: first[1].id, goodQty: 1, badQty: 0 },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.map((d: { status: string }) => d.status)).toEqual(['WORKING', 'WORKING']);
    const bad = await call('PUT', '/api/kiosk/daily-plans', {
      dailyPlans: [
        { id: first[2].id, goodQty: 1, badQty: 0 },
        { id: first[3].id, goodQty: 0, badQty: 1, defects: [{ defectCode: 'NOPE', qty: 1 }] },
      ],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toContain('dailyPlans.1.defects.0.defectCode');
    const [d2] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[2].id));
    expect(d2.goodQty).toBe(0);
    expect((await call('PUT', '/api/kiosk/daily-plans', { dailyPlans: [] })).status).toBe(400);
    expect(
      (
        await call(
          'PUT',
          '/api/kiosk/daily-plans',
          { dailyPlans: [{ id: first[0].id, goodQty: 0, badQty: 0 }] },
          viewer.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('concurrency', () => {
  it('100 concurrent results on one plan consume at most what was released; quantities conserved exactly', async () => {
    const { plan } = await makePlan(200);
    // 100 daily plans of the first operation: one per result.
    const opers = (await call('GET', `/api/productionplan/plan/${plan.id}/operplans`)).body.data as { id: number }[];
    const set = await call('POST', '/api/productionplan/operplan/daily-plans', {
      operPlanId: opers[0].id,
      dailyPlans: Array.from({ length: 100 }, (_, i) => ({ day: addDays(today, i % 5), targetQty: 2 })),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const days = set.body.data as { id: number }[];
    const pa = await receiveA(60);
    const pa2 = await receiveA(60);
    const pb = await receiveB(200);
    await release(pa.id, plan.id, 60);
    await release(pa2.id, plan.id, 50);
    await release(pb.id, plan.id, 200);
    // Each result of 1 unit takes 2.2 KG of A: 110 KG covers exactly 50.
    const results = await Promise.all(days.map((d) => save({ id: d.id, goodQty: 1, badQty: 0 })));
    for (const r of results)
      if (r.status !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('INSUFFICIENT_BOM_STOCK');
    expect(results.filter((r) => r.status === 200).length).toBe(50);
    const rows = await atLine(plan.id);
    for (const r of rows) {
      expect(r.qty).toBeGreaterThanOrEqual(0);
      near(r.releasedQty, r.consumedQty + r.restockedQty + r.qty);
      const ledger = await t.db
        .select()
        .from(productionMaterialHistories)
        .where(eq(productionMaterialHistories.prodStockId, r.id));
      near(
        ledger.reduce((s, h) => s + h.qty, 0),
        r.qty,
      );
    }
    near(
      rows.filter((r) => r.materialId === w.material.id).reduce((s, r) => s + r.consumedQty, 0),
      110,
    );
    const made = await t.db
      .select()
      .from(dailyPlans)
      .where(
        inArray(
          dailyPlans.id,
          days.map((d) => d.id),
        ),
      );
    expect(made.reduce((s, d) => s + d.goodQty, 0)).toBe(50);
  });
});

describe('the factory day at the kiosk (Asia/Seoul, across midnight)', () => {
  it("23:59 in Seoul is still that day's work; a minute later the next day's", async () => {
    const { kioskWorks } = await import('./production-result.views.ts');
    const { plan } = await makePlan(4);
    const opers = (await call('GET', `/api/productionplan/plan/${plan.id}/operplans`)).body.data as { id: number }[];
    // Daily plans on 2026-11-26 and 2026-11-27 (Seoul days), whatever today is here.
    await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      await tx.update(dailyPlans).set({ day: '2026-11-26' }).where(eq(dailyPlans.operPlanId, opers[0].id));
      await tx.update(dailyPlans).set({ day: '2026-11-27' }).where(eq(dailyPlans.operPlanId, opers[1].id));
    });
    const daysAt = async (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
      try {
        const works = await kioskWorks(t.db, { fabId: w.factory.id, lineId: w.line.id }, 'Asia/Seoul');
        return {
          day: works.day,
          days: [...new Set(works.dailyPlans.filter((d) => d.planId === plan.id).map((d) => d.day))],
        };
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await daysAt('2026-11-26T14:59:00Z')).toEqual({ day: '2026-11-26', days: ['2026-11-26'] });
    expect(await daysAt('2026-11-26T15:00:00Z')).toEqual({ day: '2026-11-27', days: ['2026-11-27'] });
  });
});
