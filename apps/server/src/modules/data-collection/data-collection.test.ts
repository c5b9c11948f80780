import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { tools } from '../tool/tool.table.ts';
import { pearson } from './correlation.service.ts';
import { insertPoints } from './trace-data.ingest.ts';
import { type M4Column, m4Points, pixelOf } from './trend.service.ts';

const t = await createTestApp();
const keyAdmin = await t.makeUser({ parameter: { all: true } });
const analyst = await t.makeUser({ trend: { view: true }, correlation: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };

/** A tool with two NUMBER parameters (limits 10..20) and a BOOLEAN one. */
async function place() {
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
    const [tool] = await tx
      .insert(tools)
      .values({ code: uniq('T'), name: '사출기', locationId: line.id })
      .returning();
    const [a, b, c] = await tx
      .insert(parameters)
      .values([
        { toolId: tool.id, code: 'TEMP', name: '온도', lowerLimit: 10, upperLimit: 20, sampleInterval: 1 },
        { toolId: tool.id, code: 'PRESS', name: '압력', lowerLimit: 10, upperLimit: 20, sampleInterval: 1 },
        { toolId: tool.id, code: 'DOOR', name: '도어', dataType: 'BOOLEAN', sampleInterval: 1 },
      ])
      .returning();
    return { tool, a, b, c };
  });
}

async function newKey(toolId: number | null) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/trace-data/ingest-keys',
    token: keyAdmin.token,
    payload: { name: uniq('key'), toolId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; key: string; prefix: string };
}

const ingest = (key: string | null, points: unknown[]) =>
  t.inject({
    method: 'POST',
    url: '/api/trace-data/ingest',
    headers: { ...en, ...(key ? { 'x-api-key': key } : {}) },
    payload: { points },
  });

const get = (url: string, token: string | null = analyst.token) => t.inject({ method: 'GET', url, token, headers: en });
const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

describe('ingest keys', () => {
  it('creates a key shown once, lists it without the key, revokes it; 400/401/403/404', async () => {
    const p = await place();
    const created = await newKey(p.tool.id);
    expect(created.key).toMatch(/^eqk_/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = await t.inject({ method: 'GET', url: '/api/trace-data/ingest-keys', token: keyAdmin.token });
    expect(list.status).toBe(200);
    const row = list.body.data.find((k: { id: number }) => k.id === created.id);
    expect(row).toMatchObject({ toolId: p.tool.id, toolCode: p.tool.code, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    const stored = rowsOf<{ key_hash: string }>(
      await t.db.execute(sql`select key_hash from ingest_keys where id = ${created.id}`),
    );
    expect(stored[0].key_hash).not.toContain(created.key.slice(4));

    const bad = await t.inject({
      method: 'POST',
      url: '/api/trace-data/ingest-keys',
      token: keyAdmin.token,
      payload: { name: 'x', toolId: 2_000_000_000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('toolId');
    expect((await t.inject({ method: 'GET', url: '/api/trace-data/ingest-keys' })).status).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/trace-data/ingest-keys', token: nobody.token })).status).toBe(
      403,
    );
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/trace-data/ingest-keys/999999', token: keyAdmin.token })).status,
    ).toBe(404);

    const revoked = await t.inject({
      method: 'DELETE',
      url: `/api/trace-data/ingest-keys/${created.id}`,
      token: keyAdmin.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedBy).toBe(keyAdmin.userId);
    const res = await ingest(created.key, [{ parameterId: p.a.id, ts: T0, value: 1 }]);
    expect(res.status).toBe(401);
  });
});

describe('POST /api/trace-data/ingest', () => {
  it('needs a key, not a session: none, unknown, a user token → 401', async () => {
    const p = await place();
    expect((await ingest(null, [{ parameterId: p.a.id, ts: T0, value: 1 }])).status).toBe(401);
    expect((await ingest('eqk_not-a-key', [{ parameterId: p.a.id, ts: T0, value: 1 }])).status).toBe(401);
    const withToken = await t.inject({
      method: 'POST',
      url: '/api/trace-data/ingest',
      token: keyAdmin.token,
      payload: { points: [{ parameterId: p.a.id, ts: T0, value: 1 }] },
    });
    expect(withToken.status).toBe(401);
  });

  it('stores points by id or by codes, idempotent on (parameter, ts), and raises spec-out rows', async () => {
    const p = await place();
    const { key } = await newKey(p.tool.id);
    const points = [
      { parameterId: p.a.id, ts: T0, value: 15 },
      { toolCode: p.tool.code.toLowerCase(), parameterCode: 'temp', ts: new Date(T0 + 1000).toISOString(), value: 25 },
      { parameterId: p.a.id, ts: T0 + 2000, value: 5 },
      { parameterId: p.c.id, ts: T0, value: 1 },
      { parameterId: p.a.id, ts: T0, value: 99 },
    ];
    const first = await ingest(key, points);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ received: 5, inserted: 4, duplicates: 1, specOuts: 2 });
    const again = await ingest(key, points);
    expect(again.body.data).toEqual({ received: 5, inserted: 0, duplicates: 5, specOuts: 0 });
    const stored = rowsOf<{ value: number }>(
      await t.db.execute(
        sql`select value from trace_data where parameter_id = ${p.a.id} and ts = ${new Date(T0).toISOString()}::timestamptz`,
      ),
    );
    expect(stored.map((r) => Number(r.value))).toEqual([15]);
    const so = await get(`/api/spec-out/datas?startDt=${iso(T0)}&endDt=${iso(T0 + 60_000)}&toolIds=${p.tool.id}`);
    expect(so.status).toBe(200);
    expect(so.body.total).toBe(2);
    expect(so.body.data.map((r: { limitBroken: string; value: number }) => [r.limitBroken, r.value])).toEqual([
      ['LOWER', 5],
      ['UPPER', 25],
    ]);
    expect(so.body.data[0]).toMatchObject({
      source: 'PARAMETER',
      parameterCode: 'TEMP',
      lowerLimit: 10,
      upperLimit: 20,
    });
  });

  it('is all or none: the first bad point is named by index and field', async () => {
    const p = await place();
    const { key } = await newKey(null);
    const ok = { parameterId: p.a.id, ts: T0 + 50_000, value: 15 };
    const cases: [unknown, string][] = [
      [{ parameterId: p.a.id, ts: 'yesterday', value: 1 }, 'points.1.ts'],
      [{ parameterId: p.a.id, ts: 1_700_000_000, value: 1 }, 'points.1.ts'],
      [{ parameterId: p.a.id, ts: T0, value: 'x' }, 'points.1.value'],
      [{ toolCode: p.tool.code, ts: T0, value: 1 }, 'points.1.parameterId'],
      [{ parameterId: 2_000_000_000, ts: T0, value: 1 }, 'points.1.parameterId'],
      [{ toolCode: p.tool.code, parameterCode: 'NOPE', ts: T0, value: 1 }, 'points.1.parameterCode'],
      [{ parameterId: p.c.id, ts: T0, value: 2 }, 'points.1.value'],
    ];
    for (const [bad, field] of cases) {
      const res = await ingest(key, [ok, bad]);
      expect(res.status, field).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
    const count = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int n from trace_data where parameter_id = ${p.a.id}`),
    );
    expect(Number(count[0].n)).toBe(0);
    const tooMany = await ingest(
      key,
      Array.from({ length: 10_001 }, (_, i) => ({ parameterId: p.a.id, ts: T0 + i, value: 1 })),
    );
    expect(tooMany.status).toBe(400);
    expect((await ingest(key, [])).status).toBe(400);
  });

  it('refuses (403) a point of a tool the key is not for; a gateway key writes every tool', async () => {
    const p = await place();
    const q = await place();
    const { key } = await newKey(p.tool.id);
    const res = await ingest(key, [
      { parameterId: p.a.id, ts: T0, value: 15 },
      { parameterId: q.a.id, ts: T0, value: 15 },
    ]);
    expect(res.status).toBe(403);
    expect(res.body.extraData).toMatchObject({ index: 1, toolCode: q.tool.code });
    const gateway = await newKey(null);
    const ok = await ingest(gateway.key, [
      { parameterId: p.a.id, ts: T0, value: 15 },
      { parameterId: q.a.id, ts: T0, value: 15 },
    ]);
    expect(ok.body.data.inserted).toBe(2);
    const keys = await t.inject({ method: 'GET', url: '/api/trace-data/ingest-keys', token: keyAdmin.token });
    expect(keys.body.data.find((k: { id: number }) => k.id === gateway.id).lastUsedAt).not.toBeNull();
  });

  it('keeps a parameter with spec-out data from being deleted', async () => {
    const p = await place();
    const { key } = await newKey(p.tool.id);
    await ingest(key, [{ parameterId: p.b.id, ts: T0, value: 50 }]);
    const res = await t.inject({ method: 'DELETE', url: `/api/parameter/${p.b.id}`, token: keyAdmin.token });
    expect(res.status).toBe(409);
  });
});

/** A brute-force M4: per pixel the first, last, min and max (earliest on ties) of the points. */
function bruteM4(pts: [number, number][], startMs: number, endMs: number, width: number): [number, number][] {
  const cols = new Map<number, [number, number][]>();
  for (const p of pts) {
    if (p[0] < startMs || p[0] >= endMs) continue;
    const px = pixelOf(p[0], startMs, endMs, width);
    cols.set(px, [...(cols.get(px) ?? []), p]);
  }
  const columns: M4Column[] = [...cols.entries()].map(([px, c]) => {
    const byTs = [...c].sort((a, b) => a[0] - b[0]);
    const min = byTs.reduce((m, p) => (p[1] < m[1] ? p : m));
    const max = byTs.reduce((m, p) => (p[1] > m[1] ? p : m));
    return { px, n: c.length, first: byTs[0], last: byTs[byTs.length - 1], min, max };
  });
  return m4Points(columns);
}

describe('GET /api/traceRawData/trendDatas', () => {
  it('answers M4 equal to a brute-force per-pixel first/last/min/max, with gaps and a one-point pixel', async () => {
    const p = await place();
    const pts: [number, number][] = [];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 12_000; i++) {
      if (i > 5000 && i < 9000) continue; // a gap of several pixels
      pts.push([T0 + i * 1000, Math.round(rnd() * 400) / 10]);
    }
    pts.push([T0 + 15_000_500, 12.5]); // alone in its pixel
    await insertPoints(
      t.db,
      SYSTEM_ACTOR,
      pts.map(([ts, value]) => ({ parameterId: p.a.id, ts, value })),
    );
    const start = T0 - 3_600_000;
    const end = T0 + 16_000_000;
    const width = 317;
    const res = await get(
      `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&parameterIds=${p.b.id}&startDt=${iso(start)}&endDt=${iso(end)}&width=${width}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sa, sb] = res.body.data;
    expect(sa.points).toEqual(bruteM4(pts, start, end, width));
    expect(sa.rawCount).toBe(pts.length);
    expect(sa).toMatchObject({ parameterCode: 'TEMP', lowerLimit: 10, upperLimit: 20 });
    const outside = pts.filter(([, v]) => v < 10 || v > 20);
    expect(sa.outOfLimitTotal).toBe(outside.length);
    expect(sa.outOfLimit).toEqual(outside.slice(0, 1000));
    expect(sb.points).toEqual([]);
  });

  it('reads whole minutes from trace_minutes, which trace_data keeps through merged batches, duplicates, deletes and updates', async () => {
    const p = await place();
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    // Four hours at 1 Hz with a gap, values on a 0.5 grid (many ties for the minimum and maximum), sent in two
    // interleaved batches so every minute is made by one and merged by the other, then a batch resent.
    let pts: [number, number][] = [];
    for (let i = 0; i < 14_400; i++)
      if (i < 3000 || i > 3500) pts.push([T0 + 7_300 + i * 1000, Math.round(rnd() * 8) / 2]);
    const send = (list: [number, number][]) =>
      insertPoints(
        t.db,
        SYSTEM_ACTOR,
        list.map(([ts, value]) => ({ parameterId: p.a.id, ts, value })),
      );
    await send(pts.filter((_, i) => i % 2 === 0));
    await send(pts.filter((_, i) => i % 2 === 1));
    expect((await send(pts.slice(100, 400))).inserted).toBe(0);
    const start = T0;
    const end = T0 + 4 * 3_600_000 + 60_000;
    const trend = async (width: number) => {
      const res = await get(
        `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&startDt=${iso(start)}&endDt=${iso(end)}&width=${width}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data[0];
    };
    // What the triggers kept equals the minutes made again from trace_data.
    const minutesKept = async () => {
      const [row] = rowsOf<{ kept: unknown; made: unknown }>(
        await t.db.execute(sql`
          select (select json_agg(m order by m.minute) from (select minute, n, first_ts, first_value, last_ts, last_value,
                    min_ts, min_value, max_ts, max_value from trace_minutes where parameter_id = ${p.a.id}) m) as kept,
                 (select json_agg(m order by m.minute) from (select date_trunc('minute', ts) as minute, count(*)::int as n,
                    min(ts) as first_ts, (array_agg(value order by ts))[1] as first_value,
                    max(ts) as last_ts, (array_agg(value order by ts desc))[1] as last_value,
                    (array_agg(ts order by value, ts))[1] as min_ts, min(value) as min_value,
                    (array_agg(ts order by value desc, ts))[1] as max_ts, max(value) as max_value
                    from trace_data where parameter_id = ${p.a.id} group by 1) m) as made`),
      );
      expect(row.kept).toEqual(row.made);
    };
    await minutesKept();
    for (const width of [37, 113, 250]) {
      const s = await trend(width);
      expect(s.points).toEqual(bruteM4(pts, start, end, width));
      expect(s.rawCount).toBe(pts.length);
    }
    // A delete and an update make the minutes they touched again.
    const cut = [T0 + 7_300 + 600_000, T0 + 7_300 + 1_500_000];
    await t.db.execute(sql`delete from trace_data where parameter_id = ${p.a.id}
      and ts >= ${new Date(cut[0]).toISOString()}::timestamptz and ts < ${new Date(cut[1]).toISOString()}::timestamptz`);
    const moved = T0 + 7_300 + 2_000_000;
    await t.db.execute(
      sql`update trace_data set value = -3 where parameter_id = ${p.a.id} and ts = ${new Date(moved).toISOString()}::timestamptz`,
    );
    pts = pts
      .filter(([ts]) => ts < cut[0] || ts >= cut[1])
      .map(([ts, v]): [number, number] => [ts, ts === moved ? -3 : v]);
    await minutesKept();
    expect((await trend(37)).points).toEqual(bruteM4(pts, start, end, 37));
  });

  it('refuses more than 7 days (400 periodMax on endDt), an unknown parameter (404), no rights (401/403)', async () => {
    const p = await place();
    const long = await get(
      `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 7 * 86_400_000 + 1000)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.extraData.fields).toEqual([{ field: 'endDt', message: 'The period may span at most 7 days.' }]);
    const week = await get(
      `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 7 * 86_400_000)}`,
    );
    expect(week.status).toBe(200);
    expect(
      (await get(`/api/traceRawData/trendDatas?parameterIds=999999&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`)).status,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`,
          null,
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await get(
          `/api/traceRawData/trendDatas?parameterIds=${p.a.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`,
          nobody.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('correlation', () => {
  it('computes Pearson r against a hand-computed case', () => {
    // x = 1..5, y = 2,4,5,4,5: mean 3 and 4; Sxy = 6, Sxx = 10, Syy = 6 → r = 6/√60, slope 0.6, intercept 2.2.
    const r = pearson([
      [1, 2],
      [2, 4],
      [3, 5],
      [4, 4],
      [5, 5],
    ]);
    expect(r.n).toBe(5);
    expect(r.r).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(r.slope).toBeCloseTo(0.6, 12);
    expect(r.intercept).toBeCloseTo(2.2, 12);
    expect(pearson([[1, 2]]).r).toBeNull();
  });

  it('aligns two parameters on the grid, averaging per bucket and keeping buckets both have', async () => {
    const p = await place();
    const xs = [1, 2, 3, 4, 5];
    const ys = [2, 4, 5, 4, 5];
    const rows = [
      ...xs.map((v, i) => ({ parameterId: p.a.id, ts: T0 + i * 60_000, value: v })),
      ...ys.map((v, i) => ({ parameterId: p.b.id, ts: T0 + i * 60_000 + 500, value: v })),
      { parameterId: p.a.id, ts: T0 + 10 * 60_000, value: 100 }, // x only: not paired
    ];
    await insertPoints(t.db, SYSTEM_ACTOR, rows);
    for (const path of ['/api/correlation/datas', '/api/traceRawData/correlationTraceDatas']) {
      const res = await get(
        `${path}?xParameterId=${p.a.id}&yParameterId=${p.b.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 86_400_000)}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d.intervalSeconds).toBe(Math.ceil(86_400 / 5000));
      expect(d.n).toBe(5);
      expect(d.r).toBeCloseTo(6 / Math.sqrt(60), 9);
      expect(d.slope).toBeCloseTo(0.6, 9);
      expect(d.series.map((s: number[]) => [s[1], s[2]])).toEqual(xs.map((x, i) => [x, ys[i]]));
    }
    const long = await get(
      `/api/correlation/datas?xParameterId=${p.a.id}&yParameterId=${p.b.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 2 * 86_400_000 + 1)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.extraData.fields[0]).toEqual({ field: 'endDt', message: 'The period may span at most 2 days.' });
    const same = await get(
      `/api/correlation/datas?xParameterId=${p.a.id}&yParameterId=${p.a.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`,
    );
    expect(same.status).toBe(400);
    expect(
      (
        await get(
          `/api/correlation/datas?xParameterId=${p.a.id}&yParameterId=999999&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/correlation/datas?xParameterId=${p.a.id}&yParameterId=${p.b.id}&startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`,
          nobody.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('GET /api/data-history/{TYPE} and /api/spec-out/datas', () => {
  it('pages raw rows by parameter and time, exports them, and bounds period and export', async () => {
    const p = await place();
    await insertPoints(
      t.db,
      SYSTEM_ACTOR,
      Array.from({ length: 30 }, (_, i) => ({ parameterId: p.a.id, ts: T0 + i * 1000, value: i })),
    );
    const base = `/api/data-history/TRACE?startDt=${iso(T0)}&endDt=${iso(T0 + 86_400_000)}&toolIds=${p.tool.id}`;
    const page = await get(`${base}&page=2&size=10`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(30);
    expect(page.body.data.map((r: { value: number }) => r.value)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(page.body.data[0]).toMatchObject({ parameterCode: 'TEMP', toolCode: p.tool.code });
    const file = await get(
      `/api/data-history/TRACE/excel?startDt=${iso(T0)}&endDt=${iso(T0 + 86_400_000)}&parameterIds=${p.a.id}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect((await get(`/api/data-history/OTHER?startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`)).status).toBe(400);
    expect((await get(`/api/data-history/TRACE?startDt=${iso(T0)}&endDt=${iso(T0 + 8 * 86_400_000)}`)).status).toBe(
      400,
    );
    expect((await get(`${base}`, null)).status).toBe(401);
    expect((await get(`${base}`, nobody.token)).status).toBe(403);
    expect((await get(`/api/spec-out/datas?startDt=${iso(T0)}&endDt=${iso(T0 + 32 * 86_400_000)}`)).status).toBe(400);
    expect((await get(`/api/spec-out/datas?startDt=${iso(T0)}&endDt=${iso(T0 + 1000)}`, nobody.token)).status).toBe(
      403,
    );
  });
});
