import { describe, expect, it } from 'vitest';
import { SPC_CONSTANTS, SPC_MAX_SUBGROUP, SPC_MIN_SUBGROUP, spcConstants } from './spc.constants.ts';

// c4(n) = √(2/(n−1)) · Γ(n/2) / Γ((n−1)/2); the gamma ratio by its recurrence r(n+1) = ((n−1)/2) / r(n), r(2) = 1/√π.
function exactC4(n: number): number {
  let r = 1 / Math.sqrt(Math.PI);
  for (let m = 2; m < n; m++) r = (m - 1) / 2 / r;
  return Math.sqrt(2 / (n - 1)) * r;
}

// d2(n) = ∫ 1 − Φ(x)^n − (1 − Φ(x))^n dx, the mean range of n standard normal values; Φ by cumulating the density
// on the same fine grid (trapezoids), which is accurate to ~1e-8 here — far below the table's 5e-4 rounding.
const GRID = (() => {
  const h = 0.0005;
  const xs: number[] = [];
  for (let x = -10; x <= 10 + 1e-12; x += h) xs.push(x);
  const pdf = xs.map((x) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI));
  const cdf = [0];
  for (let i = 1; i < xs.length; i++) cdf.push(cdf[i - 1] + ((pdf[i - 1] + pdf[i]) * h) / 2);
  return { h, cdf };
})();
function exactD2(n: number): number {
  const { h, cdf } = GRID;
  const f = cdf.map((p) => 1 - p ** n - (1 - p) ** n);
  let sum = 0;
  for (let i = 1; i < f.length; i++) sum += ((f[i - 1] + f[i]) * h) / 2;
  return sum;
}

const HALF_UNIT_3 = 0.0005 + 1e-9;
const HALF_UNIT_4 = 0.00005 + 1e-9;

describe('SPC constants (Montgomery Appendix VI)', () => {
  it('has every subgroup size from 2 to 25 and nothing outside', () => {
    expect(SPC_CONSTANTS.map((k) => k.n)).toEqual(Array.from({ length: 24 }, (_, i) => i + 2));
    expect(spcConstants(SPC_MIN_SUBGROUP)?.n).toBe(2);
    expect(spcConstants(SPC_MAX_SUBGROUP)?.n).toBe(25);
    for (const n of [-1, 0, 1, 26, 2.5, Number.NaN]) expect(spcConstants(n)).toBeNull();
  });

  it('prints the table figures for n = 2, 5, 10 and 25', () => {
    expect(spcConstants(2)).toMatchObject({ A2: 1.88, A3: 2.659, c4: 0.7979, B3: 0, B4: 3.267, d2: 1.128, d3: 0.853 });
    expect(spcConstants(2)).toMatchObject({ D3: 0, D4: 3.267, E2: 2.66 });
    expect(spcConstants(5)).toMatchObject({ A2: 0.577, A3: 1.427, c4: 0.94, B3: 0, B4: 2.089, d2: 2.326, d3: 0.864 });
    expect(spcConstants(5)).toMatchObject({ D3: 0, D4: 2.114, E2: 1.29 });
    expect(spcConstants(10)).toMatchObject({ A2: 0.308, A3: 0.975, c4: 0.9727, B3: 0.284, B4: 1.716, d2: 3.078 });
    expect(spcConstants(10)).toMatchObject({ d3: 0.797, D3: 0.223, D4: 1.777, E2: 0.975 });
    expect(spcConstants(25)).toMatchObject({ A2: 0.153, A3: 0.606, c4: 0.9896, B3: 0.565, B4: 1.435, d2: 3.931 });
    expect(spcConstants(25)).toMatchObject({ d3: 0.708, D3: 0.459, D4: 1.541, E2: 0.763 });
  });

  it('agrees with the exact c4 and the factors built on it, within the rounding of every entry', () => {
    for (const k of SPC_CONSTANTS) {
      const c4 = exactC4(k.n);
      const spread = (3 * Math.sqrt(1 - c4 * c4)) / c4;
      expect(Math.abs(k.c4 - c4), `c4(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_4);
      expect(Math.abs(k.A3 - 3 / (c4 * Math.sqrt(k.n))), `A3(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_3);
      expect(Math.abs(k.B4 - (1 + spread)), `B4(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_3);
      expect(Math.abs(k.B3 - Math.max(0, 1 - spread)), `B3(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_3);
    }
    expect(exactC4(2)).toBeCloseTo(Math.sqrt(2 / Math.PI), 12);
  });

  it('agrees with the exact d2 and the factors built on d2 and d3, within the rounding of every entry', () => {
    expect(exactD2(2)).toBeCloseTo(2 / Math.sqrt(Math.PI), 6);
    expect(exactD2(3)).toBeCloseTo(3 / Math.sqrt(Math.PI), 6);
    for (const k of SPC_CONSTANTS) {
      const d2 = exactD2(k.n);
      expect(Math.abs(k.d2 - d2), `d2(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_3);
      expect(Math.abs(k.A2 - 3 / (d2 * Math.sqrt(k.n))), `A2(${k.n})`).toBeLessThanOrEqual(HALF_UNIT_3);
      // D3 and D4 = 1 ∓ 3·d3/d2 were computed from unrounded d3, which the table prints only to 0.0005: allow that
      // rounding carried through 3/d2, plus one unit of D's last place — the printed D4(18) = 1.608 is 0.0007 below
      // the exact 1.6087 (scipy), and we keep the printed figure: the table is the reference users check against.
      const viaD3 = 0.001 + 1e-9 + (3 * 0.0005) / d2;
      expect(Math.abs(k.D4 - (1 + (3 * k.d3) / d2)), `D4(${k.n})`).toBeLessThanOrEqual(viaD3);
      expect(Math.abs(k.D3 - Math.max(0, 1 - (3 * k.d3) / d2)), `D3(${k.n})`).toBeLessThanOrEqual(viaD3);
      expect(k.E2, `E2(${k.n})`).toBe(Number((3 / k.d2).toFixed(3)));
    }
    // d3(2) = √(2 − 4/π): the range of two normal values is |N(0, 2)|.
    expect(Math.abs(spcConstants(2)!.d3 - Math.sqrt(2 - 4 / Math.PI))).toBeLessThanOrEqual(HALF_UNIT_3);
  });
});
