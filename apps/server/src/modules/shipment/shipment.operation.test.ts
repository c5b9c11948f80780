import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { operationOutputProvider } from '../operation/operation.service.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { madeProduct, spreadPlan } from '../production-result/result-fixtures.ts';
import { workers } from '../worker/worker.table.ts';

// SPEC §5 "Deleting an operation is blocked if its completed quantity exceeds the shipped quantity", end to end with
// real numbers: a plan's results on both operations make a lot; this module answers operation.output with the
// completed quantities (production-plan's) and the shipped quantity of the lots whose plan has the operation.

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
  shipment: { all: true },
  operation: { all: true },
});
const today = todayIn(t.config.timeZone);
const call = (method: string, url: string, payload?: unknown) =>
  t.inject({ method, url, payload, token: clerk.token, headers: { 'accept-language': 'en' } });
const { b, product, forming, packing } = await madeProduct(t, w);
await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(workers).values({ userId: clerk.user.id, lineId: w.line.id }));

/** Forming and packing 5 good each: a lot of 5 on the shelf. */
async function produceFive() {
  const { plan, first, last } = await spreadPlan(call, product.id, w.line.id, today, 10);
  const a = await receive(t, clerk.token, { materialId: w.material.id, qty: 20, locationId: w.shelf.id });
  const bb = await receive(t, clerk.token, { materialId: b.id, qty: 10, locationId: w.shelf.id });
  for (const [stockId, qty] of [
    [a.id, 20],
    [bb.id, 10],
  ]) {
    const res = await call('POST', '/api/material-stock/ship-out', { stockId, planId: plan.id, qty });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  for (const id of [first[0].id, last[0].id]) {
    const res = await call('PUT', '/api/productionprofit', { id, goodQty: 5, badQty: 0, workerId: clerk.user.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const [row] = await t.db
    .select({ id: productStocks.id, qty: productStocks.qty })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(eq(lots.planId, plan.id));
  expect(row.qty).toBe(5);
  return row;
}
const ship = async (productStockId: number, qty: number) => {
  const res = await call('POST', '/api/shipment', {
    bizPartnerId: w.customer.id,
    productId: product.id,
    shipmentDt: today,
    lots: [{ productStockId, qty }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
};
const output = () =>
  withTx(t.db, SYSTEM_ACTOR, (tx) => t.app.providers.get(operationOutputProvider)(tx, [forming.id, packing.id]));
const byOperation = async () =>
  Object.fromEntries((await output()).map((o) => [o.operationId, [o.completedQty, o.shippedQty]]));

describe('operation.output and the operation delete rule (SPEC §5)', () => {
  it('answers completed (production-plan) and shipped (non-canceled shipments of the lots) per operation', async () => {
    const row = await produceFive();
    expect(await byOperation()).toEqual({ [forming.id]: [5, 0], [packing.id]: [5, 0] });
    const first = await ship(row.id, 3);
    expect(await byOperation()).toEqual({ [forming.id]: [5, 3], [packing.id]: [5, 3] });
    await ship(row.id, 2);
    expect(await byOperation()).toEqual({ [forming.id]: [5, 5], [packing.id]: [5, 5] });
    expect((await call('PUT', '/api/shipment/cancel', { id: first.id })).status).toBe(200);
    expect(await byOperation()).toEqual({ [forming.id]: [5, 2], [packing.id]: [5, 2] });
  });

  it('DELETE of the operation: 409 with the rule while completed > shipped; once shipped ≥ completed only the operation plans keep it', async () => {
    const del = () => call('DELETE', `/api/operation/${packing.id}`);
    // From the test before: completed 5, shipped 2 (one of its two shipments canceled). The rule answers first.
    const blocked = await del();
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Cannot delete an operation whose completed quantity exceeds the shipped quantity.',
      extraData: { messageKey: 'operationOutputNotShipped', operationIds: [packing.id] },
    });
    const [row] = await t.db
      .select({ id: productStocks.id })
      .from(productStocks)
      .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
      .where(eq(lots.productId, product.id));
    const more = await ship(row.id, 2);
    expect((await del()).body.extraData?.messageKey).toBe('operationOutputNotShipped');
    await ship(row.id, 1);
    // Shipped 5 = completed 5: the rule passes; the operation plans that made the numbers still refer to it.
    const passed = await del();
    expect(passed.status).toBe(409);
    expect(passed.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    // A cancel brings the completed quantity above the shipped again.
    expect((await call('PUT', '/api/shipment/cancel', { id: more.id })).status).toBe(200);
    expect((await del()).body.extraData?.messageKey).toBe('operationOutputNotShipped');
  });
});
