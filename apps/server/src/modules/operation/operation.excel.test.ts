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
import { createTestApp, uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { operations } from './operation.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ operation: { all: true } });
const viewer = await t.makeUser({ operation: { view: true } });
const en = { 'accept-language': 'en' };
const KEYS = ['code', 'name', 'type', 'standardTime', 'defectYn', 'description'];

/** An OPERATION_TYPE code with Korean and English names, made here. */
const opType = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  let [cat] = await tx.select().from(codeCategories).where(eq(codeCategories.category, 'OPERATION_TYPE'));
  if (!cat)
    [cat] = await tx.insert(codeCategories).values({ category: 'OPERATION_TYPE', name: '공정 유형' }).returning();
  const code = uniq('OT').toUpperCase();
  await tx.insert(codes).values({ categoryId: cat.id, code, codeName: `조립${code}`, codeNameEn: `Assembly ${code}` });
  return { code, kr: `조립${code}`, en: `Assembly ${code}` };
});

const download = async (url: string, token: string | null = editor.token) => {
  const res = await t.inject({ method: 'GET', url, token, headers: en });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async () => (await download('/api/operation/excel/template')).file;
async function checkRows(rows: Record<string, Cell>[]) {
  const body = multipart([xlsxPart(await fillTemplate(await template(), rows))]);
  return t.inject({
    method: 'POST',
    url: '/api/operation/excel/check',
    token: editor.token,
    payload: body.payload,
    headers: { ...en, ...body.headers },
  });
}
const save = (rows: Record<string, Cell>[], token: string | null = editor.token) =>
  t.inject({
    method: 'POST',
    url: '/api/operation/excel',
    token,
    headers: en,
    payload: { rows: asSaveRows(rows) },
  });
const byCode = async (code: string) => (await t.db.select().from(operations).where(eq(operations.code, code)))[0];

describe('operation Excel import and export', () => {
  it('has a template with the keys; 403 without create, 401 without a token', async () => {
    const res = await download('/api/operation/excel/template');
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows[1].slice(0, 3)).toEqual(['Code', 'Name', 'Type']);
    expect((await download('/api/operation/excel/template', viewer.token)).status).toBe(403);
    expect((await download('/api/operation/excel/template', null)).status).toBe(401);
  });

  it('imports operations with the type by code or kr/en name, the standard time and Y/N', async () => {
    const c = [uniq('X'), uniq('X'), uniq('X')];
    const rows: Record<string, Cell>[] = [
      { code: c[0], name: '사출', type: opType.code, standardTime: '12.5', defectYn: 'Y' },
      { code: c[1], name: '검사', type: opType.kr, defectYn: 'N' },
      { code: c[2], name: 'Pack', type: opType.en, standardTime: 3 },
    ];
    const checked = await checkRows(rows);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.rows.map((r: { errors: unknown[] }) => r.errors)).toEqual([[], [], []]);
    const saved = await save(rows);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.saved).toBe(3);
    expect(await byCode(c[0])).toMatchObject({ type: opType.code, standardTime: 12.5, defectYn: true });
    expect(await byCode(c[1])).toMatchObject({ type: opType.code, standardTime: null, defectYn: false });
    expect(await byCode(c[2])).toMatchObject({ type: opType.code, standardTime: 3, defectYn: true });
  });

  it('refuses bad rows (negative time, unknown type, duplicate codes) and saves nothing', async () => {
    const taken = uniq('TK');
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(operations).values({ code: taken, name: 'x' }));
    const ok = uniq('OK');
    const rows: Record<string, Cell>[] = [
      { code: ok, name: 'ok' },
      { code: uniq('A'), name: 'a', standardTime: -1 },
      { code: uniq('B'), name: 'b', type: 'NO_SUCH_TYPE' },
      { code: taken, name: 'c' },
      { code: uniq('D'), name: 'd', defectYn: 'maybe' },
    ];
    const checked = await checkRows(rows);
    expect(checked.status).toBe(200);
    const errs = checked.body.data.rows.map((r: { errors: { column: string }[] }) => r.errors.map((e) => e.column));
    expect(errs).toEqual([[], ['standardTime'], ['type'], ['code'], ['defectYn']]);
    expect((await save(rows)).status).toBe(400);
    expect(await byCode(ok)).toBeUndefined();
    expect((await save([{ code: uniq('V'), name: 'v' }], viewer.token)).status).toBe(403);
  });

  it('exports the operations matching q with Y/N and the type code', async () => {
    const code = uniq('EXP');
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(operations).values({ code, name: '내보내기', type: opType.code, standardTime: 7, defectYn: false }),
    );
    const res = await download(`/api/operation/excel/export?q=${code}`, viewer.token);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows.slice(2)).toHaveLength(1);
    expect(sheet.rows[2].slice(0, 6)).toEqual([code, '내보내기', opType.code, '7', 'N', '']);
    expect((await download('/api/operation/excel/export', null)).status).toBe(401);
  });
});
