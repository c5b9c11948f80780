import { describe, expect, it } from 'vitest';
import { imrChart, xbarRChart, xbarSChart } from './spc.charts.ts';
import { spcConstants } from './spc.constants.ts';
import { NIST_FLOW_RATE, PISTON_RINGS, PISTON_RINGS_TRIAL, VISCOSITY } from './spc.fixtures.ts';
import { sigmaZones, westernElectric } from './spc.rules.ts';
import { mean, range, sampleStdDev } from './spc.stats.ts';
import type { ControlChart, WeRule } from './spc.types.ts';

/** Rounded as the source printed it, so a test reads like the page it checks. */
const fixed = (x: number, decimals: number) => x.toFixed(decimals);

// R's quantile type 7 (its default), to compare with qcc's printed summaries.
function quantile7(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
}

function everyNumberFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(everyNumberFinite);
  if (value && typeof value === 'object') return Object.values(value).every(everyNumberFinite);
  return true;
}

const flagged = (chart: ControlChart['location']) =>
  chart.points.filter((p) => p.rules.length).map((p) => [p.index, p.rules]);

describe('the piston-ring fixture is the data qcc and the book use', () => {
  // qcc vignette "A quick tour of qcc": summaries of the group statistics of diameter[1:25,] and diameter[26:40,].
  it('reproduces qcc’s printed summaries of the trial and the later samples', () => {
    expect(PISTON_RINGS).toHaveLength(40);
    expect(PISTON_RINGS.every((g) => g.length === 5)).toBe(true);
    const trialMeans = PISTON_RINGS_TRIAL.map(mean);
    expect([0, 0.25, 0.5, 1].map((p) => fixed(quantile7(trialMeans, p), 4))).toEqual([
      '73.9902',
      '73.9982',
      '74.0008',
      '74.0102',
    ]);
    const trialRanges = PISTON_RINGS_TRIAL.map(range);
    expect([0, 0.25, 0.5, 0.75, 1].map((p) => fixed(quantile7(trialRanges, p), 3))).toEqual([
      '0.008',
      '0.018',
      '0.021',
      '0.026',
      '0.039',
    ]);
    const later = PISTON_RINGS.slice(25);
    expect(fixed(mean(later.map(mean)), 5)).toBe('74.00765');
    expect(fixed(mean(later.map(range)), 8)).toBe('0.02453333');
    expect(fixed(mean(later.map(sampleStdDev)), 9)).toBe('0.009761757');
  });
});

describe('X̄-R chart, piston rings (Montgomery; qcc)', () => {
  const chart = xbarRChart(PISTON_RINGS_TRIAL, 5)!;

  it('equals the book to its printed precision', () => {
    expect(fixed(chart.location.limits.cl, 3)).toBe('74.001');
    expect(fixed(chart.dispersion.limits.cl, 3)).toBe('0.023');
    expect(fixed(chart.location.limits.ucl, 3)).toBe('74.014');
    expect(fixed(chart.location.limits.lcl, 3)).toBe('73.988');
    expect(chart.dispersion.limits.lcl).toBe(0);
    // The book's UCL_R = 0.049 is D4 times R̄ after R̄ was rounded to the printed 0.023; from the data R̄ = 0.02276 and
    // D4·R̄ = 0.0481 (qcc prints 0.04812533). Both are asserted so neither the constant nor the data can drift.
    expect(fixed(spcConstants(5)!.D4 * 0.023, 3)).toBe('0.049');
    expect(fixed(chart.dispersion.limits.ucl, 4)).toBe('0.0481');
  });

  it('equals qcc’s printed centre and sigma, and its limits within the rounding of A2 and D4', () => {
    expect(fixed(chart.location.limits.cl, 5)).toBe('74.00118');
    expect(fixed(chart.dispersion.limits.cl, 5)).toBe('0.02276');
    expect(fixed(chart.sigmaWithin, 9)).toBe('0.009785039');
    // qcc uses 3σ/√n and R̄ + 3·d3·σ with unrounded d3; A2 = 0.577 and D4 = 2.114 are rounded to 0.0005, which
    // moves a limit by at most 0.0005·R̄ ≈ 1.2e-5.
    const tol = 0.0005 * chart.dispersion.limits.cl;
    expect(Math.abs(chart.location.limits.ucl - 74.0143)).toBeLessThanOrEqual(tol);
    expect(Math.abs(chart.location.limits.lcl - 73.98805)).toBeLessThanOrEqual(tol);
    expect(Math.abs(chart.dispersion.limits.ucl - 0.04812533)).toBeLessThanOrEqual(tol);
  });

  it('plots 25 means and ranges, none beyond the limits, zones a third of the way', () => {
    expect(chart).toMatchObject({ type: 'XBAR_R', subgroupSize: 5, subgroupCount: 25, droppedValues: 0 });
    expect(chart.location.points.map((p) => p.index)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(chart.location.points[0].value).toBeCloseTo(74.0102, 10);
    expect(chart.dispersion.points[0].value).toBeCloseTo(0.038, 10);
    expect(chart.location.points.some((p) => p.rules.includes(1))).toBe(false);
    expect(chart.dispersion.points.some((p) => p.rules.includes(1))).toBe(false);
    const { cl, ucl } = chart.location.limits;
    expect(chart.location.zones.plus1).toBeCloseTo(cl + (ucl - cl) / 3, 12);
    expect(chart.location.zones.minus2).toBeCloseTo(cl - (2 * (ucl - cl)) / 3, 12);
    expect(everyNumberFinite(chart)).toBe(true);
  });

  it('takes time-ordered values and drops an incomplete last subgroup', () => {
    const flat = [...PISTON_RINGS_TRIAL.flat(), 74.01, 74.02];
    const fromFlat = xbarRChart(flat, 5)!;
    expect(fromFlat.subgroupCount).toBe(25);
    expect(fromFlat.droppedValues).toBe(2);
    expect(fromFlat.location.limits).toEqual(chart.location.limits);
    expect(fromFlat.dispersion.limits).toEqual(chart.dispersion.limits);
  });

  it('drops a pre-grouped inspection of the wrong size whole', () => {
    const grouped = [...PISTON_RINGS_TRIAL.slice(0, 10), [74.0, 74.1, 73.9], ...PISTON_RINGS_TRIAL.slice(10)];
    const chart2 = xbarRChart(grouped, 5)!;
    expect(chart2.subgroupCount).toBe(25);
    expect(chart2.droppedValues).toBe(3);
    expect(chart2.location.limits).toEqual(chart.location.limits);
  });

  it('signals the later samples against limits of all 40', () => {
    const all = xbarRChart(PISTON_RINGS, 5)!;
    // Samples 38 and 39 (indices 37, 38) have means 74.0196 and 74.0234, above UCL 74.0171.
    expect(all.location.points.filter((p) => p.rules.includes(1)).map((p) => p.index)).toEqual([37, 38]);
  });
});

describe('X̄-S chart, piston rings (qcc)', () => {
  const chart = xbarSChart(PISTON_RINGS_TRIAL, 5)!;

  it('equals qcc’s printed S chart: centre 0.009240037, UCL 0.01930242, LCL 0', () => {
    expect(chart.type).toBe('XBAR_S');
    expect(fixed(chart.dispersion.limits.cl, 9)).toBe('0.009240037');
    expect(Math.abs(chart.dispersion.limits.ucl - 0.01930242)).toBeLessThanOrEqual(0.0005 * chart.dispersion.limits.cl);
    expect(fixed(chart.dispersion.limits.ucl, 6)).toBe('0.019302');
    expect(chart.dispersion.limits.lcl).toBe(0);
  });

  it('estimates sigma as S̄/c4 (qcc 0.009829977 with the unrounded c4; the table’s 0.9400 gives 0.009830)', () => {
    expect(chart.sigmaWithin).toBeCloseTo(0.009240037 / 0.94, 9);
    expect(fixed(chart.sigmaWithin, 6)).toBe('0.009830');
  });

  it('centres X̄ on x̄̄ with limits x̄̄ ± A3·S̄', () => {
    const { cl, ucl, lcl } = chart.location.limits;
    expect(fixed(cl, 5)).toBe('74.00118');
    expect(ucl - cl).toBeCloseTo(1.427 * 0.009240037, 8);
    expect([fixed(ucl, 3), fixed(lcl, 3)]).toEqual(['74.014', '73.988']);
    expect(everyNumberFinite(chart)).toBe(true);
  });
});

describe('I-MR chart', () => {
  it('equals the NIST e-Handbook 6.3.2.2 flow-rate example: x̄ 50.81, MR̄ 1.8778, UCL 55.8041, LCL 45.8159', () => {
    const chart = imrChart(NIST_FLOW_RATE)!;
    expect(fixed(chart.location.limits.cl, 2)).toBe('50.81');
    expect(fixed(chart.dispersion.limits.cl, 4)).toBe('1.8778');
    expect(fixed(chart.location.limits.ucl, 4)).toBe('55.8041');
    expect(fixed(chart.location.limits.lcl, 4)).toBe('45.8159');
    expect(chart.dispersion.limits.ucl).toBeCloseTo(3.267 * chart.dispersion.limits.cl, 12);
    expect(chart.dispersion.limits.lcl).toBe(0);
  });

  it('equals qcc’s viscosity example (Montgomery): centre 33.52333, sigma 0.4261651, limits 32.24484 / 34.80183', () => {
    const chart = imrChart(VISCOSITY)!;
    expect(chart).toMatchObject({ type: 'I_MR', subgroupSize: 1, subgroupCount: 15, droppedValues: 0 });
    expect(fixed(chart.location.limits.cl, 5)).toBe('33.52333');
    expect(fixed(chart.sigmaWithin, 7)).toBe('0.4261651');
    expect(fixed(chart.location.limits.lcl, 5)).toBe('32.24484');
    expect(fixed(chart.location.limits.ucl, 5)).toBe('34.80183');
  });

  it('numbers the moving ranges by their later observation and applies rule 1 only to them', () => {
    // 30 values swinging ±1 around 10, then 20: centre 10.32, MR̄ 2.3, UCL 16.44; MR UCL 7.51.
    const values = [...Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 11 : 9)), 20];
    const chart = imrChart(values)!;
    expect(chart.location.points).toHaveLength(31);
    expect(chart.dispersion.points.map((p) => p.index)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(chart.dispersion.points[0].value).toBe(2);
    expect(chart.dispersion.rulesApplied).toEqual([1]);
    expect(chart.location.rulesApplied).toEqual([1, 2, 3, 4]);
    // 20 is above the individuals' UCL, and its moving range of 11 above the MR chart's UCL.
    expect(fixed(chart.location.limits.ucl, 2)).toBe('16.44');
    expect(flagged(chart.location)).toEqual([[30, [1]]]);
    expect(flagged(chart.dispersion)).toEqual([[30, [1]]]);
  });
});

describe('degenerate input returns null or finite numbers, never NaN or Infinity', () => {
  it('needs two complete subgroups of a tabulated size', () => {
    expect(xbarRChart([], 5)).toBeNull();
    expect(xbarRChart([1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toBeNull();
    expect(xbarSChart([[1, 2, 3, 4, 5]], 5)).toBeNull();
    for (const n of [0, 1, 26, 2.5]) {
      expect(xbarRChart([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n)).toBeNull();
      expect(xbarSChart([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n)).toBeNull();
    }
    expect(imrChart([])).toBeNull();
    expect(imrChart([5])).toBeNull();
  });

  it('zero spread gives limits on the centre line and flags nothing that sits on it', () => {
    const chart = imrChart([5, 5, 5, 5])!;
    expect(chart.sigmaWithin).toBe(0);
    expect(chart.location.limits).toEqual({ cl: 5, ucl: 5, lcl: 5 });
    expect(chart.location.points.every((p) => p.rules.length === 0)).toBe(true);
    expect(everyNumberFinite(chart)).toBe(true);
    const s = xbarSChart(
      [
        [2, 2],
        [2, 2],
        [2, 2],
      ],
      2,
    )!;
    expect(s.sigmaWithin).toBe(0);
    expect(everyNumberFinite(s)).toBe(true);
  });

  it('zero spread within subgroups but means that move: every mean off the centre line breaks rule 1', () => {
    const chart = xbarRChart(
      [
        [1, 1],
        [2, 2],
        [1, 1],
      ],
      2,
    )!;
    expect(chart.dispersion.limits).toEqual({ cl: 0, ucl: 0, lcl: 0 });
    expect(chart.location.points.map((p) => p.rules.includes(1))).toEqual([true, true, true]);
    expect(everyNumberFinite(chart)).toBe(true);
  });

  it('refuses NaN and infinities (the routes validate; one here is a bug)', () => {
    expect(() => xbarRChart([1, 2, Number.NaN, 4], 2)).toThrow(RangeError);
    expect(() => imrChart([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
    expect(() =>
      xbarSChart(
        [
          [1, 2],
          [3, Number.NaN],
        ],
        2,
      ),
    ).toThrow(RangeError);
  });
});

// Rules on a chart with centre 0 and limits ±3: σ = 1, zones at ±1 and ±2.
const LIMITS = { cl: 0, ucl: 3, lcl: -3 };
const rulesAt = (values: number[], rules?: WeRule[]) =>
  westernElectric(values, LIMITS, rules)
    .map((r, i) => [i, r] as const)
    .filter(([, r]) => r.length > 0);

describe('Western Electric rules', () => {
  it('rule 1: one point beyond a control limit, not one on it', () => {
    expect(rulesAt([0.5, -0.5, 3.01, 0.5])).toEqual([[2, [1]]]);
    expect(rulesAt([0.5, -0.5, -3.01, 0.5])).toEqual([[2, [1]]]);
    expect(rulesAt([0.5, 3, -3, 0.5])).toEqual([]);
  });

  it('rule 2: two of three beyond 2σ on the same side, at the second of them', () => {
    expect(rulesAt([0.5, 2.1, -0.5, 2.1, 0.5])).toEqual([[3, [2]]]);
    expect(rulesAt([-0.5, -2.5, -2.5])).toEqual([[2, [2]]]);
    // Two at the start are already 2 of any 3 that hold them.
    expect(rulesAt([2.5, 2.5])).toEqual([[1, [2]]]);
    // The point after the pattern is not part of it.
    expect(rulesAt([0.5, 2.5, 2.5, 0.5])).toEqual([[2, [2]]]);
  });

  it('rule 2 boundaries: three apart, on the zone line, on opposite sides', () => {
    expect(rulesAt([2.1, -0.5, -0.5, 2.1])).toEqual([]);
    expect(rulesAt([2.1, 2.0, 0.5])).toEqual([]);
    expect(rulesAt([-2.1, -2.0, -0.5])).toEqual([]);
    expect(rulesAt([2.1, -2.1, 0.5])).toEqual([]);
  });

  it('rule 3: four of five beyond 1σ on the same side, at the fourth of them', () => {
    expect(rulesAt([1.5, 1.5, -0.5, 1.5, 1.5])).toEqual([[4, [3]]]);
    expect(rulesAt([-1.2, -1.2, -1.2, -1.2])).toEqual([[3, [3]]]);
  });

  it('rule 3 boundaries: three of five, a point on the 1σ line', () => {
    expect(rulesAt([1.5, -0.5, 1.5, -0.5, 1.5, 1.5])).toEqual([]);
    expect(rulesAt([1.5, 1.5, 1.0, 1.5])).toEqual([]);
    expect(rulesAt([-1.5, -1.5, -1.0, -1.5])).toEqual([]);
  });

  it('rule 4: eight in a row on one side, from the eighth on', () => {
    expect(rulesAt([-0.5, ...Array(8).fill(0.5)])).toEqual([[8, [4]]]);
    expect(rulesAt([...Array(9).fill(-0.5)])).toEqual([
      [7, [4]],
      [8, [4]],
    ]);
  });

  it('rule 4 boundaries: seven in a row, a point on the centre line ends the run', () => {
    expect(rulesAt([...Array(7).fill(0.5), -0.5])).toEqual([]);
    expect(rulesAt([...Array(7).fill(0.5), 0, 0.5])).toEqual([]);
    expect(rulesAt([...Array(8).fill(-0.5), 0])).toEqual([[7, [4]]]);
  });

  it('lists every rule a point breaks, and only the rules asked for', () => {
    expect(rulesAt([2.5, 3.5])).toEqual([[1, [1, 2]]]);
    expect(rulesAt([1.5, 1.5, 2.5, 3.5])).toEqual([[3, [1, 2, 3]]]);
    expect(rulesAt([1.5, 1.5, 2.5, 3.5], [1])).toEqual([[3, [1]]]);
  });

  it('takes a dispersion chart’s zones from its own, truncated, lower limit', () => {
    const z = sigmaZones({ cl: 3, ucl: 6.342, lcl: 0 });
    expect(z.plus1).toBeCloseTo(4.114, 12);
    expect(z.plus2).toBeCloseTo(5.228, 12);
    expect(z.minus1).toBeCloseTo(2, 12);
    expect(z.minus2).toBeCloseTo(1, 12);
  });

  it('flags the known points of a real chart', () => {
    // An I chart whose first 12 values set centre 0.05 and MR̄/d2 ≈ 0.89; then a shift of +1.5 for 8 observations.
    const base = [0.5, -0.5, 0.6, -0.6, 0.4, -0.4, 0.5, -0.5, 0.6, -0.6, 0.4, -0.4];
    const chart = imrChart([...base, ...Array(8).fill(1.2)])!;
    const rule4 = chart.location.points.filter((p) => p.rules.includes(4)).map((p) => p.index);
    expect(rule4).toEqual([19]);
    expect(chart.location.points[19].value).toBe(1.2);
  });
});
