import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingSeconds } from './SessionCountdown.tsx';

describe('session countdown (SPEC §4)', () => {
  it('counts the idle limit down from the last access', () => {
    expect(remainingSeconds(1_000_000, 1_800_000, 1_000_000)).toBe(1800);
    expect(remainingSeconds(1_000_000, 1_800_000, 1_000_000 + 1_500_000)).toBe(300);
    expect(remainingSeconds(1_000_000, 20_000, 1_000_000 + 19_001)).toBe(1);
    expect(remainingSeconds(1_000_000, 20_000, 1_000_000 + 25_000)).toBe(0);
    // A request after the last clock tick never shows more than the limit.
    expect(remainingSeconds(1_000_500, 1_800_000, 1_000_000)).toBe(1800);
  });

  it('shows mm:ss', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(299)).toBe('04:59');
    expect(formatCountdown(0)).toBe('00:00');
  });
});
