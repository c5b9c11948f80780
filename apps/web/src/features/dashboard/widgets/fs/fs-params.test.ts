import { describe, expect, it } from 'vitest';
import { daysBetween, dayParam, idParam, isDay, rangeParams } from './fs-params.ts';

const today = '2026-11-27';

describe('embedded pages: query parameters', () => {
  it('a day is a real YYYY-MM-DD; absent or empty is today', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-1')).toBe(false);
    expect(dayParam(null, today)).toEqual({ ok: true, value: today });
    expect(dayParam('', today)).toEqual({ ok: true, value: today });
    expect(dayParam('2026-11-01', today)).toEqual({ ok: true, value: '2026-11-01' });
    expect(dayParam('yesterday', today)).toEqual({ ok: false, raw: 'yesterday' });
  });

  it('a location id is 1 … ID_MAX; absent is none (the first factory)', () => {
    expect(idParam(null)).toEqual({ ok: true, value: null });
    expect(idParam('12')).toEqual({ ok: true, value: 12 });
    expect(idParam('0')).toEqual({ ok: false, raw: '0' });
    expect(idParam('abc')).toEqual({ ok: false, raw: 'abc' });
    expect(idParam('1.5')).toEqual({ ok: false, raw: '1.5' });
    expect(idParam('99999999999')).toEqual({ ok: false, raw: '99999999999' });
  });

  it('a period: today … today by default, one day when only fromDate is given, checked in order and length', () => {
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(30);
    expect(rangeParams(null, null, today)).toEqual({ ok: true, fromDate: today, toDate: today });
    expect(rangeParams('2026-11-02', null, today)).toEqual({ ok: true, fromDate: '2026-11-02', toDate: '2026-11-02' });
    expect(rangeParams('2026-11-01', '2026-11-27', today)).toEqual({
      ok: true,
      fromDate: '2026-11-01',
      toDate: '2026-11-27',
    });
    expect(rangeParams('2026-11-x', null, today)).toEqual({
      ok: false,
      problem: { kind: 'badFrom', raw: '2026-11-x' },
    });
    expect(rangeParams(null, '2026-02-30', today)).toEqual({
      ok: false,
      problem: { kind: 'badTo', raw: '2026-02-30' },
    });
    expect(rangeParams('2026-11-27', '2026-11-26', today)).toEqual({ ok: false, problem: { kind: 'order' } });
    // 93 days is the most (a quarter); 94 is refused before the server would.
    expect(rangeParams('2026-01-01', '2026-04-03', today).ok).toBe(true);
    expect(rangeParams('2026-01-01', '2026-04-04', today)).toEqual({
      ok: false,
      problem: { kind: 'tooLong', max: 93 },
    });
  });
});
