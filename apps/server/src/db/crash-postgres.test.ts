import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUNDS, categories, login, missing, sleep, writeUntil, pgLog } from '../test/crash-writes.ts';
import { POSTGRES_PASS, serverProcesses } from '../test/server-process.ts';
import { embeddedPaths } from './embedded.ts';

const servers = serverProcesses();
afterAll(() => servers.cleanUp(), 60_000);

describe.skipIf(POSTGRES_PASS)('crashes of the embedded engine', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs of PostgreSQL during writes, and serves again by itself`, async () => {
    const dir = servers.tempDir('eqms-crash-pg-');
    // The app writes its pool's state to stderr (client.ts), for the failure messages.
    const server = await servers.start(dir, { EQMS_POOL_TRACE: '1' });
    await servers.ready(server);
    const token = await login(server);
    const acknowledged = new Set<string>();
    const clock = (t = Date.now()) => new Date(t).toISOString().slice(11, 23);
    let lastFailure = 'none';
    const stop = writeUntil(server, token, 'PG', acknowledged, (what) => {
      lastFailure = `${what} (at ${clock()})`;
    });
    const pidFile = path.join(embeddedPaths(dir).pgdata, 'postmaster.pid');
    const postmaster = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    let lastKill = Date.now();
    /** When PostgreSQL was last killed, the writers' last failure, the app's pool and logs, PostgreSQL's logs. */
    const diagnosis = () => {
      const lines = server.output.stderr.split('\n');
      const pool = lines.filter((l) => l.startsWith('eQMS pool'));
      return [
        `now ${clock()}, last kill at ${clock(lastKill)} (${Date.now() - lastKill} ms ago), ${acknowledged.size} writes acknowledged`,
        `last failed write: ${lastFailure}`,
        `app's pool:\n${pool.slice(-4).join('\n')}`,
        `app:\n${lines
          .filter((l) => l && !l.startsWith('eQMS pool'))
          .slice(-8)
          .join('\n')}\n${server.output.stdout.slice(-1500)}`,
        pgLog(dir),
      ].join('\n');
    };
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const before = acknowledged.size;
        // Writes flow again (after the previous kill) before the next kill.
        for (let waited = 0; acknowledged.size < before + 3; waited += 20) {
          if (waited > 30_000) {
            throw new Error(`round ${round}: no write succeeded: ${diagnosis()}`);
          }
          await sleep(20);
        }
        process.kill(postmaster(), 'SIGKILL');
        lastKill = Date.now();
        await sleep(50 + Math.random() * 100);
      }
      const settled = acknowledged.size;
      for (let waited = 0; acknowledged.size < settled + 3; waited += 20) {
        if (waited > 30_000) {
          throw new Error(`no write after the last kill: ${diagnosis()}`);
        }
        await sleep(20);
      }
    } finally {
      await stop();
    }
    expect(server.child.exitCode).toBeNull();
    const present = await categories(server, token);
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * 3);
    expect(missing(acknowledged, present)).toEqual([]);
  }, 400_000);
});
