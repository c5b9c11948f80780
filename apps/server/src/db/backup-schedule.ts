import type { Config } from '../config.ts';
import { listBackups, pruneBackups, writeBackup } from './backup.ts';

// The daily backup (issue 11): at BACKUP_HOUR of the factory's time zone, one backup of the whole database into
// BACKUP_DIR, then files older than BACKUP_KEEP days are removed. A clock checked each minute rather than one long
// timer: a PC that slept through the hour, or a clock change, still gets its backup on the next tick of that day.

const TICK_MS = 60_000;

/** The factory's local date (YYYY-MM-DD) and hour of an instant. */
export function localDateHour(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Whether the daily backup is due: at or after the hour, and no backup yet of this local day. */
export function backupDue(now: Date, config: Pick<Config, 'backup' | 'timeZone'>, lastBackupAt: Date | null): boolean {
  if (config.backup.hour === null) return false;
  const today = localDateHour(now, config.timeZone);
  if (today.hour < config.backup.hour) return false;
  return !lastBackupAt || localDateHour(lastBackupAt, config.timeZone).date !== today.date;
}

export type BackupLog = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/** Starts the daily backups of the database at url; returns what stops them. */
export function scheduleBackups(url: string, config: Config, log: BackupLog): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    const newest = listBackups(config.backup.dir)[0];
    if (!backupDue(new Date(), config, newest ? new Date(newest.createdAt) : null)) return;
    running = true;
    try {
      const summary = await writeBackup(url, config.backup.dir);
      const pruned = pruneBackups(config.backup.dir, config.backup.keepDays);
      log.info({ file: summary.file, bytes: summary.bytes, pruned }, 'daily backup written');
    } catch (e) {
      log.error({ err: e }, 'daily backup failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
