import type { ShipmentPickLine } from '@eqms/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { round5 } from '../../platform/qty.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';

// The product stock a shipment takes from (README.md "Lock order"): stock rows read with their lot, locked in row id
// order when a shipment is about to take from them, and the first-expired-first-out pick over them.

const s = productStocks;

/** A product stock row as a shipment sees it: its lot, shelf and quantity. */
export type StockRow = {
  id: number;
  qty: number;
  disposed: boolean;
  lotRowId: number;
  lotId: string;
  productId: number;
  locationId: number;
  day: string;
  expiryDate: string | null;
};

const columns = {
  id: s.id,
  qty: s.qty,
  disposed: s.disposed,
  lotRowId: s.lotRowId,
  lotId: lots.lotId,
  productId: lots.productId,
  locationId: s.locationId,
  day: lots.day,
  expiryDate: lots.expiryDate,
};
const selectRows = (db: Executor) => db.select(columns).from(s).innerJoin(lots, eq(lots.id, s.lotRowId));

/**
 * The rows, each locked for this transaction (`for update` of product_stocks), **in id order**: every shipment and
 * cancel takes its rows in that one order, so two of them never wait on each other in a circle.
 */
export async function lockStockRows(tx: Tx, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  return selectRows(tx).where(inArray(s.id, ids)).orderBy(asc(s.id)).for('update', { of: s });
}

/** What can ship of a product: its rows with stock, not discarded. */
const available = (productId: number) => and(eq(lots.productId, productId), eq(s.disposed, false), gt(s.qty, 0));

/**
 * A product's rows that can ship, locked in id order (a pick without lots given takes every candidate's lock: the
 * quantities it picks from are then the ones it takes).
 */
export async function lockAvailableRows(tx: Tx, productId: number): Promise<StockRow[]> {
  return selectRows(tx).where(available(productId)).orderBy(asc(s.id)).for('update', { of: s });
}

/** A product's rows that can ship, unlocked (the pick the screen pre-fills). */
export async function availableRows(db: Executor, productId: number): Promise<StockRow[]> {
  return selectRows(db).where(available(productId)).orderBy(asc(s.id));
}

/** First expired first out: expiry date (none last), then production day, then row id. */
export function fefoOrder(rows: StockRow[]): StockRow[] {
  return [...rows].sort(
    (a, b) =>
      (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') ||
      a.day.localeCompare(b.day) ||
      a.id - b.id,
  );
}

export type Picked = { row: StockRow; qty: number };

/** Takes `qty` from the rows first expired first out; what they lack stays unpicked (picked < qty). */
export function fefoPick(rows: StockRow[], qty: number): { lines: Picked[]; picked: number } {
  const lines: Picked[] = [];
  let left = qty;
  for (const row of fefoOrder(rows)) {
    if (left <= 0) break;
    const take = round5(Math.min(row.qty, left));
    if (take <= 0) continue;
    lines.push({ row, qty: take });
    left = round5(left - take);
  }
  return { lines, picked: round5(qty - left) };
}

/** A pick as the screen shows it: each row's shelf path, stock and what the pick takes. */
export function pickLineView(p: Picked, placePath: string): ShipmentPickLine {
  return {
    productStockId: p.row.id,
    lotRowId: p.row.lotRowId,
    lotId: p.row.lotId,
    locationId: p.row.locationId,
    placePath,
    day: p.row.day,
    expiryDate: p.row.expiryDate,
    available: p.row.qty,
    qty: p.qty,
  };
}
