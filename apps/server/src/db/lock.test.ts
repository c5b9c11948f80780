import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { DataDirLockedError, lockDataDir, processIdentity } from './lock.ts';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eqms-lock-'));
  dirs.push(dir);
  return dir;
};
const lockFile = (dir: string) => path.join(dir, 'eqms.lock');
/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

afterAll(async () => {
  // Each child leads its own process group (npx → tsx → node): end the group, then wait for it.
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            try {
              process.kill(-child.pid!, 'SIGKILL');
            } catch {}
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          try {
            process.kill(-child.pid!, 'SIGTERM');
          } catch {
            clearTimeout(timer);
            resolve();
          }
        }),
    ),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('lockDataDir', () => {
  it('refuses a second lock while the first is held, and allows one after release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid}\n${processIdentity(process.pid)}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    const again = lockDataDir(dir);
    again();
  });

  it('refuses a directory locked by another live process, naming its pid', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    try {
      writeFileSync(lockFile(dir), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another eQMS process \\(pid ${other.pid}\\)`));
      expect(readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), String(deadPid()));
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    release();
  });

  it('refuses a lock whose live process is the one that wrote it, and takes over one whose pid was reused', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    try {
      const identity = processIdentity(other.pid!);
      expect(identity).toMatch(/^[0-9a-f-]+\/\d+$/);
      writeFileSync(lockFile(dir), `${other.pid}\n${identity}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      // The same pid, started at another time: the process that held the lock died and the pid went to another.
      const [boot, start] = identity!.split('/');
      writeFileSync(lockFile(dir), `${other.pid}\n${boot}/${Number(start) - 1}`);
      const release = lockDataDir(dir);
      expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
      release();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock with its own pid that it does not hold (a container restarted with the same pid)', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), String(process.pid));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('keeps openPglite from opening a locked directory', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    await expect(openPglite(dir)).rejects.toThrow(DataDirLockedError);
    expect(existsSync(path.join(dir, 'pg'))).toBe(false);
    release();
  });
});

describe('a second server on the same data directory', () => {
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
    });

  const startServer = (dataDir: string, port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
      cwd: REPO,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout!.on('data', (b) => (output.stdout += b));
    child.stderr!.on('data', (b) => (output.stderr += b));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output, exited };
  };

  const health = async (port: number) => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      return res.status === 200 ? ((await res.json()) as { data: { status: string; db: string } }) : null;
    } catch {
      return null;
    }
  };

  it('exits with code 1 and a clear message, and the first keeps serving', async () => {
    const dir = tempDir();
    const [port1, port2] = [await freePort(), await freePort()];
    const first = startServer(dir, port1);
    let up = null;
    for (let waited = 0; waited < 90_000 && !up && first.child.exitCode === null; waited += 300) {
      await new Promise((r) => setTimeout(r, 300));
      up = await health(port1);
    }
    expect(up, `first server did not start: ${first.output.stderr}`).toMatchObject({
      data: { status: 'ok', db: 'pglite' },
    });

    const second = startServer(dir, port2);
    const code = await Promise.race([
      second.exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000)),
    ]);
    expect(code).toBe(1);
    expect(second.output.stderr).toMatch(
      /eQMS cannot start: The data directory .* is in use by another eQMS process \(pid \d+\)/,
    );
    expect(await health(port2)).toBeNull();

    expect(await health(port1)).toMatchObject({ data: { status: 'ok', db: 'pglite' } });
    expect(first.child.exitCode).toBeNull();
    const holder = Number(readFileSync(lockFile(dir), 'utf8').split('\n')[0]);
    expect(() => process.kill(holder, 0)).not.toThrow();
  }, 180_000);
});
