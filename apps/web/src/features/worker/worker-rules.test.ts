import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { thisWeek } from './worker-rules.ts';

describe('thisWeek', () => {
  it('is Monday to Sunday of the week holding the day, whatever the weekday', () => {
    expect(thisWeek(dayjs('2026-11-25'))).toBe('2026-11-23 ~ 2026-11-29'); // a Wednesday
    expect(thisWeek(dayjs('2026-11-23'))).toBe('2026-11-23 ~ 2026-11-29'); // the Monday
    expect(thisWeek(dayjs('2026-11-29T23:30'))).toBe('2026-11-23 ~ 2026-11-29'); // the Sunday, late
    expect(thisWeek(dayjs('2026-12-30'))).toBe('2026-12-28 ~ 2027-01-03'); // across the year's end
  });
});
