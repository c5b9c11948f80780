import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// PGlite has no lock of its own: two processes on one data directory corrupt it for good (ARCHITECTURE §2). The
// lock names its process by pid and, where the system tells, by boot and start time: a live process that merely
// has the pid of a crashed holder never blocks a start (ARCHITECTURE §2 trap).
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
    const self = processIdentity(process.pid);
    writeFileSync(tmp, self ? `${process.pid}\n${self}` : String(process.pid));
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
      const [pidLine, identity] = readFileSync(file, 'utf8').trim().split('\n');
      const pid = Number(pidLine);
      if (pid && pid !== process.pid && isAlive(pid) && isSameProcess(pid, identity)) {
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

/**
 * What tells a process from a later one with the same pid (pids are reused after a crash, always so in a container
 * that restarts): the boot and the process's start time in clock ticks since boot, from /proc/PID/stat (Linux).
 * null where /proc cannot tell (another system): the pid alone decides there.
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: the first is field 3 (state), so
    // field 22 (starttime) is the 20th.
    const starttime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return starttime ? `${boot}/${starttime}` : null;
  } catch {
    return null;
  }
}

/** Whether the live process with this pid is the one that wrote the lock (a lock without an identity: it may be). */
function isSameProcess(pid: number, identity: string | undefined): boolean {
  if (!identity) return true;
  const now = processIdentity(pid);
  return now === null || now === identity;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
