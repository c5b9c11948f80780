import { TREND_WIDTH } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  axisIndexes,
  fmtStat,
  isoWithOffset,
  lastPeriod,
  parsePeriod,
  plotWidth,
  regressionEnds,
  unitFits,
  unitsOf,
  zoomWindow,
} from './trend-rules.ts';

const H = 3_600_000;
const period = { from: Date.UTC(2026, 4, 1), to: Date.UTC(2026, 4, 2) };

describe('trend rules', () => {
  it('a quick period ends now on a whole second and spans what it says', () => {
    const p = lastPeriod(8 * H, Date.UTC(2026, 4, 1, 12, 0, 0, 400));
    expect(p.to).toBe(Date.UTC(2026, 4, 1, 12, 0, 1));
    expect(p.to - p.from).toBe(8 * H);
  });

  it('reads a period from the URL only when both ends are dates', () => {
    expect(parsePeriod('2026-05-01T00:00:00.000Z', '2026-05-02T00:00:00.000Z')).toEqual(period);
    expect(parsePeriod(undefined, '2026-05-02T00:00:00.000Z')).toBeUndefined();
    expect(parsePeriod('yesterday', '2026-05-02T00:00:00.000Z')).toBeUndefined();
  });

  it('writes ISO 8601 with an offset that names the same instant', () => {
    const ms = Date.UTC(2026, 4, 1, 3, 4, 5);
    const text = isoWithOffset(ms);
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Date.parse(text)).toBe(ms);
  });

  it('asks for the plot width in pixels, within the contract bounds', () => {
    expect(plotWidth(1200, 88)).toBe(1112);
    expect(plotWidth(40, 88)).toBe(TREND_WIDTH.min);
    expect(plotWidth(9000, 88)).toBe(TREND_WIDTH.max);
  });

  it('gives each unit its own y-axis, at most three, in order of first appearance', () => {
    expect(unitsOf(['℃', 'bar', '℃', null])).toEqual(['℃', 'bar', '']);
    expect(axisIndexes(['℃', 'bar', '℃', null])).toEqual([0, 1, 0, 2]);
    expect(unitFits(['℃', 'bar'], 'mm')).toBe(true);
    expect(unitFits(['℃', 'bar', 'mm'], 'rpm')).toBe(false);
    expect(unitFits(['℃', 'bar', 'mm'], 'bar')).toBe(true);
    expect(unitFits(['℃', 'bar', null], null)).toBe(true);
  });

  it('turns a slider or inside-zoom event into the window it leaves, whole seconds, within the period', () => {
    expect(zoomWindow({ start: 25, end: 50 }, period)).toEqual({ from: period.from + 6 * H, to: period.from + 12 * H });
    expect(zoomWindow({ batch: [{ start: 0, end: 50 }] }, period)).toEqual({
      from: period.from,
      to: period.from + 12 * H,
    });
    expect(zoomWindow({ startValue: period.from + 1500, endValue: period.from + H + 200 }, period)).toEqual({
      from: period.from + 1000,
      to: period.from + H + 1000,
    });
    // Back to the whole period: the period itself (the page then shows it unzoomed).
    expect(zoomWindow({ start: 0, end: 100 }, period)).toBe(period);
    expect(zoomWindow({ type: 'datazoom' }, period)).toBeUndefined();
    expect(zoomWindow({ start: 50, end: 50 }, period)).toBeUndefined();
  });

  it('draws the regression line across the x range of the pairs, none without a fit', () => {
    expect(regressionEnds([3, 1, 2], 2, 1)).toEqual([
      [1, 3],
      [3, 7],
    ]);
    expect(regressionEnds([1, 2], null, null)).toBeNull();
    expect(regressionEnds([1], 2, 1)).toBeNull();
  });

  it('formats statistics with up to 4 decimals and a dash for none', () => {
    expect(fmtStat(0.987654)).toBe('0.9877');
    expect(fmtStat(-1)).toBe('-1');
    expect(fmtStat(null)).toBe('—');
  });
});
