import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { createTestApp } from '../../test/harness.ts';
import { madeProduct, spreadPlan } from '../production-result/result-fixtures.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
  prodStock: { all: true },
  lotReport: { view: true },
});
const viewer = await t.makeUser({ lotReport: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const get = (url: string, token: string | null = viewer.token) => call('GET', url, undefined, token);
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const ok = <T = any>(res: { status: number; body: any }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};

// The production-result fixtures: a product made by forming then packing, 2.2 KG of A and 1 EA of B a unit.
const { b, product, forming, packing } = await madeProduct(t, w);
const world = { product, forming, packing };

/** A plan of `qty` from today over 5 days, spread on both operations; its daily plans by sequence. */
const makePlan = (qty = 10) => spreadPlan(call, product.id, w.line.id, today, qty);
const receiveA = (qty: number, extra: Record<string, unknown> = {}) =>
  receive(t, clerk.token, {
    materialId: w.material.id,
    qty,
    locationId: w.shelf.id,
    supplierId: w.supplier.id,
    ...extra,
  });
const release = async (stockId: number, planId: number, qty: number) =>
  ok(await call('POST', '/api/material-stock/ship-out', { stockId, planId, qty }));
const save = async (body: Record<string, unknown>) => ok(await call('PUT', '/api/productionprofit', body));
const lotIdOfPlan = (lotSeq: number) =>
  `L${today.replaceAll('-', '')}-${world.product.code.toUpperCase()}-${String(lotSeq).padStart(3, '0')}`;

// One lot made through the results API from two packages of material A and one of material B.
const made = await makePlan(10);
const a1 = await receiveA(10, { expiryDate: addDays(today, 100), supplierLot: 'SUP-A1' });
const a2 = await receiveA(20, { expiryDate: addDays(today, 20), supplierLot: 'SUP-A2' });
const pb = await receive(t, clerk.token, { materialId: b.id, qty: 12, locationId: w.shelf.id });
await release(a1.id, made.plan.id, 10);
await release(a2.id, made.plan.id, 15);
await release(pb.id, made.plan.id, 12);
// Day 1 forming: 5 good + 1 bad = 6 units → A 13.2 KG (10 from a1, released first, 3.2 from a2), B 6.
await save({ id: made.first[0].id, goodQty: 5, badQty: 1, defects: [{ defectCode: 'FUNCTION', qty: 1 }] });
// Day 1 packing: 5 good → the lot, onto the factory's first warehouse shelf.
await save({ id: made.last[0].id, goodQty: 5, badQty: 0, status: 'WORK_COMPLETED' });
// Day 2 forming: 2 good (A 4.4 from a2, B 2), corrected to 1 (A 2.2 and B 1 given back) → net A 2.2, B 1.
await save({ id: made.first[1].id, goodQty: 2, badQty: 0 });
await save({ id: made.first[1].id, goodQty: 1, badQty: 0 });
// Day 2 packing: 1 good + 1 bad, the good one onto the second shelf.
await save({ id: made.last[1].id, goodQty: 1, badQty: 1, locationId: w.shelf2.id });
const lotId = lotIdOfPlan(made.plan.lotSeq);

describe('GET /lot/lots and /lot/lots/lotId', () => {
  it('lists the period’s lots with plan, line, expiry and the last operation’s output; stock when asked', async () => {
    const url = `/api/lot/lots?startDt=${today}&endDt=${today}&q=${encodeURIComponent(lotId.toLowerCase())}`;
    const page = await get(url);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.total).toBe(1);
    const [lot] = page.body.data;
    expect(lot).toMatchObject({
      lotId,
      productId: world.product.id,
      productCode: world.product.code,
      unit: 'EA',
      planId: made.plan.id,
      planQty: 10,
      lineId: w.line.id,
      lineName: w.line.name,
      day: today,
      expiryDate: addDays(today, 20),
      expiryReason: 'MATERIAL',
      expiryPackageId: a2.packageId,
      goodQty: 6,
      badQty: 1,
      stockQty: null,
      disposedQty: null,
      shelves: null,
    });

    const withStock = ok<any[]>(await get(`${url}&includeStock=true`));
    expect(withStock[0]).toMatchObject({ stockQty: 6, disposedQty: 0 });
    expect(withStock[0].shelves.map((s: { locationId: number; qty: number }) => [s.locationId, s.qty])).toEqual([
      [w.shelf.id, 5],
      [w.shelf2.id, 1],
    ]);
    expect(withStock[0].shelves[0].path).toBe(
      [w.site.name, w.factory.name, w.warehouse.name, w.shelf.name].join(' / '),
    );

    // Discarding the second shelf's row: out of stock, counted as discarded, its shelf gone.
    const rows = ok<{ id: number; locationId: number }[]>(
      await call('GET', `/api/productstock/stock/lot-id/${encodeURIComponent(lotId)}`),
    );
    const second = rows.find((r) => r.locationId === w.shelf2.id)!;
    ok(await call('PUT', `/api/productstock/dispose/${second.id}`, { reason: 'damaged' }));
    const after = ok<any>(await get(`/api/lot/lots/lotId?lotId=${encodeURIComponent(lotId.toLowerCase())}`));
    expect(after).toMatchObject({ lotId, stockQty: 5, disposedQty: 1, goodQty: 6, badQty: 1 });
    expect(after.shelves.map((s: { locationId: number }) => s.locationId)).toEqual([w.shelf.id]);
  });

  it('pages, searches by product, and shows a lot added by hand without a plan', async () => {
    const hand = ok<{ lotId: string; lotRowId: number }>(
      await call('POST', '/api/productstock/stock-add', {
        productId: world.product.id,
        locationId: w.shelf.id,
        qty: 3,
      }),
    );
    const all = await get(
      `/api/lot/lots?startDt=${today}&endDt=${today}&q=${encodeURIComponent(world.product.name)}&includeStock=Y`,
    );
    expect(all.body.total).toBe(2);
    const manual = all.body.data.find((l: { lotId: string }) => l.lotId === hand.lotId);
    expect(manual).toMatchObject({
      id: hand.lotRowId,
      planId: null,
      planQty: null,
      lineName: null,
      goodQty: 0,
      badQty: 0,
      stockQty: 3,
      expiryReason: 'SHELF_LIFE',
      expiryDate: addDays(today, 30),
    });
    const first = await get(`/api/lot/lots?startDt=${today}&endDt=${today}&q=${world.product.code}&page=1&size=1`);
    const second = await get(`/api/lot/lots?startDt=${today}&endDt=${today}&q=${world.product.code}&page=2&size=1`);
    expect([first.body.total, first.body.data.length, second.body.data.length]).toEqual([2, 1, 1]);
    expect(first.body.data[0].lotId).not.toBe(second.body.data[0].lotId);
    expect(ok(await get(`/api/lot/${hand.lotRowId}/daily-plans`))).toEqual([]);
    expect(ok(await get(`/api/lot/${hand.lotRowId}/materials`))).toEqual([]);
    // Another period does not hold them.
    const later = await get(
      `/api/lot/lots?startDt=${addDays(today, 1)}&endDt=${addDays(today, 2)}&q=${world.product.code}`,
    );
    expect(later.body).toMatchObject({ total: 0, data: [] });
  });

  it('refuses a bad period, no token, no right; a LOT ID nobody has is 404', async () => {
    expect(fieldsOf(await get('/api/lot/lots'))).toEqual(['startDt', 'endDt']);
    expect(fieldsOf(await get(`/api/lot/lots?startDt=${today}&endDt=${addDays(today, -1)}`))).toEqual(['endDt']);
    expect(fieldsOf(await get(`/api/lot/lots?startDt=${today}&endDt=${addDays(today, 366)}`))).toEqual(['endDt']);
    expect((await get(`/api/lot/lots?startDt=${today}&endDt=${addDays(today, 365)}`)).status).toBe(200);
    expect(fieldsOf(await get(`/api/lot/lots?startDt=${today}&endDt=${today}&includeStock=maybe`))).toEqual([
      'includeStock',
    ]);
    expect(fieldsOf(await get(`/api/lot/lots?startDt=${today}&endDt=${today}&size=5000`))).toEqual(['size']);
    expect(fieldsOf(await get('/api/lot/lots/lotId'))).toEqual(['lotId']);
    const missing = await get('/api/lot/lots/lotId?lotId=NO-SUCH-LOT');
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const url of [`/api/lot/lots?startDt=${today}&endDt=${today}`, `/api/lot/lots/lotId?lotId=${lotId}`]) {
      expect((await get(url, null)).status).toBe(401);
      expect((await get(url, stranger.token)).status).toBe(403);
    }
  });
});

describe('a lot’s daily plans and backward genealogy', () => {
  it('lists every operation’s daily plans with results by day and sequence', async () => {
    const lot = ok<{ id: number }>(await get(`/api/lot/lots/lotId?lotId=${lotId}`));
    const list = ok<any[]>(await get(`/api/lot/${lot.id}/daily-plans`));
    expect(list).toHaveLength(10);
    expect(list.map((d) => [d.day, d.seq])).toEqual(
      [0, 1, 2, 3, 4].flatMap((i) => [
        [addDays(today, i), 1],
        [addDays(today, i), 2],
      ]),
    );
    expect(list[0]).toMatchObject({
      id: made.first[0].id,
      goodQty: 5,
      badQty: 1,
      status: 'WORKING',
      defects: [{ defectCode: 'FUNCTION', qty: 1 }],
      lotId,
      operationName: world.forming.name,
    });
    expect(list[1]).toMatchObject({ id: made.last[0].id, goodQty: 5, status: 'WORK_COMPLETED' });
    expect(list[3]).toMatchObject({ id: made.last[1].id, goodQty: 1, badQty: 1 });
  });

  it('equals the hand-computed net consumption per package: two of material A, one of B', async () => {
    const lot = ok<{ id: number }>(await get(`/api/lot/lots/lotId?lotId=${lotId}`));
    const materials = ok<any[]>(await get(`/api/lot/${lot.id}/materials`));
    const sorted = [
      { pkg: a1, materialId: w.material.id },
      { pkg: a2, materialId: w.material.id },
    ].sort((x, y) => x.pkg.packageId.localeCompare(y.pkg.packageId));
    const [aFirst, aSecond] = sorted.map((s) => s.pkg);
    const byPackage = new Map(materials.map((m) => [m.packageId, m]));
    expect(materials).toHaveLength(3);
    // a1: 10 on day 1. a2: 3.2 on day 1 + 2.2 net on day 2. B: 6 + 1.
    expect(byPackage.get(a1.packageId)).toMatchObject({
      stockId: a1.id,
      qty: 10,
      supplierLot: 'SUP-A1',
      supplierId: w.supplier.id,
      supplierName: w.supplier.name,
      receivedDate: today,
      expiryDate: addDays(today, 100),
      materialId: w.material.id,
      materialCode: w.material.code,
      unit: 'KG',
      dailyPlanIds: [made.first[0].id],
      setsLotExpiry: false,
    });
    expect(byPackage.get(a2.packageId)).toMatchObject({
      qty: 5.4,
      dailyPlanIds: [made.first[0].id, made.first[1].id],
      setsLotExpiry: true,
    });
    expect(byPackage.get(pb.packageId)).toMatchObject({
      qty: 7,
      materialId: b.id,
      supplierId: null,
      supplierName: null,
      unit: 'EA',
      dailyPlanIds: [made.first[0].id, made.first[1].id],
    });
    // By material code, then package ID.
    const aRows = materials.filter((m) => m.materialId === w.material.id).map((m) => m.packageId);
    expect(aRows).toEqual([aFirst.packageId, aSecond.packageId]);
  });

  it('answers 400 for a bad id, 404 for a lot that does not exist, 401 and 403', async () => {
    for (const path of ['daily-plans', 'materials']) {
      expect(fieldsOf(await get(`/api/lot/abc/${path}`))).toEqual(['id']);
      const missing = await get(`/api/lot/2000000000/${path}`);
      expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await get(`/api/lot/1/${path}`, null)).status).toBe(401);
      expect((await get(`/api/lot/1/${path}`, stranger.token)).status).toBe(403);
    }
  });
});

describe('the lot trees', () => {
  const find = (nodes: any[], key: string): any =>
    nodes.flatMap((n) => [n, find(n.children, key)]).find((n) => n?.key === key);

  it('prod-plans: product → plan (its lot); daily-plans: plan → daily plans by day and sequence, same plan keys', async () => {
    const tree = ok<any[]>(await get(`/api/lot/tree/prod-plans/${today}/${today}`));
    const product = find(tree, `PR${world.product.id}`);
    expect(product).toMatchObject({
      title: `${world.product.code} ${world.product.name}`,
      data: { kind: 'PRODUCT', productId: world.product.id, lotCount: 1, goodQty: 6, unit: 'EA' },
    });
    // The hand-added lot has no plan: not in the trees.
    expect(product.children.map((c: { key: string }) => c.key)).toEqual([`PL${made.plan.id}`]);
    const plan = product.children[0];
    expect(plan).toMatchObject({
      title: lotId,
      children: [],
      data: {
        kind: 'PLAN',
        planId: made.plan.id,
        lotId,
        qty: 10,
        startDt: today,
        endDt: addDays(today, 4),
        lineName: w.line.name,
        day: today,
        goodQty: 6,
        badQty: 1,
      },
    });

    const daily = ok<any[]>(await get(`/api/lot/tree/daily-plans/${today}/${today}`));
    const planNode = find(daily, `PL${made.plan.id}`);
    expect(daily).toContainEqual(planNode);
    expect({ ...planNode, children: [] }).toEqual(plan);
    expect(planNode.children).toHaveLength(10);
    expect(planNode.children[0]).toMatchObject({
      key: `D${made.first[0].id}`,
      title: `${today} · 1. ${world.forming.name}`,
      children: [],
      data: { kind: 'DAILY_PLAN', dailyPlanId: made.first[0].id, seq: 1, goodQty: 5, badQty: 1, status: 'WORKING' },
    });
    expect(planNode.children[1]).toMatchObject({
      key: `D${made.last[0].id}`,
      data: { seq: 2, status: 'WORK_COMPLETED' },
    });

    const later = ok<any[]>(await get(`/api/lot/tree/prod-plans/${addDays(today, 1)}/${addDays(today, 3)}`));
    expect(find(later, `PR${world.product.id}`)).toBeUndefined();
  });

  it('refuses bad and too long periods, no token and no right', async () => {
    expect(fieldsOf(await get(`/api/lot/tree/prod-plans/x/${today}`))).toEqual(['startDt']);
    expect(fieldsOf(await get(`/api/lot/tree/prod-plans/${today}/${addDays(today, -1)}`))).toEqual(['endDt']);
    expect(fieldsOf(await get(`/api/lot/tree/prod-plans/${today}/${addDays(today, 366)}`))).toEqual(['endDt']);
    expect((await get(`/api/lot/tree/prod-plans/${today}/${addDays(today, 365)}`)).status).toBe(200);
    expect(fieldsOf(await get(`/api/lot/tree/daily-plans/${today}/${addDays(today, 93)}`))).toEqual(['endDt']);
    expect((await get(`/api/lot/tree/daily-plans/${today}/${addDays(today, 92)}`)).status).toBe(200);
    for (const tree of ['prod-plans', 'daily-plans']) {
      expect((await get(`/api/lot/tree/${tree}/${today}/${today}`, null)).status).toBe(401);
      expect((await get(`/api/lot/tree/${tree}/${today}/${today}`, stranger.token)).status).toBe(403);
    }
  });
});

describe('GET /lot/shipment-lots', () => {
  it('lists lots with stock not discarded, first expiring first; a customer that does not exist is 404', async () => {
    // A second plan's lot: made, then all of it discarded — it cannot ship.
    const other = await makePlan(2);
    const pa = await receiveA(10, { expiryDate: addDays(today, 60) });
    const pbb = await receive(t, clerk.token, { materialId: b.id, qty: 5, locationId: w.shelf.id });
    await release(pa.id, other.plan.id, 10);
    await release(pbb.id, other.plan.id, 5);
    await save({ id: other.first[0].id, goodQty: 2, badQty: 0 });
    await save({ id: other.last[0].id, goodQty: 2, badQty: 0 });
    const otherLot = lotIdOfPlan(other.plan.lotSeq);
    for (const r of ok<{ id: number }[]>(await call('GET', `/api/productstock/stock/lot-id/${otherLot}`)))
      ok(await call('PUT', `/api/productstock/dispose/${r.id}`, {}));

    const base = `/api/lot/shipment-lots?startDt=${today}&endDt=${today}&productId=${world.product.id}`;
    const list = ok<any[]>(await get(base));
    expect(list.map((l) => l.lotId)).not.toContain(otherLot);
    expect(list.find((l) => l.lotId === lotId)).toMatchObject({ stockQty: 5, disposedQty: 1 });
    expect(list.every((l) => l.stockQty > 0)).toBe(true);
    const expiries = list.map((l) => l.expiryDate as string);
    expect(expiries).toEqual([...expiries].sort());
    expect(list[0].lotId).toBe(lotId); // day + 20 (its material) before the hand lot's day + 30
    expect(ok<any[]>(await get(`${base}&bizPartnerId=${w.customer.id}`)).map((l) => l.lotId)).toEqual(
      list.map((l) => l.lotId),
    );
    expect(ok<any[]>(await get(`${base}&q=${encodeURIComponent(lotId.toLowerCase())}`)).map((l) => l.lotId)).toEqual([
      lotId,
    ]);
    for (const id of [w.supplier.id, 2000000000]) {
      const res = await get(`${base}&bizPartnerId=${id}`);
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(fieldsOf(await get(`${base}&bizPartnerId=0`))).toEqual(['bizPartnerId']);
    expect(fieldsOf(await get('/api/lot/shipment-lots'))).toEqual(['startDt', 'endDt']);
    expect((await get(base, null)).status).toBe(401);
    expect((await get(base, stranger.token)).status).toBe(403);
  });
});

describe('GET /lot/lots/excel', () => {
  it('downloads the filter as a workbook that opens, with the stock columns when asked', async () => {
    const url = `/api/lot/lots/excel?startDt=${today}&endDt=${today}&q=${encodeURIComponent(lotId)}`;
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(String(plain.headers['content-type'])).toContain('spreadsheetml');
    expect(String(plain.headers['content-disposition'])).toContain('lots-');
    const [sheet] = await readXlsx(plain.raw.rawPayload as Buffer);
    const header = sheet.rows.find((r) => r.includes('LOT ID'))!;
    expect(header).toEqual(expect.arrayContaining(['Product code', 'Good', 'Bad', 'Expiry from']));
    expect(header).not.toContain('In stock');
    const row = sheet.rows.find((r) => r.includes(lotId))!;
    expect(row[header.indexOf('Good')]).toBe('6');
    expect(row[header.indexOf('Expiry from')]).toBe('MATERIAL');

    const stocked = await get(`${url}&includeStock=true`);
    const [withStock] = await readXlsx(stocked.raw.rawPayload as Buffer);
    const head = withStock.rows.find((r) => r.includes('LOT ID'))!;
    const line = withStock.rows.find((r) => r.includes(lotId))!;
    expect([line[head.indexOf('In stock')], line[head.indexOf('Discarded')]]).toEqual(['5', '1']);
    expect(line[head.indexOf('Shelves')]).toContain(w.shelf.name);

    expect(fieldsOf(await get('/api/lot/lots/excel'))).toEqual(['startDt', 'endDt']);
    expect((await get(url, null)).status).toBe(401);
    expect((await get(url, stranger.token)).status).toBe(403);
  });
});
