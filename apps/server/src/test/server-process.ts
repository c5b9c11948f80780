import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../db/embedded.ts';

// The real server as a separate process (what `npm start` runs, from the sources), for tests of what happens
// around it: a second start on one data directory, kills and restarts.

const REPO = path.resolve(import.meta.dirname, '../../../..');

/**
 * CI's second pass (TEST_DATABASE_URL: the server tests against an external PostgreSQL). Tests of the embedded engine
 * and of whole processes start their own PostgreSQL and never read that URL: they skip the pass instead of running a
 * second time for nothing.
 */
export const POSTGRES_PASS = Boolean(process.env.TEST_DATABASE_URL);

type Bundles = { server: string; cli: string };
let bundled: Promise<Bundles> | null = null;
/** The server and command-line bundles built from the current sources, once per test worker. */
function bundles(): Promise<Bundles> {
  const script = path.join(REPO, 'scripts/build-server.mjs');
  bundled ??= import(script).then(
    async (m: { buildServer: () => Promise<void>; SERVER_BUNDLE: string; CLI_BUNDLE: string }) => {
      await m.buildServer();
      return { server: m.SERVER_BUNDLE, cli: m.CLI_BUNDLE };
    },
  );
  return bundled;
}

/** The environment of a server or tool on dataDir: the embedded engine, quiet, no daily backup. */
const envOf = (dataDir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    WEB_DIST: '',
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    BACKUP_HOUR: 'off',
    ...env,
  };
  delete full.DATABASE_URL;
  if (env.DATABASE_URL) full.DATABASE_URL = env.DATABASE_URL;
  return full;
};

/** `npm run backup | restore FILE | db:from-pglite` as the bundle runs them: exit code and output. */
export async function runCli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [(await bundles()).cli, ...args], {
    cwd: REPO,
    env: envOf(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (b) => (output.stdout += b));
  child.stderr.on('data', (b) => (output.stderr += b));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, ...output };
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: { stdout: string; stderr: string };
  exited: Promise<number | null>;
};

/** Processes and folders made by a test file, ended and removed by `cleanUp` (its afterAll). */
export function serverProcesses() {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];

  const tempDir = (prefix = 'eqms-') => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    // mkdtemp makes it 0700: PostgreSQL, run as another user when the tests run as root, must reach its folder in it.
    chmodSync(dir, 0o755);
    dirs.push(dir);
    return dir;
  };

  const start = async (dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> => {
    const port = await freePort();
    const full = envOf(dataDir, { PORT: String(port), ...env });
    // The server bundle under plain Node, as `npm start` runs it (under tsx, compiling the sources took 3 s of each
    // start), in its own process group.
    const child = spawn(process.execPath, [(await bundles()).server], {
      cwd: REPO,
      env: full,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout!.on('data', (b) => (output.stdout += b));
    child.stderr!.on('data', (b) => (output.stderr += b));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, port, output, exited };
  };

  const health = async (port: number) => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      return res.status === 200 ? ((await res.json()) as { data: { status: string; db: string } }) : null;
    } catch {
      return null;
    }
  };

  /** Waits until the server answers its health check; throws with its output if it exits or takes too long. */
  const ready = async (server: ServerProcess, timeoutMs = 90_000) => {
    for (let waited = 0; waited < timeoutMs; waited += 100) {
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output.stderr}`);
      const up = await health(server.port);
      if (up) return up;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start: ${server.output.stderr}`);
  };

  /** Ends a server's process group (SIGKILL: a crash; SIGTERM: a stop) and waits for it. */
  const kill = (server: ServerProcess, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const { child } = server;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {}
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        process.kill(-child.pid!, signal);
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });

  const cleanUp = async () => {
    await Promise.all(children.map((child) => kill({ child } as ServerProcess, 'SIGTERM')));
    // A server killed (or stopped while starting) leaves its PostgreSQL running: end it before its folder goes.
    for (const dir of dirs) {
      try {
        const pid = Number(readFileSync(path.join(dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
        if (pid) process.kill(pid, 'SIGQUIT');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    }
  };

  return { tempDir, start, health, ready, kill, cleanUp };
}
