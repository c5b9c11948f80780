import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { qualityFixtures } from './quality-fixtures.ts';

// Inspection spec-outs in GET /spec-out/datas (data-collection's list, quality's rows through the
// spec-out.inspections seam): a sample outside its item's limits or judged NG is listed, one inside is not; the
// source and the product / material / item filters narrow them.

const t = await createTestApp();
const w = await qualityFixtures(t);
const analyst = await t.makeUser({ trend: { view: true } });
const iso = (ms: number) => new Date(ms).toISOString();

async function specOuts(query: string) {
  const now = Date.now();
  const res = await t.inject({
    method: 'GET',
    url: `/api/spec-out/datas?startDt=${iso(now - 3_600_000)}&endDt=${iso(now + 3_600_000)}&size=100&${query}`,
    token: analyst.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, unknown>[]; total: number };
}

describe('GET /api/spec-out/datas with inspections', () => {
  it('lists an incoming sample above USL and an NG pass/fail sample; samples inside their limits are not listed', async () => {
    const { material, items } = await w.materialWithStandard();
    const pkg = await w.receivePackage(material.id, 10);
    // Thickness 10 … 20 (both inclusive): 12 and 20 are inside, 20.5 and 9.9 outside; the visual check NG.
    const failed = await w.ok('POST', '/api/material-quality-result', {
      materialStockId: pkg.id,
      items: [
        { standardId: items[0].id, samples: [{ value: 20.5 }, { value: 9.9 }] },
        { standardId: items[1].id, samples: [{ passed: false }] },
      ],
    });
    await w.ok('POST', '/api/material-quality-result', { materialStockId: pkg.id, items: w.materialSamples(items) });

    const list = await specOuts(`materialIds=${material.id}`);
    expect(list.total).toBe(3);
    const rows = list.data.filter((r) => r.materialId === material.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.source === 'INSPECTION' && r.resultId === failed.id)).toBe(true);
    const byKey = Object.fromEntries(rows.map((r) => [`${r.itemName}#${r.sampleNo}`, r]));
    expect(byKey['두께#1']).toMatchObject({
      stage: 'INCOMING',
      standardId: items[0].id,
      subjectCode: material.code,
      subjectNo: pkg.packageId,
      unit: 'mm',
      value: 20.5,
      lowerLimit: 10,
      upperLimit: 20,
      limitBroken: 'UPPER',
      toolId: null,
      parameterId: null,
    });
    expect(byKey['두께#2']).toMatchObject({ value: 9.9, limitBroken: 'LOWER' });
    expect(byKey['외관#1']).toMatchObject({ value: null, limitBroken: 'NG', standardId: items[1].id });
    // The passing inspection's 12 and 20 are not spec-outs.
    expect(rows.some((r) => r.value === 12 || r.value === 20)).toBe(false);

    // The item filter, the source filter.
    expect((await specOuts(`materialIds=${material.id}&standardIds=${items[1].id}`)).total).toBe(1);
    expect((await specOuts(`materialIds=${material.id}&source=INSPECTION`)).total).toBe(3);
    const parameterOnly = await specOuts(`materialIds=${material.id}&source=PARAMETER`);
    expect(parameterOnly.data.some((r) => r.source === 'INSPECTION')).toBe(false);
    // Another material's filter leaves them out.
    const other = await w.materialWithStandard();
    expect((await specOuts(`materialIds=${other.material.id}&source=INSPECTION`)).total).toBe(0);
  });

  it('lists a final inspection value below a one-sided LSL by product, not one at the limit', async () => {
    const { product, items, lot } = await w.productWithLot(5);
    const post = (value: number) =>
      w.ok('POST', '/api/product-quality-result', {
        lotRowId: lot.lotRowId,
        items: [{ standardId: items[0].id, samples: [{ value }] }],
      });
    await post(100);
    const low = await post(99.5);
    const list = await specOuts(`productIds=${product.id}&source=INSPECTION`);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      source: 'INSPECTION',
      stage: 'FINAL',
      resultId: low.id,
      productId: product.id,
      subjectCode: product.code,
      subjectNo: lot.lotId,
      value: 99.5,
      lowerLimit: 100,
      upperLimit: null,
      limitBroken: 'LOWER',
    });
  });

  it('refuses an unknown source (400 naming it)', async () => {
    const now = Date.now();
    const res = await t.inject({
      method: 'GET',
      url: `/api/spec-out/datas?startDt=${iso(now - 1000)}&endDt=${iso(now)}&source=CMM`,
      token: analyst.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields.map((f: { field: string }) => f.field)).toEqual(['source']);
  });
});
