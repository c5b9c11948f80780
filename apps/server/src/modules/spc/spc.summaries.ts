import { series } from './spc.charts.ts';
import { spcConstants } from './spc.constants.ts';
import { mean, range, type SubgroupData, sampleStdDev, toSubgroups } from './spc.stats.ts';
import { type ControlChart, WE_RULES } from './spc.types.ts';

// The same X̄-R / X̄-S charts as spc.charts.ts from per-subgroup summaries (n, mean, range, sd) instead of the raw
// values (README "Subgroup summaries"): a week of 1 Hz values at n = 5 is 120,960 summaries made in one pass over the
// values, not 120,960 subgroup arrays, and a caller that has summaries from elsewhere draws the same chart. Tested
// equal to the raw-values entries on generated data.

/** One complete subgroup: its size, mean, range (max − min) and sample standard deviation (n − 1). */
export type SubgroupSummary = { n: number; mean: number; range: number; sd: number };

/** Summaries of the complete subgroups the raw-values entries would use, and the values they leave out. */
export function summarise(
  data: SubgroupData,
  subgroupSize: number,
): { summaries: SubgroupSummary[]; droppedValues: number } {
  if (data.length === 0 || !Array.isArray(data[0])) return summariseSeries(data as readonly number[], subgroupSize);
  const { subgroups, droppedValues } = toSubgroups(data, subgroupSize);
  return {
    summaries: subgroups.map((g) => ({ n: g.length, mean: mean(g), range: range(g), sd: sampleStdDev(g) })),
    droppedValues,
  };
}

/**
 * Summaries of consecutive subgroups of `n` time-ordered values (an incomplete last one left out), in one pass per
 * subgroup over the array — no subgroup arrays for a week of 1 Hz data — with the arithmetic of mean, range and
 * sampleStdDev (spc.stats.ts) step for step, so each summary is the same double as theirs.
 */
export function summariseSeries(
  values: ArrayLike<number>,
  n: number,
): { summaries: SubgroupSummary[]; droppedValues: number } {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`subgroup size must be a positive integer, got ${n}`);
  const complete = Math.floor(values.length / n);
  const summaries: SubgroupSummary[] = new Array(complete);
  for (let g = 0; g < complete; g++) {
    const from = g * n;
    const to = from + n;
    let sum = 0;
    let lo = values[from];
    let hi = values[from];
    for (let i = from; i < to; i++) {
      const v = values[i];
      if (typeof v !== 'number' || !Number.isFinite(v))
        throw new RangeError(`SPC input must be finite numbers, got ${v}`);
      sum += v;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const m = sum / n;
    let ss = 0;
    for (let i = from; i < to; i++) ss += (values[i] - m) * (values[i] - m);
    summaries[g] = { n, mean: m, range: hi - lo, sd: Math.sqrt(ss / (n - 1)) };
  }
  for (let i = complete * n; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new RangeError(`SPC input must be finite numbers, got ${v}`);
  }
  return { summaries, droppedValues: values.length - complete * n };
}

const MIN_SUBGROUPS = 2;

// Summaries stand for complete subgroups: one of another size is a caller's bug, not data to drop.
function checked(summaries: readonly SubgroupSummary[], subgroupSize: number): void {
  for (const s of summaries) {
    if (s.n !== subgroupSize) throw new RangeError(`subgroup of ${s.n} values, expected ${subgroupSize}`);
    for (const v of [s.mean, s.range, s.sd]) {
      if (!Number.isFinite(v)) throw new RangeError(`SPC input must be finite numbers, got ${v}`);
    }
  }
}

/** X̄-R chart from subgroup summaries; equals xbarRChart of the values they summarise. */
export function xbarRChartOfSummaries(
  summaries: readonly SubgroupSummary[],
  subgroupSize: number,
  droppedValues = 0,
): ControlChart | null {
  const k = spcConstants(subgroupSize);
  if (!k) return null;
  checked(summaries, subgroupSize);
  if (summaries.length < MIN_SUBGROUPS) return null;
  const means = summaries.map((s) => s.mean);
  const ranges = summaries.map((s) => s.range);
  const xbarbar = mean(means);
  const rbar = mean(ranges);
  return {
    type: 'XBAR_R',
    subgroupSize,
    subgroupCount: summaries.length,
    droppedValues,
    sigmaWithin: rbar / k.d2,
    location: series('XBAR', means, { cl: xbarbar, ucl: xbarbar + k.A2 * rbar, lcl: xbarbar - k.A2 * rbar }, WE_RULES),
    dispersion: series('R', ranges, { cl: rbar, ucl: k.D4 * rbar, lcl: k.D3 * rbar }, WE_RULES),
  };
}

/** X̄-S chart from subgroup summaries; equals xbarSChart of the values they summarise. */
export function xbarSChartOfSummaries(
  summaries: readonly SubgroupSummary[],
  subgroupSize: number,
  droppedValues = 0,
): ControlChart | null {
  const k = spcConstants(subgroupSize);
  if (!k) return null;
  checked(summaries, subgroupSize);
  if (summaries.length < MIN_SUBGROUPS) return null;
  const means = summaries.map((s) => s.mean);
  const sds = summaries.map((s) => s.sd);
  const xbarbar = mean(means);
  const sbar = mean(sds);
  return {
    type: 'XBAR_S',
    subgroupSize,
    subgroupCount: summaries.length,
    droppedValues,
    sigmaWithin: sbar / k.c4,
    location: series('XBAR', means, { cl: xbarbar, ucl: xbarbar + k.A3 * sbar, lcl: xbarbar - k.A3 * sbar }, WE_RULES),
    dispersion: series('S', sds, { cl: sbar, ucl: k.B4 * sbar, lcl: k.B3 * sbar }, WE_RULES),
  };
}
