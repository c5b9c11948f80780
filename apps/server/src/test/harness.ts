import { randomBytes, scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Action, isAdministratorRoleItem, type RoleItemNode } from '@eqms/contract';
import { and, inArray, ne, sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';
import { locations } from '../modules/location/location.table.ts';
import { roles } from '../modules/role/role.table.ts';
import { userRoles, users } from '../modules/user/user.table.ts';
import { SNAPSHOT } from './global-setup.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Inject = {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
};

/**
 * A database of its own on the PostgreSQL test server, copied from the test database that global-setup migrated
 * (which no test connects to, so it stays an empty template), and dropped afterwards. Each test file thus starts from
 * the same empty migrated database on both engines (on PGlite every file loads the snapshot), and files run in
 * parallel on PostgreSQL too.
 */
async function ownPostgresDatabase(templateUrl: string) {
  const template = new URL(templateUrl);
  const maintenance = new URL(templateUrl);
  maintenance.pathname = '/postgres';
  const admin = await openPostgres(maintenance.toString());
  const name = `eqms_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin.db.execute(sql.raw(`create database ${name} template ${template.pathname.slice(1)}`));
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    database: await openPostgres(url.toString()),
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

let counter = 0;
/** A value unique within the whole test run (test data is made per test, never taken from demo ids). */
export const uniq = (prefix = 't') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

const PASSWORD = 'test1234';
/**
 * The test users' password hash: the production format at a cost of N=2^10 instead of 2^15. verifyPassword reads the
 * cost from the stored hash, so every makeUser login (hundreds per run) checks the password for real, in ~5 ms instead
 * of ~150 ms (0.7 s on a loaded machine). Passwords set through the API still get the production cost (user.test.ts
 * pins it), and an unknown user id is still compared against the full-cost dummy hash.
 */
const TEST_HASH = (() => {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return `scrypt$${2 ** 10}$${salt.toString('base64')}$${key.toString('base64')}`;
})();

/**
 * A real app on a real database of its own: PGlite loaded from the migrated snapshot, or a copy of the migrated
 * PostgreSQL test database when TEST_DATABASE_URL is set (`databaseUrl` then names the copy, for a second
 * connection pool to it). Closed after the file's tests.
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { accessTokenTtlS?: number } = {}) {
  const url = process.env.TEST_DATABASE_URL;
  const own = url ? await ownPostgresDatabase(url) : null;
  const database: Database = own ? own.database : await openPglite(null, new Blob([readFileSync(SNAPSHOT)]));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    WEB_DIST: '',
    // Six hours of demo machine data, not the first start's week (the backup test copies every row).
    DEMO_TRACE_HOURS: '6',
    // Never the repository's ./data/backups: a test app's backups go to the system's temporary folder.
    BACKUP_DIR: path.join(os.tmpdir(), `eqms-test-backups-${process.pid}`),
    ...env,
  });
  const app = await buildApp({ config, database, accessTokenTtlS: opts.accessTokenTtlS });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await own?.drop();
  });
  const db = database.db;

  async function inject({ method, url, payload, headers = {}, token }: Inject) {
    const res = await app.inject({
      method: method as any,
      url,
      payload: payload as any,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    let body: any = null;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res };
  }

  /** A role granting exactly these flags (nodes not named get nothing). */
  async function makeRole(grants: Record<string, Partial<Record<Action | 'all', boolean>>>, name = uniq('role')) {
    const roleItem: RoleItemNode[] = Object.entries(grants).map(([menu, flags]) => ({ name: menu, ...flags }));
    const [role] = await withTx(db, SYSTEM_ACTOR, (tx) => tx.insert(roles).values({ name, roleItem }).returning());
    return role;
  }

  /** A user with the given grants, logged in; returns its token and row. */
  async function makeUser(
    grants: Record<string, Partial<Record<Action | 'all', boolean>>> = {},
    extra: Partial<typeof users.$inferInsert> = {},
  ) {
    const role = await makeRole(grants);
    const userId = extra.userId ?? uniq('u');
    const [user] = await withTx(db, SYSTEM_ACTOR, async (tx) => {
      const created = await tx
        .insert(users)
        .values({ userId, username: `테스트 ${userId}`, passwordHash: TEST_HASH, ...extra })
        .returning();
      await tx.insert(userRoles).values({ userId: created[0].id, roleId: role.id });
      return created;
    });
    const token = await login(userId);
    return { user, role, token, userId, password: PASSWORD };
  }

  async function login(userId: string, password = PASSWORD) {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { userId, password } });
    if (res.status !== 200) throw new Error(`login failed for ${userId}: ${JSON.stringify(res.body)}`);
    return String(res.headers.authorization).replace('Bearer ', '');
  }

  /** An administrator (all rights on the whole menu). */
  async function admin() {
    return makeUser({
      dashboard: { all: true },
      notice: { all: true },
      baseinfo: { all: true },
      system: { all: true },
    });
  }

  /**
   * A new administrator who is the only enabled one: every other holder of an administrator role is disabled,
   * so the last-administrator rule applies to this user.
   */
  async function soleAdministrator() {
    const admin = await makeUser({ system: { all: true } });
    const adminRoles = (await db.select().from(roles))
      .filter((r) => isAdministratorRoleItem(r.roleItem))
      .map((r) => r.id);
    const holders = db.select({ id: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, adminRoles));
    await withTx(db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(users)
        .set({ enabled: false })
        .where(and(ne(users.id, admin.user.id), inArray(users.id, holders))),
    );
    return admin;
  }

  return {
    app,
    db,
    database,
    databaseUrl: own?.url ?? null,
    config,
    inject,
    makeRole,
    makeUser,
    login,
    admin,
    soleAdministrator,
  };
}

/** A fresh site → factory → line and warehouse → shelf, each with a code, for tests that place people or things. */
export async function locationBranch(db: Database['db']) {
  return withTx(db, SYSTEM_ACTOR, async (tx) => {
    const add = async (type: string, parentId: number | null) =>
      (
        await tx
          .insert(locations)
          .values({ name: uniq(type), type, parentId, code: uniq(type[0]) })
          .returning()
      )[0];
    const site = await add('SITE', null);
    const factory = await add('FACTORY', site.id);
    const line = await add('LINE', factory.id);
    const warehouse = await add('WAREHOUSE', factory.id);
    const shelf = await add('SHELF', warehouse.id);
    return { site, factory, line, warehouse, shelf };
  });
}
