import { describe, expect, it } from 'vitest';
import { capability, histogram, histogramFrame } from './spc.capability.ts';
import { xbarRChart, xbarSChart } from './spc.charts.ts';
import { PISTON_RINGS_TRIAL } from './spc.fixtures.ts';
import { capabilityOfSummaries, summarise, xbarRChartOfSummaries, xbarSChartOfSummaries } from './spc.summaries.ts';
import type { Capability, ControlChart } from './spc.types.ts';

// The subgroup-summaries entries against the raw-values entries: same charts, same rules, same indices. Numbers are
// compared to 10 significant digits — past any printed one (the book prints 3 to 4 decimals, qcc 7 digits): Σ nᵢ·x̄ᵢ
// against Σ x, and a pooled overall sigma against a two-pass one, differ in the last bits of a double, which USL − x̄
// (74.05 − 74.001) then magnifies a thousandfold.

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

/** Relative difference allowed: 1e-10 — ten significant digits, past any printed figure. */
const TOLERANCE = 1e-10;

/** The paths where two results differ (numbers beyond TOLERANCE, anything else at all). */
function differences(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Math.abs(a - b) > TOLERANCE * Math.max(Math.abs(a), Math.abs(b))) out.push(`${path}: ${a} ≠ ${b}`);
  } else if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: length ${a.length} ≠ ${b.length}`);
    else a.forEach((v, i) => differences(v, b[i], `${path}[${i}]`, out));
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort().join();
    if (ka !== Object.keys(b).sort().join()) out.push(`${path}: keys ${ka} ≠ ${Object.keys(b).sort().join()}`);
    else for (const k of Object.keys(a)) differences((a as any)[k], (b as any)[k], `${path}.${k}`, out);
  } else if (a !== b) out.push(`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  return out;
}

const sameNumbers = (a: unknown, b: unknown) => expect(differences(a, b).slice(0, 5)).toEqual([]);

function capOfSummaries(values: number[], size: number, within: 'R' | 'S', lsl: number | null, usl: number | null) {
  const { summaries, droppedValues } = summarise(values, size);
  const used = values.slice(0, summaries.length * size);
  const frame = histogramFrame({ min: Math.min(...used), max: Math.max(...used), n: used.length }, { lsl, usl });
  // The counts come from elsewhere (SQL width_bucket on the server): here the raw histogram of the same frame.
  const counts = histogram(used, { lsl, usl }).counts;
  return capabilityOfSummaries(summaries, { subgroupSize: size, within, lsl, usl }, droppedValues, frame, counts);
}

describe('subgroup summaries give the raw-values results', () => {
  const values = generated(20_003, 7);

  for (const size of [2, 5, 13, 25]) {
    it(`X̄-R and X̄-S, subgroups of ${size}, an incomplete last subgroup dropped`, () => {
      const { summaries, droppedValues } = summarise(values, size);
      const r: ControlChart = xbarRChart(values, size)!;
      const s: ControlChart = xbarSChart(values, size)!;
      sameNumbers(xbarRChartOfSummaries(summaries, size, droppedValues), r);
      sameNumbers(xbarSChartOfSummaries(summaries, size, droppedValues), s);
      // Rules flagged are the same points, not just the same count.
      expect(r.location.points.some((p) => p.rules.length > 0)).toBe(true);
    });

    it(`capability, subgroups of ${size}, within R and S, two-sided and one-sided`, () => {
      for (const within of ['R', 'S'] as const) {
        for (const [lsl, usl] of [
          [73.95, 74.05],
          [null, 74.05],
          [73.99, null],
          [null, null],
        ] as const) {
          const raw: Capability = capability(values, { subgroupSize: size, within, lsl, usl })!;
          sameNumbers(capOfSummaries(values, size, within, lsl, usl), raw);
        }
      }
    });
  }

  it('the piston rings: the textbook data gives the same limits and indices either way', () => {
    const { summaries } = summarise(PISTON_RINGS_TRIAL, 5);
    sameNumbers(xbarRChartOfSummaries(summaries, 5), xbarRChart(PISTON_RINGS_TRIAL, 5));
    sameNumbers(xbarSChartOfSummaries(summaries, 5), xbarSChart(PISTON_RINGS_TRIAL, 5));
    const flat = PISTON_RINGS_TRIAL.flat();
    sameNumbers(
      capOfSummaries(flat, 5, 'R', 73.95, 74.05),
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
    sameNumbers(xbarRChartOfSummaries(summaries, 4), xbarRChart(flat, 4));
    sameNumbers(capOfSummaries(flat, 4, 'R', 4, 6), capability(flat, { subgroupSize: 4, lsl: 4, usl: 6 }));
  });

  it('refuses a summary of another size, non-finite numbers, individuals and bad limits', () => {
    const frame = histogramFrame({ min: 1, max: 2, n: 4 });
    const ok = [
      { n: 2, mean: 1, range: 0, sd: 0 },
      { n: 2, mean: 2, range: 0, sd: 0 },
    ];
    expect(() => xbarRChartOfSummaries([...ok, { n: 3, mean: 1, range: 0, sd: 0 }], 2)).toThrow(RangeError);
    expect(() => xbarSChartOfSummaries([...ok, { n: 2, mean: Number.NaN, range: 0, sd: 0 }], 2)).toThrow(RangeError);
    expect(() => capabilityOfSummaries(ok, { subgroupSize: 1 }, 0, frame, [4])).toThrow(RangeError);
    expect(() => capabilityOfSummaries(ok, { subgroupSize: 2, lsl: 3, usl: 1 }, 0, frame, [4])).toThrow(RangeError);
  });
});
