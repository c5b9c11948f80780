import type { Worker, WorkerHistory, WorkerHistoryQuery, WorkerTreeNode, WorkStatus } from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { auditView, firstOr404 } from '../../platform/crud.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { tools } from '../tool/tool.table.ts';
import { users } from '../user/user.table.ts';
import { workers } from './worker.table.ts';

// What the worker screen reads: workers with their user (id, user id, name: never how to reach them), line and the
// line's factory; the location tree with the workers on its lines; a worker's results (the daily plans they worked).

const lines = alias(locations, 'worker_lines');
const factories = alias(locations, 'worker_factories');

const selectWorkers = (db: Executor) =>
  db
    .select({
      w: workers,
      userPk: users.id,
      loginId: users.userId,
      username: users.username,
      lineName: lines.name,
      factoryId: factories.id,
      factoryName: factories.name,
    })
    .from(workers)
    .innerJoin(users, eq(users.id, workers.userId))
    .leftJoin(lines, eq(lines.id, workers.lineId))
    .leftJoin(factories, eq(factories.id, lines.parentId));

type WorkerJoined = Awaited<ReturnType<ReturnType<typeof selectWorkers>['execute']>>[number];

const workerView = ({ w, ...r }: WorkerJoined): Worker => ({
  id: w.id,
  user: { id: r.userPk, userId: r.loginId, username: r.username },
  lineId: w.lineId,
  lineName: r.lineName ?? null,
  factoryId: r.factoryId ?? null,
  factoryName: r.factoryName ?? null,
  description: w.description,
  ...auditView(w),
});

/** Workers matching `where`, by factory, line (each by its sort, then name; the unassigned last) and name. */
async function workersWhere(db: Executor, where?: SQL): Promise<Worker[]> {
  const rows = await selectWorkers(db)
    .where(where)
    .orderBy(
      sql`${factories.sort} asc nulls last`,
      sql`${factories.name} asc nulls last`,
      sql`${lines.sort} asc nulls last`,
      sql`${lines.name} asc nulls last`,
      asc(users.username),
      asc(workers.id),
    );
  return rows.map(workerView);
}

export const listWorkers = (db: Executor) => workersWhere(db);

export const workersWithoutLine = (db: Executor) => workersWhere(db, isNull(workers.lineId));

export async function getWorker(db: Executor, id: number): Promise<Worker> {
  return firstOr404(workersWhere(db, eq(workers.id, id)), 'Worker');
}

/** The workers of a line, or of every line below a factory or site (none below a warehouse); 404 without it. */
export async function workersAt(db: Executor, locationId: number): Promise<Worker[]> {
  await firstOr404(db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)), 'Location');
  const ids = await subtreeIds(db, [locationId]);
  return workersWhere(db, inArray(workers.lineId, ids));
}

const TREE_TYPES = ['SITE', 'FACTORY', 'LINE'];

/**
 * Sites → factories → lines (every one, in the location tree's order) with the workers of each line under it, by
 * name. Each location counts the workers at it and below it; the unassigned are not in it (GET /worker/no-location).
 */
export async function workerTree(db: Executor): Promise<WorkerTreeNode[]> {
  const locs = await db
    .select()
    .from(locations)
    .where(inArray(locations.type, TREE_TYPES))
    .orderBy(asc(locations.sort), asc(locations.name), asc(locations.id));
  const byId = new Map(locs.map((l) => [l.id, l]));
  const nodes = new Map<number, WorkerTreeNode>();
  for (const l of locs) {
    nodes.set(l.id, {
      key: `L${l.id}`,
      kind: 'LOCATION',
      id: l.id,
      name: l.name,
      type: l.type,
      userId: null,
      workerCount: 0,
      children: [],
    });
  }
  const roots: WorkerTreeNode[] = [];
  for (const l of locs) {
    const parent = l.parentId != null && byId.has(l.parentId) ? nodes.get(l.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(l.id)!);
  }
  const assigned = await db
    .select({ id: workers.id, lineId: workers.lineId, loginId: users.userId, username: users.username })
    .from(workers)
    .innerJoin(users, eq(users.id, workers.userId))
    .where(isNotNull(workers.lineId))
    .orderBy(asc(users.username), asc(workers.id));
  for (const w of assigned) {
    const line = nodes.get(w.lineId!);
    if (!line) continue;
    line.children.push({
      key: `W${w.id}`,
      kind: 'WORKER',
      id: w.id,
      name: w.username,
      type: 'WORKER',
      userId: w.loginId,
      workerCount: 1,
      children: [],
    });
  }
  const count = (n: WorkerTreeNode): number => {
    if (n.kind === 'WORKER') return 1;
    n.workerCount = n.children.reduce((acc, c) => acc + count(c), 0);
    return n.workerCount;
  };
  for (const r of roots) count(r);
  return roots;
}

const historyTools = alias(tools, 'worker_history_tools');
const historyLines = alias(locations, 'worker_history_lines');

/**
 * The results of workers in a period (the daily plans whose worker_id is the worker's user), newest day first;
 * every worker's when `workers` is absent. Bounded by the period (at most 93 days, the contract checks).
 */
export async function workerHistory(db: Executor, q: WorkerHistoryQuery): Promise<WorkerHistory[]> {
  const rows = await db
    .select({
      d: dailyPlans,
      workerId: workers.id,
      userPk: users.id,
      loginId: users.userId,
      username: users.username,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      operationName: operations.name,
      lineId: productionPlans.lineId,
      lineName: historyLines.name,
      toolName: historyTools.name,
    })
    .from(dailyPlans)
    .innerJoin(workers, eq(workers.userId, dailyPlans.workerId))
    .innerJoin(users, eq(users.id, workers.userId))
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(historyLines, eq(historyLines.id, productionPlans.lineId))
    .leftJoin(historyTools, eq(historyTools.id, dailyPlans.toolId))
    .where(
      and(
        gte(dailyPlans.day, q.startDt),
        lte(dailyPlans.day, q.endDt),
        q.workers?.length ? inArray(workers.id, q.workers) : undefined,
      ),
    )
    .orderBy(
      desc(dailyPlans.day),
      sql`${dailyPlans.startedAt} desc nulls last`,
      asc(users.username),
      asc(productionOperPlans.seq),
      desc(dailyPlans.id),
    );
  return rows.map(({ d, ...r }) => ({
    id: d.id,
    day: d.day,
    workerId: r.workerId,
    user: { id: r.userPk, userId: r.loginId, username: r.username },
    planId: d.planId,
    productCode: r.productCode,
    productName: r.productName,
    unit: r.unit,
    operationName: r.operationName,
    lineId: r.lineId,
    lineName: r.lineName,
    toolName: r.toolName ?? null,
    targetQty: d.targetQty,
    goodQty: d.goodQty,
    badQty: d.badQty,
    status: d.status as WorkStatus,
    startedAt: d.startedAt?.toISOString() ?? null,
    endedAt: d.endedAt?.toISOString() ?? null,
  }));
}
