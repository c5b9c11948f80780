import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { dailyPlanDefects } from '../production-result/production-result.table.ts';
import { spreadPlan } from '../production-result/result-fixtures.ts';
import { qualityFixtures } from '../quality/quality-fixtures.ts';

const t = await createTestApp();
const w = await qualityFixtures(t);
const qc = await t.makeUser({ dailyQualityResult: { all: true } });
const viewer = await t.makeUser({ dailyQualityResult: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const call = (method: string, url: string, payload?: unknown, token: string | null = qc.token) =>
  t.inject({ method, url, payload, token, headers: { 'accept-language': 'en' } });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const product = w.made.product;
const line = w.line;
const day = w.today;

// Today's results of a plan of the product on the line: forming 8 good / 2 bad, packing (last) 7 good / 1 bad.
const { first, last } = await spreadPlan(w.call, product.id, line.id, day, 20);
await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const work = async (id: number, goodQty: number, badQty: number, defects: [string, number][]) => {
    await tx.update(dailyPlans).set({ goodQty, badQty, status: 'WORK_COMPLETED' }).where(eq(dailyPlans.id, id));
    for (const [defectCode, qty] of defects)
      await tx.insert(dailyPlanDefects).values({ dailyPlanId: id, defectCode, qty });
  };
  await work(first[0].id, 8, 2, [
    ['APPEARANCE', 1],
    ['FUNCTION', 1],
  ]);
  await work(last[0].id, 7, 1, [['FUNCTION', 1]]);
});
const body = (extra: Record<string, unknown> = {}) => ({
  day,
  lineId: line.id,
  productId: product.id,
  inspectedQty: 10,
  passedQty: 7,
  defects: [
    { defectCode: 'APPEARANCE', qty: 1 },
    { defectCode: 'FUNCTION', qty: 2 },
  ],
  ...extra,
});

describe('daily quality results (/daily-quality-result)', () => {
  let id = 0;

  it('fills from the day’s results: passed = last operation’s good, failed = every operation’s bad, defects by type', async () => {
    const res = await call(
      'GET',
      `/api/daily-quality-result/fill?day=${day}&lineId=${line.id}&productId=${product.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      inspectedQty: 10,
      passedQty: 7,
      defects: [
        { defectCode: 'APPEARANCE', qty: 1 },
        { defectCode: 'FUNCTION', qty: 2 },
      ],
      existingId: null,
    });
    expect(res.body.data.dailyPlans.map((d: { last: boolean }) => d.last)).toEqual([false, true]);
    expect(
      (await call('GET', `/api/daily-quality-result/fill?day=${day}&lineId=${line.id}&productId=999999`)).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/daily-quality-result/fill?day=${day}&lineId=${w.shelf.id}&productId=${product.id}`))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/daily-quality-result/fill?day=nope&lineId=${line.id}&productId=${product.id}`)).status,
    ).toBe(400);
  });

  it('creates one record per day, line and product; 409 DUPLICATE for a second', async () => {
    const res = await call('POST', '/api/daily-quality-result', body({ description: '정상' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      lineId: line.id,
      productId: product.id,
      inspectedQty: 10,
      passedQty: 7,
      failedQty: 3,
      defectRate: 30,
      createdBy: qc.userId,
    });
    id = res.body.data.id;
    const again = await call('POST', '/api/daily-quality-result', body());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'day' } });
  });

  it('refuses bad input with the field: passed over inspected, defects not adding up, unknown types and references', async () => {
    const post = (extra: Record<string, unknown>) =>
      call('POST', '/api/daily-quality-result', body({ day: '2020-01-01', ...extra }));
    expect(fieldsOf(await post({ passedQty: 11 }))).toContain('passedQty');
    expect(fieldsOf(await post({ defects: [{ defectCode: 'APPEARANCE', qty: 2 }] }))).toEqual(['defects']);
    expect(fieldsOf(await post({ defects: [{ defectCode: 'NOPE', qty: 3 }] }))).toEqual(['defects.0.defectCode']);
    const twice = await post({
      defects: [
        { defectCode: 'FUNCTION', qty: 1 },
        { defectCode: 'FUNCTION', qty: 2 },
      ],
    });
    expect(fieldsOf(twice)).toEqual(['defects.1.defectCode']);
    expect(fieldsOf(await post({ lineId: w.shelf.id }))).toEqual(['lineId']);
    expect(fieldsOf(await post({ productId: 999999 }))).toEqual(['productId']);
    expect(fieldsOf(await post({ inspectedQty: -1 }))).toContain('inspectedQty');
    expect((await post({ extra: 1 })).status).toBe(400);
    const rows = await t.inject({
      method: 'GET',
      url: '/api/daily-quality-result?startDt=2020-01-01&endDt=2020-01-01',
      token: qc.token,
    });
    expect(rows.body.data).toEqual([]);
  });

  it('reads the record (info) and what it was filled from (results); 404 for none', async () => {
    const info = await call('GET', `/api/daily-quality-result/info/${id}`, undefined, viewer.token);
    expect(info.status).toBe(200);
    expect(info.body.data.defects).toEqual([
      { defectCode: 'APPEARANCE', qty: 1 },
      { defectCode: 'FUNCTION', qty: 2 },
    ]);
    const src = await call('GET', `/api/daily-quality-result/results/${id}`, undefined, viewer.token);
    expect(src.status).toBe(200);
    expect(src.body.data).toMatchObject({ existingId: id, inspectedQty: 10, passedQty: 7 });
    expect(src.body.data.dailyPlans).toHaveLength(2);
    expect((await call('GET', '/api/daily-quality-result/info/999999')).status).toBe(404);
    expect((await call('GET', '/api/daily-quality-result/results/999999')).status).toBe(404);
    expect((await call('GET', '/api/daily-quality-result/info/abc')).status).toBe(400);
  });

  it('edits: defect types by difference, every change in the change history; 404 for none', async () => {
    const res = await call('PUT', '/api/daily-quality-result', {
      ...body({ id, inspectedQty: 12, passedQty: 8 }),
      defects: [
        { defectCode: 'FUNCTION', qty: 3 },
        { defectCode: 'APPEARANCE', qty: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ inspectedQty: 12, passedQty: 8, failedQty: 4, updatedBy: qc.userId });
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(inArray(changeHistory.tableName, ['daily_quality_results', 'daily_quality_defects']));
    const kinds = history.map((h) => `${h.tableName}:${h.revisionType}`);
    expect(kinds.filter((k) => k === 'daily_quality_results:MOD')).toHaveLength(1);
    // APPEARANCE unchanged: no row; FUNCTION 2 → 3: one MOD.
    expect(kinds.filter((k) => k === 'daily_quality_defects:MOD')).toHaveLength(1);
    expect(history.every((h) => h.updateBy === qc.userId)).toBe(true);
    expect((await call('PUT', '/api/daily-quality-result', body({ id: 999999 }))).status).toBe(404);
    expect(fieldsOf(await call('PUT', '/api/daily-quality-result', body({ id, passedQty: 20 })))).toContain(
      'passedQty',
    );
  });

  it('lists by period, line and product with a page and total, and exports the same as a workbook', async () => {
    const other = await call(
      'POST',
      '/api/daily-quality-result',
      body({ day: '2026-01-05', inspectedQty: 5, passedQty: 5, defects: [] }),
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const page = await call(
      'GET',
      `/api/daily-quality-result?productId=${product.id}&page=1&size=1`,
      undefined,
      viewer.token,
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([id]);
    const period = await call('GET', `/api/daily-quality-result?startDt=2026-01-01&endDt=2026-01-31&lineId=${line.id}`);
    expect(period.body.data.map((r: { id: number }) => r.id)).toEqual([other.body.data.id]);
    expect((await call('GET', '/api/daily-quality-result?startDt=2026-02-01&endDt=2026-01-01')).status).toBe(400);
    const xlsx = await t.inject({
      method: 'GET',
      url: `/api/daily-quality-result/excel?productId=${product.id}`,
      token: viewer.token,
      headers: { 'accept-language': 'en' },
    });
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload as Buffer);
    expect(sheet.rows[1].slice(0, 5)).toEqual(['Day', 'Line', 'Product code', 'Product', 'Inspected']);
    expect(sheet.rows).toHaveLength(4);
    await call('DELETE', `/api/daily-quality-result/${other.body.data.id}`);
  });

  it('answers 401 without a token and 403 without the right', async () => {
    expect((await call('GET', '/api/daily-quality-result', undefined, null)).status).toBe(401);
    expect((await call('POST', '/api/daily-quality-result', body(), null)).status).toBe(401);
    expect((await call('GET', '/api/daily-quality-result', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `/api/daily-quality-result/info/${id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `/api/daily-quality-result/results/${id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/daily-quality-result/excel', undefined, stranger.token)).status).toBe(403);
    expect((await call('POST', '/api/daily-quality-result', body(), viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/daily-quality-result', body({ id }), viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/daily-quality-result/${id}`, undefined, viewer.token)).status).toBe(403);
    expect(
      (await call('DELETE', `/api/daily-quality-result/daily-quality-results/${id}`, undefined, viewer.token)).status,
    ).toBe(403);
  });

  it('deletes one or several, all or none (404 when one is missing); the defects go with the record', async () => {
    const second = await call('POST', '/api/daily-quality-result', body({ day: '2026-01-06' }));
    expect((await call('DELETE', `/api/daily-quality-result/daily-quality-results/${id},999999`)).status).toBe(404);
    expect((await call('GET', `/api/daily-quality-result/info/${id}`)).status).toBe(200);
    expect(
      (await call('DELETE', `/api/daily-quality-result/daily-quality-results/${id},${second.body.data.id}`)).status,
    ).toBe(200);
    expect((await call('GET', `/api/daily-quality-result/info/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/daily-quality-result/${id}`)).status).toBe(404);
    const dels = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'daily_quality_defects'), eq(changeHistory.revisionType, 'DEL')));
    expect(dels.length).toBeGreaterThanOrEqual(2);
  });
});
