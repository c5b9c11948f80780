import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { migrateDatabase, openPglite } from './db/client.ts';
import { initialData } from './db/seed/index.ts';
import { categories, login } from './test/crash-writes.ts';
import { runCli, type ServerProcess, POSTGRES_PASS, serverProcesses } from './test/server-process.ts';

// The command-line tools of issue 11 as users run them (the bundle, a real embedded PostgreSQL, a running app).

const servers = serverProcesses();
afterAll(() => servers.cleanUp(), 60_000);

async function addCategory(server: ServerProcess, token: string, category: string) {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/code/cateogry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ category, name: category }),
  });
  expect(res.status).toBe(200);
}

/** Starts the app on dir, signs in as admin and returns the code categories it finds; then stops it. */
async function categoriesOn(dir: string) {
  const server = await servers.start(dir);
  await servers.ready(server);
  const found = await categories(server, await login(server));
  await servers.kill(server, 'SIGTERM');
  return found;
}

describe.skipIf(POSTGRES_PASS)('npm run db:from-pglite', () => {
  it('copies an earlier PGlite data directory into the embedded PostgreSQL and keeps the old folder', async () => {
    const dir = servers.tempDir('eqms-cli-pglite-');
    const old = await openPglite(dir);
    await migrateDatabase(old);
    await initialData(old, loadConfig({ DATA_DIR: dir, DEMO_DATA: '0' }));
    await old.db.execute(`insert into code_categories (category, name) values ('FROM_PGLITE', '옛 자료')`);
    await old.close();

    const refused = await servers.start(dir);
    expect(await refused.exited).toBe(1);
    expect(refused.output.stderr).toMatch(/earlier eQMS.*npm run db:from-pglite/);

    const copied = await runCli(dir, ['from-pglite']);
    expect(copied.stderr).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(/every table's rows counted/);
    expect(existsSync(path.join(dir, 'pg/PG_VERSION'))).toBe(true);
    expect(await categoriesOn(dir)).toContain('FROM_PGLITE');

    const again = await runCli(dir, ['from-pglite']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data/);
  }, 120_000);
});

describe.skipIf(POSTGRES_PASS)('npm run backup and npm run restore', () => {
  it('backs up a running app, restores into an empty DATA_DIR, and the app starts on it with the same rows', async () => {
    const dir = servers.tempDir('eqms-cli-backup-');
    const server = await servers.start(dir);
    await servers.ready(server);
    await addCategory(server, await login(server), 'BACKED_UP');

    const backup = await runCli(dir, ['backup']);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const files = readdirSync(path.join(dir, 'backups'));
    expect(files).toEqual([expect.stringMatching(/^eqms-backup-\d{8}-\d{6}\.eqmsbak\.gz$/)]);
    const file = path.join(dir, 'backups', files[0]);

    // A restore needs the data directory to itself.
    const busy = await runCli(dir, ['restore', file]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by another eQMS process/);
    await servers.kill(server, 'SIGTERM');

    const target = servers.tempDir('eqms-cli-restore-');
    const restored = await runCli(target, ['restore', file]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await categoriesOn(target)).toContain('BACKED_UP');

    const twice = await runCli(target, ['restore', file]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already holds data/);
  }, 120_000);

  it('refuses a file that is not a backup, before making a database', async () => {
    const dir = servers.tempDir('eqms-cli-foreign-');
    const file = path.join(dir, 'notes.gz');
    writeFileSync(file, 'not a backup');
    const result = await runCli(path.join(dir, 'data'), ['restore', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not an eQMS backup/);
    expect(existsSync(path.join(dir, 'data/postgres'))).toBe(false);

    const none = await runCli(path.join(dir, 'data'), ['backup']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/nothing to back up/);
  });
});
