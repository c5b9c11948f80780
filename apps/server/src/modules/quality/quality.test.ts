import { RULE_MESSAGES, type RuleMessageKey } from '@eqms/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { makeMaterial } from '../material-stock/stock-fixtures.ts';
import { productStocks } from '../product-stock/product-stock.table.ts';
import { qualityFixtures } from './quality-fixtures.ts';
import { changeHistory } from '../history/history.table.ts';
import { qualityDispositions } from './quality.table.ts';
import { productionMaterialStocks } from '../production-material/production-material.table.ts';
import { spreadPlan } from '../production-result/result-fixtures.ts';

const t = await createTestApp();
const w = await qualityFixtures(t);
const viewer = await t.makeUser({
  materialQualityInfo: { view: true },
  productQualityInfo: { view: true },
  materialQualityResult: { view: true },
  productQualityResult: { view: true },
});
const stranger = await t.makeUser({ notice: { view: true } });
const storeman = await t.makeUser({ materialHistory: { view: true } });
const auditor = await t.makeUser({ lotReport: { view: true } });
const { call, ok } = w;
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const messagesOf = (res: { body: any }) =>
  (res.body.extraData?.fields ?? []).map((f: { message: string }) => f.message);
/** The English text of a rule message up to its first parameter (the server answers field messages in English). */
const textOf = (key: string) => RULE_MESSAGES[key as RuleMessageKey].en.split('{')[0];

describe('quality standards (/material-quality, /product-quality)', () => {
  it('adds, lists, changes and deletes a material item; one or a list; field errors name the index', async () => {
    const m = await makeMaterial(t.db);
    const one = await call('POST', '/api/material-quality', {
      materialId: m.id,
      name: '함수율',
      method: '건조법',
      unit: '%',
      kind: 'NUMBER',
      usl: 12,
      sort: 2,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject([
      { side: 'MATERIAL', materialId: m.id, productId: null, stage: 'INCOMING', lsl: null, usl: 12, sampleSize: 1 },
    ]);
    const list = await ok('POST', '/api/material-quality', [
      { materialId: m.id, name: '외관', kind: 'PASS_FAIL', sort: 1, unit: 'ignored' },
      { materialId: m.id, name: '폭', kind: 'NUMBER', lsl: 1, usl: 2, target: 1.5, sampleSize: 5, sort: 3 },
    ]);
    expect(list[0]).toMatchObject({ kind: 'PASS_FAIL', unit: null, target: null });
    const got = await call('GET', `/api/material-quality/${m.id}`, undefined, viewer.token);
    expect(got.status).toBe(200);
    expect(got.body.data.map((s: { name: string }) => s.name)).toEqual(['외관', '함수율', '폭']);

    const bad = await call('POST', '/api/material-quality', [
      { materialId: m.id, name: 'a', kind: 'NUMBER', lsl: 1 },
      { materialId: m.id, name: '', kind: 'NUMBER', lsl: 3, usl: 2 },
    ]);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['1.name', '1.usl']));
    expect((await call('GET', `/api/material-quality/${m.id}`)).body.data).toHaveLength(3);

    const changed = await ok('PUT', '/api/material-quality', {
      id: one.body.data[0].id,
      materialId: m.id,
      name: '함수율2',
      kind: 'NUMBER',
      lsl: 5,
      usl: 12,
    });
    expect(changed[0]).toMatchObject({ name: '함수율2', lsl: 5, usl: 12 });

    expect((await call('DELETE', `/api/material-quality/${list[0].id}`)).status).toBe(200);
    const bulk = await call('DELETE', `/api/material-quality/material-qualitys/${list[1].id},999999`);
    expect(bulk.status).toBe(404);
    expect((await call('GET', `/api/material-quality/${m.id}`)).body.data).toHaveLength(2);
    expect(
      (await call('DELETE', `/api/material-quality/material-qualitys/${list[1].id},${one.body.data[0].id}`)).status,
    ).toBe(200);
    expect((await call('GET', `/api/material-quality/${m.id}`)).body.data).toEqual([]);
  });

  it('validates the limits: NUMBER needs a limit, LSL ≤ USL, target within; PASS_FAIL has none', async () => {
    const m = await makeMaterial(t.db);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/material-quality', { materialId: m.id, name: 'x', ...body });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'NUMBER' }, 'lsl', 'qualityLimitRequired'],
      [{ kind: 'NUMBER', lsl: 5, usl: 4 }, 'usl', 'qualityLimitOrder'],
      [{ kind: 'NUMBER', lsl: 5, target: 4 }, 'target', 'qualityTargetOutside'],
      [{ kind: 'PASS_FAIL', usl: 1 }, 'usl', 'qualityPassFailNoLimits'],
      [{ kind: 'NUMBER', lsl: 1, sampleSize: 0 }, 'sampleSize', 'naturalNumber'],
      [{ kind: 'NUMBER', lsl: 1, sampleSize: 101 }, 'sampleSize', 'max'],
      [{ kind: 'NUMBER', lsl: 1, stage: 'FINAL' }, 'stage', 'qualityStageMaterial'],
      [{ kind: 'OTHER', lsl: 1 }, 'kind', 'invalidOption'],
      [{ kind: 'NUMBER', lsl: 1, materialId: 999999 }, 'materialId', 'notExists'],
    ];
    for (const [body, field, key] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(400);
      expect(fieldsOf(res)).toContain(`0.${field}`);
      expect(messagesOf(res).join(' ')).toContain(textOf(key));
    }
    expect((await post({ kind: 'NUMBER', lsl: 5, usl: 5, target: 5 })).status).toBe(200);
  });

  it('product items: IN_PROCESS at an operation, FINAL without; stage filter; 404 on a missing product', async () => {
    const p = w.made.product;
    const bad1 = await call('POST', '/api/product-quality', {
      productId: p.id,
      name: 'a',
      kind: 'PASS_FAIL',
      stage: 'IN_PROCESS',
    });
    expect(fieldsOf(bad1)).toEqual(['0.operationId']);
    const bad2 = await call('POST', '/api/product-quality', {
      productId: p.id,
      name: 'a',
      kind: 'PASS_FAIL',
      stage: 'FINAL',
      operationId: w.made.forming.id,
    });
    expect(fieldsOf(bad2)).toEqual(['0.operationId']);
    const bad3 = await call('POST', '/api/product-quality', {
      productId: p.id,
      name: 'a',
      kind: 'PASS_FAIL',
      stage: 'INCOMING',
    });
    expect(fieldsOf(bad3)).toEqual(['0.stage']);
    const bad4 = await call('POST', '/api/product-quality', {
      productId: p.id,
      name: 'a',
      kind: 'PASS_FAIL',
      stage: 'IN_PROCESS',
      operationId: 999999,
    });
    expect(bad4.status).toBe(400);
    expect(fieldsOf(bad4)).toEqual(['0.operationId']);
    await ok('POST', '/api/product-quality', [
      {
        productId: p.id,
        name: '성형 치수',
        kind: 'NUMBER',
        lsl: 9.5,
        usl: 10.5,
        stage: 'IN_PROCESS',
        operationId: w.made.forming.id,
      },
      { productId: p.id, name: '최종 외관', kind: 'PASS_FAIL', stage: 'FINAL' },
    ]);
    const inProcess = await call('GET', `/api/product-quality/${p.id}?stage=IN_PROCESS`, undefined, viewer.token);
    expect(inProcess.body.data).toMatchObject([
      { name: '성형 치수', operationId: w.made.forming.id, operationName: '성형' },
    ]);
    expect((await call('GET', `/api/product-quality/${p.id}`)).body.data).toHaveLength(2);
    expect((await call('GET', '/api/product-quality/999999')).status).toBe(404);
    expect((await call('GET', '/api/material-quality/999999')).status).toBe(404);
    expect((await call('GET', '/api/product-quality/abc')).status).toBe(400);
  });

  it('401 without a token, 403 without the right, 404 on a missing or other-side item', async () => {
    const { material, items } = await w.materialWithStandard();
    expect((await call('GET', `/api/material-quality/${material.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/material-quality/${material.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `/api/product-quality/${w.made.product.id}`, undefined, stranger.token)).status).toBe(
      403,
    );
    const body = { materialId: material.id, name: 'x', kind: 'PASS_FAIL' };
    expect((await call('POST', '/api/material-quality', body, viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/material-quality', { ...body, id: items[0].id }, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/material-quality/${items[0].id}`, undefined, viewer.token)).status).toBe(403);
    expect(
      (await call('DELETE', `/api/product-quality/product-qualitys/${items[0].id}`, undefined, viewer.token)).status,
    ).toBe(403);
    expect((await call('PUT', '/api/material-quality', { ...body, id: 999999 })).status).toBe(404);
    // A material's item is not a product's.
    expect((await call('DELETE', `/api/product-quality/${items[0].id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/material-quality/999999')).status).toBe(404);
  });

  it('an item a result used cannot be deleted (409 with the results); editing it changes no past result', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const result = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items),
    });
    const del = await call('DELETE', `/api/material-quality/${items[0].id}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(del.body.extraData.datas[0]).toMatchObject({ id: result.id, name: '두께' });
    await ok('PUT', '/api/material-quality', {
      id: items[0].id,
      materialId: material.id,
      name: '두께',
      kind: 'NUMBER',
      lsl: 13,
      usl: 14,
      sampleSize: 2,
    });
    const again = await ok('GET', `/api/material-quality-result/${result.id}`);
    expect(again.items[0]).toMatchObject({ lsl: 10, usl: 20, judgement: 'PASS' });
    expect(again.judgement).toBe('PASS');
  });
});

describe('results and judgement (/material-quality-result, /product-quality-result)', () => {
  it('judges on the server: limits inclusive, one-sided limits, PASS_FAIL as chosen; per item and overall', async () => {
    const m = await makeMaterial(t.db);
    const items = (await ok('POST', '/api/material-quality', [
      { materialId: m.id, name: 'both', kind: 'NUMBER', lsl: 1, usl: 2, sampleSize: 2 },
      { materialId: m.id, name: 'upper only', kind: 'NUMBER', usl: 5 },
      { materialId: m.id, name: 'lower only', kind: 'NUMBER', lsl: 0 },
      { materialId: m.id, name: 'visual', kind: 'PASS_FAIL' },
    ])) as { id: number }[];
    const inspect = async (both: number[], upper: number, lower: number, visual: boolean) => {
      const pkg = await w.receivePackage(m.id, 5);
      return ok('POST', '/api/material-quality-result', {
        packageId: pkg.packageId.toLowerCase(),
        items: [
          { standardId: items[0].id, samples: both.map((value) => ({ value })) },
          { standardId: items[1].id, samples: [{ value: upper }] },
          { standardId: items[2].id, samples: [{ value: lower }] },
          { standardId: items[3].id, samples: [{ passed: visual }] },
        ],
      });
    };
    const edge = await inspect([1, 2], -1000, 0, true);
    expect(edge).toMatchObject({
      computedJudgement: 'PASS',
      judgement: 'PASS',
      itemCount: 4,
      failedItemCount: 0,
      holdId: null,
    });
    expect(edge.items.map((i: { judgement: string }) => i.judgement)).toEqual(['PASS', 'PASS', 'PASS', 'PASS']);
    expect(edge.items[0].samples).toEqual([
      { sampleNo: 1, value: 1, passed: null, ok: true },
      { sampleNo: 2, value: 2, passed: null, ok: true },
    ]);
    const out = await inspect([1, 2.00001], 5.00001, -0.00001, false);
    expect(out.computedJudgement).toBe('FAIL');
    expect(out.items.map((i: { judgement: string }) => i.judgement)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL']);
    expect(out.items[0].samples.map((s: { ok: boolean }) => s.ok)).toEqual([true, false]);
    expect(out.failedItemCount).toBe(4);
    const oneBad = await inspect([1.5, 1.5], 5, 1e9, false);
    expect(oneBad).toMatchObject({ computedJudgement: 'FAIL', failedItemCount: 1 });
  });

  it('checks the values: every item once, its sample size, the right kind; 409 without a standard', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/material-quality-result', { materialStockId: pkg.id, ...body });
    const good = w.materialSamples(items);
    const cases: [unknown, string, string][] = [
      [[good[0]], 'items', 'qualityItemsMissing'],
      [[good[0], good[0]], 'items.1.standardId', 'duplicateValue'],
      [[{ ...good[0], samples: [{ value: 1 }] }, good[1]], 'items.0.samples', 'qualitySampleCount'],
      [[{ ...good[0], samples: [{ value: 1 }, {}] }, good[1]], 'items.0.samples.1.value', 'qualityValueRequired'],
      [[good[0], { ...good[1], samples: [{ value: 1 }] }], 'items.1.samples.0.passed', 'qualityPassedRequired'],
      [
        [{ ...good[0], samples: [{ value: 1, passed: true }, { value: 1 }] }, good[1]],
        'items.0.samples.0.passed',
        'qualityValueKind',
      ],
      [[good[0], { standardId: 999999, samples: [{ passed: true }] }], 'items.1.standardId', 'qualityItemOther'],
    ];
    for (const [given, field, key] of cases) {
      const res = await post({ items: given });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
      expect(messagesOf(res)[0]).toContain(textOf(key));
    }
    const both = await call('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      packageId: pkg.packageId,
      items: good,
    });
    expect(fieldsOf(both)).toEqual(['materialStockId']);
    const none = await call('POST', '/api/material-quality-result', { packageId: 'NO-SUCH-PKG', items: good });
    expect(fieldsOf(none)).toEqual(['packageId']);
    expect(fieldsOf(await post({ items: good, inspectorId: 999999 }))).toEqual(['inspectorId']);
    expect(fieldsOf(await post({ items: good, inspectedAt: '2026-13-01 10:00' }))).toEqual(['inspectedAt']);

    const bare = await makeMaterial(t.db);
    const bárePkg = await w.receivePackage(bare.id);
    const noStd = await call('POST', '/api/material-quality-result', { materialStockId: bárePkg.id, items: good });
    expect(noStd.status).toBe(409);
    expect(noStd.body).toMatchObject({
      code: 'CONFLICT',
      extraData: { messageKey: expect.stringContaining('qualityNoStandard') },
    });
  });

  it('an override needs a reason and a different judgement; it records who and when', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const failing = w.materialSamples(items, false);
    const noReason = await call('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: failing,
      override: { judgement: 'PASS' },
    });
    expect(fieldsOf(noReason)).toEqual(['override.reason']);
    const blank = await call('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: failing,
      override: { judgement: 'PASS', reason: '   ' },
    });
    expect(fieldsOf(blank)).toEqual(['override.reason']);
    const same = await call('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: failing,
      override: { judgement: 'FAIL', reason: '같음' },
    });
    expect(fieldsOf(same)).toEqual(['override.judgement']);
    const over = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: failing,
      override: { judgement: 'PASS', reason: '측정기 교정 오류 확인' },
      inspectedAt: `${w.today} 09:30`,
      inspectorId: viewer.user.id,
    });
    expect(over).toMatchObject({
      computedJudgement: 'FAIL',
      judgement: 'PASS',
      overridden: true,
      overrideReason: '측정기 교정 오류 확인',
      overriddenBy: w.qa.userId,
      inspectorId: viewer.user.id,
      inspectorUserId: viewer.userId,
      holdId: null,
    });
    expect(over.overriddenAt).not.toBeNull();
    // Overridden to PASS: no hold, the package may be released.
    expect(
      (await call('POST', '/api/material-stock/ship-out', { stockId: pkg.id, planId: w.plan.id, qty: 1 })).status,
    ).toBe(200);
    // Overridden to FAIL: a hold.
    const pkg2 = await w.receivePackage(material.id);
    const down = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg2.id,
      items: w.materialSamples(items),
      override: { judgement: 'FAIL', reason: '공급사 부적합 통보' },
    });
    expect(down).toMatchObject({ computedJudgement: 'PASS', judgement: 'FAIL', holdStatus: 'OPEN' });
  });

  it('lists one page by period, material and judgement; one by id; the inspection form by package ID', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkgs = [
      await w.receivePackage(material.id),
      await w.receivePackage(material.id),
      await w.receivePackage(material.id),
    ];
    for (const [i, pkg] of pkgs.entries())
      await ok('POST', '/api/material-quality-result', {
        materialStockId: pkg.id,
        items: w.materialSamples(items, i !== 1),
      });
    const q = `startDt=${w.today}&endDt=${w.today}&materialId=${material.id}`;
    const page = await call('GET', `/api/material-quality-result?${q}&page=1&size=2`, undefined, viewer.token);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].materialStockId).toBe(pkgs[2].id);
    const failed = await call('GET', `/api/material-quality-result?${q}&judgement=FAIL`);
    expect(failed.body.data.map((r: { packageId: string }) => r.packageId)).toEqual([pkgs[1].packageId]);
    expect(failed.body.data[0]).toMatchObject({ holdStatus: 'OPEN', materialCode: material.code });
    const yesterday = await call('GET', `/api/material-quality-result?endDt=2000-01-01&materialId=${material.id}`);
    expect(yesterday.body).toMatchObject({ data: [], total: 0 });
    expect(fieldsOf(await call('GET', '/api/material-quality-result?startDt=2026-02-01&endDt=2026-01-01'))).toEqual([
      'endDt',
    ]);
    expect(fieldsOf(await call('GET', '/api/material-quality-result?judgement=MAYBE'))).toEqual(['judgement']);
    expect((await call('GET', '/api/material-quality-result', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/material-quality-result', undefined, stranger.token)).status).toBe(403);

    const one = await call('GET', `/api/material-quality-result/${page.body.data[0].id}`, undefined, viewer.token);
    expect(one.status).toBe(200);
    expect(one.body.data.items).toHaveLength(2);
    expect((await call('GET', '/api/material-quality-result/999999')).status).toBe(404);
    // A material result is not a product result.
    expect((await call('GET', `/api/product-quality-result/${page.body.data[0].id}`)).status).toBe(404);
    expect(
      (await call('GET', `/api/material-quality-result/${page.body.data[0].id}`, undefined, stranger.token)).status,
    ).toBe(403);

    const form = await call(
      'GET',
      `/api/material-quality-result/items?packageId=${pkgs[1].packageId.toLowerCase()}`,
      undefined,
      viewer.token,
    );
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({
      stage: 'INCOMING',
      materialStockId: pkgs[1].id,
      qty: 50,
      hold: { status: 'OPEN' },
    });
    expect(form.body.data.items.map((i: { id: number }) => i.id)).toEqual(items.map((i) => i.id));
    expect((await call('GET', '/api/material-quality-result/items?packageId=NOPE')).status).toBe(404);
    expect(fieldsOf(await call('GET', '/api/material-quality-result/items'))).toEqual(['materialStockId']);
    expect(
      (await call('GET', '/api/material-quality-result/items?packageId=x', undefined, stranger.token)).status,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/material-quality-result',
          { materialStockId: pkgs[0].id, items: w.materialSamples(items) },
          viewer.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/material-quality-result',
          { materialStockId: pkgs[0].id, items: w.materialSamples(items) },
          null,
        )
      ).status,
    ).toBe(401);
  });

  it('in-process: a production result at its operation, judged against that operation’s items, no hold', async () => {
    const p = w.made.product;
    const [item] = (await ok('POST', '/api/product-quality', {
      productId: p.id,
      name: '성형 두께',
      kind: 'NUMBER',
      lsl: 2,
      usl: 3,
      stage: 'IN_PROCESS',
      operationId: w.made.forming.id,
    })) as { id: number }[];
    const form = await ok('GET', `/api/product-quality-result/items?dailyPlanId=${w.first[0].id}`);
    expect(form).toMatchObject({
      stage: 'IN_PROCESS',
      operationId: w.made.forming.id,
      operationName: '성형',
      hold: null,
    });
    expect(form.items.map((i: { id: number }) => i.id)).toContain(item.id);
    const allItems = form.items.map((i: { id: number; kind: string; sampleSize: number }) => ({
      standardId: i.id,
      samples: Array.from({ length: i.sampleSize }, () => (i.kind === 'NUMBER' ? { value: 3.5 } : { passed: true })),
    }));
    const res = await ok('POST', '/api/product-quality-result', { dailyPlanId: w.first[0].id, items: allItems });
    expect(res).toMatchObject({
      stage: 'IN_PROCESS',
      side: 'PRODUCT',
      judgement: 'FAIL',
      holdId: null,
      operationName: '성형',
    });
    const list = await call(
      'GET',
      `/api/product-quality-result?productId=${p.id}&stage=IN_PROCESS`,
      undefined,
      viewer.token,
    );
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(res.id);
    expect((await call('GET', '/api/product-quality-result/items?dailyPlanId=999999')).status).toBe(404);
    expect(
      fieldsOf(await call('POST', '/api/product-quality-result', { dailyPlanId: 999999, items: allItems })),
    ).toEqual(['dailyPlanId']);
    expect(
      fieldsOf(
        await call('POST', '/api/product-quality-result', { dailyPlanId: w.first[0].id, lotId: 'x', items: allItems }),
      ),
    ).toEqual(['lotRowId']);
  });
});

describe('the inspection time (inspectionMinutes)', () => {
  /** A lot of a product with a FINAL item, and a body inspecting it (weight 101 g: PASS). */
  const lotBody = async (extra: Record<string, unknown> = {}) => {
    const { product, items, lot } = await w.productWithLot();
    return {
      product,
      body: { lotRowId: lot.id, items: [{ standardId: items[0].id, samples: [{ value: 101 }] }], ...extra },
    };
  };
  const minutesHistory = async (id: number) =>
    (
      await t.db
        .select()
        .from(changeHistory)
        .where(and(eq(changeHistory.tableName, 'quality_results'), eq(changeHistory.rowId, String(id))))
        .orderBy(asc(changeHistory.revisionId))
    ).map((h) => {
      const v = (h.newData as { inspection_minutes: unknown }).inspection_minutes;
      return [h.revisionType, v == null ? null : Number(v)];
    });

  it('is saved with the result, shown by the detail and the list, and optional', async () => {
    const { product, body } = await lotBody({ inspectionMinutes: 12.5 });
    const saved = await ok('POST', '/api/product-quality-result', body);
    expect(saved).toMatchObject({ judgement: 'PASS', inspectionMinutes: 12.5 });
    expect((await ok('GET', `/api/product-quality-result/${saved.id}`)).inspectionMinutes).toBe(12.5);
    const list = await call('GET', `/api/product-quality-result?productId=${product.id}`, undefined, viewer.token);
    expect(list.body.data.map((r: { inspectionMinutes: number }) => r.inspectionMinutes)).toEqual([12.5]);
    // Whole minutes, the limit itself, and none at all (a quick entry; null means the same).
    expect(
      (await ok('POST', '/api/product-quality-result', (await lotBody({ inspectionMinutes: 1440 })).body))
        .inspectionMinutes,
    ).toBe(1440);
    expect((await ok('POST', '/api/product-quality-result', (await lotBody()).body)).inspectionMinutes).toBeNull();
    expect(
      (await ok('POST', '/api/product-quality-result', (await lotBody({ inspectionMinutes: null })).body))
        .inspectionMinutes,
    ).toBeNull();
    // The material side has it too.
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const incoming = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items),
      inspectionMinutes: 3,
    });
    expect(incoming.inspectionMinutes).toBe(3);
  });

  it('400 naming the field for 0, below 0, above 1440, 2 decimals or text, in both languages; nothing saved', async () => {
    const { product, body } = await lotBody();
    for (const [v, key] of [
      [0, 'qualityInspectionMinutes'],
      [-5, 'qualityInspectionMinutes'],
      [1440.1, 'qualityInspectionMinutes'],
      [12.25, 'decimal'],
      ['12', 'realNumber'],
      ['열두', 'realNumber'],
    ] as const) {
      const res = await call('POST', '/api/product-quality-result', { ...body, inspectionMinutes: v });
      expect(res.status, String(v)).toBe(400);
      expect(fieldsOf(res), String(v)).toEqual(['inspectionMinutes']);
      expect(messagesOf(res)[0], String(v)).toContain(textOf(key));
    }
    const kr = await t.inject({
      method: 'POST',
      url: '/api/product-quality-result',
      payload: { ...body, inspectionMinutes: 0 },
      token: w.qa.token,
      headers: { 'accept-language': 'ko-KR' },
    });
    expect(kr.status).toBe(400);
    expect(kr.body.extraData.fields[0]).toMatchObject({
      field: 'inspectionMinutes',
      message: '검사 시간은 0분보다 크고 1440분 이하여야 합니다.',
    });
    const list = await call('GET', `/api/product-quality-result?productId=${product.id}`);
    expect(list.body.total).toBe(0);
  });

  it('POST /…-quality-result/{id} sets or clears it, nothing else; history; 400, 403, 404, 401', async () => {
    const { body } = await lotBody();
    const saved = await ok('POST', '/api/product-quality-result', body);
    const set = await call('POST', `/api/product-quality-result/${saved.id}`, { inspectionMinutes: 9.5 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      id: saved.id,
      inspectionMinutes: 9.5,
      judgement: saved.judgement,
      inspectedAt: saved.inspectedAt,
      items: saved.items,
      updatedBy: w.qa.user.userId,
    });
    const cleared = await ok('POST', `/api/product-quality-result/${saved.id}`, { inspectionMinutes: null });
    expect(cleared.inspectionMinutes).toBeNull();
    expect(await minutesHistory(saved.id)).toEqual([
      ['ADD', null],
      ['MOD', 9.5],
      ['MOD', null],
    ]);
    const url = `/api/product-quality-result/${saved.id}`;
    for (const v of [0, 1441, 'x'])
      expect(fieldsOf(await call('POST', url, { inspectionMinutes: v }))).toEqual(['inspectionMinutes']);
    // The minutes must be given (null clears); the result's other fields are not the body's.
    expect(fieldsOf(await call('POST', url, {}))).toEqual(['inspectionMinutes']);
    expect((await call('POST', url, { inspectionMinutes: 5, judgement: 'FAIL' })).status).toBe(400);
    expect((await call('POST', url, { inspectionMinutes: 5 }, viewer.token)).status).toBe(403);
    expect((await call('POST', url, { inspectionMinutes: 5 }, null)).status).toBe(401);
    expect((await call('POST', '/api/product-quality-result/999999', { inspectionMinutes: 5 })).status).toBe(404);
    // A product result is not a material result, and the other way round.
    expect((await call('POST', `/api/material-quality-result/${saved.id}`, { inspectionMinutes: 5 })).status).toBe(404);
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const incoming = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items),
    });
    expect((await call('POST', `/api/product-quality-result/${incoming.id}`, { inspectionMinutes: 5 })).status).toBe(
      404,
    );
    expect(
      (await ok('POST', `/api/material-quality-result/${incoming.id}`, { inspectionMinutes: 5 })).inspectionMinutes,
    ).toBe(5);
    expect((await ok('GET', url)).inspectionMinutes).toBeNull();
  });
});

describe('holds and dispositions', () => {
  it('a failed package is held: release 409 MATERIAL_ON_HOLD naming it, until ACCEPT', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id, 30);
    const result = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items, false),
    });
    expect(result.hold).toMatchObject({
      status: 'OPEN',
      subject: 'MATERIAL_STOCK',
      packageId: pkg.packageId,
      stockQty: 30,
      openedBy: w.qa.userId,
    });
    const release = { stockId: pkg.id, planId: w.plan.id, qty: 5 };
    const refused = await call('POST', '/api/material-stock/ship-out', release);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MATERIAL_ON_HOLD',
      extraData: { stockId: pkg.id, packageId: pkg.packageId, reason: result.hold.holdNo },
    });
    expect(refused.body.extraData.messageKey).toContain('materialOnHold');
    expect(await w.stockQtyOf(pkg.id)).toBe(30);
    // A second failure does not open a second hold.
    const again = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items, false),
    });
    expect(again.holdId).toBeNull();
    const holds = await call('GET', `/api/material-quality-result/holds?q=${pkg.packageId}`, undefined, viewer.token);
    expect(holds.body).toMatchObject({ total: 1, data: [{ id: result.holdId, status: 'OPEN' }] });
    // Nor does a pass close it: a held package needs a disposition.
    await ok('POST', '/api/material-quality-result', { materialStockId: pkg.id, items: w.materialSamples(items) });
    expect((await call('POST', '/api/material-stock/ship-out', release)).status).toBe(409);

    const accepted = await call('POST', `/api/material-quality-result/hold/${result.holdId}/disposition`, {
      disposition: 'ACCEPT',
      reason: '특채: 사용 부위 영향 없음',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'CLOSED',
      disposition: 'ACCEPT',
      closedBy: w.qa.userId,
      dispositions: [{ disposition: 'ACCEPT', reason: '특채: 사용 부위 영향 없음', qty: 0, createdBy: w.qa.userId }],
    });
    // A concession moves nothing: the package keeps its stock and its ledger only the receipt.
    expect((await w.materialLedgerOf(pkg.id)).map((l) => l.type)).toEqual(['SHIP_IN']);
    expect(await w.stockQtyOf(pkg.id)).toBe(30);
    expect((await call('POST', '/api/material-stock/ship-out', release)).status).toBe(200);
    expect(await w.stockQtyOf(pkg.id)).toBe(25);
    const twice = await call('POST', `/api/material-quality-result/hold/${result.holdId}/disposition`, {
      disposition: 'SCRAP',
      reason: 'x',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.extraData.messageKey).toContain('qualityHoldClosed');
    expect((await call('GET', `/api/material-quality-result/holds?q=${pkg.packageId}`)).body.total).toBe(0);
    expect((await call('GET', `/api/material-quality-result/holds?q=${pkg.packageId}&active=false`)).body.total).toBe(
      1,
    );
  });

  it('RETURN and SCRAP take what is left out by their own material ledger movement (never below zero)', async () => {
    const { material, items } = await w.materialWithStandard();
    for (const disposition of ['RETURN', 'SCRAP'] as const) {
      const pkg = await w.receivePackage(material.id, 20);
      // Some went to production before the inspection.
      await ok('POST', '/api/material-stock/ship-out', { stockId: pkg.id, planId: w.plan.id, qty: 6 });
      const r = await ok('POST', '/api/material-quality-result', {
        materialStockId: pkg.id,
        items: w.materialSamples(items, false),
      });
      const hold = await ok('POST', `/api/material-quality-result/hold/${r.holdId}/disposition`, {
        disposition,
        reason: '불량 로트',
      });
      expect(hold).toMatchObject({
        status: 'CLOSED',
        disposition,
        stockQty: 0,
        dispositions: [{ disposition, qty: 14 }],
      });
      expect(await w.stockQtyOf(pkg.id)).toBe(0);
      const ledger = await w.materialLedgerOf(pkg.id);
      expect(ledger.map((l) => [l.type, l.qty, l.balance])).toEqual([
        ['SHIP_IN', 20, 20],
        ['SHIP_OUT', -6, 14],
        [disposition, -14, 0],
      ]);
      expect(ledger[2].reason).toBe(`${hold.holdNo} ${disposition}: 불량 로트`);
      // The disposition keeps its movement; the material history lists it under its own type.
      const [kept] = await t.db.select().from(qualityDispositions).where(eq(qualityDispositions.holdId, r.holdId));
      expect(kept.materialHistoryId).toBe(ledger[2].id);
      const asStoreman = (url: string) => t.inject({ method: 'GET', url, token: storeman.token });
      const period = `from=${w.today}&to=${w.today}`;
      const history = await asStoreman(
        `/api/material-history/historys?${period}&q=${pkg.packageId}&type=${disposition}`,
      );
      expect(history.body.data.map((h: { type: string; qty: number }) => [h.type, h.qty])).toEqual([
        [disposition, -14],
      ]);
      const daily = await asStoreman(`/api/material-history/dailyTotal?${period}&materialId=${material.id}`);
      expect(daily.body.data[0].disposed).toBe(disposition === 'RETURN' ? 14 : 28);
      // The mock recall's package balance counts it (received 20 = 6 at the line + 14 returned or scrapped).
      const recall = await t.inject({
        method: 'GET',
        url: `/api/trace/recall?stockId=${pkg.id}`,
        token: auditor.token,
      });
      expect(recall.status, JSON.stringify(recall.body)).toBe(200);
      expect(recall.body.data.packages[0]).toMatchObject({
        receivedQty: 20,
        inStockQty: 0,
        atLineQty: 6,
        correctedQty: 0,
        disposedQty: 14,
        residualQty: 0,
      });
      const out = await call('POST', '/api/material-stock/ship-out', { stockId: pkg.id, planId: w.plan.id, qty: 1 });
      expect(out.status).toBe(409);
      expect(out.body.code).toBe('OUT_OF_STOCK');
    }
  });

  it('a held package released to the line before its hold is not consumed by a result: 409 MATERIAL_ON_HOLD', async () => {
    const maker = await t.makeUser({ productionProfit: { all: true } });
    // The made product's BOM: 2 KG of the world's material (+10 % loss) and 1 EA of b per unit.
    const items = await ok('POST', '/api/material-quality', {
      materialId: w.material.id,
      name: '수분',
      kind: 'NUMBER',
      usl: 5,
    });
    const { plan, first } = await spreadPlan(call, w.made.product.id, w.line.id, w.today);
    const a1 = await w.receivePackage(w.material.id, 10);
    const b = await w.receivePackage(w.made.b.id, 10);
    await ok('POST', '/api/material-stock/ship-out', { stockId: a1.id, planId: plan.id, qty: 10 });
    await ok('POST', '/api/material-stock/ship-out', { stockId: b.id, planId: plan.id, qty: 10 });
    // Inspected after the release: it fails and is held, with all of it at the line.
    const r = await ok('POST', '/api/material-quality-result', {
      materialStockId: a1.id,
      items: [{ standardId: items[0].id, samples: [{ value: 7 }] }],
    });
    expect(r.hold.status).toBe('OPEN');
    const save = (qty: number, dailyPlanId = first[0].id) =>
      call('PUT', '/api/productionprofit', { id: dailyPlanId, goodQty: qty, badQty: 0 }, maker.token);
    const lineQty = async (stockId: number) =>
      (await t.db.select().from(productionMaterialStocks).where(eq(productionMaterialStocks.stockId, stockId))).find(
        (x) => x.planId === plan.id,
      )!.qty;

    const refused = await save(1);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MATERIAL_ON_HOLD',
      extraData: { stockId: a1.id, packageId: a1.packageId, reason: r.hold.holdNo },
    });
    expect(await lineQty(a1.id)).toBe(10);
    expect(await lineQty(b.id)).toBe(10);

    // Another package of the material at the line is consumed instead; the held one stays untouched.
    const a2 = await w.receivePackage(w.material.id, 5);
    await ok('POST', '/api/material-stock/ship-out', { stockId: a2.id, planId: plan.id, qty: 5 });
    expect((await save(2)).status).toBe(200);
    expect(await lineQty(a2.id)).toBe(0.6);
    expect(await lineQty(a1.id)).toBe(10);
    // More than the free package holds: the hold is the reason given, nothing written.
    const more = await save(1, first[1].id);
    expect(more.body.code).toBe('MATERIAL_ON_HOLD');
    expect(await lineQty(a2.id)).toBe(0.6);

    // A concession releases it: the line consumes it again, first released first.
    await ok('POST', `/api/material-quality-result/hold/${r.holdId}/disposition`, {
      disposition: 'ACCEPT',
      reason: '특채',
    });
    expect((await save(1, first[1].id)).status).toBe(200);
    expect(await lineQty(a1.id)).toBe(7.8);
    expect(await lineQty(a2.id)).toBe(0.6);
  });

  it('disposition input: the side’s dispositions, a reason, 404, 403, 401', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id);
    const r = await ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: w.materialSamples(items, false),
    });
    const url = `/api/material-quality-result/hold/${r.holdId}/disposition`;
    expect(fieldsOf(await call('POST', url, { disposition: 'REWORK', reason: 'x' }))).toEqual(['disposition']);
    expect(fieldsOf(await call('POST', url, { disposition: 'ACCEPT' }))).toEqual(['reason']);
    expect(fieldsOf(await call('POST', url, { disposition: 'ACCEPT', reason: 'x', extra: 1 }))).toContain('extra');
    expect((await call('POST', url, { disposition: 'ACCEPT', reason: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('POST', url, { disposition: 'ACCEPT', reason: 'x' }, null)).status).toBe(401);
    expect(
      (
        await call('POST', '/api/material-quality-result/hold/999999/disposition', {
          disposition: 'ACCEPT',
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    // A package's hold is not a lot's.
    expect(
      (
        await call('POST', `/api/product-quality-result/hold/${r.holdId}/disposition`, {
          disposition: 'ACCEPT',
          reason: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/api/product-quality-result/hold/${r.holdId}`)).status).toBe(404);
    const got = await call('GET', `/api/material-quality-result/hold/${r.holdId}`, undefined, viewer.token);
    expect(got.body.data).toMatchObject({ id: r.holdId, resultId: r.id, status: 'OPEN' });
    expect((await call('GET', `/api/material-quality-result/hold/${r.holdId}`, undefined, stranger.token)).status).toBe(
      403,
    );
    expect((await call('GET', '/api/material-quality-result/holds', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/material-quality-result/holds?size=0')).status).toBe(400);
  });

  it('a failed lot cannot ship (409 LOT_ON_HOLD) through REWORK and a failed re-inspection; a pass after rework ships', async () => {
    const { product, items, lot } = await w.productWithLot(10);
    const weigh = (value: number) => [{ standardId: items[0].id, samples: [{ value }] }];
    const r = await ok('POST', '/api/product-quality-result', { lotId: lot.lotId.toLowerCase(), items: weigh(99.99) });
    expect(r).toMatchObject({
      stage: 'FINAL',
      lotRowId: lot.lotRowId,
      judgement: 'FAIL',
      hold: { subject: 'LOT', lotId: lot.lotId, stockQty: 10 },
    });
    const shipment = {
      bizPartnerId: w.customer.id,
      productId: product.id,
      shipmentDt: w.today,
      lots: [{ productStockId: lot.id, qty: 2 }],
    };
    const refused = await call('POST', '/api/shipment', shipment);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'LOT_ON_HOLD',
      extraData: { lotRowId: lot.lotRowId, lotId: lot.lotId, reason: r.hold.holdNo },
    });
    const qtyOnly = await call('POST', '/api/shipment', { ...shipment, lots: undefined, qty: 1 });
    expect(qtyOnly.body.code).toBe('LOT_ON_HOLD');
    expect(
      fieldsOf(
        await call('POST', `/api/product-quality-result/hold/${r.holdId}/disposition`, {
          disposition: 'RETURN',
          reason: 'x',
        }),
      ),
    ).toEqual(['disposition']);

    const rework = await ok('POST', `/api/product-quality-result/hold/${r.holdId}/disposition`, {
      disposition: 'REWORK',
      reason: '재포장',
    });
    expect(rework).toMatchObject({ status: 'REWORK', disposition: null, closedAt: null });
    expect((await call('POST', '/api/shipment', shipment)).body.code).toBe('LOT_ON_HOLD');
    await ok('POST', '/api/product-quality-result', { lotRowId: lot.lotRowId, items: weigh(50) });
    expect((await call('POST', '/api/shipment', shipment)).body.code).toBe('LOT_ON_HOLD');
    const pass = await ok('POST', '/api/product-quality-result', { lotRowId: lot.lotRowId, items: weigh(100) });
    expect(pass.judgement).toBe('PASS');
    const closed = await ok('GET', `/api/product-quality-result/hold/${r.holdId}`);
    expect(closed).toMatchObject({ status: 'CLOSED', closedByResultId: pass.id, disposition: null });
    expect(closed.dispositions.map((d: { disposition: string }) => d.disposition)).toEqual(['REWORK']);
    expect((await call('POST', '/api/shipment', shipment)).status).toBe(200);
  });

  it('ACCEPT lets a failed lot ship; SCRAP discards its stock rows through the product stock ledger', async () => {
    const a = await w.productWithLot(10);
    const ra = await ok('POST', '/api/product-quality-result', {
      lotRowId: a.lot.lotRowId,
      items: [{ standardId: a.items[0].id, samples: [{ value: 1 }] }],
    });
    await ok('POST', `/api/product-quality-result/hold/${ra.holdId}/disposition`, {
      disposition: 'ACCEPT',
      reason: '고객 승인',
    });
    const shipped = await call('POST', '/api/shipment', {
      bizPartnerId: w.customer.id,
      productId: a.product.id,
      shipmentDt: w.today,
      lots: [{ productStockId: a.lot.id, qty: 10 }],
    });
    expect(shipped.status).toBe(200);

    const b = await w.productWithLot(8);
    const second = await w.addLot(b.product.id, 3, { lotId: b.lot.lotId, locationId: w.shelf2.id });
    const rb = await ok('POST', '/api/product-quality-result', {
      lotRowId: b.lot.lotRowId,
      items: [{ standardId: b.items[0].id, samples: [{ value: 1 }] }],
    });
    expect(rb.hold.stockQty).toBe(11);
    const scrapped = await ok('POST', `/api/product-quality-result/hold/${rb.holdId}/disposition`, {
      disposition: 'SCRAP',
      reason: '중량 미달',
    });
    expect(scrapped).toMatchObject({
      status: 'CLOSED',
      disposition: 'SCRAP',
      stockQty: 0,
      dispositions: [{ qty: 11 }],
    });
    for (const id of [b.lot.id, second.id]) {
      const [row] = await t.db.select().from(productStocks).where(eq(productStocks.id, id));
      expect(row).toMatchObject({ qty: 0, disposed: true });
      const ledger = await w.ledgerOf(id);
      expect(ledger.at(-1)).toMatchObject({ type: 'DISPOSE', reason: `${scrapped.holdNo} SCRAP: 중량 미달` });
    }
    const after = await call('POST', '/api/shipment', {
      bizPartnerId: w.customer.id,
      productId: b.product.id,
      shipmentDt: w.today,
      qty: 1,
    });
    expect(after.body.code).toBe('OUT_OF_STOCK');
    const list = await call(
      'GET',
      `/api/product-quality-result/holds?active=false&q=${b.lot.lotId}`,
      undefined,
      viewer.token,
    );
    expect(list.body.data[0]).toMatchObject({ id: rb.holdId, disposition: 'SCRAP' });
    expect((await call('GET', '/api/product-quality-result/items?lotId=NO-LOT')).status).toBe(404);
    const form = await ok('GET', `/api/product-quality-result/items?lotRowId=${b.lot.lotRowId}`);
    expect(form).toMatchObject({ stage: 'FINAL', lotId: b.lot.lotId, qty: 0, hold: null });
  });
});
