import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ONLINE_WINDOW_MS, SESSION_IDLE_MS } from '@eqms/contract';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp } from '../../test/harness.ts';
import { sessions } from '../../platform/auth/session.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { users } from '../user/user.table.ts';
import { pageHits, systemMenus } from './system.table.ts';

const t = await createTestApp();
// A second deployment: runtime settings from the environment, and a factory on UTC.
const utc = await createTestApp({
  EQMS_TEST_SESSION_IDLE_MS: '60000',
  BUSINESS_TYPE: 'food',
  MENU_EXCLUDE: 'mold, vehicle',
  CHATFLOW_ID: 'flow-1',
  CHAT_API_HOST: 'http://chat.local:3000',
  MOBILE_DASHBOARD: '1',
  TZ: 'UTC',
});

const pageHitView = { pageHit: { view: true } };
const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
const ms = (iso: string) => Date.parse(iso);

/** Page hits at known instants (page_hits is not business data: inserted directly, no history). */
async function hitsAt(
  db: typeof t.db,
  instants: string[],
  extra: { name?: string; path?: string; userId?: number; userName?: string } = {},
) {
  await db.insert(pageHits).values(
    instants.map((iso) => ({
      name: extra.name ?? 'materialStock',
      path: extra.path ?? '/material/stock',
      userId: extra.userId ?? null,
      userName: extra.userName ?? null,
      createdAt: new Date(iso),
    })),
  );
}

describe('GET /api/system/menu', () => {
  it('answers anyone signed in with the saved entries', async () => {
    const admin = await t.makeUser({ config: { create: true } });
    await t.inject({
      method: 'POST',
      url: '/api/system/menu',
      token: admin.token,
      payload: [{ name: 'bom', sort: 3, visible: false }],
    });
    const { token } = await t.makeUser();
    const res = await t.inject({ method: 'GET', url: '/api/system/menu', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ name: 'bom', sort: 3, visible: false });
  });

  it('answers 401 without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/system/menu' });
    expect(res.status).toBe(401);
  });
});

describe('POST and PUT /api/system/menu', () => {
  it('creates entries with POST and upserts them by name with PUT', async () => {
    const { token, userId } = await t.makeUser({ config: { create: true, modify: true } });
    const created = await t.inject({
      method: 'POST',
      url: '/api/system/menu',
      token,
      payload: [
        { name: 'mold', sort: 10, visible: true },
        { name: 'vehicle', sort: 11, visible: true },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual(
      expect.arrayContaining([
        { name: 'mold', sort: 10, visible: true },
        { name: 'vehicle', sort: 11, visible: true },
      ]),
    );
    const modified = await t.inject({
      method: 'PUT',
      url: '/api/system/menu',
      token,
      payload: [
        { name: 'mold', sort: 20, visible: false },
        { name: 'vehicle', sort: 11, visible: true },
        { name: 'haccp', sort: 5, visible: true },
      ],
    });
    expect(modified.status).toBe(200);
    const rows = await t.db.select().from(systemMenus);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('mold')).toMatchObject({ sort: 20, visible: false, updatedBy: userId });
    expect(byName.get('haccp')).toMatchObject({ sort: 5, visible: true, createdBy: userId });
    expect(rows.filter((r) => r.name === 'mold')).toHaveLength(1);
    // An unchanged entry is not rewritten: no empty revision in the change history.
    const vehicleRevisions = await t.db
      .select()
      .from(changeHistory)
      .where(
        and(eq(changeHistory.tableName, 'system_menus'), eq(changeHistory.rowId, String(byName.get('vehicle')!.id))),
      );
    expect(vehicleRevisions.map((r) => r.revisionType)).toEqual(['ADD']);
  });

  it('answers 400 for an unknown menu name, a name given twice, or a bad sort', async () => {
    const { token } = await t.makeUser({ config: { create: true } });
    const cases: [unknown, string][] = [
      [[{ name: 'noSuchMenu', sort: 1, visible: true }], '0.name'],
      [
        [
          { name: 'bom', sort: 1, visible: true },
          { name: 'bom', sort: 2, visible: true },
        ],
        '1.name',
      ],
      [[{ name: 'bom', sort: -1, visible: true }], '0.sort'],
      [[{ name: 'bom', sort: 1.5, visible: true }], '0.sort'],
      [[{ name: 'bom', sort: 1 }], '0.visible'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/system/menu', token, payload });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.extraData.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/system/menu',
      token,
      headers: { 'accept-language': 'en' },
      payload: [{ name: 'noSuchMenu', sort: 1, visible: true }],
    });
    expect(unknown.body.extraData.fields[0].message).toBe('This value is not allowed.');
  });

  it('needs create for POST and modify for PUT (403), and a token (401)', async () => {
    const creator = await t.makeUser({ config: { create: true } });
    const modifier = await t.makeUser({ config: { modify: true } });
    const payload = [{ name: 'bom', sort: 1, visible: true }];
    expect((await t.inject({ method: 'PUT', url: '/api/system/menu', token: creator.token, payload })).status).toBe(
      403,
    );
    expect((await t.inject({ method: 'POST', url: '/api/system/menu', token: modifier.token, payload })).status).toBe(
      403,
    );
    expect((await t.inject({ method: 'PUT', url: '/api/system/menu', token: modifier.token, payload })).status).toBe(
      200,
    );
    expect((await t.inject({ method: 'POST', url: '/api/system/menu', payload })).status).toBe(401);
    // 'system' is config's ancestor: its right covers the child.
    const sys = await t.makeUser({ system: { create: true } });
    expect((await t.inject({ method: 'POST', url: '/api/system/menu', token: sys.token, payload })).status).toBe(200);
  });
});

describe('POST /api/system/page-hits/page-hit', () => {
  it('records the hit for the signed-in user, app eqms by default', async () => {
    const { token, user } = await t.makeUser();
    const res = await t.inject({
      method: 'POST',
      url: '/api/system/page-hits/page-hit',
      token,
      payload: { name: 'materialStock', path: '/material/stock' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      app: 'eqms',
      name: 'materialStock',
      path: '/material/stock',
      userId: user.id,
      userName: user.username,
    });
    const [row] = await t.db.select().from(pageHits).where(eq(pageHits.id, res.body.data.id));
    expect(row).toMatchObject({ app: 'eqms', userId: user.id });
    const mobile = await t.inject({
      method: 'POST',
      url: '/api/system/page-hits/page-hit',
      token,
      payload: { app: 'mobile', name: 'scan', path: '/m/scan' },
    });
    expect(mobile.body.data.app).toBe('mobile');
  });

  it('answers 400 for a missing name, a name over 100 or a path over 300 characters', async () => {
    const { token } = await t.makeUser();
    const cases: [unknown, string][] = [
      [{ path: '/x' }, 'name'],
      [{ name: 'x'.repeat(101), path: '/x' }, 'name'],
      [{ name: 'x', path: `/${'p'.repeat(300)}` }, 'path'],
      [{ name: 'x', path: '   ' }, 'path'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/system/page-hits/page-hit', token, payload });
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
    const ok = await t.inject({
      method: 'POST',
      url: '/api/system/page-hits/page-hit',
      token,
      payload: { name: 'x'.repeat(100), path: `/${'p'.repeat(299)}` },
    });
    expect(ok.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/system/page-hits/page-hit',
      payload: { name: 'a', path: '/a' },
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/system/page-hits', () => {
  it('pages the hits of the range, newest first, with the total', async () => {
    const instants = ['2033-03-01T00:00:00Z', '2033-03-02T00:00:00Z', '2033-03-03T00:00:00Z', '2033-03-04T00:00:00Z'];
    await hitsAt(t.db, [...instants, '2033-02-28T23:59:59Z', '2033-03-04T00:00:01Z']);
    const { token } = await t.makeUser(pageHitView);
    const url = (q: string) => `/api/system/page-hits?from=2033-03-01T00:00:00Z&to=2033-03-04T00:00:00Z${q}`;
    const first = await t.inject({ method: 'GET', url: url('&page=1&size=3'), token });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(4);
    expect(first.body.data.map((h: { createdAt: string }) => h.createdAt)).toEqual(
      [instants[3], instants[2], instants[1]].map((i) => new Date(i).toISOString()),
    );
    const second = await t.inject({ method: 'GET', url: url('&page=2&size=3'), token });
    expect(second.body.data.map((h: { createdAt: string }) => h.createdAt)).toEqual([
      new Date(instants[0]).toISOString(),
    ]);
    // Offsets are honoured: 09:00 in Seoul is midnight UTC.
    const seoul = await t.inject({
      method: 'GET',
      url: `/api/system/page-hits?from=${encodeURIComponent('2033-03-01T09:00:00+09:00')}&to=${encodeURIComponent('2033-03-01T09:00:00+09:00')}`,
      token,
    });
    expect(seoul.body.total).toBe(1);
  });

  it('answers 400 without the range, for a reversed range or one over 366 days', async () => {
    const { token } = await t.makeUser(pageHitView);
    for (const q of [
      '',
      '?from=2033-01-01T00:00:00Z',
      '?from=2033-01-01&to=2033-01-02',
      '?from=2033-01-02T00:00:00Z&to=2033-01-01T00:00:00Z',
      '?from=2033-01-01T00:00:00Z&to=2034-01-03T00:00:00Z',
      '?from=2033-01-01T00:00:00Z&to=2033-01-02T00:00:00Z&size=5000',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/system/page-hits${q}`, token });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const full = await t.inject({
      method: 'GET',
      url: '/api/system/page-hits?from=2033-01-01T00:00:00Z&to=2034-01-02T00:00:00Z',
      token,
    });
    expect(full.status).toBe(200);
  });

  it('needs pageHit view (403) and a token (401)', async () => {
    const { token } = await t.makeUser({ history: { view: true } });
    const url = '/api/system/page-hits?from=2033-01-01T00:00:00Z&to=2033-01-02T00:00:00Z';
    expect((await t.inject({ method: 'GET', url, token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url })).status).toBe(401);
  });
});

describe('GET /api/system/page-hits/type/{unit}/{fromMs}/{toMs}', () => {
  const buckets = async (test: typeof t, token: string, unit: string, from: string, to: string) => {
    const res = await test.inject({
      method: 'GET',
      url: `/api/system/page-hits/type/${unit}/${ms(from)}/${ms(to)}`,
      token,
    });
    expect(res.status).toBe(200);
    return res.body.data as { bucket: string; count: number }[];
  };

  it('counts hourly and daily buckets of the factory day (Asia/Seoul), across a local midnight', async () => {
    // 23:59 and 00:00, 00:30 in Seoul: the same UTC day, two local days.
    await hitsAt(t.db, ['2030-01-14T14:59:00Z', '2030-01-14T15:00:00Z', '2030-01-14T15:30:00Z']);
    const { token } = await t.makeUser(pageHitView);
    expect(await buckets(t, token, 'daily', '2030-01-14T00:00:00+09:00', '2030-01-15T23:59:59+09:00')).toEqual([
      { bucket: '2030-01-14T00:00:00+09:00', count: 1 },
      { bucket: '2030-01-15T00:00:00+09:00', count: 2 },
    ]);
    expect(await buckets(t, token, 'hourly', '2030-01-14T23:00:00+09:00', '2030-01-15T01:00:00+09:00')).toEqual([
      { bucket: '2030-01-14T23:00:00+09:00', count: 1 },
      { bucket: '2030-01-15T00:00:00+09:00', count: 2 },
      { bucket: '2030-01-15T01:00:00+09:00', count: 0 },
    ]);
  });

  it('starts ISO weeks on the local Monday and months on the local first day', async () => {
    // Sunday 28 February 23:59 and Monday 1 March 00:00, 00:01 in Seoul (all Sunday 28 February in UTC): the local
    // midnight starts both a new ISO week and a new month.
    await hitsAt(t.db, ['2038-02-28T14:59:00Z', '2038-02-28T15:00:00Z', '2038-02-28T15:01:00Z']);
    const { token } = await t.makeUser(pageHitView);
    expect(await buckets(t, token, 'weekly', '2038-02-22T00:00:00+09:00', '2038-03-07T23:59:59+09:00')).toEqual([
      { bucket: '2038-02-22T00:00:00+09:00', count: 1 },
      { bucket: '2038-03-01T00:00:00+09:00', count: 2 },
    ]);
    expect(await buckets(t, token, 'weekly', '2038-02-24T12:00:00+09:00', '2038-03-02T00:00:00+09:00')).toEqual([
      { bucket: '2038-02-22T00:00:00+09:00', count: 1 },
      { bucket: '2038-03-01T00:00:00+09:00', count: 2 },
    ]);
    expect(await buckets(t, token, 'monthly', '2038-01-10T00:00:00+09:00', '2038-03-10T00:00:00+09:00')).toEqual([
      { bucket: '2038-01-01T00:00:00+09:00', count: 0 },
      { bucket: '2038-02-01T00:00:00+09:00', count: 1 },
      { bucket: '2038-03-01T00:00:00+09:00', count: 2 },
    ]);
  });

  it('uses the configured time zone (a factory on UTC puts the same hits in one day)', async () => {
    // Dates no other test uses: on PostgreSQL every test app shares one database.
    await hitsAt(utc.db, ['2031-03-14T14:59:00Z', '2031-03-14T15:00:00Z', '2031-03-14T15:30:00Z']);
    const { token } = await utc.makeUser(pageHitView);
    expect(await buckets(utc, token, 'daily', '2031-03-14T00:00:00Z', '2031-03-14T23:59:59Z')).toEqual([
      { bucket: '2031-03-14T00:00:00+00:00', count: 3 },
    ]);
  });

  it('answers 400 for an unknown unit, a reversed or too long range, or a non-number', async () => {
    const { token } = await t.makeUser(pageHitView);
    const day = ms('2030-01-14T00:00:00Z');
    for (const path of [
      `yearly/${day}/${day + 1}`,
      `daily/${day + 1}/${day}`,
      `hourly/${day}/${day + 367 * 86_400_000}`,
      `daily/abc/${day}`,
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/system/page-hits/type/${path}`, token });
      expect(res.status, path).toBe(400);
    }
  });

  it('needs pageHit view (403) and a token (401)', async () => {
    const { token } = await t.makeUser({ config: { all: true } });
    const url = '/api/system/page-hits/type/daily/0/1000';
    expect((await t.inject({ method: 'GET', url, token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url })).status).toBe(401);
    const sys = await t.makeUser({ system: { view: true } });
    expect((await t.inject({ method: 'GET', url, token: sys.token })).status).toBe(200);
  });
});

describe('GET /api/system/page-hits/function and /user', () => {
  it('counts hits per screen and per user in the range, most used first', async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    const inRange = ['2031-06-01T01:00:00Z', '2031-06-01T02:00:00Z', '2031-06-01T03:00:00Z'];
    await hitsAt(t.db, inRange, { name: 'bom', path: '/bom', userId: a.user.id, userName: 'old name' });
    await hitsAt(t.db, inRange.slice(0, 1), {
      name: 'notice',
      path: '/notice',
      userId: b.user.id,
      userName: b.user.username,
    });
    await hitsAt(t.db, ['2031-06-02T01:00:00Z'], { name: 'notice', path: '/notice', userId: b.user.id });
    const { token } = await t.makeUser(pageHitView);
    const from = ms('2031-06-01T00:00:00Z');
    const to = ms('2031-06-01T23:59:59Z');

    const fn = await t.inject({ method: 'GET', url: `/api/system/page-hits/function/${from}/${to}`, token });
    expect(fn.status).toBe(200);
    expect(fn.body.data).toEqual([
      { name: 'bom', path: '/bom', count: 3 },
      { name: 'notice', path: '/notice', count: 1 },
    ]);
    const iso = await t.inject({
      method: 'GET',
      url: `/api/system/page-hits/function/2031-06-01T00:00:00Z/${encodeURIComponent('2031-06-02T23:59:59+09:00')}`,
      token,
    });
    expect(iso.body.data).toContainEqual({ name: 'notice', path: '/notice', count: 2 });

    const byUser = await t.inject({ method: 'GET', url: `/api/system/page-hits/user/${from}/${to}`, token });
    expect(byUser.status).toBe(200);
    // Named by the user's current name, not the one stored with the hit.
    expect(byUser.body.data).toEqual([
      { userId: a.user.id, userName: a.user.username, count: 3 },
      { userId: b.user.id, userName: b.user.username, count: 1 },
    ]);
  });

  it('answers 400 for a bad or reversed range, 403 without pageHit view, 401 without a token', async () => {
    const { token } = await t.makeUser(pageHitView);
    for (const kind of ['function', 'user']) {
      expect((await t.inject({ method: 'GET', url: `/api/system/page-hits/${kind}/x/1000`, token })).status).toBe(400);
      expect((await t.inject({ method: 'GET', url: `/api/system/page-hits/${kind}/2000/1000`, token })).status).toBe(
        400,
      );
      const other = await t.makeUser({ user: { view: true } });
      expect(
        (await t.inject({ method: 'GET', url: `/api/system/page-hits/${kind}/0/1000`, token: other.token })).status,
      ).toBe(403);
      expect((await t.inject({ method: 'GET', url: `/api/system/page-hits/${kind}/0/1000` })).status).toBe(401);
    }
  });
});

describe('GET /api/system/online-users', () => {
  it('lists users active in the last 5 minutes, once each with the latest access', async () => {
    const active = await t.makeUser({ user: { view: true } });
    const second = await t.login(active.userId);
    const idle = await t.makeUser();
    const gone = await t.makeUser();
    const now = Date.now();
    await t.db
      .update(sessions)
      .set({ lastAccessAt: new Date(now - ONLINE_WINDOW_MS - 60_000) })
      .where(eq(sessions.userId, idle.user.id));
    await t.db
      .update(sessions)
      .set({ lastAccessAt: new Date(now - 120_000) })
      .where(eq(sessions.id, sidOf(second)));
    // Logging out through the API ends the session: the user is no longer online.
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userId: gone.userId, password: gone.password },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sidOf(gone.token)));
    await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });

    const res = await t.inject({ method: 'GET', url: '/api/system/online-users', token: active.token });
    expect(res.status).toBe(200);
    const rows = res.body.data as { id: number; userId: string; lastAccessAt: string }[];
    const mine = rows.filter((r) => r.id === active.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: active.userId, username: active.user.username, hasImage: false });
    expect(Date.parse(mine[0].lastAccessAt)).toBeGreaterThan(now - 60_000);
    expect(rows.some((r) => r.id === idle.user.id)).toBe(false);
    expect(rows.some((r) => r.id === gone.user.id)).toBe(false);
    const times = rows.map((r) => Date.parse(r.lastAccessAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('leaves out disabled users', async () => {
    const off = await t.makeUser();
    const viewer = await t.makeUser({ user: { view: true } });
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, off.user.id));
    const res = await t.inject({ method: 'GET', url: '/api/system/online-users', token: viewer.token });
    expect(res.body.data.some((r: { id: number }) => r.id === off.user.id)).toBe(false);
  });

  it("answers 403 without the user screen's view right (who is active when is personal data), 401 without a token", async () => {
    const { token } = await t.makeUser({ user: { create: true, modify: true }, pageHit: { view: true } });
    const res = await t.inject({ method: 'GET', url: '/api/system/online-users', token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await t.inject({ method: 'GET', url: '/api/system/online-users' })).status).toBe(401);
  });
});

describe('GET /api/system/runtime', () => {
  it('gives the defaults of an unconfigured deployment', async () => {
    const { token } = await t.makeUser();
    const res = await t.inject({ method: 'GET', url: '/api/system/runtime', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      businessType: '',
      menuExclude: [],
      chatflowId: null,
      chatApiHost: null,
      mobileDashboard: false,
      sessionIdleMs: SESSION_IDLE_MS,
    });
  });

  it('gives the configured settings, including a shortened idle time for a test build', async () => {
    const { token } = await utc.makeUser();
    const res = await utc.inject({ method: 'GET', url: '/api/system/runtime', token });
    expect(res.body.data).toEqual({
      businessType: 'food',
      menuExclude: ['mold', 'vehicle'],
      chatflowId: 'flow-1',
      chatApiHost: 'http://chat.local:3000',
      mobileDashboard: true,
      sessionIdleMs: 60_000,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/system/runtime' })).status).toBe(401);
  });
});

describe('page_hits', () => {
  it('is usage analytics, not business data: no change history', async () => {
    const { token } = await t.makeUser();
    await t.inject({
      method: 'POST',
      url: '/api/system/page-hits/page-hit',
      token,
      payload: { name: 'a', path: '/a' },
    });
    const res = await t.db.execute(sql`select count(*)::int as n from change_history where table_name = 'page_hits'`);
    expect(Number(rowsOf<{ n: number }>(res)[0].n)).toBe(0);
  });
});
