import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readBackupSummary } from '../../db/backup.ts';
import { migrateDatabase, openPostgres } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { createTestApp } from '../../test/harness.ts';
import { serverProcesses } from '../../test/server-process.ts';

// GET and POST /api/system/backups. PGlite, the tests' usual engine, has no connection string to back up through, so
// the app here runs on PostgreSQL: the server of TEST_DATABASE_URL when the run has one, else an embedded PostgreSQL
// started for this file. Further apps on the same database (a copy of the config with another folder, another url)
// cover PGlite (no url) and failures; they accept the main app's tokens (same secret, same sessions table).

const temp = serverProcesses();
afterAll(() => temp.cleanUp(), 60_000);

/** The harness's app (its users and logins, a database of its own) on PostgreSQL. */
async function postgresTestApp(env: Record<string, string>) {
  if (process.env.TEST_DATABASE_URL) return createTestApp(env);
  const server = await startEmbeddedPostgres({ dataDir: temp.tempDir('eqms-pg-'), log: () => {} });
  // Registered before the harness's own afterAll, so it runs after it (hooks unwind as a stack): the app first.
  afterAll(() => server.stop(), 60_000);
  const template = await openPostgres(server.url);
  try {
    await migrateDatabase(template);
  } finally {
    await template.close();
  }
  // The harness copies its database from TEST_DATABASE_URL's: pointed at this server for the one call.
  process.env.TEST_DATABASE_URL = server.url;
  try {
    return await createTestApp(env);
  } finally {
    delete process.env.TEST_DATABASE_URL;
  }
}

const dir = temp.tempDir('eqms-backups-');
const t = await postgresTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: '7', BACKUP_HOUR: '3' });

/** Another app on the same database: its backups in `backupDir`, its engine's url `url` (none: PGlite's case). */
async function sideApp(backupDir: string, url: string | undefined) {
  const config = { ...t.config, backup: { ...t.config.backup, dir: backupDir } };
  const app = await buildApp({ config, database: { ...t.database, url, close: async () => {} } });
  await app.ready();
  afterAll(() => app.close());
  return async (method: 'GET' | 'POST', token: string) => {
    const res = await app.inject({ method, url: '/api/system/backups', headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
}

const NAME = /^eqms-backup-\d{8}-\d{6}(-\d+)?\.eqmsbak\.gz$/;
const OLD = 'eqms-backup-20200101-000000.eqmsbak.gz';
/** The backup files in a folder (the folder named like one, made by the first test, is not a file). */
const backupsIn = (folder: string) =>
  readdirSync(folder).filter((n) => NAME.test(n) && statSync(path.join(folder, n)).isFile());

describe('GET /api/system/backups', () => {
  it('answers the settings and only our backup files, newest first, to config view', async () => {
    // An old backup, and what is not one: another file, a backup being written, a folder named like a backup.
    writeFileSync(path.join(dir, OLD), 'old');
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    writeFileSync(path.join(dir, 'eqms-backup-20991231-000000.eqmsbak.gz.partial'), '');
    mkdirSync(path.join(dir, 'eqms-backup-20991231-000001.eqmsbak.gz'));
    const { token } = await t.makeUser({ config: { view: true } });
    const res = await t.inject({ method: 'GET', url: '/api/system/backups', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      enabled: true,
      dir,
      keepDays: 7,
      hour: 3,
      files: [{ name: OLD, bytes: 3, createdAt: '2020-01-01T00:00:00.000Z' }],
    });
  });

  it('answers hour null when the daily backup is off, and enabled false on PGlite (no url)', async () => {
    const other = temp.tempDir('eqms-backups-');
    const config = { ...t.config, backup: { dir: other, keepDays: 14, hour: null } };
    const app = await buildApp({ config, database: { ...t.database, url: undefined, close: async () => {} } });
    await app.ready();
    try {
      const { token } = await t.makeUser({ config: { view: true } });
      const res = await app.inject({
        method: 'GET',
        url: '/api/system/backups',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ enabled: false, dir: other, keepDays: 14, hour: null, files: [] });
    } finally {
      await app.close();
    }
  });

  it('answers 409 backupFolderUnreadable when the folder is not one, never a 500', async () => {
    const file = path.join(temp.tempDir('eqms-backups-'), 'a-file');
    writeFileSync(file, 'x');
    const side = await sideApp(file, t.databaseUrl ?? undefined);
    const { token } = await t.makeUser({ config: { view: true } });
    const res = await side('GET', token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.extraData.messageKey).toMatch(/^backupFolderUnreadable \{"reason":".*ENOTDIR/);
  });

  it('answers 401 without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/system/backups' });
    expect(res.status).toBe(401);
  });

  it('answers 403 without config view', async () => {
    const { token } = await t.makeUser({ notice: { all: true }, pageHit: { all: true } });
    const res = await t.inject({ method: 'GET', url: '/api/system/backups', token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('POST /api/system/backups', () => {
  it('writes one backup into BACKUP_DIR, prunes those older than BACKUP_KEEP and answers the file', async () => {
    const { token } = await t.makeUser({ config: { view: true, create: true } });
    const res = await t.inject({ method: 'POST', url: '/api/system/backups', token });
    expect(res.status).toBe(200);
    const made = res.body.data;
    expect(made.name).toMatch(NAME);
    expect(Math.abs(Date.parse(made.createdAt) - Date.now())).toBeLessThan(60_000);

    // The file is a whole backup of the database, as the answer says.
    const summary = await readBackupSummary(path.join(dir, made.name));
    expect(made.bytes).toBe(summary.bytes);
    expect(made.tables).toBe(summary.tables.length);
    expect(made.tables).toBeGreaterThan(20);
    expect(made.rows).toBe(summary.tables.reduce((n, table) => n + table.rows, 0));
    // The users this file made (and the migration journal) are in it.
    expect(summary.tables.find((table) => table.name === 'users')!.rows).toBeGreaterThanOrEqual(3);
    expect(summary.tables.find((table) => table.name === 'drizzle.__drizzle_migrations')!.rows).toBeGreaterThan(0);

    // The 2020 backup is gone (older than 7 days); what is not ours is untouched.
    expect(backupsIn(dir)).toEqual([made.name]);
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    const listed = await t.inject({ method: 'GET', url: '/api/system/backups', token });
    expect(listed.body.data.files).toEqual([{ name: made.name, bytes: made.bytes, createdAt: expect.any(String) }]);
  });

  it('runs one backup at a time: a second request meanwhile gets 409 backupRunning', async () => {
    const { token } = await t.makeUser({ config: { create: true } });
    const before = backupsIn(dir).length;
    const answers = await Promise.all(
      [1, 2].map(() => t.inject({ method: 'POST', url: '/api/system/backups', token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.extraData.messageKey).toBe('backupRunning');
    expect(refused.body.message).toBe('A backup is already running. Try again when it has finished.');
    expect(backupsIn(dir).length).toBe(before + 1);
    // Once it is done, the next one runs.
    const again = await t.inject({ method: 'POST', url: '/api/system/backups', token });
    expect(again.status).toBe(200);
  });

  it('answers 409 backupUnavailable on PGlite (no url) and writes nothing', async () => {
    const other = temp.tempDir('eqms-backups-');
    const side = await sideApp(other, undefined);
    const { token } = await t.makeUser({ config: { create: true } });
    const res = await side('POST', token);
    expect(res.status).toBe(409);
    expect(res.body.extraData.messageKey).toBe('backupUnavailable');
    expect(readdirSync(other)).toEqual([]);
  });

  it('answers 409 backupFailed with the reason when the database cannot be reached or the folder not made', async () => {
    const { token } = await t.makeUser({ config: { create: true } });
    const unreachable = await sideApp(temp.tempDir('eqms-backups-'), 'postgres://eqms:wrong@127.0.0.1:1/eqms');
    const noDatabase = await unreachable('POST', token);
    expect(noDatabase.status).toBe(409);
    expect(noDatabase.body.code).toBe('CONFLICT');
    expect(noDatabase.body.extraData.messageKey).toMatch(/^backupFailed \{"reason":"Cannot connect to /);
    expect(noDatabase.body.message).toMatch(/^The backup failed: Cannot connect to /);
    expect(noDatabase.body.message).not.toContain('wrong'); // never the password

    const file = path.join(temp.tempDir('eqms-backups-'), 'a-file');
    writeFileSync(file, 'x');
    const notAFolder = await sideApp(path.join(file, 'backups'), t.databaseUrl ?? undefined);
    const res = await notAFolder('POST', token);
    expect(res.status).toBe(409);
    expect(res.body.extraData.messageKey).toMatch(/^backupFailed \{"reason":".*ENOTDIR/);
  });

  it('answers 400 on a body (it takes none) and writes nothing', async () => {
    const { token } = await t.makeUser({ config: { create: true } });
    const before = backupsIn(dir);
    const json = await t.inject({ method: 'POST', url: '/api/system/backups', token, payload: { dir: '/tmp' } });
    expect(json.status).toBe(400);
    expect(json.body.extraData.fields[0].field).toBe('body');
    const form = await t.inject({
      method: 'POST',
      url: '/api/system/backups',
      token,
      payload: '--b\r\nContent-Disposition: form-data; name="dir"\r\n\r\n/tmp\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(form.status).toBe(400);
    expect(backupsIn(dir)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/system/backups' });
    expect(res.status).toBe(401);
  });

  it('answers 403 with config view but not create, and without config rights', async () => {
    const before = backupsIn(dir);
    const rights: Record<string, { view?: boolean; modify?: boolean; all?: boolean }>[] = [
      { config: { view: true, modify: true } },
      { notice: { all: true } },
    ];
    for (const grants of rights) {
      const { token } = await t.makeUser(grants);
      const res = await t.inject({ method: 'POST', url: '/api/system/backups', token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(backupsIn(dir)).toEqual(before);
  });
});
