import { sql } from 'drizzle-orm';
import { TREND_OUT_OF_LIMIT_MAX, type TrendQuery, type TrendSeries } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../platform/errors.ts';

// Trend (issue 15): M4 downsampling (Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
// VLDB 2014) — per pixel column the first, last, minimum and maximum point — in one SQL pass over the period's rows.

export type ParameterInfo = {
  parameterId: number;
  parameterCode: string;
  parameterName: string;
  unit: string | null;
  toolId: number;
  toolCode: string;
  toolName: string;
  lowerLimit: number | null;
  upperLimit: number | null;
  target: number | null;
  sampleInterval: number;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The parameters with their tool and limits, in the order asked; 404 when one does not exist. */
export async function parameterInfos(db: Executor, ids: number[]): Promise<ParameterInfo[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.code, p.name, p.unit, p.tool_id, t.code as tool_code, t.name as tool_name,
             p.lower_limit, p.upper_limit, p.target, p.sample_interval
        from parameters p join tools t on t.id = p.tool_id
       where p.id = any(${`{${ids.join(',')}}`}::int[])`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw notFound('Parameter');
    return {
      parameterId: id,
      parameterCode: String(r.code),
      parameterName: String(r.name),
      unit: (r.unit as string | null) ?? null,
      toolId: Number(r.tool_id),
      toolCode: String(r.tool_code),
      toolName: String(r.tool_name),
      lowerLimit: num(r.lower_limit),
      upperLimit: num(r.upper_limit),
      target: num(r.target),
      sampleInterval: Number(r.sample_interval),
    };
  });
}

/**
 * The pixel column of a time: floor((t − start) · width / span) on whole milliseconds (exact: the products stay far
 * below 2^53). Column i is the half-open period [start + ⌈i · span / width⌉, start + ⌈(i + 1) · span / width⌉) — the
 * same sets of points, which is what the SQL reads by (pixelBounds), so the two agree to the millisecond.
 */
export function pixelOf(tsMs: number, startMs: number, endMs: number, width: number): number {
  return Math.floor(((tsMs - startMs) * width) / (endMs - startMs));
}

/** The width + 1 column edges in epoch ms (the last is endMs). */
export function pixelBounds(startMs: number, endMs: number, width: number): number[] {
  const span = endMs - startMs;
  return Array.from({ length: width + 1 }, (_, i) => startMs + Math.ceil((i * span) / width));
}

/** One M4 column: its first, last, minimum and maximum point (ties: the earliest), as [epoch ms, value]. */
export type M4Column = {
  px: number;
  n: number;
  first: [number, number];
  last: [number, number];
  min: [number, number];
  max: [number, number];
};

/** The columns' points in time order, each point once (a column of one point gives one). */
export function m4Points(columns: M4Column[]): [number, number][] {
  const out: [number, number][] = [];
  for (const c of [...columns].sort((a, b) => a.px - b.px)) {
    const four = [c.first, c.min, c.max, c.last].sort((a, b) => a[0] - b[0]);
    for (const p of four) {
      const prev = out[out.length - 1];
      if (!prev || prev[0] !== p[0]) out.push(p);
    }
  }
  return out;
}

const epochMs = (ts: string) => `(extract(epoch from ${ts}) * 1000)::float8`;

/**
 * M4 of several parameters in one query, one primary-key range per pixel column (a LATERAL join over the column
 * edges): count, min/max of ts and of value are plain scalar aggregates over an index-only scan (the key carries the
 * value, INCLUDE), then four probes of the same range give the first and last values (by key) and the earliest time
 * of the minimum and of the maximum (stopping at the first match). The one-pass GROUP BY pixel with array aggregates
 * it replaced hashed 604,800 rows and built four arrays a row: 10–20× a bare count(*); this 1.9× (README, Trend speed).
 */
export async function m4Columns(
  db: Executor,
  ids: number[],
  startMs: number,
  endMs: number,
  width: number,
): Promise<Map<number, M4Column[]>> {
  const edges = pixelBounds(startMs, endMs, width).map((b) => new Date(b).toISOString());
  const rows = rowsOf<{
    pid: number;
    px: number;
    n: number;
    fe: number;
    le: number;
    fv: number;
    lv: number;
    lo: number;
    hi: number;
    loe: number;
    hie: number;
  }>(
    await db.transaction(async (tx) => {
      // JIT off for this statement: its estimate (1,500 columns × five probes) passes jit_above_cost, and compiling
      // the plan took a second under load against 0.6 s to run it (PostgreSQL 15, bench/RESULTS.md 2026-11-26).
      await tx.execute(sql`set local jit = off`);
      return tx.execute(sql`
      select q.pid, p.ord::int - 1 as px, a.n, ${sql.raw(epochMs('a.fts'))} as fe, ${sql.raw(epochMs('a.lts'))} as le, a.lo, a.hi,
             (select v.value from trace_data v where v.parameter_id = q.pid and v.ts = a.fts) as fv,
             (select v.value from trace_data v where v.parameter_id = q.pid and v.ts = a.lts) as lv,
             (select ${sql.raw(epochMs('v.ts'))} from trace_data v
               where v.parameter_id = q.pid and v.ts >= p.lo_t and v.ts < p.hi_t and v.value = a.lo order by v.ts limit 1) as loe,
             (select ${sql.raw(epochMs('v.ts'))} from trace_data v
               where v.parameter_id = q.pid and v.ts >= p.lo_t and v.ts < p.hi_t and v.value = a.hi order by v.ts limit 1) as hie
        from (select ${`{${edges.join(',')}}`}::timestamptz[] as edges) e,
             unnest(${`{${ids.join(',')}}`}::int[]) as q(pid),
             unnest(e.edges[1:${width}::int], e.edges[2:${width + 1}::int]) with ordinality as p(lo_t, hi_t, ord),
             lateral (select count(*)::int as n, min(d.ts) as fts, max(d.ts) as lts, min(d.value) as lo, max(d.value) as hi
                        from trace_data d where d.parameter_id = q.pid and d.ts >= p.lo_t and d.ts < p.hi_t) a
       where a.n > 0`);
    }),
  );
  const out = new Map<number, M4Column[]>(ids.map((id) => [id, []]));
  for (const r of rows) {
    out.get(Number(r.pid))?.push({
      px: Number(r.px),
      n: Number(r.n),
      first: [Number(r.fe), Number(r.fv)],
      last: [Number(r.le), Number(r.lv)],
      min: [Number(r.loe), Number(r.lo)],
      max: [Number(r.hie), Number(r.hi)],
    });
  }
  return out;
}

/** GET /traceRawData/trendDatas. Out-of-limit points are the spec-out rows (limits in force when they came in). */
export async function trendDatas(db: Executor, q: TrendQuery): Promise<TrendSeries[]> {
  const ids = [...new Set(q.parameterIds ?? [])];
  const infos = await parameterInfos(db, ids);
  const startMs = q.startDt.getTime();
  const endMs = q.endDt.getTime();
  const columns = await m4Columns(db, ids, startMs, endMs, q.width);
  const outside = rowsOf<{ pid: number; total: number; pts: [string, number][] | null }>(
    await db.execute(sql`
      select p.pid, (select count(*)::int from trace_spec_outs s
                      where s.parameter_id = p.pid and s.ts >= ${q.startDt.toISOString()}::timestamptz and s.ts < ${q.endDt.toISOString()}::timestamptz) as total,
             (select json_agg(json_build_array((extract(epoch from x.ts) * 1000)::float8, x.value) order by x.ts) from (
                select s.ts, s.value from trace_spec_outs s
                 where s.parameter_id = p.pid and s.ts >= ${q.startDt.toISOString()}::timestamptz and s.ts < ${q.endDt.toISOString()}::timestamptz
                 order by s.ts limit ${TREND_OUT_OF_LIMIT_MAX}) x) as pts
        from unnest(${`{${ids.join(',')}}`}::int[]) as p(pid)`),
  );
  const outsideOf = new Map(outside.map((o) => [Number(o.pid), o]));
  return infos.map(({ sampleInterval: _, ...info }) => {
    const cols = columns.get(info.parameterId) ?? [];
    const o = outsideOf.get(info.parameterId);
    return {
      ...info,
      rawCount: cols.reduce((s, c) => s + c.n, 0),
      points: m4Points(cols),
      outOfLimit: (o?.pts ?? []).map(([t, v]) => [Math.round(Number(t)), Number(v)] as [number, number]),
      outOfLimitTotal: Number(o?.total ?? 0),
    };
  });
}
