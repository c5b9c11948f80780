import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Cell, fillTemplate, multipart, readXlsx, xlsxPart } from '../../platform/excel/excel-testing.ts';
import { createTestApp, uniq } from '../../test/harness.ts';

const t = await createTestApp();
const manager = await t.makeUser({ code: { all: true } });
const viewer = await t.makeUser({ code: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko' };
const KEYS = ['category', 'code', 'codeName', 'codeNameEn', 'parent', 'sort', 'enabled'];

type ApiCode = { id: number; code: string; codeName: string; parentId: number | null; sort: number; enabled: boolean };

async function category(name = uniq('C').toUpperCase()) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/code/cateogry',
    token: manager.token,
    payload: { category: name, name: `분류 ${name}` },
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; category: string; name: string };
}
async function code(categoryId: number, code: string, extra: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/code/code',
    token: manager.token,
    payload: { categoryId, code, codeName: `name ${code}`, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ApiCode;
}
const codesOf = async (name: string): Promise<ApiCode[]> =>
  (await t.inject({ method: 'GET', url: `/api/code/codes?category=${name}`, token: viewer.token })).body.data;

const download = async (url: string, token: string | null = manager.token, headers = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async (headers = en) => (await download('/api/code/excel/template', manager.token, headers)).file;
async function check(file: Buffer, token: string | null = manager.token, headers = en) {
  const body = multipart([xlsxPart(file)]);
  return t.inject({
    method: 'POST',
    url: '/api/code/excel/check',
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const checkRows = async (rows: Record<string, Cell>[], headers = en) =>
  check(await fillTemplate(await template(), rows), manager.token, headers);
const asSaveRows = (rows: Record<string, Cell>[]) =>
  rows.map((values, i) => ({
    rowNumber: i + 3,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : String(v)])),
  }));
const save = (rows: Record<string, Cell>[], token: string | null = manager.token) =>
  t.inject({ method: 'POST', url: '/api/code/excel', token, headers: en, payload: { rows: asSaveRows(rows) } });
const errorsOf = (res: { body: any }) => res.body.data.rows.map((r: { errors: unknown[] }) => r.errors);

describe('GET /api/code/excel/template', () => {
  it('lists the columns in the caller language and the categories and parents allowed', async () => {
    const cat = await category();
    await code(cat.id, 'P1');
    const res = await download('/api/code/excel/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('codes-template.xlsx');
    const [sheet, options] = await readXlsx(res.file);
    expect(sheet.rows[0]).toEqual(KEYS);
    expect(sheet.keyRowHidden).toBe(true);
    expect(sheet.rows[1]).toEqual([
      'Category',
      'Code',
      'Code name',
      'English name',
      'Parent code',
      'Sort order',
      'Enabled',
    ]);
    expect(options.rows[0]).toEqual(['Category', 'Parent code', 'Enabled']);
    expect(options.rows.map((r) => r[0])).toContain(cat.category);
    expect(options.rows.map((r) => r[1])).toContain(`${cat.category}:P1`);
    const korean = await readXlsx(await template(kr));
    expect(korean[0].rows[1]).toEqual([
      '분류 코드',
      '코드',
      '코드명',
      '영문 코드명',
      '상위 코드',
      '정렬 순서',
      '사용 여부',
    ]);
  });

  it('answers 401 and 403', async () => {
    expect((await download('/api/code/excel/template', null)).status).toBe(401);
    expect((await download('/api/code/excel/template', viewer.token)).status).toBe(403);
  });
});

describe('POST /api/code/excel/check', () => {
  it('finds the category by code or name and the parent in the same category, another one or an earlier row', async () => {
    const type = await category();
    const sub = await category();
    await code(type.id, 'PRESS');
    await code(sub.id, 'PRESS');
    const res = await checkRows([
      { category: sub.category, code: 'A', codeName: 'a', parent: 'PRESS' },
      { category: sub.name, code: 'B', codeName: 'b', parent: `${type.category}:PRESS` },
      { category: sub.category.toLowerCase(), code: 'C', codeName: 'c', parent: 'A', sort: 3, enabled: 'N' },
      { category: sub.category, code: 'D', codeName: 'd', parent: `${sub.category}:B` },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.invalidCount).toBe(0);
  });

  it('marks invalid cells, a parent only a later row defines and duplicates in the file and the database', async () => {
    const cat = await category();
    const other = await category();
    await code(cat.id, 'OLD');
    const res = await checkRows([
      { category: 'NO_SUCH', code: 'X', codeName: 'x' },
      { category: cat.category, code: 'A', codeName: '', sort: 'first' },
      { category: cat.category, code: 'B', codeName: 'b', parent: 'LATER' },
      { category: cat.category, code: 'LATER', codeName: 'later' },
      { category: cat.category, code: 'OLD', codeName: 'old' },
      { category: cat.category, code: 'LATER', codeName: 'again' },
      { category: other.category, code: 'OLD', codeName: 'same code, other category' },
      { category: cat.category, code: 'Y'.repeat(51), codeName: 'y' },
    ]);
    expect(res.status).toBe(200);
    expect(errorsOf(res)).toEqual([
      [{ column: 'category', message: 'Not found: NO_SUCH' }],
      [
        { column: 'codeName', message: 'This field is required.' },
        { column: 'sort', message: 'Enter a whole number.' },
      ],
      [{ column: 'parent', message: 'Not found: LATER' }],
      [],
      [{ column: 'code', message: 'This value already exists.' }],
      [{ column: 'code', message: 'Duplicated in the file (row 6).' }],
      [],
      [{ column: 'code', message: 'Enter at most 50 characters.' }],
    ]);
    expect(res.body.data.invalidCount).toBe(6);
    const korean = await checkRows([{ category: cat.category, code: 'OLD', codeName: 'x' }], kr);
    expect(errorsOf(korean)).toEqual([[{ column: 'code', message: '이미 존재하는 값입니다.' }]]);
  });

  it('answers 400 for a file that is not a workbook, 401 and 403', async () => {
    const csv = Buffer.from('category,code\nA,B\n');
    const res = await check(csv);
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields).toEqual([
      { field: 'file', message: 'Only spreadsheet files (xlsx) can be uploaded.' },
    ]);
    expect((await check(await template(), null)).status).toBe(401);
    expect((await check(await template(), viewer.token)).status).toBe(403);
  });
});

describe('POST /api/code/excel', () => {
  it('saves the rows with parents from the database and from earlier rows, with their change history', async () => {
    const type = await category();
    const sub = await category();
    const press = await code(type.id, 'PRESS');
    const res = await save([
      { category: sub.category, code: 'TOP', codeName: '상위', codeNameEn: 'Top', parent: `${type.category}:PRESS` },
      { category: sub.category, code: 'CHILD', codeName: '하위', parent: 'TOP', sort: 2, enabled: 'N' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { saved: 2 } });
    const saved = await codesOf(sub.category);
    const top = saved.find((c) => c.code === 'TOP')!;
    const child = saved.find((c) => c.code === 'CHILD')!;
    expect(top).toMatchObject({ codeName: '상위', parentId: press.id, sort: 0, enabled: true });
    expect(child).toMatchObject({ parentId: top.id, sort: 2, enabled: false });
    const history = await t.inject({
      method: 'GET',
      url: `/api/history/record/codes/${child.id}`,
      token: viewer.token,
    });
    expect(history.body.data).toMatchObject([{ revisionType: 'ADD', updateBy: manager.userId }]);
  });

  it('saves nothing when the last row is invalid or only the database refuses it', async () => {
    const cat = await category();
    const bad = await save([
      { category: cat.category, code: 'A', codeName: 'a' },
      { category: cat.category, code: 'B', codeName: 'b', parent: 'A', enabled: 'x' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.rows).toEqual([
      { rowNumber: 4, errors: [{ column: 'enabled', message: 'Enter Y or N.' }] },
    ]);
    expect(await codesOf(cat.category)).toEqual([]);

    const fn = `eqms_test_refuse_${cat.category.toLowerCase()}`;
    await t.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin
          if new.category_id = ${cat.id} and new.code = 'LAST' then
            raise exception 'taken' using errcode = 'unique_violation', constraint = 'codes_category_code_uq';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(sql.raw(`create trigger ${fn} before insert on codes for each row execute function ${fn}()`));
    try {
      const res = await save([
        { category: cat.category, code: 'A', codeName: 'a' },
        { category: cat.category, code: 'B', codeName: 'b', parent: 'A' },
        { category: cat.category, code: 'LAST', codeName: 'last' },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.extraData.rows).toEqual([
        { rowNumber: 5, errors: [{ column: 'code', message: 'This value already exists.' }] },
      ]);
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fn} on codes`));
      await t.db.execute(sql.raw(`drop function ${fn}()`));
    }
    expect(await codesOf(cat.category)).toEqual([]);
  });

  it('answers 400 for rows the check rejects or an empty body, 401 and 403', async () => {
    const cat = await category();
    await code(cat.id, 'TAKEN');
    const res = await save([{ category: cat.category, code: 'TAKEN', codeName: 'x' }]);
    expect(res.status).toBe(400);
    expect(res.body.extraData.rows[0].errors).toEqual([{ column: 'code', message: 'This value already exists.' }]);
    expect((await t.inject({ method: 'POST', url: '/api/code/excel', token: manager.token, payload: {} })).status).toBe(
      400,
    );
    const row = [{ category: cat.category, code: 'N', codeName: 'n' }];
    expect((await save(row, null)).status).toBe(401);
    expect((await save(row, viewer.token)).status).toBe(403);
    expect(await codesOf(cat.category)).toHaveLength(1);
  });
});

describe('GET /api/code/excel/export', () => {
  it('exports one category, parents first, escaping formula-like names, in a shape the import takes back', async () => {
    const type = await category();
    const cat = await category();
    const press = await code(type.id, 'PRESS');
    const child = await code(cat.id, 'CHILD', { codeName: '=HYPERLINK("x")', sort: 1 });
    const top = await code(cat.id, 'TOP', { codeName: '-top', parentId: press.id, sort: 2 });
    await t.inject({
      method: 'PUT',
      url: '/api/code',
      token: manager.token,
      payload: {
        id: child.id,
        categoryId: cat.id,
        code: 'CHILD',
        codeName: '=HYPERLINK("x")',
        parentId: top.id,
        sort: 1,
      },
    });
    const res = await download(`/api/code/excel/export?category=${cat.category}`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/codes-\d{8}\.xlsx/);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows[0]).toEqual(KEYS);
    expect(sheet.rows.slice(2)).toEqual([
      [cat.category, 'TOP', "'-top", '', `${type.category}:PRESS`, '2', 'Y'],
      [cat.category, 'CHILD', '\'=HYPERLINK("x")', '', 'TOP', '1', 'Y'],
    ]);
    // The export's shape is the template's: its rows come back as duplicates of themselves, not as a format error.
    const again = await check(res.file);
    expect(again.status).toBe(200);
    expect(errorsOf(again)).toEqual([
      [{ column: 'code', message: 'This value already exists.' }],
      [{ column: 'code', message: 'This value already exists.' }],
    ]);
    expect(again.body.data.rows[1].values.codeName).toBe('\'=HYPERLINK("x")');
  });

  it('answers 400 for a bad filter, 401 and 403', async () => {
    expect((await download(`/api/code/excel/export?category=${'x'.repeat(51)}`, viewer.token)).status).toBe(400);
    expect((await download('/api/code/excel/export', null)).status).toBe(401);
    expect((await download('/api/code/excel/export', nobody.token)).status).toBe(403);
  });
});
