import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { parameters, traceData } from '../parameter/parameter.table.ts';
import { makeOperation } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { tools } from '../tool/tool.table.ts';
import { periodRanges } from './widget.service.ts';

// The widgets and the AI assistant's production data against hand-computed figures of a small fixed data set built
// around the factory's today (D) and yesterday (Y); each file has a database of its own, so this is all there is.
//
//   factory ── line1: tools T1, T2      line2: tool T3
//   plan X (P1, 100, line1, D-40 … D+5): op A seq 1 (tool T1, 60 s/unit), op B seq 2 (tool T2, 72 s/unit)
//     Y: A target 50 good 50 bad 0 (done, on T1)       B target 50 good 45 bad 5 (done, on T2)
//     D: A target 50 good 40 bad 2 (WORKING, no tool → T1 from its op)   B target 50 good 30 bad 3 (WORKING, T2)
//     D-3: B target 10, nothing made, still WORKING (T2)
//   plan Y (P2, 20, line2, D … D): op A (tool T3, no cycle time): D target 20 good 10 bad 0 (done)
//   plan Z (P3, 10, line1, D+1 … D+1): op B (tool T2): D+1 target 10, not started
//   parameters: PA (T1, 10…20: 15 then 25 → HIGH), PB (T1, 10…20: 5 → LOW), PC (T2: no data), PD (T2, 10…20: 12 → OK)
//   stock of P1 (safety 50): lot 1 at the shelf 30, at T1 12, disposed 7 elsewhere; lot 2 at the shelf 0. P2: none.

const t = await createTestApp();
const viewer = await t.makeUser({ dashboard: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const D = todayIn(t.config.timeZone);
const Y = addDays(D, -1);
const T = addDays(D, 1);

const w = await (async () => {
  const { factory, line, shelf, warehouse } = await locationBranch(t.db);
  const opA = await makeOperation(t.db);
  const opB = await makeOperation(t.db);
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [line2] = await tx
      .insert(locations)
      .values({ name: uniq('LINE'), type: 'LINE', parentId: factory.id, code: uniq('L') })
      .returning();
    const tool = async (prefix: string, locationId: number) =>
      (
        await tx
          .insert(tools)
          .values({ code: uniq(prefix), name: uniq('설비'), locationId })
          .returning()
      )[0];
    const t1 = await tool('WA', line.id);
    const t2 = await tool('WB', line.id);
    const t3 = await tool('WC', line2.id);
    // A rack in the warehouse: a tool that holds stock and runs no operation.
    const rack = await tool('WR', warehouse.id);
    const product = async (safetyStock: number | null) =>
      (
        await tx
          .insert(products)
          .values({ code: uniq('WP'), name: uniq('제품'), type: 'FINISHED', unit: 'EA', safetyStock })
          .returning()
      )[0];
    const p1 = await product(50);
    const p2 = await product(null);
    const p3 = await product(null);
    const plan = async (productId: number, qty: number, lineId: number, startDt: string, endDt: string) =>
      (await tx.insert(productionPlans).values({ productId, qty, startDt, endDt, lineId, lotSeq: 1 }).returning())[0];
    const oper = async (planId: number, seq: number, operationId: number, toolId: number, cycleTime: number | null) =>
      (
        await tx
          .insert(productionOperPlans)
          .values({ planId, seq, operationId, toolId, cycleTime, targetQty: 100 })
          .returning()
      )[0];
    const daily = async (
      o: { id: number; planId: number },
      day: string,
      toolId: number | null,
      targetQty: number,
      goodQty: number,
      badQty: number,
      status: string,
    ) =>
      (
        await tx
          .insert(dailyPlans)
          .values({
            planId: o.planId,
            operPlanId: o.id,
            day,
            toolId,
            targetQty,
            goodQty,
            badQty,
            status,
            startedAt: status === 'PLAN_COMPLETED' ? null : new Date(`${day}T00:00:00Z`),
          })
          .returning()
      )[0];
    const x = await plan(p1.id, 100, line.id, addDays(D, -40), addDays(D, 5));
    const xA = await oper(x.id, 1, opA.id, t1.id, 60);
    const xB = await oper(x.id, 2, opB.id, t2.id, 72);
    await daily(xA, Y, t1.id, 50, 50, 0, 'WORK_COMPLETED');
    await daily(xB, Y, t2.id, 50, 45, 5, 'WORK_COMPLETED');
    const xAD = await daily(xA, D, null, 50, 40, 2, 'WORKING');
    const xBD = await daily(xB, D, t2.id, 50, 30, 3, 'WORKING');
    // Left WORKING three days ago with nothing made: T2's current work is still today's, the latest started.
    await daily(xB, addDays(D, -3), t2.id, 10, 0, 0, 'WORKING');
    const y = await plan(p2.id, 20, line2.id, D, D);
    const yA = await oper(y.id, 1, opA.id, t3.id, null);
    await daily(yA, D, null, 20, 10, 0, 'WORK_COMPLETED');
    const z = await plan(p3.id, 10, line.id, T, T);
    const zB = await oper(z.id, 1, opB.id, t2.id, 72);
    await daily(zB, T, t2.id, 10, 0, 0, 'PLAN_COMPLETED');

    const param = async (toolId: number, code: string, limits: boolean) =>
      (
        await tx
          .insert(parameters)
          .values({
            toolId,
            code: `${code}${uniq('')}`,
            name: uniq('파라미터'),
            unit: 'kg',
            lowerLimit: limits ? 10 : null,
            upperLimit: limits ? 20 : null,
          })
          .returning()
      )[0];
    const pa = await param(t1.id, 'A', true);
    const pb = await param(t1.id, 'B', true);
    const pc = await param(t2.id, 'C', false);
    const pd = await param(t2.id, 'D', true);
    const at = (s: string) => new Date(s);
    await tx.insert(traceData).values([
      { parameterId: pa.id, ts: at('2037-01-01T00:00:00Z'), value: 15 },
      { parameterId: pa.id, ts: at('2037-01-01T00:00:01.250Z'), value: 25 },
      { parameterId: pb.id, ts: at('2037-01-01T00:00:00Z'), value: 5 },
      { parameterId: pd.id, ts: at('2037-01-01T00:00:00Z'), value: 12 },
    ]);

    const lot = async (lotId: string, planId: number | null) =>
      (await tx.insert(lots).values({ lotId, productId: p1.id, planId, day: D }).returning())[0];
    const lot1 = await lot(uniq('LOT'), x.id);
    const lot2 = await lot(uniq('LOT'), null);
    await tx.insert(productStocks).values([
      { lotRowId: lot1.id, locationId: shelf.id, qty: 30 },
      { lotRowId: lot1.id, locationId: t1.locationId, qty: 12 },
      { lotRowId: lot1.id, locationId: warehouse.id, qty: 7, disposed: true },
      { lotRowId: lot2.id, locationId: shelf.id, qty: 0 },
    ]);
    return { factory, line, line2, t1, t2, t3, rack, p1, p2, p3, x, y, z, xAD, xBD, pa, pb, pc, pd };
  });
})();

const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'kr' };
const get = (url: string, token: string | null = viewer.token, headers = en) =>
  t.inject({ method: 'GET', url, token, headers });
const ok = async (url: string) => {
  const res = await get(url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const byTool = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.toolId, r]));
const MISSING = 2_000_000_000;

describe('good/bad status (widget today, AI chat any date)', () => {
  it("today's good and bad per line and tool under the factory; a line alone; a tool from the operation plan", async () => {
    const data = await ok(`/api/widget/good-bad-status/data?locationId=${w.factory.id}`);
    expect(data.date).toBe(D);
    const rows = byTool(data.rows);
    expect(Object.keys(rows).map(Number).sort()).toEqual([w.t1.id, w.t2.id, w.t3.id].sort());
    // T1: the daily plan has no tool, its operation plan's is T1: 2 ÷ 42 = 4.76 %; T2: 3 ÷ 33 = 9.09 %.
    expect(rows[w.t1.id]).toMatchObject({ lineId: w.line.id, goodQty: 40, badQty: 2, defectRate: 4.76 });
    expect(rows[w.t2.id]).toMatchObject({ lineId: w.line.id, goodQty: 30, badQty: 3, defectRate: 9.09 });
    expect(rows[w.t3.id]).toMatchObject({ lineId: w.line2.id, goodQty: 10, badQty: 0, defectRate: 0 });
    expect(data.total).toEqual({ goodQty: 80, badQty: 5, defectRate: 5.88 });
    const line2 = await ok(`/api/widget/good-bad-status/data?locationId=${w.line2.id}`);
    expect(line2.rows.map((r: any) => r.toolId)).toEqual([w.t3.id]);
  });

  it('AI chat: the same query for yesterday; a day without results is empty with no rate', async () => {
    const data = await ok(`/api/ai-chat/production/good-bad-status?date=${Y}&locationId=${w.factory.id}`);
    const rows = byTool(data.rows);
    expect(rows[w.t1.id]).toMatchObject({ goodQty: 50, badQty: 0, defectRate: 0 });
    expect(rows[w.t2.id]).toMatchObject({ goodQty: 45, badQty: 5, defectRate: 10 });
    expect(data.total).toEqual({ goodQty: 95, badQty: 5, defectRate: 5 });
    const none = await ok(`/api/ai-chat/production/good-bad-status?date=2001-01-01&locationId=${w.factory.id}`);
    expect(none).toEqual({
      date: '2001-01-01',
      locationId: w.factory.id,
      rows: [],
      total: { goodQty: 0, badQty: 0, defectRate: null },
    });
  });
});

describe('tool production, line work status', () => {
  it('per tool over the day; the week and month include yesterday when it lies in them', async () => {
    const day = await ok(`/api/widget/tool-product/data?locationId=${w.factory.id}&period=day`);
    expect([day.startDt, day.endDt]).toEqual([D, D]);
    expect(day.tools.map((r: any) => [r.toolId, r.goodQty, r.badQty])).toEqual([
      [w.t1.id, 40, 2],
      [w.t2.id, 30, 3],
      [w.t3.id, 10, 0],
    ]);
    for (const period of ['week', 'month'] as const) {
      const data = await ok(`/api/widget/tool-product/data?locationId=${w.factory.id}&period=${period}`);
      const monday = addDays(D, -((new Date(`${D}T00:00:00Z`).getUTCDay() + 6) % 7));
      const start = period === 'week' ? monday : `${D.slice(0, 7)}-01`;
      expect([data.startDt, data.endDt]).toEqual([start, D]);
      const withY = Y >= start;
      const rows = byTool(data.tools);
      expect([rows[w.t1.id].goodQty, rows[w.t1.id].badQty]).toEqual(withY ? [90, 2] : [40, 2]);
      expect([rows[w.t2.id].goodQty, rows[w.t2.id].badQty]).toEqual(withY ? [75, 8] : [30, 3]);
    }
    // Tools on lines by code (WA… < WB… < WC…; the warehouse's rack WR… is none), every one even with nothing made.
    const line2 = await ok(`/api/widget/tool-product/data?locationId=${w.line2.id}&period=day`);
    expect(line2.tools).toEqual([
      {
        toolId: w.t3.id,
        toolCode: w.t3.code,
        toolName: w.t3.name,
        lineName: w.line2.name,
        goodQty: 10,
        badQty: 0,
        defectRate: 0,
      },
    ]);
  });

  it("each tool's WORKING daily plan with progress = good ÷ target; an idle tool has none", async () => {
    const data = await ok(`/api/widget/line-work-status/data?locationId=${w.factory.id}`);
    const rows = byTool(data.tools);
    expect(rows[w.t1.id].work).toMatchObject({
      dailyPlanId: w.xAD.id,
      planId: w.x.id,
      day: D,
      productId: w.p1.id,
      productCode: w.p1.code,
      targetQty: 50,
      goodQty: 40,
      badQty: 2,
      progress: 80,
      startedAt: `${D}T00:00:00.000Z`,
    });
    expect(rows[w.t2.id].work).toMatchObject({ dailyPlanId: w.xBD.id, progress: 60 });
    expect(rows[w.t3.id]).toMatchObject({ lineId: w.line2.id, work: null });
    // Tools on lines only: the warehouse's rack is no work place.
    expect(data.tools.map((r: any) => r.toolId).sort()).toEqual([w.t1.id, w.t2.id, w.t3.id].sort());
  });
});

describe('machine values', () => {
  it('current trace data: latest value, time and state in the order asked', async () => {
    const ids = [w.pd.id, w.pa.id, w.pb.id, w.pc.id];
    const data = await ok(`/api/widget/current-trace-data/data?${ids.map((id) => `parameterIds=${id}`).join('&')}`);
    expect(data.map((v: any) => [v.parameterId, v.value, v.ts, v.state])).toEqual([
      [w.pd.id, 12, '2037-01-01T00:00:00.000Z', 'OK'],
      [w.pa.id, 25, '2037-01-01T00:00:01.250Z', 'HIGH'],
      [w.pb.id, 5, '2037-01-01T00:00:00.000Z', 'LOW'],
      [w.pc.id, null, null, 'NO_DATA'],
    ]);
    expect(data[1]).toMatchObject({ toolId: w.t1.id, lowerLimit: 10, upperLimit: 20, unit: 'kg', code: w.pa.code });
  });

  it('scale status: group and weight values grouped per tool by tool code; the tool-parameter tree', async () => {
    const data = await ok(
      `/api/widget/scale-status/data?groupParameterIds=${w.pc.id}&weightParameterIds=${w.pa.id}&weightParameterIds=${w.pd.id}`,
    );
    expect(
      data.groups.map((g: any) => [
        g.toolId,
        g.groupValues.map((v: any) => [v.parameterId, v.value]),
        g.weights.map((v: any) => [v.parameterId, v.value]),
      ]),
    ).toEqual([
      [w.t1.id, [], [[w.pa.id, 25]]],
      [w.t2.id, [[w.pc.id, null]], [[w.pd.id, 12]]],
    ]);
    const tree = await ok('/api/widget/scale-status/tool-parameter-tree');
    const t1 = tree.find((n: any) => n.toolId === w.t1.id);
    expect(t1).toMatchObject({ key: `tool-${w.t1.id}`, toolCode: w.t1.code, locationPath: expect.any(String) });
    expect(t1.children.map((c: any) => c.parameterId)).toEqual([w.pa.id, w.pb.id]);
    expect(tree.some((n: any) => n.toolId === w.t3.id)).toBe(false);
  });
});

describe('production status, product stock', () => {
  it("today: planned and good of each plan's last operation, bad of every operation", async () => {
    const data = await ok('/api/widget/today-prod-status/data');
    // planned: X's B 50 + Y's A 20; good 30 + 10; bad 2 + 3 + 0: 40 ÷ 70 = 57.1 %, 5 ÷ 45 = 11.11 %.
    expect(data.total).toEqual({ plannedQty: 70, goodQty: 40, badQty: 5, achievementRate: 57.1, defectRate: 11.11 });
    expect([data.fromDate, data.toDate]).toEqual([D, D]);
    expect(data.products.map((p: any) => p.productId).sort()).toEqual([w.p1.id, w.p2.id].sort());
  });

  it('AI chat: the same figures over yesterday … today', async () => {
    const data = await ok(`/api/ai-chat/production/prod-status?fromDate=${Y}&toDate=${D}`);
    // planned 50 + 50 + 20; good 45 + 30 + 10; bad 5 + 2 + 3: 85 ÷ 120 = 70.8 %, 10 ÷ 95 = 10.53 %.
    expect(data.total).toEqual({ plannedQty: 120, goodQty: 85, badQty: 10, achievementRate: 70.8, defectRate: 10.53 });
    const p1 = data.products.find((p: any) => p.productId === w.p1.id);
    expect(p1).toMatchObject({ plannedQty: 100, goodQty: 75, badQty: 10, achievementRate: 75, defectRate: 11.76 });
  });

  it('product stock: not disposed, lots with a quantity, below safety stock; in the order asked', async () => {
    const data = await ok(`/api/widget/product-stock-status?productIds=${w.p2.id}&productIds=${w.p1.id}`);
    expect(data).toEqual([
      {
        productId: w.p2.id,
        productCode: w.p2.code,
        productName: w.p2.name,
        unit: 'EA',
        qty: 0,
        lotCount: 0,
        safetyStock: null,
        belowSafety: false,
      },
      {
        productId: w.p1.id,
        productCode: w.p1.code,
        productName: w.p1.name,
        unit: 'EA',
        qty: 42,
        lotCount: 1,
        safetyStock: 50,
        belowSafety: true,
      },
    ]);
  });
});

describe('plans by status', () => {
  it("the date's plans under the location, counted by status", async () => {
    const today = await ok(`/api/widget/all-production-plan-status/data?locationId=${w.factory.id}&date=${D}`);
    expect(today.counts).toEqual({ PLAN_COMPLETED: 0, WORKING: 1, WORK_COMPLETED: 1, total: 2 });
    expect(today.plans.map((p: any) => [p.id, p.status])).toEqual([
      [w.y.id, 'WORK_COMPLETED'],
      [w.x.id, 'WORKING'],
    ]);
    const tomorrow = await ok(`/api/widget/all-production-plan-status/data?locationId=${w.line.id}&date=${T}`);
    expect(tomorrow.counts).toEqual({ PLAN_COMPLETED: 1, WORKING: 1, WORK_COMPLETED: 0, total: 2 });
    expect(tomorrow.plans.map((p: any) => p.id)).toEqual([w.z.id, w.x.id]);
  });

  it("today's plans per line; a tool's plans of today", async () => {
    const data = await ok(`/api/widget/production-plan-status/data?locationId=${w.factory.id}`);
    expect(data.counts).toEqual({ PLAN_COMPLETED: 0, WORKING: 1, WORK_COMPLETED: 1, total: 2 });
    expect(Object.fromEntries(data.lines.map((l: any) => [l.lineId, l.counts]))).toEqual({
      [w.line.id]: { PLAN_COMPLETED: 0, WORKING: 1, WORK_COMPLETED: 0, total: 1 },
      [w.line2.id]: { PLAN_COMPLETED: 0, WORKING: 0, WORK_COMPLETED: 1, total: 1 },
    });
    // T2 runs X's B today and Z's B tomorrow: only X; T3 runs Y.
    const t2 = await ok(`/api/widget/prod-plan-status-by-tool/data?toolId=${w.t2.id}`);
    expect([t2.date, t2.plans.map((p: any) => p.id), t2.counts.WORKING]).toEqual([D, [w.x.id], 1]);
    const t3 = await ok(`/api/widget/prod-plan-status-by-tool/data?toolId=${w.t3.id}`);
    expect(t3.plans.map((p: any) => [p.id, p.status])).toEqual([[w.y.id, 'WORK_COMPLETED']]);
  });
});

describe('operating rate, defect improvement', () => {
  it('today: (good + bad) × cycle time ÷ base hours; no cycle time counts no time and is reported', async () => {
    // T1: (40 + 2) × 60 s = 0.7 h of 10 h = 7 %.
    expect(await ok(`/api/widget/tool-oper-rate/data?toolId=${w.t1.id}&baseHour=10`)).toEqual({
      startDt: D,
      endDt: D,
      workedHours: 0.7,
      baseHours: 10,
      operRate: 7,
      withoutCycleTime: 0,
    });
    // T3: 10 units without a cycle time; base hours default 8.
    expect(await ok(`/api/widget/tool-oper-rate/data?toolId=${w.t3.id}`)).toMatchObject({
      workedHours: 0,
      baseHours: 8,
      operRate: 0,
      withoutCycleTime: 1,
    });
  });

  it('rise: today vs yesterday, and the week against the whole previous week', async () => {
    // T2: today (30 + 3) × 72 s = 0.66 h → 6.6 %; yesterday (45 + 5) × 72 s = 1 h → 10 %.
    const day = await ok(`/api/widget/tool-oper-rate-raise/data?toolId=${w.t2.id}&baseHour=10&period=day`);
    expect([day.current.operRate, day.previous.operRate, day.raise]).toEqual([6.6, 10, -3.4]);
    expect([day.previous.startDt, day.previous.workedHours]).toEqual([Y, 1]);
    const week = await ok(`/api/widget/tool-oper-rate-raise/data?toolId=${w.t2.id}&baseHour=10&period=week`);
    const r = periodRanges(D, 'week');
    expect([week.current.startDt, week.previous.startDt, week.previous.endDt]).toEqual([
      r.current.startDt,
      addDays(r.current.startDt, -7),
      addDays(r.current.startDt, -1),
    ]);
    expect(week.previous.baseHours).toBe(70);
    // This week holds today and, unless today is Monday, yesterday.
    const days = daysBetween(r.current.startDt, D) + 1;
    const hours = r.current.startDt === D ? 0.66 : 1.66;
    expect(week.current).toMatchObject({ workedHours: hours, baseHours: days * 10 });
  });

  it('defect rate now vs the previous period: improvement in points and in percent', async () => {
    const data = await ok(`/api/widget/defect-improve-rate/data?locationId=${w.factory.id}&period=day`);
    // Today good (last operations) 30 + 10, bad 2 + 3 → 11.11 %; yesterday good 45, bad 5 → 10 %.
    expect(data.current).toEqual({ startDt: D, endDt: D, goodQty: 40, badQty: 5, defectRate: 11.11 });
    expect(data.previous).toEqual({ startDt: Y, endDt: Y, goodQty: 45, badQty: 5, defectRate: 10 });
    // 10 − 11.111… = −1.11 points; −1.111… ÷ 10 = −11.1 %.
    expect([data.improvement, data.improveRate]).toEqual([-1.11, -11.1]);
    // This month holds yesterday unless today is the 1st; then yesterday is the previous month's.
    const month = await ok(`/api/widget/defect-improve-rate/data?locationId=${w.factory.id}&period=month`);
    if (Y >= `${D.slice(0, 7)}-01`) {
      expect([month.current.goodQty, month.current.badQty, month.current.defectRate]).toEqual([85, 10, 10.53]);
      expect([month.previous.goodQty, month.previous.defectRate, month.improvement]).toEqual([0, null, null]);
    } else {
      expect([month.current.goodQty, month.current.badQty, month.previous.goodQty, month.improvement]).toEqual([
        40, 5, 45, -1.11,
      ]);
    }
    const line2 = await ok(`/api/widget/defect-improve-rate/data?locationId=${w.line2.id}&period=day`);
    expect([line2.current.defectRate, line2.previous.defectRate, line2.improvement, line2.improveRate]).toEqual([
      0,
      null,
      null,
      null,
    ]);
  });
});

const PATHS = [
  `/api/widget/good-bad-status/data?locationId=${w.factory.id}`,
  `/api/widget/tool-product/data?locationId=${w.factory.id}&period=day`,
  `/api/widget/line-work-status/data?locationId=${w.factory.id}`,
  `/api/widget/scale-status/data?groupParameterIds=${w.pc.id}&weightParameterIds=${w.pa.id}`,
  '/api/widget/scale-status/tool-parameter-tree',
  `/api/widget/current-trace-data/data?parameterIds=${w.pa.id}`,
  '/api/widget/today-prod-status/data',
  `/api/widget/product-stock-status?productIds=${w.p1.id}`,
  `/api/widget/all-production-plan-status/data?locationId=${w.factory.id}&date=${D}`,
  `/api/widget/tool-oper-rate-raise/data?toolId=${w.t1.id}&baseHour=8&period=week`,
  `/api/widget/tool-oper-rate/data?toolId=${w.t1.id}&baseHour=8`,
  `/api/widget/prod-plan-status-by-tool/data?toolId=${w.t1.id}`,
  `/api/widget/defect-improve-rate/data?locationId=${w.factory.id}&period=month`,
  `/api/widget/production-plan-status/data?locationId=${w.factory.id}`,
];
const CHAT = [
  `/api/ai-chat/production/good-bad-status?date=${D}&locationId=${w.factory.id}`,
  `/api/ai-chat/production/prod-status?fromDate=${Y}&toDate=${D}`,
];

describe('errors', () => {
  it('401 without a token; 403 without dashboard view; the AI chat calls are open to every signed-in user', async () => {
    for (const url of [...PATHS, ...CHAT]) expect((await get(url, null)).status, url).toBe(401);
    for (const url of PATHS) {
      const res = await get(url, stranger.token);
      expect([res.status, res.body.code], url).toEqual([403, 'FORBIDDEN']);
    }
    for (const url of [...PATHS, ...CHAT]) expect((await get(url)).status, url).toBe(200);
    for (const url of CHAT) expect((await get(url, stranger.token)).status, url).toBe(200);
  });

  it('400 naming the field, in the request language', async () => {
    const cases: [string, string[]][] = [
      ['/api/widget/good-bad-status/data', ['locationId']],
      ['/api/widget/good-bad-status/data?locationId=abc', ['locationId']],
      ['/api/widget/good-bad-status/data?locationId=0', ['locationId']],
      [`/api/widget/tool-product/data?locationId=${w.factory.id}&period=year`, ['period']],
      [`/api/widget/tool-product/data?locationId=${w.factory.id}`, ['period']],
      ['/api/widget/line-work-status/data?locationId=2147483648', ['locationId']],
      [`/api/widget/scale-status/data?groupParameterIds=${w.pc.id}`, ['weightParameterIds']],
      [`/api/widget/scale-status/data?groupParameterIds=x&weightParameterIds=${w.pa.id}`, ['groupParameterIds.0']],
      ['/api/widget/current-trace-data/data', ['parameterIds']],
      [
        `/api/widget/current-trace-data/data?${Array.from({ length: 101 }, (_, i) => `parameterIds=${i + 1}`).join('&')}`,
        ['parameterIds'],
      ],
      ['/api/widget/product-stock-status?productIds=-1', ['productIds.0']],
      [`/api/widget/all-production-plan-status/data?locationId=${w.factory.id}&date=2026-02-30`, ['date']],
      [`/api/widget/all-production-plan-status/data?locationId=${w.factory.id}`, ['date']],
      [`/api/widget/tool-oper-rate-raise/data?toolId=${w.t1.id}&baseHour=25&period=day`, ['baseHour']],
      [`/api/widget/tool-oper-rate-raise/data?toolId=${w.t1.id}&period=hour`, ['period']],
      [`/api/widget/tool-oper-rate/data?toolId=${w.t1.id}&baseHour=0`, ['baseHour']],
      [`/api/widget/tool-oper-rate/data?toolId=${w.t1.id}&baseHour=abc`, ['baseHour']],
      ['/api/widget/prod-plan-status-by-tool/data', ['toolId']],
      [`/api/widget/defect-improve-rate/data?locationId=${w.factory.id}&period=`, ['period']],
      ['/api/widget/production-plan-status/data?locationId=1.5', ['locationId']],
      [`/api/ai-chat/production/good-bad-status?date=${D}`, ['locationId']],
      [`/api/ai-chat/production/good-bad-status?date=20260101&locationId=${w.factory.id}`, ['date']],
      [`/api/ai-chat/production/prod-status?fromDate=${D}&toDate=${Y}`, ['toDate']],
      [`/api/ai-chat/production/prod-status?fromDate=2036-01-01&toDate=2036-04-03`, ['toDate']],
      [`/api/ai-chat/production/prod-status?toDate=${D}`, ['fromDate']],
    ];
    for (const [url, fields] of cases) {
      const res = await get(url);
      expect([res.status, res.body.code, fieldsOf(res)], url).toEqual([400, 'VALIDATION_ERROR', fields]);
    }
    // 93 days is the longest AI chat period.
    expect((await get('/api/ai-chat/production/prod-status?fromDate=2036-01-01&toDate=2036-04-02')).status).toBe(200);
    const enMessage = (await get('/api/widget/tool-product/data?locationId=1&period=year')).body.extraData.fields[0];
    const krMessage = (await get('/api/widget/tool-product/data?locationId=1&period=year', viewer.token, kr)).body
      .extraData.fields[0];
    expect(enMessage.message).toBe('Choose one of the listed values.');
    expect(krMessage.message).toBe('목록에 있는 값을 선택하세요.');
  });

  it('404 for a location, tool, parameter or product that does not exist', async () => {
    const missing = [
      `/api/widget/good-bad-status/data?locationId=${MISSING}`,
      `/api/widget/tool-product/data?locationId=${MISSING}&period=day`,
      `/api/widget/line-work-status/data?locationId=${MISSING}`,
      `/api/widget/scale-status/data?groupParameterIds=${w.pc.id}&weightParameterIds=${MISSING}`,
      `/api/widget/current-trace-data/data?parameterIds=${w.pa.id}&parameterIds=${MISSING}`,
      `/api/widget/product-stock-status?productIds=${w.p1.id}&productIds=${MISSING}`,
      `/api/widget/all-production-plan-status/data?locationId=${MISSING}&date=${D}`,
      `/api/widget/tool-oper-rate-raise/data?toolId=${MISSING}&period=day`,
      `/api/widget/tool-oper-rate/data?toolId=${MISSING}`,
      `/api/widget/prod-plan-status-by-tool/data?toolId=${MISSING}`,
      `/api/widget/defect-improve-rate/data?locationId=${MISSING}&period=day`,
      `/api/widget/production-plan-status/data?locationId=${MISSING}`,
      `/api/ai-chat/production/good-bad-status?date=${D}&locationId=${MISSING}`,
    ];
    for (const url of missing) {
      const res = await get(url);
      expect([res.status, res.body.code], url).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('periods', () => {
  it('day, ISO week from Monday, month to date, and the whole previous one', () => {
    // 2037-02-04 is a Wednesday.
    expect(periodRanges('2037-02-04', 'day')).toEqual({
      current: { startDt: '2037-02-04', endDt: '2037-02-04' },
      previous: { startDt: '2037-02-03', endDt: '2037-02-03' },
    });
    expect(periodRanges('2037-02-04', 'week')).toEqual({
      current: { startDt: '2037-02-02', endDt: '2037-02-04' },
      previous: { startDt: '2037-01-26', endDt: '2037-02-01' },
    });
    expect(periodRanges('2037-03-01', 'week').current.startDt).toBe('2037-02-23');
    expect(periodRanges('2037-03-15', 'month')).toEqual({
      current: { startDt: '2037-03-01', endDt: '2037-03-15' },
      previous: { startDt: '2037-02-01', endDt: '2037-02-28' },
    });
    expect(periodRanges('2037-01-01', 'month').previous).toEqual({ startDt: '2036-12-01', endDt: '2036-12-31' });
  });
});
