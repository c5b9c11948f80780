import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { madeProduct } from '../production-result/result-fixtures.ts';
import { workers } from '../worker/worker.table.ts';

// Issue 14's flow as one API story, quantities checked at each step: a customer's order product → a plan made from it
// → material released, results on both operations → its lot → a shipment for the order product → cancelled (the
// quantity back on the shelf) → shipped again in full → nothing more can ship.

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  orderInfo: { all: true },
  productionPlan: { all: true },
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionProfit: { all: true },
  shipment: { all: true },
});
const today = todayIn(t.config.timeZone);
const call = async (method: string, url: string, payload?: unknown) => {
  const res = await t.inject({ method, url, payload, token: clerk.token, headers: { 'accept-language': 'en' } });
  return res;
};
const ok = async (method: string, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const { b, product } = await madeProduct(t, w);
await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(workers).values({ userId: clerk.user.id, lineId: w.line.id }));

const lotStock = async (planId: number) => {
  const rows = await t.db
    .select({ qty: productStocks.qty })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(eq(lots.planId, planId));
  return rows.reduce((s, r) => s + r.qty, 0);
};

describe('order product → plan → lot → shipment → cancel', () => {
  it('carries the quantities through every step', async () => {
    const business = await ok('POST', '/api/business', {
      bizPartnerId: w.customer.id,
      code: uniq('BZ'),
      name: '연간 납품',
    });
    const order = await ok('POST', '/api/order', {
      businessId: business.id,
      orderNo: uniq('SO'),
      orderDt: today,
      products: [{ productId: product.id, qty: 10, dueDt: addDays(today, 6), unitPrice: 1000 }],
    });
    const line = order.products[0] as { id: number };

    // The plan, made from the order product: its product and remaining quantity.
    const made = await ok('POST', `/api/order-product/${line.id}/plan`, {
      startDt: today,
      endDt: addDays(today, 4),
      lineId: w.line.id,
    });
    expect(made.plan).toMatchObject({ productId: product.id, qty: 10 });
    expect(made.orderProduct).toMatchObject({ plannedQty: 10, remainingQty: 0 });
    const planId = made.plan.id as number;
    const opers = (await ok('GET', `/api/productionplan/plan/${planId}/operplans`)) as { id: number }[];
    const days: { id: number }[][] = [];
    for (const o of opers)
      days.push(
        await ok('POST', '/api/productionplan/operplan/daily-plans', {
          operPlanId: o.id,
          spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
        }),
      );

    // Material for 10 pieces (2.2 KG of A and 1 EA of B each), then both operations make 10.
    const a = await receive(t, clerk.token, { materialId: w.material.id, qty: 22, locationId: w.shelf.id });
    const pb = await receive(t, clerk.token, { materialId: b.id, qty: 10, locationId: w.shelf.id });
    await ok('POST', '/api/material-stock/ship-out', { stockId: a.id, planId, qty: 22 });
    await ok('POST', '/api/material-stock/ship-out', { stockId: pb.id, planId, qty: 10 });
    for (const d of [days[0][0], days[1][0]])
      await ok('PUT', '/api/productionprofit', {
        id: d.id,
        goodQty: 10,
        badQty: 0,
        status: 'WORK_COMPLETED',
        workerId: clerk.user.id,
      });
    expect(await lotStock(planId)).toBe(10);
    expect(await ok('GET', `/api/order-product/${line.id}`)).toMatchObject({ plannedQty: 10, producedQty: 10 });

    // Shipped 6 for the order product, then cancelled: the lot holds 4, then 10 again; the shipment stays, canceled.
    const first = await ok('POST', '/api/shipment', {
      bizPartnerId: w.customer.id,
      orderProductId: line.id,
      productId: product.id,
      shipmentDt: today,
      qty: 6,
    });
    expect(first).toMatchObject({ totalQty: 6, canceled: false });
    expect(await lotStock(planId)).toBe(4);
    const canceled = await ok('PUT', '/api/shipment/cancel', { id: first.id, reason: '납기 연기' });
    expect(canceled).toMatchObject({ canceled: true, cancelReason: '납기 연기' });
    expect(await lotStock(planId)).toBe(10);

    // The whole order ships; then nothing is left.
    const all = await ok('POST', '/api/shipment', {
      bizPartnerId: w.customer.id,
      orderProductId: line.id,
      productId: product.id,
      shipmentDt: today,
      qty: 10,
    });
    expect(all.totalQty).toBe(10);
    expect(await lotStock(planId)).toBe(0);
    const more = await call('POST', '/api/shipment', {
      bizPartnerId: w.customer.id,
      orderProductId: line.id,
      productId: product.id,
      shipmentDt: today,
      qty: 1,
    });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('OUT_OF_STOCK');
    const list = (await ok(
      'GET',
      `/api/shipment/shipments?startDt=${today}&endDt=${today}&orderProductId=${line.id}`,
    )) as {
      id: number;
      canceled: boolean;
    }[];
    expect(list.map((s) => [s.id, s.canceled]).sort()).toEqual(
      [
        [first.id, true],
        [all.id, false],
      ].sort(),
    );
  });
});
