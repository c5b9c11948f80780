import path from 'node:path';
import { type BackupCreated, type BackupStatus, ruleMessage } from '@eqms/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { BackupError, listBackups, pruneBackups, writeBackup } from '../../db/backup.ts';
import { conflict, invalidField } from '../../platform/errors.ts';

// Backups on demand from /admin/config (issue 11), beside the daily one of db/backup-schedule.ts and `npm run backup`:
// the same library (db/backup.ts), the same folder (BACKUP_DIR) and the same pruning (BACKUP_KEEP). Nothing here takes
// a name or a path from a request: the folder is the configuration's, files are listed by listBackups (only names
// like ours), and POST takes no body.

/** A backup that could not be made or a folder that could not be read: the library's message, or the system's. */
const isBackupFailure = (e: unknown): e is Error =>
  e instanceof BackupError || (e instanceof Error && typeof (e as NodeJS.ErrnoException).syscall === 'string');

/**
 * The backups of one app. One backup at a time per app (a second request while one runs gets 409 backupRunning);
 * the state lives in the app's routes, not the module. Another instance or the daily backup may write at the same
 * moment: each file gets its own name (db/backup.ts reserves it), so they do not collide.
 */
export function backupService(config: Config, url: string | undefined) {
  const { dir, keepDays, hour } = config.backup;
  let running = false;

  return {
    /** The settings, whether this engine can be backed up, and the files, newest first. */
    status(): BackupStatus {
      let files: BackupStatus['files'];
      try {
        files = listBackups(dir);
      } catch (e) {
        if (!isBackupFailure(e)) throw e;
        throw conflict('backupFolderUnreadable', undefined, { reason: e.message });
      }
      return { enabled: url !== undefined, dir, keepDays, hour, files };
    },

    /** Writes one backup now, then removes the ones older than BACKUP_KEEP days (the newest always stays). */
    async create(log: FastifyBaseLogger): Promise<BackupCreated> {
      if (url === undefined) throw conflict('backupUnavailable');
      if (running) throw conflict('backupRunning');
      running = true;
      try {
        const summary = await writeBackup(url, dir);
        let pruned: string[] = [];
        try {
          pruned = pruneBackups(dir, keepDays);
        } catch (e) {
          // The backup is written; an old file that could not be removed is the log's, not the caller's.
          log.warn({ err: e, dir }, 'backups older than BACKUP_KEEP could not be removed');
        }
        log.info({ file: summary.file, bytes: summary.bytes, pruned }, 'backup written on demand');
        return {
          name: path.basename(summary.file),
          bytes: summary.bytes,
          createdAt: summary.createdAt,
          tables: summary.tables.length,
          rows: summary.tables.reduce((sum, t) => sum + t.rows, 0),
        };
      } catch (e) {
        if (!isBackupFailure(e)) throw e;
        log.error({ err: e, dir }, 'backup on demand failed');
        throw conflict('backupFailed', undefined, { reason: e.message });
      } finally {
        running = false;
      }
    },
  };
}

/** POST /system/backups takes no body: one sent anyway (JSON, text or a form) is a 400 on `body`. */
export function refuseBody(req: FastifyRequest): void {
  if (req.body !== undefined || req.isMultipart()) throw invalidField('body', ruleMessage('unknownField'));
}
