import { equipmentEndpoints, vehicleEndpoints } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { SHELL_ALERT_PATHS } from '../../../../../bench/transfer.ts';
import { alertCalls } from './registry.ts';
import { markShown, shellAlertsStorageKey, shownToday } from './shell-alerts.ts';

/** A Storage in memory (jsdom's is shared between tests). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('shell alerts: once per day per user', () => {
  it('remembers what was shown to a user on a day, not to another user or on another day', () => {
    const s = memoryStorage();
    expect(shownToday('kim', '2026-11-27', s).has('equipment-insufficient')).toBe(false);
    markShown('kim', '2026-11-27', ['equipment-insufficient'], s);
    expect(shownToday('kim', '2026-11-27', s).has('equipment-insufficient')).toBe(true);
    expect(shownToday('kim', '2026-11-27', s).has('part-replacement')).toBe(false);
    expect(shownToday('lee', '2026-11-27', s).has('equipment-insufficient')).toBe(false);
    expect(shownToday('kim', '2026-11-28', s).has('equipment-insufficient')).toBe(false);
  });

  it('adds to the day, forgets the earlier days of the same user only', () => {
    const s = memoryStorage();
    markShown('kim', '2026-11-26', ['a'], s);
    markShown('lee', '2026-11-26', ['a'], s);
    markShown('kim', '2026-11-27', ['a'], s);
    markShown('kim', '2026-11-27', ['b'], s);
    expect(s.getItem(shellAlertsStorageKey('kim', '2026-11-26'))).toBeNull();
    expect(s.getItem(shellAlertsStorageKey('lee', '2026-11-26'))).toBe('["a"]');
    expect(JSON.parse(s.getItem(shellAlertsStorageKey('kim', '2026-11-27'))!)).toEqual(['a', 'b']);
  });

  it('reads `*` as every alert and survives broken storage values', () => {
    const s = memoryStorage();
    s.setItem(shellAlertsStorageKey('kim', '2026-11-27'), '["*"]');
    expect(shownToday('kim', '2026-11-27', s).has('anything')).toBe(true);
    s.setItem(shellAlertsStorageKey('kim', '2026-11-27'), '{not json');
    expect(shownToday('kim', '2026-11-27', s).has('anything')).toBe(false);
    markShown('kim', '2026-11-27', ['a'], s);
    expect(shownToday('kim', '2026-11-27', s).has('a')).toBe(true);
  });
});

describe('shell alerts: the calls', () => {
  it("ask the contract's endpoints (method and path)", () => {
    const pick = (e: { method: string; path: string }) => ({ method: e.method, path: e.path });
    expect(pick(alertCalls.equipment)).toEqual(pick(equipmentEndpoints.insufficient));
    expect(pick(alertCalls.vehicle)).toEqual(pick(vehicleEndpoints.maintenanceAlerts));
  });
  it('are the ones the transfer measurement waits for (bench/transfer.ts)', () => {
    expect(SHELL_ALERT_PATHS).toEqual(Object.values(alertCalls).map((c) => c.path));
  });
});
