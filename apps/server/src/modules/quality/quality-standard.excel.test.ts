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
import { makeMaterial } from '../material-stock/stock-fixtures.ts';
import { operations } from '../operation/operation.table.ts';
import { ensureCodes } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { qualityStandards } from './quality.table.ts';

const t = await createTestApp();
await ensureCodes(t.db);
const qa = await t.makeUser({ materialQualityInfo: { all: true }, productQualityInfo: { all: true } });
const viewer = await t.makeUser({ materialQualityInfo: { view: true }, productQualityInfo: { view: true } });
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko-KR' };

const [product, op] = await withTx(t.db, SYSTEM_ACTOR, async (tx) => [
  (
    await tx
      .insert(products)
      .values({ code: uniq('QX'), name: uniq('엑셀 품질 제품 '), type: 'FINISHED', unit: 'EA' })
      .returning()
  )[0],
  (
    await tx
      .insert(operations)
      .values({ code: uniq('QOP'), name: uniq('검사 공정 ') })
      .returning()
  )[0],
]);

const get = async (url: string, token: string | null = qa.token, headers = en) => {
  const res = await t.inject({ method: 'GET', url, token, headers });
  return { ...res, file: res.raw.rawPayload as Buffer };
};
async function check(base: string, rows: Record<string, Cell>[], token: string | null = qa.token, headers = en) {
  const body = multipart([xlsxPart(await fillTemplate((await get(`${base}/excel/template`)).file, rows))]);
  return t.inject({
    method: 'POST',
    url: `${base}/excel/check`,
    token,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
const save = (base: string, rows: Record<string, Cell>[], token: string | null = qa.token) =>
  t.inject({ method: 'POST', url: `${base}/excel`, token, headers: en, payload: { rows: asSaveRows(rows) } });
const itemsOf = async (column: 'materialId' | 'productId', id: number) =>
  t.db.select().from(qualityStandards).where(eq(qualityStandards[column], id)).orderBy(qualityStandards.id);

describe('material standards Excel (/material-quality/excel…)', () => {
  it('template in the caller language, check with per-row errors, save all or none, export imports back', async () => {
    const m = await makeMaterial(t.db);
    const tpl = await get('/api/material-quality/excel/template', qa.token, kr);
    expect(tpl.status).toBe(200);
    const [sheet, options] = await readXlsx(tpl.file);
    expect(sheet.rows[0].slice(0, 4)).toEqual(['material', 'name', 'method', 'kind']);
    expect(sheet.rows[1].slice(0, 2)).toEqual(['자재', '검사 항목']);
    expect(options.rows.flat()).toEqual(expect.arrayContaining(['NUMBER', 'PASS_FAIL', m.code]));

    const good: Record<string, Cell>[] = [
      { material: m.code, name: '두께', kind: '측정', unit: 'mm', lsl: '1.5', usl: '2,000', sampleSize: 3 },
      { material: m.name, name: '외관', kind: 'Pass/fail', sort: 2 },
    ];
    const bad: Record<string, Cell>[] = [
      { material: m.code, name: '폭', kind: 'NUMBER' }, // no limit
      { material: m.code, name: '길이', kind: 'NUMBER', lsl: 5, usl: 4 }, // LSL > USL
      { material: 'NO-SUCH', name: 'x', kind: 'PASS_FAIL' },
      { material: m.code, name: '색', kind: 'PASS_FAIL', target: 1 }, // pass/fail has no target
      { material: m.code, name: 'y', kind: 'NUMBER', usl: 'abc' },
    ];
    const checked = await check('/api/material-quality', [...good, ...bad]);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const rows = checked.body.data.rows as { rowNumber: number; errors: { column: string }[] }[];
    expect(checked.body.data.invalidCount).toBe(5);
    expect(rows.map((r) => r.errors.map((e) => e.column))).toEqual([
      [],
      [],
      ['lsl'],
      ['usl'],
      ['material'],
      ['target'],
      ['usl'],
    ]);

    const refused = await save('/api/material-quality', [...good, bad[1]]);
    expect(refused.status).toBe(400);
    expect(refused.body.extraData.rows).toMatchObject([{ rowNumber: 5, errors: [{ column: 'usl' }] }]);
    expect(await itemsOf('materialId', m.id)).toEqual([]);

    const saved = await save('/api/material-quality', good);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ saved: 2 });
    const stored = await itemsOf('materialId', m.id);
    expect(stored).toMatchObject([
      { name: '두께', kind: 'NUMBER', lsl: 1.5, usl: 2000, sampleSize: 3, stage: 'INCOMING', createdBy: qa.userId },
      { name: '외관', kind: 'PASS_FAIL', unit: null, sampleSize: 1, sort: 2 },
    ]);

    const exported = await get(`/api/material-quality/excel/export?materialId=${m.id}`, viewer.token);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain('material-quality-');
    const [out] = await readXlsx(exported.file);
    expect(out.rows.slice(2).map((r) => r.slice(0, 4))).toEqual([
      [m.code, '두께', '', 'NUMBER'],
      [m.code, '외관', '', 'PASS_FAIL'],
    ]);
    // The export is a valid import of the same items.
    const back = multipart([xlsxPart(exported.file)]);
    const recheck = await t.inject({
      method: 'POST',
      url: '/api/material-quality/excel/check',
      token: qa.token,
      payload: back.payload,
      headers: { ...en, ...back.headers },
    });
    expect(recheck.body.data.invalidCount).toBe(0);
  });

  it('answers 400 for a bad query or body, 401 without a token, 403 without the right', async () => {
    expect((await get('/api/material-quality/excel/export?materialId=abc')).status).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: '/api/material-quality/excel', token: qa.token, payload: {} })).status,
    ).toBe(400);
    expect((await get('/api/material-quality/excel/template', null)).status).toBe(401);
    expect((await get('/api/material-quality/excel/export', null)).status).toBe(401);
    expect((await get('/api/material-quality/excel/template', viewer.token)).status).toBe(403);
    expect((await save('/api/material-quality', [], viewer.token)).status).toBe(403);
    expect((await check('/api/material-quality', [{ name: 'x' }], viewer.token)).status).toBe(403);
    const none = await t.makeUser({ notice: { view: true } });
    expect((await get('/api/material-quality/excel/export', none.token)).status).toBe(403);
  });
});

describe('product standards Excel (/product-quality/excel…)', () => {
  it('stage and operation are checked as the form checks them; a good file saves, the export filters by stage', async () => {
    const checked = await check('/api/product-quality', [
      { product: product.code, stage: '공정 검사', operation: op.code, name: '치수', kind: 'NUMBER', lsl: 1, usl: 2 },
      { product: product.code, stage: 'Final', name: '중량', kind: 'NUMBER', lsl: 100 },
      { product: product.code, stage: 'IN_PROCESS', name: '누락', kind: 'PASS_FAIL' }, // no operation
      { product: product.code, stage: 'FINAL', operation: op.code, name: '공정 지정', kind: 'PASS_FAIL' },
      { product: product.code, stage: 'INCOMING', name: '단계', kind: 'PASS_FAIL' },
    ]);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data.rows.map((r: { errors: { column: string }[] }) => r.errors.map((e) => e.column))).toEqual([
      [],
      [],
      ['operation'],
      ['operation'],
      ['stage'],
    ]);
    const saved = await save('/api/product-quality', [
      { product: product.code, stage: '공정 검사', operation: op.name, name: '치수', kind: 'NUMBER', lsl: 1, usl: 2 },
      { product: product.name, stage: 'FINAL', name: '중량', kind: 'NUMBER', lsl: 100, sampleSize: 5 },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await itemsOf('productId', product.id)).toMatchObject([
      { stage: 'IN_PROCESS', operationId: op.id, name: '치수' },
      { stage: 'FINAL', operationId: null, sampleSize: 5 },
    ]);
    const exported = await get(`/api/product-quality/excel/export?productId=${product.id}&stage=FINAL`, viewer.token);
    const [out] = await readXlsx(exported.file);
    expect(out.rows.slice(2).map((r) => r.slice(0, 4))).toEqual([[product.code, 'FINAL', '', '중량']]);
    expect((await get('/api/product-quality/excel/export?stage=INCOMING')).status).toBe(400);
    expect((await get('/api/product-quality/excel/template', viewer.token)).status).toBe(403);
    expect((await get('/api/product-quality/excel/export', null)).status).toBe(401);
  });
});
