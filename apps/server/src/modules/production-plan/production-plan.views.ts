import type { DailyPlan, PlanFilter, ProductionOperPlan, ProductionPlan, WorkStatus } from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { locations } from '../location/location.table.ts';
import { subtreeIds } from '../location/location.service.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from './production-plan.table.ts';

// What the plan screens read: plans with their status and output, operation plans with their daily targets and
// results, daily plans with their product, operation, line and tool.

/** A daily plan has results once it started or has a quantity: the plan then changes only by a forced modify. */
export const HAS_RESULT = sql`(${dailyPlans.status} <> 'PLAN_COMPLETED' or ${dailyPlans.goodQty} > 0 or ${dailyPlans.badQty} > 0)`;

const factories = alias(locations, 'factories');
const planColumns = {
  p: productionPlans,
  productCode: products.code,
  productName: products.name,
  unit: products.unit,
  lineName: locations.name,
  factoryName: factories.name,
};

const selectPlans = (db: Executor) =>
  db
    .select(planColumns)
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .leftJoin(factories, eq(factories.id, locations.parentId));

type PlanJoined = Awaited<ReturnType<ReturnType<typeof selectPlans>['execute']>>[number];
type PlanStats = { days: number; started: number; completed: number; goodLast: number };

/** Per plan: its daily plans, how many started and completed, and the good quantity of its last operation. */
async function planStats(db: Executor, planIds: number[]): Promise<Map<number, PlanStats>> {
  const out = new Map<number, PlanStats>();
  if (planIds.length === 0) return out;
  const res = await db.execute(sql`
    select d.plan_id,
      count(*)::int as days,
      (count(*) filter (where d.status <> 'PLAN_COMPLETED' or d.good_qty > 0 or d.bad_qty > 0))::int as started,
      (count(*) filter (where d.status = 'WORK_COMPLETED'))::int as completed,
      coalesce(sum(d.good_qty) filter (where d.oper_plan_id = (
        select o.id from production_oper_plans o where o.plan_id = d.plan_id order by o.seq desc, o.id desc limit 1
      )), 0) as good_last
    from daily_plans d
    where d.plan_id in (${sql.join(
      planIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by d.plan_id`);
  for (const r of rowsOf<{ plan_id: number; days: number; started: number; completed: number; good_last: string }>(
    res,
  )) {
    out.set(Number(r.plan_id), {
      days: Number(r.days),
      started: Number(r.started),
      completed: Number(r.completed),
      goodLast: Number(r.good_last),
    });
  }
  return out;
}

function statusOf(s: PlanStats | undefined): WorkStatus {
  if (!s || s.started === 0) return 'PLAN_COMPLETED';
  return s.completed === s.days ? 'WORK_COMPLETED' : 'WORKING';
}

async function planViews(db: Executor, rows: PlanJoined[]): Promise<ProductionPlan[]> {
  const stats = await planStats(
    db,
    rows.map((r) => r.p.id),
  );
  return rows.map(({ p, ...r }) => {
    const s = stats.get(p.id);
    const goodQty = s?.goodLast ?? 0;
    return {
      id: p.id,
      productId: p.productId,
      productCode: r.productCode,
      productName: r.productName,
      unit: r.unit,
      qty: p.qty,
      startDt: p.startDt,
      endDt: p.endDt,
      lineId: p.lineId,
      lineName: r.lineName,
      linePath: [r.factoryName, r.lineName].filter(Boolean).join(' / '),
      lotSeq: p.lotSeq,
      status: statusOf(s),
      goodQty,
      achievementRate: Math.round((goodQty / p.qty) * 1000) / 10,
      hasResults: (s?.started ?? 0) > 0,
      description: p.description,
      modifyReason: p.modifyReason,
      ...auditView(p),
    };
  });
}

export async function getPlan(db: Executor, id: number): Promise<ProductionPlan> {
  const rows = await selectPlans(db).where(eq(productionPlans.id, id));
  if (rows.length === 0) throw notFound('Production plan');
  return (await planViews(db, rows))[0];
}

/** Plans by id, newest start first, with their status and output (the dashboard widgets' plan lists). */
export async function plansByIds(db: Executor, ids: number[]): Promise<ProductionPlan[]> {
  if (ids.length === 0) return [];
  const rows = await selectPlans(db)
    .where(inArray(productionPlans.id, ids))
    .orderBy(desc(productionPlans.startDt), desc(productionPlans.id));
  return planViews(db, rows);
}

/** The condition of a location filter: the plan's line is the location or below it. */
export async function lineWithin(db: Executor, locationId: number): Promise<SQL> {
  const ids = await subtreeIds(db, [locationId]);
  return inArray(productionPlans.lineId, ids.length ? ids : [-1]);
}

/** Plans whose period meets the query's, newest start first, one page (all: `page` null, the export), with the total. */
export async function listPlans(
  db: Executor,
  q: PlanFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: ProductionPlan[]; total: number }> {
  const where = and(
    lte(productionPlans.startDt, q.endDt),
    gte(productionPlans.endDt, q.startDt),
    q.productId ? eq(productionPlans.productId, q.productId) : undefined,
    q.locationId ? await lineWithin(db, q.locationId) : undefined,
    textFilter([products.code, products.name], q.q),
    q.status?.length ? statusCondition(q.status) : undefined,
  );
  const ordered = selectPlans(db).where(where).orderBy(desc(productionPlans.startDt), desc(productionPlans.id));
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(where);
  return { data: await planViews(db, rows), total: n };
}

/** The plan statuses as SQL over its daily plans (the same rule as statusOf). */
function statusCondition(statuses: WorkStatus[]): SQL {
  const started = sql`exists (select 1 from daily_plans d where d.plan_id = ${productionPlans.id} and (d.status <> 'PLAN_COMPLETED' or d.good_qty > 0 or d.bad_qty > 0))`;
  const open = sql`exists (select 1 from daily_plans d where d.plan_id = ${productionPlans.id} and d.status <> 'WORK_COMPLETED')`;
  const parts = statuses.map((s) =>
    s === 'PLAN_COMPLETED'
      ? sql`not ${started}`
      : s === 'WORKING'
        ? sql`(${started} and ${open})`
        : sql`(${started} and not ${open})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A plan's operation plans in sequence, with their daily targets and results summed. */
export async function listOperPlans(db: Executor, planId: number): Promise<ProductionOperPlan[]> {
  const [plan] = await db
    .select({ id: productionPlans.id })
    .from(productionPlans)
    .where(eq(productionPlans.id, planId));
  if (!plan) throw notFound('Production plan');
  const o = productionOperPlans;
  const rows = await db
    .select({
      o,
      operationCode: operations.code,
      operationName: operations.name,
      toolCode: tools.code,
      toolName: tools.name,
      dailyTargetQty: sql<string>`coalesce(sum(${dailyPlans.targetQty}), 0)`,
      dailyPlanCount: sql<number>`count(${dailyPlans.id})`.mapWith(Number),
      goodQty: sql<string>`coalesce(sum(${dailyPlans.goodQty}), 0)`,
      badQty: sql<string>`coalesce(sum(${dailyPlans.badQty}), 0)`,
    })
    .from(o)
    .innerJoin(operations, eq(operations.id, o.operationId))
    .leftJoin(tools, eq(tools.id, o.toolId))
    .leftJoin(dailyPlans, eq(dailyPlans.operPlanId, o.id))
    .where(eq(o.planId, planId))
    .groupBy(o.id, operations.id, tools.id)
    .orderBy(asc(o.seq), asc(o.id));
  return rows.map((r) => ({
    id: r.o.id,
    planId: r.o.planId,
    seq: r.o.seq,
    operationId: r.o.operationId,
    operationCode: r.operationCode,
    operationName: r.operationName,
    toolId: r.o.toolId,
    toolCode: r.toolCode ?? null,
    toolName: r.toolName ?? null,
    targetQty: r.o.targetQty,
    cycleTime: r.o.cycleTime,
    dailyTargetQty: Number(r.dailyTargetQty),
    dailyPlanCount: r.dailyPlanCount,
    goodQty: Number(r.goodQty),
    badQty: Number(r.badQty),
    description: r.o.description,
    ...auditView(r.o),
  }));
}

const dailyTools = alias(tools, 'daily_tools');
/** Daily plans joined with their plan, product, operation, line and tool (the results module reads them too). */
export const selectDaily = (db: Executor) =>
  db
    .select({
      d: dailyPlans,
      productId: productionPlans.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      seq: productionOperPlans.seq,
      operationId: productionOperPlans.operationId,
      operationName: operations.name,
      lineId: productionPlans.lineId,
      lineName: locations.name,
      toolName: dailyTools.name,
    })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .leftJoin(dailyTools, eq(dailyTools.id, dailyPlans.toolId));

export type DailyJoined = Awaited<ReturnType<ReturnType<typeof selectDaily>['execute']>>[number];

export const dailyView = ({ d, ...r }: DailyJoined): DailyPlan => ({
  id: d.id,
  planId: d.planId,
  operPlanId: d.operPlanId,
  day: d.day,
  productId: r.productId,
  productCode: r.productCode,
  productName: r.productName,
  unit: r.unit,
  seq: r.seq,
  operationId: r.operationId,
  operationName: r.operationName,
  lineId: r.lineId,
  lineName: r.lineName,
  toolId: d.toolId,
  toolName: r.toolName ?? null,
  targetQty: d.targetQty,
  status: d.status as WorkStatus,
  goodQty: d.goodQty,
  badQty: d.badQty,
  startedAt: d.startedAt?.toISOString() ?? null,
  endedAt: d.endedAt?.toISOString() ?? null,
  description: d.description,
  ...auditView(d),
});

/** The fields of a DailyPlan in dailyView's order, and the column each comes from. */
const DAILY_FIELDS = Object.entries({
  id: dailyPlans.id,
  planId: dailyPlans.planId,
  operPlanId: dailyPlans.operPlanId,
  day: dailyPlans.day,
  productId: productionPlans.productId,
  productCode: products.code,
  productName: products.name,
  unit: products.unit,
  seq: productionOperPlans.seq,
  operationId: productionOperPlans.operationId,
  operationName: operations.name,
  lineId: productionPlans.lineId,
  lineName: locations.name,
  toolId: dailyPlans.toolId,
  toolName: dailyTools.name,
  targetQty: dailyPlans.targetQty,
  status: dailyPlans.status,
  goodQty: dailyPlans.goodQty,
  badQty: dailyPlans.badQty,
  startedAt: dailyPlans.startedAt,
  endedAt: dailyPlans.endedAt,
  description: dailyPlans.description,
  createdBy: dailyPlans.createdBy,
  createdAt: dailyPlans.createdAt,
  updatedBy: dailyPlans.updatedBy,
  updatedAt: dailyPlans.updatedAt,
} satisfies Record<keyof DailyPlan, unknown>);
const DAILY_KEYS = DAILY_FIELDS.map(([key]) => key);
const DAILY_ARRAY = sql`json_build_array(${sql.join(
  DAILY_FIELDS.map(([, column]) => column),
  sql`, `,
)})`;
/** Timestamps come in the database's JSON format: the same instants as ISO strings, as dailyView answers them. */
const TIMESTAMPS = new Set(['startedAt', 'endedAt', 'createdAt', 'updatedAt']);

/**
 * Daily plans as dailyView answers them, the rows built by the database as one JSON array of arrays (one field,
 * parsed at once). A calendar is 500–1,000 rows of 26 fields: read field by field (PGlite copies each one out of its
 * memory, drizzle maps each) they cost two to three times the query (issue 13 speed, bench/RESULTS.md). Numbers and
 * days come as drizzle reads them; the test holds the two equal.
 */
async function dailyPlansJson(db: Executor, where: SQL | undefined, orderBy: SQL): Promise<DailyPlan[]> {
  // selectDaily's join (one helper for both selections loses drizzle's result types).
  const [row] = await db
    .select({ rows: sql<string>`coalesce(json_agg(${DAILY_ARRAY} order by ${orderBy}), '[]')::text` })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .leftJoin(dailyTools, eq(dailyTools.id, dailyPlans.toolId))
    .where(where);
  return (JSON.parse(row.rows) as unknown[][]).map((values) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < DAILY_KEYS.length; i++) {
      const key = DAILY_KEYS[i];
      const v = values[i];
      out[key] = TIMESTAMPS.has(key) && v != null ? new Date(v as string).toISOString() : v;
    }
    return out as DailyPlan;
  });
}

/** An operation plan's daily plans by day. */
export async function operPlanDailyPlans(db: Executor, operPlanId: number): Promise<DailyPlan[]> {
  const [o] = await db
    .select({ id: productionOperPlans.id })
    .from(productionOperPlans)
    .where(eq(productionOperPlans.id, operPlanId));
  if (!o) throw notFound('Operation plan');
  return dailyPlansJson(db, eq(dailyPlans.operPlanId, operPlanId), sql`${dailyPlans.day}, ${dailyPlans.id}`);
}

/** Daily plans of a period on a line, or on every line below a factory or site: by day, line, plan, sequence. */
export async function locationDailyPlans(
  db: Executor,
  locationId: number,
  period: { startDt: string; endDt: string },
): Promise<DailyPlan[]> {
  // The location with the places below it; none: it does not exist.
  const lineIds = await subtreeIds(db, [locationId]);
  if (lineIds.length === 0) throw notFound('Location');
  return dailyPlansJson(
    db,
    and(
      gte(dailyPlans.day, period.startDt),
      lte(dailyPlans.day, period.endDt),
      inArray(productionPlans.lineId, lineIds),
    ),
    sql`${dailyPlans.day}, ${locations.name}, ${productionPlans.id}, ${productionOperPlans.seq}, ${dailyPlans.id}`,
  );
}

/**
 * The operation.output answer (operation/operation.service.ts): each operation's completed quantity, the good
 * quantity of its daily plans in every plan. Shipped quantities arrive with shipments: none yet.
 */
export async function operationOutput(db: Executor, operationIds: number[]) {
  if (operationIds.length === 0) return [];
  const rows = await db
    .select({
      operationId: productionOperPlans.operationId,
      completedQty: sql<string>`coalesce(sum(${dailyPlans.goodQty}), 0)`,
    })
    .from(productionOperPlans)
    .innerJoin(dailyPlans, eq(dailyPlans.operPlanId, productionOperPlans.id))
    .where(inArray(productionOperPlans.operationId, operationIds))
    .groupBy(productionOperPlans.operationId);
  return rows.map((r) => ({ operationId: r.operationId, completedQty: Number(r.completedQty), shippedQty: 0 }));
}
