import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/tx.ts';
import { outOfStock } from '../material-stock/material-stock.ledger.ts';
import { lots, productStockHistories, productStocks } from './product-stock.table.ts';

// The one way a product stock row's quantity changes (ARCHITECTURE §6), like material stock's applyMovement: a
// guarded update of the balance and its ledger row, in the caller's transaction, so stock never goes negative and
// concurrent takers queue on the row lock.

export type ProductMovementType =
  | 'PRODUCE'
  | 'ADD'
  | 'ADJUST'
  | 'DISPOSE'
  | 'SHIP'
  | 'SHIP_CANCEL'
  | 'RELEASE'
  | 'RESTOCK';
export type ProductStockRow = typeof productStocks.$inferSelect;
export type ProductLedgerEntry = {
  type: ProductMovementType;
  /** Signed change of the row's qty. */
  qty: number;
  day: string;
  dailyPlanId?: number | null;
  reason?: string | null;
};

async function writeProductLedger(
  tx: Executor,
  actor: Actor,
  row: ProductStockRow,
  entry: ProductLedgerEntry,
): Promise<number> {
  const [written] = await tx
    .insert(productStockHistories)
    .values({
      productStockId: row.id,
      type: entry.type,
      qty: entry.qty,
      balance: row.qty,
      dailyPlanId: entry.dailyPlanId ?? null,
      reason: entry.reason ?? null,
      day: entry.day,
      createdBy: actor.userId,
    })
    .returning({ id: productStockHistories.id });
  return written.id;
}

/**
 * Changes a product stock row's qty by `entry.qty` (never below zero: 409 OUT_OF_STOCK; a missing row: 404) and
 * writes its ledger row. Answers the row after the movement and its ledger row's id (a shipment line keeps it).
 */
export async function applyProductMovement(
  tx: Executor,
  actor: Actor,
  productStockId: number,
  entry: ProductLedgerEntry,
  unit = '',
): Promise<ProductStockRow & { historyId: number }> {
  const taken = -entry.qty;
  const [row] = await tx
    .update(productStocks)
    .set({ qty: sql`${productStocks.qty} + ${String(entry.qty)}::numeric`, ...updatedStamp(actor) })
    .where(and(eq(productStocks.id, productStockId), taken > 0 ? gte(productStocks.qty, taken) : undefined))
    .returning();
  if (!row) {
    const [current] = await tx
      .select({ qty: productStocks.qty })
      .from(productStocks)
      .where(eq(productStocks.id, productStockId));
    if (!current) throw notFound('Product stock');
    throw outOfStock(current.qty, taken, unit);
  }
  return { ...row, historyId: await writeProductLedger(tx, actor, row, entry) };
}

/**
 * Puts `entry.qty` (> 0) of a lot on a shelf: the lot's stock row there (made on first use) grows, with its ledger
 * row. A disposed row takes no new stock (a discarded LOT stays out of available stock): 409 CONFLICT lotDisposed.
 */
export async function putIntoStock(
  tx: Executor,
  actor: Actor,
  lotRowId: number,
  locationId: number,
  entry: ProductLedgerEntry,
): Promise<ProductStockRow> {
  await tx
    .insert(productStocks)
    .values({ lotRowId, locationId, qty: 0, createdBy: actor.userId, updatedBy: actor.userId })
    .onConflictDoNothing({ target: [productStocks.lotRowId, productStocks.locationId] });
  // Locked before the disposed check: a dispose committing in between would otherwise be read as not yet done, and
  // the movement below would then add to a discarded row.
  const [row] = await tx
    .select({ id: productStocks.id, disposed: productStocks.disposed })
    .from(productStocks)
    .where(and(eq(productStocks.lotRowId, lotRowId), eq(productStocks.locationId, locationId)))
    .for('update');
  if (row.disposed) throw conflict('lotDisposed', { productStockId: row.id });
  return applyProductMovement(tx, actor, row.id, entry);
}

/** The lot row of a plan, or undefined before its first result on the last operation. */
export async function lotOfPlan(tx: Executor, planId: number) {
  const [lot] = await tx.select().from(lots).where(eq(lots.planId, planId));
  return lot;
}
