import type {
  PlanProducts,
  ProdProductStockFilter,
  ProductionProductMovement,
  ProductionProductMovementType,
  ProductionProductStock,
} from '@eqms/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { auditView, sameKey } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { grossPerUnit } from '../bom/bom.explode.ts';
import { boms } from '../bom/bom.table.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';

// What the product issue screen and the phone read: released lots with the consuming plan, its line, the lot and the
// semi-finished product; a plan's child products against its BOM; a released lot's movements at the line.

export type ProdProductDeps = { db: Db; timeZone: string };

const p = productionProductStocks;
const planProducts = alias(products, 'plan_products');

// The line, the shelf the lot came from and whether that row is discarded are read per row by scalar subqueries, not
// joined: with them the join had eight relations, and PostgreSQL spent ten to twenty times the execution choosing an
// order for them (75 ms of planning for 3 ms of work on the bench's page of 50, bench/RESULTS.md 2026-11-26). Five
// relations remain — the ones the filter and the order need — and a subquery is planned once, by its key.
const lineName = sql<string>`(select l.name from locations l where l.id = ${p.lineId})`;
const stockRow = <T>(column: SQL) =>
  sql<T>`(select ${column} from product_stocks ps join locations s on s.id = ps.location_id where ps.id = ${p.productStockId})`;

const selectProd = (db: Executor) =>
  db
    .select({
      p,
      planProductId: productionPlans.productId,
      planProductCode: planProducts.code,
      planProductName: planProducts.name,
      planStartDt: productionPlans.startDt,
      planEndDt: productionPlans.endDt,
      lineName,
      locationId: stockRow<number>(sql`ps.location_id`),
      locationName: stockRow<string>(sql`s.name`),
      disposed: stockRow<boolean>(sql`ps.disposed`),
      lotId: lots.lotId,
      expiryDate: lots.expiryDate,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
    })
    .from(p)
    .innerJoin(productionPlans, eq(productionPlans.id, p.planId))
    .innerJoin(planProducts, eq(planProducts.id, productionPlans.productId))
    .innerJoin(lots, eq(lots.id, p.lotRowId))
    .innerJoin(products, eq(products.id, p.productId));

type ProdJoined = Awaited<ReturnType<ReturnType<typeof selectProd>['execute']>>[number];

const prodView = ({ p: r, ...j }: ProdJoined): ProductionProductStock => ({
  id: r.id,
  planId: r.planId,
  planProductId: j.planProductId,
  planProductCode: j.planProductCode,
  planProductName: j.planProductName,
  planStartDt: j.planStartDt,
  planEndDt: j.planEndDt,
  lineId: r.lineId,
  lineName: j.lineName,
  productStockId: r.productStockId,
  locationId: j.locationId,
  locationName: j.locationName,
  disposed: j.disposed,
  lotRowId: r.lotRowId,
  lotId: j.lotId,
  expiryDate: j.expiryDate,
  productId: r.productId,
  productCode: j.productCode,
  productName: j.productName,
  unit: j.unit,
  qty: r.qty,
  releasedQty: r.releasedQty,
  restockedQty: r.restockedQty,
  consumedQty: r.consumedQty,
  ...auditView(r),
});

const ORDER = [asc(products.code), asc(lots.lotId), asc(p.id)];

export async function getProdProductStock(db: Executor, id: number): Promise<ProductionProductStock> {
  const [row] = await selectProd(db).where(eq(p.id, id));
  if (!row) throw notFound('Production product stock');
  return prodView(row);
}

/** Released lots with this LOT ID (any case) still at a line; 404 when none is. */
export async function prodProductsByLotId(db: Executor, lotId: string): Promise<ProductionProductStock[]> {
  const rows = await selectProd(db)
    .where(and(sameKey(lots.lotId, lotId), gt(p.qty, 0)))
    .orderBy(asc(productionPlans.startDt), asc(p.id));
  if (rows.length === 0) throw notFound('Production product stock');
  return rows.map(prodView);
}

/** Released lots of the plans meeting the period, newest plans first, one page (all: `page` null) with the total. */
export async function listProdProductStocks(
  db: Executor,
  q: ProdProductStockFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: ProductionProductStock[]; total: number }> {
  const where = and(
    lte(productionPlans.startDt, q.endDt),
    gte(productionPlans.endDt, q.startDt),
    textFilter([lots.lotId, products.code, products.name, planProducts.code, planProducts.name], q.q),
  );
  const ordered = selectProd(db)
    .where(where)
    .orderBy(desc(productionPlans.startDt), desc(p.planId), ...ORDER);
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(p)
    .innerJoin(productionPlans, eq(productionPlans.id, p.planId))
    .innerJoin(planProducts, eq(planProducts.id, productionPlans.productId))
    .innerJoin(lots, eq(lots.id, p.lotRowId))
    .innerJoin(products, eq(products.id, p.productId))
    .where(where);
  return { data: rows.map(prodView), total: n };
}

/** A released lot's movements at the line, oldest first. */
export async function prodProductHistory(db: Executor, id: number): Promise<ProductionProductMovement[]> {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, id));
  if (!row) throw notFound('Production product stock');
  const h = productionProductHistories;
  const rows = await db.select().from(h).where(eq(h.prodProductStockId, id)).orderBy(asc(h.id));
  return rows.map((r) => ({
    id: r.id,
    prodProductStockId: r.prodProductStockId,
    type: r.type as ProductionProductMovementType,
    qty: r.qty,
    balance: r.balance,
    productStockHistoryId: r.productStockHistoryId,
    dailyPlanId: r.dailyPlanId,
    reason: r.reason,
    day: r.day,
    occurredAt: r.occurredAt.toISOString(),
    createdBy: r.createdBy,
  }));
}

/** The child products one unit of a product takes: its BOM lines of child products, loss included, per product. */
export async function childProductsPerUnit(db: Executor, productId: number): Promise<Map<number, number>> {
  const lines = await db
    .select({ childProductId: boms.childProductId, qty: boms.qty, lossRate: boms.lossRate })
    .from(boms)
    .where(and(eq(boms.parentProductId, productId), isNotNull(boms.childProductId)));
  const out = new Map<number, number>();
  for (const l of lines) {
    const id = l.childProductId as number;
    out.set(id, (out.get(id) ?? 0) + grossPerUnit(l));
  }
  return out;
}

/**
 * The child products whose consumption a plan tracks: those of which something stayed at its line (released −
 * restocked > 0 over its rows). A sub-assembly nobody releases by lot is not tracked: results do not wait for it.
 */
export async function trackedProducts(db: Executor, planId: number): Promise<Set<number>> {
  const rows = await db
    .select({ productId: p.productId })
    .from(p)
    .where(eq(p.planId, planId))
    .groupBy(p.productId)
    .having(sql`sum(${p.releasedQty} - ${p.restockedQty}) > 0`);
  return new Set(rows.map((r) => r.productId));
}

/** Product stock on hand per product: its lots' rows, discarded ones aside. */
async function productStockOnHand(db: Executor, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: lots.productId, qty: sql<number>`sum(${productStocks.qty})`.mapWith(Number) })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(and(inArray(lots.productId, productIds), eq(productStocks.disposed, false)))
    .groupBy(lots.productId);
  return new Map(rows.map((r) => [r.productId, r.qty]));
}

/**
 * A plan's semi-finished requirement: what its product's BOM lines of child products need for the plan's qty (loss
 * included), what was released, restocked and consumed, what is at the line and still to release, and the product
 * stock on hand; with the plan's released lots.
 */
export async function planProductRequirement(db: Executor, planId: number): Promise<PlanProducts> {
  const [plan] = await db
    .select({ plan: productionPlans, code: products.code, name: products.name })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(eq(productionPlans.id, planId));
  if (!plan) throw notFound('Production plan');
  const required = new Map<number, number>();
  for (const [id, perUnit] of await childProductsPerUnit(db, plan.plan.productId))
    required.set(id, perUnit * plan.plan.qty);
  const stocks = (
    await selectProd(db)
      .where(eq(p.planId, planId))
      .orderBy(...ORDER)
  ).map(prodView);
  const ids = [...new Set([...required.keys(), ...stocks.map((s) => s.productId)])];
  const info = ids.length
    ? await db
        .select({ id: products.id, code: products.code, name: products.name, unit: products.unit })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const onHand = await productStockOnHand(db, ids);
  const sum = (productId: number, pick: (s: ProductionProductStock) => number) =>
    round5(stocks.filter((s) => s.productId === productId).reduce((acc, s) => acc + pick(s), 0));
  const list = info
    .map((c) => {
      const requiredQty = round5(required.get(c.id) ?? 0);
      const releasedQty = sum(c.id, (s) => s.releasedQty);
      const restockedQty = sum(c.id, (s) => s.restockedQty);
      return {
        productId: c.id,
        code: c.code,
        name: c.name,
        unit: c.unit,
        requiredQty,
        releasedQty,
        restockedQty,
        consumedQty: sum(c.id, (s) => s.consumedQty),
        atLineQty: sum(c.id, (s) => s.qty),
        toReleaseQty: round5(Math.max(0, requiredQty - (releasedQty - restockedQty))),
        stockQty: round5(onHand.get(c.id) ?? 0),
        tracked: round5(releasedQty - restockedQty) > 0,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    planId,
    productId: plan.plan.productId,
    productCode: plan.code,
    productName: plan.name,
    qty: plan.plan.qty,
    lineId: plan.plan.lineId,
    products: list,
    stocks,
  };
}
