import { describe, expect, it } from 'vitest';
import { capability, HISTOGRAM_MAX_BINS, histogram } from './spc.capability.ts';
import { imrChart, xbarRChart, xbarSChart } from './spc.charts.ts';
import { PISTON_RINGS_TRIAL, VISCOSITY } from './spc.fixtures.ts';

const fixed = (x: number | null, decimals: number) => (x === null ? null : x.toFixed(decimals));

function everyNumberFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(everyNumberFinite);
  if (value && typeof value === 'object') return Object.values(value).every(everyNumberFinite);
  return true;
}

describe('capability, piston rings against 74.000 ± 0.05 (qcc process.capability)', () => {
  const c = capability(PISTON_RINGS_TRIAL, { subgroupSize: 5, lsl: 73.95, usl: 74.05 })!;

  it('equals qcc’s printed indices: Cp 1.703, Cp_l 1.743, Cp_u 1.663, Cp_k 1.663, StdDev 0.009785', () => {
    expect(c).toMatchObject({ n: 125, subgroupSize: 5, subgroupCount: 25, droppedValues: 0, withinMethod: 'R' });
    expect(fixed(c.sigmaWithin, 6)).toBe('0.009785');
    expect([fixed(c.cp, 3), fixed(c.cpl, 3), fixed(c.cpu, 3), fixed(c.cpk, 3)]).toEqual([
      '1.703',
      '1.743',
      '1.663',
      '1.663',
    ]);
  });

  it('equals qcc with tighter and with lopsided limits', () => {
    const tight = capability(PISTON_RINGS_TRIAL, { subgroupSize: 5, lsl: 73.99, usl: 74.01 })!;
    expect([fixed(tight.cp, 4), fixed(tight.cpl, 4), fixed(tight.cpu, 4), fixed(tight.cpk, 4)]).toEqual([
      '0.3407',
      '0.3807',
      '0.3006',
      '0.3006',
    ]);
    const lopsided = capability(PISTON_RINGS_TRIAL, { subgroupSize: 5, lsl: 73.99, usl: 74.1 })!;
    expect([fixed(lopsided.cp, 4), fixed(lopsided.cpu, 4), fixed(lopsided.cpk, 4)]).toEqual([
      '1.8736',
      '3.3665',
      '0.3807',
    ]);
  });

  it('takes the overall sigma as the sample standard deviation of the 125 values', () => {
    // 0.010069968126 is Python's statistics.stdev of the same values: an independent computation, not a printed one.
    expect(c.sigmaOverall).toBeCloseTo(0.010069968126, 11);
    expect(fixed(c.mean, 6)).toBe('74.001176');
    expect(c.pp).toBeCloseTo(0.1 / (6 * c.sigmaOverall!), 12);
    expect(c.ppk).toBeCloseTo((74.05 - c.mean) / (3 * c.sigmaOverall!), 12);
    expect(c.ppk).toBe(c.ppu);
  });

  it('draws a histogram with the spec limits inside, every value counted once', () => {
    const { edges, counts, binWidth } = c.histogram;
    expect(edges[0]).toBe(73.95);
    expect(edges[edges.length - 1]).toBeGreaterThanOrEqual(74.05);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(125);
    expect(edges).toHaveLength(counts.length + 1);
    // Sturges: ⌈log2 125⌉ + 1 = 8 bins across the data's range 73.967..74.030.
    expect(binWidth).toBeCloseTo((74.03 - 73.967) / 8, 12);
  });
});

describe('within sigma follows the chart the study belongs to', () => {
  it('R̄/d2 for X̄-R, S̄/c4 for X̄-S, MR̄/d2(2) for individuals', () => {
    expect(capability(PISTON_RINGS_TRIAL, { subgroupSize: 5 })!.sigmaWithin).toBe(
      xbarRChart(PISTON_RINGS_TRIAL, 5)!.sigmaWithin,
    );
    const s = capability(PISTON_RINGS_TRIAL, { subgroupSize: 5, within: 'S' })!;
    expect(s.withinMethod).toBe('S');
    expect(s.sigmaWithin).toBe(xbarSChart(PISTON_RINGS_TRIAL, 5)!.sigmaWithin);
    const i = capability(VISCOSITY, { subgroupSize: 1, lsl: 32, usl: 35 })!;
    expect(i.withinMethod).toBe('MR');
    expect(i.sigmaWithin).toBe(imrChart(VISCOSITY)!.sigmaWithin);
    expect(fixed(i.sigmaWithin, 7)).toBe('0.4261651');
  });

  it('uses only complete subgroups, like the chart', () => {
    const c = capability([...PISTON_RINGS_TRIAL.flat(), 80, 80], { subgroupSize: 5, lsl: 73.95, usl: 74.05 })!;
    expect(c).toMatchObject({ n: 125, droppedValues: 2 });
    expect(fixed(c.cpk, 3)).toBe('1.663');
  });

  it('has no within sigma beyond the table, but still Pp/Ppk', () => {
    const values = Array.from({ length: 60 }, (_, i) => 10 + Math.sin(i));
    const c = capability(values, { subgroupSize: 30, lsl: 8, usl: 12 })!;
    expect(c.sigmaWithin).toBeNull();
    expect(c.cp).toBeNull();
    expect(c.cpk).toBeNull();
    expect(c.pp).not.toBeNull();
  });
});

describe('one-sided and missing limits', () => {
  const values = PISTON_RINGS_TRIAL;

  it('USL only: Cpk = Cpu, Cp and Cpl undefined (null)', () => {
    const c = capability(values, { subgroupSize: 5, usl: 74.05 })!;
    expect([c.cp, c.cpl, c.pp, c.ppl]).toEqual([null, null, null, null]);
    expect(fixed(c.cpk, 3)).toBe('1.663');
    expect(c.cpk).toBe(c.cpu);
    expect(c.ppk).toBe(c.ppu);
    expect(c.histogram.edges[c.histogram.edges.length - 1]).toBeGreaterThanOrEqual(74.05);
  });

  it('LSL only: Cpk = Cpl', () => {
    const c = capability(values, { subgroupSize: 5, lsl: 73.95, usl: null })!;
    expect([c.cp, c.cpu, c.pp, c.ppu]).toEqual([null, null, null, null]);
    expect(fixed(c.cpk, 3)).toBe('1.743');
    expect(c.histogram.edges[0]).toBe(73.95);
  });

  it('no limits: every index null, the rest still there', () => {
    const c = capability(values, { subgroupSize: 5 })!;
    expect([c.cp, c.cpk, c.cpl, c.cpu, c.pp, c.ppk, c.ppl, c.ppu]).toEqual(Array(8).fill(null));
    expect(c.sigmaWithin).not.toBeNull();
  });

  it('a mean outside the limits gives a negative Cpk, not a null one', () => {
    const c = capability(values, { subgroupSize: 5, lsl: 73.9, usl: 73.99 })!;
    expect(c.cpk!).toBeLessThan(0);
  });

  it('refuses limits the wrong way round and non-finite ones', () => {
    expect(() => capability(values, { subgroupSize: 5, lsl: 74.05, usl: 73.95 })).toThrow(RangeError);
    expect(() => capability(values, { subgroupSize: 5, lsl: 74, usl: 74 })).toThrow(RangeError);
    expect(() => capability(values, { subgroupSize: 5, usl: Number.NaN })).toThrow(RangeError);
    expect(() => capability(values, { subgroupSize: 0 })).toThrow(RangeError);
  });
});

describe('degenerate input', () => {
  it('fewer than two values: null', () => {
    expect(capability([], { subgroupSize: 1 })).toBeNull();
    expect(capability([5], { subgroupSize: 1, lsl: 0, usl: 10 })).toBeNull();
    expect(capability([1, 2, 3, 4], { subgroupSize: 5 })).toBeNull();
  });

  it('zero spread: sigmas 0, indices null, one bin', () => {
    const c = capability([5, 5, 5, 5], { subgroupSize: 2 })!;
    expect(c.sigmaWithin).toBe(0);
    expect(c.sigmaOverall).toBe(0);
    expect(c.histogram).toEqual({ rule: 'STURGES', binWidth: 0, edges: [5, 5], counts: [4] });
    const withLimits = capability([5, 5, 5, 5], { subgroupSize: 1, lsl: 4, usl: 6 })!;
    expect([withLimits.cp, withLimits.cpk, withLimits.pp, withLimits.ppk]).toEqual([null, null, null, null]);
    // The spec limits widen the drawing: Sturges' 3 bins over 4..6.
    expect(withLimits.histogram.edges[0]).toBe(4);
    expect(withLimits.histogram.edges[withLimits.histogram.edges.length - 1]).toBe(6);
    expect(withLimits.histogram.counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(everyNumberFinite(c)).toBe(true);
    expect(everyNumberFinite(withLimits)).toBe(true);
  });
});

describe('histogram', () => {
  it('empty input: no bins', () => {
    expect(histogram([])).toEqual({ rule: 'STURGES', binWidth: 0, edges: [], counts: [] });
  });

  it('puts a value on an edge in the bin that starts there, and the maximum in the last bin', () => {
    // 8 values: ⌈log2 8⌉ + 1 = 4 bins of width 1 over 0..4.
    const h = histogram([0, 1, 1, 2, 2.5, 3, 3.9, 4]);
    expect(h.edges).toEqual([0, 1, 2, 3, 4]);
    expect(h.counts).toEqual([1, 2, 2, 3]);
  });

  it('a far spec limit widens the bins instead of adding more than the cap', () => {
    const h = histogram([1, 2, 3, 4, 5, 6, 7, 8], { usl: 1000 });
    expect(h.counts).toHaveLength(HISTOGRAM_MAX_BINS);
    expect(h.edges[0]).toBe(1);
    expect(h.edges[h.edges.length - 1]).toBeGreaterThanOrEqual(1000);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(8);
  });
});
