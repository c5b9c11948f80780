import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { materialHistories, materialStocks } from '../material-stock/material-stock.table.ts';
import { makeMaterial, receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { products } from '../product/product.table.ts';
import { productionMaterialHistories, productionMaterialStocks } from './production-material.table.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
});
const viewer = await t.makeUser({ stockOutRestock: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

/** A product whose BOM takes 2 KG of the world's material per unit with 10% loss, and 1 of a second material. */
const second = await makeMaterial(t.db, { unit: 'EA' });
const product = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [p] = await tx
    .insert(products)
    .values({ code: uniq('FG'), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
    .returning();
  await tx.insert(boms).values([
    { parentProductId: p.id, materialId: w.material.id, qty: 2, unit: 'KG', lossRate: 10 },
    { parentProductId: p.id, materialId: second.id, qty: 1, unit: 'EA' },
  ]);
  return p;
});

async function makePlan(qty = 10) {
  const res = await call('POST', '/api/productionplan/plan', {
    productId: product.id,
    qty,
    startDt: today,
    endDt: addDays(today, 4),
    lineId: w.line.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
}
const newStock = (qty: number, extra: Record<string, unknown> = {}) =>
  receive(t, clerk.token, { materialId: w.material.id, qty, locationId: w.shelf.id, ...extra });
const shipOut = (
  stockId: number,
  planId: number,
  qty: number,
  extra: Record<string, unknown> = {},
  token?: string | null,
) => call('POST', '/api/material-stock/ship-out', { stockId, planId, qty, ...extra }, token);
const restock = (prodStockId: number, qty: number, token?: string | null) =>
  call('POST', '/api/material-stock/ship-in-restock', { prodStockId, qty }, token);
const stockQty = async (id: number) =>
  (await t.db.select({ qty: materialStocks.qty }).from(materialStocks).where(eq(materialStocks.id, id)))[0].qty;

describe('POST /api/material-stock/ship-out and /ship-in-restock', () => {
  it('releases to a plan (SHIP_OUT + RELEASE) and restocks (RESTOCK on both ledgers); repeated releases add up', async () => {
    const plan = await makePlan();
    const s = await newStock(30);
    const res = await shipOut(s.id, plan.id, 12);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      planId: plan.id,
      productCode: product.code,
      lineId: w.line.id,
      lineName: w.line.name,
      stockId: s.id,
      packageId: s.packageId,
      materialId: w.material.id,
      unit: 'KG',
      qty: 12,
      releasedQty: 12,
      restockedQty: 0,
      consumedQty: 0,
    });
    const prodId = res.body.data.id;
    expect((await shipOut(s.id, plan.id, 3)).body.data).toMatchObject({ id: prodId, qty: 15, releasedQty: 15 });
    expect(await stockQty(s.id)).toBe(15);
    const back = await restock(prodId, 4);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ qty: 11, releasedQty: 15, restockedQty: 4 });
    expect(await stockQty(s.id)).toBe(19);
    const warehouse = await t.db
      .select()
      .from(materialHistories)
      .where(eq(materialHistories.stockId, s.id))
      .orderBy(materialHistories.id);
    expect(warehouse.map((h) => [h.type, h.qty, h.balance])).toEqual([
      ['SHIP_IN', 30, 30],
      ['SHIP_OUT', -12, 18],
      ['SHIP_OUT', -3, 15],
      ['RESTOCK', 4, 19],
    ]);
    const history = await call(
      'GET',
      `/api/material-stock/production-material-stock/history/${prodId}`,
      undefined,
      viewer.token,
    );
    expect(
      history.body.data.map((h: { type: string; qty: number; balance: number }) => [h.type, h.qty, h.balance]),
    ).toEqual([
      ['RELEASE', 12, 12],
      ['RELEASE', 3, 15],
      ['RESTOCK', -4, 11],
    ]);
    const [line] = await t.db
      .select()
      .from(productionMaterialHistories)
      .where(eq(productionMaterialHistories.prodStockId, prodId))
      .limit(1);
    expect(line.materialHistoryId).toBe(warehouse[1].id);
  });

  it('409 OUT_OF_STOCK beyond the warehouse row or beyond what is at the line; nothing written', async () => {
    const plan = await makePlan();
    const s = await newStock(5);
    const over = await shipOut(s.id, plan.id, 5.5);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 5, requested: 5.5, unit: 'KG' } });
    expect(await stockQty(s.id)).toBe(5);
    const prod = (await shipOut(s.id, plan.id, 5)).body.data;
    const back = await restock(prod.id, 6);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 5, requested: 6 } });
    expect(await stockQty(s.id)).toBe(0);
    expect((await restock(prod.id, 5)).body.data).toMatchObject({ qty: 0, restockedQty: 5 });
  });

  it('an expired row is released only with a reason, which both ledgers keep', async () => {
    const plan = await makePlan();
    const s = await newStock(5, { expiryDate: addDays(today, -1) });
    const refused = await shipOut(s.id, plan.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.extraData).toMatchObject({ stockId: s.id });
    expect(refused.body.extraData.messageKey).toContain('stockExpired');
    const ok = await shipOut(s.id, plan.id, 1, { expiredReason: '품질팀 승인' });
    expect(ok.status).toBe(200);
    const [h] = await t.db
      .select()
      .from(productionMaterialHistories)
      .where(eq(productionMaterialHistories.prodStockId, ok.body.data.id));
    expect(h.reason).toBe('품질팀 승인');
  });

  it('400 on missing rows and bad quantities; 401; 403', async () => {
    const plan = await makePlan();
    const s = await newStock(5);
    expect(fieldsOf(await shipOut(2_000_000_000, plan.id, 1))).toEqual(['stockId']);
    expect(fieldsOf(await shipOut(s.id, 2_000_000_000, 1))).toEqual(['planId']);
    expect(fieldsOf(await shipOut(s.id, plan.id, 0))).toEqual(['qty']);
    expect(fieldsOf(await shipOut(s.id, plan.id, 1.123456))).toEqual(['qty']);
    expect(fieldsOf(await restock(2_000_000_000, 1))).toEqual(['prodStockId']);
    expect(fieldsOf(await restock(1, -1))).toEqual(['qty']);
    expect((await shipOut(s.id, plan.id, 1, {}, null)).status).toBe(401);
    expect((await shipOut(s.id, plan.id, 1, {}, viewer.token)).status).toBe(403);
    expect((await restock(1, 1, viewer.token)).status).toBe(403);
    expect(await stockQty(s.id)).toBe(5);
  });
});

describe('reads', () => {
  it("a plan's materials: required by its BOM, released, at the line, still to release, warehouse stock", async () => {
    const plan = await makePlan(10);
    const s = await newStock(30);
    const prod = (await shipOut(s.id, plan.id, 20)).body.data;
    await restock(prod.id, 2);
    const res = await call(
      'GET',
      `/api/material-stock/material-shipping/production-material-stock/${plan.id}`,
      undefined,
      viewer.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ planId: plan.id, productId: product.id, qty: 10, lineId: w.line.id });
    const byId = new Map(res.body.data.materials.map((m: { materialId: number }) => [m.materialId, m]));
    // 10 × 2 KG × 1.1 = 22 KG; released 20, 2 back: 4 still to release.
    expect(byId.get(w.material.id)).toMatchObject({
      requiredQty: 22,
      releasedQty: 20,
      restockedQty: 2,
      atLineQty: 18,
      toReleaseQty: 4,
    });
    expect(byId.get(second.id)).toMatchObject({ requiredQty: 10, releasedQty: 0, toReleaseQty: 10, stockQty: 0 });
    expect(res.body.data.stocks).toMatchObject([{ id: prod.id, qty: 18 }]);
    expect(
      (await call('GET', '/api/material-stock/material-shipping/production-material-stock/2000000000')).status,
    ).toBe(404);
  });

  it('by package ID (any case), at a line or below a factory, of a period; the plan tree', async () => {
    const plan = await makePlan();
    const s = await newStock(10);
    const prod = (await shipOut(s.id, plan.id, 4)).body.data;
    const byCode = await call(
      'GET',
      `/api/material-stock/production-material-stock/by-barcode/${s.packageId.toLowerCase()}`,
    );
    expect(byCode.body.data.map((r: { id: number }) => r.id)).toEqual([prod.id]);
    expect((await call('GET', '/api/material-stock/production-material-stock/by-barcode/NOPE-404')).status).toBe(404);
    const atLine = await call('GET', `/api/material-stock/location/${w.line.id}/stocks/prod`);
    expect(atLine.body.data.map((r: { id: number }) => r.id)).toContain(prod.id);
    const atFactory = await call('GET', `/api/material-stock/location/${w.factory.id}/stocks/prod`);
    expect(atFactory.body.data.map((r: { id: number }) => r.id)).toContain(prod.id);
    expect((await call('GET', `/api/material-stock/location/${w.warehouse.id}/stocks/prod`)).body.data).toEqual([]);
    expect((await call('GET', '/api/material-stock/location/2000000000/stocks/prod')).status).toBe(404);
    const page = await call(
      'GET',
      `/api/material-stock/production-material-stocks?startDt=${today}&endDt=${today}&q=${encodeURIComponent(s.packageId)}`,
    );
    expect(page.body).toMatchObject({ total: 1, data: [{ id: prod.id }] });
    const xlsx = await call(
      'GET',
      `/api/material-stock/production-material-stocks/excel?startDt=${today}&endDt=${today}&q=${encodeURIComponent(s.packageId)}`,
      undefined,
      viewer.token,
    );
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('production-material-stocks');
    expect(fieldsOf(await call('GET', '/api/material-stock/production-material-stocks/excel'))).toEqual([
      'startDt',
      'endDt',
    ]);
    expect(fieldsOf(await call('GET', '/api/material-stock/production-material-stocks'))).toEqual(['startDt', 'endDt']);
    const tree = await call('GET', '/api/material-stock/location/production-plan/tree', undefined, viewer.token);
    const find = (nodes: any[], key: string): any =>
      nodes.flatMap((n) => [n, find(n.children, key)]).find((n) => n?.key === key);
    expect(find(tree.body.data, `L${w.site.id}`)).toMatchObject({ kind: 'LOCATION', type: 'SITE' });
    expect(find(tree.body.data, `P${plan.id}`)).toMatchObject({ kind: 'PLAN', productCode: product.code, qty: 10 });
    expect(find(find(tree.body.data, `L${w.line.id}`).children, `P${plan.id}`)).toBeTruthy();
    const later = await call(
      'GET',
      `/api/material-stock/location/production-plan/tree?startDt=${addDays(today, 30)}&endDt=${addDays(today, 31)}`,
    );
    expect(find(later.body.data, `P${plan.id}`)).toBeUndefined();
    expect(
      fieldsOf(
        await call(
          'GET',
          `/api/material-stock/location/production-plan/tree?startDt=${today}&endDt=${addDays(today, -1)}`,
        ),
      ),
    ).toEqual(['endDt']);
    expect(
      (await call('GET', '/api/material-stock/location/production-plan/tree', undefined, stranger.token)).status,
    ).toBe(403);
    expect((await call('GET', `/api/material-stock/production-material-stock/history/2000000000`)).status).toBe(404);
  });

  it('a plan with released material is not deleted; the related rows name the packages', async () => {
    const plan = await makePlan();
    const s = await newStock(10);
    await shipOut(s.id, plan.id, 1);
    const res = await call('DELETE', `/api/productionplan/plan/${plan.id}`);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual([expect.objectContaining({ screen: 'stockOutRestock', id: s.packageId })]);
  });
});

describe('concurrency', () => {
  it('100 concurrent releases and restocks of one package to two plans: nothing lost, never negative, ledgers agree', async () => {
    const planA = await makePlan();
    const planB = await makePlan();
    const s = await newStock(50);
    const prodA = (await shipOut(s.id, planA.id, 5)).body.data;
    const prodB = (await shipOut(s.id, planB.id, 5)).body.data;
    const calls = Array.from({ length: 100 }, (_, i) => {
      const amount = 0.5 + ((i * 7919) % 29) / 10;
      if (i % 3 === 2) return restock(i % 2 ? prodA.id : prodB.id, amount);
      return shipOut(s.id, i % 2 ? planA.id : planB.id, amount);
    });
    const results = await Promise.all(calls);
    for (const r of results) {
      if (r.status !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('OUT_OF_STOCK');
    }
    const [stock] = await t.db.select().from(materialStocks).where(eq(materialStocks.id, s.id));
    const prods = await t.db.select().from(productionMaterialStocks).where(eq(productionMaterialStocks.stockId, s.id));
    const atLines = prods.reduce((acc, p) => acc + p.qty, 0);
    // Conserved: what the package received is on the shelf or at the lines.
    expect(Math.abs(stock.qty + atLines - 50)).toBeLessThan(1e-6);
    expect(stock.qty).toBeGreaterThanOrEqual(0);
    for (const p of prods) {
      expect(p.qty).toBeGreaterThanOrEqual(0);
      const ledger = await t.db
        .select()
        .from(productionMaterialHistories)
        .where(eq(productionMaterialHistories.prodStockId, p.id));
      expect(Math.abs(ledger.reduce((acc, h) => acc + h.qty, 0) - p.qty)).toBeLessThan(1e-6);
    }
    const warehouse = await t.db.select().from(materialHistories).where(eq(materialHistories.stockId, s.id));
    expect(Math.abs(warehouse.reduce((acc, h) => acc + h.qty, 0) - stock.qty)).toBeLessThan(1e-6);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(30);
  });
});
