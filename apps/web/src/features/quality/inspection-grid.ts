import { type Judgement, type QualityStandard, sampleOk } from '@eqms/contract';

// The inspection form's grid (items × samples) and its live judgement, with the contract's rule (quality.judgement.ts)
// so the screen shows what the server will decide. An empty cell is not judged yet: an item is FAIL as soon as one
// entered sample fails, PASS only when every sample is entered and passes; the whole is FAIL when an item fails,
// PASS when every item passes, and pending otherwise.

export type Cell = { value: number | null; passed: boolean | null };
/** Cells of each item by its standard id, one per sample. */
export type Grid = Record<number, Cell[]>;
export type Live = Judgement | 'PENDING';
type Item = Pick<QualityStandard, 'id' | 'kind' | 'lsl' | 'usl' | 'sampleSize'>;

export const emptyGrid = (items: readonly Item[]): Grid =>
  Object.fromEntries(
    items.map((i) => [i.id, Array.from({ length: i.sampleSize }, () => ({ value: null, passed: null }))]),
  );

const filled = (item: Item, c: Cell) => (item.kind === 'PASS_FAIL' ? c.passed != null : c.value != null);

/** One cell: null while empty, else within the limits / passed. */
export function cellOk(item: Item, c: Cell): boolean | null {
  return filled(item, c) ? sampleOk(item, c) : null;
}

export function itemLive(item: Item, cells: readonly Cell[]): Live {
  const oks = cells.map((c) => cellOk(item, c));
  if (oks.some((ok) => ok === false)) return 'FAIL';
  return oks.length > 0 && oks.every((ok) => ok === true) ? 'PASS' : 'PENDING';
}

export function overallLive(items: readonly Item[], grid: Grid): Live {
  const each = items.map((i) => itemLive(i, grid[i.id] ?? []));
  if (each.includes('FAIL')) return 'FAIL';
  return each.length > 0 && each.every((j) => j === 'PASS') ? 'PASS' : 'PENDING';
}

/** The `items` of the POST body: every item with its samples, as typed. */
export function itemsBody(items: readonly Item[], grid: Grid) {
  return items.map((i) => ({
    standardId: i.id,
    samples: (grid[i.id] ?? []).map((c) => (i.kind === 'PASS_FAIL' ? { passed: c.passed } : { value: c.value })),
  }));
}

/**
 * A 400's field paths put where they belong: `items.<i>.samples.<j>.<field>` on cell `<standardId>.<j>`,
 * `items.<i>…` on the item's row, anything else (override, subject, the whole list) by its own path.
 */
export function placeErrors(items: readonly Item[], fields: readonly { field: string; message: string }[]) {
  const cells: Record<string, string> = {};
  const rows: Record<number, string> = {};
  const other: Record<string, string> = {};
  for (const f of fields) {
    const m = /^items\.(\d+)(?:\.samples\.(\d+))?/.exec(f.field);
    const item = m ? items[Number(m[1])] : undefined;
    if (item && m?.[2] != null) cells[`${item.id}.${m[2]}`] ??= f.message;
    else if (item) rows[item.id] ??= f.message;
    else other[f.field] ??= f.message;
  }
  return { cells, rows, other };
}
