import { sql } from 'drizzle-orm';
import { TREND_OUT_OF_LIMIT_MAX, type TrendQuery, type TrendSeries } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../platform/errors.ts';
import { intArray } from '../../db/int-array.ts';

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
       where p.id = any(${intArray(ids)})`),
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

/**
 * M4 of several parameters in one query. Per pixel column (a LATERAL over the column edges) the candidate points are
 * its whole minutes' four points from trace_minutes (first, last, earliest minimum and maximum, with the minute's
 * count) and the raw points of its partial minutes at either edge from trace_data (primary-key ranges, index-only: the
 * key carries the value); the column's first, last, minimum and maximum (ties: the earliest) are those of the
 * candidates, which are exactly those of its raw points. A column narrower than a minute reads its raw points alone.
 * A week of 1 Hz at 1,500 px reads 15 % of the rows and 9,000 minutes, against every row for count(*) (README, Trend
 * speed). The query before this one read every row of the period through five probes a column: 1.9× count(*).
 */
export async function m4Columns(
  db: Executor,
  ids: number[],
  startMs: number,
  endMs: number,
  width: number,
): Promise<Map<number, M4Column[]>> {
  const edges = pixelBounds(startMs, endMs, width).map((b) => new Date(b).toISOString());
  const rows = rowsOf<{ pid: number; px: number; n: number; f: Pair; l: Pair; lo: Pair; hi: Pair }>(
    // One statement, no transaction: the pool's connections have JIT off (db/client.ts), which this plan's estimate
    // (1,500 columns × several scans) would otherwise trigger for a second of compiling.
    await db.execute(sql`
      select q.pid, p.ord::int - 1 as px, a.n, a.f, a.l, a.lo, a.hi
        from (select ${`{${edges.join(',')}}`}::timestamptz[] as edges) e,
             unnest(${intArray(ids)}) as q(pid),
             unnest(e.edges[1:${width}::int], e.edges[2:${width + 1}::int]) with ordinality as p(lo_t, hi_t, ord),
             -- [lo_t, w.a) and [w.b, hi_t) are raw; the whole minutes [w.a, w.b) are in trace_minutes (none when a ≥ b).
             lateral (select case when m.a < m.b then m.a else p.hi_t end as a, case when m.a < m.b then m.b else p.hi_t end as b
                        from (select date_trunc('minute', p.lo_t)
                                       + case when date_trunc('minute', p.lo_t) = p.lo_t then interval '0' else interval '1 minute' end as a,
                                     date_trunc('minute', p.hi_t) as b) m) w,
             -- Pairs compare element by element: min([t, v]) is the first point, min([v, t]) the minimum at its earliest
             -- time, max([v, −t]) the maximum at its earliest. Plain aggregates, no sort (ordered array_agg took twice).
             -- The raw edges and the whole minutes are aggregated apart (a minute's four points as four columns, not
             -- four rows), then their two partial answers together.
             lateral (
               select sum(c.n)::int as n, min(c.f) as f, max(c.l) as l, min(c.lo) as lo, max(c.hi) as hi
                 from (
                   select count(*) as n, min(array[r.t, r.value]) as f, max(array[r.t, r.value]) as l,
                          min(array[r.value, r.t]) as lo, max(array[r.value, -r.t]) as hi
                     from (
                       select date_part('epoch', d.ts) as t, d.value from trace_data d
                        where d.parameter_id = q.pid and d.ts >= p.lo_t and d.ts < w.a
                       union all
                       select date_part('epoch', d.ts), d.value from trace_data d
                        where d.parameter_id = q.pid and d.ts >= w.b and d.ts < p.hi_t
                     ) r
                   union all
                   select sum(m.n), min(array[date_part('epoch', m.first_ts), m.first_value]),
                          max(array[date_part('epoch', m.last_ts), m.last_value]),
                          min(array[m.min_value, date_part('epoch', m.min_ts)]),
                          max(array[m.max_value, -date_part('epoch', m.max_ts)])
                     from trace_minutes m
                    where m.parameter_id = q.pid and m.minute >= w.a and m.minute < w.b
                 ) c) a
       where a.n > 0`),
  );
  const out = new Map<number, M4Column[]>(ids.map((id) => [id, []]));
  for (const r of rows) {
    const [fs, fv] = pairOf(r.f);
    const [ls, lv] = pairOf(r.l);
    const [lo, los] = pairOf(r.lo);
    const [hi, his] = pairOf(r.hi);
    out.get(Number(r.pid))?.push({
      px: Number(r.px),
      n: Number(r.n),
      first: [msOf(fs), fv],
      last: [msOf(ls), lv],
      min: [msOf(los), lo],
      max: [msOf(-his), hi],
    });
  }
  return out;
}

/** A float8[2] as the drivers give it: an array (node-postgres, PGlite) or its text. */
type Pair = number[] | string;
const pairOf = (v: Pair): [number, number] => {
  const [a, b] = typeof v === 'string' ? v.slice(1, -1).split(',') : v;
  return [Number(a), Number(b)];
};
/** Epoch seconds (date_part: microseconds exact in a double) to the millisecond the points are stored at. */
const msOf = (seconds: number) => Math.round(seconds * 1000);

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
        from unnest(${intArray(ids)}) as p(pid)`),
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
