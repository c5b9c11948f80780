import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { createTestApp } from '../../test/harness.ts';
import { materialHistories, materialStocks } from './material-stock.table.ts';
import { makeMaterial, receive, stockWorld } from './stock-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true } });
const seller = await t.makeUser({ materialSales: { all: true }, materialProdSales: { view: true } });
const looker = await t.makeUser({ materialSales: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = seller.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const stockQty = async (id: number) =>
  (await t.db.select({ qty: materialStocks.qty }).from(materialStocks).where(eq(materialStocks.id, id)))[0].qty;
const newStock = (qty: number, extra: Record<string, unknown> = {}) =>
  receive(t, clerk.token, { materialId: w.material.id, qty, locationId: w.shelf.id, ...extra });
const sell = (stockId: number, qty: number, extra: Record<string, unknown> = {}, token?: string | null) =>
  call('POST', '/api/material-sales', { stockId, customerId: w.customer.id, qty, ...extra }, token);

describe('POST /api/material-sales', () => {
  it('sells from a stock row: the sale, a SALE movement and the balance', async () => {
    const s = await newStock(10);
    const res = await sell(s.id, 4, { unitPrice: 1500, description: '샘플' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      stockId: s.id,
      packageId: s.packageId,
      customerName: w.customer.name,
      qty: 4,
      amount: 6000,
      saleDate: today,
      expiredReason: null,
    });
    expect(await stockQty(s.id)).toBe(6);
    const [, sale] = await t.db
      .select()
      .from(materialHistories)
      .where(eq(materialHistories.stockId, s.id))
      .orderBy(materialHistories.id);
    expect(sale).toMatchObject({ type: 'SALE', qty: -4, balance: 6, saleId: res.body.data.id });
  });

  it('409 OUT_OF_STOCK beyond the row, saying how much there is; nothing written', async () => {
    const s = await newStock(3);
    const res = await sell(s.id, 3.5);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 3, requested: 3.5, unit: 'KG' } });
    expect(res.body.message).toContain('3 KG on hand');
    expect(await stockQty(s.id)).toBe(3);
    expect((await sell(s.id, 3)).status).toBe(200);
    expect((await sell(s.id, 0.00001)).status).toBe(409);
  });

  it('an expired row is sold only with a reason, which the sale and its movement keep', async () => {
    const s = await newStock(5, { expiryDate: addDays(today, -2) });
    const refused = await sell(s.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT' });
    expect(refused.body.extraData.messageKey).toContain('stockExpired');
    const ok = await sell(s.id, 1, { expiredReason: '재가공용 판매' });
    expect(ok.body.data.expiredReason).toBe('재가공용 판매');
    const rows = await t.db.select().from(materialHistories).where(eq(materialHistories.stockId, s.id));
    expect(rows.find((r) => r.type === 'SALE')?.reason).toBe('재가공용 판매');
  });

  it('400: a missing row, a partner that is not a customer, a zero or too precise quantity, a bad date', async () => {
    const s = await newStock(5);
    const cases: [Record<string, unknown>, string][] = [
      [{ stockId: 2_000_000_000 }, 'stockId'],
      [{ customerId: w.supplier.id }, 'customerId'],
      [{ qty: 0 }, 'qty'],
      [{ qty: 0.123456 }, 'qty'],
      [{ saleDate: '2026-02-30' }, 'saleDate'],
      [{ unitPrice: -1 }, 'unitPrice'],
    ];
    for (const [extra, field] of cases) {
      const res = await call('POST', '/api/material-sales', {
        stockId: s.id,
        customerId: w.customer.id,
        qty: 1,
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(await stockQty(s.id)).toBe(5);
  });

  it('401 without a token, 403 with the view right only', async () => {
    const s = await newStock(5);
    expect((await sell(s.id, 1, {}, null)).status).toBe(401);
    expect((await sell(s.id, 1, {}, looker.token)).status).toBe(403);
  });
});

describe('DELETE /api/material-sales', () => {
  it('a deleted sale returns its quantity (SALE_CANCEL); bulk is all or none', async () => {
    const s = await newStock(10);
    const a = (await sell(s.id, 2)).body.data;
    const b = (await sell(s.id, 3)).body.data;
    expect(await stockQty(s.id)).toBe(5);
    expect((await call('DELETE', `/api/material-sales/${a.id}`, undefined, looker.token)).status).toBe(403);
    expect((await call('DELETE', `/api/material-sales/${a.id}`)).status).toBe(200);
    expect(await stockQty(s.id)).toBe(7);
    expect((await call('DELETE', `/api/material-sales/sales/${b.id},2000000000`)).status).toBe(404);
    expect(await stockQty(s.id)).toBe(7);
    expect((await call('DELETE', `/api/material-sales/sales/${b.id}`)).status).toBe(200);
    expect(await stockQty(s.id)).toBe(10);
    expect((await call('DELETE', `/api/material-sales/${a.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/material-sales/sales/x')).status).toBe(400);
    const types = (await t.db.select().from(materialHistories).where(eq(materialHistories.stockId, s.id))).map(
      (r) => r.type,
    );
    expect(types.sort()).toEqual(['SALE', 'SALE', 'SALE_CANCEL', 'SALE_CANCEL', 'SHIP_IN']);
  });
});

// Two rows of one material with a sale each, for the lists.
const material = await makeMaterial(t.db);
const first = await receive(t, clerk.token, {
  materialId: material.id,
  qty: 5,
  locationId: w.shelf.id,
  expiryDate: addDays(today, 5),
});
const second = await receive(t, clerk.token, { materialId: material.id, qty: 5, locationId: w.shelf.id });
await sell(first.id, 1, { saleDate: addDays(today, -3) });
await sell(second.id, 2);

describe('sales lists', () => {
  it('lists sales newest first with filters and the total; exports them', async () => {
    const res = await call(
      'GET',
      `/api/material-sales/sales?materialId=${material.id}&page=1&size=10`,
      undefined,
      looker.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((s: { qty: number }) => s.qty)).toEqual([2, 1]);
    const ranged = await call('GET', `/api/material-sales/sales?materialId=${material.id}&from=${today}&to=${today}`);
    expect(ranged.body.total).toBe(1);
    expect((await call('GET', `/api/material-sales/sales?from=${today}&to=${addDays(today, -1)}`)).status).toBe(400);
    const xlsx = await call('GET', `/api/material-sales/sales/excel?materialId=${material.id}`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('material-sales');
    expect((await call('GET', '/api/material-sales/sales', undefined, clerk.token)).status).toBe(403);
  });

  it('the tree: the material’s rows in picking order, each with its sales and sold quantity; 404 for no material', async () => {
    const res = await call('GET', `/api/material-sales/tree/${material.id}`);
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((r: { id: number; soldQty: number; sales: unknown[] }) => [r.id, r.soldQty, r.sales.length]),
    ).toEqual([
      [first.id, 1, 1],
      [second.id, 2, 1],
    ]);
    expect((await call('GET', '/api/material-sales/tree/2000000000')).status).toBe(404);
  });

  it('the combined view lists the material half of a period', async () => {
    const res = await call(
      'GET',
      `/api/material-sales/material-prod-sales?from=${addDays(today, -7)}&to=${today}&q=${material.code}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { kind: string; qty: number }) => [s.kind, s.qty])).toEqual([
      ['MATERIAL', 2],
      ['MATERIAL', 1],
    ]);
    expect(
      (await call('GET', `/api/material-sales/material-prod-sales?from=${today}&to=${today}&kind=PRODUCT`)).body.total,
    ).toBe(0);
    expect((await call('GET', '/api/material-sales/material-prod-sales')).status).toBe(400);
    expect(
      (await call('GET', `/api/material-sales/material-prod-sales?from=${today}&to=${today}`, undefined, looker.token))
        .status,
    ).toBe(403);
  });
});
