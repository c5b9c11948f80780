// What `npm start` costs a factory PC (issue 11): the time to the first answer on a first start (initdb, migrations,
// demo factory) and on a start with an existing database, and the resident memory of the app and its embedded
// PostgreSQL when idle after a few requests. Linux only (/proc); needs the built tree (npm run build).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../apps/server/src/db/embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const IDLE_SECONDS = 15;

export type MemoryResult = {
  firstStartMs: number;
  readyMs: number;
  processes: number;
  rssMb: number;
  pssMb: number;
  appRssMb: number;
};

/** The process and all its descendants, from /proc. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]) ?? []));
  return all;
}

function memoryOf(pid: number) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  return { rss: kb('Rss'), pss: kb('Pss') };
}

async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      BACKUP_HOUR: 'off',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await sleep(20);
  }
  return { child, ms: Math.round(performance.now() - started) };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function benchIdleMemory(): Promise<MemoryResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eqms-bench-memory-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  try {
    const first = await start(dataDir, port);
    await stop(first.child);
    const { child, ms } = await start(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'admin', password: 'admin1234' }),
    });
    const headers = { authorization: String(login.headers.get('authorization')) };
    for (const p of ['/', '/api/user/users', '/api/code/tree', '/api/system/menu'])
      await fetch(`${base}${p}`, { headers });
    await sleep(IDLE_SECONDS * 1000);
    const pids = tree(child.pid!);
    const each = pids.map((pid) => memoryOf(pid));
    const result = {
      firstStartMs: first.ms,
      readyMs: ms,
      processes: pids.length,
      rssMb: Math.round(each.reduce((a, m) => a + m.rss, 0) / 1024),
      pssMb: Math.round(each.reduce((a, m) => a + m.pss, 0) / 1024),
      appRssMb: Math.round(each[0].rss / 1024),
    };
    await stop(child);
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function memoryTable(m: MemoryResult): string {
  return [
    '| first start to ready | start to ready (existing database) | processes | RSS MB (sum) | PSS MB (sum) | app alone RSS MB |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${m.firstStartMs} ms | ${m.readyMs} ms | ${m.processes} | ${m.rssMb} | ${m.pssMb} | ${m.appRssMb} |`,
  ].join('\n');
}
