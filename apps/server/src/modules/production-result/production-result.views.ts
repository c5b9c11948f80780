import type {
  KioskFactory,
  KioskWorks,
  ProductionOperPlan,
  ProductionResult,
  ProductionResultDetail,
  ResultListQuery,
} from '@eqms/contract';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { todayIn } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { locationRefs } from '../location/location.paths.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { consumptionsOf } from '../production-material/production-material.consume.ts';
import {
  type DailyJoined,
  dailyView,
  lineWithin,
  listOperPlans,
  selectDaily,
} from '../production-plan/production-plan.views.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { users } from '../user/user.table.ts';
import { workers } from '../worker/worker.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { stockPlaceOf } from './production-result.lot.ts';
import { dailyPlanDefects } from './production-result.table.ts';

// What the results screen and the kiosk read: daily plans with their result — worker, defects, the plan's lot.

/** Adds what a result shows beyond its daily plan: the plan's qty, period and last sequence, worker, defects, lot. */
async function resultViews(db: Executor, rows: DailyJoined[]): Promise<ProductionResult[]> {
  if (rows.length === 0) return [];
  const planIds = [...new Set(rows.map((r) => r.d.planId))];
  const ids = rows.map((r) => r.d.id);
  const workerIds = [...new Set(rows.map((r) => r.d.workerId).filter((v): v is number => v != null))];
  const [plans, names, defects] = await Promise.all([
    // With the plan's lot (made once its last operation produced).
    db
      .select({
        id: productionPlans.id,
        qty: productionPlans.qty,
        startDt: productionPlans.startDt,
        endDt: productionPlans.endDt,
        lastSeq:
          sql<number>`(select max(o.seq) from production_oper_plans o where o.plan_id = production_plans.id)`.mapWith(
            Number,
          ),
        lotId: lots.lotId,
      })
      .from(productionPlans)
      .leftJoin(lots, eq(lots.planId, productionPlans.id))
      .where(inArray(productionPlans.id, planIds)),
    workerIds.length
      ? db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, workerIds))
      : [],
    db
      .select({
        dailyPlanId: dailyPlanDefects.dailyPlanId,
        defectCode: dailyPlanDefects.defectCode,
        qty: dailyPlanDefects.qty,
      })
      .from(dailyPlanDefects)
      .where(inArray(dailyPlanDefects.dailyPlanId, ids))
      .orderBy(asc(dailyPlanDefects.defectCode)),
  ]);
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((r) => {
    const p = planOf.get(r.d.planId);
    return {
      ...dailyView(r),
      planQty: p?.qty ?? 0,
      planStartDt: p?.startDt ?? r.d.day,
      planEndDt: p?.endDt ?? r.d.day,
      lastSeq: p?.lastSeq ?? r.seq,
      workerId: r.d.workerId,
      workerName: r.d.workerId != null ? (nameOf.get(r.d.workerId) ?? null) : null,
      defects: defects.filter((x) => x.dailyPlanId === r.d.id).map(({ defectCode, qty }) => ({ defectCode, qty })),
      lotId: p?.lotId ?? null,
    };
  });
}

const ORDER = [
  asc(dailyPlans.day),
  asc(locations.name),
  asc(productionPlans.id),
  asc(productionOperPlans.seq),
  asc(dailyPlans.id),
];

export async function resultsByIds(db: Executor, ids: number[]): Promise<ProductionResult[]> {
  if (ids.length === 0) return [];
  const rows = await selectDaily(db).where(inArray(dailyPlans.id, ids));
  const views = await resultViews(db, rows);
  return ids.map((id) => views.find((v) => v.id === id)).filter((v): v is ProductionResult => !!v);
}

/** One result with the packages it consumed and where its good quantity went. */
export async function getResult(db: Executor, id: number): Promise<ProductionResultDetail> {
  // The three reads side by side (a missing daily plan has neither consumption nor a place).
  const [[view], consumed, { placeId, path }] = await Promise.all([
    resultsByIds(db, [id]),
    consumptionsOf(db, [id]),
    stockPlaceOf(db, id).then(async (place) => ({
      placeId: place,
      path: place != null ? (await locationRefs(db, [place])).get(place)?.path.join(' / ') : null,
    })),
  ]);
  if (!view) throw notFound('Daily plan');
  return {
    ...view,
    consumptions: consumed.map(({ dailyPlanId: _d, expiryDate: _e, ...c }) => c),
    stockLocationId: placeId,
    stockLocationPath: path ?? null,
  };
}

/** Results whose day falls in the period, by day, line, plan and sequence, one page with the total. */
export async function listResults(
  db: Executor,
  q: ResultListQuery,
): Promise<{ data: ProductionResult[]; total: number }> {
  const where = and(
    gte(dailyPlans.day, q.startDt),
    lte(dailyPlans.day, q.endDt),
    q.locationId ? await lineWithin(db, q.locationId) : undefined,
    textFilter([products.code, products.name], q.q),
    q.status?.length ? inArray(dailyPlans.status, q.status) : undefined,
  );
  const rows = await selectDaily(db)
    .where(where)
    .orderBy(...ORDER)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(where);
  return { data: await resultViews(db, rows), total: n };
}

const factories = alias(locations, 'factories');
/** GET /kiosk/locations: factories with their lines, in the tree's order. */
export async function kioskLocations(db: Executor): Promise<KioskFactory[]> {
  const rows = await db
    .select({ id: locations.id, name: locations.name, factoryId: factories.id, factoryName: factories.name })
    .from(locations)
    .innerJoin(factories, eq(factories.id, locations.parentId))
    .where(and(eq(locations.type, 'LINE'), eq(factories.type, 'FACTORY')))
    .orderBy(asc(factories.sort), asc(factories.id), asc(locations.sort), asc(locations.id));
  const out: KioskFactory[] = [];
  for (const r of rows) {
    let f = out.find((x) => x.id === r.factoryId);
    if (!f) {
      f = { id: r.factoryId, name: r.factoryName, lines: [] };
      out.push(f);
    }
    f.lines.push({ id: r.id, name: r.name });
  }
  return out;
}

const warehouses = alias(locations, 'warehouses');
/** GET /kiosk/works: a line's daily plans of the factory's today, earlier ones still working, its workers, shelves. */
export async function kioskWorks(
  db: Executor,
  q: { fabId: number; lineId: number },
  timeZone: string,
): Promise<KioskWorks> {
  const [line] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, q.lineId), eq(locations.parentId, q.fabId), eq(locations.type, 'LINE')));
  if (!line) throw notFound('Line');
  const day = todayIn(timeZone);
  const [rows, crew, shelves] = await Promise.all([
    selectDaily(db)
      .where(
        and(
          eq(productionPlans.lineId, q.lineId),
          or(eq(dailyPlans.day, day), and(lte(dailyPlans.day, day), eq(dailyPlans.status, 'WORKING'))),
        ),
      )
      .orderBy(...ORDER),
    db
      .select({ id: users.id, userId: users.userId, username: users.username })
      .from(workers)
      .innerJoin(users, eq(users.id, workers.userId))
      .where(and(eq(workers.lineId, q.lineId), eq(users.enabled, true)))
      .orderBy(asc(users.username)),
    db
      .select({ id: locations.id, name: locations.name, warehouse: warehouses.name })
      .from(locations)
      .innerJoin(warehouses, eq(warehouses.id, locations.parentId))
      .where(and(eq(locations.type, 'SHELF'), eq(warehouses.type, 'WAREHOUSE'), eq(warehouses.parentId, q.fabId)))
      .orderBy(asc(warehouses.sort), asc(warehouses.id), asc(locations.sort), asc(locations.id)),
  ]);
  return {
    day,
    lineId: line.id,
    lineName: line.name,
    dailyPlans: await resultViews(db, rows),
    workers: crew,
    shelves: shelves.map((s) => ({ id: s.id, name: s.name, path: `${s.warehouse} / ${s.name}` })),
  };
}

/** GET /kiosk/daily-plans: every daily plan of the given plans. */
export async function kioskDailyPlans(db: Executor, planIds: number[]): Promise<ProductionResult[]> {
  const rows = await selectDaily(db)
    .where(inArray(dailyPlans.planId, planIds))
    .orderBy(...ORDER);
  return resultViews(db, rows);
}

/** GET /kiosk/oper-plans: the operation plans of the given products' plans running today. */
export async function kioskOperPlans(
  db: Executor,
  productIds: number[],
  timeZone: string,
): Promise<ProductionOperPlan[]> {
  const day = todayIn(timeZone);
  const plans = await db
    .select({ id: productionPlans.id })
    .from(productionPlans)
    .where(
      and(
        inArray(productionPlans.productId, productIds),
        lte(productionPlans.startDt, day),
        gte(productionPlans.endDt, day),
      ),
    )
    .orderBy(asc(productionPlans.id));
  const out: ProductionOperPlan[] = [];
  for (const p of plans) out.push(...(await listOperPlans(db, p.id)));
  return out;
}
