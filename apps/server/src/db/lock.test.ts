import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_PASS, serverProcesses } from '../test/server-process.ts';
import { openPglite } from './client.ts';
import { DataDirLockedError, lockDataDir, processIdentity } from './lock.ts';

const servers = serverProcesses();
const children: ChildProcess[] = [];
const tempDir = () => servers.tempDir('eqms-lock-');
const lockFile = (dir: string) => path.join(dir, 'eqms.lock');
/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await servers.cleanUp();
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

describe.skipIf(POSTGRES_PASS)('a second server on the same data directory', () => {
  it('exits with code 1 and a clear message, and the first keeps serving', async () => {
    const dir = tempDir();
    const first = await servers.start(dir);
    expect(await servers.ready(first)).toMatchObject({ data: { status: 'ok', db: 'embedded' } });

    const second = await servers.start(dir);
    const code = await Promise.race([
      second.exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000)),
    ]);
    expect(code).toBe(1);
    expect(second.output.stderr).toMatch(
      /eQMS cannot start: The data directory .* is in use by another eQMS process \(pid \d+\)/,
    );
    expect(await servers.health(second.port)).toBeNull();

    expect(await servers.health(first.port)).toMatchObject({ data: { status: 'ok', db: 'embedded' } });
    expect(first.child.exitCode).toBeNull();
    const holder = Number(readFileSync(lockFile(dir), 'utf8').split('\n')[0]);
    expect(() => process.kill(holder, 0)).not.toThrow();
  }, 180_000);
});
