// Small numeric helpers shared by the charts and the capability study.

/** Time-ordered values, or values already grouped (one array per inspection). */
export type SubgroupData = readonly number[] | readonly (readonly number[])[];

/** Complete subgroups of size n, and how many values were left out because they did not fill one. */
export type Subgroups = { subgroups: number[][]; droppedValues: number };

// A NaN or an infinity would poison every limit silently; the routes validate their input, so one here is a bug.
function assertFinite(values: readonly number[]): void {
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new RangeError(`SPC input must be finite numbers, got ${v}`);
  }
}

/**
 * Splits time-ordered values into consecutive subgroups of n; an incomplete last subgroup is dropped (its values
 * counted). Pre-grouped data keeps the groups of exactly n values and drops the others whole: a short or long
 * inspection is not a subgroup of the standard's sample size, and re-cutting it would mix two inspections.
 */
export function toSubgroups(data: SubgroupData, n: number): Subgroups {
  const grouped = data.length > 0 && Array.isArray(data[0]);
  const subgroups: number[][] = [];
  let droppedValues = 0;
  if (grouped) {
    for (const g of data as readonly (readonly number[])[]) {
      assertFinite(g);
      if (g.length === n) subgroups.push([...g]);
      else droppedValues += g.length;
    }
    return { subgroups, droppedValues };
  }
  const flat = data as readonly number[];
  assertFinite(flat);
  const complete = n >= 1 ? Math.floor(flat.length / n) : 0;
  for (let i = 0; i < complete; i++) subgroups.push(flat.slice(i * n, i * n + n));
  droppedValues = flat.length - complete * Math.max(n, 0);
  return { subgroups, droppedValues };
}

export function flatten(data: SubgroupData): number[] {
  const grouped = data.length > 0 && Array.isArray(data[0]);
  const flat = grouped ? (data as readonly (readonly number[])[]).flat() : [...(data as readonly number[])];
  assertFinite(flat);
  return flat;
}

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (n − 1), in two passes: one pass of Σx² loses the digits of values like 74.0xx. */
export function sampleStdDev(values: readonly number[]): number {
  const m = mean(values);
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (values.length - 1));
}

export function range(values: readonly number[]): number {
  let lo = values[0];
  let hi = values[0];
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo;
}

/** |x[i] − x[i−1]| for i = 1..n−1 (moving range of span 2). */
export function movingRanges(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < values.length; i++) out.push(Math.abs(values[i] - values[i - 1]));
  return out;
}
