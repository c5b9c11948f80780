import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Route,
  RouteCreate,
  RouteOper,
  RouteOperCreate,
  RouteOpersOrder,
  RouteOperUpdate,
  RouteUpdate,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { operations } from '../operation/operation.table.ts';
import { routeOpers, routes } from './route.table.ts';

type RouteRow = typeof routes.$inferSelect;

export const ROUTE_UNIQUE = { routes_code_unique: 'code', route_opers_route_oper_uq: 'operationId' };

const routeView = (r: RouteRow, operCount: number, productCount: number): Route => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  operCount,
  productCount,
  ...auditView(r),
});

const operCountSql = sql<number>`(select count(*)::int from route_opers ro where ro.route_id = "routes"."id")`;
const productCountSql = sql<number>`(select count(*)::int from products p where p.route_id = "routes"."id")`;

export async function listRoutes(db: Executor): Promise<Route[]> {
  const rows = await db
    .select({ route: routes, operCount: operCountSql, productCount: productCountSql })
    .from(routes)
    .orderBy(asc(routes.code));
  return rows.map((r) => routeView(r.route, Number(r.operCount), Number(r.productCount)));
}

async function getRoute(db: Executor, id: number): Promise<Route> {
  const r = await firstOr404(
    db
      .select({ route: routes, operCount: operCountSql, productCount: productCountSql })
      .from(routes)
      .where(eq(routes.id, id)),
    'Route',
  );
  return routeView(r.route, Number(r.operCount), Number(r.productCount));
}

/** The operations of a route in sequence, with the operation's code, name and type. */
export async function routeOperList(db: Executor, routeId: number): Promise<RouteOper[]> {
  await firstOr404(db.select({ id: routes.id }).from(routes).where(eq(routes.id, routeId)), 'Route');
  const rows = await db
    .select({
      id: routeOpers.id,
      routeId: routeOpers.routeId,
      operationId: routeOpers.operationId,
      operationCode: operations.code,
      operationName: operations.name,
      operationType: operations.type,
      seq: routeOpers.seq,
      description: routeOpers.description,
    })
    .from(routeOpers)
    .innerJoin(operations, eq(operations.id, routeOpers.operationId))
    .where(eq(routeOpers.routeId, routeId))
    .orderBy(asc(routeOpers.seq), asc(routeOpers.id));
  return rows;
}

// ---- the route itself ----

const assertCodeFree = (tx: Executor, code: string, exceptId?: number) =>
  assertUnique(tx, routes, routes.id, { code: routes.code }, { code }, exceptId);

export async function createRoute(db: Db, actor: Actor, body: RouteCreate): Promise<Route> {
  return uniqueAs(ROUTE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await assertCodeFree(tx, body.code);
      const [row] = await tx
        .insert(routes)
        .values({ code: body.code, name: body.name, description: body.description ?? null, ...createdStamp(actor) })
        .returning();
      return routeView(row, 0, 0);
    }),
  );
}

export async function updateRoute(db: Db, actor: Actor, body: RouteUpdate): Promise<Route> {
  return uniqueAs(ROUTE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockRoute(tx, body.id);
      await assertCodeFree(tx, body.code, body.id);
      await tx
        .update(routes)
        .set({ code: body.code, name: body.name, description: body.description ?? null, ...updatedStamp(actor) })
        .where(eq(routes.id, body.id));
      return getRoute(tx, body.id);
    }),
  );
}

/** Blocked while a product uses the route (the registry: products declare it); its operations go with it (FK cascade). */
export async function deleteRoute({ db, references }: Deps, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockRoute(tx, id);
    await assertNotReferenced(tx, references, routes, [id]);
    await tx.delete(routes).where(eq(routes.id, id));
  });
}

// ---- its operations ----

/**
 * Every change of a route's operations first locks the route row, so concurrent additions, removals and
 * reorders of one route run one after another and the sequence stays 1..n without duplicates.
 */
async function lockRoute(tx: Tx, routeId: number, field?: string): Promise<RouteRow> {
  const [row] = await tx.select().from(routes).where(eq(routes.id, routeId)).for('update');
  if (!row) throw field ? invalidField(field, 'notExists') : notFound('Route');
  return row;
}

async function currentOrder(tx: Tx, routeId: number): Promise<{ id: number; operationId: number; seq: number }[]> {
  return tx
    .select({ id: routeOpers.id, operationId: routeOpers.operationId, seq: routeOpers.seq })
    .from(routeOpers)
    .where(eq(routeOpers.routeId, routeId))
    .orderBy(asc(routeOpers.seq), asc(routeOpers.id));
}

/** Writes seq 1..n in the given order (only rows whose seq changes). */
async function renumber(tx: Tx, actor: Actor, ordered: { id: number; seq: number }[]): Promise<void> {
  for (const [i, r] of ordered.entries()) {
    if (r.seq !== i + 1) {
      await tx
        .update(routeOpers)
        .set({ seq: i + 1, ...updatedStamp(actor) })
        .where(eq(routeOpers.id, r.id));
    }
  }
}

async function touchRoute(tx: Tx, actor: Actor, routeId: number) {
  await tx.update(routes).set(updatedStamp(actor)).where(eq(routes.id, routeId));
}

export async function addRouteOper(db: Db, actor: Actor, body: RouteOperCreate): Promise<RouteOper> {
  return uniqueAs(ROUTE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockRoute(tx, body.routeId, 'routeId');
      const [op] = await tx.select({ id: operations.id }).from(operations).where(eq(operations.id, body.operationId));
      if (!op) throw invalidField('operationId', 'notExists');
      const order = await currentOrder(tx, body.routeId);
      if (order.some((o) => o.operationId === body.operationId)) throw duplicate('operationId');
      const at = Math.min(body.seq ?? order.length + 1, order.length + 1);
      const [row] = await tx
        .insert(routeOpers)
        .values({
          routeId: body.routeId,
          operationId: body.operationId,
          seq: order.length + 1,
          description: body.description ?? null,
          ...createdStamp(actor),
        })
        .returning();
      const next = [...order];
      next.splice(at - 1, 0, { id: row.id, operationId: row.operationId, seq: row.seq });
      await renumber(tx, actor, next);
      await touchRoute(tx, actor, body.routeId);
      return findOper(tx, body.routeId, body.operationId);
    }),
  );
}

async function findOper(tx: Executor, routeId: number, operationId: number): Promise<RouteOper> {
  const list = await routeOperList(tx, routeId);
  const found = list.find((o) => o.operationId === operationId);
  if (!found) throw notFound('Route operation');
  return found;
}

export async function updateRouteOper(db: Db, actor: Actor, body: RouteOperUpdate): Promise<RouteOper> {
  return withTx(db, actor, async (tx) => {
    await lockRoute(tx, body.routeId);
    const [row] = await tx
      .update(routeOpers)
      .set({ description: body.description ?? null, ...updatedStamp(actor) })
      .where(and(eq(routeOpers.routeId, body.routeId), eq(routeOpers.operationId, body.operationId)))
      .returning({ id: routeOpers.id });
    if (!row) throw notFound('Route operation');
    return findOper(tx, body.routeId, body.operationId);
  });
}

/** Removes operations (by operation id) from a route, all or nothing, and renumbers the rest 1..n. */
export async function removeRouteOpers(db: Db, actor: Actor, routeId: number, operationIds: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockRoute(tx, routeId);
    const order = await currentOrder(tx, routeId);
    const present = new Set(order.map((o) => o.operationId));
    if (operationIds.some((id) => !present.has(id))) throw notFound('Route operation');
    await tx
      .delete(routeOpers)
      .where(and(eq(routeOpers.routeId, routeId), inArray(routeOpers.operationId, operationIds)));
    await renumber(
      tx,
      actor,
      order.filter((o) => !operationIds.includes(o.operationId)),
    );
    await touchRoute(tx, actor, routeId);
  });
}

/** The complete new order: exactly the route's operations, each once → seq 1..n. */
export async function reorderRouteOpers(db: Db, actor: Actor, body: RouteOpersOrder): Promise<RouteOper[]> {
  return withTx(db, actor, async (tx) => {
    await lockRoute(tx, body.routeId, 'routeId');
    const order = await currentOrder(tx, body.routeId);
    const byOperation = new Map(order.map((o) => [o.operationId, o]));
    const unique = new Set(body.operationIds);
    if (
      unique.size !== body.operationIds.length ||
      body.operationIds.length !== order.length ||
      body.operationIds.some((id) => !byOperation.has(id))
    ) {
      throw invalidField('operationIds', 'routeOrderMismatch');
    }
    await renumber(
      tx,
      actor,
      body.operationIds.map((id) => byOperation.get(id)!),
    );
    await touchRoute(tx, actor, body.routeId);
    return routeOperList(tx, body.routeId);
  });
}
