import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rowsOf } from '../db/rows.ts';
// The whole schema: this test changes roles, role assignments, users and sessions directly, as any writer could.
import { roles, userRoles, users } from '../db/schema.ts';
import { sessions } from '../platform/auth/session.table.ts';
import { SessionService } from '../platform/auth/sessions.ts';
import { TokenService } from '../platform/auth/tokens.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';
import { createTestApp } from './harness.ts';

// The guard keeps each session's principal per instance and reads only the auth epoch per request (sessions.ts).
// These tests run two app instances on one database (as two servers on one PostgreSQL): whatever changes a
// principal, through either instance's API or straight in the database, takes effect on the other's next request.
const t = await createTestApp();
const other = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret', WEB_DIST: '' }),
  database: t.database,
});
await other.ready();
// Registered after the harness's: runs first (after-hooks run in reverse), while the database is still open.
afterAll(() => other.close());

const SECRET = 'test-secret-test-secret-test-secret';
const PAGE_HITS = '/api/system/page-hits?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

/** A request on the second instance. */
async function onOther(url: string, token: string) {
  const res = await other.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res.statusCode;
}
const epoch = async (db = t.db) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select n::float8 as n from auth_epoch where id = 1`))[0].n);

describe('a principal cached by one instance follows changes made anywhere', () => {
  it('a role change, a second role and a removed role take effect on the next request', async () => {
    const s = await t.makeUser();
    // Both instances have read the session (and cached it) before the change.
    expect(await onOther(PAGE_HITS, s.token)).toBe(403);
    expect((await t.inject({ method: 'GET', url: PAGE_HITS, token: s.token })).status).toBe(403);

    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(roles)
        .set({ roleItem: [{ name: 'pageHit', view: true }] })
        .where(eq(roles.id, s.role.id)),
    );
    expect(await onOther(PAGE_HITS, s.token)).toBe(200);
    expect((await t.inject({ method: 'GET', url: PAGE_HITS, token: s.token })).status).toBe(200);

    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.delete(userRoles).where(eq(userRoles.userId, s.user.id)));
    expect(await onOther(PAGE_HITS, s.token)).toBe(403);

    const extra = await t.makeRole({ system: { view: true } });
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(userRoles).values({ userId: s.user.id, roleId: extra.id }));
    expect(await onOther(PAGE_HITS, s.token)).toBe(200);
  });

  it('a role edited through the API of one instance applies on the other at once', async () => {
    const admin = await t.admin();
    const s = await t.makeUser();
    expect(await onOther(PAGE_HITS, s.token)).toBe(403);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/role',
      token: admin.token,
      payload: { id: s.role.id, name: s.role.name, roleItem: JSON.stringify([{ name: 'pageHit', view: true }]) },
    });
    expect(res.status).toBe(200);
    expect(await onOther(PAGE_HITS, s.token)).toBe(200);
  });

  it('a logout on one instance ends the session on the other', async () => {
    const s = await t.makeUser();
    expect(await onOther('/api/system/runtime', s.token)).toBe(200);
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', token: s.token });
    expect(res.status).toBe(200);
    expect(await onOther('/api/system/runtime', s.token)).toBe(401);
  });

  it('a session revoked or deleted in the database, or a user disabled, answers 401 next', async () => {
    const revoked = await t.makeUser();
    const deleted = await t.makeUser();
    const disabled = await t.makeUser();
    for (const s of [revoked, deleted, disabled]) expect(await onOther('/api/system/runtime', s.token)).toBe(200);

    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sidOf(revoked.token)));
    await t.db.delete(sessions).where(eq(sessions.id, sidOf(deleted.token)));
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ enabled: false }).where(eq(users.id, disabled.user.id)),
    );
    for (const s of [revoked, deleted, disabled]) expect(await onOther('/api/system/runtime', s.token)).toBe(401);
  });

  it("a user's new name is the actor's name of the next request", async () => {
    const s = await t.makeUser();
    const a = new SessionService(t.db, new TokenService(SECRET));
    expect((await a.authenticate(s.token)).username).toBe(s.user.username);
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ username: '새 이름' }).where(eq(users.id, s.user.id)),
    );
    expect((await a.authenticate(s.token)).username).toBe('새 이름');
  });

  it('hands out a principal no handler can change for the next request', async () => {
    const s = await t.makeUser({ notice: { view: true } });
    const a = new SessionService(t.db, new TokenService(SECRET));
    const p = await a.authenticate(s.token);
    expect(() => {
      (p.permissions as Record<string, unknown>).system = { all: true };
    }).toThrow(TypeError);
    expect(() => {
      (p.permissions.notice as Record<string, boolean>).delete = true;
    }).toThrow(TypeError);
    expect((await a.authenticate(s.token)).permissions).toEqual({ notice: { view: true } });
  });
});

describe('the auth epoch', () => {
  it('moves when the changing transaction commits, not before, and not for activity or new sessions', async () => {
    const s = await t.makeUser();
    const before = await epoch();
    await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      await tx.update(roles).set({ roleItem: [] }).where(eq(roles.id, s.role.id));
      // Bumped by a deferred trigger: inside the transaction the count is still the old one.
      expect(await epoch(tx as never)).toBe(before);
    });
    expect(await epoch()).toBeGreaterThan(before);

    const settled = await epoch();
    await t.db
      .update(sessions)
      .set({ lastAccessAt: new Date() })
      .where(eq(sessions.id, sidOf(s.token)));
    await t.login(s.userId);
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.update(users).set({ phone: '010' }).where(eq(users.id, s.user.id)));
    expect(await epoch()).toBe(settled);
  });

  it('rolled back changes do not move it', async () => {
    const s = await t.makeUser();
    const before = await epoch();
    await expect(
      withTx(t.db, SYSTEM_ACTOR, async (tx) => {
        await tx.update(roles).set({ roleItem: [] }).where(eq(roles.id, s.role.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await epoch()).toBe(before);
  });
});

describe('idle time across instances', () => {
  it("decides a timeout on the database's last activity, not on this instance's older copy", async () => {
    const s = await t.makeUser();
    const limits = { idleMs: 1500, absoluteMs: 12 * 3600_000 };
    const b = new SessionService(t.db, new TokenService(SECRET), limits);
    expect((await b.authenticate(s.token)).userId).toBe(s.userId);
    await sleep(1000);
    // Another instance served the session meanwhile and recorded it.
    await t.db
      .update(sessions)
      .set({ lastAccessAt: new Date() })
      .where(eq(sessions.id, sidOf(s.token)));
    await sleep(800);
    expect((await b.authenticate(s.token)).userId).toBe(s.userId);
    // Truly idle: the next request ends it.
    await sleep(1700);
    await expect(b.authenticate(s.token)).rejects.toMatchObject({ code: 'SESSION_TIMEOUT' });
  });
});

describe('verified access tokens', () => {
  it('are remembered until they expire, and a changed signature is still refused', async () => {
    const tokens = new TokenService(SECRET, 1);
    const token = await tokens.sign({ sid: 'x', uid: 1 });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims: { sid: 'x', uid: 1 } });
    const [h, p, sig] = token.split('.');
    const forged = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    await sleep(2100);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
