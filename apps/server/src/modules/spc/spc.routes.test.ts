import { SPC_FLAGGED_MAX, SPC_POINTS_MAX } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { insertPoints } from '../data-collection/trace-data.ingest.ts';
import { locations } from '../location/location.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { qualityFixtures } from '../quality/quality-fixtures.ts';
import { tools } from '../tool/tool.table.ts';
import { capability } from './spc.capability.ts';
import { imrChart, xbarRChart, xbarSChart } from './spc.charts.ts';
import { PISTON_RINGS_TRIAL } from './spc.fixtures.ts';

const t = await createTestApp();
const w = await qualityFixtures(t);
const productViewer = await t.makeUser({ productQualityResult: { view: true } });
const materialViewer = await t.makeUser({ materialQualityResult: { view: true } });
const trendViewer = await t.makeUser({ trend: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const get = (url: string, token: string | null) => t.inject({ method: 'GET', url, token, headers: en });
const fieldsOf = (res: { body: { extraData?: { fields?: { field: string }[] } } }) =>
  (res.body.extraData?.fields ?? []).map((f) => f.field);

const day = addDays(w.today, -1);
/** Piston rings, last subgroup shifted up by 0.03 so that it breaks rule 1. */
const RINGS = PISTON_RINGS_TRIAL.map((g, i) =>
  i === 24 ? g.map((v) => Math.round((v + 0.03) * 1000) / 1000) : [...g],
);

/** A product with a FINAL item of 5 samples (73.95 … 74.05) and 25 inspections of a lot, one per minute. */
async function ringWorld() {
  const product = await w.makeProduct();
  const [item] = await w.ok('POST', '/api/product-quality', {
    productId: product.id,
    name: '내경',
    unit: 'mm',
    kind: 'NUMBER',
    lsl: 73.95,
    usl: 74.05,
    sampleSize: 5,
    stage: 'FINAL',
  });
  const lot = await w.addLot(product.id, 10);
  for (const [i, g] of RINGS.entries()) {
    await w.ok('POST', '/api/product-quality-result', {
      lotRowId: lot.id,
      items: [{ standardId: item.id, samples: g.map((value) => ({ value })) }],
      inspectedAt: `${day} 08:${String(i).padStart(2, '0')}`,
    });
  }
  return { product, item: item as { id: number }, lot };
}

const ring = await ringWorld();
const itemUrl = (id: number, extra = '') => `/api/spc/product-quality/${id}?startDt=${day}&endDt=${day}${extra}`;

describe('GET /api/spc/product-quality/{standardId}', () => {
  it('answers the pure module’s X̄-R chart and capability of the inspections’ samples', async () => {
    const res = await get(itemUrl(ring.item.id), productViewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    const chart = xbarRChart(RINGS, 5)!;
    const cap = capability(RINGS, { subgroupSize: 5, lsl: 73.95, usl: 74.05 })!;
    expect(d.chartType).toBe('XBAR_R');
    expect(d.subject).toMatchObject({ kind: 'ITEM', id: ring.item.id, sampleSize: 5, lsl: 73.95, usl: 74.05 });
    expect(d.resultCount).toBe(25);
    expect(d.valueCount).toBe(125);
    expect(d.chart.location.limits).toEqual(chart.location.limits);
    expect(d.chart.dispersion.limits).toEqual(chart.dispersion.limits);
    expect(d.chart.location.zones).toEqual(chart.location.zones);
    expect(d.chart.sigmaWithin).toBe(chart.sigmaWithin);
    expect(d.chart.location.points.map((p: { value: number }) => p.value)).toEqual(
      chart.location.points.map((p) => p.value),
    );
    expect(d.chart.location.points.map((p: { rules: number[] }) => p.rules)).toEqual(
      chart.location.points.map((p) => p.rules),
    );
    const { histogram, ...indices } = cap;
    expect(d.capability).toMatchObject(indices);
    expect(d.capability.histogram).toEqual(histogram);
    // The shifted last inspection breaks rule 1, and its point names the inspection and its time.
    const last = d.chart.location.points[24];
    expect(last.rules).toContain(1);
    expect(last.at).toBe(new Date(last.at).toISOString());
    expect(d.chart.location.flaggedTotal).toBe(chart.location.points.filter((p) => p.rules.length).length);
    expect(d.chart.location.flaggedByRule['1']).toBeGreaterThanOrEqual(1);
    expect(d.chart.location.reduced).toBe(false);
  });

  it('draws X̄-S and I-MR of the same samples as the pure module does', async () => {
    const s = await get(itemUrl(ring.item.id, '&chartType=XBAR_S'), productViewer.token);
    expect(s.status).toBe(200);
    expect(s.body.data.chart.dispersion.limits).toEqual(xbarSChart(RINGS, 5)!.dispersion.limits);
    expect(s.body.data.capability.sigmaWithin).toBe(capability(RINGS, { subgroupSize: 5, within: 'S' })!.sigmaWithin);
    const i = await get(itemUrl(ring.item.id, '&chartType=I_MR'), productViewer.token);
    expect(i.status).toBe(200);
    const imr = imrChart(RINGS)!;
    expect(i.body.data.chart.location.limits).toEqual(imr.location.limits);
    expect(i.body.data.chart.location.pointCount).toBe(125);
    expect(i.body.data.chart.dispersion.points[0].index).toBe(1);
  });

  it('leaves out an inspection of another sample count whole, after the item was edited', async () => {
    const product = await w.makeProduct();
    const [item] = await w.ok('POST', '/api/product-quality', {
      productId: product.id,
      name: '길이',
      kind: 'NUMBER',
      lsl: 0,
      usl: 10,
      sampleSize: 3,
      stage: 'FINAL',
    });
    const lot = await w.addLot(product.id, 5);
    const post = (values: number[], mm: number) =>
      w.ok('POST', '/api/product-quality-result', {
        lotRowId: lot.id,
        items: [{ standardId: item.id, samples: values.map((value) => ({ value })) }],
        inspectedAt: `${day} 09:${String(mm).padStart(2, '0')}`,
      });
    await post([5, 6, 7], 0);
    await post([4, 5, 6], 1);
    await w.ok('PUT', '/api/product-quality', {
      id: item.id,
      productId: product.id,
      name: '길이',
      kind: 'NUMBER',
      lsl: 0,
      usl: 10,
      sampleSize: 2,
      stage: 'FINAL',
    });
    await post([5, 5], 2);
    const res = await get(itemUrl(item.id), productViewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Today's sample size is 2: one inspection of 2 is one subgroup, too few for a chart; the two of 3 are dropped.
    expect(res.body.data).toMatchObject({ resultCount: 3, valueCount: 8, chart: null, unavailable: 'TOO_FEW' });
    expect(res.body.data.capability).toMatchObject({ n: 2, droppedValues: 6 });
  });

  it('400 for a bad period or chart type, 401, 403, 404 (none, or the material side), 409 for a pass/fail item', async () => {
    expect(fieldsOf(await get(`/api/spc/product-quality/${ring.item.id}?startDt=${day}`, productViewer.token))).toEqual(
      ['endDt'],
    );
    const long = await get(
      `/api/spc/product-quality/${ring.item.id}?startDt=2024-01-01&endDt=2025-06-01`,
      productViewer.token,
    );
    expect(long.status).toBe(400);
    expect(fieldsOf(long)).toEqual(['endDt']);
    expect(fieldsOf(await get(itemUrl(ring.item.id, '&chartType=P'), productViewer.token))).toEqual(['chartType']);
    expect(fieldsOf(await get(itemUrl(0), productViewer.token))).toEqual(['standardId']);
    expect((await get(itemUrl(ring.item.id), null)).status).toBe(401);
    expect((await get(itemUrl(ring.item.id), nobody.token)).status).toBe(403);
    expect((await get(itemUrl(ring.item.id), materialViewer.token)).status).toBe(403);
    expect((await get(itemUrl(999_999), productViewer.token)).status).toBe(404);
    const other = await get(
      `/api/spc/material-quality/${ring.item.id}?startDt=${day}&endDt=${day}`,
      materialViewer.token,
    );
    expect(other.status).toBe(404);
    const { items } = await w.materialWithStandard();
    const passFail = await get(
      `/api/spc/material-quality/${items[1].id}?startDt=${day}&endDt=${day}`,
      materialViewer.token,
    );
    expect(passFail.status).toBe(409);
    expect(passFail.body.extraData.messageKey).toMatch(/^spcNumberOnly/);
    const empty = await get(
      `/api/spc/material-quality/${items[0].id}?startDt=${day}&endDt=${day}`,
      materialViewer.token,
    );
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ resultCount: 0, chart: null, unavailable: 'TOO_FEW', capability: null });
  });
});

// ---------------------------------------------------------------- parameters

const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

async function tool(lowerLimit: number | null, upperLimit: number | null, dataType = 'NUMBER') {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const add = async (type: string, parentId: number | null) =>
      (
        await tx
          .insert(locations)
          .values({ name: uniq(type), type, parentId })
          .returning()
      )[0];
    const site = await add('SITE', null);
    const factory = await add('FACTORY', site.id);
    const line = await add('LINE', factory.id);
    const [tl] = await tx
      .insert(tools)
      .values({ code: uniq('T'), name: '사출기', locationId: line.id })
      .returning();
    const [p] = await tx
      .insert(parameters)
      .values({ toolId: tl.id, code: uniq('P'), name: '온도', lowerLimit, upperLimit, dataType, sampleInterval: 1 })
      .returning();
    return p;
  });
}
const paramUrl = (id: number, start: number, end: number, extra = '') =>
  `/api/spc/parameter/${id}?startDt=${iso(start)}&endDt=${iso(end)}${extra}`;

describe('GET /api/spc/parameter/{parameterId}', () => {
  it('subgroups consecutive values of the period and equals the pure module', async () => {
    const p = await tool(73.95, 74.05);
    const flat = RINGS.flat();
    await insertPoints(
      t.db,
      SYSTEM_ACTOR,
      flat.map((value, i) => ({ parameterId: p.id, ts: T0 + i * 1000, value })),
    );
    // One value before and one at the end bound: outside [startDt, endDt).
    await insertPoints(t.db, SYSTEM_ACTOR, [
      { parameterId: p.id, ts: T0 - 1000, value: 99 },
      { parameterId: p.id, ts: T0 + flat.length * 1000, value: 99 },
    ]);
    const end = T0 + flat.length * 1000;
    const res = await get(paramUrl(p.id, T0, end), trendViewer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    const chart = xbarRChart(flat, 5)!;
    expect(d.valueCount).toBe(125);
    expect(d.subject).toMatchObject({ kind: 'PARAMETER', lsl: 73.95, usl: 74.05, sampleSize: 5 });
    expect(d.chart.location.limits).toEqual(chart.location.limits);
    expect(d.chart.dispersion.limits).toEqual(chart.dispersion.limits);
    expect(d.capability.cpk).toBe(capability(flat, { subgroupSize: 5, lsl: 73.95, usl: 74.05 })!.cpk);
    expect(d.chart.location.points[24].rules).toContain(1);
    expect(d.chart.location.points[1].at).toBe(new Date(T0 + 5000).toISOString());

    const n4 = await get(paramUrl(p.id, T0, end, '&subgroupSize=4&chartType=XBAR_S'), trendViewer.token);
    expect(n4.body.data.chart).toMatchObject({ subgroupSize: 4, subgroupCount: 31, droppedValues: 1 });
    expect(n4.body.data.chart.location.limits).toEqual(xbarSChart(flat, 4)!.location.limits);
    const imr = await get(paramUrl(p.id, T0, end, '&chartType=I_MR'), trendViewer.token);
    expect(imr.body.data.chart.location.limits).toEqual(imrChart(flat)!.location.limits);
    expect(imr.body.data.subject.sampleSize).toBe(1);
  });

  // A week (604,800 values) is measured in the README; a suite run stays with 50,400 values (14 h of 1 Hz).
  it('reduces a long series to its envelope plus the flagged points', async () => {
    const p = await tool(9, 11);
    const N = 50_400;
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const values = Array.from({ length: N }, () => Math.round((10 + (rnd() + rnd() + rnd() - 1.5) * 0.4) * 1e4) / 1e4);
    values[30_000] = 20; // far out: rule 1 on I and MR
    await insertPoints(
      t.db,
      SYSTEM_ACTOR,
      values.map((value, i) => ({ parameterId: p.id, ts: T0 + i * 1000, value })),
    );
    const end = T0 + 86_400_000;
    for (const chartType of ['I_MR', 'XBAR_R']) {
      const res = await get(paramUrl(p.id, T0, end, `&chartType=${chartType}`), trendViewer.token);
      expect(res.status).toBe(200);
      const loc = res.body.data.chart.location;
      expect(res.body.data.valueCount).toBe(N);
      expect(loc.reduced).toBe(true);
      expect(loc.points.length).toBeLessThanOrEqual(4 * 1000 + SPC_FLAGGED_MAX);
      expect(loc.points.length).toBeGreaterThan(SPC_POINTS_MAX / 2);
      expect(res.body.data.chart.dispersion.reduced).toBe(true);
      const n = chartType === 'I_MR' ? 1 : 5;
      const far = loc.points.find((q: { index: number }) => q.index === 30_000 / n);
      expect(far.rules).toContain(1);
      expect(far.at).toBe(new Date(T0 + 30_000_000).toISOString());
      expect(loc.pointCount).toBe(N / n);
      expect(JSON.stringify(res.body).length).toBeLessThan(1_000_000);
    }
  }, 60_000);

  it('answers the raw-values functions exactly: every point, rule, time and the capability, gaps in the data', async () => {
    const p = await tool(49, 51);
    let seed = 5;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const N = 3_003;
    const values = Array.from(
      { length: N },
      (_, i) => Math.round((50 + (rnd() - 0.5) + (i % 611 < 9 ? 1.5 : 0)) * 1e3) / 1e3,
    );
    // Irregular times: a gap after every 97th value, so a point's time must come from its own observation.
    const times = values.map((_, i) => T0 + i * 1000 + Math.floor(i / 97) * 60_000);
    await insertPoints(
      t.db,
      SYSTEM_ACTOR,
      values.map((value, i) => ({ parameterId: p.id, ts: times[i], value })),
    );
    const end = times[N - 1] + 1000;
    const cases = [
      { q: '&chartType=XBAR_R', n: 5, chart: xbarRChart(values, 5)!, within: undefined },
      { q: '&chartType=XBAR_S&subgroupSize=4', n: 4, chart: xbarSChart(values, 4)!, within: 'S' as const },
      { q: '&chartType=I_MR', n: 1, chart: imrChart(values)!, within: undefined },
    ];
    for (const c of cases) {
      const res = await get(paramUrl(p.id, T0, end, c.q), trendViewer.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d.valueCount).toBe(N);
      const { location, dispersion, ...head } = c.chart;
      expect(d.chart).toMatchObject(head);
      for (const [got, want] of [
        [d.chart.location, location],
        [d.chart.dispersion, dispersion],
      ] as const) {
        expect(got.reduced).toBe(false);
        expect(got.limits).toEqual(want.limits);
        expect(got.zones).toEqual(want.zones);
        expect(
          got.points.map((q: { index: number; value: number; rules: number[] }) => [q.index, q.value, q.rules]),
        ).toEqual(want.points.map((q) => [q.index, q.value, [...q.rules]]));
        expect(got.points.map((q: { at: string }) => q.at)).toEqual(
          want.points.map((q) => new Date(times[c.n === 1 ? q.index : q.index * c.n]).toISOString()),
        );
      }
      expect(d.capability).toEqual(capability(values, { subgroupSize: c.n, within: c.within, lsl: 49, usl: 51 }));
      expect(d.chart.location.flaggedTotal).toBeGreaterThan(0);
    }
  });

  it('400 for a long period, a bad subgroup size; 401, 403, 404, 409 for a BOOLEAN parameter', async () => {
    const p = await tool(1, 2);
    const long = await get(paramUrl(p.id, T0, T0 + 7 * 86_400_000 + 1), trendViewer.token);
    expect(fieldsOf(long)).toEqual(['endDt']);
    expect(fieldsOf(await get(paramUrl(p.id, T0, T0 + 1000, '&subgroupSize=26'), trendViewer.token))).toEqual([
      'subgroupSize',
    ]);
    expect(fieldsOf(await get(paramUrl(p.id, T0, T0 + 1000, '&subgroupSize=1'), trendViewer.token))).toEqual([
      'subgroupSize',
    ]);
    expect(
      fieldsOf(await get(`/api/spc/parameter/${p.id}?startDt=yesterday&endDt=${iso(T0)}`, trendViewer.token)),
    ).toEqual(['startDt']);
    expect((await get(paramUrl(p.id, T0, T0 + 1000), null)).status).toBe(401);
    expect((await get(paramUrl(p.id, T0, T0 + 1000), productViewer.token)).status).toBe(403);
    expect((await get(paramUrl(999_999, T0, T0 + 1000), trendViewer.token)).status).toBe(404);
    const door = await tool(null, null, 'BOOLEAN');
    const refused = await get(paramUrl(door.id, T0, T0 + 1000), trendViewer.token);
    expect(refused.status).toBe(409);
    expect(refused.body.extraData.messageKey).toMatch(/^spcNumberOnly/);
    const empty = await get(paramUrl(p.id, T0, T0 + 1000), trendViewer.token);
    expect(empty.body.data).toMatchObject({ valueCount: 0, chart: null, unavailable: 'TOO_FEW', capability: null });
  });
});
