import { describe, expect, it } from 'vitest';
import { nextReplacementText, scheduleOf } from './vehicle.schedule.ts';

// Hand-computed: last 2026-01-10 at 50,000 km; every 90 days (→ 2026-04-10) and/or 10,000 km (→ 60,000 km).
const window = { days: 14, km: 1000 };
const base = { lastDate: '2026-01-10', lastMileage: 50_000 };

describe('scheduleOf', () => {
  it('is ok before either criterion enters the window', () => {
    const s = scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 58_000 }, '2026-03-01', window);
    expect(s).toMatchObject({ nextDate: '2026-04-10', nextKm: 60_000, remainingDays: 40, remainingKm: 2000 });
    expect(s.dueBy).toEqual([]);
    expect(s.status).toBe('ok');
  });

  it('is due by date when the date comes first (km still far)', () => {
    const s = scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 55_000 }, '2026-03-27', window);
    expect(s).toMatchObject({ remainingDays: 14, remainingKm: 5000, dueBy: ['date'], status: 'due' });
    expect(nextReplacementText(s)).toBe('2026-04-10');
    // One day earlier the date is outside the 14-day window.
    expect(
      scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 55_000 }, '2026-03-26', window).status,
    ).toBe('ok');
  });

  it('is due by mileage when the km come first (date still far)', () => {
    const s = scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 59_000 }, '2026-02-01', window);
    expect(s).toMatchObject({ remainingDays: 68, remainingKm: 1000, dueBy: ['km'], status: 'due' });
    expect(nextReplacementText(s)).toBe('60000 km');
    expect(
      scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 58_999 }, '2026-02-01', window).status,
    ).toBe('ok');
  });

  it('is overdue once the day has passed, or the odometer is beyond the due km', () => {
    const byDate = scheduleOf({ ...base, intervalDays: 90, intervalKm: null, mileage: 0 }, '2026-04-11', window);
    expect(byDate).toMatchObject({ remainingDays: -1, remainingKm: null, nextKm: null, status: 'overdue' });
    const onDay = scheduleOf({ ...base, intervalDays: 90, intervalKm: null, mileage: 0 }, '2026-04-10', window);
    expect(onDay).toMatchObject({ remainingDays: 0, status: 'due' });
    const byKm = scheduleOf({ ...base, intervalDays: null, intervalKm: 10_000, mileage: 60_001 }, '2026-01-11', window);
    expect(byKm).toMatchObject({ nextDate: null, remainingKm: -1, dueBy: ['km'], status: 'overdue' });
    const both = scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 61_000 }, '2026-05-01', window);
    expect(both.dueBy).toEqual(['date', 'km']);
    expect(nextReplacementText(both)).toBe('2026-04-10 / 60000 km');
  });

  it('takes a zero window as "overdue or due today" only', () => {
    const s = scheduleOf({ ...base, intervalDays: 90, intervalKm: 10_000, mileage: 59_999 }, '2026-04-09', {
      days: 0,
      km: 0,
    });
    expect(s.status).toBe('ok');
  });
});
