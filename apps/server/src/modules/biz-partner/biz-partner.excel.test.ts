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
import { createTestApp, uniq } from '../../test/harness.ts';
import { ensurePartnerTypes, partnerBody } from './biz-partner.fixtures.ts';
import { bizPartners } from './biz-partner.table.ts';

const t = await createTestApp();
await ensurePartnerTypes(t.db);
const manager = await t.makeUser({ bizPartner: { all: true } });
const viewer = await t.makeUser({ bizPartner: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const KEYS = [
  'code',
  'clientCode',
  'name',
  'types',
  'bizRegNo',
  'corpRegNo',
  'ceoName',
  'phone',
  'fax',
  'email',
  'address',
  'description',
];

const download = async (url: string, token: string | null = manager.token, headers: Record<string, string> = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
const template = async () => (await download('/api/biz-partner/excel/template')).file;
async function check(rows: Record<string, Cell>[], token: string | null = manager.token) {
  const body = multipart([xlsxPart(await fillTemplate(await template(), rows))]);
  return t.inject({
    method: 'POST',
    url: '/api/biz-partner/excel/check',
    token,
    payload: body.payload,
    headers: { ...en, ...body.headers },
  });
}
const save = (rows: Record<string, Cell>[], token: string | null = manager.token) =>
  t.inject({
    method: 'POST',
    url: '/api/biz-partner/excel',
    token,
    headers: en,
    payload: { rows: asSaveRows(rows) },
  });
const errorsOf = (res: { body: any }) =>
  res.body.data.rows.map((r: { errors: { column: string }[] }) => r.errors.map((e) => e.column));
const stored = async (code: string) => (await t.db.select().from(bizPartners).where(eq(bizPartners.code, code)))[0];

const row = (extra: Record<string, Cell> = {}): Record<string, Cell> => ({
  code: uniq('X'),
  name: uniq('엑셀 거래처 '),
  types: 'CUSTOMER',
  bizRegNo: '214-86-12345',
  phone: '031-555-0101',
  ...extra,
});

describe('biz partner Excel', () => {
  it('has a template with the keys, English headers and the types listed', async () => {
    const res = await download('/api/biz-partner/excel/template');
    expect(res.status).toBe(200);
    const [sheet, options] = await readXlsx(res.file);
    expect(sheet.rows[0].slice(0, KEYS.length)).toEqual(KEYS);
    expect(sheet.rows[1].slice(0, 4)).toEqual(['Partner code', 'Client code', 'Name', 'Types']);
    const col = options.rows[0].indexOf('Types');
    expect(
      options.rows
        .slice(1)
        .map((r) => r[col])
        .filter(Boolean),
    ).toEqual(['CUSTOMER', 'SUPPLIER', 'OUTSOURCER']);
    expect((await download('/api/biz-partner/excel/template', viewer.token)).status).toBe(403);
    expect((await download('/api/biz-partner/excel/template', null)).status).toBe(401);
  });

  it('takes types as codes or Korean/English names separated by commas and saves the rows', async () => {
    const rows = [row({ types: '고객사, Supplier' }), row({ types: 'outsourcer', clientCode: uniq('C'), email: '' })];
    const checked = await check(rows);
    expect(checked.status).toBe(200);
    expect(errorsOf(checked)).toEqual([[], []]);
    const res = await save(rows);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.saved).toBe(2);
    expect((await stored(rows[0].code as string)).types).toEqual(['CUSTOMER', 'SUPPLIER']);
    expect((await stored(rows[1].code as string)).types).toEqual(['OUTSOURCER']);
    expect((await stored(rows[0].code as string)).createdBy).toBe(manager.userId);
  });

  it('reports bad registration numbers, unknown types, missing values and duplicates; saves nothing', async () => {
    const clientCode = uniq('C');
    const existing = partnerBody({ clientCode });
    await t.inject({ method: 'POST', url: '/api/biz-partner', token: manager.token, payload: existing });
    const repeated = uniq('X');
    const rows = [
      row({ bizRegNo: '2148612345' }),
      row({ types: 'RETAILER', corpRegNo: '110111-12' }),
      row({ types: '', name: '' }),
      row({ code: existing.code }),
      row({ clientCode }),
      row({ code: repeated }),
      row({ code: repeated, phone: '전화' }),
    ];
    const checked = await check(rows);
    expect(errorsOf(checked)).toEqual([
      ['bizRegNo'],
      ['types', 'corpRegNo'],
      ['name', 'types'],
      ['code'],
      ['clientCode'],
      [],
      ['code', 'phone'],
    ]);
    const res = await save(rows);
    expect(res.status).toBe(400);
    for (const r of rows.slice(0, 3)) expect(await stored(r.code as string)).toBeUndefined();
    expect(await stored(repeated)).toBeUndefined();
    expect((await check([row()], viewer.token)).status).toBe(403);
    expect((await save([row()], nobody.token)).status).toBe(403);
  });

  it('exports the partners filtered like the list, types as codes, and the export imports back', async () => {
    const tag = uniq('exp');
    const p = partnerBody({ name: `${tag} 수출`, types: ['CUSTOMER', 'OUTSOURCER'], description: '-주의' });
    await t.inject({ method: 'POST', url: '/api/biz-partner', token: manager.token, payload: p });
    const res = await download(`/api/biz-partner/excel/export?q=${tag}`);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.file);
    expect(sheet.rows.slice(2).map((r) => [r[0], r[2], r[3]])).toEqual([[p.code, p.name, 'CUSTOMER, OUTSOURCER']]);
    expect((await download(`/api/biz-partner/excel/export?q=${tag}`, viewer.token)).status).toBe(200);
    expect((await download('/api/biz-partner/excel/export', nobody.token)).status).toBe(403);
    // Back in under new codes: same values pass the check (the formula guard's apostrophe is dropped).
    const back = Object.fromEntries(KEYS.map((k, i) => [k, sheet.rows[2][i] ?? null])) as Record<string, Cell>;
    const again = await check([{ ...back, code: uniq('X'), clientCode: null }]);
    expect(errorsOf(again)).toEqual([[]]);
  });
});
