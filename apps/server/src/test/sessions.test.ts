import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';
// The whole schema (db/schema.ts aggregates every module's tables): this test changes roles and users directly.
import { roles, userRoles, users } from '../db/schema.ts';
import { sessions } from '../platform/auth/session.table.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';

const t = await createTestApp();
// A test build with a 1.5-second idle limit, so expiry can be watched in real time.
const short = await createTestApp({ EQMS_TEST_SESSION_IDLE_MS: '1500' });

const SECRET = 'test-secret-test-secret-test-secret';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
const sidOf = (token: string) => claimsOf(token).sid as string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A request that needs only a live session. */
const me = (test: typeof t, token: string) => test.inject({ method: 'GET', url: '/api/system/runtime', token });

function refreshCookieOf(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const cookie = list.find((c) => c.startsWith('eqms_refresh='));
  return cookie ? cookie.split(';')[0] : null;
}

/** Logs in through the API: the access token and the refresh cookie as the browser would hold them. */
async function signIn(test: typeof t = t) {
  const made = await test.makeUser();
  const res = await test.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userId: made.userId, password: made.password },
  });
  expect(res.status).toBe(200);
  const token = String(res.headers.authorization).replace('Bearer ', '');
  return { ...made, token, cookie: refreshCookieOf(res.headers)!, sid: sidOf(token) };
}

const reissue = (cookie: string | null) =>
  t.inject({ method: 'POST', url: '/api/auth/reissue-access-token', headers: cookie ? { cookie } : {} });

async function sessionRow(sid: string) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
  return row;
}

/** The revocation after a timeout is written in the background: wait for it. */
async function revokedReason(sid: string) {
  for (let i = 0; i < 50; i++) {
    const row = await sessionRow(sid);
    if (row.revokedAt) return row.revokeReason;
    await sleep(20);
  }
  return null;
}

describe('idle expiry', () => {
  it('ends a session idle for over 30 minutes with 401 SESSION_TIMEOUT', async () => {
    const s = await signIn();
    await t.db
      .update(sessions)
      .set({ lastAccessAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(sessions.id, s.sid));
    const res = await me(t, s.token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_TIMEOUT');
    expect(await revokedReason(s.sid)).toBe('idle timeout');
    // The refresh cookie cannot bring it back.
    expect((await reissue(s.cookie)).status).toBe(401);
  });

  it('keeps a session used within the limit, and each request restarts the idle time', async () => {
    const s = await signIn();
    const before = new Date(Date.now() - 29 * MINUTE);
    await t.db.update(sessions).set({ lastAccessAt: before }).where(eq(sessions.id, s.sid));
    expect((await me(t, s.token)).status).toBe(200);
    expect((await sessionRow(s.sid)).lastAccessAt.getTime()).toBeGreaterThan(Date.now() - MINUTE);
  });

  it('follows a shortened idle limit of a test build in real time', async () => {
    const s = await signIn(short);
    expect((await me(short, s.token)).status).toBe(200);
    await sleep(1800);
    const res = await me(short, s.token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_TIMEOUT');
  });
});

describe('absolute expiry', () => {
  it('ends a session older than 12 hours however active it is', async () => {
    const s = await signIn();
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * HOUR), lastAccessAt: new Date() })
      .where(eq(sessions.id, s.sid));
    const res = await me(t, s.token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_TIMEOUT');
    expect(await revokedReason(s.sid)).toBe('absolute timeout');
  });

  it('refuses to reissue a token for it', async () => {
    const s = await signIn();
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * HOUR) })
      .where(eq(sessions.id, s.sid));
    const res = await reissue(s.cookie);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_TIMEOUT');
  });
});

describe('access tokens', () => {
  const sign = (claims: { sid: string; uid: number }, exp: number, secret = SECRET) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  it('answers an expired token with 401 ACCESS_TOKEN_EXPIRED, and a reissue gives a working one', async () => {
    const s = await signIn();
    const expired = await sign({ sid: s.sid, uid: s.user.id }, Math.floor(Date.now() / 1000) - 60);
    const res = await me(t, expired);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('ACCESS_TOKEN_EXPIRED');
    const again = await reissue(s.cookie);
    expect(again.status).toBe(200);
    expect((await me(t, String(again.headers.authorization).replace('Bearer ', ''))).status).toBe(200);
  });

  it('answers a token signed with another secret, or no token, with 401 UNAUTHORIZED', async () => {
    const s = await signIn();
    const forged = await sign(
      { sid: s.sid, uid: s.user.id },
      Math.floor(Date.now() / 1000) + 600,
      'another-secret-another-secret-xx',
    );
    for (const token of [forged, '']) {
      const res = await me(t, token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('POST /api/auth/reissue-access-token', () => {
  it('rotates the refresh cookie and returns a new access token', async () => {
    const s = await signIn();
    // Tokens carry whole seconds: a second later the new one must differ and live longer.
    await sleep(1100);
    const res = await reissue(s.cookie);
    expect(res.status).toBe(200);
    const token = String(res.headers.authorization).replace('Bearer ', '');
    expect(token).not.toBe(s.token);
    expect(sidOf(token)).toBe(s.sid);
    expect(claimsOf(token).exp).toBeGreaterThan(claimsOf(s.token).exp);
    const cookie = refreshCookieOf(res.headers);
    expect(cookie).toMatch(/^eqms_refresh=/);
    expect(cookie).not.toBe(s.cookie);
    expect(res.body.data.userId).toBe(s.userId);
    expect((await me(t, token)).status).toBe(200);
    expect((await reissue(cookie)).status).toBe(200);
  });

  it('treats a reused refresh cookie as theft: 401 and the whole session ends', async () => {
    const s = await signIn();
    const rotated = await reissue(s.cookie);
    const newToken = String(rotated.headers.authorization).replace('Bearer ', '');
    const newCookie = refreshCookieOf(rotated.headers);
    expect((await me(t, newToken)).status).toBe(200);

    const reuse = await reissue(s.cookie);
    expect(reuse.status).toBe(401);
    expect((await sessionRow(s.sid)).revokeReason).toBe('refresh token reuse');
    expect((await me(t, newToken)).status).toBe(401);
    expect((await reissue(newCookie)).status).toBe(401);
  });

  it('answers 401 without a cookie or with a made-up one', async () => {
    expect((await reissue(null)).status).toBe(401);
    expect((await reissue('eqms_refresh=nope.nope')).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: neither the access token nor the refresh cookie works afterwards', async () => {
    const s = await signIn();
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie } });
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/eqms_refresh=;/);
    expect((await sessionRow(s.sid)).revokeReason).toBe('logout');
    expect((await me(t, s.token)).status).toBe(401);
    expect((await reissue(s.cookie)).status).toBe(401);
  });
});

describe('permissions are read on every request', () => {
  it('applies a role change on the next request, without logging in again', async () => {
    const s = await signIn();
    const url = '/api/system/page-hits?from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z';
    expect((await t.inject({ method: 'GET', url, token: s.token })).status).toBe(403);

    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(roles)
        .set({ roleItem: [{ name: 'pageHit', view: true }] })
        .where(eq(roles.id, s.role.id)),
    );
    expect((await t.inject({ method: 'GET', url, token: s.token })).status).toBe(200);

    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.update(roles).set({ roleItem: [] }).where(eq(roles.id, s.role.id)));
    expect((await t.inject({ method: 'GET', url, token: s.token })).status).toBe(403);

    // A second role's rights count as well (the union of all roles).
    const extra = await t.makeRole({ system: { view: true } });
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(userRoles).values({ userId: s.user.id, roleId: extra.id }));
    expect((await t.inject({ method: 'GET', url, token: s.token })).status).toBe(200);
  });

  it('ends the sessions of a disabled user at once', async () => {
    const s = await signIn();
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.update(users).set({ enabled: false }).where(eq(users.id, s.user.id)));
    expect((await me(t, s.token)).status).toBe(401);
    expect((await reissue(s.cookie)).status).toBe(401);
  });
});
