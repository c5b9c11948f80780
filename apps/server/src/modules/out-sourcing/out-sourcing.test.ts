import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { createTestApp } from '../../test/harness.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { makePartner } from '../product/master-fixtures.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { productionMaterialStocks } from '../production-material/production-material.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { madeProduct, spreadPlan } from '../production-result/result-fixtures.ts';
import { outSourcings } from './out-sourcing.table.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
  outSourcing: { all: true },
});
const viewer = await t.makeUser({ outSourcing: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const outsourcer = await makePartner(t.db, ['OUTSOURCER']);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const { b, product } = await madeProduct(t, w);
/** A plan of 10 with its two operation plans (forming, then packing: the last). */
async function plan() {
  const made = await spreadPlan(call, product.id, w.line.id, today, 10);
  const opers = (await call('GET', `/api/productionplan/plan/${made.plan.id}/operplans`)).body.data as { id: number }[];
  return { planId: made.plan.id, forming: opers[0].id, packing: opers[1].id };
}
const send = (operPlanId: number, extra: Record<string, unknown> = {}, token?: string | null) =>
  call(
    'POST',
    '/api/out-sourcing',
    { operPlanId, bizPartnerId: outsourcer.id, sentQty: 10, sentDt: today, ...extra },
    token,
  );
const lotStock = async (planId: number) => {
  const rows = await t.db
    .select({ qty: productStocks.qty })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(eq(lots.planId, planId));
  return rows.reduce((s, r) => s + r.qty, 0);
};

describe('outsourcing an operation: what comes back is its result', () => {
  it('sends, receives into the last operation (lot and stock follow), corrects, and keeps the result on one daily plan', async () => {
    const p = await plan();
    const sent = await send(p.packing, { unitCost: 150 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      planId: p.planId,
      operPlanId: p.packing,
      seq: 2,
      bizPartnerName: outsourcer.name,
      sentQty: 10,
      status: 'SENT',
      dailyPlanId: null,
      amount: 0,
    });
    const id = sent.body.data.id;

    const body = { id, operPlanId: p.packing, bizPartnerId: outsourcer.id, sentQty: 10, sentDt: today, unitCost: 150 };
    const back = await call('PUT', '/api/out-sourcing', {
      ...body,
      receivedGoodQty: 7,
      receivedBadQty: 1,
      receivedDt: today,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'PARTIAL', receivedGoodQty: 7, receivedBadQty: 1, amount: 1200 });
    const dailyPlanId = back.body.data.dailyPlanId as number;
    const [daily] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, dailyPlanId));
    expect(daily).toMatchObject({
      operPlanId: p.packing,
      day: today,
      status: 'WORK_COMPLETED',
      goodQty: 7,
      badQty: 1,
      targetQty: 10,
    });
    expect(await lotStock(p.planId)).toBe(7);

    // A correction moves the same result: the lot gives back what no longer came back.
    const fixed = await call('PUT', '/api/out-sourcing', {
      ...body,
      receivedGoodQty: 9,
      receivedBadQty: 1,
      receivedDt: today,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ status: 'RECEIVED', dailyPlanId });
    expect(await lotStock(p.planId)).toBe(9);
    const less = await call('PUT', '/api/out-sourcing', {
      ...body,
      receivedGoodQty: 4,
      receivedBadQty: 0,
      receivedDt: today,
    });
    expect(less.status, JSON.stringify(less.body)).toBe(200);
    expect(await lotStock(p.planId)).toBe(4);

    // The result is that operation's now: it cannot move to another one, and the row cannot be deleted.
    const moved = await call('PUT', '/api/out-sourcing', {
      ...body,
      operPlanId: p.forming,
      receivedGoodQty: 4,
      receivedDt: today,
    });
    expect(moved.status).toBe(400);
    expect(fieldsOf(moved)).toEqual(['operPlanId']);
    const gone = await call('DELETE', `/api/out-sourcing/${id}`);
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ code: 'CONFLICT', extraData: { ids: [id] } });

    // The plan's and the operation plan's lists show it.
    const byPlan = await call('GET', `/api/out-sourcing/production-plan/${p.planId}`);
    expect(byPlan.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const byOper = await call('GET', `/api/out-sourcing/production-operation-plan/${p.packing}`);
    expect(byOper.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call('GET', `/api/out-sourcing/production-operation-plan/${p.forming}`)).body.data).toEqual([]);
  });

  it('a first operation sent out consumes the BOM when it comes back: short at the line → 409 and nothing is written', async () => {
    const p = await plan();
    const short = await send(p.forming, { receivedGoodQty: 2, receivedDt: today });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_BOM_STOCK');
    expect(await t.db.select().from(outSourcings).where(eq(outSourcings.planId, p.planId))).toEqual([]);
  });

  it('a first operation that comes back consumes its BOM quantity of good + bad from the line', async () => {
    const p = await plan();
    const a = await receive(t, clerk.token, { materialId: w.material.id, qty: 20, locationId: w.shelf.id });
    const pb = await receive(t, clerk.token, { materialId: b.id, qty: 10, locationId: w.shelf.id });
    for (const [stockId, qty] of [
      [a.id, 20],
      [pb.id, 10],
    ])
      expect((await call('POST', '/api/material-stock/ship-out', { stockId, planId: p.planId, qty })).status).toBe(200);
    const res = await send(p.forming, { receivedGoodQty: 3, receivedBadQty: 1, receivedDt: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const consumed = await t.db
      .select({ materialId: productionMaterialStocks.materialId, consumedQty: productionMaterialStocks.consumedQty })
      .from(productionMaterialStocks)
      .where(eq(productionMaterialStocks.planId, p.planId))
      .orderBy(productionMaterialStocks.id);
    // 4 units × 2.2 KG of A (10 % loss) and × 1 EA of B.
    expect(consumed).toEqual([
      { materialId: w.material.id, consumedQty: 8.8 },
      { materialId: b.id, consumedQty: 4 },
    ]);
  });

  it('deletes what nothing came back from, singly and in bulk (all or none)', async () => {
    const p = await plan();
    const a = (await send(p.packing)).body.data.id;
    const b = (await send(p.packing)).body.data.id;
    const c = (await send(p.packing)).body.data.id;
    expect((await call('DELETE', `/api/out-sourcing/out-sourcings/${b},999999`)).status).toBe(404);
    expect((await call('DELETE', `/api/out-sourcing/out-sourcings/${b},${c}`)).status).toBe(200);
    expect((await call('DELETE', `/api/out-sourcing/${a}`)).status).toBe(200);
    expect((await call('GET', `/api/out-sourcing/${a}`)).status).toBe(404);
    expect((await call('DELETE', `/api/out-sourcing/${a}`)).status).toBe(404);
  });
});

describe('outsourcing input', () => {
  it('answers 400 with the field', async () => {
    const p = await plan();
    const customer = await makePartner(t.db, ['CUSTOMER']);
    const cases: [Record<string, unknown>, string][] = [
      [{ receivedGoodQty: 8, receivedBadQty: 3, receivedDt: today }, 'receivedGoodQty'],
      [{ receivedGoodQty: 1 }, 'receivedDt'],
      [{ receivedGoodQty: 1, receivedDt: addDays(today, -1) }, 'receivedDt'],
      [{ bizPartnerId: customer.id }, 'bizPartnerId'],
      [{ operPlanId: 999999 }, 'operPlanId'],
      [{ sentQty: 0 }, 'sentQty'],
      [{ sentDt: '2026-13-01' }, 'sentDt'],
      [{ unitCost: -1 }, 'unitCost'],
    ];
    for (const [extra, field] of cases) {
      const res = await send(p.packing, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(extra)).toEqual([field]);
    }
    const ko = await t.inject({
      method: 'POST',
      url: '/api/out-sourcing',
      token: clerk.token,
      payload: {
        operPlanId: p.packing,
        bizPartnerId: outsourcer.id,
        sentQty: 5,
        sentDt: today,
        receivedGoodQty: 6,
        receivedDt: today,
      },
    });
    expect(ko.body.extraData.fields[0].message).toContain('보낸 수량');
    expect(
      (
        await call('PUT', '/api/out-sourcing', {
          id: 999999,
          operPlanId: p.packing,
          bizPartnerId: outsourcer.id,
          sentQty: 1,
          sentDt: today,
        })
      ).status,
    ).toBe(404);
  });

  it('answers 401 without a session, 403 without the right, 404 for a missing row or plan', async () => {
    const p = await plan();
    expect((await call('GET', '/api/out-sourcing/out-sourcings', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/out-sourcing/out-sourcings', undefined, stranger.token)).status).toBe(403);
    expect((await send(p.packing, {}, viewer.token)).status).toBe(403);
    expect((await call('GET', '/api/out-sourcing/out-sourcings', undefined, viewer.token)).status).toBe(200);
    expect((await call('GET', '/api/out-sourcing/999999')).status).toBe(404);
    expect((await call('GET', '/api/out-sourcing/production-plan/999999')).status).toBe(404);
    expect((await call('GET', '/api/out-sourcing/production-operation-plan/999999')).status).toBe(404);
  });
});

describe('outsourcing lists', () => {
  it('filters by period, partner, status and text, pages with the total, and exports the filter', async () => {
    const other = await makePartner(t.db, ['SUPPLIER', 'OUTSOURCER']);
    const p = await plan();
    const old = (await send(p.packing, { sentDt: addDays(today, -40) })).body.data.id;
    const mine = (await send(p.packing, { bizPartnerId: other.id })).body.data.id;
    const list = await call(
      'GET',
      `/api/out-sourcing/out-sourcings?startDt=${addDays(today, -1)}&endDt=${today}&bizPartnerId=${other.id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([mine]);
    const period = await call(
      'GET',
      `/api/out-sourcing/out-sourcings?startDt=${addDays(today, -41)}&endDt=${addDays(today, -39)}`,
    );
    expect(period.body.data.map((r: { id: number }) => r.id)).toContain(old);
    expect(period.body.data.map((r: { id: number }) => r.id)).not.toContain(mine);
    const sentOnly = await call(
      'GET',
      `/api/out-sourcing/out-sourcings?status=RECEIVED&q=${encodeURIComponent(other.name)}`,
    );
    expect(sentOnly.body.data).toEqual([]);
    const page = await call('GET', '/api/out-sourcing/out-sourcings?page=1&size=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    expect(
      (await call('GET', `/api/out-sourcing/out-sourcings?startDt=${today}&endDt=${addDays(today, -1)}`)).status,
    ).toBe(400);
    const picks = await call(
      'GET',
      `/api/out-sourcing/production-plans?startDt=${today}&endDt=${today}&q=${product.code}`,
    );
    expect(picks.status).toBe(200);
    const pick = picks.body.data.find((x: { id: number }) => x.id === p.planId);
    expect(pick.operPlans.map((x: { id: number; seq: number }) => [x.id, x.seq])).toEqual([
      [p.forming, 1],
      [p.packing, 2],
    ]);
    expect((await call('GET', `/api/out-sourcing/production-plans?startDt=${today}`)).status).toBe(400);
    const file = await t.inject({ method: 'GET', url: '/api/out-sourcing/out-sourcings/excel', token: clerk.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });
});
