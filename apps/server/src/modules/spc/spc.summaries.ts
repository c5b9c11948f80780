import { checkedOptions, type HistogramFrame, study } from './spc.capability.ts';
import { series } from './spc.charts.ts';
import { spcConstants } from './spc.constants.ts';
import { mean, range, type SubgroupData, sampleStdDev, toSubgroups } from './spc.stats.ts';
import { type Capability, type ControlChart, type Histogram, WE_RULES } from './spc.types.ts';

// The same X̄-R / X̄-S charts and capability study as spc.charts.ts and spc.capability.ts, from per-subgroup summaries
// instead of the raw values (README "Subgroup summaries"): what a database can compute next to the data, so a week of
// 1 Hz values never leaves it. Tested equal to the raw-values entries on generated data.

/** One complete subgroup: its size, mean, range (max − min) and sample standard deviation (n − 1). */
export type SubgroupSummary = { n: number; mean: number; range: number; sd: number };

/** Summaries of the complete subgroups the raw-values entries would use, and the values they leave out. */
export function summarise(
  data: SubgroupData,
  subgroupSize: number,
): { summaries: SubgroupSummary[]; droppedValues: number } {
  const { subgroups, droppedValues } = toSubgroups(data, subgroupSize);
  return {
    summaries: subgroups.map((g) => ({ n: g.length, mean: mean(g), range: range(g), sd: sampleStdDev(g) })),
    droppedValues,
  };
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

/**
 * Capability from subgroup summaries (subgroups of 2 or more; individuals need the order of the values for their
 * moving ranges). The mean is Σ nᵢ·x̄ᵢ / N; the overall sigma pools the subgroups — Σ (nᵢ − 1)·sᵢ² + Σ nᵢ·(x̄ᵢ − x̄)²
 * over N − 1, both sums of squares about a mean, so no digits are lost as with one pass of Σx². `counts` fills
 * `frame` (the histogramFrame of the values' min, max and N), counted where the values are.
 */
export function capabilityOfSummaries(
  summaries: readonly SubgroupSummary[],
  options: { subgroupSize: number; within?: 'R' | 'S'; lsl?: number | null; usl?: number | null },
  droppedValues: number,
  frame: HistogramFrame,
  counts: number[],
): Capability | null {
  const { lsl, usl, size } = checkedOptions(options);
  if (size < 2) throw new RangeError('capability of summaries needs subgroups of 2 or more values');
  checked(summaries, size);
  let n = 0;
  let sum = 0;
  for (const s of summaries) {
    n += s.n;
    sum += s.n * s.mean;
  }
  if (n < 2) return null;
  const mu = sum / n;
  let ss = 0;
  for (const s of summaries) ss += (s.n - 1) * s.sd * s.sd + s.n * (s.mean - mu) * (s.mean - mu);
  const withinMethod = options.within ?? 'R';
  const k = spcConstants(size);
  let sigmaWithin: number | null = null;
  if (k && summaries.length > 0) {
    sigmaWithin =
      withinMethod === 'S' ? mean(summaries.map((s) => s.sd)) / k.c4 : mean(summaries.map((s) => s.range)) / k.d2;
  }
  const hist: Histogram = { rule: 'STURGES', binWidth: frame.binWidth, edges: frame.edges, counts };
  return study(
    { n, subgroupSize: size, subgroupCount: summaries.length, droppedValues, withinMethod, mean: mu },
    { within: sigmaWithin, overall: Math.sqrt(ss / (n - 1)) },
    { lsl, usl },
    hist,
  );
}
