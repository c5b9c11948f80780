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
import { ensureCodes, makeRoute } from './master-fixtures.ts';
import { products } from './product.table.ts';

const t = await createTestApp();
await ensureCodes(t.db);
const importer = await t.makeUser({ productInfo: { all: true } });
const viewer = await t.makeUser({ productInfo: { view: true } });
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko-KR' };
const KEYS = [
  'code',
  'name',
  'type',
  'specification',
  'unit',
  'barcode',
  'route',
  'lotQty',
  'packQty',
  'safetyStock',
  'shelfLifeDays',
  'description',
];

const download = async (url: string, token: string | null = importer.token, headers = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async (headers = en) => (await download('/api/product/excel/template', importer.token, headers)).file;

async function checkRows(rows: Record<string, Cell>[], headers = en, token: string | null = importer.token) {
  const body = multipart([xlsxPart(await fillTemplate(await template(), rows))]);
  return t.inject({
    method: 'POST',
    url: '/api/product/excel/check',
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const save = (rows: { rowNumber: number; values: Record<string, string> }[], token: string | null = importer.token) =>
  t.inject({ method: 'POST', url: '/api/product/excel', token, headers: en, payload: { rows } });
const row = (extra: Record<string, Cell> = {}): Record<string, Cell> => ({
  code: uniq('XP'),
  name: '엑셀 제품',
  type: 'FINISHED',
  unit: 'EA',
  ...extra,
});
const storedCodes = async (codes: string[]) =>
  (await t.db.select({ code: products.code }).from(products).where(inArray(products.code, codes))).map((r) => r.code);

describe('GET /api/product/excel/template', () => {
  it('has the keys, headers in the caller language and the allowed types and units', async () => {
    const res = await download('/api/product/excel/template');
    expect(res.status).toBe(200);
    const [sheet, options] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows[1].slice(0, 3)).toEqual(['Code', 'Name', 'Type']);
    const shelfLife = KEYS.indexOf('shelfLifeDays');
    expect(sheet.rows[1].slice(shelfLife - 1, shelfLife + 1)).toEqual(['Safety stock', 'Shelf life (days)']);
    const col = (header: string) => {
      const i = options.rows[0].indexOf(header);
      return options.rows
        .slice(1)
        .map((r) => r[i])
        .filter(Boolean);
    };
    expect(col('Type')).toEqual(expect.arrayContaining(['FINISHED', 'SEMI']));
    expect(col('Unit')).toEqual(expect.arrayContaining(['EA', 'KG']));
    const korean = await readXlsx(await template(kr));
    expect(korean[0].rows[1].slice(0, 3)).toEqual(['제품 코드', '제품명', '제품 유형']);
    expect(korean[0].rows[1][shelfLife]).toBe('유통기한(일)');
  });

  it('answers 401 and 403 (no create right on productInfo)', async () => {
    expect((await download('/api/product/excel/template', null)).status).toBe(401);
    expect((await download('/api/product/excel/template', viewer.token)).status).toBe(403);
  });
});

describe('import with a bad row', () => {
  it('the check reports the row and the field; the save refuses and writes nothing', async () => {
    const route = await makeRoute(t.db);
    const rows = [
      row({ type: '완제품', unit: 'Kilogram', route: route.code, lotQty: '12.5', barcode: uniq('B') }),
      row({ type: 'Semi-finished product', unit: '박스', packQty: -3 }),
      row({ type: 'NOPE', lotQty: 'abc' }),
    ];
    const checked = await checkRows(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const data = checked.body.data;
    expect(data.invalidCount).toBe(2);
    expect(data.rows[0].errors).toEqual([]);
    expect(data.rows[1]).toMatchObject({
      rowNumber: 4,
      errors: [{ column: 'packQty', message: 'Must be at least 0.' }],
    });
    expect(data.rows[2].rowNumber).toBe(5);
    expect(data.rows[2].errors).toEqual([
      { column: 'type', message: 'Not found: NOPE' },
      { column: 'lotQty', message: 'Enter a number.' },
    ]);

    const refused = await save(asSaveRows(rows));
    expect(refused.status).toBe(400);
    expect(refused.body.extraData.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([4, 5]);
    expect(await storedCodes(rows.map((r) => r.code as string))).toEqual([]);

    // Fixed as the dialog does: the same rows with the bad cells corrected save all at once.
    const fixed = [rows[0], { ...rows[1], packQty: '3' }, { ...rows[2], type: 'SEMI', lotQty: '' }];
    const saved = await save(asSaveRows(fixed));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.saved).toBe(3);
    const [first] = await t.db
      .select()
      .from(products)
      .where(eq(products.code, rows[0].code as string));
    expect(first).toMatchObject({ type: 'FINISHED', unit: 'KG', routeId: route.id, lotQty: 12.5 });
    const [second] = await t.db
      .select()
      .from(products)
      .where(eq(products.code, rows[1].code as string));
    expect(second).toMatchObject({ type: 'SEMI', unit: 'BOX', packQty: 3 });
  });

  it('reads the shelf life in whole days (empty = none) and reports 0, a fraction and 36,501 on its column', async () => {
    const rows = [
      row({ shelfLifeDays: '365' }),
      row({ shelfLifeDays: '' }),
      row({ shelfLifeDays: '0' }),
      row({ shelfLifeDays: '1.5' }),
      row({ shelfLifeDays: '36501' }),
    ];
    const checked = await checkRows(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const errors = checked.body.data.rows.map((r: { errors: unknown[] }) => r.errors);
    expect(errors.slice(0, 2)).toEqual([[], []]);
    expect(errors.slice(2)).toEqual([
      [{ column: 'shelfLifeDays', message: 'Must be between 1 and 36500.' }],
      [{ column: 'shelfLifeDays', message: 'Enter a whole number.' }],
      [{ column: 'shelfLifeDays', message: 'Must be between 1 and 36500.' }],
    ]);
    expect((await save(asSaveRows(rows))).status).toBe(400);

    const saved = await save(asSaveRows(rows.slice(0, 2)));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await t.db
      .select({ code: products.code, shelfLifeDays: products.shelfLifeDays })
      .from(products)
      .where(
        inArray(
          products.code,
          rows.map((r) => r.code as string),
        ),
      );
    expect(new Map(stored.map((p) => [p.code, p.shelfLifeDays]))).toEqual(
      new Map([
        [rows[0].code, 365],
        [rows[1].code, null],
      ]),
    );
  });

  it('reports duplicates of code and barcode in the file and against the database (Korean messages)', async () => {
    const barcode = uniq('B');
    const [existing] = await t.db
      .insert(products)
      .values({ code: uniq('EX'), name: 'x', type: 'FINISHED', unit: 'EA', barcode })
      .returning();
    const code = uniq('XP');
    const res = await checkRows([row({ code }), row({ code }), row({ code: existing.code }), row({ barcode })], kr);
    const errors = res.body.data.rows.map((r: { errors: unknown[] }) => r.errors);
    expect(errors[1]).toEqual([{ column: 'code', message: '파일 안에서 중복된 값입니다(행 3).' }]);
    expect(errors[2]).toEqual([{ column: 'code', message: '이미 존재하는 값입니다.' }]);
    expect(errors[3]).toEqual([{ column: 'barcode', message: '이미 존재하는 값입니다.' }]);
  });

  it('answers 401 and 403 for check and save', async () => {
    expect((await checkRows([row()], en, null)).status).toBe(401);
    expect((await checkRows([row()], en, viewer.token)).status).toBe(403);
    expect((await save(asSaveRows([row()]), viewer.token)).status).toBe(403);
  });
});

describe('GET /api/product/excel/export', () => {
  it('writes the filtered products (q and type) with the route code, and imports back', async () => {
    const tag = uniq('EXP').toUpperCase();
    const route = await makeRoute(t.db);
    const rows = [
      row({ code: `${tag}-1`, route: route.code, safetyStock: '7', shelfLifeDays: '90' }),
      row({ code: `${tag}-2`, type: 'SEMI' }),
    ];
    expect((await save(asSaveRows(rows))).status).toBe(200);
    const res = await download(`/api/product/excel/export?q=${tag}&type=FINISHED`);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.file);
    const data = sheet.rows.slice(2);
    expect(data).toHaveLength(1);
    const at = (key: string) => data[0][KEYS.indexOf(key)];
    expect([at('code'), at('type'), at('route'), at('safetyStock'), at('shelfLifeDays')]).toEqual([
      `${tag}-1`,
      'FINISHED',
      route.code,
      '7',
      '90',
    ]);

    await t.db.delete(products).where(eq(products.code, `${tag}-1`));
    const again = multipart([xlsxPart(res.file)]);
    const checked = await t.inject({
      method: 'POST',
      url: '/api/product/excel/check',
      token: importer.token,
      payload: again.payload,
      headers: { ...en, ...again.headers },
    });
    expect(checked.body.data.invalidCount).toBe(0);
  });

  it('needs the view right (403) and a token (401)', async () => {
    expect((await download('/api/product/excel/export', null)).status).toBe(401);
    const nobody = await t.makeUser({});
    expect((await download('/api/product/excel/export', nobody.token)).status).toBe(403);
  });
});
