// Starts the server for browser tests on a fresh data directory (so every run begins with the demo factory): what
// `npm start` runs, in this process.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR || `.tmp/e2e-data-${process.argv[2]}`);
// A PostgreSQL left running on this folder by an earlier run that was cut off ends before its folder goes.
try {
  const pid = Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
  // Only that PostgreSQL: a pid from a pid file may have gone to another process since.
  if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) throw new Error('not ours');
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100; i++) {
    process.kill(pid, 0);
    await sleep(100);
  }
} catch {}
rmSync(dataDir, { recursive: true, force: true });
// The demo factory unless the caller says DEMO_DATA=0 (the short-session server: its one test needs the administrator
// only, and a demo seed beside the main server's would only delay the first test).
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DEMO_DATA: process.env.DEMO_DATA || '1',
  NODE_ENV: 'test',
  DEMO_TRACE_HOURS: '6',
});
await import('./start.mjs');
