import { lotIdOf } from '@eqms/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { addDays } from '../../platform/dates.ts';
import { duplicate, invalidField } from '../../platform/errors.ts';
import type { Actor } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { assertStockPlace } from '../material-stock/material-stock.places.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { productionMaterialStocks } from '../production-material/production-material.table.ts';
import { applyProductMovement, putIntoStock } from '../product-stock/product-stock.ledger.ts';
import { lots, productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import type { ConsumedLotExpiry } from './production-result.consume.ts';

// The last operation's good quantity (DOMAIN "Execution" 2): it makes the plan's lot — one lot per plan, its LOT ID
// from the plan's lot sequence and the day of its first result — and goes into product stock on a shelf.

type LotRow = typeof lots.$inferSelect;
/** The plan as the save read it after the lock: with the product's shelf life and the plan's lot (none yet: null). */
type PlanInfo = {
  id: number;
  productId: number;
  productCode: string;
  lotSeq: number;
  lineId: number;
  shelfLifeDays: number | null;
  lot: LotRow | null;
};

/**
 * The lot's expiry: production day + the product's shelf life, never later than the earliest expiry of a material
 * package or a semi-finished lot the plan consumed (the reason says which; on a tie the material names it, then the
 * shelf life: the one a user looks up first).
 */
export async function lotExpiry(
  tx: Executor,
  planId: number,
  shelfLifeDays: number | null,
  day: string,
  consumedLot: ConsumedLotExpiry,
) {
  const [m] = await tx
    .select({ expiryDate: materialStocks.expiryDate, packageId: materialStocks.packageId })
    .from(productionMaterialStocks)
    .innerJoin(materialStocks, eq(materialStocks.id, productionMaterialStocks.stockId))
    .where(
      and(
        eq(productionMaterialStocks.planId, planId),
        sql`${productionMaterialStocks.consumedQty} > 0`,
        sql`${materialStocks.expiryDate} is not null`,
      ),
    )
    .orderBy(asc(materialStocks.expiryDate), asc(materialStocks.id))
    .limit(1);
  const l = await consumedLot(tx, planId);
  const shelf = shelfLifeDays != null ? addDays(day, shelfLifeDays) : null;
  const candidates = [
    m?.expiryDate ? { expiryDate: m.expiryDate, expiryReason: 'MATERIAL', expiryPackageId: m.packageId } : null,
    l ? { expiryDate: l.expiryDate, expiryReason: 'LOT', expiryPackageId: l.lotId } : null,
    shelf ? { expiryDate: shelf, expiryReason: 'SHELF_LIFE', expiryPackageId: null } : null,
  ].filter((c) => c != null);
  // ISO dates compare as strings; the first of equal ones wins (the order above).
  const earliest = candidates.reduce<(typeof candidates)[number] | null>(
    (best, c) => (best == null || c.expiryDate < best.expiryDate ? c : best),
    null,
  );
  return earliest ?? { expiryDate: null, expiryReason: null, expiryPackageId: null };
}

/** The plan's lot, made on its first good quantity (LOT IDs are unique regardless of case: 409 DUPLICATE). */
async function planLot(
  tx: Tx,
  actor: Actor,
  plan: PlanInfo,
  day: string,
  consumedLot: ConsumedLotExpiry,
): Promise<LotRow> {
  if (plan.lot) return plan.lot;
  const lotId = lotIdOf(day, plan.productCode, plan.lotSeq);
  const [clash] = await tx
    .select({ id: lots.id, lotId: lots.lotId })
    .from(lots)
    .where(sql`lower(${lots.lotId}) = lower(${lotId})`);
  if (clash) throw duplicate('lotId');
  const [made] = await tx
    .insert(lots)
    .values({
      lotId,
      productId: plan.productId,
      planId: plan.id,
      day,
      ...(await lotExpiry(tx, plan.id, plan.shelfLifeDays, day, consumedLot)),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  return made;
}

/** Recomputes a plan's lot (as read after the plan's lock) expiry after its consumption changed. */
export async function refreshLotExpiry(
  tx: Tx,
  actor: Actor,
  plan: Pick<PlanInfo, 'id' | 'shelfLifeDays' | 'lot'>,
  consumedLot: ConsumedLotExpiry,
) {
  const lot = plan.lot;
  if (!lot) return;
  const next = await lotExpiry(tx, plan.id, plan.shelfLifeDays, lot.day, consumedLot);
  if (next.expiryDate !== lot.expiryDate || next.expiryPackageId !== lot.expiryPackageId)
    await tx
      .update(lots)
      .set({ ...next, ...updatedStamp(actor) })
      .where(eq(lots.id, lot.id));
}

const warehouses = alias(locations, 'warehouses');
/** The factory's first warehouse shelf (by the tree's order), for a result that names none. */
async function defaultShelf(tx: Executor, lineId: number): Promise<number | null> {
  const [line] = await tx.select({ parentId: locations.parentId }).from(locations).where(eq(locations.id, lineId));
  if (line?.parentId == null) return null;
  const [shelf] = await tx
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(warehouses, eq(warehouses.id, locations.parentId))
    .where(and(eq(locations.type, 'SHELF'), eq(warehouses.type, 'WAREHOUSE'), eq(warehouses.parentId, line.parentId)))
    .orderBy(asc(warehouses.sort), asc(warehouses.id), asc(locations.sort), asc(locations.id))
    .limit(1);
  return shelf?.id ?? null;
}

/** What a daily plan has put into product stock, per stock row (net), last put first. */
async function producedBy(tx: Tx, dailyPlanId: number) {
  const rows = await tx
    .select({
      productStockId: productStockHistories.productStockId,
      locationId: productStocks.locationId,
      qty: sql<number>`sum(${productStockHistories.qty})`.mapWith(Number),
      lastId: sql<number>`max(${productStockHistories.id})`.mapWith(Number),
    })
    .from(productStockHistories)
    .innerJoin(productStocks, eq(productStocks.id, productStockHistories.productStockId))
    .where(and(eq(productStockHistories.dailyPlanId, dailyPlanId), eq(productStockHistories.type, 'PRODUCE')))
    .groupBy(productStockHistories.productStockId, productStocks.locationId)
    .orderBy(desc(sql`max(${productStockHistories.id})`));
  return rows.filter((r) => r.qty > 0);
}

/**
 * Moves the good quantity of a last-operation result into (or, when it shrank, out of) the plan's lot in product
 * stock. A shelf named by the result is checked (a SHELF: 400 on locationId); otherwise the shelf it used before, the
 * lot's, or the factory's first warehouse shelf (400 noShelfForLot when there is none).
 */
export async function storeGoodQty(
  tx: Tx,
  actor: Actor,
  r: {
    plan: PlanInfo;
    dailyPlanId: number;
    day: string;
    change: number;
    locationId?: number;
    unit: string;
    consumedLot: ConsumedLotExpiry;
  },
) {
  if (r.change < 0) {
    let rest = -r.change;
    for (const put of await producedBy(tx, r.dailyPlanId)) {
      if (rest <= 0) break;
      const back = Math.min(rest, put.qty);
      await applyProductMovement(
        tx,
        actor,
        put.productStockId,
        { type: 'PRODUCE', qty: -back, day: r.day, dailyPlanId: r.dailyPlanId, reason: 'result corrected' },
        r.unit,
      );
      rest -= back;
    }
    return;
  }
  if (r.change === 0 && r.locationId == null) return;
  const lot = await planLot(tx, actor, r.plan, r.day, r.consumedLot);
  if (r.change === 0) return;
  let shelf = r.locationId ?? null;
  if (shelf != null) await assertStockPlace(tx, { locationId: shelf, toolId: null });
  else {
    const [before] = await producedBy(tx, r.dailyPlanId);
    const [ofLot] = before
      ? [before]
      : await tx
          .select({ locationId: productStocks.locationId })
          .from(productStocks)
          .where(and(eq(productStocks.lotRowId, lot.id), eq(productStocks.disposed, false)))
          .orderBy(asc(productStocks.id))
          .limit(1);
    shelf = ofLot?.locationId ?? (await defaultShelf(tx, r.plan.lineId));
    if (shelf == null) throw invalidField('locationId', 'noShelfForLot');
  }
  await putIntoStock(tx, actor, lot.id, shelf, {
    type: 'PRODUCE',
    qty: r.change,
    day: r.day,
    dailyPlanId: r.dailyPlanId,
  });
}

/** Where a daily plan's good quantity went: its last shelf. */
export async function stockPlaceOf(db: Executor, dailyPlanId: number): Promise<number | null> {
  const [row] = await db
    .select({ locationId: productStocks.locationId })
    .from(productStockHistories)
    .innerJoin(productStocks, eq(productStocks.id, productStockHistories.productStockId))
    .where(and(eq(productStockHistories.dailyPlanId, dailyPlanId), eq(productStockHistories.type, 'PRODUCE')))
    .orderBy(desc(productStockHistories.id))
    .limit(1);
  return row?.locationId ?? null;
}
