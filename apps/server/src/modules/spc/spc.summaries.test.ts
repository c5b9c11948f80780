import { describe, expect, it } from 'vitest';
import { capability } from './spc.capability.ts';
import { xbarRChart, xbarSChart } from './spc.charts.ts';
import { PISTON_RINGS_TRIAL } from './spc.fixtures.ts';
import { mean, range, sampleStdDev, toSubgroups } from './spc.stats.ts';
import { summarise, summariseSeries, xbarRChartOfSummaries, xbarSChartOfSummaries } from './spc.summaries.ts';
import type { Capability, ControlChart } from './spc.types.ts';

// The subgroup-summaries entries against the raw-values entries: the same charts, rules and indices, double for
// double — summaries are made with the raw path's own arithmetic, so nothing is compared with a tolerance.

/** Deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 1 Hz-like series: drift, noise rounded to gauge resolution, and a few shifts that break rules. */
function generated(count: number, seed: number): number[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const shift = i % 997 < 12 ? 0.4 : 0;
    return Math.round((74 + 0.01 * Math.sin(i / 300) + (r() - 0.5) * 0.05 + shift * 0.05) * 10000) / 10000;
  });
}

const identical = (a: unknown, b: unknown) => expect(a).toEqual(b);

describe('subgroup summaries give the raw-values results', () => {
  const values = generated(20_003, 7);

  for (const size of [2, 5, 13, 25]) {
    it(`X̄-R and X̄-S, subgroups of ${size}, an incomplete last subgroup dropped`, () => {
      const { summaries, droppedValues } = summarise(values, size);
      const r: ControlChart = xbarRChart(values, size)!;
      const s: ControlChart = xbarSChart(values, size)!;
      identical(xbarRChartOfSummaries(summaries, size, droppedValues), r);
      identical(xbarSChartOfSummaries(summaries, size, droppedValues), s);
      // Rules flagged are the same points, not just the same count.
      expect(r.location.points.some((p) => p.rules.length > 0)).toBe(true);
    });

    it(`capability, subgroups of ${size}: time-ordered values (summaries and a prefix) equal their subgroups`, () => {
      const { subgroups, droppedValues } = toSubgroups(values, size);
      for (const within of ['R', 'S'] as const) {
        for (const [lsl, usl] of [
          [73.95, 74.05],
          [null, 74.05],
          [73.99, null],
          [null, null],
        ] as const) {
          const grouped: Capability = capability(subgroups, { subgroupSize: size, within, lsl, usl })!;
          expect(capability(values, { subgroupSize: size, within, lsl, usl })).toEqual({ ...grouped, droppedValues });
        }
      }
    });
  }

  it('summariseSeries gives each subgroup the very doubles of mean, range and sampleStdDev', () => {
    for (const size of [2, 5, 25]) {
      const { subgroups, droppedValues } = toSubgroups(values, size);
      const expected = subgroups.map((g) => ({ n: size, mean: mean(g), range: range(g), sd: sampleStdDev(g) }));
      expect(summariseSeries(values, size)).toEqual({ summaries: expected, droppedValues });
    }
    expect(() => summariseSeries([1, 2, Number.NaN], 2)).toThrow(RangeError);
  });

  it('the piston rings: the textbook data gives the same limits and indices either way', () => {
    const { summaries } = summarise(PISTON_RINGS_TRIAL, 5);
    identical(xbarRChartOfSummaries(summaries, 5), xbarRChart(PISTON_RINGS_TRIAL, 5));
    identical(xbarSChartOfSummaries(summaries, 5), xbarSChart(PISTON_RINGS_TRIAL, 5));
    const flat = PISTON_RINGS_TRIAL.flat();
    expect(capability(flat, { subgroupSize: 5, lsl: 73.95, usl: 74.05 })).toEqual(
      capability(PISTON_RINGS_TRIAL, { subgroupSize: 5, lsl: 73.95, usl: 74.05 }),
    );
  });

  it('fewer than two subgroups or a size off the table: null, as the raw entries', () => {
    const { summaries } = summarise([1, 2, 3, 4, 5, 6], 5);
    expect(xbarRChartOfSummaries(summaries, 5)).toBeNull();
    expect(xbarSChartOfSummaries(summaries, 5)).toBeNull();
    expect(xbarRChartOfSummaries(summarise(values, 26).summaries, 26)).toBeNull();
  });

  it('zero spread: limits on the centre line, sigmas 0, indices null, one bin', () => {
    const flat = new Array(20).fill(5);
    const { summaries } = summarise(flat, 4);
    identical(xbarRChartOfSummaries(summaries, 4), xbarRChart(flat, 4));
    const grouped = toSubgroups(flat, 4).subgroups;
    expect(capability(flat, { subgroupSize: 4, lsl: 4, usl: 6 })).toEqual(
      capability(grouped, { subgroupSize: 4, lsl: 4, usl: 6 }),
    );
  });

  it('refuses a summary of another size and non-finite numbers', () => {
    const ok = [
      { n: 2, mean: 1, range: 0, sd: 0 },
      { n: 2, mean: 2, range: 0, sd: 0 },
    ];
    expect(() => xbarRChartOfSummaries([...ok, { n: 3, mean: 1, range: 0, sd: 0 }], 2)).toThrow(RangeError);
    expect(() => xbarSChartOfSummaries([...ok, { n: 2, mean: Number.NaN, range: 0, sd: 0 }], 2)).toThrow(RangeError);
  });
});
