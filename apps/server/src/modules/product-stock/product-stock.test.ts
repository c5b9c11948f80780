import { lotIdOf } from '@eqms/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { stockWorld } from '../material-stock/stock-fixtures.ts';
import { products } from '../product/product.table.ts';
import { applyProductMovement, putIntoStock } from './product-stock.ledger.ts';
import { lots, productStockHistories, productStocks } from './product-stock.table.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ prodStock: { all: true }, productionPlan: { all: true } });
const viewer = await t.makeUser({ prodStock: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const compact = (day: string) => day.replaceAll('-', '');

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

async function makeProduct(extra: Partial<typeof products.$inferInsert> = {}) {
  const [p] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code: uniq('FG').toUpperCase(), name: uniq('제품 '), type: 'FINISHED', unit: 'EA', ...extra })
      .returning(),
  );
  return p;
}
const product = await makeProduct({ shelfLifeDays: 30 });
const other = await makeProduct({ type: 'SEMI', unit: 'KG' });

type Row = {
  id: number;
  lotRowId: number;
  lotId: string;
  qty: number;
  disposed: boolean;
  locationId: number;
  [k: string]: unknown;
};
const add = (body: Record<string, unknown>, token?: string | null) =>
  call('POST', '/api/productstock/stock-add', body, token);
async function added(body: Record<string, unknown>): Promise<Row> {
  const res = await add({ productId: product.id, locationId: w.shelf.id, qty: 10, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const adjust = (id: number, adjustedQty: unknown, description: unknown = '실사', token?: string | null) =>
  call('PUT', `/api/productstock/stock/${id}/qty`, { adjustedQty, description }, token);
const dispose = (id: number, body: unknown = { reason: '품질 불량' }, token?: string | null) =>
  call('PUT', `/api/productstock/dispose/${id}`, body, token);
const ledgerOf = async (id: number) =>
  t.db
    .select()
    .from(productStockHistories)
    .where(eq(productStockHistories.productStockId, id))
    .orderBy(asc(productStockHistories.id));
const rowOf = async (id: number) => (await t.db.select().from(productStocks).where(eq(productStocks.id, id)))[0];

/** A production plan (through the API) and its lot with `qty` produced onto the shelf, as the result module makes it. */
async function planLot(qty = 5) {
  const res = await call('POST', '/api/productionplan/plan', {
    productId: product.id,
    qty: 100,
    startDt: today,
    endDt: addDays(today, 2),
    lineId: w.line.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const plan = res.body.data as { id: number; lotSeq?: number };
  const lot = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [made] = await tx
      .insert(lots)
      .values({ lotId: lotIdOf(today, product.code, plan.id), productId: product.id, planId: plan.id, day: today })
      .returning();
    await putIntoStock(tx, SYSTEM_ACTOR, made.id, w.shelf.id, { type: 'PRODUCE', qty, day: today });
    return made;
  });
  return { plan, lot };
}

describe('POST /api/productstock/stock-add', () => {
  it('a hand-added lot: LOT ID M<day>-<code>-<seq>, expiry from the shelf life, an ADD movement', async () => {
    const first = await added({ qty: 12.5, description: '기초 재고' });
    expect(first).toMatchObject({
      lotId: `M${compact(today)}-${product.code}-001`,
      planId: null,
      productId: product.id,
      productCode: product.code,
      unit: 'EA',
      locationId: w.shelf.id,
      qty: 12.5,
      disposed: false,
      day: today,
      expiryDate: addDays(today, 30),
      expiryReason: 'SHELF_LIFE',
      expiryState: 'SOON',
    });
    expect(first.placePath).toBe([w.site.name, w.factory.name, w.warehouse.name, w.shelf.name].join(' / '));
    expect((await added({})).lotId).toBe(`M${compact(today)}-${product.code}-002`);
    const history = await call('GET', `/api/productstock/stock/${first.id}/history`, undefined, viewer.token);
    expect(history.status).toBe(200);
    expect(history.body.data).toMatchObject([{ type: 'ADD', qty: 12.5, balance: 12.5, reason: '기초 재고' }]);
    // A production day in the past: the expiry counts from it; a date entered by hand has no reason.
    const old = await added({ day: addDays(today, -40) });
    expect(old).toMatchObject({ day: addDays(today, -40), expiryDate: addDays(today, -10), expiryState: 'EXPIRED' });
    expect(old.lotId).toBe(`M${compact(addDays(today, -40))}-${product.code}-001`);
    expect(await added({ expiryDate: addDays(today, 3) })).toMatchObject({ expiryReason: null });
    // A product without a shelf life: no expiry.
    expect(await added({ productId: other.id })).toMatchObject({ expiryDate: null, expiryState: 'NONE', unit: 'KG' });
  });

  it('a given LOT ID: a new lot, then more of it (any case, same product) on another shelf', async () => {
    const lotId = uniq('HAND-').toUpperCase();
    const a = await added({ lotId, qty: 4 });
    expect(a.lotId).toBe(lotId);
    const b = await added({ lotId: lotId.toLowerCase(), qty: 6, locationId: w.shelf2.id });
    expect(b).toMatchObject({ lotRowId: a.lotRowId, lotId, qty: 6, locationId: w.shelf2.id });
    const c = await added({ lotId, qty: 1 });
    expect(c).toMatchObject({ id: a.id, qty: 5 });
    expect((await ledgerOf(a.id)).map((h) => [h.type, h.qty, h.balance])).toEqual([
      ['ADD', 4, 4],
      ['ADD', 1, 5],
    ]);
  });

  it("409 DUPLICATE on lotId for another product's lot or a plan's lot, in any case; nothing written", async () => {
    const lotId = uniq('DUP-').toUpperCase();
    await added({ lotId });
    const clash = await add({ productId: other.id, lotId: lotId.toLowerCase(), locationId: w.shelf.id, qty: 1 });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'lotId', existing: { key: lotId } } });
    const { lot } = await planLot();
    const onPlan = await add({
      productId: product.id,
      lotId: lot.lotId.toLowerCase(),
      locationId: w.shelf2.id,
      qty: 1,
    });
    expect(onPlan.status).toBe(409);
    expect(onPlan.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'lotId' } });
    const rows = await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id));
    expect(rows.map((r) => [r.locationId, r.qty])).toEqual([[w.shelf.id, 5]]);
  });

  it('400 on bad input naming the field; 401; 403 without the create right', async () => {
    const base = { productId: product.id, locationId: w.shelf.id, qty: 1 };
    expect(fieldsOf(await add({ ...base, qty: 0 }))).toEqual(['qty']);
    expect(fieldsOf(await add({ ...base, qty: 1.123456 }))).toEqual(['qty']);
    expect(fieldsOf(await add({ ...base, productId: 2_000_000_000 }))).toEqual(['productId']);
    expect(fieldsOf(await add({ ...base, locationId: w.warehouse.id }))).toEqual(['locationId']);
    expect(fieldsOf(await add({ ...base, locationId: 2_000_000_000 }))).toEqual(['locationId']);
    expect(fieldsOf(await add({ ...base, lotId: '-bad lot' }))).toEqual(['lotId']);
    expect(fieldsOf(await add({ ...base, day: today, expiryDate: addDays(today, -1) }))).toEqual(['expiryDate']);
    expect(fieldsOf(await add({ ...base, day: '2026-02-30' }))).toEqual(['day']);
    expect((await add({ ...base, extra: 1 })).status).toBe(400);
    expect((await add(base, null)).status).toBe(401);
    expect((await add(base, viewer.token)).status).toBe(403);
    expect((await add(base, stranger.token)).status).toBe(403);
  });
});

describe('PUT /api/productstock/stock/{id}/qty, /dispose/{id} and /stock', () => {
  it('an adjustment sets the counted quantity: ADJUST with the difference, adjustedQty and description kept', async () => {
    const row = await added({ qty: 10 });
    const res = await adjust(row.id, 7, '실사 차이');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, qty: 7, adjustedQty: 7, description: '실사 차이' });
    expect((await adjust(row.id, 7.25, '재실사')).body.data).toMatchObject({ qty: 7.25, adjustedQty: 7.25 });
    // The same count again is on record too.
    expect((await adjust(row.id, 7.25, '확인')).status).toBe(200);
    const history = await call('GET', `/api/productstock/stock/${row.id}/history`);
    expect(history.body.data.map((h: any) => [h.type, h.qty, h.balance, h.reason])).toEqual([
      ['ADD', 10, 10, null],
      ['ADJUST', -3, 7, '실사 차이'],
      ['ADJUST', 0.25, 7.25, '재실사'],
      ['ADJUST', 0, 7.25, '확인'],
    ]);
    expect((await adjust(row.id, 0, '소진')).body.data.qty).toBe(0);
  });

  it('adjust: 400 on a negative or unreadable quantity or no description; 404; 401; 403', async () => {
    const row = await added({ qty: 3 });
    expect(fieldsOf(await adjust(row.id, -1))).toEqual(['adjustedQty']);
    expect(fieldsOf(await adjust(row.id, 1.123456))).toEqual(['adjustedQty']);
    expect(fieldsOf(await adjust(row.id, '2'))).toEqual(['adjustedQty']);
    expect(fieldsOf(await adjust(row.id, 2, ''))).toEqual(['description']);
    expect(fieldsOf(await call('PUT', `/api/productstock/stock/${row.id}/qty`, { adjustedQty: 2 }))).toEqual([
      'description',
    ]);
    expect((await adjust(2_000_000_000, 1)).status).toBe(404);
    expect((await adjust(row.id, 1, 'x', null)).status).toBe(401);
    expect((await adjust(row.id, 1, 'x', viewer.token)).status).toBe(403);
    expect((await rowOf(row.id)).qty).toBe(3);
  });

  it('dispose: the whole quantity leaves by DISPOSE, the row stays as a discarded LOT that takes nothing more', async () => {
    const lotId = uniq('DISP-').toUpperCase();
    const row = await added({ lotId, qty: 8 });
    const res = await dispose(row.id, { reason: '파손' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, qty: 0, disposed: true, disposedReason: '파손' });
    expect(Date.parse(res.body.data.disposedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await ledgerOf(row.id)).map((h) => [h.type, h.qty, h.balance, h.reason])).toEqual([
      ['ADD', 8, 8, null],
      ['DISPOSE', -8, 0, '파손'],
    ]);
    // No adjustment, no second dispose, no more stock on that shelf: 409 CONFLICT with the rule.
    const adjusted = await adjust(row.id, 5);
    expect(adjusted.status).toBe(409);
    expect(adjusted.body).toMatchObject({ code: 'CONFLICT', extraData: { messageKey: 'lotDisposedFixed' } });
    expect((await dispose(row.id)).body).toMatchObject({ code: 'CONFLICT' });
    const more = await add({ productId: product.id, lotId, locationId: w.shelf.id, qty: 1 });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: 'CONFLICT', extraData: { messageKey: 'lotDisposed' } });
    // The lot may still go onto another shelf.
    expect((await added({ lotId, locationId: w.shelf2.id, qty: 2 })).qty).toBe(2);
    expect((await rowOf(row.id)).qty).toBe(0);
    // The note can still be edited.
    expect(
      (await call('PUT', '/api/productstock/stock', { id: row.id, description: '폐기 완료' })).body.data,
    ).toMatchObject({
      description: '폐기 완료',
      disposed: true,
    });
  });

  it('dispose: the body may be left out; 404; 401; 403', async () => {
    const row = await added({ qty: 2 });
    const bare = await t.inject({ method: 'PUT', url: `/api/productstock/dispose/${row.id}`, token: clerk.token });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body.data).toMatchObject({ disposed: true, disposedReason: null });
    expect((await dispose(2_000_000_000)).status).toBe(404);
    const other = await added({ qty: 2 });
    expect((await dispose(other.id, {}, null)).status).toBe(401);
    expect((await dispose(other.id, {}, viewer.token)).status).toBe(403);
    expect(fieldsOf(await dispose(other.id, { reason: 'x'.repeat(201) }))).toEqual(['reason']);
    expect((await rowOf(other.id)).disposed).toBe(false);
  });

  it('PUT /stock edits the note only: no movement; 400; 404; 403', async () => {
    const row = await added({ qty: 4 });
    const res = await call('PUT', '/api/productstock/stock', { id: row.id, description: '선반 위쪽' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, qty: 4, description: '선반 위쪽', adjustedQty: null });
    expect((await ledgerOf(row.id)).length).toBe(1);
    expect(fieldsOf(await call('PUT', '/api/productstock/stock', { description: 'x' }))).toEqual(['id']);
    expect((await call('PUT', '/api/productstock/stock', { id: row.id, qty: 1 })).status).toBe(400);
    expect((await call('PUT', '/api/productstock/stock', { id: 2_000_000_000 })).status).toBe(404);
    expect((await call('PUT', '/api/productstock/stock', { id: row.id }, viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/productstock/stock', { id: row.id }, null)).status).toBe(401);
  });
});

describe('reads', () => {
  it('the list: filters, zero and discarded rows on request, paging with the total; the workbook', async () => {
    const p = await makeProduct({ shelfLifeDays: 10 });
    const mine = { productId: p.id };
    const a = await added({ ...mine, qty: 3 });
    const b = await added({ ...mine, qty: 4, locationId: w.shelf2.id, day: addDays(today, -20) });
    const c = await added({ ...mine, qty: 5 });
    await adjust(c.id, 0);
    const d = await added({ ...mine, qty: 6 });
    await dispose(d.id);
    const list = (query: string, token = viewer.token) =>
      call('GET', `/api/productstock/stocks?productId=${p.id}${query}`, undefined, token);
    const ids = (res: { body: any }) => res.body.data.map((r: Row) => r.id);
    const plain = await list('');
    expect(plain.status).toBe(200);
    // First expiring first: b (made 20 days ago) before a.
    expect(ids(plain)).toEqual([b.id, a.id]);
    expect(plain.body.total).toBe(2);
    expect(ids(await list('&containQtyZero=true')).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(ids(await list('&includeDisposed=true')).sort()).toEqual([a.id, b.id, d.id].sort());
    expect(ids(await list('&expiry=EXPIRED'))).toEqual([b.id]);
    expect(ids(await list(`&locationId=${w.shelf2.id}`))).toEqual([b.id]);
    expect(ids(await list(`&lotId=${a.lotId.toLowerCase()}`))).toEqual([a.id]);
    expect(ids(await list('&size=1&page=2'))).toEqual([a.id]);
    expect((await list('&size=1&page=2')).body.total).toBe(2);
    const byText = await call('GET', `/api/productstock/stocks?q=${encodeURIComponent(p.code.toLowerCase())}`);
    expect(ids(byText).sort()).toEqual([a.id, b.id].sort());
    const byLot = await call('GET', `/api/productstock/stocks?q=${encodeURIComponent(a.lotId.slice(1))}`);
    expect(ids(byLot)).toEqual([a.id]);
    expect(ids(await call('GET', `/api/productstock/stocks?productType=SEMI&productId=${p.id}`))).toEqual([]);
    // Below a warehouse and below the site.
    const atWarehouse = await call('GET', `/api/productstock/prod-stocks/location/${w.warehouse.id}/stocks?size=1000`);
    expect(ids(atWarehouse)).toContain(a.id);
    expect(ids(atWarehouse)).not.toContain(b.id);
    const atSite = await call('GET', `/api/productstock/prod-stocks/location/${w.site.id}/stocks?size=1000`);
    expect(ids(atSite)).toEqual(expect.arrayContaining([a.id]));
    expect((await call('GET', '/api/productstock/prod-stocks/location/2000000000/stocks')).status).toBe(404);
    const ofProduct = await call(
      'GET',
      `/api/productstock/prod-stocks/${p.id}?includeDisposed=true`,
      undefined,
      viewer.token,
    );
    expect(ofProduct.body).toMatchObject({ total: 3 });
    expect((await call('GET', '/api/productstock/prod-stocks/2000000000')).status).toBe(404);
    expect(fieldsOf(await list('&expiry=LATE'))).toEqual(['expiry.0']);
    expect(fieldsOf(await list('&containQtyZero=maybe'))).toEqual(['containQtyZero']);
    expect(fieldsOf(await call('GET', '/api/productstock/stocks?size=5000'))).toEqual(['size']);
    expect((await list('', stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/productstock/stocks', undefined, null)).status).toBe(401);

    const xlsx = await call(
      'GET',
      `/api/productstock/stocks/excel?productId=${p.id}&containQtyZero=true`,
      undefined,
      viewer.token,
    );
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('product-stocks');
    const [sheet] = await readXlsx(xlsx.raw.rawPayload as Buffer);
    const lotIds = sheet.rows.map((r) => r[0]);
    for (const r of [a, b, c, d]) expect(lotIds).toContain(r.lotId);
    expect((await call('GET', '/api/productstock/stocks/excel', undefined, stranger.token)).status).toBe(403);
  });

  it('one row, a lot by LOT ID (any case), a plan’s lot, a row’s history: 404 for what does not exist', async () => {
    const row = await added({ qty: 2 });
    const one = await call('GET', `/api/productstock/stock/${row.id}`, undefined, viewer.token);
    expect(one.body.data).toMatchObject({ id: row.id, lotId: row.lotId });
    expect((await call('GET', '/api/productstock/stock/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/productstock/stock/abc')).status).toBe(400);
    const byLot = await call('GET', `/api/productstock/stock/lot-id/${row.lotId.toLowerCase()}`);
    expect(byLot.body.data.map((r: Row) => r.id)).toEqual([row.id]);
    expect((await call('GET', '/api/productstock/stock/lot-id/NO-SUCH-LOT')).status).toBe(404);
    expect((await call('GET', '/api/productstock/stock/2000000000/history')).status).toBe(404);
    const { plan, lot } = await planLot(5);
    const ofPlan = await call('GET', `/api/productstock/prod-stock/${plan.id}`);
    expect(ofPlan.body.data).toMatchObject([{ lotId: lot.lotId, planId: plan.id, qty: 5 }]);
    expect((await call('GET', '/api/productstock/prod-stock/2000000000')).status).toBe(404);
    const res = await call('POST', '/api/productionplan/plan', {
      productId: product.id,
      qty: 1,
      startDt: today,
      endDt: today,
      lineId: w.line.id,
    });
    expect((await call('GET', `/api/productstock/prod-stock/${res.body.data.id}`)).body.data).toEqual([]);
    expect((await call('GET', `/api/productstock/prod-stock/${plan.id}`, undefined, stranger.token)).status).toBe(403);
  });

  it('the location tree: site → factory → warehouse → shelf with lots, rows and quantity; no lines', async () => {
    const p = await makeProduct();
    const lotId = uniq('TREE-').toUpperCase();
    await added({ productId: p.id, lotId, qty: 3 });
    await added({ productId: p.id, lotId, qty: 4, locationId: w.shelf2.id });
    const res = await call('GET', '/api/productstock/prod-stocks/location/tree', undefined, viewer.token);
    expect(res.status).toBe(200);
    const find = (nodes: any[], key: string): any =>
      nodes.flatMap((n) => [n, find(n.children, key)]).find((n) => n?.key === key);
    const site = find(res.body.data, `L${w.site.id}`);
    const shelf = find(site.children, `L${w.shelf.id}`);
    expect(shelf).toMatchObject({ kind: 'LOCATION', type: 'SHELF', name: w.shelf.name });
    expect(find(site.children, `L${w.warehouse.id}`).children.map((n: any) => n.key)).toContain(`L${w.shelf.id}`);
    expect(find(res.body.data, `L${w.line.id}`)).toBeUndefined();
    // shelf2 is in a branch of its own; the tree's totals at the shelf cover this file's rows there.
    const rows = await t.db.select().from(productStocks).where(eq(productStocks.locationId, w.shelf.id));
    const held = rows.filter((r) => r.qty > 0);
    expect(shelf.stockCount).toBe(held.length);
    expect(shelf.qty).toBeCloseTo(
      held.reduce((acc, r) => acc + r.qty, 0),
      5,
    );
    expect(shelf.lotCount).toBe(held.length);
    const shelf2 = find(res.body.data, `L${w.shelf2.id}`);
    expect(shelf2.lotCount).toBeGreaterThanOrEqual(1);
    // With zero rows: every location but lines, those without stock too.
    const all = await call('GET', '/api/productstock/prod-stocks/location/tree?containQtyZero=true');
    expect(find(all.body.data, `L${w.line.id}`)).toBeUndefined();
    expect(find(all.body.data, `L${w.factory.id}`)).toBeTruthy();
    expect((await call('GET', '/api/productstock/prod-stocks/location/tree', undefined, stranger.token)).status).toBe(
      403,
    );
    expect(fieldsOf(await call('GET', '/api/productstock/prod-stocks/location/tree?includeDisposed=x'))).toEqual([
      'includeDisposed',
    ]);
  });

  it('the item tree: product type → product → lots, one unit per product; zero lots on request', async () => {
    const p = await makeProduct({ type: 'SEMI', unit: 'KG' });
    const lotA = uniq('ITEM-A').toUpperCase();
    const lotB = uniq('ITEM-B').toUpperCase();
    await added({ productId: p.id, lotId: lotA, qty: 3 });
    await added({ productId: p.id, lotId: lotA, qty: 2, locationId: w.shelf2.id });
    const emptied = await added({ productId: p.id, lotId: lotB, qty: 1 });
    await adjust(emptied.id, 0);
    const res = await call('GET', '/api/productstock/prod-stocks/item/tree', undefined, viewer.token);
    expect(res.status).toBe(200);
    const semi = res.body.data.find((n: any) => n.key === 'GSEMI');
    expect(semi).toMatchObject({ kind: 'TYPE', unit: 'KG' });
    const node = semi.children.find((n: any) => n.key === `P${p.id}`);
    expect(node).toMatchObject({ kind: 'PRODUCT', code: p.code, lotCount: 1, stockCount: 2, qty: 5, unit: 'KG' });
    expect(node.children).toMatchObject([{ kind: 'LOT', code: lotA, qty: 5, stockCount: 2, unit: 'KG' }]);
    const all = await call('GET', '/api/productstock/prod-stocks/item/tree?containQtyZero=true');
    const withZero = all.body.data.find((n: any) => n.key === 'GSEMI').children.find((n: any) => n.key === `P${p.id}`);
    expect(withZero.children.map((n: any) => [n.code, n.qty])).toEqual([
      [lotA, 5],
      [lotB, 0],
    ]);
  });
});

describe('barcode: a LOT ID', () => {
  it('is a LOT with its product name, the quantity in stock and where it is', async () => {
    const lotId = uniq('SCAN-').toUpperCase();
    await added({ lotId, qty: 7 });
    const gone = await added({ lotId, qty: 2, locationId: w.shelf2.id });
    await dispose(gone.id);
    const res = await t.inject({
      method: 'GET',
      url: `/api/barcode/${lotId.toLowerCase()}`,
      token: stranger.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'LOT',
      code: lotId.toLowerCase(),
      data: {
        lotId,
        productId: product.id,
        productCode: product.code,
        productionPlanProductName: product.name,
        qty: 7,
        unit: 'EA',
      },
    });
    expect(res.body.data.data.placePath).toBe(
      [w.site.name, w.factory.name, w.warehouse.name, w.shelf.name].join(' / '),
    );
    const typed = await t.inject({ method: 'GET', url: `/api/barcode/${lotId}?type=LOT`, token: stranger.token });
    expect(typed.body.data.type).toBe('LOT');
    // A product's code is still a PRODUCT.
    const byCode = await t.inject({ method: 'GET', url: `/api/barcode/${product.code}`, token: stranger.token });
    expect(byCode.body.data.type).toBe('PRODUCT');
  });
});

describe('the ledger', () => {
  it('never takes a row below zero: 409 OUT_OF_STOCK with what there is, nothing written', async () => {
    const row = await added({ qty: 3 });
    const taking = withTx(t.db, SYSTEM_ACTOR, (tx) =>
      applyProductMovement(tx, SYSTEM_ACTOR, row.id, { type: 'ADJUST', qty: -3.5, day: today }, 'EA'),
    );
    await expect(taking).rejects.toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      extraData: { available: 3, requested: 3.5, unit: 'EA' },
    });
    expect((await rowOf(row.id)).qty).toBe(3);
    expect((await ledgerOf(row.id)).length).toBe(1);
  });
});

describe('concurrency', () => {
  /** The row's ledger adds up to its quantity and each balance follows from the one before, never below zero. */
  async function expectConsistent(id: number) {
    const row = await rowOf(id);
    const ledger = await ledgerOf(id);
    let balance = 0;
    for (const h of ledger) {
      balance += h.qty;
      expect(Math.abs(h.balance - balance)).toBeLessThan(1e-6);
      expect(h.balance).toBeGreaterThanOrEqual(0);
    }
    expect(Math.abs(balance - row.qty)).toBeLessThan(1e-6);
    expect(row.qty).toBeGreaterThanOrEqual(0);
    return { row, ledger };
  }

  it('50 concurrent adjustments down, adds and one dispose on one row: ledger = qty, never negative', async () => {
    const lotId = uniq('RACE-').toUpperCase();
    const row = await added({ lotId, qty: 100 });
    const calls = Array.from({ length: 50 }, (_, i) => {
      if (i === 31) return dispose(row.id, { reason: '경합 폐기' });
      if (i % 2 === 0) return adjust(row.id, Math.max(0, 100 - i * 3), `경합 ${i}`);
      return add({ productId: product.id, lotId, locationId: w.shelf.id, qty: 1 + (i % 7) / 4 });
    });
    const results = await Promise.all(calls);
    for (const r of results) {
      if (r.status !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('CONFLICT');
    }
    const { row: after, ledger } = await expectConsistent(row.id);
    expect(after.disposed).toBe(true);
    expect(after.qty).toBe(0);
    // Nothing moved after the dispose.
    expect(ledger.at(-1)?.type).toBe('DISPOSE');
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(1);
  });

  it('concurrent adds of one product and day without a LOT ID each make the next one', async () => {
    const p = await makeProduct();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => add({ productId: p.id, locationId: w.shelf.id, qty: 1 })),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = results.map((r) => r.body.data.lotId).sort();
    expect(made).toEqual(Array.from({ length: 8 }, (_, i) => `M${compact(today)}-${p.code}-00${i + 1}`));
  });

  it('50 concurrent adds and adjustments without a dispose all succeed and add up', async () => {
    const lotId = uniq('RACE2-').toUpperCase();
    const row = await added({ lotId, qty: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? adjust(row.id, i / 10, `경합 ${i}`)
          : add({ productId: product.id, lotId, locationId: w.shelf.id, qty: 0.5 }),
      ),
    );
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { ledger } = await expectConsistent(row.id);
    expect(ledger.length).toBe(51);
  });
});
