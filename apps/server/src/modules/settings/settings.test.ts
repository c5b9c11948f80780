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

describe('GET /api/settings/user', () => {
  it('gives the defaults to a user who has saved nothing', async () => {
    const me = await t.makeUser({});
    const res = await get(me.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ homePath: null, options: { theme: 'light', themeColor: 'blue' } });
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
