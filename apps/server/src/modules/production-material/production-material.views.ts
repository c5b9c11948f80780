import type {
  PlanMaterials,
  ProdStockFilter,
  ProductionMaterialMovement,
  ProductionMaterialMovementType,
  ProductionMaterialStock,
  ProductionPlanTreeNode,
} from '@eqms/contract';
import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { auditView, sameKey } from '../../platform/crud.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { grossPerUnit } from '../bom/bom.explode.ts';
import { boms } from '../bom/bom.table.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { materials } from '../material/material.table.ts';
import { stockOnHand } from '../material-stock/material-stock.service.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { products } from '../product/product.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { productionMaterialHistories, productionMaterialStocks } from './production-material.table.ts';

// What the production material issue screen and the phone read: released packages with their plan, line, package
// and material; a plan's materials against its BOM; the plans by factory and line; a package's movements at the line.

export type ProdDeps = { db: Db; timeZone: string };

const p = productionMaterialStocks;
const selectProd = (db: Executor) =>
  db
    .select({
      p,
      productCode: products.code,
      productName: products.name,
      planStartDt: productionPlans.startDt,
      planEndDt: productionPlans.endDt,
      lineName: locations.name,
      packageId: materialStocks.packageId,
      supplierLot: materialStocks.supplierLot,
      expiryDate: materialStocks.expiryDate,
      materialCode: materials.code,
      materialName: materials.name,
      unit: materials.unit,
    })
    .from(p)
    .innerJoin(productionPlans, eq(productionPlans.id, p.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(locations, eq(locations.id, p.lineId))
    .innerJoin(materialStocks, eq(materialStocks.id, p.stockId))
    .innerJoin(materials, eq(materials.id, p.materialId));

type ProdJoined = Awaited<ReturnType<ReturnType<typeof selectProd>['execute']>>[number];

const prodView = ({ p: r, ...j }: ProdJoined): ProductionMaterialStock => ({
  id: r.id,
  planId: r.planId,
  productCode: j.productCode,
  productName: j.productName,
  planStartDt: j.planStartDt,
  planEndDt: j.planEndDt,
  lineId: r.lineId,
  lineName: j.lineName,
  stockId: r.stockId,
  packageId: j.packageId,
  supplierLot: j.supplierLot,
  expiryDate: j.expiryDate,
  materialId: r.materialId,
  materialCode: j.materialCode,
  materialName: j.materialName,
  unit: j.unit,
  qty: r.qty,
  releasedQty: r.releasedQty,
  restockedQty: r.restockedQty,
  consumedQty: r.consumedQty,
  ...auditView(r),
});

const ORDER = [asc(materials.code), asc(p.id)];

export async function getProdStock(deps: ProdDeps, id: number): Promise<ProductionMaterialStock> {
  const [row] = await selectProd(deps.db).where(eq(p.id, id));
  if (!row) throw notFound('Production material stock');
  return prodView(row);
}

/** Released packages with this package ID (any case) still at a line; 404 when none is. */
export async function prodStocksByBarcode(db: Executor, code: string): Promise<ProductionMaterialStock[]> {
  const rows = await selectProd(db)
    .where(and(sameKey(materialStocks.packageId, code), gt(p.qty, 0)))
    .orderBy(asc(productionPlans.startDt), asc(p.id));
  if (rows.length === 0) throw notFound('Production material stock');
  return rows.map(prodView);
}

/** Released material still at a line, or at every line below a factory or site. */
export async function prodStocksAt(db: Executor, locationId: number): Promise<ProductionMaterialStock[]> {
  const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw notFound('Location');
  const ids = await subtreeIds(db, [locationId]);
  const rows = await selectProd(db)
    .where(and(inArray(p.lineId, ids), gt(p.qty, 0)))
    .orderBy(...ORDER);
  return rows.map(prodView);
}

/** Released material of the plans meeting the period, newest plans first, one page (all: `page` null) with the total. */
export async function listProdStocks(
  db: Executor,
  q: ProdStockFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: ProductionMaterialStock[]; total: number }> {
  const where = and(
    lte(productionPlans.startDt, q.endDt),
    gte(productionPlans.endDt, q.startDt),
    textFilter([materials.code, materials.name, materialStocks.packageId, products.code, products.name], q.q),
  );
  const ordered = selectProd(db)
    .where(where)
    .orderBy(desc(productionPlans.startDt), desc(p.planId), ...ORDER);
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(p)
    .innerJoin(productionPlans, eq(productionPlans.id, p.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(materialStocks, eq(materialStocks.id, p.stockId))
    .innerJoin(materials, eq(materials.id, p.materialId))
    .where(where);
  return { data: rows.map(prodView), total: n };
}

/** A released package's movements at the line, oldest first. */
export async function prodStockHistory(db: Executor, id: number): Promise<ProductionMaterialMovement[]> {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, id));
  if (!row) throw notFound('Production material stock');
  const h = productionMaterialHistories;
  const rows = await db.select().from(h).where(eq(h.prodStockId, id)).orderBy(asc(h.id));
  return rows.map((r) => ({
    id: r.id,
    prodStockId: r.prodStockId,
    type: r.type as ProductionMaterialMovementType,
    qty: r.qty,
    balance: r.balance,
    dailyPlanId: r.dailyPlanId,
    reason: r.reason,
    day: r.day,
    occurredAt: r.occurredAt.toISOString(),
    createdBy: r.createdBy,
  }));
}

/**
 * The materials one unit of a product takes: its BOM lines of materials, loss included, per material (sub-assemblies
 * the factory makes have plans of their own).
 */
export async function materialsPerUnit(db: Executor, productId: number): Promise<Map<number, number>> {
  return perUnitOf(await bomMaterialLines(db, productId));
}

/** The query of a product's BOM lines of materials (a result save reads it together with its consumption). */
export const bomMaterialLines = (db: Executor, productId: number) =>
  db
    .select({ materialId: boms.materialId, qty: boms.qty, lossRate: boms.lossRate })
    .from(boms)
    .where(and(eq(boms.parentProductId, productId), sql`${boms.materialId} is not null`));

/** Per material: what one unit takes of it, loss included, from BOM lines. */
export function perUnitOf(lines: { materialId: number | null; qty: number; lossRate: number }[]) {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.materialId as number, (out.get(l.materialId as number) ?? 0) + grossPerUnit(l));
  return out;
}

/**
 * A plan's materials: what its product's BOM lines of materials need for the plan's qty (loss included; the
 * sub-assemblies the factory makes have plans of their own), what was released, restocked and consumed, what is at the
 * line and still to release, and the warehouse stock on hand; with the plan's released packages.
 */
export async function planMaterials(db: Executor, planId: number): Promise<PlanMaterials> {
  const [plan] = await db
    .select({ plan: productionPlans, code: products.code, name: products.name })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(eq(productionPlans.id, planId));
  if (!plan) throw notFound('Production plan');
  const required = new Map<number, number>();
  for (const [id, perUnit] of await materialsPerUnit(db, plan.plan.productId))
    required.set(id, perUnit * plan.plan.qty);
  const stocks = (
    await selectProd(db)
      .where(eq(p.planId, planId))
      .orderBy(...ORDER)
  ).map(prodView);
  const ids = [...new Set([...required.keys(), ...stocks.map((s) => s.materialId)])];
  const info = ids.length
    ? await db
        .select({ id: materials.id, code: materials.code, name: materials.name, unit: materials.unit })
        .from(materials)
        .where(inArray(materials.id, ids))
    : [];
  const onHand = await stockOnHand(db, ids);
  const sum = (materialId: number, pick: (s: ProductionMaterialStock) => number) =>
    round5(stocks.filter((s) => s.materialId === materialId).reduce((acc, s) => acc + pick(s), 0));
  const list = info
    .map((m) => {
      const requiredQty = round5(required.get(m.id) ?? 0);
      const releasedQty = sum(m.id, (s) => s.releasedQty);
      const restockedQty = sum(m.id, (s) => s.restockedQty);
      return {
        materialId: m.id,
        code: m.code,
        name: m.name,
        unit: m.unit,
        requiredQty,
        releasedQty,
        restockedQty,
        consumedQty: sum(m.id, (s) => s.consumedQty),
        atLineQty: sum(m.id, (s) => s.qty),
        toReleaseQty: round5(Math.max(0, requiredQty - (releasedQty - restockedQty))),
        stockQty: round5(onHand.get(m.id) ?? 0),
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
    materials: list,
    stocks,
  };
}

/**
 * Sites, factories and lines holding plans whose period meets startDt … endDt (today … a week on by default), the
 * plans under their line by start day.
 */
export async function planTree(
  deps: ProdDeps,
  q: { startDt?: string; endDt?: string },
): Promise<ProductionPlanTreeNode[]> {
  const from = q.startDt ?? todayIn(deps.timeZone);
  const to = q.endDt ?? addDays(from, 7);
  const plans = await deps.db
    .select({ plan: productionPlans, code: products.code, name: products.name })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(and(lte(productionPlans.startDt, to), gte(productionPlans.endDt, from)))
    .orderBy(asc(productionPlans.startDt), asc(productionPlans.id));
  if (plans.length === 0) return [];
  const locs = await deps.db.select().from(locations).orderBy(asc(locations.sort), asc(locations.name));
  const byId = new Map(locs.map((l) => [l.id, l]));
  const nodes = new Map<number, ProductionPlanTreeNode>();
  const roots: ProductionPlanTreeNode[] = [];
  const nodeOf = (id: number): ProductionPlanTreeNode => {
    const existing = nodes.get(id);
    if (existing) return existing;
    const l = byId.get(id)!;
    const made: ProductionPlanTreeNode = {
      key: `L${l.id}`,
      kind: 'LOCATION',
      id: l.id,
      name: l.name,
      type: l.type,
      productCode: null,
      startDt: null,
      endDt: null,
      qty: null,
      children: [],
    };
    nodes.set(id, made);
    const parent = l.parentId != null && byId.has(l.parentId) ? nodeOf(l.parentId) : null;
    (parent ? parent.children : roots).push(made);
    return made;
  };
  for (const { plan, code, name } of plans) {
    nodeOf(plan.lineId).children.push({
      key: `P${plan.id}`,
      kind: 'PLAN',
      id: plan.id,
      name,
      type: 'PLAN',
      productCode: code,
      startDt: plan.startDt,
      endDt: plan.endDt,
      qty: plan.qty,
      children: [],
    });
  }
  // Locations in the tree's order (sort, then name), whatever order the plans made them in.
  const rank = new Map(locs.map((l, i) => [l.id, i]));
  const sortDeep = (list: ProductionPlanTreeNode[]) => {
    list.sort((a, b) => (a.kind === 'PLAN' || b.kind === 'PLAN' ? 0 : rank.get(a.id)! - rank.get(b.id)!));
    for (const n of list) sortDeep(n.children);
  };
  sortDeep(roots);
  return roots;
}
