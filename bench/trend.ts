// The trend case of `npm run bench` (ARCHITECTURE §9, issue 15: 7 days of 1 Hz data for one parameter — 604,800
// rows — at 1,500 px; bound ≤ 150 ms on PostgreSQL and within 1.5× a bare count(*) of the same rows). Rows made with
// generate_series (a drift, noise and a few excursions), 3 parameters interleaved as a factory's arrive, then VACUUM
// ANALYZE (what autovacuum gives a factory within minutes: trace-data.covering.migration.sql). Timed one at a time,
// alternating, after a warm-up: the HTTP trend request, the M4 query alone (m4Columns) and the bare count(*).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { m4Columns } from '../apps/server/src/modules/data-collection/trend.service.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

export const TREND_ROWS = 604_800;
const PARAMETERS = 3;
const WIDTH = 1500;
const END = Date.UTC(2026, 10, 26);
const START = END - TREND_ROWS * 1000;

export type TrendTiming = {
  http: { p50: number; p99: number };
  m4: { p50: number; p99: number };
  count: { p50: number; p99: number };
  ratio: number;
  points: number;
};

export async function seedTrend(database: Database): Promise<{ parameterId: number }> {
  const ids = await withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    const site = await one<{ id: number }>(
      sql`insert into locations (name, type) values ('추세 벤치 사업장', 'SITE') returning id`,
    );
    const tool = await one<{ id: number }>(
      sql`insert into tools (code, name, location_id) values ('BENCH-TREND', '추세 벤치 설비', ${site.id}) returning id`,
    );
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into parameters (tool_id, code, name, lower_limit, upper_limit, sample_interval)
        select ${tool.id}, 'T' || i, '추세 ' || i, 40, 60, 1 from generate_series(1, ${PARAMETERS}) i returning id`),
    );
    const list = `{${rows.map((r) => r.id).join(',')}}`;
    await tx.execute(sql`
      insert into trace_data (parameter_id, ts, value)
      select p, to_timestamp(${START / 1000}::float8 + s), 50 + 5 * sin(s / 7200.0) + random() + case when s % 86400 = 3600 then 15 else 0 end
        from generate_series(0, ${TREND_ROWS - 1}) s, unnest(${list}::int[]) p
       order by s, p`);
    return rows.map((r) => Number(r.id));
  });
  // Outside the transaction (VACUUM cannot run in one): sets the visibility map, as autovacuum would.
  await database.db.execute(sql`vacuum analyze trace_data`);
  await database.db.execute(sql`vacuum analyze trace_minutes`);
  return { parameterId: ids[1] };
}

const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))] * 10) / 10;
};

export async function timeTrend(
  database: Database,
  base: string,
  headers: Record<string, string>,
  ids: { parameterId: number },
  runs = 10,
): Promise<TrendTiming> {
  const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
  const url = `${base}/api/traceRawData/trendDatas?parameterIds=${ids.parameterId}&startDt=${iso(START)}&endDt=${iso(END)}&width=${WIDTH}`;
  let points = 0;
  const http = async () => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { rawCount: number; points: unknown[] }[] };
    if (body.data[0].rawCount !== TREND_ROWS) throw new Error(`trend: ${body.data[0].rawCount} rows`);
    points = body.data[0].points.length;
  };
  const m4 = () => m4Columns(database.db, [ids.parameterId], START, END, WIDTH);
  const count = () =>
    database.db.execute(sql`select count(*) from trace_data
      where parameter_id = ${ids.parameterId} and ts >= ${new Date(START).toISOString()}::timestamptz and ts < ${new Date(END).toISOString()}::timestamptz`);
  const timed = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    await f();
    return performance.now() - start;
  };
  // The seed takes longer than the server's keep-alive: the pooled socket of an earlier case may be closed under us.
  await http().catch(() => http());
  await m4();
  await count();
  const t = { http: [] as number[], m4: [] as number[], count: [] as number[] };
  for (let i = 0; i < runs; i++) {
    t.http.push(await timed(http));
    t.m4.push(await timed(m4));
    t.count.push(await timed(count));
  }
  return {
    http: { p50: p(t.http, 0.5), p99: p(t.http, 0.99) },
    m4: { p50: p(t.m4, 0.5), p99: p(t.m4, 0.99) },
    count: { p50: p(t.count, 0.5), p99: p(t.count, 0.99) },
    ratio: Math.round((p(t.m4, 0.5) / p(t.count, 0.5)) * 100) / 100,
    points,
  };
}
