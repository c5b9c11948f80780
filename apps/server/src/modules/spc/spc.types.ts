// The shapes the SPC functions return. Plain data (numbers, arrays, string literals) so a route can send them as JSON
// and a report can print them without conversion.

/** Western Electric rules (Western Electric Statistical Quality Control Handbook, 1956), see README.md. */
export type WeRule = 1 | 2 | 3 | 4;

export const WE_RULES: readonly WeRule[] = [1, 2, 3, 4];

/** Centre line and 3-sigma control limits of one chart. */
export type ControlLimits = { cl: number; ucl: number; lcl: number };

/** The 1- and 2-sigma zone lines, a third and two thirds of the way from the centre line to each limit. */
export type SigmaZones = { plus1: number; plus2: number; minus1: number; minus2: number };

/** One plotted point: its position (0-based subgroup, or observation for I-MR), value and the rules it breaks. */
export type ChartPoint = { index: number; value: number; rules: readonly WeRule[] };

export type ChartStatistic = 'XBAR' | 'R' | 'S' | 'I' | 'MR';

/** One of the two charts of a pair. `rulesApplied` are the rules evaluated on it (the MR chart gets rule 1 only). */
export type ChartSeries = {
  statistic: ChartStatistic;
  limits: ControlLimits;
  zones: SigmaZones;
  rulesApplied: WeRule[];
  points: ChartPoint[];
};

export type ChartType = 'XBAR_R' | 'XBAR_S' | 'I_MR';

/**
 * A control chart pair: the location chart (X̄ or I) and the dispersion chart (R, S or MR).
 * subgroupSize is 1 for I-MR; subgroupCount counts the complete subgroups used (observations for I-MR);
 * droppedValues counts values left out because they did not fill a subgroup.
 */
export type ControlChart = {
  type: ChartType;
  subgroupSize: number;
  subgroupCount: number;
  droppedValues: number;
  /** Within-subgroup sigma the limits stand for: R̄/d2, S̄/c4 or MR̄/d2(2). */
  sigmaWithin: number;
  location: ChartSeries;
  dispersion: ChartSeries;
};

export type WithinMethod = 'R' | 'S' | 'MR';

/** Equal-width bins: counts[i] holds values in [edges[i], edges[i+1]) — the last bin also holds its upper edge. */
export type Histogram = { rule: 'STURGES'; binWidth: number; edges: number[]; counts: number[] };

/** Process capability against the specification limits; an index that cannot be computed is null, never NaN. */
export type Capability = {
  n: number;
  subgroupSize: number;
  subgroupCount: number;
  droppedValues: number;
  withinMethod: WithinMethod;
  mean: number;
  sigmaWithin: number | null;
  sigmaOverall: number | null;
  lsl: number | null;
  usl: number | null;
  cp: number | null;
  cpl: number | null;
  cpu: number | null;
  cpk: number | null;
  pp: number | null;
  ppl: number | null;
  ppu: number | null;
  ppk: number | null;
  histogram: Histogram;
};
