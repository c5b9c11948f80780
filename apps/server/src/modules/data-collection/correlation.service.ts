import { sql } from 'drizzle-orm';
import { CORRELATION_MAX_BUCKETS, type Correlation, type CorrelationQuery } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { parameterInfos } from './trend.service.ts';

// Correlation (issue 15): two parameters aligned on one time grid. The grid's step is the coarser of the two sample
// intervals, widened so the period has at most CORRELATION_MAX_BUCKETS buckets; each parameter's values are
// averaged per bucket and only buckets where both have a value are paired.

/** Seconds per bucket for a period of `spanMs` and the two sample intervals (seconds). */
export function gridSeconds(spanMs: number, xInterval: number, yInterval: number): number {
  return Math.max(xInterval, yInterval, Math.ceil(spanMs / 1000 / CORRELATION_MAX_BUCKETS));
}

/** Pearson r, n and the least-squares line of the pairs (two-pass, so large offsets lose no precision). */
export function pearson(pairs: readonly (readonly [number, number])[]) {
  const n = pairs.length;
  if (n < 2) return { n, r: null, slope: null, intercept: null };
  let mx = 0;
  let my = 0;
  for (const [x, y] of pairs) {
    mx += x;
    my += y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const [x, y] of pairs) {
    sxx += (x - mx) * (x - mx);
    syy += (y - my) * (y - my);
    sxy += (x - mx) * (y - my);
  }
  if (sxx === 0 || syy === 0)
    return { n, r: null, slope: sxx === 0 ? null : sxy / sxx, intercept: sxx === 0 ? null : my - (sxy / sxx) * mx };
  const slope = sxy / sxx;
  return { n, r: sxy / Math.sqrt(sxx * syy), slope, intercept: my - slope * mx };
}

/** GET /correlation/datas and /traceRawData/correlationTraceDatas. */
export async function correlationDatas(db: Executor, q: CorrelationQuery): Promise<Correlation> {
  const [xi, yi] = await parameterInfos(db, [q.xParameterId, q.yParameterId]);
  const startMs = q.startDt.getTime();
  const interval = gridSeconds(q.endDt.getTime() - startMs, xi.sampleInterval, yi.sampleInterval);
  const rows = rowsOf<{ k: number; xv: number; yv: number }>(
    await db.execute(sql`
      with g as (
        select parameter_id as pid,
               floor((date_part('epoch', ts) - ${startMs / 1000}::float8) / ${interval}::float8)::int as k,
               avg(value) as v
          from trace_data
         where parameter_id in (${q.xParameterId}::int, ${q.yParameterId}::int)
           and ts >= ${q.startDt.toISOString()}::timestamptz and ts < ${q.endDt.toISOString()}::timestamptz
         group by 1, 2
      )
      select k, max(v) filter (where pid = ${q.xParameterId}::int) as xv, max(v) filter (where pid = ${q.yParameterId}::int) as yv
        from g group by k
      having count(*) filter (where pid = ${q.xParameterId}::int) > 0 and count(*) filter (where pid = ${q.yParameterId}::int) > 0
       order by k`),
  );
  const series = rows.map(
    (r) => [startMs + Number(r.k) * interval * 1000, Number(r.xv), Number(r.yv)] as [number, number, number],
  );
  const stats = pearson(series.map(([, x, y]) => [x, y] as const));
  const strip = ({ sampleInterval: _, ...info }: typeof xi) => info;
  return { x: strip(xi), y: strip(yi), intervalSeconds: interval, ...stats, series };
}
