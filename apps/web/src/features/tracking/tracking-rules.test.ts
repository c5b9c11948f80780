import { describe, expect, it } from 'vitest';
import { coveragePercent, dueTone, materialCoverage, productCoverage } from './tracking-rules.ts';

describe('coverage', () => {
  it('is the share not short, floored (never shows 100 while something is short), within 0–100', () => {
    expect(coveragePercent(100, 20)).toBe(80);
    expect(coveragePercent(3, 1)).toBe(66);
    expect(coveragePercent(1000, 0.5)).toBe(99);
    expect(coveragePercent(10, 0)).toBe(100);
    expect(coveragePercent(10, 15)).toBe(0);
  });

  it('is none when nothing is to cover (a customer-supplied material, an empty item)', () => {
    expect(coveragePercent(0, 0)).toBeNull();
    expect(materialCoverage({ requiredQty: 0, shortfallQty: 0 })).toBeNull();
    expect(productCoverage({ orderedQty: 40, shortfallQty: 25 })).toBe(37);
  });
});

describe('dueTone', () => {
  it('late only while something is pending; soon within a week', () => {
    expect(dueTone(-1, true)).toBe('late');
    expect(dueTone(-1, false)).toBe('done');
    expect(dueTone(0, true)).toBe('soon');
    expect(dueTone(7, true)).toBe('soon');
    expect(dueTone(8, true)).toBe('later');
  });
});
