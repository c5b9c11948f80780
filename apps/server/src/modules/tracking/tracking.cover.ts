// The arithmetic of requirement tracking (README.md "Formulas"), free of the database: what covers each order
// product's (or requirement's) need — shipments, stock shared first due first, plans in progress — and what is left
// uncovered. The views load the numbers and hand them here, already in due order.
import { round5 } from '../../platform/qty.ts';

const pos = (v: number) => Math.max(0, round5(v));

/**
 * The row completed with `fields`, in place: the views hand over rows they have just made, and copying them (an
 * object spread, or Object.assign onto `{}`) was the largest JS cost of `GET /tracking/material/all` at demo scale × 50
 * — 2.7 ms a call for its 2,950 rows, and their garbage (bench/RESULTS.md 2026-11-27).
 */
const complete = <R extends object, F extends object>(row: R, fields: F): R & F => Object.assign(row, fields);

/**
 * Shares `stock` among `needs` in their order, each at most its need (the first due takes first, as shipments picking
 * stock would): the shares, summing to min(stock, Σ needs).
 */
export function shareFirstDue(needs: number[], stock: number): number[] {
  let left = pos(stock);
  return needs.map((need) => {
    const share = Math.min(pos(need), left);
    left = round5(left - share);
    return share;
  });
}

export type ProductQtys = { orderedQty: number; plannedQty: number; producedQty: number; shippedQty: number };
export type ProductCover = ProductQtys & {
  openQty: number;
  allocatedQty: number;
  toProduceQty: number;
  inProgressQty: number;
  shortfallQty: number;
};

/**
 * One product's order products (completed in place), first due first, against its available stock: open = max(0, ordered − shipped);
 * the stock shared over the open quantities; to produce = open − allocated; in progress = max(0, planned − produced);
 * shortfall = max(0, to produce − in progress).
 */
export function coverProducts<R extends ProductQtys>(rows: R[], stockQty: number): (R & ProductCover)[] {
  const open = rows.map((r) => pos(r.orderedQty - r.shippedQty));
  const shares = shareFirstDue(open, stockQty);
  return rows.map((r, i) => {
    const toProduceQty = round5(open[i] - shares[i]);
    const inProgressQty = pos(r.plannedQty - r.producedQty);
    return complete(r, {
      openQty: open[i],
      allocatedQty: shares[i],
      toProduceQty,
      inProgressQty,
      shortfallQty: pos(toProduceQty - inProgressQty),
    });
  });
}

export type MaterialQtys = { requiredQty: number; suppliedQty: number; atLineQty: number; consumedQty: number };
export type MaterialCover = MaterialQtys & { allocatedQty: number; shortfallQty: number };

/**
 * One material's requirement rows (completed in place), first due first, against its stock on hand: what is at the row's own plans' line
 * covers it first (a release belongs to its plan: a surplus there serves no other row), the stock is shared over what
 * is left, and the rest is the shortfall.
 */
export function coverMaterials<R extends MaterialQtys>(rows: R[], stockQty: number): (R & MaterialCover)[] {
  const need = rows.map((r) => pos(r.requiredQty - r.atLineQty));
  const shares = shareFirstDue(need, stockQty);
  return rows.map((r, i) => complete(r, { allocatedQty: shares[i], shortfallQty: round5(need[i] - shares[i]) }));
}

/** The column sums of some rows, rounded once. */
export function sumOf<K extends string>(rows: Record<K, number>[], keys: readonly K[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) for (const k of keys) out[k] += r[k];
  for (const k of keys) out[k] = round5(out[k]);
  return out;
}

export const PRODUCT_QTY_KEYS = [
  'orderedQty',
  'plannedQty',
  'producedQty',
  'shippedQty',
  'openQty',
  'allocatedQty',
  'toProduceQty',
  'inProgressQty',
  'shortfallQty',
] as const;
export const MATERIAL_QTY_KEYS = [
  'requiredQty',
  'suppliedQty',
  'atLineQty',
  'consumedQty',
  'allocatedQty',
  'shortfallQty',
] as const;
