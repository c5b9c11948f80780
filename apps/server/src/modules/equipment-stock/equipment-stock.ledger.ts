import { type EquipmentMovementType, ruleMessage } from '@eqms/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { AppError, conflict, invalidField, notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import type { Actor } from '../../platform/tx.ts';
import { equipments } from '../equipment/equipment.table.ts';
import { locations } from '../location/location.table.ts';
import { tools } from '../tool/tool.table.ts';
import { equipmentHistories, equipmentStocks } from './equipment-stock.table.ts';

// The one way an equipment stock row's quantity changes (ARCHITECTURE §6): the kind's row is locked first (every
// stock write of a kind queues on it, so a move A → B and a move B → A cannot deadlock, and "the row of this kind at
// that place" is found or made by one writer at a time), then a guarded update of the balance (`qty >= taken`) and
// its ledger row, in the caller's transaction.

export type StockRow = typeof equipmentStocks.$inferSelect;
export type Place = { locationId: number | null; toolId: number | null };
export type LedgerEntry = {
  type: EquipmentMovementType;
  /** Signed change of the row's qty. */
  qty: number;
  day: string;
  reason?: string | null;
  /** A move's other end. */
  other?: Place | null;
};

const s = equipmentStocks;

/** Locks the kind (every stock write of a kind starts here); `field` names the body field for a 400, else 404. */
export async function lockKind(tx: Tx, equipmentId: number, field?: string): Promise<void> {
  const [kind] = await tx
    .select({ id: equipments.id })
    .from(equipments)
    .where(eq(equipments.id, equipmentId))
    .for('update');
  if (!kind) throw field ? invalidField(field, 'notExists') : notFound('Equipment');
}

/** Locks a stock row after its kind; 404 when missing. */
export async function lockStock(tx: Tx, id: number): Promise<StockRow> {
  const [first] = await tx.select({ equipmentId: s.equipmentId }).from(s).where(eq(s.id, id));
  if (!first) throw notFound('Equipment stock');
  await lockKind(tx, first.equipmentId);
  const [row] = await tx.select().from(s).where(eq(s.id, id)).for('update');
  return row;
}

/** 409: a discarded row is a record, never changed again. */
export function assertAvailable(row: StockRow) {
  if (row.isDiscard) throw conflict('equipmentStockDiscarded');
}

/** 400 on the field unless the place exists: any location, or a tool. */
export async function assertPlace(tx: Tx, place: Place): Promise<void> {
  if (place.toolId != null) {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, place.toolId));
    if (!tool) throw invalidField('toolId', 'notExists');
    return;
  }
  const [loc] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, place.locationId ?? 0));
  if (!loc) throw invalidField('locationId', 'notExists');
}

export const samePlace = (a: Place, b: Place) =>
  (a.locationId ?? null) === (b.locationId ?? null) && (a.toolId ?? null) === (b.toolId ?? null);

/** 409 OUT_OF_STOCK: what there is and what was asked. */
export function outOfStock(available: number, requested: number) {
  const params = { available: round5(available), requested: round5(requested) };
  const messageKey = ruleMessage('equipmentOutOfStock', params);
  return new AppError(
    409,
    'OUT_OF_STOCK',
    `Not enough equipment stock: ${params.available} available, ${params.requested} asked.`,
    {
      ...params,
      messageKey,
    },
  );
}

/** Writes the ledger row of a movement of `row`, whose qty is already the balance after it. */
export async function writeLedger(tx: Tx, actor: Actor, row: StockRow, entry: LedgerEntry): Promise<void> {
  await tx.insert(equipmentHistories).values({
    stockId: row.id,
    equipmentId: row.equipmentId,
    type: entry.type,
    qty: entry.qty,
    balance: row.qty,
    locationId: row.locationId,
    toolId: row.toolId,
    otherLocationId: entry.other?.locationId ?? null,
    otherToolId: entry.other?.toolId ?? null,
    reason: entry.reason ?? null,
    day: entry.day,
    createdBy: actor.userId,
  });
}

/** Takes `qty` out of an available row (never below zero: 409 OUT_OF_STOCK) and writes its movement. */
export async function take(tx: Tx, actor: Actor, row: StockRow, qty: number, entry: Omit<LedgerEntry, 'qty'>) {
  const [after] = await tx
    .update(s)
    .set({ qty: sql`${s.qty} - ${String(qty)}::numeric`, ...updatedStamp(actor) })
    .where(and(eq(s.id, row.id), gte(s.qty, qty)))
    .returning();
  if (!after) {
    const [current] = await tx.select({ qty: s.qty }).from(s).where(eq(s.id, row.id));
    throw outOfStock(current?.qty ?? 0, qty);
  }
  await writeLedger(tx, actor, after, { ...entry, qty: -qty });
  return after;
}

/**
 * Adds `qty` to the kind's available row at the place (made when there is none; the kind is locked, so one writer
 * at a time) and writes its movement. Answers the row after it.
 */
export async function put(
  tx: Tx,
  actor: Actor,
  equipmentId: number,
  place: Place,
  qty: number,
  entry: Omit<LedgerEntry, 'qty'>,
  description?: string | null,
): Promise<StockRow> {
  const placeIs = place.toolId != null ? eq(s.toolId, place.toolId) : eq(s.locationId, place.locationId ?? 0);
  const [existing] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.equipmentId, equipmentId), placeIs, eq(s.isDiscard, false)))
    .for('update');
  let row: StockRow;
  if (existing) {
    [row] = await tx
      .update(s)
      .set({
        qty: sql`${s.qty} + ${String(qty)}::numeric`,
        ...(description ? { description } : {}),
        ...updatedStamp(actor),
      })
      .where(eq(s.id, existing.id))
      .returning();
  } else {
    [row] = await tx
      .insert(s)
      .values({
        equipmentId,
        locationId: place.toolId != null ? null : place.locationId,
        toolId: place.toolId ?? null,
        qty,
        description: description || null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
  }
  await writeLedger(tx, actor, row, { ...entry, qty });
  return row;
}
