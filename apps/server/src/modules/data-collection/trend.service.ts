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
 * The pixel column of a time: floor((t − start) · width / span) in epoch seconds as doubles, the last column
 * closed. The SQL computes exactly this (date_part('epoch', ts) is the same correctly rounded double as ms / 1000).
 */
export function pixelOf(tsMs: number, startMs: number, endMs: number, width: number): number {
  const scale = width / ((endMs - startMs) / 1000);
  return Math.min(Math.floor((tsMs / 1000 - startMs / 1000) * scale), width - 1);
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

const ms = (epochSeconds: number) => Math.round(epochSeconds * 1000);

/**
 * M4 of several parameters in one query. Arrays compare element by element, so min(array[value, e]) is the minimum
 * value with its earliest time and min(array[e, value]) the first point: one pass, no join back to the rows.
 */
export async function m4Columns(
  db: Executor,
  ids: number[],
  startMs: number,
  endMs: number,
  width: number,
): Promise<Map<number, M4Column[]>> {
  const scale = width / ((endMs - startMs) / 1000);
  const rows = rowsOf<{ pid: number; px: number; n: number; f: number[]; l: number[]; lo: number[]; hi: number[] }>(
    await db.execute(sql`
      select pid, px, count(*)::int as n,
             min(array[e, v]) as f, max(array[e, v]) as l, min(array[v, e]) as lo, max(array[v, -e]) as hi
        from (
          select d.parameter_id as pid, d.value as v, date_part('epoch', d.ts) as e,
                 least(floor((date_part('epoch', d.ts) - ${startMs / 1000}::float8) * ${scale}::float8)::int, ${width - 1}::int) as px
            from trace_data d
           where d.parameter_id = any(${`{${ids.join(',')}}`}::int[])
             and d.ts >= ${new Date(startMs).toISOString()}::timestamptz and d.ts < ${new Date(endMs).toISOString()}::timestamptz
        ) b
       group by pid, px`),
  );
  const out = new Map<number, M4Column[]>(ids.map((id) => [id, []]));
  for (const r of rows) {
    const [fe, fv] = r.f.map(Number);
    const [le, lv] = r.l.map(Number);
    const [lov, loe] = r.lo.map(Number);
    const [hiv, hie] = r.hi.map(Number);
    out.get(Number(r.pid))?.push({
      px: Number(r.px),
      n: Number(r.n),
      first: [ms(fe), fv],
      last: [ms(le), lv],
      min: [ms(loe), lov],
      max: [ms(-hie), hiv],
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
