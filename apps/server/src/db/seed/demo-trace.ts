import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { rowsOf } from '../rows.ts';

// Machine data of the demo factory (issue 15): the last 7 days up to now for one injection machine, so the trend,
// correlation, data history and spec-out screens have something to show at first start. Made in SQL with
// generate_series, the spec-out rows in the same statement: a slow drift (a day's warm-up and cool-down) plus noise
// around the target, and short excursions past a limit every 3 hours (40 samples, 30 min later for each next
// parameter). One parameter added at 1 Hz (nozzle temperature) has the 7 days (604,800 rows); the machine's others
// have the last day at their own sample interval (5–10 s): 1 Hz for all of them would be 3 million rows, about half a
// minute more at first start (measured in modules/data-collection/README.md, "Demo data").
// All drift with the same daily phase: the correlation screen shows it.

/** The demo machine whose parameters get data, and the 1 Hz parameters added to it. */
export const DEMO_TRACE_TOOL = 'INJ-101';
const ONE_HZ = [{ code: 'NOZZLE_TEMP', name: '노즐 온도', unit: '℃', lowerLimit: 215, upperLimit: 245, target: 230 }];

/**
 * The seed's size from DEMO_TRACE_HOURS (config.demoTraceHours): days of the 1 Hz parameter and of the others (at
 * most one). A first start gets the week; the tests' apps and the e2e server ask for 6 hours (the backup test copies
 * every row).
 */
export const demoTraceSize = (hours: number) => ({ days: hours / 24, otherDays: Math.min(hours, 24) / 24 });

export type DemoTraceResult = { traceParameterIds: number[]; tracePoints: number; traceSpecOuts: number };

export async function seedDemoTrace(tx: Tx, hours: number, now = new Date()): Promise<DemoTraceResult> {
  const size = demoTraceSize(hours);
  const [tool] = rowsOf<{ id: number }>(await tx.execute(sql`select id from tools where code = ${DEMO_TRACE_TOOL}`));
  if (!tool) return { traceParameterIds: [], tracePoints: 0, traceSpecOuts: 0 };
  await tx.execute(sql`
    insert into parameters (tool_id, code, name, unit, lower_limit, upper_limit, target, sample_interval, created_by, updated_by)
    select ${tool.id}, x->>'code', x->>'name', x->>'unit', (x->>'lowerLimit')::numeric, (x->>'upperLimit')::numeric,
           (x->>'target')::numeric, 1, 'system', 'system'
      from jsonb_array_elements(${JSON.stringify(ONE_HZ)}::jsonb) x`);
  const end = Math.floor(now.getTime() / 1000);
  // The rows are made here from the parameters' own ids: the per-row foreign-key check (a third of the insert) is
  // skipped where the role may (replica mode also skips the audit trigger, which trace tables do not have), and put
  // back right after for the rest of the seed.
  await tx.execute(sql`do $$ begin
      set local session_replication_role = replica;
    exception when insufficient_privilege then null; end $$`);
  // Per parameter k (sample interval i, limits lo..hi, target c, half-range r = (hi − lo) / 2): the point s seconds
  // before now is c + 0.45·r·sin(2π·t/86,400) (the day's drift) + 0.25·r·noise, rounded to 0.001, and for 40 samples
  // every 3 h (30 min later per parameter) 1.7·r above or below: past a limit whatever the drift and noise.
  const [row] = rowsOf<{ ids: number[]; points: number; spec_outs: number }>(
    await tx.execute(sql`
      with p as (
        select p.id, p.sample_interval::int as step, p.lower_limit::float8 as lo, p.upper_limit::float8 as hi,
               coalesce(p.target::float8, (p.lower_limit::float8 + p.upper_limit::float8) / 2) as c,
               (p.upper_limit::float8 - p.lower_limit::float8) / 2 as r,
               row_number() over (order by p.id) as k,
               case when p.sample_interval = 1 then ${size.days * 86_400}::int else ${size.otherDays * 86_400}::int end as span
          from parameters p
         where p.tool_id = ${tool.id} and p.data_type = 'NUMBER' and p.lower_limit is not null and p.upper_limit is not null
      ), pts as (
        select p.id as parameter_id, to_timestamp(${end}::bigint - s) as ts,
               round(1000 * (p.c + 0.45 * p.r * sin(2 * pi() * (${end}::bigint - s) / 86400.0)
                      + 0.25 * p.r * (random() - 0.5)
                      + case when (s + p.k * 1800) % 10800 < 40 * p.step
                             then case when p.k % 2 = 0 then 1.7 else -1.7 end * p.r else 0 end)) / 1000 as value
          from p, generate_series(0, p.span - 1, p.step) s
      ), ins as (
        insert into trace_data (parameter_id, ts, value)
        select parameter_id, ts, value from pts
        returning parameter_id, ts, value
      ), so as (
        insert into trace_spec_outs (parameter_id, ts, value, lower_limit, upper_limit, limit_broken)
        select i.parameter_id, i.ts, i.value, p.lower_limit, p.upper_limit,
               case when i.value < p.lower_limit then 'LOWER' else 'UPPER' end
          from ins i join parameters p on p.id = i.parameter_id
         where i.value < p.lower_limit or i.value > p.upper_limit
        returning 1
      )
      select (select array_agg(id order by id) from p) as ids, (select count(*) from ins)::int as points,
             (select count(*) from so)::int as spec_outs`),
  );
  await tx.execute(sql`do $$ begin
      set local session_replication_role = origin;
    exception when insufficient_privilege then null; end $$`);
  // Replica mode skipped trace_data's triggers too, so its minutes (trace_minutes) are made here; where it was not
  // allowed the trigger made them and this adds nothing.
  const ids = `{${(row.ids ?? []).join(',')}}`;
  await tx.execute(sql`
    insert into trace_minutes (parameter_id, minute, n, first_ts, first_value, last_ts, last_value, min_ts, min_value, max_ts, max_value)
    select parameter_id, date_trunc('minute', ts), count(*)::int,
           min(ts), (array_agg(value order by ts))[1], max(ts), (array_agg(value order by ts desc))[1],
           (array_agg(ts order by value, ts))[1], min(value), (array_agg(ts order by value desc, ts))[1], max(value)
      from trace_data where parameter_id = any(${ids}::int[])
     group by parameter_id, date_trunc('minute', ts)
    on conflict do nothing`);
  return { traceParameterIds: (row.ids ?? []).map(Number), tracePoints: row.points, traceSpecOuts: row.spec_outs };
}
