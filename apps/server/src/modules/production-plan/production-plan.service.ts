import type {
  OperPlanAdd,
  PlanCreate,
  PlanForce,
  PlanUpdate,
  ProductionOperPlan,
  ProductionOperPlanUpdate,
  ProductionPlan,
} from '@eqms/contract';
import { ruleMessage } from '@eqms/contract';
import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { createdStamp, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { conflict, constraintViolation, invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced, findRelated } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from './production-plan.table.ts';
import { getPlan, HAS_RESULT, listOperPlans } from './production-plan.views.ts';

// Writes of production plans and their operation plans. Every write locks the plan row first, so changes of one
// plan (and its daily plans, production-plan.daily.ts) run one after the other. See README.md for the rules.

export const PRODUCTION_PLAN_UNIQUE = {
  production_oper_plans_plan_oper_uq: 'operationId',
  production_plans_lot_seq_uq: 'productId',
};
type PlanRow = typeof productionPlans.$inferSelect;

/** The plan row, locked for this transaction; 404 when missing (the plan is what the call changes). */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow> {
  const [plan] = await tx.select().from(productionPlans).where(eq(productionPlans.id, id)).for('update');
  if (!plan) throw notFound('Production plan');
  return plan;
}

/**
 * The plan row of a daily plan, locked for this transaction, in one statement (a result save's first; the daily plan
 * itself is read after the lock); 404 `Daily plan` when it is missing.
 */
export async function lockPlanOfDailyPlan(tx: Tx, dailyPlanId: number): Promise<PlanRow> {
  const [plan] = await tx
    .select()
    .from(productionPlans)
    .where(
      eq(
        productionPlans.id,
        tx.select({ planId: dailyPlans.planId }).from(dailyPlans).where(eq(dailyPlans.id, dailyPlanId)),
      ),
    )
    .for('update');
  if (!plan) throw notFound('Daily plan');
  return plan;
}

/** A plan runs on a LINE. */
async function assertLine(tx: Executor, lineId: number): Promise<void> {
  const [l] = await tx.select({ type: locations.type }).from(locations).where(eq(locations.id, lineId));
  if (!l) throw invalidField('lineId', 'notExists');
  if (l.type !== 'LINE') throw invalidField('lineId', 'planNotLine');
}

/** A tool that runs an operation stands on a LINE (as in the product's operation plan). */
export async function assertToolOnLine(tx: Executor, toolId: number | null | undefined, field = 'toolId') {
  if (toolId == null) return;
  const [t] = await tx
    .select({ type: locations.type })
    .from(tools)
    .innerJoin(locations, eq(locations.id, tools.locationId))
    .where(eq(tools.id, toolId));
  if (!t) throw invalidField(field, 'notExists');
  if (t.type !== 'LINE') throw invalidField(field, 'toolNotOnLine');
}

/** Whether any daily plan of the plan (or of one operation plan) has results. */
async function hasResults(tx: Executor, where: { planId?: number; operPlanId?: number }): Promise<boolean> {
  const [row] = await tx
    .select({ id: dailyPlans.id })
    .from(dailyPlans)
    .where(
      and(
        where.planId ? eq(dailyPlans.planId, where.planId) : undefined,
        where.operPlanId ? eq(dailyPlans.operPlanId, where.operPlanId) : undefined,
        HAS_RESULT,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Makes a plan: the product locked (so two plans of one product never take the same lot sequence), the next lot
 * sequence of the product, and the product's operation plan copied with the plan's qty as every target.
 */
export async function createPlan(deps: Deps, actor: Actor, body: PlanCreate): Promise<ProductionPlan> {
  const id = await uniqueAs(PRODUCTION_PLAN_UNIQUE, () => withTx(deps.db, actor, (tx) => insertPlan(tx, actor, body)));
  return getPlan(deps.db, id);
}

/** createPlan inside the caller's transaction (the demo factory's seed); the new plan's id. */
export async function insertPlan(tx: Tx, actor: Actor, body: PlanCreate): Promise<number> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, body.productId))
    .for('update');
  if (!product) throw invalidField('productId', 'notExists');
  await assertLine(tx, body.lineId);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${productionPlans.lotSeq}), 0) + 1`.mapWith(Number) })
    .from(productionPlans)
    .where(eq(productionPlans.productId, body.productId));
  const [plan] = await tx
    .insert(productionPlans)
    .values({
      productId: body.productId,
      qty: body.qty,
      startDt: body.startDt,
      endDt: body.endDt,
      lineId: body.lineId,
      lotSeq: next,
      description: body.description ?? null,
      ...createdStamp(actor),
    })
    .returning({ id: productionPlans.id });
  const steps = await tx
    .select()
    .from(operPlans)
    .where(eq(operPlans.productId, body.productId))
    .orderBy(asc(operPlans.seq), asc(operPlans.id));
  if (steps.length > 0) {
    await tx.insert(productionOperPlans).values(
      steps.map((s, i) => ({
        planId: plan.id,
        seq: i + 1,
        operationId: s.operationId,
        toolId: s.toolId,
        targetQty: body.qty,
        cycleTime: s.cycleTime,
        description: s.description,
        ...createdStamp(actor),
      })),
    );
  }
  return plan.id;
}

/**
 * Modifies a plan. Without `reason` a plan with results is refused (409 planHasResults); with it (the forced
 * modify) the change goes through and the reason is kept on the row, so the change history records it with the
 * change. Daily plans must stay within the new period. Operation plans whose target was the plan's qty follow a
 * new qty (a target the planner set apart stays).
 */
export async function updatePlan(
  deps: Deps,
  actor: Actor,
  body: PlanUpdate | PlanForce,
  forced: boolean,
): Promise<ProductionPlan> {
  await withTx(deps.db, actor, async (tx) => {
    const plan = await lockPlan(tx, body.id);
    if (!forced && (await hasResults(tx, { planId: plan.id }))) throw conflict('planHasResults');
    await assertLine(tx, body.lineId);
    const [outside] = await tx
      .select({ day: dailyPlans.day })
      .from(dailyPlans)
      .where(and(eq(dailyPlans.planId, plan.id), or(lt(dailyPlans.day, body.startDt), gt(dailyPlans.day, body.endDt))))
      .orderBy(asc(dailyPlans.day))
      .limit(1);
    if (outside) {
      const field = outside.day < body.startDt ? 'startDt' : 'endDt';
      throw invalidField(field, ruleMessage('planDaysOutside', { day: outside.day }));
    }
    if (body.qty !== plan.qty) {
      await tx
        .update(productionOperPlans)
        .set({ targetQty: body.qty, ...updatedStamp(actor) })
        .where(and(eq(productionOperPlans.planId, plan.id), eq(productionOperPlans.targetQty, plan.qty)));
    }
    await tx
      .update(productionPlans)
      .set({
        qty: body.qty,
        startDt: body.startDt,
        endDt: body.endDt,
        lineId: body.lineId,
        description: body.description ?? null,
        ...('reason' in body && forced ? { modifyReason: body.reason } : {}),
        ...updatedStamp(actor),
      })
      .where(eq(productionPlans.id, plan.id));
  });
  return getPlan(deps.db, body.id);
}

/** Writes seq 1..n in the given order (only the rows whose seq changes). */
async function renumber(tx: Tx, actor: Actor, ordered: { id: number; seq: number }[]): Promise<void> {
  for (const [i, r] of ordered.entries()) {
    if (r.seq === i + 1) continue;
    await tx
      .update(productionOperPlans)
      .set({ seq: i + 1, ...updatedStamp(actor) })
      .where(eq(productionOperPlans.id, r.id));
  }
}

/** The plan's operation plans in order with `row` moved to `seq` (1-based, clamped; last without one). */
async function orderWith(tx: Tx, planId: number, row: { id: number }, seq: number | undefined) {
  const rest = (
    await tx
      .select({ id: productionOperPlans.id, seq: productionOperPlans.seq })
      .from(productionOperPlans)
      .where(and(eq(productionOperPlans.planId, planId), ne(productionOperPlans.id, row.id)))
      .orderBy(asc(productionOperPlans.seq), asc(productionOperPlans.id))
  ).map((r) => ({ ...r }));
  // The moved row's seq is unknown to the order: -1 makes renumber write it.
  const at = seq == null ? rest.length : Math.max(0, Math.min(seq - 1, rest.length));
  rest.splice(at, 0, { id: row.id, seq: -1 });
  return rest;
}

/** Adds an operation to a plan (once per plan), at `seq` or last. */
export async function addOperPlan(deps: Deps, actor: Actor, body: OperPlanAdd): Promise<ProductionOperPlan[]> {
  await uniqueAs(PRODUCTION_PLAN_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const plan = await lockPlan(tx, body.planId);
      const [op] = await tx.select({ id: operations.id }).from(operations).where(eq(operations.id, body.operationId));
      if (!op) throw invalidField('operationId', 'notExists');
      await assertToolOnLine(tx, body.toolId);
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${productionOperPlans.seq}), 0)`.mapWith(Number) })
        .from(productionOperPlans)
        .where(eq(productionOperPlans.planId, plan.id));
      const [row] = await tx
        .insert(productionOperPlans)
        .values({
          planId: plan.id,
          seq: last.seq + 1,
          operationId: body.operationId,
          toolId: body.toolId ?? null,
          targetQty: body.targetQty,
          description: body.description ?? null,
          ...createdStamp(actor),
        })
        .returning({ id: productionOperPlans.id });
      if (body.seq != null) await renumber(tx, actor, await orderWith(tx, plan.id, row, body.seq));
    }),
  );
  return listOperPlans(deps.db, body.planId);
}

/** Changes an operation plan without results: tool, target, description, position. */
export async function updateOperPlan(
  deps: Deps,
  actor: Actor,
  body: ProductionOperPlanUpdate,
): Promise<ProductionOperPlan[]> {
  const [found] = await deps.db
    .select({ planId: productionOperPlans.planId })
    .from(productionOperPlans)
    .where(eq(productionOperPlans.id, body.id));
  if (!found) throw notFound('Operation plan');
  await withTx(deps.db, actor, async (tx) => {
    await lockPlan(tx, found.planId);
    const [row] = await tx.select().from(productionOperPlans).where(eq(productionOperPlans.id, body.id));
    if (!row) throw notFound('Operation plan');
    if (await hasResults(tx, { operPlanId: row.id })) throw conflict('operPlanHasResults');
    await assertToolOnLine(tx, body.toolId);
    await tx
      .update(productionOperPlans)
      .set({
        toolId: body.toolId ?? null,
        targetQty: body.targetQty,
        description: body.description ?? null,
        ...updatedStamp(actor),
      })
      .where(eq(productionOperPlans.id, row.id));
    if (body.seq != null && body.seq !== row.seq)
      await renumber(tx, actor, await orderWith(tx, row.planId, row, body.seq));
  });
  return listOperPlans(deps.db, found.planId);
}

/**
 * Deletes plans with their operation and daily plans, all or none: 404 if one is missing; 409 with the daily plans
 * that have results (a plan that made something is history), or with whatever another module holds of it.
 */
export async function deletePlans({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: productionPlans.id })
      .from(productionPlans)
      .where(inArray(productionPlans.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Production plan');
    const worked = await findRelated(tx, [
      {
        screen: 'productionProfit',
        table: dailyPlans,
        id: dailyPlans.id,
        name: sql<string>`${dailyPlans.day}::text || ' ' || (select o.name from production_oper_plans p join operations o on o.id = p.operation_id where p.id = ${dailyPlans.operPlanId})`,
        createdBy: dailyPlans.createdBy,
        createdAt: dailyPlans.createdAt,
        where: and(inArray(dailyPlans.planId, ids), HAS_RESULT)!,
      },
    ]);
    if (worked.length > 0) throw constraintViolation(worked);
    await assertNotReferenced(tx, references, productionPlans, ids);
    await tx.delete(productionPlans).where(inArray(productionPlans.id, ids));
  });
}
