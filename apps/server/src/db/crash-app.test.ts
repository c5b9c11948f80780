import { afterAll, describe, expect, it } from 'vitest';
import { ROUNDS, categories, login, missing, sleep, writeUntil } from '../test/crash-writes.ts';
import { POSTGRES_PASS, serverProcesses } from '../test/server-process.ts';

const servers = serverProcesses();
afterAll(() => servers.cleanUp(), 60_000);

describe.skipIf(POSTGRES_PASS)('crashes of the embedded engine', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs of the app during writes`, async () => {
    const dir = servers.tempDir('eqms-crash-app-');
    const acknowledged = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const server = await servers.start(dir);
      await servers.ready(server);
      const stop = writeUntil(server, await login(server), `APP_${round}`, acknowledged);
      await sleep(150 + Math.random() * 250);
      // The whole app (npx, tsx, node) dies at once; its PostgreSQL, in its own process group, lives on.
      await servers.kill(server, 'SIGKILL');
      await stop();
    }
    const server = await servers.start(dir);
    await servers.ready(server);
    const present = await categories(server, await login(server));
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * 3);
    expect(missing(acknowledged, present)).toEqual([]);
  }, 400_000);
});
