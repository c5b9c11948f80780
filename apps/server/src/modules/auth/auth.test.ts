import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { sessions } from '../../platform/auth/session.table.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { users } from '../user/user.table.ts';
import { loginFailures } from './auth.table.ts';
import { MAX_PER_IP } from './login-limiter.ts';
import { BASE_DELAY_MS, FREE_TRIES, LoginThrottle, loginKey } from './login-throttle.ts';

const t = await createTestApp();
// Each with its own in-memory address limiter: the default (no forwarded headers trusted), and behind a proxy.
const off = await createTestApp();
const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
const SECRET = 'test-secret-test-secret-test-secret';

type Injectable = Pick<typeof t, 'inject'>;
const login = (app: Injectable, userId: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId, password }, headers });
const cookiesOf = (headers: Record<string, unknown>) => {
  const raw = headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
};
const refreshSetCookie = (headers: Record<string, unknown>) =>
  cookiesOf(headers).find((c) => c.startsWith('eqms_refresh='))!;
const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0].toLowerCase())
    .filter((a) => a !== 'expires' && a !== 'max-age')
    .sort();
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
const sessionRow = async (sid: string) => (await t.db.select().from(sessions).where(eq(sessions.id, sid)))[0];
const throttleRow = async (userId: string) =>
  (
    await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.loginId, loginKey(userId)))
  )[0];
/** Moves the account's last failure and block this far into the past (instead of waiting). */
const ago = (userId: string, seconds: number) =>
  t.db.execute(sql`update login_failures set
      last_failed_at = last_failed_at - make_interval(secs => ${seconds}),
      blocked_until = blocked_until - make_interval(secs => ${seconds})
    where login_id = ${loginKey(userId)}`);
/** Fails FREE_TRIES logins of the account: the last one starts the first block. */
async function failUntilBlocked(app: Injectable, userId: string) {
  for (let i = 0; i < FREE_TRIES; i++) {
    const res = await login(app, userId, `wrong${i}pass`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('ID_PASSWORD_INVALID');
  }
}

describe('POST /api/auth/login', () => {
  it('returns the user, an access token header and a refresh cookie', async () => {
    const { userId, password } = await t.makeUser({ notice: { view: true } });
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { userId, password } });
    expect(res.status).toBe(200);
    expect(res.headers.authorization).toMatch(/^Bearer /);
    expect(String(res.headers['set-cookie'])).toMatch(/eqms_refresh=.*HttpOnly; SameSite=Strict/);
    expect(res.body.data.userId).toBe(userId);
    expect(res.body.data.permissions.notice.view).toBe(true);
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('answers 401 ID_PASSWORD_INVALID for a wrong password or unknown user', async () => {
    const { userId } = await t.makeUser();
    for (const payload of [
      { userId, password: 'wrong-pass1' },
      { userId: 'nobody-here', password: 'x1234567' },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('ID_PASSWORD_INVALID');
    }
  });

  it('answers 400 with the field for a missing user id', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.extraData.fields[0].field).toBe('userId');
  });
});

describe('per-account throttling (counted in the database)', () => {
  it(`blocks an account after ${FREE_TRIES} failures: the right password is refused with 429 and retry-after`, async () => {
    const s = await t.makeUser();
    await failUntilBlocked(t, s.userId);
    const blocked = await login(t, s.userId, s.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.body.extraData.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.extraData.retryAfter).toBeLessThanOrEqual(30);
    expect(Number(blocked.headers['retry-after'])).toBe(blocked.body.extraData.retryAfter);
    // The same account typed in another case is the same count.
    expect((await login(t, s.userId.toUpperCase(), s.password)).status).toBe(429);
    // A refused try is not counted: the block does not grow while it lasts.
    expect((await throttleRow(s.userId)).failures).toBe(FREE_TRIES);
    // Another account from the same address is not locked out by it.
    const other = await t.makeUser();
    expect((await login(t, other.userId, other.password)).status).toBe(200);
  });

  it('doubles the wait with every further failure up to 15 minutes, and forgets after a quiet 15 minutes', async () => {
    const s = await t.makeUser();
    await failUntilBlocked(t, s.userId);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      // This block is over (instead of waiting for it), the quiet window after it is not.
      await t.db.execute(
        sql`update login_failures set last_failed_at = now() - interval '1 second', blocked_until = now() - interval '1 second' where login_id = ${loginKey(s.userId)}`,
      );
      expect((await login(t, s.userId, 'still-wrong1')).status).toBe(401);
      const res = await login(t, s.userId, s.password);
      expect(res.status).toBe(429);
      waits.push(res.body.extraData.retryAfter);
    }
    expect(waits.map((w) => Math.round(w / 30) * 30)).toEqual([60, 120, 240, 480, 900, 900, 900]);

    // 15 quiet minutes after the block ended: the count starts over.
    await ago(s.userId, 15 * 60 + 15 * 60 + 1);
    expect((await login(t, s.userId, 'wrong-again1')).status).toBe(401);
    expect((await throttleRow(s.userId)).failures).toBe(1);
    expect((await throttleRow(s.userId)).blockedUntil).toBeNull();
  });

  it('forgets the failures after a successful login', async () => {
    const s = await t.makeUser();
    for (let i = 0; i < FREE_TRIES - 1; i++) expect((await login(t, s.userId, `wrong${i}pass`)).status).toBe(401);
    expect((await throttleRow(s.userId)).failures).toBe(FREE_TRIES - 1);
    expect((await login(t, s.userId, s.password)).status).toBe(200);
    expect(await throttleRow(s.userId)).toBeUndefined();
  });

  it('throttles an unknown user id the same way, so a 429 does not tell which ids exist', async () => {
    const ghost = uniq('ghost');
    await failUntilBlocked(t, ghost);
    expect((await login(t, ghost, 'anything1')).status).toBe(429);
  });

  it('lets through at most the free tries of a burst of parallel guesses', async () => {
    const s = await t.makeUser();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, s.userId, `burst${i}pass`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 401).length).toBe(FREE_TRIES);
    expect(statuses.filter((x) => x === 429).length).toBe(20 - FREE_TRIES);
  });

  it('refuses a try while blocked even when it starts in the same instant as the try that blocked', async () => {
    // Inside one transaction now() never moves: the same as two tries starting in one microsecond. A refused try
    // must not be read as counted because its row's last failure time equals its own now().
    const key = `same-instant-${uniq()}`;
    const verdicts = await t.db.transaction(async (tx) => {
      const throttle = new LoginThrottle(tx);
      const out = [];
      for (let i = 0; i <= FREE_TRIES; i++) out.push(await throttle.attempt(key));
      return out;
    });
    expect(verdicts.slice(0, FREE_TRIES).every((v) => v.allowed)).toBe(true);
    expect(verdicts[FREE_TRIES]).toEqual({ allowed: false, retryAfterS: BASE_DELAY_MS / 1000 });
  });

  it('is shared by two app instances on one database', async () => {
    // A second instance: on PostgreSQL its own connection pool to the same database, on PGlite a second app on
    // the same engine. Each has its own in-memory address limiter, so only the database can carry the count.
    const url = t.databaseUrl;
    const database = url ? await openPostgres(url) : t.database;
    const second = await buildApp({ config: t.config, database });
    try {
      await second.ready();
      const other = {
        inject: async ({ method, url: path, payload }: { method: string; url: string; payload?: unknown }) => {
          const res = await second.inject({ method: method as 'POST', url: path, payload: payload as object });
          return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res };
        },
      } as Injectable;
      const s = await t.makeUser();
      for (let i = 0; i < FREE_TRIES; i++) {
        expect((await login(i % 2 ? other : t, s.userId, `split${i}pass`)).status).toBe(401);
      }
      expect((await login(t, s.userId, s.password)).status).toBe(429);
      expect((await login(other, s.userId, s.password)).status).toBe(429);
    } finally {
      await second.close();
      if (url) await database.close();
    }
  });
});

describe('forwarded headers (TRUST_PROXY)', () => {
  it('off by default: a new X-Forwarded-For per try neither changes the address nor escapes the address limit', async () => {
    const s = await off.makeUser();
    const res = await login(off, s.userId, s.password, { 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(200);
    expect((await sessionRowOf(off, String(res.headers.authorization).slice(7))).ip).toBe('127.0.0.1');
    // Many user ids (so no account's count is reached), a fresh made-up address each time. Existing users with a wrong
    // password: their hash is the test users' cheap one, so the spray takes a second, not 50 full-cost checks of an
    // unknown id against the dummy hash (23 s); the address limit counts both kinds of failure alike.
    const sprayed = await withTx(off.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(users)
        .values(
          Array.from({ length: MAX_PER_IP }, () => {
            const userId = uniq('spray');
            return { userId, username: userId, passwordHash: s.user.passwordHash };
          }),
        )
        .returning({ userId: users.userId }),
    );
    for (const [i, { userId }] of sprayed.entries()) {
      const r = await login(off, userId, 'guess1234', { 'x-forwarded-for': `198.51.100.${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await login(off, s.userId, s.password, { 'x-forwarded-for': '198.51.100.250' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.extraData.retryAfter).toBeGreaterThan(0);
  });

  it('set to the proxy: the forwarded address is the client, and https from it makes the cookie Secure', async () => {
    const s = await proxied.makeUser();
    const res = await login(proxied, s.userId, s.password, {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
    });
    expect(res.status).toBe(200);
    expect((await sessionRowOf(proxied, String(res.headers.authorization).slice(7))).ip).toBe('203.0.113.7');
    expect(attributes(refreshSetCookie(res.headers))).toEqual(['httponly', 'path', 'samesite', 'secure']);
    const out = await proxied.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-forwarded-proto': 'https', cookie: refreshSetCookie(res.headers).split(';')[0] },
    });
    expect(attributes(refreshSetCookie(out.headers))).toEqual(['httponly', 'path', 'samesite', 'secure']);
    expect(refreshSetCookie(out.headers)).toMatch(/; Path=\/api\/auth;.*HttpOnly; Secure; SameSite=Strict/);
  });
});

async function sessionRowOf(app: typeof t, token: string) {
  return (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(token)))
  )[0];
}

describe('POST /api/auth/logout', () => {
  it('clears the refresh cookie with the attributes that set it', async () => {
    const s = await t.makeUser();
    const res = await login(t, s.userId, s.password);
    const set = refreshSetCookie(res.headers);
    const out = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: set.split(';')[0] } });
    expect(out.status).toBe(200);
    const cleared = refreshSetCookie(out.headers);
    expect(cleared).toMatch(/^eqms_refresh=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(attributes(cleared)).toEqual(attributes(set));
    expect(attributes(cleared)).toEqual(['httponly', 'path', 'samesite']);
    expect(cleared).toMatch(/Path=\/api\/auth/);
    expect(cleared).toMatch(/SameSite=Strict/);
  });

  it('with only the access token, ends the session the token belongs to', async () => {
    const s = await t.makeUser();
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', token: s.token });
    expect(res.status).toBe(200);
    expect((await sessionRow(sidOf(s.token))).revokeReason).toBe('logout');
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: s.token })).status).toBe(401);
  });

  it('with an expired access token of ours, still ends its session; a forged one ends nothing', async () => {
    const s = await t.makeUser();
    const sid = sidOf(s.token);
    const sign = (secret: string) =>
      new SignJWT({ sid, uid: s.user.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
        .sign(new TextEncoder().encode(secret));
    const forged = await t.inject({
      method: 'POST',
      url: '/api/auth/logout',
      token: await sign('another-secret-another-secret-another'),
    });
    expect(forged.status).toBe(200);
    expect((await sessionRow(sid)).revokedAt).toBeNull();
    const expired = await t.inject({ method: 'POST', url: '/api/auth/logout', token: await sign(SECRET) });
    expect(expired.status).toBe(200);
    expect((await sessionRow(sid)).revokeReason).toBe('logout');
  });

  it('without a token or cookie answers 200 and ends nothing', async () => {
    const s = await t.makeUser();
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: 'Bearer x.y.z' } });
    expect(res.status).toBe(200);
    expect((await sessionRow(sidOf(s.token))).revokedAt).toBeNull();
  });
});
