import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// PGlite has no lock of its own: two processes on one data directory corrupt it for good (ARCHITECTURE §2).
export class DataDirLockedError extends Error {}

/** Lock files this process holds: its own pid in a lock file says nothing about whether it is still in use here. */
const held = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), 'eqms.lock');
  if (held.has(file)) {
    throw new DataDirLockedError(`The data directory ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    // The pid is written first and the file linked into place in one step, so no process ever reads an empty lock.
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, String(process.pid));
    try {
      linkSync(tmp, file);
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another eQMS process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      // A stale lock of a process that died: move it aside (only one taker's rename succeeds), then retry.
      try {
        renameSync(file, `${file}.stale.${process.pid}`);
        rmSync(`${file}.stale.${process.pid}`, { force: true });
      } catch {
        /* another process took it over first; the next attempt sees its lock */
      }
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
