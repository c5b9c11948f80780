import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  OperPlan,
  OperPlanCreate,
  OperPlanItem,
  OperPlansCreate,
  OperPlansUpdate,
  OperPlanUpdate,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { auditView, createdStamp, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { routeOpers, routes } from '../route/route.table.ts';
import { tools } from '../tool/tool.table.ts';
import { operPlans } from './oper-plan.table.ts';

export const OPER_PLAN_UNIQUE = { oper_plans_product_oper_uq: 'operationId' };

/** A product's operation plan in sequence, with the operation's and the tool's code and name. */
export async function listOperPlans(db: Executor, productId: number): Promise<OperPlan[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const rows = await db
    .select({
      plan: operPlans,
      operationCode: operations.code,
      operationName: operations.name,
      operationType: operations.type,
      toolCode: tools.code,
      toolName: tools.name,
    })
    .from(operPlans)
    .innerJoin(operations, eq(operations.id, operPlans.operationId))
    .leftJoin(tools, eq(tools.id, operPlans.toolId))
    .where(eq(operPlans.productId, productId))
    .orderBy(asc(operPlans.seq), asc(operPlans.id));
  return rows.map(({ plan: p, ...names }) => ({
    id: p.id,
    productId: p.productId,
    operationId: p.operationId,
    operationCode: names.operationCode,
    operationName: names.operationName,
    operationType: names.operationType,
    seq: p.seq,
    toolId: p.toolId,
    toolCode: names.toolCode ?? null,
    toolName: names.toolName ?? null,
    cycleTime: p.cycleTime,
    capacity: p.capacity,
    description: p.description,
    ...auditView(p),
  }));
}

// ---- checks ----

/**
 * Locks the product row: every change of one product's plan runs after the other, so seq stays 1..n.
 * (A missing product in a body is a 400 on productId.)
 */
async function lockProduct(tx: Tx, productId: number, missing: 'field' | '404' = 'field'): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw missing === 'field' ? invalidField('productId', 'notExists') : notFound('Product');
}

async function assertOperationsExist(tx: Tx, ids: number[], field = 'operationId'): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.select({ id: operations.id }).from(operations).where(inArray(operations.id, ids));
  if (found.length !== new Set(ids).size) throw invalidField(field, 'notExists');
}

/** A tool that runs an operation must stand on a LINE; tools under a WAREHOUSE are racks. */
async function assertToolsOnLine(tx: Tx, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: tools.id, locationType: locations.type })
    .from(tools)
    .innerJoin(locations, eq(locations.id, tools.locationId))
    .where(inArray(tools.id, wanted));
  if (found.length !== wanted.length) throw invalidField('toolId', 'notExists');
  if (found.some((t) => t.locationType !== 'LINE')) throw invalidField('toolId', 'toolNotOnLine');
}

type PlanRow = typeof operPlans.$inferSelect;

async function currentPlan(tx: Tx, productId: number): Promise<PlanRow[]> {
  return tx
    .select()
    .from(operPlans)
    .where(eq(operPlans.productId, productId))
    .orderBy(asc(operPlans.seq), asc(operPlans.id));
}

/** Writes seq 1..n in the given order (only rows whose seq changes). */
async function renumber(tx: Tx, actor: Actor, ordered: { id: number; seq: number }[]): Promise<void> {
  for (const [i, r] of ordered.entries()) {
    if (r.seq !== i + 1) {
      await tx
        .update(operPlans)
        .set({ seq: i + 1, ...updatedStamp(actor) })
        .where(eq(operPlans.id, r.id));
    }
  }
}

/** Moves a row to position `seq` (1-based, clamped) in the order. */
function moveTo<T extends { id: number }>(order: T[], row: T, seq: number): T[] {
  const rest = order.filter((r) => r.id !== row.id);
  const at = Math.max(0, Math.min(seq - 1, rest.length));
  rest.splice(at, 0, row);
  return rest;
}

// ---- create ----

async function insertPlans(tx: Tx, actor: Actor, productId: number, items: OperPlanItem[]): Promise<void> {
  const ids = items.map((i) => i.operationId);
  if (new Set(ids).size !== ids.length) throw duplicate('operationId');
  await assertOperationsExist(tx, ids);
  await assertToolsOnLine(
    tx,
    items.map((i) => i.toolId),
  );
  let order = await currentPlan(tx, productId);
  const present = new Set(order.map((o) => o.operationId));
  if (ids.some((id) => present.has(id))) throw duplicate('operationId');
  for (const item of items) {
    const [row] = await tx
      .insert(operPlans)
      .values({
        productId,
        operationId: item.operationId,
        seq: order.length + 1,
        toolId: item.toolId ?? null,
        cycleTime: item.cycleTime ?? null,
        capacity: item.capacity ?? null,
        description: item.description ?? null,
        ...createdStamp(actor),
      })
      .returning();
    order = item.seq ? moveTo([...order, row], row, item.seq) : [...order, row];
  }
  await renumber(tx, actor, order);
}

export async function createOperPlan(db: Db, actor: Actor, body: OperPlanCreate): Promise<OperPlan[]> {
  return uniqueAs(OPER_PLAN_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockProduct(tx, body.productId);
      await insertPlans(tx, actor, body.productId, [body]);
      return listOperPlans(tx, body.productId);
    }),
  );
}

/** Explicit rows, or "from a route": the route's operations not yet in the plan, in route order, after the rest. */
export async function createOperPlans(db: Db, actor: Actor, body: OperPlansCreate): Promise<OperPlan[]> {
  return uniqueAs(OPER_PLAN_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockProduct(tx, body.productId);
      if ('routeId' in body) {
        const [route] = await tx.select({ id: routes.id }).from(routes).where(eq(routes.id, body.routeId));
        if (!route) throw invalidField('routeId', 'notExists');
        const present = new Set((await currentPlan(tx, body.productId)).map((p) => p.operationId));
        const fromRoute = await tx
          .select({ operationId: routeOpers.operationId, description: routeOpers.description })
          .from(routeOpers)
          .where(eq(routeOpers.routeId, body.routeId))
          .orderBy(asc(routeOpers.seq), asc(routeOpers.id));
        const items = fromRoute
          .filter((r) => !present.has(r.operationId))
          .map((r) => ({ operationId: r.operationId, description: r.description }));
        await insertPlans(tx, actor, body.productId, items);
      } else {
        await insertPlans(tx, actor, body.productId, body.plans);
      }
      return listOperPlans(tx, body.productId);
    }),
  );
}

// ---- modify ----

async function applyChanges(tx: Tx, actor: Actor, productId: number, items: OperPlanItem[]): Promise<void> {
  const ids = items.map((i) => i.operationId);
  if (new Set(ids).size !== ids.length) throw duplicate('operationId');
  await assertToolsOnLine(
    tx,
    items.map((i) => i.toolId),
  );
  const order = await currentPlan(tx, productId);
  const byOperation = new Map(order.map((o) => [o.operationId, o]));
  if (ids.some((id) => !byOperation.has(id))) throw notFound('Operation plan');
  for (const item of items) {
    await tx
      .update(operPlans)
      .set({
        toolId: item.toolId ?? null,
        cycleTime: item.cycleTime ?? null,
        capacity: item.capacity ?? null,
        description: item.description ?? null,
        ...updatedStamp(actor),
      })
      .where(eq(operPlans.id, byOperation.get(item.operationId)!.id));
  }
  // The whole plan listed = the new order (the screen's reorder); otherwise rows with a seq move there.
  let next: PlanRow[];
  if (items.length === order.length) next = ids.map((id) => byOperation.get(id)!);
  else {
    next = order;
    for (const item of items) {
      if (item.seq) next = moveTo(next, byOperation.get(item.operationId)!, item.seq);
    }
  }
  await renumber(tx, actor, next);
}

export async function updateOperPlan(db: Db, actor: Actor, body: OperPlanUpdate): Promise<OperPlan[]> {
  return withTx(db, actor, async (tx) => {
    await lockProduct(tx, body.productId);
    await applyChanges(tx, actor, body.productId, [body]);
    return listOperPlans(tx, body.productId);
  });
}

export async function updateOperPlans(db: Db, actor: Actor, body: OperPlansUpdate): Promise<OperPlan[]> {
  return withTx(db, actor, async (tx) => {
    await lockProduct(tx, body.productId);
    await applyChanges(tx, actor, body.productId, body.plans);
    return listOperPlans(tx, body.productId);
  });
}

// ---- delete ----

/** Removes operations from a product's plan, all or nothing (404 if any is not in it), and renumbers 1..n. */
export async function deleteOperPlans(db: Db, actor: Actor, productId: number, operationIds: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockProduct(tx, productId, '404');
    const order = await currentPlan(tx, productId);
    const present = new Set(order.map((o) => o.operationId));
    if (operationIds.some((id) => !present.has(id))) throw notFound('Operation plan');
    await tx
      .delete(operPlans)
      .where(and(eq(operPlans.productId, productId), inArray(operPlans.operationId, operationIds)));
    await renumber(
      tx,
      actor,
      order.filter((o) => !operationIds.includes(o.operationId)),
    );
  });
}
