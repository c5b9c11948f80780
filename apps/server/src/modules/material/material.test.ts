import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  asSaveRows,
  type Cell,
  fillTemplate,
  multipart,
  readXlsx,
  xlsxPart,
} from '../../platform/excel/excel-testing.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { ensureCodes, makeBomLine, makePartner } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { materials } from './material.table.ts';

const t = await createTestApp();
await ensureCodes(t.db);
const editor = await t.makeUser({ materialInfo: { all: true } });
const viewer = await t.makeUser({ materialInfo: { view: true } });
const productEditor = await t.makeUser({ productInfo: { all: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };
const supplier = await makePartner(t.db, ['CUSTOMER', 'SUPPLIER']);
const customer = await makePartner(t.db, ['CUSTOMER']);

type Body = Record<string, unknown>;
const body = (extra: Body = {}): Body => ({
  code: uniq('M'),
  name: `자재 ${uniq('n')}`,
  type: 'RAW',
  unit: 'KG',
  ...extra,
});
const post = (payload: unknown, token: string | null = editor.token) =>
  t.inject({ method: 'POST', url: '/api/material/material', token, payload, headers: en });
const get = (url: string, token: string | null = reader.token) => t.inject({ method: 'GET', url, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

async function create(extra: Body = {}) {
  const res = await post(body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; code: string; name: string; barcode: string | null } & Body;
}

async function makeProduct() {
  const [p] = await t.db
    .insert(products)
    .values({ code: uniq('P'), name: '제품', type: 'FINISHED', unit: 'EA' })
    .returning();
  return p;
}

describe('POST /api/material/material', () => {
  it('creates a material with its supplier and safety stock', async () => {
    const m = await create({ supplierId: supplier.id, safetyStock: 10.25, barcode: uniq('B'), specification: '1t' });
    expect(m).toMatchObject({
      supplierId: supplier.id,
      supplierName: supplier.name,
      safetyStock: 10.25,
      specification: '1t',
      createdBy: editor.userId,
    });
  });

  it('refuses a supplier that is not a SUPPLIER partner or does not exist (400 on supplierId)', async () => {
    for (const supplierId of [customer.id, 999_999]) {
      const res = await post(body({ supplierId }));
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields).toEqual([
        { field: 'supplierId', message: 'The selected item does not exist.' },
      ]);
    }
  });

  it('refuses a type outside MATERIAL_TYPE, a unit outside UNIT and a negative safety stock', async () => {
    expect(fieldsOf(await post(body({ type: 'FINISHED' })))).toEqual(['type']);
    expect(fieldsOf(await post(body({ unit: 'PIECE' })))).toEqual(['unit']);
    const negative = await post(body({ safetyStock: -0.5 }));
    expect(negative.status).toBe(400);
    expect(fieldsOf(negative)).toEqual(['safetyStock']);
  });

  it('refuses a duplicate code or barcode (409 DUPLICATE with the field), also in a race', async () => {
    const m = await create({ barcode: uniq('B') });
    const code = await post(body({ code: m.code }));
    expect(code.status).toBe(409);
    expect(code.body.extraData.field).toBe('code');
    const barcode = await post(body({ barcode: m.barcode }));
    expect(barcode.status).toBe(409);
    expect(barcode.body.extraData.field).toBe('barcode');
    const sameBarcode = uniq('RB');
    const race = await Promise.all([post(body({ barcode: sameBarcode })), post(body({ barcode: sameBarcode }))]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)!.body.extraData.field).toBe('barcode');
  });

  it('needs a token (401) and the materialInfo create right (403)', async () => {
    expect((await post(body(), null)).status).toBe(401);
    expect((await post(body(), viewer.token)).status).toBe(403);
    expect((await post(body(), productEditor.token)).status).toBe(403);
  });
});

describe('POST /api/material/materials (bulk)', () => {
  const bulk = (payload: unknown, token: string | null = editor.token) =>
    t.inject({ method: 'POST', url: '/api/material/materials', token, payload, headers: en });

  it('creates all or none', async () => {
    const ok = await bulk([body(), body({ type: 'PACKAGING', unit: 'BOX' })]);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveLength(2);
    const first = body();
    const bad = await bulk([first, body({ supplierId: customer.id })]);
    expect(bad.status).toBe(400);
    expect(bad.body.extraData).toMatchObject({ index: 1, fields: [{ field: '1.supplierId' }] });
    expect(
      await t.db
        .select()
        .from(materials)
        .where(eq(materials.code, first.code as string)),
    ).toHaveLength(0);
  });

  it('answers 400, 401 and 403', async () => {
    expect((await bulk([])).status).toBe(400);
    expect((await bulk([body()], null)).status).toBe(401);
    expect((await bulk([body()], viewer.token)).status).toBe(403);
  });
});

describe('reads', () => {
  const tag = uniq('MLIST').toUpperCase();

  it('GET /materials pages on the server by code with q and type filters', async () => {
    for (const [i, type] of ['RAW', 'SUB', 'RAW'].entries()) await create({ code: `${tag}-${3 - i}`, type });
    const page = await get(`/api/material/materials?q=${tag.toLowerCase()}&size=2`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((m: { code: string }) => m.code)).toEqual([`${tag}-1`, `${tag}-2`]);
    const sub = await get(`/api/material/materials?q=${tag}&type=SUB`);
    expect(sub.body.data.map((m: { code: string }) => m.code)).toEqual([`${tag}-2`]);
    expect((await get('/api/material/materials')).body.data.length).toBeLessThanOrEqual(50);
    expect((await get('/api/material/materials?page=0')).status).toBe(400);
    expect((await get('/api/material/materials', null)).status).toBe(401);
  });

  it('GET /materials/by-name/{name}: code or name contains, at most 50', async () => {
    const res = await get(`/api/material/materials/by-name/${tag.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const word = uniq('many');
    await t.inject({
      method: 'POST',
      url: '/api/material/materials',
      token: editor.token,
      payload: Array.from({ length: 52 }, () => body({ name: `${word} 원료` })),
    });
    expect((await get(`/api/material/materials/by-name/${encodeURIComponent(`${word} 원`)}`)).body.data).toHaveLength(
      50,
    );
    expect((await get(`/api/material/materials/by-name/${word}`, null)).status).toBe(401);
  });

  it('GET /by-barcode/{barcode} answers one material or 404, whatever the case the scanner sends', async () => {
    const barcode = uniq('AB');
    const m = await create({ barcode });
    const res = await get(`/api/material/by-barcode/${barcode}`);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(m.id);
    expect((await get(`/api/material/by-barcode/${barcode.toLowerCase()}`)).body.data.id).toBe(m.id);
    expect((await get(`/api/material/by-barcode/${uniq('none')}`)).status).toBe(404);
    expect((await get(`/api/material/by-barcode/${barcode}`, null)).status).toBe(401);
  });

  it('GET /material/{id}: the material, 404, 400 and 401; static paths are not read as an id', async () => {
    const m = await create({ supplierId: supplier.id });
    const res = await get(`/api/material/${m.id}`);
    expect(res.body.data).toMatchObject({ code: m.code, supplierName: supplier.name });
    expect((await get('/api/material/999999')).status).toBe(404);
    expect((await get('/api/material/abc')).status).toBe(400);
    expect((await get(`/api/material/${m.id}`, null)).status).toBe(401);
    expect((await get('/api/material/materials')).status).toBe(200);
  });
});

describe('PUT /api/material', () => {
  const put = (payload: Body, token: string | null = editor.token) =>
    t.inject({ method: 'PUT', url: '/api/material', token, payload, headers: en });

  it('changes the material; clashes, missing rows and rights are refused', async () => {
    const a = await create({ barcode: uniq('B') });
    const b = await create({ barcode: uniq('B') });
    const ok = await put({ ...body({ code: a.code, barcode: a.barcode }), id: a.id, name: '새 이름', safetyStock: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '새 이름', safetyStock: 3, updatedBy: editor.userId });
    expect((await put({ ...body({ code: b.code }), id: a.id })).status).toBe(409);
    expect((await put({ ...body(), id: 999_999 })).status).toBe(404);
    expect((await put({ ...body({ supplierId: customer.id }), id: a.id })).status).toBe(400);
    expect((await put({ ...body(), id: a.id }, null)).status).toBe(401);
    expect((await put({ ...body(), id: a.id }, viewer.token)).status).toBe(403);
  });
});

describe('DELETE /api/material', () => {
  const del = (url: string, token: string | null = editor.token) => t.inject({ method: 'DELETE', url, token });

  it('deletes one or several, all or nothing', async () => {
    const a = await create();
    const b = await create();
    expect((await del(`/api/material/materials/${a.id},999999`)).status).toBe(404);
    expect(await t.db.select().from(materials).where(eq(materials.id, a.id))).toHaveLength(1);
    expect((await del(`/api/material/materials/${a.id},${b.id}`)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(materials)
        .where(inArray(materials.id, [a.id, b.id])),
    ).toHaveLength(0);
    const c = await create();
    expect((await del(`/api/material/${c.id}`)).status).toBe(200);
  });

  it('refuses to delete a material used in a BOM (409 with the BOM lines, screen bom)', async () => {
    const m = await create();
    const product = await makeProduct();
    await makeBomLine(t.db, { parentProductId: product.id, materialId: m.id });
    const res = await del(`/api/material/${m.id}`);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'bom', id: product.code, name: product.name }),
    ]);
    expect(await t.db.select().from(materials).where(eq(materials.id, m.id))).toHaveLength(1);
  });

  it('answers 404, 400, 401 and 403', async () => {
    const m = await create();
    expect((await del('/api/material/999999')).status).toBe(404);
    expect((await del('/api/material/materials/x')).status).toBe(400);
    expect((await del(`/api/material/${m.id}`, null)).status).toBe(401);
    expect((await del(`/api/material/${m.id}`, viewer.token)).status).toBe(403);
  });
});

describe('Excel', () => {
  const template = async () =>
    (await t.inject({ method: 'GET', url: '/api/material/excel/template', token: editor.token, headers: en })).raw
      .rawPayload as Buffer;
  async function check(rows: Record<string, Cell>[]) {
    const mp = multipart([xlsxPart(await fillTemplate(await template(), rows))]);
    return t.inject({
      method: 'POST',
      url: '/api/material/excel/check',
      token: editor.token,
      payload: mp.payload,
      headers: { ...en, ...mp.headers },
    });
  }
  it('imports by supplier code or name and code names, refuses a non-supplier, exports the filter', async () => {
    const tag = uniq('MX').toUpperCase();
    const rows: Record<string, Cell>[] = [
      { code: `${tag}-1`, name: '철판', type: '원자재', unit: 'Kilogram', supplier: supplier.code, safetyStock: 5 },
      { code: `${tag}-2`, name: '상자', type: 'Packaging material', unit: 'BOX', supplier: supplier.name },
      { code: `${tag}-3`, name: '나사', type: 'SUB', unit: 'EA', supplier: customer.code },
    ];
    const checked = await check(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.rows[2].errors).toEqual([{ column: 'supplier', message: `Not found: ${customer.code}` }]);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/material/excel',
      token: editor.token,
      payload: { rows: asSaveRows(rows) },
    });
    expect(refused.status).toBe(400);
    expect(
      await t.db
        .select()
        .from(materials)
        .where(eq(materials.code, `${tag}-1`)),
    ).toHaveLength(0);

    const saved = await t.inject({
      method: 'POST',
      url: '/api/material/excel',
      token: editor.token,
      payload: { rows: asSaveRows(rows.slice(0, 2)) },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [steel] = await t.db
      .select()
      .from(materials)
      .where(eq(materials.code, `${tag}-1`));
    expect(steel).toMatchObject({ type: 'RAW', unit: 'KG', supplierId: supplier.id, safetyStock: 5 });

    const exported = await t.inject({
      method: 'GET',
      url: `/api/material/excel/export?q=${tag}&type=PACKAGING`,
      token: viewer.token,
      headers: en,
    });
    expect(exported.status).toBe(200);
    const [sheet] = await readXlsx(exported.raw.rawPayload as Buffer);
    expect(sheet.rows.slice(2).map((r) => [r[0], r[2], r[8]])).toEqual([[`${tag}-2`, 'PACKAGING', supplier.code]]);
  });
});
