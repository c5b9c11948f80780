import {
  type AtelierClaimCount,
  type AtelierDailyRow,
  type AtelierHourlyRow,
  type AtelierInspectionMinutesReport,
  type AtelierInspectionMinutesTotal,
  type AtelierInspectionRate,
  type AtelierOperationDefect,
  type AtelierProductDefect,
  KPI_REPORT_MONTHS,
  type KpiDayPeriod,
  type KpiMonthPeriod,
  type KpiMonthRow,
  type KpiProductRow,
  type KpiReport,
} from '@eqms/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays, daysBetween, instantAt } from '../../platform/dates.ts';

// The KPI report and the workshop (atelier) KPI page (README). Read-only; every query is one statement over the
// daily plans (a result lives on its daily plan), the lots, the quality results or the claims, bounded by its period.

/** yyyy-MM shifted by n months. */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}
/** Every month from … to, inclusive. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}
/** A rate in percent rounded to 2 decimals; null (shown as none) when nothing is below the line. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 10000) / 100 : null;
const ratio = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 100) / 100 : null;
const n = (v: unknown) => (v == null ? 0 : Number(v));

// A plan's last operation (highest sequence): its good quantity is the finished output, its targets the plan.
const LAST_OPS = sql`select distinct on (plan_id) id from production_oper_plans order by plan_id, seq desc`;

type MonthAgg = { planned: number; goodLast: number; bad: number; days: number };
function monthRow(month: string, a: MonthAgg | undefined, workingTime: number): KpiMonthRow {
  const planned = a?.planned ?? 0;
  const good = a?.goodLast ?? 0;
  const bad = a?.bad ?? 0;
  const days = a?.days ?? 0;
  const hours = days * workingTime;
  return {
    month,
    plannedQty: planned,
    goodQty: good,
    badQty: bad,
    workDays: days,
    workedHours: hours,
    achieveRate: percent(good, planned),
    perHour: ratio(good, hours),
    // Of everything started (finished good + rejected at any operation), the share rejected.
    defectRate: percent(bad, good + bad),
  };
}

/**
 * The KPI report of `month` and the 3 months before it: per month and per product, the planned quantity (targets of
 * the last operation's daily plans), the good quantity (last operation), the bad quantity (all operations), the
 * production days (days with a result), and achievement rate, production per hour and defect rate.
 */
export async function kpiReport(db: Executor, month: string, workingTime: number): Promise<KpiReport> {
  const months = monthsOf(addMonths(month, -(KPI_REPORT_MONTHS - 1)), month);
  const from = `${months[0]}-01`;
  const to = `${addMonths(month, 1)}-01`;
  const rows = rowsOf<{
    product_id: number | null;
    code: string | null;
    name: string | null;
    month: string;
    planned: string | number | null;
    good_last: string | number | null;
    bad: string | number | null;
    days: string | number;
    total: number;
  }>(
    await db.execute(sql`
      with last_ops as (${LAST_OPS}),
      d as (
        select pp.product_id, to_char(dp.day, 'YYYY-MM') as month, dp.day, dp.target_qty, dp.good_qty, dp.bad_qty,
               (lo.id is not null) as last
          from daily_plans dp
          join production_plans pp on pp.id = dp.plan_id
          left join last_ops lo on lo.id = dp.oper_plan_id
         where dp.day >= ${from}::date and dp.day < ${to}::date
      )
      select d.product_id, p.code, p.name, d.month,
             sum(d.target_qty) filter (where d.last) as planned,
             sum(d.good_qty) filter (where d.last) as good_last,
             sum(d.bad_qty) as bad,
             count(distinct d.day) filter (where d.good_qty + d.bad_qty > 0) as days,
             grouping(d.product_id) as total
        from d
        left join products p on p.id = d.product_id
       group by grouping sets ((d.product_id, p.code, p.name, d.month), (d.month))
       order by p.code nulls first, d.month`),
  );
  const agg = (r: (typeof rows)[number]): MonthAgg => ({
    planned: n(r.planned),
    goodLast: n(r.good_last),
    bad: n(r.bad),
    days: n(r.days),
  });
  const total = new Map<string, MonthAgg>();
  const products = new Map<number, { code: string; name: string; months: Map<string, MonthAgg> }>();
  for (const r of rows) {
    if (Number(r.total) === 1) total.set(r.month, agg(r));
    else {
      const id = Number(r.product_id);
      let p = products.get(id);
      if (!p) {
        p = { code: String(r.code), name: String(r.name), months: new Map() };
        products.set(id, p);
      }
      p.months.set(r.month, agg(r));
    }
  }
  const productRows: KpiProductRow[] = [...products.entries()].map(([id, p]) => ({
    productId: id,
    productCode: p.code,
    productName: p.name,
    months: months.map((m) => monthRow(m, p.months.get(m), workingTime)),
  }));
  return {
    months,
    workingTime,
    total: months.map((m) => monthRow(m, total.get(m), workingTime)),
    products: productRows,
  };
}

/** The report's rows cut to some of their fields (the spec's achieve-rate, per-hour and defect-rate paths). */
export function kpiSeries<K extends keyof KpiMonthRow>(report: KpiReport, keys: K[]) {
  const pick = (r: KpiMonthRow) =>
    Object.fromEntries([['month', r.month], ...keys.map((k) => [k, r[k]])]) as Pick<KpiMonthRow, 'month' | K>;
  return {
    months: report.months,
    total: report.total.map(pick),
    products: report.products.map((p) => ({ ...p, months: p.months.map(pick) })),
  };
}

/** Planned, good (last operation) and bad (all operations) per day of the period, every day listed. */
export async function atelierDaily(db: Executor, q: KpiDayPeriod): Promise<AtelierDailyRow[]> {
  const rows = rowsOf<{ day: string; planned: unknown; good: unknown; bad: unknown }>(
    await db.execute(sql`
      with last_ops as (${LAST_OPS})
      select to_char(dp.day, 'YYYY-MM-DD') as day,
             sum(dp.target_qty) filter (where lo.id is not null) as planned,
             sum(dp.good_qty) filter (where lo.id is not null) as good,
             sum(dp.bad_qty) as bad
        from daily_plans dp
        left join last_ops lo on lo.id = dp.oper_plan_id
       where dp.day >= ${q.startDt}::date and dp.day <= ${q.endDt}::date
       group by dp.day`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: AtelierDailyRow[] = [];
  for (let i = 0; i <= daysBetween(q.startDt, q.endDt); i++) {
    const day = addDays(q.startDt, i);
    const r = byDay.get(day);
    out.push({ day, plannedQty: n(r?.planned), goodQty: n(r?.good), badQty: n(r?.bad) });
  }
  return out;
}

/**
 * Good (last operation) and bad (all operations) quantity by the hour of the day (factory time) each result ended
 * (its start when it has no end yet), over the daily plans of the period; results never started are not counted.
 */
export async function atelierHourly(db: Executor, q: KpiDayPeriod, timeZone: string): Promise<AtelierHourlyRow[]> {
  const rows = rowsOf<{ hour: number; good: unknown; bad: unknown }>(
    await db.execute(sql`
      with last_ops as (${LAST_OPS})
      select extract(hour from coalesce(dp.ended_at, dp.started_at) at time zone ${timeZone})::int as hour,
             sum(dp.good_qty) filter (where lo.id is not null) as good,
             sum(dp.bad_qty) as bad
        from daily_plans dp
        left join last_ops lo on lo.id = dp.oper_plan_id
       where dp.day >= ${q.startDt}::date and dp.day <= ${q.endDt}::date
         and coalesce(dp.ended_at, dp.started_at) is not null
       group by 1`),
  );
  const byHour = new Map(rows.map((r) => [Number(r.hour), r]));
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    goodQty: n(byHour.get(hour)?.good),
    badQty: n(byHour.get(hour)?.bad),
  }));
}

const monthRange = (q: KpiMonthPeriod) => ({ from: `${q.startMonth}-01`, to: `${addMonths(q.endMonth, 1)}-01` });

/** Each operation's good and bad quantity over the months and its defect rate bad / (good + bad); busiest first. */
export async function atelierOperationDefects(db: Executor, q: KpiMonthPeriod): Promise<AtelierOperationDefect[]> {
  const { from, to } = monthRange(q);
  const rows = rowsOf<{ id: number; code: string; name: string; good: unknown; bad: unknown }>(
    await db.execute(sql`
      select o.id, o.code, o.name, sum(dp.good_qty) as good, sum(dp.bad_qty) as bad
        from daily_plans dp
        join production_oper_plans op on op.id = dp.oper_plan_id
        join operations o on o.id = op.operation_id
       where dp.day >= ${from}::date and dp.day < ${to}::date
       group by o.id, o.code, o.name
      having sum(dp.good_qty + dp.bad_qty) > 0
       order by o.code`),
  );
  return rows.map((r) => ({
    operationId: Number(r.id),
    operationCode: r.code,
    operationName: r.name,
    goodQty: n(r.good),
    badQty: n(r.bad),
    defectRate: percent(n(r.bad), n(r.good) + n(r.bad)),
  }));
}

/** Each product's finished good (last operation) and bad (all operations) and its defect rate bad / (good + bad). */
export async function atelierProductDefects(db: Executor, q: KpiMonthPeriod): Promise<AtelierProductDefect[]> {
  const { from, to } = monthRange(q);
  const rows = rowsOf<{ id: number; code: string; name: string; good: unknown; bad: unknown }>(
    await db.execute(sql`
      with last_ops as (${LAST_OPS})
      select p.id, p.code, p.name,
             sum(dp.good_qty) filter (where lo.id is not null) as good, sum(dp.bad_qty) as bad
        from daily_plans dp
        join production_plans pp on pp.id = dp.plan_id
        join products p on p.id = pp.product_id
        left join last_ops lo on lo.id = dp.oper_plan_id
       where dp.day >= ${from}::date and dp.day < ${to}::date
       group by p.id, p.code, p.name
      having sum(dp.good_qty + dp.bad_qty) > 0
       order by p.code`),
  );
  return rows.map((r) => ({
    productId: Number(r.id),
    productCode: r.code,
    productName: r.name,
    goodQty: n(r.good),
    badQty: n(r.bad),
    defectRate: percent(n(r.bad), n(r.good) + n(r.bad)),
  }));
}

/** Per month: the lots production made (by production day) and how many of them had a final inspection. */
export async function atelierInspectionRate(db: Executor, q: KpiMonthPeriod): Promise<AtelierInspectionRate[]> {
  const { from, to } = monthRange(q);
  const rows = rowsOf<{ month: string; produced: unknown; inspected: unknown }>(
    await db.execute(sql`
      select to_char(l.day, 'YYYY-MM') as month, count(*) as produced,
             count(*) filter (where exists (
               select 1 from quality_results r where r.lot_row_id = l.id and r.stage = 'FINAL')) as inspected
        from lots l
       where l.plan_id is not null and l.day >= ${from}::date and l.day < ${to}::date
       group by 1`),
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsOf(q.startMonth, q.endMonth).map((month) => {
    const produced = n(byMonth.get(month)?.produced);
    const inspected = n(byMonth.get(month)?.inspected);
    return { month, producedLots: produced, inspectedLots: inspected, rate: percent(inspected, produced) };
  });
}

/** Claims received per month (by received day) and how many of those are closed. */
export async function atelierClaimCount(db: Executor, q: KpiMonthPeriod): Promise<AtelierClaimCount[]> {
  const { from, to } = monthRange(q);
  const rows = rowsOf<{ month: string; count: unknown; closed: unknown }>(
    await db.execute(sql`
      select to_char(c.received_dt, 'YYYY-MM') as month, count(*) as count,
             count(*) filter (where c.status = 'CLOSED') as closed
        from claims c
       where c.received_dt >= ${from}::date and c.received_dt < ${to}::date
       group by 1`),
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsOf(q.startMonth, q.endMonth).map((month) => ({
    month,
    count: n(byMonth.get(month)?.count),
    closedCount: n(byMonth.get(month)?.closed),
  }));
}

/** The inspection-minutes figures of sums (README "Measures"); ratios null when nothing was timed. */
function minutesFigures(a: {
  inspections: unknown;
  timed: unknown;
  minutes: unknown;
  pieces: unknown;
}): AtelierInspectionMinutesTotal {
  const minutes = n(a.minutes);
  const pieces = n(a.pieces);
  const timed = n(a.timed);
  return {
    inspections: n(a.inspections),
    timedInspections: timed,
    totalMinutes: minutes,
    inspectedQty: pieces,
    minutesPerInspection: ratio(minutes, timed),
    minutesPerUnit: ratio(minutes, pieces),
  };
}

/**
 * Per product and in total: the product inspections (FINAL, IN_PROCESS) inspected on a day of the period (factory
 * time zone), the timed ones, their minutes and pieces (the largest sample size of each one's items), and minutes per
 * inspection and per piece. Products without an inspection in the period are not listed.
 */
export async function atelierInspectionMinutes(
  db: Executor,
  q: KpiDayPeriod,
  timeZone: string,
): Promise<AtelierInspectionMinutesReport> {
  const from = instantAt(`${q.startDt} 00:00`, timeZone);
  const to = instantAt(`${addDays(q.endDt, 1)} 00:00`, timeZone);
  const rows = rowsOf<{
    product_id: number | null;
    code: string | null;
    name: string | null;
    inspections: unknown;
    timed: unknown;
    minutes: unknown;
    pieces: unknown;
    total: number;
  }>(
    await db.execute(sql`
      with r as (
        select r.product_id, r.inspection_minutes,
               (select max(i.sample_size) from quality_result_items i where i.result_id = r.id) as pieces
          from quality_results r
         where r.stage <> 'INCOMING'
           and r.inspected_at >= ${from.toISOString()}::timestamptz and r.inspected_at < ${to.toISOString()}::timestamptz
      )
      select r.product_id, p.code, p.name,
             count(*) as inspections,
             count(r.inspection_minutes) as timed,
             sum(r.inspection_minutes) as minutes,
             sum(r.pieces) filter (where r.inspection_minutes is not null) as pieces,
             grouping(r.product_id, p.code, p.name) as total
        from r
        join products p on p.id = r.product_id
       group by grouping sets ((r.product_id, p.code, p.name), ())
       order by p.code nulls first`),
  );
  const empty = { inspections: 0, timed: 0, minutes: 0, pieces: 0 };
  const total = rows.find((r) => Number(r.total) !== 0) ?? empty;
  return {
    products: rows
      .filter((r) => Number(r.total) === 0)
      .map((r) => ({
        productId: Number(r.product_id),
        productCode: String(r.code),
        productName: String(r.name),
        ...minutesFigures(r),
      })),
    total: minutesFigures(total),
  };
}
