import { spcConstants } from './spc.constants.ts';
import { flatten, mean, movingRanges, range, type SubgroupData, sampleStdDev, toSubgroups } from './spc.stats.ts';
import { summariseSeries } from './spc.summaries.ts';
import type { Capability, Histogram, WithinMethod } from './spc.types.ts';

// Process capability (README.md "Capability"): Cp/Cpk from the within-subgroup sigma of the matching control chart,
// Pp/Ppk from the overall sample standard deviation, over the same values the chart uses (complete subgroups only).

export type CapabilityOptions = {
  /** The standard's sample size; 1 means individual values (within sigma from moving ranges). */
  subgroupSize: number;
  /** For subgroups of 2..25: R̄/d2 (default, as the X̄-R chart) or S̄/c4 (as the X̄-S chart). */
  within?: 'R' | 'S';
  lsl?: number | null;
  usl?: number | null;
};

/** Capability of the values against LSL/USL, or null with fewer than two values. */
export function capability(data: SubgroupData, options: CapabilityOptions): Capability | null {
  const { lsl, usl, size } = checkedOptions(options);

  let values: number[];
  let withinMethod: WithinMethod;
  let sigmaWithin: number | null = null;
  let subgroupCount: number;
  let droppedValues = 0;
  if (size === 1) {
    values = flatten(data);
    withinMethod = 'MR';
    subgroupCount = values.length;
    if (values.length >= 2) sigmaWithin = mean(movingRanges(values)) / spcConstants(2)!.d2;
  } else if (data.length === 0 || !Array.isArray(data[0])) {
    // Time-ordered values (a week of 1 Hz): the complete subgroups are the first ones; summaries and a prefix of the
    // array give the very same doubles as cutting and copying them would, without 120,960 subgroup arrays.
    const flat = data as readonly number[];
    const cut = summariseSeries(flat, size);
    const used = cut.summaries.length * size;
    withinMethod = options.within ?? 'R';
    subgroupCount = cut.summaries.length;
    droppedValues = cut.droppedValues;
    const k = spcConstants(size);
    if (k && cut.summaries.length > 0) {
      sigmaWithin =
        withinMethod === 'S'
          ? mean(cut.summaries.map((s) => s.sd)) / k.c4
          : mean(cut.summaries.map((s) => s.range)) / k.d2;
    }
    if (used < 2) return null;
    return prefixStudy(flat, used, { size, subgroupCount, droppedValues, withinMethod, sigmaWithin }, { lsl, usl });
  } else {
    const cut = toSubgroups(data, size);
    values = cut.subgroups.flat();
    withinMethod = options.within ?? 'R';
    subgroupCount = cut.subgroups.length;
    droppedValues = cut.droppedValues;
    const k = spcConstants(size);
    if (k && cut.subgroups.length > 0) {
      sigmaWithin =
        withinMethod === 'S' ? mean(cut.subgroups.map(sampleStdDev)) / k.c4 : mean(cut.subgroups.map(range)) / k.d2;
    }
  }
  if (values.length < 2) return null;

  const mu = mean(values);
  return study(
    { n: values.length, subgroupSize: size, subgroupCount, droppedValues, withinMethod, mean: mu },
    { within: sigmaWithin, overall: sampleStdDev(values) },
    { lsl, usl },
    histogram(values, { lsl, usl }),
  );
}

/** The study of the first `used` values, with mean(), sampleStdDev() and histogram()'s arithmetic over that prefix. */
function prefixStudy(
  values: readonly number[],
  used: number,
  cut: {
    size: number;
    subgroupCount: number;
    droppedValues: number;
    withinMethod: WithinMethod;
    sigmaWithin: number | null;
  },
  spec: { lsl: number | null; usl: number | null },
): Capability {
  let sum = 0;
  let min = values[0];
  let max = values[0];
  for (let i = 0; i < used; i++) {
    const v = values[i];
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mu = sum / used;
  let ss = 0;
  for (let i = 0; i < used; i++) ss += (values[i] - mu) * (values[i] - mu);
  const frame = histogramFrame({ min, max, n: used }, spec);
  return study(
    {
      n: used,
      subgroupSize: cut.size,
      subgroupCount: cut.subgroupCount,
      droppedValues: cut.droppedValues,
      withinMethod: cut.withinMethod,
      mean: mu,
    },
    { within: cut.sigmaWithin, overall: Math.sqrt(ss / (used - 1)) },
    spec,
    { rule: 'STURGES', ...frame, counts: binCounts(values, frame, used) },
  );
}

/** The options' limits and subgroup size, checked. */
function checkedOptions(options: CapabilityOptions): { lsl: number | null; usl: number | null; size: number } {
  const lsl = options.lsl ?? null;
  const usl = options.usl ?? null;
  for (const limit of [lsl, usl]) {
    if (limit !== null && !Number.isFinite(limit)) throw new RangeError(`spec limit must be finite, got ${limit}`);
  }
  if (lsl !== null && usl !== null && lsl >= usl) throw new RangeError(`LSL ${lsl} must be below USL ${usl}`);
  const size = options.subgroupSize;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`subgroup size must be a positive integer, got ${size}`);
  return { lsl, usl, size };
}

type StudyHead = Pick<Capability, 'n' | 'subgroupSize' | 'subgroupCount' | 'droppedValues' | 'withinMethod' | 'mean'>;

/** The indices of a study from its mean and two sigmas: one formula for grouped and time-ordered values. */
function study(
  head: StudyHead,
  sigma: { within: number | null; overall: number },
  spec: { lsl: number | null; usl: number | null },
  hist: Histogram,
): Capability {
  const within = indices(head.mean, positive(sigma.within), spec.lsl, spec.usl);
  const overall = indices(head.mean, positive(sigma.overall), spec.lsl, spec.usl);
  return {
    ...head,
    sigmaWithin: sigma.within,
    sigmaOverall: sigma.overall,
    lsl: spec.lsl,
    usl: spec.usl,
    cp: within.p,
    cpl: within.l,
    cpu: within.u,
    cpk: within.k,
    pp: overall.p,
    ppl: overall.l,
    ppu: overall.u,
    ppk: overall.k,
    histogram: hist,
  };
}

// A zero sigma (all values equal) would make every index infinite: no index is better than a misleading one.
function positive(sigma: number | null): number | null {
  return sigma !== null && sigma > 0 ? sigma : null;
}

function indices(mu: number, sigma: number | null, lsl: number | null, usl: number | null) {
  if (sigma === null) return { p: null, l: null, u: null, k: null };
  const l = lsl === null ? null : (mu - lsl) / (3 * sigma);
  const u = usl === null ? null : (usl - mu) / (3 * sigma);
  const p = lsl === null || usl === null ? null : (usl - lsl) / (6 * sigma);
  const k = l === null ? u : u === null ? l : Math.min(l, u);
  return { p, l, u, k };
}

/** Above this many bins a far spec limit widens the bins instead of adding more. */
export const HISTOGRAM_MAX_BINS = 100;

/** The bins of a histogram before counting: what the raw values and the SQL path (width_bucket) both fill. */
export type HistogramFrame = { binWidth: number; edges: number[] };

/**
 * Equal-width bins. Sturges: ⌈log2 n⌉ + 1 bins over the data's range set the bin width; the edges then start at
 * min(data, LSL) and run on by that width until max(data, USL) is covered, so the spec limits lie inside the
 * drawing. All values equal and no wider spec: one bin [v, v] (binWidth 0). `n` ≥ 1 values between min and max.
 */
export function histogramFrame(
  data: { min: number; max: number; n: number },
  spec: { lsl?: number | null; usl?: number | null } = {},
  maxBins = HISTOGRAM_MAX_BINS,
): HistogramFrame {
  const { min, max } = data;
  const lo = spec.lsl != null ? Math.min(min, spec.lsl) : min;
  const hi = spec.usl != null ? Math.max(max, spec.usl) : max;
  if (hi === lo) return { binWidth: 0, edges: [lo, hi] };
  const sturges = Math.ceil(Math.log2(data.n)) + 1;
  let width = (max > min ? max - min : hi - lo) / sturges;
  // The 1e-9 keeps a span that is an exact multiple of the width from gaining an empty bin to rounding.
  let bins = Math.max(1, Math.ceil((hi - lo) / width - 1e-9));
  if (bins > maxBins) {
    bins = maxBins;
    width = (hi - lo) / maxBins;
  }
  const edges = Array.from({ length: bins + 1 }, (_, i) => lo + i * width);
  edges[bins] = Math.max(edges[bins], hi);
  return { binWidth: width, edges };
}

/**
 * Equal-width histogram of the values (see histogramFrame). Bins are [a, b), the last one closed: the edges decide,
 * exactly as PostgreSQL's width_bucket over the lower edges does on the SQL path.
 */
export function histogram(
  values: readonly number[],
  spec: { lsl?: number | null; usl?: number | null } = {},
  maxBins = HISTOGRAM_MAX_BINS,
): Histogram {
  if (values.length === 0) return { rule: 'STURGES', binWidth: 0, edges: [], counts: [] };
  let min = values[0];
  let max = values[0];
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const frame = histogramFrame({ min, max, n: values.length }, spec, maxBins);
  return { rule: 'STURGES', ...frame, counts: binCounts(values, frame, values.length) };
}

/** How many of the first `count` values fall in each bin of the frame ([a, b), the last closed). */
export function binCounts(values: ArrayLike<number>, frame: HistogramFrame, count: number): number[] {
  const { binWidth: width, edges } = frame;
  if (width === 0) return [count];
  const bins = edges.length - 1;
  const lo = edges[0];
  const counts = new Array<number>(bins).fill(0);
  for (let k = 0; k < count; k++) {
    const v = values[k];
    let i = Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / width)));
    // The division can land a value lying on an edge one bin off; the edges are what the chart shows, so they decide.
    while (i < bins - 1 && v >= edges[i + 1]) i++;
    while (i > 0 && v < edges[i]) i--;
    counts[i]++;
  }
  return counts;
}
