import { lotIdOf } from '@eqms/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { spreadEvenly } from './production-plan.daily.ts';
import { dailyPlans, productionOperPlans } from './production-plan.table.ts';
import { dailyView, operationOutput, selectDaily } from './production-plan.views.ts';

const t = await createTestApp();
const planner = await t.makeUser({ productionPlan: { all: true } });
const viewer = await t.makeUser({ productionPlan: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = planner.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

// A factory with a line (a press and a packer on it) and a warehouse with a rack; two operations.
const branch = await locationBranch(t.db);
const world = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const tool = async (locationId: number, name: string) =>
    (
      await tx
        .insert(tools)
        .values({ code: uniq('T'), name, locationId })
        .returning()
    )[0];
  const op = async (name: string) =>
    (
      await tx
        .insert(operations)
        .values({ code: uniq('OP'), name })
        .returning()
    )[0];
  return {
    press: await tool(branch.line.id, '프레스'),
    packer: await tool(branch.line.id, '포장기'),
    rack: await tool(branch.warehouse.id, '랙'),
    forming: await op('성형'),
    packing: await op('포장'),
    inspecting: await op('검사'),
  };
});

/** A product whose operation plan is forming (press, 12 s) then packing (packer). */
async function product(steps = true) {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [p] = await tx
      .insert(products)
      .values({ code: uniq('FG'), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
      .returning();
    if (steps) {
      await tx.insert(operPlans).values([
        { productId: p.id, operationId: world.forming.id, seq: 1, toolId: world.press.id, cycleTime: 12 },
        { productId: p.id, operationId: world.packing.id, seq: 2, toolId: world.packer.id },
      ]);
    }
    return p;
  });
}

/** The Monday on or after a day (spreads over weekdays start there). */
function mondayFrom(day: string) {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (8 - wd) % 7);
}
const monday = mondayFrom(addDays(today, 1));

async function makePlan(extra: Record<string, unknown> = {}, productId?: number) {
  const pid = productId ?? (await product()).id;
  const res = await call('POST', '/api/productionplan/plan', {
    productId: pid,
    qty: 100,
    startDt: monday,
    endDt: addDays(monday, 6),
    lineId: branch.line.id,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    id: number;
    productId: number;
    productCode: string;
    lotSeq: number;
    qty: number;
    startDt: string;
  };
}
const operPlansOf = async (planId: number) =>
  (await call('GET', `/api/productionplan/plan/${planId}/operplans`)).body.data as {
    id: number;
    seq: number;
    operationId: number;
    toolId: number | null;
    targetQty: number;
    dailyTargetQty: number;
    goodQty: number;
  }[];
/** Marks a daily plan as worked on (what the kiosk will write). */
const work = (id: number, goodQty = 5, status = 'WORKING') =>
  withTx(t.db, SYSTEM_ACTOR, (tx) => tx.update(dailyPlans).set({ status, goodQty }).where(eq(dailyPlans.id, id)));
const spread = (operPlanId: number, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/productionplan/operplan/daily-plans', { operPlanId, spread: { ...extra } });

describe('POST /api/productionplan/plan', () => {
  it("makes a plan: the product's operation plan copied with the plan's qty as target, a lot sequence reserved", async () => {
    const p = await product();
    const first = await makePlan({ description: '주간 계획' }, p.id);
    expect(first).toMatchObject({
      productId: p.id,
      productCode: p.code,
      unit: 'EA',
      qty: 100,
      startDt: monday,
      lineId: branch.line.id,
      linePath: `${branch.factory.name} / ${branch.line.name}`,
      lotSeq: 1,
      status: 'PLAN_COMPLETED',
      goodQty: 0,
      achievementRate: 0,
      hasResults: false,
      description: '주간 계획',
      modifyReason: null,
      createdBy: planner.userId,
    });
    expect(await operPlansOf(first.id)).toMatchObject([
      {
        seq: 1,
        operationId: world.forming.id,
        toolId: world.press.id,
        targetQty: 100,
        cycleTime: 12,
        dailyTargetQty: 0,
      },
      { seq: 2, operationId: world.packing.id, toolId: world.packer.id, targetQty: 100, cycleTime: null },
    ]);
    const second = await makePlan({}, p.id);
    expect(second.lotSeq).toBe(2);
    const seq = await call('GET', `/api/productionplan/plan/lot-seq/${second.id}`, undefined, viewer.token);
    expect(seq.body.data).toEqual({ planId: second.id, lotSeq: 2, todayLotId: lotIdOf(today, p.code, 2) });
    expect(seq.body.data.todayLotId).toMatch(/^L\d{8}-FG.+-002$/);
    expect((await call('GET', `/api/productionplan/plan/${first.id}`, undefined, viewer.token)).body.data).toEqual(
      first,
    );
  });

  it('a product without an operation plan gets a plan without operations', async () => {
    const plan = await makePlan({}, (await product(false)).id);
    expect(await operPlansOf(plan.id)).toEqual([]);
  });

  it('400 names the field: missing product, a location that is no line, the period, the quantity', async () => {
    const p = await product();
    const body = { productId: p.id, qty: 10, startDt: monday, endDt: monday, lineId: branch.line.id };
    const post = (extra: Record<string, unknown>) => call('POST', '/api/productionplan/plan', { ...body, ...extra });
    expect(fieldsOf(await post({ productId: 2_000_000_000 }))).toEqual(['productId']);
    const notLine = await post({ lineId: branch.warehouse.id });
    expect(notLine.status).toBe(400);
    expect(notLine.body.extraData.fields[0]).toMatchObject({
      field: 'lineId',
      message: 'A production plan runs on a line.',
    });
    expect(fieldsOf(await post({ endDt: addDays(monday, -1) }))).toEqual(['endDt']);
    expect(fieldsOf(await post({ endDt: addDays(monday, 400) }))).toEqual(['endDt']);
    expect(fieldsOf(await post({ qty: 0 }))).toEqual(['qty']);
    expect(fieldsOf(await post({ startDt: '2026-02-30' }))).toContain('startDt');
    expect((await post({ extra: 1 })).status).toBe(400);
  });

  it('401 without a token, 403 without the create right', async () => {
    const body = { productId: 1, qty: 1, startDt: monday, endDt: monday, lineId: branch.line.id };
    expect((await call('POST', '/api/productionplan/plan', body, null)).status).toBe(401);
    expect((await call('POST', '/api/productionplan/plan', body, viewer.token)).status).toBe(403);
  });

  it('concurrent plans of one product each get their own lot sequence', async () => {
    const p = await product();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/api/productionplan/plan', {
          productId: p.id,
          qty: 5,
          startDt: monday,
          endDt: monday,
          lineId: branch.line.id,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.map((r) => r.body.data.lotSeq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('GET /api/productionplan/plans', () => {
  it('lists the plans meeting the period, by start day, with filters and the total', async () => {
    const p = await product();
    const early = await makePlan({ startDt: addDays(monday, -30), endDt: addDays(monday, -20) }, p.id);
    const now = await makePlan({}, p.id);
    const list = (q: string) =>
      call('GET', `/api/productionplan/plans?productId=${p.id}&${q}`, undefined, viewer.token);
    const ids = async (q: string) => (await list(q)).body.data.map((r: { id: number }) => r.id);
    expect(await ids(`startDt=${addDays(monday, -40)}&endDt=${addDays(monday, 40)}`)).toEqual([now.id, early.id]);
    expect(await ids(`startDt=${addDays(monday, -20)}&endDt=${addDays(monday, -20)}`)).toEqual([early.id]);
    expect(await ids(`startDt=${addDays(monday, 8)}&endDt=${addDays(monday, 9)}`)).toEqual([]);
    const period = `startDt=${addDays(monday, -40)}&endDt=${addDays(monday, 40)}`;
    expect(await ids(`${period}&locationId=${branch.factory.id}`)).toEqual([now.id, early.id]);
    expect(await ids(`${period}&locationId=${branch.warehouse.id}`)).toEqual([]);
    expect(await ids(`${period}&q=${p.code.toLowerCase()}`)).toEqual([now.id, early.id]);
    const page = await list(`${period}&page=2&size=1`);
    expect(page.body).toMatchObject({ total: 2, data: [{ id: early.id }] });
    // The workbook holds every plan of the filter, not one page (row 1 keys, row 2 headers, data from row 3).
    const xlsx = await call(
      'GET',
      `/api/productionplan/plans/excel?productId=${p.id}&${period}`,
      undefined,
      viewer.token,
    );
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('production-plans');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect([sheet.getCell('A3').value, sheet.getCell('A4').value]).toEqual([p.code, p.code]);
    expect(sheet.getCell('E4').value).toBe(early.startDt);
    expect(fieldsOf(await call('GET', '/api/productionplan/plans/excel'))).toEqual(['startDt', 'endDt']);
    // Status: one daily plan at work makes the plan WORKING.
    const [forming] = await operPlansOf(now.id);
    const days = (await spread(forming.id)).body.data;
    await work(days[0].id);
    expect(await ids(`${period}&status=WORKING`)).toEqual([now.id]);
    expect(await ids(`${period}&status=PLAN_COMPLETED`)).toEqual([early.id]);
    expect(await ids(`${period}&status=WORK_COMPLETED`)).toEqual([]);
  });

  it('400 without a period or with a period over a year; 401; 403', async () => {
    expect(fieldsOf(await call('GET', '/api/productionplan/plans'))).toEqual(['startDt', 'endDt']);
    expect(
      fieldsOf(await call('GET', `/api/productionplan/plans?startDt=${monday}&endDt=${addDays(monday, 366)}`)),
    ).toEqual(['endDt']);
    expect(
      fieldsOf(await call('GET', `/api/productionplan/plans?startDt=${monday}&endDt=${monday}&status=DONE`)),
    ).toEqual(['status.0']);
    const q = `?startDt=${monday}&endDt=${monday}`;
    expect((await call('GET', `/api/productionplan/plans${q}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/productionplan/plans${q}`, undefined, stranger.token)).status).toBe(403);
  });

  it('404 for a missing plan on every path that names one', async () => {
    for (const path of [
      'plan/2000000000',
      'plan/lot-seq/2000000000',
      'plan/2000000000/operplans',
      'operplan/2000000000/daily-plans',
    ]) {
      const res = await call('GET', `/api/productionplan/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const loc = await call(
      'GET',
      `/api/productionplan/location/2000000000/daily-plans?startDt=${monday}&endDt=${monday}`,
    );
    expect(loc.status).toBe(404);
    expect((await call('GET', '/api/productionplan/plan/x')).status).toBe(400);
  });
});

describe('operation plans of a plan', () => {
  it('adds an operation at a position (the rest move down), once per plan, on a line tool', async () => {
    const plan = await makePlan();
    const res = await call('POST', '/api/productionplan/operplan', {
      planId: plan.id,
      operationId: world.inspecting.id,
      toolId: world.press.id,
      targetQty: 100,
      seq: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((o: { operationId: number; seq: number }) => [o.operationId, o.seq])).toEqual([
      [world.forming.id, 1],
      [world.inspecting.id, 2],
      [world.packing.id, 3],
    ]);
    const again = await call('POST', '/api/productionplan/operplan', {
      planId: plan.id,
      operationId: world.inspecting.id,
      targetQty: 1,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'operationId' } });
    const rack = await call('POST', '/api/productionplan/operplan', {
      planId: plan.id,
      operationId: world.inspecting.id,
      toolId: world.rack.id,
      targetQty: 1,
    });
    expect(rack.body.extraData.fields[0]).toMatchObject({ field: 'toolId' });
    expect(
      fieldsOf(
        await call('POST', '/api/productionplan/operplan', {
          planId: plan.id,
          operationId: world.inspecting.id,
          targetQty: -1,
        }),
      ),
    ).toEqual(['targetQty']);
    const missing = await call('POST', '/api/productionplan/operplan', {
      planId: 2_000_000_000,
      operationId: world.inspecting.id,
      targetQty: 1,
    });
    expect(missing.status).toBe(404);
    expect(
      (
        await call(
          'POST',
          '/api/productionplan/operplan',
          { planId: plan.id, operationId: world.inspecting.id, targetQty: 1 },
          viewer.token,
        )
      ).status,
    ).toBe(403);
  });

  it('modifies one: tool, target, position; refused once it has results', async () => {
    const plan = await makePlan();
    const [forming, packing] = await operPlansOf(plan.id);
    const res = await call('PUT', '/api/productionplan/operplan', {
      id: packing.id,
      toolId: world.press.id,
      targetQty: 90,
      seq: 1,
      description: '먼저 포장',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject([
      { id: packing.id, seq: 1, toolId: world.press.id, targetQty: 90, description: '먼저 포장' },
      { id: forming.id, seq: 2 },
    ]);
    const days = (await spread(forming.id)).body.data;
    await work(days[0].id);
    const refused = await call('PUT', '/api/productionplan/operplan', { id: forming.id, targetQty: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.extraData.messageKey).toBe('operPlanHasResults');
    expect((await call('PUT', '/api/productionplan/operplan', { id: 2_000_000_000, targetQty: 1 })).status).toBe(404);
    expect(
      (await call('PUT', '/api/productionplan/operplan', { id: forming.id, targetQty: 1 }, viewer.token)).status,
    ).toBe(403);
    expect((await call('PUT', '/api/productionplan/operplan', { id: forming.id, targetQty: 1 }, null)).status).toBe(
      401,
    );
  });
});

describe('daily plans', () => {
  it('spreads the target evenly over the weekdays of the plan', async () => {
    const plan = await makePlan({ qty: 11 });
    const [forming] = await operPlansOf(plan.id);
    const res = await spread(forming.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((d: { day: string; targetQty: number }) => [d.day, d.targetQty])).toEqual([
      [monday, 3],
      [addDays(monday, 1), 2],
      [addDays(monday, 2), 2],
      [addDays(monday, 3), 2],
      [addDays(monday, 4), 2],
    ]);
    expect(res.body.data[0]).toMatchObject({
      planId: plan.id,
      operPlanId: forming.id,
      toolId: world.press.id,
      toolName: '프레스',
      status: 'PLAN_COMPLETED',
      operationName: '성형',
      lineId: branch.line.id,
    });
    // Saturday and Sunday too, on another tool: the new spread replaces the old.
    const weekend = await spread(forming.id, { weekdays: [6, 7], toolId: world.packer.id });
    expect(
      weekend.body.data.map((d: { day: string; targetQty: number; toolId: number }) => [d.day, d.targetQty, d.toolId]),
    ).toEqual([
      [addDays(monday, 5), 6, world.packer.id],
      [addDays(monday, 6), 5, world.packer.id],
    ]);
    expect((await operPlansOf(plan.id))[0]).toMatchObject({ dailyTargetQty: 11 });
  });

  it('a spread keeps the daily plans with results and spreads what they leave', async () => {
    const plan = await makePlan({ qty: 100 });
    const [forming] = await operPlansOf(plan.id);
    const first = (await spread(forming.id)).body.data;
    await work(first[0].id, 30, 'WORK_COMPLETED');
    const again = (await spread(forming.id, { from: addDays(monday, 1) })).body.data;
    // The worked Monday stays (with its target of 20); the other 80 go over Tuesday to Friday.
    expect(again.map((d: { day: string; targetQty: number }) => [d.day, d.targetQty])).toEqual([
      [monday, 20],
      [addDays(monday, 1), 20],
      [addDays(monday, 2), 20],
      [addDays(monday, 3), 20],
      [addDays(monday, 4), 20],
    ]);
    expect(again[0]).toMatchObject({ id: first[0].id, status: 'WORK_COMPLETED', goodQty: 30 });
    expect(again.slice(1).map((d: { id: number }) => d.id)).not.toContain(first[1].id);
  });

  it('spread: 400 outside the plan or without a working day', async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    expect(fieldsOf(await spread(forming.id, { from: addDays(monday, -1) }))).toEqual(['spread.from']);
    expect(fieldsOf(await spread(forming.id, { from: monday, to: monday, weekdays: [7] }))).toEqual([
      'spread.weekdays',
    ]);
    expect(fieldsOf(await spread(forming.id, { weekdays: [8] }))).toEqual(['spread.weekdays.0']);
    expect(fieldsOf(await spread(forming.id, { toolId: world.rack.id }))).toEqual(['spread.toolId']);
    expect((await spread(2_000_000_000)).status).toBe(404);
  });

  it('sets them from a list: new, changed and removed rows; a worked one neither moves nor goes', async () => {
    const plan = await makePlan();
    const [forming, packing] = await operPlansOf(plan.id);
    const set = (dailyPlans: unknown[], operPlanId = forming.id) =>
      call('POST', '/api/productionplan/operplan/daily-plans', { operPlanId, dailyPlans });
    const made = await set([
      { day: monday, targetQty: 40 },
      { day: addDays(monday, 1), targetQty: 60, toolId: world.packer.id, description: '야간' },
    ]);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [mon, tue] = made.body.data;
    expect(tue).toMatchObject({ targetQty: 60, toolId: world.packer.id, description: '야간' });
    const changed = await set([
      { id: mon.id, day: addDays(monday, 2), targetQty: 50 },
      { day: addDays(monday, 3), targetQty: 50 },
    ]);
    expect(changed.body.data.map((d: { id: number; day: string; targetQty: number }) => [d.day, d.targetQty])).toEqual([
      [addDays(monday, 2), 50],
      [addDays(monday, 3), 50],
    ]);
    expect(changed.body.data[0].id).toBe(mon.id);
    await work(mon.id);
    const moved = await set([{ id: mon.id, day: monday, targetQty: 50 }]);
    expect(moved.status).toBe(409);
    expect(moved.body.extraData.messageKey).toContain('dailyPlanHasResults');
    const dropped = await set([]);
    expect(dropped.status).toBe(409);
    // Its target may change; the other goes.
    const kept = await set([{ id: mon.id, day: addDays(monday, 2), targetQty: 55 }]);
    expect(kept.body.data).toMatchObject([{ id: mon.id, targetQty: 55, status: 'WORKING', goodQty: 5 }]);
    // 400s: outside the plan, another operation plan's row, a rack.
    const outside = await set([{ day: addDays(monday, 7), targetQty: 1 }], packing.id);
    expect(outside.body.extraData.fields[0]).toMatchObject({ field: 'dailyPlans.0.day' });
    expect(outside.body.extraData.fields[0].message).toContain(monday);
    expect(fieldsOf(await set([{ id: mon.id, day: monday, targetQty: 1 }], packing.id))).toEqual(['dailyPlans.0.id']);
    expect(fieldsOf(await set([{ day: monday, targetQty: 1, toolId: world.rack.id }], packing.id))).toEqual([
      'dailyPlans.0.toolId',
    ]);
    expect(fieldsOf(await set([{ day: monday, targetQty: -1 }], packing.id))).toEqual(['dailyPlans.0.targetQty']);
    expect(
      (
        await call(
          'POST',
          '/api/productionplan/operplan/daily-plans',
          { operPlanId: packing.id, dailyPlans: [] },
          viewer.token,
        )
      ).status,
    ).toBe(403);
  });

  it("a location's daily plans of a period: its line's, or every line's below a factory", async () => {
    const plan = await makePlan();
    const [forming, packing] = await operPlansOf(plan.id);
    await spread(forming.id);
    await spread(packing.id, { from: addDays(monday, 4) });
    const of = (id: number, from: string, to: string) =>
      call(
        'GET',
        `/api/productionplan/location/${id}/daily-plans?startDt=${from}&endDt=${to}`,
        undefined,
        viewer.token,
      );
    const line = (await of(branch.line.id, monday, addDays(monday, 6))).body.data.filter(
      (d: { planId: number }) => d.planId === plan.id,
    );
    expect(line).toHaveLength(6);
    expect(line.at(-1)).toMatchObject({ day: addDays(monday, 4), seq: 2, operationName: '포장', targetQty: 100 });
    const friday = (await of(branch.site.id, addDays(monday, 4), addDays(monday, 4))).body.data.filter(
      (d: { planId: number }) => d.planId === plan.id,
    );
    expect(friday.map((d: { seq: number }) => d.seq)).toEqual([1, 2]);
    expect((await of(branch.warehouse.id, monday, addDays(monday, 6))).body.data).toEqual([]);
    expect(fieldsOf(await of(branch.line.id, monday, addDays(monday, 93)))).toEqual(['endDt']);
    expect(
      (
        await call(
          'GET',
          `/api/productionplan/location/${branch.line.id}/daily-plans?startDt=${monday}&endDt=${monday}`,
          undefined,
          stranger.token,
        )
      ).status,
    ).toBe(403);
  });

  it("the calendar and an operation plan's rows (JSON built by the database) are dailyView's, field for field", async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    await spread(forming.id, { from: monday, to: addDays(monday, 1), toolId: world.press.id });
    const [mon, tue] = await t.db
      .select()
      .from(dailyPlans)
      .where(eq(dailyPlans.operPlanId, forming.id))
      .orderBy(dailyPlans.day);
    // Every field set on one (timestamps with microseconds, a fraction, quotes and a line break); the other bare.
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(dailyPlans)
        .set({
          status: 'WORK_COMPLETED',
          goodQty: 1234567890.12345,
          badQty: 0.00001,
          startedAt: sql`'2026-01-02 03:04:05.678901+09'::timestamptz`,
          endedAt: sql`now()`,
          description: '야간 "A"\n2조',
        })
        .where(eq(dailyPlans.id, mon.id)),
    );
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(dailyPlans).set({ toolId: null, createdBy: null }).where(eq(dailyPlans.id, tue.id)),
    );
    const expected = (await selectDaily(t.db).where(eq(dailyPlans.operPlanId, forming.id)).orderBy(dailyPlans.day)).map(
      dailyView,
    );
    expect(expected[0]).toMatchObject({ toolName: '프레스', goodQty: 1234567890.12345, description: '야간 "A"\n2조' });
    expect(expected[0].startedAt).toBe('2026-01-01T18:04:05.678Z');
    const calendar = await call(
      'GET',
      `/api/productionplan/location/${branch.line.id}/daily-plans?startDt=${monday}&endDt=${addDays(monday, 1)}`,
    );
    expect(calendar.body.data.filter((d: { operPlanId: number }) => d.operPlanId === forming.id)).toEqual(expected);
    expect((await call('GET', `/api/productionplan/operplan/${forming.id}/daily-plans`)).body.data).toEqual(expected);
  });

  it('spreadEvenly: whole units first, a fraction on the last day', () => {
    expect(spreadEvenly(10, 4)).toEqual([3, 3, 2, 2]);
    expect(spreadEvenly(10.5, 4)).toEqual([3, 3, 2, 2.5]);
    expect(spreadEvenly(0.3, 2)).toEqual([0, 0.3]);
    expect(spreadEvenly(5, 0)).toEqual([]);
    expect(spreadEvenly(7, 7).reduce((a, b) => a + b, 0)).toBe(7);
  });
});

describe('PUT /api/productionplan/plan and /plan/force', () => {
  it('modifies a plan without results; operation targets that were the qty follow it', async () => {
    const plan = await makePlan();
    const [forming, packing] = await operPlansOf(plan.id);
    await call('PUT', '/api/productionplan/operplan', { id: packing.id, targetQty: 95, toolId: world.packer.id });
    const res = await call('PUT', '/api/productionplan/plan', {
      id: plan.id,
      qty: 120,
      startDt: monday,
      endDt: addDays(monday, 13),
      lineId: branch.line.id,
      description: '연장',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      qty: 120,
      endDt: addDays(monday, 13),
      description: '연장',
      modifyReason: null,
    });
    expect((await operPlansOf(plan.id)).map((o) => [o.id, o.targetQty])).toEqual([
      [forming.id, 120],
      [packing.id, 95],
    ]);
  });

  it('a plan with results: the modify is refused, the forced modify goes through and its reason is in the history', async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    const days = (await spread(forming.id)).body.data;
    await work(days[0].id);
    const body = { id: plan.id, qty: 150, startDt: monday, endDt: addDays(monday, 6), lineId: branch.line.id };
    const refused = await call('PUT', '/api/productionplan/plan', body);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', extraData: { messageKey: 'planHasResults' } });
    expect(fieldsOf(await call('PUT', '/api/productionplan/plan/force', body))).toEqual(['reason']);
    expect(fieldsOf(await call('PUT', '/api/productionplan/plan/force', { ...body, reason: '  ' }))).toEqual([
      'reason',
    ]);
    expect(
      (await call('PUT', '/api/productionplan/plan/force', { ...body, reason: '수주 증가' }, viewer.token)).status,
    ).toBe(403);
    const forced = await call('PUT', '/api/productionplan/plan/force', { ...body, reason: '수주 증가' });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.data).toMatchObject({
      qty: 150,
      modifyReason: '수주 증가',
      hasResults: true,
      status: 'WORKING',
    });
    const [revision] = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'production_plans'), eq(changeHistory.rowId, String(plan.id))))
      .orderBy(changeHistory.revisionId)
      .then((rows) => rows.filter((r) => r.revisionType === 'MOD'));
    expect(revision).toMatchObject({
      updateBy: planner.userId,
      newData: expect.objectContaining({ modify_reason: '수주 증가' }),
    });
    const history = await call('GET', `/api/history/record/production_plans/${plan.id}`, undefined, viewer.token);
    expect(history.status).toBe(200);
  });

  it('daily plans must stay within the new period; 404, 400, 401, 403', async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    await spread(forming.id);
    const body = { id: plan.id, qty: 100, startDt: monday, endDt: addDays(monday, 2), lineId: branch.line.id };
    const res = await call('PUT', '/api/productionplan/plan', body);
    expect(res.body.extraData.fields[0]).toMatchObject({ field: 'endDt' });
    expect(res.body.extraData.fields[0].message).toContain(addDays(monday, 3));
    expect(
      fieldsOf(
        await call('PUT', '/api/productionplan/plan', {
          ...body,
          startDt: addDays(monday, 1),
          endDt: addDays(monday, 6),
        }),
      ),
    ).toEqual(['startDt']);
    expect((await call('PUT', '/api/productionplan/plan', { ...body, id: 2_000_000_000 })).status).toBe(404);
    expect(fieldsOf(await call('PUT', '/api/productionplan/plan', { ...body, lineId: branch.shelf.id }))).toEqual([
      'lineId',
    ]);
    expect((await call('PUT', '/api/productionplan/plan', body, null)).status).toBe(401);
    expect((await call('PUT', '/api/productionplan/plan', body, viewer.token)).status).toBe(403);
  });
});

describe('DELETE /api/productionplan/plan/{id} and /plans/{ids}', () => {
  it('deletes plans with their operation and daily plans, all or none', async () => {
    const a = await makePlan();
    const b = await makePlan();
    const [forming] = await operPlansOf(a.id);
    await spread(forming.id);
    expect((await call('DELETE', `/api/productionplan/plans/${a.id},2000000000`)).status).toBe(404);
    expect((await call('GET', `/api/productionplan/plan/${a.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/productionplan/plan/${a.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/productionplan/plans/${a.id},${b.id}`)).status).toBe(200);
    expect((await call('GET', `/api/productionplan/plan/${a.id}`)).status).toBe(404);
    expect(await t.db.select().from(productionOperPlans).where(eq(productionOperPlans.planId, a.id))).toEqual([]);
    expect(await t.db.select().from(dailyPlans).where(eq(dailyPlans.planId, a.id))).toEqual([]);
    expect((await call('DELETE', `/api/productionplan/plan/${a.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/productionplan/plans/x')).status).toBe(400);
  });

  it('409 with the daily plans that have results', async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    const days = (await spread(forming.id)).body.data;
    await work(days[1].id);
    const res = await call('DELETE', `/api/productionplan/plan/${plan.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'productionProfit', id: days[1].id, name: `${addDays(monday, 1)} 성형` }),
    ]);
  });

  it('a product, line, operation or tool in a plan cannot be deleted; the related rows name the plan', async () => {
    const p = await product();
    const plan = await makePlan({}, p.id);
    const admin = await t.makeUser({ productInfo: { all: true }, operation: { all: true } });
    const res = await call('DELETE', `/api/product/${p.id}`, undefined, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual(
      expect.arrayContaining([expect.objectContaining({ screen: 'productionPlan', id: plan.id })]),
    );
  });
});

describe('operation.output', () => {
  it("answers each operation's completed quantity from the daily plans' good quantities", async () => {
    const plan = await makePlan();
    const [forming] = await operPlansOf(plan.id);
    const days = (await spread(forming.id)).body.data;
    const before = (await operationOutput(t.db, [world.forming.id]))[0]?.completedQty ?? 0;
    await work(days[0].id, 7);
    await work(days[1].id, 3, 'WORK_COMPLETED');
    expect(await operationOutput(t.db, [world.forming.id])).toEqual([
      { operationId: world.forming.id, completedQty: before + 10, shippedQty: 0 },
    ]);
    const view = (await call('GET', `/api/productionplan/plan/${plan.id}`)).body.data;
    // The last operation (packing) made nothing yet: the plan's good quantity is its.
    expect(view).toMatchObject({ goodQty: 0, status: 'WORKING', hasResults: true });
    expect((await operPlansOf(plan.id))[0]).toMatchObject({ goodQty: 10 });
  });
});
