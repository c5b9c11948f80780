import type { MaterialMovementType } from '@eqms/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import type { Place } from './material-stock.places.ts';
import { materialHistories, materialStocks } from './material-stock.table.ts';

// The one way a stock row's quantity changes (ARCHITECTURE §6): a guarded update of the balance and its ledger row,
// in the caller's transaction. The guard (`qty >= taken`) makes concurrent takers queue on the row lock and each see
// the balance the previous one left, so stock never goes negative and no movement is lost.

export type StockRow = typeof materialStocks.$inferSelect;

export type LedgerEntry = {
  type: MaterialMovementType;
  /** Signed change of the row's qty. */
  qty: number;
  day: string;
  reason?: string | null;
  saleId?: number | null;
  /** A move's previous place. */
  from?: Place | null;
};

/** Writes the ledger row of a movement of `row`, whose qty is already the balance after it; answers its id. */
export async function writeLedger(tx: Executor, actor: Actor, row: StockRow, entry: LedgerEntry): Promise<number> {
  const [written] = await tx
    .insert(materialHistories)
    .values({
      stockId: row.id,
      materialId: row.materialId,
      type: entry.type,
      qty: entry.qty,
      balance: row.qty,
      locationId: row.locationId,
      toolId: row.toolId,
      fromLocationId: entry.from?.locationId ?? null,
      fromToolId: entry.from?.toolId ?? null,
      saleId: entry.saleId ?? null,
      reason: entry.reason ?? null,
      day: entry.day,
      createdBy: actor.userId,
    })
    .returning({ id: materialHistories.id });
  return written.id;
}

/** 409 OUT_OF_STOCK: the message says how much there is (SPEC §5: a sale or release cannot exceed stock). */
export function outOfStock(available: number, requested: number, unit: string) {
  return new AppError(409, 'OUT_OF_STOCK', `Out of stock: ${available} ${unit} on hand, ${requested} ${unit} asked.`, {
    available,
    requested,
    unit,
    messageKey: `outOfStock ${JSON.stringify({ available, requested, unit })}`,
  });
}

/**
 * Changes the row's qty by `entry.qty` (taking never below zero: 409 OUT_OF_STOCK with what there is; a missing row:
 * 404) and writes the ledger row. Returns the row as it is after the movement, with the ledger row's id.
 */
export async function applyMovement(
  tx: Executor,
  actor: Actor,
  stockId: number,
  entry: LedgerEntry,
): Promise<StockRow & { ledgerId: number }> {
  const taken = -entry.qty;
  const [row] = await tx
    .update(materialStocks)
    .set({ qty: sql`${materialStocks.qty} + ${String(entry.qty)}::numeric`, ...updatedStamp(actor) })
    .where(and(eq(materialStocks.id, stockId), taken > 0 ? gte(materialStocks.qty, taken) : undefined))
    .returning();
  if (!row) {
    const [current] = await tx
      .select({ qty: materialStocks.qty, unit: materials.unit })
      .from(materialStocks)
      .innerJoin(materials, eq(materials.id, materialStocks.materialId))
      .where(eq(materialStocks.id, stockId));
    if (!current) throw notFound('Material stock');
    throw outOfStock(current.qty, taken, current.unit);
  }
  return { ...row, ledgerId: await writeLedger(tx, actor, row, entry) };
}
