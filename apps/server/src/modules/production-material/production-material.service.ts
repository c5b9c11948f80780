import {
  type ProductionMaterialStock,
  type Restock,
  ruleMessage,
  type ShipOut,
  translateMessage,
} from '@eqms/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { AppError, conflict, invalidField } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { applyMovement, outOfStock } from '../material-stock/material-stock.ledger.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { productionMaterialHistories, productionMaterialStocks } from './production-material.table.ts';
import { getProdStock, type ProdDeps } from './production-material.views.ts';

// Release (ship-out) and restock: a warehouse stock row and a plan's production material stock change together,
// each with its ledger row, in one transaction. Locks are taken in one order — the plan row, then the warehouse stock
// row (its guarded update), then the production material stock row — so a release and a restock of the same package
// and plan never wait on each other in a circle. See README.md.

// ---- "May this package be released?" (the quality seam) ----

/** A warehouse stock row that may not be released, and why (shown to the user). */
export type StockHold = { stockId: number; reason?: string | null };
/**
 * The question a release asks inside its transaction, after locking the warehouse stock rows, with their ids: which
 * of them may NOT be released. The quality module answers it (a package that failed incoming inspection is held until
 * dispositioned); when nobody does, every package may be released.
 */
export type StockMayReleaseSource = (tx: Tx, stockIds: number[]) => Promise<StockHold[]>;
export const materialMayReleaseProvider = defineProvider<StockMayReleaseSource>(
  'production-material.stock-may-release',
  async () => [],
);

/** 409 MATERIAL_ON_HOLD naming the package and why (the hold's number). */
export function materialOnHold(stock: { id: number; packageId: string }, reason: string | null | undefined) {
  const data = { stockId: stock.id, packageId: stock.packageId, reason: reason ?? '' };
  const messageKey = ruleMessage('materialOnHold', { packageId: data.packageId, reason: data.reason });
  return new AppError(409, 'MATERIAL_ON_HOLD', translateMessage(messageKey, 'en'), { ...data, messageKey });
}

/** 409 MATERIAL_ON_HOLD naming the package, nothing written. */
async function assertMayRelease(mayRelease: StockMayReleaseSource, tx: Tx, stock: { id: number; packageId: string }) {
  const held = (await mayRelease(tx, [stock.id])).find((h) => h.stockId === stock.id);
  if (held) throw materialOnHold(stock, held.reason);
}

/** The plan row, locked: every change of a plan's material at the line runs after the other. */
async function lockPlanRow(tx: Tx, planId: number, field = 'planId') {
  const [plan] = await tx
    .select({ id: productionPlans.id, lineId: productionPlans.lineId })
    .from(productionPlans)
    .where(eq(productionPlans.id, planId))
    .for('update');
  if (!plan) throw invalidField(field, 'notExists');
  return plan;
}

type ProdRow = typeof productionMaterialStocks.$inferSelect;

async function writeProdLedger(
  tx: Tx,
  actor: Actor,
  row: ProdRow,
  entry: { type: 'RELEASE' | 'RESTOCK'; qty: number; day: string; materialHistoryId: number; reason?: string | null },
) {
  await tx.insert(productionMaterialHistories).values({
    prodStockId: row.id,
    planId: row.planId,
    type: entry.type,
    qty: entry.qty,
    balance: row.qty,
    materialHistoryId: entry.materialHistoryId,
    reason: entry.reason ?? null,
    day: entry.day,
    createdBy: actor.userId,
  });
}

/**
 * Releases `qty` of a warehouse stock row to a plan's line: the row's SHIP_OUT movement (409 OUT_OF_STOCK beyond its
 * stock; an expired row needs `expiredReason`, 409 CONFLICT stockExpired otherwise) and the plan's production
 * material stock of that package grows by it (RELEASE).
 */
export async function shipOut(
  deps: ProdDeps & { providers: Providers },
  actor: Actor,
  body: ShipOut,
): Promise<ProductionMaterialStock> {
  const today = todayIn(deps.timeZone);
  const mayRelease = deps.providers.get(materialMayReleaseProvider);
  const id = await withTx(deps.db, actor, (tx) => releaseInTx(tx, actor, today, body, mayRelease));
  return getProdStock(deps, id);
}

/**
 * shipOut inside the caller's transaction (the demo seed releases this way); answers the production stock row id.
 * The warehouse row is locked before the hold question, so a disposition or a new hold of the package waits for the
 * release or the release for it — never both on what each read before the other.
 */
export async function releaseInTx(
  tx: Tx,
  actor: Actor,
  today: string,
  body: ShipOut,
  mayRelease: StockMayReleaseSource = materialMayReleaseProvider.fallback,
): Promise<number> {
  const plan = await lockPlanRow(tx, body.planId);
  const [stock] = await tx
    .select({
      id: materialStocks.id,
      packageId: materialStocks.packageId,
      materialId: materialStocks.materialId,
      expiryDate: materialStocks.expiryDate,
    })
    .from(materialStocks)
    .where(eq(materialStocks.id, body.stockId))
    .for('update');
  if (!stock) throw invalidField('stockId', 'notExists');
  await assertMayRelease(mayRelease, tx, stock);
  if (stock.expiryDate != null && stock.expiryDate < today && !body.expiredReason)
    throw conflict('stockExpired', { stockId: stock.id }, { date: stock.expiryDate });
  const moved = await applyMovement(tx, actor, stock.id, {
    type: 'SHIP_OUT',
    qty: -body.qty,
    day: today,
    reason: body.expiredReason ?? null,
  });
  const q = String(body.qty);
  const [row] = await tx
    .insert(productionMaterialStocks)
    .values({
      planId: plan.id,
      stockId: stock.id,
      materialId: stock.materialId,
      lineId: plan.lineId,
      qty: body.qty,
      releasedQty: body.qty,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .onConflictDoUpdate({
      target: [productionMaterialStocks.planId, productionMaterialStocks.stockId],
      set: {
        qty: sql`${productionMaterialStocks.qty} + ${q}::numeric`,
        releasedQty: sql`${productionMaterialStocks.releasedQty} + ${q}::numeric`,
        ...updatedStamp(actor),
      },
    })
    .returning();
  await writeProdLedger(tx, actor, row, {
    type: 'RELEASE',
    qty: body.qty,
    day: today,
    materialHistoryId: moved.ledgerId,
    reason: body.expiredReason,
  });
  return row.id;
}

/**
 * Returns `qty` of what a plan holds of a package at its line to the package's warehouse stock row (RESTOCK on both
 * ledgers): at most what is at the line (SPEC §5: restock ≤ released; 409 OUT_OF_STOCK with what there is).
 */
export async function restock(deps: ProdDeps, actor: Actor, body: Restock): Promise<ProductionMaterialStock> {
  const today = todayIn(deps.timeZone);
  await withTx(deps.db, actor, async (tx) => {
    const [found] = await tx
      .select({ planId: productionMaterialStocks.planId, stockId: productionMaterialStocks.stockId })
      .from(productionMaterialStocks)
      .where(eq(productionMaterialStocks.id, body.prodStockId));
    if (!found) throw invalidField('prodStockId', 'notExists');
    await lockPlanRow(tx, found.planId, 'prodStockId');
    const moved = await applyMovement(tx, actor, found.stockId, {
      type: 'RESTOCK',
      qty: body.qty,
      day: today,
      reason: body.reason ?? null,
    });
    const q = String(body.qty);
    const [row] = await tx
      .update(productionMaterialStocks)
      .set({
        qty: sql`${productionMaterialStocks.qty} - ${q}::numeric`,
        restockedQty: sql`${productionMaterialStocks.restockedQty} + ${q}::numeric`,
        ...updatedStamp(actor),
      })
      .where(and(eq(productionMaterialStocks.id, body.prodStockId), gte(productionMaterialStocks.qty, body.qty)))
      .returning();
    if (!row) {
      // Rolls the warehouse movement back with the transaction.
      const [current] = await tx
        .select({ qty: productionMaterialStocks.qty, unit: materials.unit })
        .from(productionMaterialStocks)
        .innerJoin(materials, eq(materials.id, productionMaterialStocks.materialId))
        .where(eq(productionMaterialStocks.id, body.prodStockId));
      throw outOfStock(current.qty, body.qty, current.unit);
    }
    await writeProdLedger(tx, actor, row, {
      type: 'RESTOCK',
      qty: -body.qty,
      day: today,
      materialHistoryId: moved.ledgerId,
      reason: body.reason,
    });
  });
  return getProdStock(deps, body.prodStockId);
}
