import type { MaterialTrackingRow, ProductTrackingRow } from '@eqms/contract';

// The screen's small rules, free of React: how much of a row is covered, how urgent its due day is, and what the
// chart draws per item.

/** The share of a row covered (shipped, stock, plans; for a material line and stock), 0–100; null with nothing to cover. */
export function coveragePercent(total: number, shortfall: number): number | null {
  if (total <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor(((total - shortfall) / total) * 100)));
}

export const productCoverage = (r: Pick<ProductTrackingRow, 'orderedQty' | 'shortfallQty'>) =>
  coveragePercent(r.orderedQty, r.shortfallQty);
export const materialCoverage = (r: Pick<MaterialTrackingRow, 'requiredQty' | 'shortfallQty'>) =>
  coveragePercent(r.requiredQty, r.shortfallQty);

export type DueTone = 'late' | 'soon' | 'later' | 'done';
/** Days within which a due day still pending shows as soon. */
export const SOON_DAYS = 7;

/** How a due day reads: late (past and still pending), soon (within a week), later, or done (nothing pending). */
export function dueTone(daysLeft: number, pending: boolean): DueTone {
  if (!pending) return 'done';
  if (daysLeft < 0) return 'late';
  return daysLeft <= SOON_DAYS ? 'soon' : 'later';
}

/** An item as the chart draws it: its code and the bars' values. */
export type ChartItem = { code: string; name: string; values: number[] };
