import type { ProductStock, ShipmentCreate, ShipmentPick } from '@eqms/contract';

// The shipment form's lines (one per product stock row: a lot on a shelf) and what it does with them: the FEFO pick
// as lines, a scanned lot's rows added, the checks the server would make before asking it, and a refusal put back on
// the line it names. Kept apart from the components so they can be tested on their own.

export type ShipLine = {
  productStockId: number;
  lotId: string;
  day: string;
  expiryDate: string | null;
  placePath: string;
  /** The row's stock when it was added (the server checks the quantity again when it ships). */
  available: number;
  /** What to ship of it; null while the box is empty. */
  qty: number | null;
};

/** Quantities to 5 decimals (numeric(15,5)), so 0.1 + 0.2 totals 0.3. */
export const roundQty = (v: number) => Math.round(v * 1e5) / 1e5;

export function totalOf(lines: readonly ShipLine[]): number {
  return roundQty(lines.reduce((acc, l) => acc + (l.qty ?? 0), 0));
}

/** The first-expired-first-out pick (GET /shipment/shipments/pick) as the form's lines. */
export function linesFromPick(pick: ShipmentPick): ShipLine[] {
  return pick.lines.map((l) => ({
    productStockId: l.productStockId,
    lotId: l.lotId,
    day: l.day,
    expiryDate: l.expiryDate,
    placePath: l.placePath,
    available: l.available,
    qty: l.qty,
  }));
}

export type AddOutcome =
  | { kind: 'added'; lines: ShipLine[]; count: number; productId: number }
  | { kind: 'otherProduct'; productName: string }
  | { kind: 'noStock' }
  | { kind: 'already' };

/**
 * A scanned lot's stock rows (GET /productstock/stock/lot-id/{lotId}) added as lines, each with its whole stock as
 * the quantity (the user changes it): only rows that can ship (not discarded, stock above 0) and not listed yet. The
 * lot must be of the product being shipped; without one yet, the lot's product becomes it.
 */
export function addLotRows(
  lines: readonly ShipLine[],
  rows: readonly ProductStock[],
  productId: number | null,
): AddOutcome {
  const first = rows[0];
  if (!first) return { kind: 'noStock' };
  if (productId != null && first.productId !== productId) {
    return { kind: 'otherProduct', productName: `${first.productCode} ${first.productName}` };
  }
  const shippable = rows.filter((r) => !r.disposed && r.qty > 0);
  if (shippable.length === 0) return { kind: 'noStock' };
  const listed = new Set(lines.map((l) => l.productStockId));
  const fresh = shippable.filter((r) => !listed.has(r.id));
  if (fresh.length === 0) return { kind: 'already' };
  const added: ShipLine[] = fresh.map((r) => ({
    productStockId: r.id,
    lotId: r.lotId,
    day: r.day,
    expiryDate: r.expiryDate,
    placePath: r.placePath,
    available: r.qty,
    qty: r.qty,
  }));
  return { kind: 'added', lines: [...lines, ...added], count: added.length, productId: first.productId };
}

export type LineProblem = { kind: 'qtyRequired' } | { kind: 'overAvailable'; available: number };

/** What is wrong with a line before asking the server: no quantity above 0, or more than the row held. */
export function lineProblem(line: ShipLine): LineProblem | null {
  if (line.qty == null || !(line.qty > 0)) return { kind: 'qtyRequired' };
  if (line.qty > line.available) return { kind: 'overAvailable', available: line.available };
  return null;
}

/** POST /shipment's body: the lines as `lots`, one per stock row. */
export function shipmentBody(v: {
  bizPartnerId: number;
  orderProductId: number | null;
  productId: number;
  shipmentDt: string;
  description?: string | null;
  lines: readonly ShipLine[];
}): ShipmentCreate {
  return {
    bizPartnerId: v.bizPartnerId,
    orderProductId: v.orderProductId,
    productId: v.productId,
    shipmentDt: v.shipmentDt,
    description: v.description?.trim() || null,
    lots: v.lines.map((l) => ({ productStockId: l.productStockId, qty: l.qty ?? 0 })),
  };
}

type Refusal = { status: number; code: string; extraData?: Record<string, unknown> & { fields?: { field: string }[] } };

/**
 * The line a refusal names, by its stock row: a 409 OUT_OF_STOCK or CONFLICT (discarded) carries `productStockId`;
 * a LOT_ON_HOLD carries the lot row, matched by LOT ID; a 400 names `lots.<i>.…`. Null when it names no line.
 */
export function refusedLine(err: Refusal, lines: readonly ShipLine[]): number | null {
  const x = err.extraData ?? {};
  if (typeof x.productStockId === 'number' && lines.some((l) => l.productStockId === x.productStockId)) {
    return x.productStockId;
  }
  if (typeof x.lotId === 'string') {
    const lotId = x.lotId.toUpperCase();
    const line = lines.find((l) => l.lotId.toUpperCase() === lotId);
    if (line) return line.productStockId;
  }
  const field = x.fields?.find((f) => /^lots\.\d+/.test(f.field))?.field;
  if (field) {
    const i = Number(field.split('.')[1]);
    return lines[i]?.productStockId ?? null;
  }
  return null;
}

/** An OUT_OF_STOCK tells what the row holds now: the line shows it, so the user sees what can still go. */
export function withStockOfRefusal(err: Refusal, lines: readonly ShipLine[]): ShipLine[] {
  const x = err.extraData ?? {};
  if (err.code !== 'OUT_OF_STOCK' || typeof x.productStockId !== 'number' || typeof x.available !== 'number')
    return [...lines];
  return lines.map((l) => (l.productStockId === x.productStockId ? { ...l, available: x.available as number } : l));
}
