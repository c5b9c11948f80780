import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { backupDue, localDateHour } from './backup-schedule.ts';

const config = (hour: number | null, timeZone = 'Asia/Seoul') => ({
  timeZone,
  backup: { dir: '/unused', keepDays: 14, hour },
});

describe('the daily backup', () => {
  it('reads the hour and the date in the factory time zone', () => {
    // 2026-11-24 18:30 UTC is 2026-11-25 03:30 in Seoul.
    expect(localDateHour(new Date('2026-11-24T18:30:00Z'), 'Asia/Seoul')).toEqual({ date: '2026-11-25', hour: 3 });
    expect(localDateHour(new Date('2026-11-24T18:30:00Z'), 'UTC')).toEqual({ date: '2026-11-24', hour: 18 });
  });

  it('is due from the hour on, once per local day', () => {
    const at = (iso: string) => new Date(iso);
    // 01:59 Seoul: before the hour.
    expect(backupDue(at('2026-11-24T16:59:00Z'), config(2), null)).toBe(false);
    // 02:00 Seoul, never backed up: due.
    expect(backupDue(at('2026-11-24T17:00:00Z'), config(2), null)).toBe(true);
    // Backed up at 02:00 Seoul today: not again today, even at 23:59.
    expect(backupDue(at('2026-11-25T14:59:00Z'), config(2), at('2026-11-24T17:00:30Z'))).toBe(false);
    // Last backup yesterday (Seoul) though today in UTC: due.
    expect(backupDue(at('2026-11-24T17:05:00Z'), config(2), at('2026-11-24T10:00:00Z'))).toBe(true);
    // A PC that slept through the hour: due at the first tick after it wakes, the same day.
    expect(backupDue(at('2026-11-25T05:00:00Z'), config(2), at('2026-11-23T17:00:00Z'))).toBe(true);
    expect(backupDue(at('2026-11-25T05:00:00Z'), config(null), null)).toBe(false);
  });

  it('takes BACKUP_DIR, BACKUP_KEEP and BACKUP_HOUR from the environment, refusing nonsense', () => {
    const c = loadConfig({ DATA_DIR: '/srv/eqms' });
    expect(c.backup).toEqual({ dir: '/srv/eqms/backups', keepDays: 14, hour: 2 });
    expect(loadConfig({ BACKUP_DIR: '/mnt/nas', BACKUP_KEEP: '30', BACKUP_HOUR: '23' }).backup).toEqual({
      dir: '/mnt/nas',
      keepDays: 30,
      hour: 23,
    });
    expect(loadConfig({ BACKUP_HOUR: 'off' }).backup.hour).toBeNull();
    expect(() => loadConfig({ BACKUP_HOUR: '24' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number from 1/);
    expect(() => loadConfig({ BACKUP_KEEP: 'ten' })).toThrow(ConfigError);
  });
});
