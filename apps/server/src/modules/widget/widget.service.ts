import type {
  CurrentValue,
  DefectImprove,
  GoodBadStatus,
  LinePlanStatus,
  LineWorkStatus,
  OperRate,
  OperRateRaise,
  PlanStatus,
  ProdStatus,
  ProductionPlan,
  ScaleStatus,
  StatusCounts,
  ToolProduct,
  WidgetPeriod,
} from '@eqms/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays, daysBetween } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { getLocation, subtreeIds } from '../location/location.service.ts';
import { productReport } from '../product-report/product-report.service.ts';
import { listPlans, plansByIds } from '../production-plan/production-plan.views.ts';

// The dashboard widgets' data and the AI assistant's production data (README.md): read-only queries over the daily
// plans (where results live), plans, tools, parameters and their trace data, and product stock. Each answer is one or
// two queries whatever the number of lines, tools or parameters (no query per row).

/** A ratio in percent rounded half up to `places`; null when the denominator is 0. */
export function percent(num: number, den: number, places: number): number | null {
  if (!(den > 0)) return null;
  const f = 10 ** places;
  return Math.round((num / den) * 100 * f) / f;
}
const defectRate = (good: number, bad: number) => percent(bad, good + bad, 2);
const roundTo = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;
const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const num = (v: unknown) => (v == null ? null : Number(v));
const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

/** The location (404 when missing) and every location below it. */
async function locationScope(db: Executor, locationId: number): Promise<SQL> {
  await getLocation(db, locationId);
  return idList(await subtreeIds(db, [locationId]));
}

async function assertTool(db: Executor, toolId: number): Promise<void> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from tools where id = ${toolId}`));
  if (rows.length === 0) throw notFound('Tool');
}

export type Range = { startDt: string; endDt: string };
/**
 * A widget period at the factory's day `today`: the current one (today; Monday of the ISO week … today; the 1st of
 * the month … today) and the whole previous one (yesterday; the previous Monday … Sunday; the previous month).
 */
export function periodRanges(today: string, period: WidgetPeriod): { current: Range; previous: Range } {
  if (period === 'day') {
    const y = addDays(today, -1);
    return { current: { startDt: today, endDt: today }, previous: { startDt: y, endDt: y } };
  }
  if (period === 'week') {
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    return {
      current: { startDt: monday, endDt: today },
      previous: { startDt: addDays(monday, -7), endDt: addDays(monday, -1) },
    };
  }
  const first = `${today.slice(0, 7)}-01`;
  const lastBefore = addDays(first, -1);
  return {
    current: { startDt: first, endDt: today },
    previous: { startDt: `${lastBefore.slice(0, 7)}-01`, endDt: lastBefore },
  };
}

// ── good/bad status ─────────────────────────────────────────────────────────────────────────────────────────────

/** The day's good and bad quantities per line (the plan's) and tool (the daily plan's, else its operation plan's). */
export async function goodBadStatus(db: Executor, locationId: number, date: string): Promise<GoodBadStatus> {
  const scope = await locationScope(db, locationId);
  const rows = rowsOf<{
    line_id: number;
    line_name: string;
    tool_id: number | null;
    tool_code: string | null;
    tool_name: string | null;
    good: string;
    bad: string;
  }>(
    await db.execute(sql`
      select p.line_id, l.name as line_name, t.id as tool_id, t.code as tool_code, t.name as tool_name,
          sum(d.good_qty)::text as good, sum(d.bad_qty)::text as bad
        from daily_plans d
        join production_plans p on p.id = d.plan_id
        join production_oper_plans o on o.id = d.oper_plan_id
        join locations l on l.id = p.line_id
        left join tools t on t.id = coalesce(d.tool_id, o.tool_id)
        where d.day = ${date} and p.line_id in (${scope})
        group by p.line_id, l.name, t.id, t.code, t.name
        order by l.name, p.line_id, t.code nulls last`),
  );
  let good = 0;
  let bad = 0;
  const out = rows.map((r) => {
    const g = round5(Number(r.good));
    const b = round5(Number(r.bad));
    good += g;
    bad += b;
    return {
      lineId: Number(r.line_id),
      lineName: r.line_name,
      toolId: num(r.tool_id),
      toolCode: r.tool_code,
      toolName: r.tool_name,
      goodQty: g,
      badQty: b,
      defectRate: defectRate(g, b),
    };
  });
  good = round5(good);
  bad = round5(bad);
  return { date, locationId, rows: out, total: { goodQty: good, badQty: bad, defectRate: defectRate(good, bad) } };
}

// ── tool production ─────────────────────────────────────────────────────────────────────────────────────────────

/** Good and bad quantities per tool on a line under the location (racks of a warehouse make nothing) over the current period. */
export async function toolProduct(
  db: Executor,
  locationId: number,
  period: WidgetPeriod,
  today: string,
): Promise<ToolProduct> {
  const scope = await locationScope(db, locationId);
  const { startDt, endDt } = periodRanges(today, period).current;
  const rows = rowsOf<{ id: number; code: string; name: string; line_name: string; good: string; bad: string }>(
    await db.execute(sql`
      select t.id, t.code, t.name, l.name as line_name,
          coalesce(x.good, 0)::text as good, coalesce(x.bad, 0)::text as bad
        from tools t
        join locations l on l.id = t.location_id
        left join (
          select coalesce(d.tool_id, o.tool_id) as tool_id, sum(d.good_qty) as good, sum(d.bad_qty) as bad
            from daily_plans d
            join production_oper_plans o on o.id = d.oper_plan_id
            where d.day between ${startDt} and ${endDt}
              and coalesce(d.tool_id, o.tool_id) in (select id from tools where location_id in (${scope}))
            group by 1
        ) x on x.tool_id = t.id
        where t.location_id in (${scope}) and l.type = 'LINE'
        order by t.code`),
  );
  return {
    period,
    startDt,
    endDt,
    tools: rows.map((r) => {
      const g = round5(Number(r.good));
      const b = round5(Number(r.bad));
      return {
        toolId: Number(r.id),
        toolCode: r.code,
        toolName: r.name,
        lineName: r.line_name,
        goodQty: g,
        badQty: b,
        defectRate: defectRate(g, b),
      };
    }),
  };
}

// ── line work status ────────────────────────────────────────────────────────────────────────────────────────────

/** Each tool on a line under the location and the daily plan it is WORKING on (the latest started), if any. */
export async function lineWorkStatus(db: Executor, locationId: number): Promise<LineWorkStatus> {
  const scope = await locationScope(db, locationId);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with w as (
        -- Every WORKING daily plan (a handful: the partial index), the latest started per tool, found once.
        select distinct on (coalesce(d.tool_id, o.tool_id)) coalesce(d.tool_id, o.tool_id) as work_tool_id,
            d.id as daily_plan_id, d.plan_id, d.day::text as day, p.product_id, pr.code as product_code,
            pr.name as product_name, op.name as operation_name, d.target_qty::text as target_qty,
            d.good_qty::text as good_qty, d.bad_qty::text as bad_qty,
            floor(extract(epoch from d.started_at) * 1000)::float8 as started_ms
          from daily_plans d
          join production_oper_plans o on o.id = d.oper_plan_id
          join production_plans p on p.id = d.plan_id
          join products pr on pr.id = p.product_id
          join operations op on op.id = o.operation_id
          where d.status = 'WORKING' and coalesce(d.tool_id, o.tool_id) is not null
          order by coalesce(d.tool_id, o.tool_id), d.started_at desc nulls last, d.id desc
      )
      select t.id, t.code, t.name, t.location_id, l.name as line_name, w.*
        from tools t
        join locations l on l.id = t.location_id
        left join w on w.work_tool_id = t.id
        where t.location_id in (${scope}) and l.type = 'LINE'
        order by l.name, t.code`),
  );
  return {
    tools: rows.map((r) => {
      const target = Number(r.target_qty);
      const good = Number(r.good_qty);
      return {
        toolId: Number(r.id),
        toolCode: String(r.code),
        toolName: String(r.name),
        lineId: Number(r.location_id),
        lineName: String(r.line_name),
        work:
          r.daily_plan_id == null
            ? null
            : {
                dailyPlanId: Number(r.daily_plan_id),
                planId: Number(r.plan_id),
                day: String(r.day),
                productId: Number(r.product_id),
                productCode: String(r.product_code),
                productName: String(r.product_name),
                operationName: String(r.operation_name),
                targetQty: round5(target),
                goodQty: round5(good),
                badQty: round5(Number(r.bad_qty)),
                progress: percent(good, target, 1),
                startedAt: iso(r.started_ms),
              },
      };
    }),
  };
}

// ── latest parameter values ─────────────────────────────────────────────────────────────────────────────────────

type ValueRow = CurrentValue & { toolCode: string };

/** Each parameter's latest value (one backward step on the (parameter, ts) key each), in the order asked; 404 if one is missing. */
export async function currentValues(db: Executor, parameterIds: number[]): Promise<ValueRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.code, p.name, p.unit, p.data_type, p.tool_id, t.code as tool_code, t.name as tool_name,
          p.lower_limit::text as lower_limit, p.upper_limit::text as upper_limit, p.target::text as target,
          v.value, floor(extract(epoch from v.ts) * 1000)::float8 as ts_ms
        from parameters p
        join tools t on t.id = p.tool_id
        left join lateral (
          select ts, value from trace_data where parameter_id = p.id order by ts desc limit 1
        ) v on true
        where p.id in (${idList(parameterIds)})`),
  );
  if (rows.length < parameterIds.length) throw notFound('Parameter');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return parameterIds.map((id) => {
    const r = byId.get(id) as Record<string, unknown>;
    const value = num(r.value);
    const lower = num(r.lower_limit);
    const upper = num(r.upper_limit);
    const numeric = r.data_type === 'NUMBER';
    const state =
      value == null
        ? 'NO_DATA'
        : numeric && lower != null && value < lower
          ? 'LOW'
          : numeric && upper != null && value > upper
            ? 'HIGH'
            : 'OK';
    return {
      parameterId: id,
      code: String(r.code),
      name: String(r.name),
      unit: (r.unit as string | null) ?? null,
      toolId: Number(r.tool_id),
      toolCode: String(r.tool_code),
      toolName: String(r.tool_name),
      lowerLimit: lower,
      upperLimit: upper,
      target: num(r.target),
      value,
      ts: iso(r.ts_ms),
      state,
    };
  });
}

const withoutToolCode = ({ toolCode: _, ...v }: ValueRow): CurrentValue => v;

export async function currentTraceData(db: Executor, parameterIds: number[]): Promise<CurrentValue[]> {
  return (await currentValues(db, parameterIds)).map(withoutToolCode);
}

/** The group and weight parameters' latest values, one group per tool, by tool code. */
export async function scaleStatus(db: Executor, groupIds: number[], weightIds: number[]): Promise<ScaleStatus> {
  const all = [...new Set([...groupIds, ...weightIds])];
  const values = new Map((await currentValues(db, all)).map((v) => [v.parameterId, v]));
  const groups = new Map<number, ScaleStatus['groups'][number] & { code: string }>();
  const groupOf = (v: ValueRow) => {
    let g = groups.get(v.toolId);
    if (!g) {
      g = {
        toolId: v.toolId,
        toolCode: v.toolCode,
        toolName: v.toolName,
        code: v.toolCode,
        groupValues: [],
        weights: [],
      };
      groups.set(v.toolId, g);
    }
    return g;
  };
  for (const id of groupIds) {
    const v = values.get(id) as ValueRow;
    groupOf(v).groupValues.push(withoutToolCode(v));
  }
  for (const id of weightIds) {
    const v = values.get(id) as ValueRow;
    groupOf(v).weights.push(withoutToolCode(v));
  }
  return {
    groups: [...groups.values()].sort((a, b) => a.code.localeCompare(b.code)).map(({ code: _, ...g }) => g),
  };
}

/** Tools that have parameters, by code, each with its parameters (by sort, code): the scale widget's picker. */
export async function toolParameterTree(db: Executor) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select t.id as tool_id, t.code as tool_code, t.name as tool_name, l.name as location_name,
          f.name as parent_name, p.id, p.code, p.name, p.unit, p.data_type
        from parameters p
        join tools t on t.id = p.tool_id
        join locations l on l.id = t.location_id
        left join locations f on f.id = l.parent_id
        order by t.code, t.id, p.sort, p.code`),
  );
  const tools = new Map<number, ReturnType<typeof toolNode>>();
  const toolNode = (r: Record<string, unknown>) => ({
    key: `tool-${r.tool_id}`,
    toolId: Number(r.tool_id),
    toolCode: String(r.tool_code),
    toolName: String(r.tool_name),
    locationPath: [r.parent_name, r.location_name].filter(Boolean).join(' / '),
    children: [] as {
      key: string;
      parameterId: number;
      code: string;
      name: string;
      unit: string | null;
      dataType: string;
    }[],
  });
  for (const r of rows) {
    const id = Number(r.tool_id);
    let node = tools.get(id);
    if (!node) {
      node = toolNode(r);
      tools.set(id, node);
    }
    node.children.push({
      key: `parameter-${r.id}`,
      parameterId: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      unit: (r.unit as string | null) ?? null,
      dataType: String(r.data_type),
    });
  }
  return [...tools.values()];
}

// ── production status ───────────────────────────────────────────────────────────────────────────────────────────

/** Planned, good, bad, achievement and defect rate of fromDate … toDate: the product report's figures (one query). */
export async function prodStatus(db: Executor, fromDate: string, toDate: string): Promise<ProdStatus> {
  const report = await productReport(db, { startDt: fromDate, endDt: toDate, bucket: 'month' });
  return {
    fromDate,
    toDate,
    total: report.total,
    products: report.products.map(({ buckets: _, ...p }) => p),
  };
}

// ── product stock ───────────────────────────────────────────────────────────────────────────────────────────────

/** Each product's stock not disposed, its lots with a quantity and safety stock, in the order asked; 404 if one is missing. */
export async function productStockStatus(db: Executor, productIds: number[]) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select pr.id, pr.code, pr.name, pr.unit, pr.safety_stock::text as safety_stock,
          coalesce(sum(s.qty) filter (where not s.disposed), 0)::text as qty,
          (count(distinct s.lot_row_id) filter (where not s.disposed and s.qty > 0))::int as lots
        from products pr
        left join lots lo on lo.product_id = pr.id
        left join product_stocks s on s.lot_row_id = lo.id
        where pr.id in (${idList(productIds)})
        group by pr.id, pr.code, pr.name, pr.unit, pr.safety_stock`),
  );
  if (rows.length < productIds.length) throw notFound('Product');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return productIds.map((id) => {
    const r = byId.get(id) as Record<string, unknown>;
    const qty = round5(Number(r.qty));
    const safetyStock = num(r.safety_stock);
    return {
      productId: id,
      productCode: String(r.code),
      productName: String(r.name),
      unit: String(r.unit),
      qty,
      lotCount: Number(r.lots),
      safetyStock,
      belowSafety: safetyStock != null && qty < safetyStock,
    };
  });
}

// ── plans by status ─────────────────────────────────────────────────────────────────────────────────────────────

export function countStatuses(plans: { status: ProductionPlan['status'] }[]): StatusCounts {
  const counts: StatusCounts = { PLAN_COMPLETED: 0, WORKING: 0, WORK_COMPLETED: 0, total: plans.length };
  for (const p of plans) counts[p.status] += 1;
  return counts;
}

/** The plans on lines under the location whose period contains the date. */
async function plansOf(db: Executor, locationId: number, date: string) {
  await getLocation(db, locationId);
  return (await listPlans(db, { startDt: date, endDt: date, locationId }, null)).data;
}

export async function allProductionPlanStatus(db: Executor, locationId: number, date: string): Promise<PlanStatus> {
  const plans = await plansOf(db, locationId, date);
  return { date, counts: countStatuses(plans), plans };
}

export async function productionPlanStatus(db: Executor, locationId: number, today: string): Promise<LinePlanStatus> {
  const plans = await plansOf(db, locationId, today);
  const lines = new Map<number, { lineId: number; lineName: string; plans: ProductionPlan[] }>();
  for (const p of plans) {
    const line = lines.get(p.lineId) ?? { lineId: p.lineId, lineName: p.lineName, plans: [] };
    line.plans.push(p);
    lines.set(p.lineId, line);
  }
  return {
    date: today,
    counts: countStatuses(plans),
    lines: [...lines.values()]
      .sort((a, b) => a.lineName.localeCompare(b.lineName) || a.lineId - b.lineId)
      .map((l) => ({ lineId: l.lineId, lineName: l.lineName, counts: countStatuses(l.plans) })),
  };
}

/** Plans whose period contains today with an operation plan or a daily plan on the tool. */
export async function prodPlanStatusByTool(db: Executor, toolId: number, today: string): Promise<PlanStatus> {
  await assertTool(db, toolId);
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select p.id from production_plans p
        where p.start_dt <= ${today} and p.end_dt >= ${today}
          and (exists (select 1 from production_oper_plans o where o.plan_id = p.id and o.tool_id = ${toolId})
            or exists (select 1 from daily_plans d where d.plan_id = p.id and d.tool_id = ${toolId}))`),
  ).map((r) => Number(r.id));
  const plans = await plansByIds(db, ids);
  return { date: today, counts: countStatuses(plans), plans };
}

// ── operating rate ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The tool's operating rate over each range: Σ (good + bad) × cycle time of its daily plans ÷ (baseHour × days). One
 * query for all the ranges (each daily plan counted in the ranges holding its day).
 */
async function operRatesOf(db: Executor, toolId: number, baseHour: number, ranges: Range[]): Promise<OperRate[]> {
  const from = ranges.reduce((m, r) => (r.startDt < m ? r.startDt : m), ranges[0].startDt);
  const to = ranges.reduce((m, r) => (r.endDt > m ? r.endDt : m), ranges[0].endDt);
  const columns = ranges.map(
    (r, i) => sql`
      coalesce(sum((d.good_qty + d.bad_qty) * o.cycle_time) filter (where d.day between ${r.startDt} and ${r.endDt}), 0)::text
        as ${sql.raw(`secs_${i}`)},
      (count(*) filter (where d.day between ${r.startDt} and ${r.endDt}
        and o.cycle_time is null and d.good_qty + d.bad_qty > 0))::int as ${sql.raw(`missing_${i}`)}`,
  );
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select ${sql.join(columns, sql`, `)}
        from daily_plans d
        join production_oper_plans o on o.id = d.oper_plan_id
        where d.day between ${from} and ${to} and coalesce(d.tool_id, o.tool_id) = ${toolId}`),
  );
  return ranges.map((r, i) => {
    const hours = Number(row[`secs_${i}`]) / 3600;
    const baseHours = roundTo(baseHour * (daysBetween(r.startDt, r.endDt) + 1), 5);
    return {
      startDt: r.startDt,
      endDt: r.endDt,
      workedHours: roundTo(hours, 2),
      baseHours,
      operRate: percent(hours, baseHours, 1),
      withoutCycleTime: Number(row[`missing_${i}`]),
    };
  });
}

export async function toolOperRate(db: Executor, toolId: number, baseHour: number, today: string): Promise<OperRate> {
  await assertTool(db, toolId);
  return (await operRatesOf(db, toolId, baseHour, [{ startDt: today, endDt: today }]))[0];
}

export async function toolOperRateRaise(
  db: Executor,
  toolId: number,
  baseHour: number,
  period: WidgetPeriod,
  today: string,
): Promise<OperRateRaise> {
  await assertTool(db, toolId);
  const ranges = periodRanges(today, period);
  const [current, previous] = await operRatesOf(db, toolId, baseHour, [ranges.current, ranges.previous]);
  const raise =
    current.operRate == null || previous.operRate == null ? null : roundTo(current.operRate - previous.operRate, 1);
  return { period, current, previous, raise };
}

// ── defect improvement ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Good (each plan's last operation: highest sequence) and bad (every operation) of the daily plans on lines in scope,
 * for the current and the previous range, in one query; the last operations found once among the plans met.
 */
async function defectsOf(db: Executor, scope: SQL, current: Range, previous: Range) {
  const rows = rowsOf<{ cur: boolean; good: string; bad: string }>(
    await db.execute(sql`
      with d as (
        select d.plan_id, d.oper_plan_id, d.good_qty, d.bad_qty, d.day >= ${current.startDt} as cur
          from daily_plans d
          join production_plans p on p.id = d.plan_id
          where d.day between ${previous.startDt} and ${current.endDt} and p.line_id in (${scope})
      ), last_op as (
        select distinct on (o.plan_id) o.id
          from production_oper_plans o
          where o.plan_id in (select plan_id from d)
          order by o.plan_id, o.seq desc, o.id desc
      )
      select d.cur, coalesce(sum(d.good_qty) filter (where d.oper_plan_id in (select id from last_op)), 0)::text as good,
          sum(d.bad_qty)::text as bad
        from d
        group by d.cur`),
  );
  const of = (r: Range, isCurrent: boolean) => {
    const row = rows.find((x) => x.cur === isCurrent);
    const goodQty = round5(Number(row?.good ?? 0));
    const badQty = round5(Number(row?.bad ?? 0));
    return { ...r, goodQty, badQty, defectRate: defectRate(goodQty, badQty) };
  };
  return { current: of(current, true), previous: of(previous, false) };
}

export async function defectImproveRate(
  db: Executor,
  locationId: number,
  period: WidgetPeriod,
  today: string,
): Promise<DefectImprove> {
  const scope = await locationScope(db, locationId);
  const ranges = periodRanges(today, period);
  const { current, previous } = await defectsOf(db, scope, ranges.current, ranges.previous);
  // From the unrounded rates: bad ÷ (good + bad) of each period.
  const raw = (x: { goodQty: number; badQty: number }) =>
    x.goodQty + x.badQty > 0 ? x.badQty / (x.goodQty + x.badQty) : null;
  const cur = raw(current);
  const prev = raw(previous);
  const improvement = cur == null || prev == null ? null : roundTo((prev - cur) * 100, 2);
  const improveRate = cur == null || prev == null || prev === 0 ? null : roundTo(((prev - cur) / prev) * 100, 1);
  return { period, current, previous, improvement, improveRate };
}
