import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { asSaveRows, type Cell, fillTemplate, multipart, xlsxPart } from '../../platform/excel/excel-testing.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { makeBomLine } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { materialHistories, materialStocks } from './material-stock.table.ts';
import { makeMaterial, receive, stockWorld } from './stock-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true }, materialHistory: { view: true } });
const viewer = await t.makeUser({ materialStock: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const shipInBody = (extra: Record<string, unknown> = {}) => ({
  materialId: w.material.id,
  qty: 10,
  locationId: w.shelf.id,
  supplierId: w.supplier.id,
  supplierLot: 'SL-1',
  ...extra,
});
const movementsOf = async (stockId: number) =>
  (await t.db.select().from(materialHistories).where(eq(materialHistories.stockId, stockId))).sort(
    (a, b) => a.id - b.id,
  );

describe('POST /api/material-stock/ship-in', () => {
  it('receives a package onto a shelf: a stock row with a generated package ID and its SHIP_IN movement', async () => {
    const s = await receive(t, clerk.token, shipInBody({ qty: 12.5 }));
    expect(s).toMatchObject({
      materialId: w.material.id,
      qty: 12.5,
      receivedQty: 12.5,
      locationId: w.shelf.id,
      toolId: null,
      supplierName: w.supplier.name,
      supplierLot: 'SL-1',
      receivedDate: today,
      expiryState: 'NONE',
    });
    expect(s.packageId).toMatch(/^M\d{6}-[A-Z0-9]{6}$/);
    expect(s.placePath).toBe([w.site.name, w.factory.name, w.warehouse.name, w.shelf.name].join(' / '));
    const [m] = await movementsOf(s.id);
    expect(m).toMatchObject({ type: 'SHIP_IN', qty: 12.5, balance: 12.5, day: today, createdBy: clerk.userId });
  });

  it('proposes the expiry from the shelf life and keeps a given one; a tool may hold stock', async () => {
    const fresh = await makeMaterial(t.db, { shelfLifeDays: 10 });
    const a = await receive(t, clerk.token, shipInBody({ materialId: fresh.id, manufactureDate: '2026-01-01' }));
    expect(a.expiryDate).toBe('2026-01-11');
    const b = await receive(
      t,
      clerk.token,
      shipInBody({ materialId: fresh.id, locationId: null, toolId: w.rack.id, expiryDate: '2099-01-01' }),
    );
    expect(b).toMatchObject({ expiryDate: '2099-01-01', toolId: w.rack.id, toolName: w.rack.name });
    expect(b.placePath).toBe([w.site.name, w.factory.name, w.warehouse.name, w.rack.name].join(' / '));
  });

  it('400: no place or two, a place that is not a shelf, a missing material, a partner that is not a supplier, bad numbers', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ locationId: null }, 'locationId'],
      [{ toolId: w.rack.id }, 'locationId'],
      [{ locationId: w.warehouse.id }, 'locationId'],
      [{ locationId: 2_000_000_000 }, 'locationId'],
      [{ materialId: 2_000_000_000 }, 'materialId'],
      [{ supplierId: w.customer.id }, 'supplierId'],
      [{ qty: 0 }, 'qty'],
      [{ qty: -1 }, 'qty'],
      [{ qty: 1.123456 }, 'qty'],
      [{ packageId: '한글' }, 'packageId'],
      [{ manufactureDate: '2026-02-01', expiryDate: '2026-01-01' }, 'expiryDate'],
      [{ receivedDate: '2026-13-01' }, 'receivedDate'],
      [{ extra: 1 }, ''],
    ];
    for (const [extra, field] of cases) {
      const res = await call('POST', '/api/material-stock/ship-in', shipInBody(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      if (field) expect(fieldsOf(res), JSON.stringify(extra)).toContain(field);
    }
    const placement = await call('POST', '/api/material-stock/ship-in', shipInBody({ locationId: w.line.id }));
    expect(placement.body.extraData.fields[0].message).toBe(
      'Materials, products and molds can only be stored on a shelf or a tool.',
    );
  });

  it('409 DUPLICATE on a package ID another row has, in any case', async () => {
    const packageId = uniq('PK');
    await receive(t, clerk.token, shipInBody({ packageId }));
    const res = await call('POST', '/api/material-stock/ship-in', shipInBody({ packageId: packageId.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'packageId' } });
  });

  it('401 without a token, 403 with only the view right', async () => {
    expect((await call('POST', '/api/material-stock/ship-in', shipInBody(), null)).status).toBe(401);
    expect((await call('POST', '/api/material-stock/ship-in', shipInBody(), viewer.token)).status).toBe(403);
  });
});

describe('POST /api/material-stock/ship-in-materials', () => {
  it('receives every package, or none: the second bad one names its index', async () => {
    const ok = await call('POST', '/api/material-stock/ship-in-materials', [
      shipInBody({ qty: 1 }),
      shipInBody({ qty: 2 }),
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((s: { qty: number }) => s.qty)).toEqual([1, 2]);
    const packageId = uniq('PK');
    const bad = await call('POST', '/api/material-stock/ship-in-materials', [
      shipInBody({ packageId }),
      shipInBody({ locationId: w.warehouse.id }),
    ]);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['1.locationId']);
    const kept = await t.db.select().from(materialStocks).where(eq(materialStocks.packageId, packageId));
    expect(kept).toEqual([]);
    expect((await call('POST', '/api/material-stock/ship-in-materials', [])).status).toBe(400);
  });
});

// Rows of one material for the look-ups: expired, soon, later, without expiry (on the rack), and one counted to 0.
const material = await makeMaterial(t.db, { safetyStock: 50 });
const late = await receive(
  t,
  clerk.token,
  shipInBody({ materialId: material.id, qty: 5, expiryDate: addDays(today, 200) }),
);
const soon = await receive(
  t,
  clerk.token,
  shipInBody({ materialId: material.id, qty: 6, expiryDate: addDays(today, 3) }),
);
const expired = await receive(
  t,
  clerk.token,
  shipInBody({ materialId: material.id, qty: 7, expiryDate: addDays(today, -1), locationId: w.shelf2.id }),
);
const none = await receive(
  t,
  clerk.token,
  shipInBody({ materialId: material.id, qty: 8, toolId: w.rack.id, locationId: null }),
);
const empty = await receive(t, clerk.token, shipInBody({ materialId: material.id, qty: 1 }));
await call('PUT', '/api/material-stock/stock', { id: empty.id, qty: 0, locationId: w.shelf.id, reason: '실사' });

describe('stock look-ups', () => {
  it('a material’s rows in picking order: first expired first out, no expiry last, zero rows only when asked', async () => {
    const res = await call('GET', `/api/material-stock/material/${material.id}/stocks`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([expired.id, soon.id, late.id, none.id]);
    expect(res.body.total).toBe(4);
    expect(res.body.data.map((s: { expiryState: string }) => s.expiryState)).toEqual(['EXPIRED', 'SOON', 'OK', 'NONE']);
    expect(res.body.data[0].daysToExpiry).toBe(-1);
    const all = await call('GET', `/api/material-stock/material/${material.id}/stocks?containQtyZero=true`);
    expect(all.body.total).toBe(5);
  });

  it('filters the rows by expiry state (with its threshold), location subtree, tool and text', async () => {
    const q = (s: string) => call('GET', `/api/material-stock/stocks?materialId=${material.id}&${s}`);
    const ids = async (s: string) => (await q(s)).body.data.map((r: { id: number }) => r.id);
    expect(await ids('expiry=EXPIRED&expiry=SOON')).toEqual([expired.id, soon.id]);
    expect(await ids('expiry=SOON&soonDays=1')).toEqual([]);
    expect(await ids('expiry=OK&soonDays=1')).toEqual([soon.id, late.id]);
    expect(await ids(`locationId=${w.shelf2.id}`)).toEqual([expired.id]);
    expect(await ids(`locationId=${w.warehouse.id}`)).toEqual([soon.id, late.id, none.id]);
    expect(await ids(`toolId=${w.rack.id}`)).toEqual([none.id]);
    expect(await ids(`q=${none.packageId.toLowerCase()}`)).toEqual([none.id]);
    const page = await q('page=2&size=3');
    expect(page.body).toMatchObject({ total: 4 });
    expect(page.body.data).toHaveLength(1);
    expect((await q('expiry=LATE')).status).toBe(400);
    expect((await q('containQtyZero=maybe')).status).toBe(400);
    const byLocation = await call('GET', `/api/material-stock/location/${w.warehouse.id}/stocks?q=${material.code}`);
    expect(byLocation.body.total).toBe(3);
  });

  it('per material: stock against safety stock, expired and soon quantities', async () => {
    const res = await call('GET', `/api/material-stock/material-stocks?q=${material.code}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        materialId: material.id,
        qty: 26,
        stockCount: 4,
        safetyStock: 50,
        shortageQty: 24,
        belowSafety: true,
        expiredQty: 7,
        soonQty: 6,
        nearestExpiry: addDays(today, -1),
      }),
    ]);
    const below = await call('GET', `/api/material-stock/material-stocks?belowSafety=Y&q=${material.code}`);
    expect(below.body.total).toBe(1);
    const bare = await makeMaterial(t.db, { safetyStock: 1 });
    expect((await call('GET', `/api/material-stock/material-stocks?q=${bare.code}`)).body.total).toBe(0);
    expect(
      (await call('GET', `/api/material-stock/material-stocks?q=${bare.code}&belowSafety=true`)).body.data[0],
    ).toMatchObject({
      qty: 0,
      shortageQty: 1,
    });
  });

  it('trees: locations count the rows held at or below them; materials sum per place', async () => {
    const loc = await call('GET', '/api/material-stock/location/tree', undefined, viewer.token);
    expect(loc.status).toBe(200);
    const find = (nodes: any[], key: string): any =>
      nodes.flatMap((n) => [n, find(n.children, key)]).find((n) => n?.key === key);
    const warehouse = find(loc.body.data, `L${w.warehouse.id}`);
    expect(warehouse.stockCount).toBeGreaterThanOrEqual(3);
    expect(find(loc.body.data, `T${w.rack.id}`)).toMatchObject({ kind: 'TOOL', type: 'TOOL' });
    const mat = await call('GET', '/api/material-stock/material/tree');
    const node = find(mat.body.data, `M${material.id}`);
    expect(node).toMatchObject({ kind: 'MATERIAL', qty: 26, unit: 'KG', belowSafety: true, stockCount: 4 });
    expect(node.children.map((c: { key: string; qty: number }) => [c.key, c.qty]).sort()).toEqual(
      [
        [`M${material.id}L${w.shelf.id}`, 11],
        [`M${material.id}L${w.shelf2.id}`, 7],
        [`M${material.id}T${w.rack.id}`, 8],
      ].sort(),
    );
    expect(find(node.children, `M${material.id}T${w.rack.id}`).name).toBe(w.rack.name);
    expect(find(node.children, `M${material.id}L${w.shelf.id}`).name).toBe(w.shelf.name);
    // A material without stock shows only with containQtyZero; the row counted to 0 then counts too.
    const bare = await makeMaterial(t.db, {});
    expect(find(mat.body.data, `M${bare.id}`)).toBeUndefined();
    const all = await call('GET', '/api/material-stock/material/tree?containQtyZero=true');
    expect(find(all.body.data, `M${bare.id}`)).toMatchObject({ qty: 0, stockCount: 0, children: [] });
    expect(find(all.body.data, `M${material.id}`)).toMatchObject({ qty: 26, stockCount: 5 });
  });

  it('a text search finds rows by material code or name, package ID or supplier lot, in any case', async () => {
    const ids = async (text: string) =>
      (
        await call('GET', `/api/material-stock/stocks?materialId=${material.id}&q=${encodeURIComponent(text)}`)
      ).body.data
        .map((r: { id: number }) => r.id)
        .sort();
    const all = [expired.id, soon.id, late.id, none.id].sort();
    expect(await ids(material.name.toUpperCase())).toEqual(all);
    expect(await ids(material.code.toLowerCase())).toEqual(all);
    expect(await ids(none.packageId.slice(2).toLowerCase())).toEqual([none.id]);
    expect(await ids('sl-1')).toEqual(all);
    expect(await ids('%')).toEqual([]);
  });

  it('one row, its movements, by name and by package ID in any case; 404s', async () => {
    expect((await call('GET', `/api/material-stock/stock/${soon.id}`)).body.data).toMatchObject({
      id: soon.id,
      qty: 6,
    });
    const shippings = await call('GET', `/api/material-stock/stock/${empty.id}/shippings`);
    expect(
      shippings.body.data.map((m: { type: string; qty: number; balance: number }) => [m.type, m.qty, m.balance]),
    ).toEqual([
      ['SHIP_IN', 1, 1],
      ['CORRECT', -1, 0],
    ]);
    const byName = await call('GET', `/api/material-stock/by-name/${encodeURIComponent(material.name)}`);
    expect(byName.body.data.map((s: { id: number }) => s.id)).toEqual([expired.id, soon.id, late.id, none.id]);
    const byBarcode = await call('GET', `/api/material-stock/by-barcode/${soon.packageId.toLowerCase()}`);
    expect(byBarcode.body.data.id).toBe(soon.id);
    for (const url of [
      '/api/material-stock/stock/2000000000',
      '/api/material-stock/stock/2000000000/shippings',
      '/api/material-stock/by-barcode/NOPE-1',
      '/api/material-stock/location/2000000000/stocks',
      '/api/material-stock/material/2000000000/stocks',
    ]) {
      expect((await call('GET', url)).status, url).toBe(404);
    }
    expect((await call('GET', '/api/material-stock/stock/abc')).status).toBe(400);
    expect((await call('GET', '/api/material-stock/stocks', undefined, nobody.token)).status).toBe(403);
    expect((await call('GET', '/api/material-stock/stocks', undefined, null)).status).toBe(401);
  });
});

describe('PUT /api/material-stock/stock (correct and move)', () => {
  it('a count correction writes CORRECT with the difference and the reason; a move writes MOVE from the old place', async () => {
    const s = await receive(t, clerk.token, shipInBody({ qty: 10 }));
    const res = await call('PUT', '/api/material-stock/stock', {
      id: s.id,
      qty: 7.5,
      toolId: w.rack.id,
      reason: '실사 차이',
      supplierLot: 'SL-2',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ qty: 7.5, toolId: w.rack.id, locationId: null, supplierLot: 'SL-2' });
    const ms = await movementsOf(s.id);
    expect(ms.map((m) => [m.type, m.qty, m.balance, m.reason])).toEqual([
      ['SHIP_IN', 10, 10, null],
      ['MOVE', 0, 10, '실사 차이'],
      ['CORRECT', -2.5, 7.5, '실사 차이'],
    ]);
    expect(ms[1]).toMatchObject({ fromLocationId: w.shelf.id, toolId: w.rack.id });
  });

  it('400 without a reason, with a negative count or a bad place; 404 for a missing row; 403 without modify', async () => {
    const s = await receive(t, clerk.token, shipInBody());
    const base = { id: s.id, qty: 1, locationId: w.shelf.id, reason: 'r' };
    expect(fieldsOf(await call('PUT', '/api/material-stock/stock', { ...base, reason: '' }))).toContain('reason');
    expect(fieldsOf(await call('PUT', '/api/material-stock/stock', { ...base, qty: -1 }))).toContain('qty');
    expect(fieldsOf(await call('PUT', '/api/material-stock/stock', { ...base, locationId: w.factory.id }))).toContain(
      'locationId',
    );
    expect((await call('PUT', '/api/material-stock/stock', { ...base, id: 2_000_000_000 })).status).toBe(404);
    expect((await call('PUT', '/api/material-stock/stock', base, viewer.token)).status).toBe(403);
    expect((await movementsOf(s.id)).length).toBe(1);
  });
});

describe('DELETE /api/material-stock/stock/{id}', () => {
  it('deletes a row whose receipt is its only movement, with the receipt', async () => {
    const s = await receive(t, clerk.token, shipInBody());
    expect((await call('DELETE', `/api/material-stock/stock/${s.id}`)).status).toBe(200);
    expect(await movementsOf(s.id)).toEqual([]);
    expect((await call('DELETE', `/api/material-stock/stock/${s.id}`)).status).toBe(404);
  });

  it('409 with the other movements once the row was corrected; 403 without delete', async () => {
    const s = await receive(t, clerk.token, shipInBody());
    expect((await call('DELETE', `/api/material-stock/stock/${s.id}`, undefined, viewer.token)).status).toBe(403);
    await call('PUT', '/api/material-stock/stock', { id: s.id, qty: 9, locationId: w.shelf.id, reason: '파손' });
    const res = await call('DELETE', `/api/material-stock/stock/${s.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'materialHistory', name: `${s.packageId} CORRECT -1` }),
    ]);
  });

  it('a material, shelf or supplier with stock cannot be deleted: the related rows name the package', async () => {
    const admin = await t.makeUser({ materialInfo: { all: true } });
    const material = await makeMaterial(t.db);
    const s = await receive(t, clerk.token, shipInBody({ materialId: material.id }));
    const res = await t.inject({ method: 'DELETE', url: `/api/material/${material.id}`, token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual(
      expect.arrayContaining([expect.objectContaining({ screen: 'materialStock', id: s.packageId })]),
    );
  });
});

describe('the BOM stock provider', () => {
  it('the BOM stock tree shows stock on hand and the shortage', async () => {
    const bomUser = await t.makeUser({ bom: { all: true } });
    const material = await makeMaterial(t.db);
    const [product] = await t.db
      .insert(products)
      .values({ code: uniq('P'), name: '제품', type: 'FINISHED', unit: 'EA' })
      .returning();
    await makeBomLine(t.db, { parentProductId: product.id, materialId: material.id });
    await receive(t, clerk.token, shipInBody({ materialId: material.id, qty: 5 }));
    const res = await t.inject({ method: 'GET', url: `/api/bom/tree/stock/${product.id}/6`, token: bomUser.token });
    expect(res.status).toBe(200);
    expect(res.body.data.materials[0]).toMatchObject({
      requiredQty: 6,
      stockQty: 5,
      shortageQty: 1,
      sufficient: false,
    });
    expect(res.body.data.sufficient).toBe(false);
  });
});

describe('Excel: bulk receipt', () => {
  const token = clerk.token;
  async function check(rows: Record<string, Cell>[]) {
    const template = (await call('GET', '/api/material-stock/excel/template')).raw.rawPayload as Buffer;
    const mp = multipart([xlsxPart(await fillTemplate(template, rows))]);
    return t.inject({
      method: 'POST',
      url: '/api/material-stock/excel/check',
      token,
      payload: mp.payload,
      headers: { ...en, ...mp.headers },
    });
  }

  it('imports receipts all or none, by material code and shelf path or tool code, and exports the rows', async () => {
    const packageId = uniq('XL');
    const shelfPath = [w.site.name, w.factory.name, w.warehouse.name, w.shelf.name].join(' / ');
    const rows: Record<string, Cell>[] = [
      {
        material: w.material.code,
        qty: '3',
        place: shelfPath,
        supplier: w.supplier.code,
        supplierLot: 'LOT-9',
        packageId,
        receivedDate: '2026-11-01',
        expiryDate: '2027-11-01',
      },
      { material: w.material.name, qty: '4', place: w.rack.code, description: '비고' },
    ];
    const checked = await check(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.invalidCount).toBe(0);
    const save = await call('POST', '/api/material-stock/excel', { rows: asSaveRows(rows) });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect(save.body.data.saved).toBe(2);
    const [row] = await t.db.select().from(materialStocks).where(eq(materialStocks.packageId, packageId));
    expect(row).toMatchObject({ qty: 3, supplierLot: 'LOT-9', receivedDate: '2026-11-01', expiryDate: '2027-11-01' });
    // The same package again, a warehouse as the place and a zero quantity: refused per cell, nothing saved.
    const again = await check([rows[0], { ...rows[1], place: w.warehouse.code }, { ...rows[1], qty: '0' }]);
    expect(again.body.data.invalidCount).toBe(3);
    const exported = await call('GET', `/api/material-stock/excel/export?q=${packageId}`);
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');
  });
});
