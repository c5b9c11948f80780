import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig, parseTrustProxy } from './config.ts';
import { type Database, migrateDatabase, openPglite } from './db/client.ts';
import { initialData } from './db/seed/index.ts';
import { rowsOf } from './db/rows.ts';
import { verifyPassword } from './platform/auth/password.ts';
import { SNAPSHOT } from './test/global-setup.ts';
import { locations } from './modules/location/location.table.ts';
import { users } from './modules/user/user.table.ts';
import { SYSTEM_ACTOR, withTx } from './platform/tx.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'eqms-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const SECRET = 'a-production-secret-a-production-secret';

/**
 * An empty migrated database of its own (the seed logic is the same on both engines, and the shared PostgreSQL
 * test database holds other files' users): the PGlite test snapshot, or a fresh in-memory migration.
 */
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});
async function emptyDatabase() {
  const fromSnapshot = !process.env.TEST_DATABASE_URL && existsSync(SNAPSHOT);
  const database = await openPglite(null, fromSnapshot ? new Blob([readFileSync(SNAPSHOT)]) : undefined);
  opened.push(database);
  if (!fromSnapshot) await migrateDatabase(database);
  return database;
}

/** Rows per table, leaving out the tables that are empty and `auth_epoch` (the migration's one counter row, not data). */
async function rowCounts(database: Database) {
  const tables = rowsOf<{ relname: string }>(
    await database.db.execute(sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'auth_epoch' order by 1`),
  ).map((r) => r.relname);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const res = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const n = Number(rowsOf<{ n: number }>(res)[0].n);
    if (n > 0) counts[table] = n;
  }
  return counts;
}

describe('loadConfig', () => {
  it('takes CHAT_API_HOST as an http(s) URL only (the server calls it)', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: tmp, JWT_SECRET: 'test-secret-test-secret-test-secret' };
    expect(loadConfig({ ...base, CHAT_API_HOST: 'https://flow.example.com/' }).chatApiHost).toBe(
      'https://flow.example.com',
    );
    expect(loadConfig({ ...base, CHAT_API_KEY: 'k' }).chatApiKey).toBe('k');
    for (const bad of ['file:///etc/passwd', 'flow.example.com', 'ftp://x']) {
      expect(() => loadConfig({ ...base, CHAT_API_HOST: bad }), bad).toThrow(/CHAT_API_HOST/);
    }
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp, DATABASE_URL: 'postgres://x/y' })).toThrow(
      /JWT_SECRET/,
    );
    // Nothing is generated behind the operator's back.
    expect(existsSync(path.join(tmp, 'jwt-secret'))).toBe(false);
  });

  it('in production: takes the secret, never seeds demo data, ignores the test idle hook', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATA_DIR: tmp,
      DEMO_DATA: '1',
      EQMS_TEST_SESSION_IDLE_MS: '1000',
    });
    expect(config).toMatchObject({ production: true, jwtSecret: SECRET, demoData: false, sessionIdleMs: null });
  });

  it('for the embedded demo: generates a secret once and keeps it in DATA_DIR', () => {
    const dir = path.join(tmp, 'demo');
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(first).toMatchObject({
      production: false,
      demoData: null,
      port: 3000,
      host: '127.0.0.1',
      timeZone: 'Asia/Seoul',
    });
  });

  it('reads the deployment settings from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tmp,
      JWT_SECRET: SECRET,
      PORT: '8080',
      HOST: '0.0.0.0',
      TZ: 'Asia/Ho_Chi_Minh',
      BUSINESS_TYPE: 'food',
      MENU_EXCLUDE: 'mold, vehicle,,',
      DEMO_DATA: '0',
      DEMO_TRACE_HOURS: '48',
    });
    expect(config).toMatchObject({
      demoTraceHours: 48,
      port: 8080,
      host: '0.0.0.0',
      timeZone: 'Asia/Ho_Chi_Minh',
      businessType: 'food',
      menuExclude: ['mold', 'vehicle'],
      demoData: false,
    });
  });

  it('DEMO_TRACE_HOURS: a week of demo machine data unless set, whole hours up to 31 days', () => {
    expect(loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET }).demoTraceHours).toBe(168);
    expect(() => loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, DEMO_TRACE_HOURS: '1.5' })).toThrow(
      /DEMO_TRACE_HOURS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, DEMO_TRACE_HOURS: '745' })).toThrow(
      /DEMO_TRACE_HOURS/,
    );
  });

  it('BUSINESS_TYPE atelier (the workshop type) hides the measurement results screen, beside MENU_EXCLUDE', () => {
    const atelier = loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, BUSINESS_TYPE: 'atelier', MENU_EXCLUDE: 'mold' });
    expect(atelier.menuExclude).toEqual(['mold', 'measurementResult']);
    const named = loadConfig({
      DATA_DIR: tmp,
      JWT_SECRET: SECRET,
      BUSINESS_TYPE: 'atelier',
      MENU_EXCLUDE: 'measurementResult',
    });
    expect(named.menuExclude).toEqual(['measurementResult']);
    expect(loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET }).menuExclude).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, BUSINESS_TYPE: 'food' }).menuExclude).toEqual([]);
  });

  it('TRUST_PROXY: off unless set, then a hop count or the proxies; never "trust everyone"', () => {
    expect(loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET }).trustProxy).toBe(false);
    for (const off of ['', ' ', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.local', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '1.2.3', '-1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATA_DIR: tmp, JWT_SECRET: SECRET, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    // A hop count trusts that many hops nearest the server, no more.
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('203.0.113.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

describe('initialData on an empty production database', () => {
  const production = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATA_DIR: tmp, DEMO_DATA: '1', ...env });

  it('refuses without ADMIN_PASSWORD and writes nothing', async () => {
    const database = await emptyDatabase();
    expect(await rowCounts(database)).toEqual({});
    await expect(initialData(database, production())).rejects.toThrow(ConfigError);
    await expect(initialData(database, production())).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await rowCounts(database)).toEqual({});
  });

  it('creates only the administrator, with that password, and no demo data even with DEMO_DATA=1', async () => {
    const database = await emptyDatabase();
    const password = 'Prod-admin-2024';
    expect(await initialData(database, production({ ADMIN_PASSWORD: password }))).toBe('admin');
    const all = await database.db.select().from(users);
    expect(all.map((u) => u.userId)).toEqual(['admin']);
    expect(await verifyPassword(password, all[0].passwordHash)).toBe(true);
    expect(await verifyPassword('admin1234', all[0].passwordHash)).toBe(false);
    const counts = await rowCounts(database);
    // The admin, its role and their link; the rest is the change history of exactly those rows.
    expect(counts).toEqual({ users: 1, roles: 1, user_roles: 1, change_history: 3 });
    // A second start finds the database in use and changes nothing.
    expect(await initialData(database, production({ ADMIN_PASSWORD: 'other-pass-1' }))).toBe('existing');
    expect(await rowCounts(database)).toEqual(counts);
  });
});

describe('initialData on the first start', () => {
  const demoStart = () =>
    loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, DATA_DIR: tmp, DEMO_DATA: '1', DEMO_TRACE_HOURS: '6' });

  it('seeds the administrator and the demo factory in one transaction: a failure leaves nothing, the next start seeds', async () => {
    const database = await emptyDatabase();
    // A row the demo factory's first place collides with (its code is unique), while the users table stays empty:
    // the demo part fails after the administrator was written in the same transaction.
    await withTx(database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(locations)
        .values({ name: 'in the way', code: 'site01', type: 'SITE', createdBy: 'system', updatedBy: 'system' }),
    );
    await expect(initialData(database, demoStart())).rejects.toThrow();
    expect(await database.db.select().from(users)).toEqual([]);

    await withTx(database.db, SYSTEM_ACTOR, (tx) => tx.delete(locations).where(eq(locations.code, 'site01')));
    expect(await initialData(database, demoStart())).toBe('demo');
    const ids = (await database.db.select({ userId: users.userId }).from(users)).map((u) => u.userId);
    expect(ids).toContain('admin');
    expect(ids.length).toBeGreaterThan(1);
    // The demo factory works two weeks of plans through the results module (about 450 saves): longer than a test.
  }, 120_000);

  it('seeds once when two starts race on one database', async () => {
    const database = await emptyDatabase();
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, DATA_DIR: tmp, DEMO_DATA: '0' });
    const results = await Promise.all([initialData(database, config), initialData(database, config)]);
    expect(results.sort()).toEqual(['admin', 'existing']);
    expect(await database.db.select({ userId: users.userId }).from(users)).toEqual([{ userId: 'admin' }]);
  });
});
