import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';

const t = await createTestApp();
const en = { 'accept-language': 'en' };

const get = (token: string | null) => t.inject({ method: 'GET', url: '/api/settings/user', token });
const homePath = (homePath: unknown, token: string | null) =>
  t.inject({ method: 'PUT', url: '/api/settings/user/homepath', token, headers: en, payload: { homePath } });
const theme = (options: unknown, token: string | null) =>
  t.inject({ method: 'PUT', url: '/api/settings/user/theme', token, headers: en, payload: { options } });
const locale = (value: unknown, token: string | null) =>
  t.inject({ method: 'PUT', url: '/api/settings/user/locale', token, headers: en, payload: { locale: value } });

describe('GET /api/settings/user', () => {
  it('gives the defaults to a user who has saved nothing', async () => {
    const me = await t.makeUser({});
    const res = await get(me.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ homePath: null, options: { theme: 'light', themeColor: 'blue' }, locale: null });
  });

  it('answers 401 without a token', async () => {
    expect((await get(null)).status).toBe(401);
  });
});

describe('PUT /api/settings/user/homepath', () => {
  it('saves and clears the own home path, recording the actor', async () => {
    const me = await t.makeUser({});
    const other = await t.makeUser({});
    const res = await homePath('/production/plan', me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.homePath).toBe('/production/plan');
    expect((await get(me.token)).body.data.homePath).toBe('/production/plan');
    expect((await get(other.token)).body.data.homePath).toBeNull();
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(
        and(
          eq(changeHistory.tableName, 'users'),
          eq(changeHistory.rowId, String(me.user.id)),
          eq(changeHistory.revisionType, 'MOD'),
        ),
      );
    expect(history.at(-1)?.updateBy).toBe(me.userId);
    expect((await homePath(null, me.token)).body.data.homePath).toBeNull();
  });

  it('answers 400 for a path that does not start with "/" and 401 without a token', async () => {
    const me = await t.makeUser({});
    const res = await homePath('dashboard', me.token);
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields).toEqual([{ field: 'homePath', message: 'The home path must start with "/".' }]);
    expect((await homePath('/dashboard', null)).status).toBe(401);
  });
});

describe('PUT /api/settings/user/theme', () => {
  it('saves the own theme options', async () => {
    const me = await t.makeUser({});
    const res = await theme({ theme: 'dark', themeColor: 'teal' }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.options).toEqual({ theme: 'dark', themeColor: 'teal' });
    expect((await get(me.token)).body.data.options).toEqual({ theme: 'dark', themeColor: 'teal' });
  });

  it('answers 400 for an unknown theme or colour and 401 without a token', async () => {
    const me = await t.makeUser({});
    const badTheme = await theme({ theme: 'sepia', themeColor: 'teal' }, me.token);
    expect(badTheme.status).toBe(400);
    expect(badTheme.body.extraData.fields[0].field).toBe('options.theme');
    const badColor = await theme({ theme: 'dark', themeColor: 'gold' }, me.token);
    expect(badColor.body.extraData.fields[0].field).toBe('options.themeColor');
    expect((await theme({ theme: 'dark', themeColor: 'teal' }, null)).status).toBe(401);
  });
});

describe('table preferences /api/settings/table/:screen', () => {
  const url = (screen: string) => `/api/settings/table/${screen}`;
  const getPrefs = (screen: string, token: string | null) => t.inject({ method: 'GET', url: url(screen), token });
  const putPrefs = (screen: string, payload: unknown, token: string | null) =>
    t.inject({ method: 'PUT', url: url(screen), token, headers: en, payload });
  const clear = (screen: string, token: string | null) => t.inject({ method: 'DELETE', url: url(screen), token });
  const columns = [
    { key: 'userId', width: 120 },
    { key: 'email', hidden: true },
    { key: 'location.name', width: 40 },
    { key: 'ext.shift', hidden: false, width: 2000 },
  ];

  it('round trip: nothing saved is null, saved columns come back in order, replaced, then cleared', async () => {
    const me = await t.makeUser({});
    expect((await getPrefs('admin.user', me.token)).body.data).toBeNull();
    const saved = await putPrefs('admin.user', { columns }, me.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ columns });
    expect((await getPrefs('admin.user', me.token)).body.data).toEqual({ columns });
    const replaced = await putPrefs('admin.user', { columns: [{ key: 'username', width: 300 }] }, me.token);
    expect(replaced.body.data).toEqual({ columns: [{ key: 'username', width: 300 }] });
    expect((await getPrefs('admin.user', me.token)).body.data).toEqual({ columns: [{ key: 'username', width: 300 }] });
    expect((await getPrefs('admin-code_2', me.token)).body.data).toBeNull();
    const cleared = await clear('admin.user', me.token);
    expect(cleared.body).toEqual({ data: { ok: true } });
    expect((await getPrefs('admin.user', me.token)).body.data).toBeNull();
    expect((await clear('admin.user', me.token)).status).toBe(200);
  });

  it('keeps each user’s own preferences apart', async () => {
    const me = await t.makeUser({});
    const other = await t.makeUser({});
    await putPrefs('shared', { columns }, me.token);
    expect((await getPrefs('shared', other.token)).body.data).toBeNull();
    await putPrefs('shared', { columns: [{ key: 'x', hidden: true }] }, other.token);
    await clear('shared', other.token);
    expect((await getPrefs('shared', me.token)).body.data).toEqual({ columns });
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'user_table_prefs'));
    expect(history).toEqual([]);
  });

  it('answers 400 for a width outside 40–2000 or not whole, a bad key, too many columns or a bad screen', async () => {
    const me = await t.makeUser({});
    const width = 'Must be between 40 and 2000.';
    const cases: [unknown, string, string][] = [
      [{ columns: [{ key: 'a', width: 39 }] }, 'columns.0.width', width],
      [{ columns: [{ key: 'a', width: 2001 }] }, 'columns.0.width', width],
      [{ columns: [{ key: 'a', width: 100.5 }] }, 'columns.0.width', width],
      [{ columns: [{ key: 'a', width: '100' }] }, 'columns.0.width', 'Enter a number.'],
      [{ columns: [{ key: 'a b' }] }, 'columns.0.key', 'Invalid format.'],
      [{ columns: [{ key: '' }] }, 'columns.0.key', 'Invalid format.'],
      [{ columns: [{ key: 'k'.repeat(101) }] }, 'columns.0.key', 'Invalid format.'],
      [{ columns: [{ key: 'a' }, { key: 'a' }] }, 'columns.1.key', 'This value already exists.'],
      [{ columns: [{ key: 'a', hidden: 'yes' }] }, 'columns.0.hidden', 'Invalid value.'],
      [{ columns: Array.from({ length: 201 }, (_, i) => ({ key: `c${i}` })) }, 'columns', 'Must be at most 200.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putPrefs('s', payload, me.token);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.extraData.fields).toContainEqual({ field, message });
    }
    const max = Array.from({ length: 200 }, (_, i) => ({ key: `c${i}`, width: 40 }));
    expect((await putPrefs('s', { columns: max }, me.token)).status).toBe(200);
    for (const screen of ['a%20b', 'a!b', 'a%2Fb']) {
      expect((await getPrefs(screen, me.token)).status, screen).toBe(400);
      expect((await putPrefs(screen, { columns }, me.token)).status, screen).toBe(400);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await getPrefs('s', null)).status).toBe(401);
    expect((await putPrefs('s', { columns }, null)).status).toBe(401);
    expect((await clear('s', null)).status).toBe(401);
  });
});

describe('PUT /api/settings/user/locale', () => {
  it('keeps the chosen language per user, beside the theme (each save keeps the other)', async () => {
    const me = await t.makeUser({});
    const other = await t.makeUser({});
    expect((await theme({ theme: 'dark', themeColor: 'teal' }, me.token)).status).toBe(200);
    const res = await locale('en', me.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ locale: 'en', options: { theme: 'dark', themeColor: 'teal' } });
    expect((await theme({ theme: 'light', themeColor: 'red' }, me.token)).body.data.locale).toBe('en');
    expect((await get(me.token)).body.data).toMatchObject({
      locale: 'en',
      options: { theme: 'light', themeColor: 'red' },
    });
    expect((await get(other.token)).body.data.locale).toBeNull();
    expect((await locale('kr', me.token)).body.data.locale).toBe('kr');
  });

  it('answers 400 for an unknown language and 401 without a token', async () => {
    const me = await t.makeUser({});
    const bad = await locale('ko', me.token);
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('locale');
    expect((await locale(undefined, me.token)).status).toBe(400);
    expect((await locale('en', null)).status).toBe(401);
  });
});
