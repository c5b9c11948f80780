import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  asSaveRows,
  type Cell,
  fillTemplate,
  multipart,
  readXlsx,
  xlsxPart,
} from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { tools } from './tool.table.ts';

const t = await createTestApp();
const manager = await t.makeUser({ tools: { all: true } });
const viewer = await t.makeUser({ tools: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const KEYS = [
  'code',
  'name',
  'type',
  'location',
  'manager',
  'specification',
  'manufacturer',
  'serialNo',
  'installDate',
  'sort',
  'description',
];

const branch = () => locationBranch(t.db);

/** A TOOL_TYPE code with Korean and English names. */
async function toolType() {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    let [cat] = await tx.select().from(codeCategories).where(eq(codeCategories.category, 'TOOL_TYPE'));
    if (!cat) [cat] = await tx.insert(codeCategories).values({ category: 'TOOL_TYPE', name: '설비 유형' }).returning();
    const code = uniq('TT').toUpperCase();
    const kr = `프레스${code}`;
    const enName = `Press ${code}`;
    await tx.insert(codes).values({ categoryId: cat.id, code, codeName: kr, codeNameEn: enName });
    return { code, kr, en: enName };
  });
}

const download = async (url: string, token: string | null = manager.token) => {
  const res = await t.inject({ method: 'GET', url, token, headers: en });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async () => (await download('/api/tool/excel/template')).file;
async function check(file: Buffer, token: string | null = manager.token) {
  const body = multipart([xlsxPart(file)]);
  return t.inject({
    method: 'POST',
    url: '/api/tool/excel/check',
    token,
    payload: body.payload,
    headers: { ...en, ...body.headers },
  });
}
const checkRows = async (rows: Record<string, Cell>[]) => check(await fillTemplate(await template(), rows));
const save = (rows: Record<string, Cell>[], token: string | null = manager.token) =>
  t.inject({ method: 'POST', url: '/api/tool/excel', token, headers: en, payload: { rows: asSaveRows(rows) } });
const byCode = async (code: string) => (await t.db.select().from(tools).where(eq(tools.code, code)))[0];

describe('tool Excel import', () => {
  it('has a template with the keys and the headers in the caller language', async () => {
    const res = await download('/api/tool/excel/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('tools-template.xlsx');
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows[1].slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Location']);
    expect((await download('/api/tool/excel/template', viewer.token)).status).toBe(403);
    expect((await download('/api/tool/excel/template', null)).status).toBe(401);
  });

  it('imports tools naming the location by path, code or name, the type by code or kr/en name, the manager by user ID', async () => {
    const b = await branch();
    const type = await toolType();
    const path = [b.site.name, b.factory.name, b.line.name].join(' / ');
    const codesOf = [uniq('X'), uniq('X'), uniq('X')];
    const rows: Record<string, Cell>[] = [
      {
        code: codesOf[0],
        name: '사출기',
        type: type.code,
        location: path,
        manager: manager.userId,
        installDate: '2024-01-02',
      },
      { code: codesOf[1], name: '랙', type: type.kr, location: b.warehouse.code, sort: 3 },
      { code: codesOf[2], name: 'Press', type: type.en, location: b.line.name, specification: '80t' },
    ];
    const checked = await checkRows(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.rows.map((r: { errors: unknown[] }) => r.errors)).toEqual([[], [], []]);
    const saved = await save(rows);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.saved).toBe(3);
    expect(await byCode(codesOf[0])).toMatchObject({
      type: type.code,
      locationId: b.line.id,
      managerId: manager.user.id,
      installDate: '2024-01-02',
      createdBy: manager.userId,
    });
    expect(await byCode(codesOf[1])).toMatchObject({ type: type.code, locationId: b.warehouse.id, sort: 3 });
    expect(await byCode(codesOf[2])).toMatchObject({ type: type.code, locationId: b.line.id, specification: '80t' });
  });

  it('refuses rows placing a tool under a factory, unknown values, a bad date and duplicate codes; saves nothing', async () => {
    const b = await branch();
    const taken = uniq('TK');
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(tools).values({ code: taken, name: 'x', locationId: b.line.id }),
    );
    const dupInFile = uniq('D');
    const rows: Record<string, Cell>[] = [
      { code: uniq('A'), name: 'a', location: b.factory.code },
      { code: uniq('B'), name: 'b', location: b.line.code, type: 'NO_SUCH_TYPE' },
      { code: uniq('C'), name: 'c', location: b.line.code, manager: 'nobody-here' },
      { code: uniq('E'), name: 'e', location: b.line.code, installDate: '2024/01/02' },
      { code: taken, name: 'f', location: b.line.code },
      { code: dupInFile, name: 'g', location: b.line.code },
      { code: dupInFile, name: 'h', location: b.line.code },
    ];
    const res = await checkRows(rows);
    expect(res.status).toBe(200);
    const errors = res.body.data.rows.map((r: { errors: { column: string; message: string }[] }) => r.errors);
    expect(errors[0]).toEqual([
      { column: 'location', message: 'A tool can only be placed under a line or a warehouse.' },
    ]);
    expect(errors[1]).toEqual([{ column: 'type', message: 'Not found: NO_SUCH_TYPE' }]);
    expect(errors[2]).toEqual([{ column: 'manager', message: 'Not found: nobody-here' }]);
    expect(errors[3]).toEqual([{ column: 'installDate', message: 'Use the format yyyy-MM-dd.' }]);
    expect(errors[4]).toEqual([{ column: 'code', message: 'This value already exists.' }]);
    expect(errors[5]).toEqual([]);
    expect(errors[6]).toEqual([{ column: 'code', message: 'Duplicated in the file (row 8).' }]);

    const saved = await save(rows);
    expect(saved.status).toBe(400);
    expect(saved.body.extraData.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([3, 4, 5, 6, 7, 9]);
    expect(await byCode(dupInFile)).toBeUndefined();
    expect((await save(rows, viewer.token)).status).toBe(403);
    expect((await save(rows, nobody.token)).status).toBe(403);
  });

  it('exports the tools of a location (and below) and search, in a form the import reads back', async () => {
    const b = await branch();
    const type = await toolType();
    const code = uniq('EX');
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(tools).values({
        code,
        name: '=SUM(A1)',
        type: type.code,
        locationId: b.line.id,
        managerId: manager.user.id,
      }),
    );
    const res = await download(`/api/tool/excel/export?locationId=${b.factory.id}`, viewer.token);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.file);
    const rows = sheet.rows.slice(2);
    expect(rows).toHaveLength(1);
    const cell = (key: string) => rows[0][KEYS.indexOf(key)];
    expect(cell('code')).toBe(code);
    expect(cell('name')).toBe("'=SUM(A1)");
    expect(cell('location')).toBe([b.site.name, b.factory.name, b.line.name].join(' / '));
    expect(cell('manager')).toBe(manager.userId);
    expect(cell('type')).toBe(type.code);
    const searched = await download(`/api/tool/excel/export?q=${code.toLowerCase()}`, viewer.token);
    expect((await readXlsx(searched.file))[0].rows.slice(2)).toHaveLength(1);
    expect((await download('/api/tool/excel/export', nobody.token)).status).toBe(403);
  });
});
