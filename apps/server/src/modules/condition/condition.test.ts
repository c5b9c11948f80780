import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { users } from '../user/user.table.ts';
import { savedConditions } from './condition.table.ts';

const t = await createTestApp();
const en = { 'accept-language': 'en' };

type Condition = { id: number; title: string; userId: number; menu: string; searchCond: string; createdAt: string };

const save = (payload: unknown, token: string | null) =>
  t.inject({ method: 'POST', url: '/api/condition', token, headers: en, payload });
const list = (menu: string, token: string | null) =>
  t.inject({ method: 'GET', url: `/api/condition/conditions?menu=${menu}`, token, headers: en });
const remove = (id: number | string, token: string | null) =>
  t.inject({ method: 'DELETE', url: `/api/condition/${id}`, token, headers: en });

const cond = JSON.stringify({ q: '홍길동', roleId: 3 });

describe('saved search conditions', () => {
  it('round trip: save, list newest first, restore the same text, delete', async () => {
    const me = await t.makeUser({ user: { view: true } });
    const first = await save({ title: '  생산팀 ', menu: 'user', searchCond: cond }, me.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ title: '생산팀', menu: 'user', searchCond: cond, userId: me.user.id });
    const second = await save({ title: '품질팀', menu: 'user', searchCond: '{}' }, me.token);
    const res = await list('user', me.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: Condition) => c.id)).toEqual([second.body.data.id, first.body.data.id]);
    expect(JSON.parse(res.body.data[1].searchCond)).toEqual({ q: '홍길동', roleId: 3 });
    expect((await remove(first.body.data.id, me.token)).status).toBe(200);
    expect((await list('user', me.token)).body.data.map((c: Condition) => c.id)).toEqual([second.body.data.id]);
    expect((await remove(first.body.data.id, me.token)).status).toBe(404);
  });

  it('keeps conditions per menu', async () => {
    const me = await t.makeUser({ user: { view: true }, code: { view: true } });
    const mine = await save({ title: 'a', menu: 'code', searchCond: '{}' }, me.token);
    expect((await list('user', me.token)).body.data).toEqual([]);
    expect((await list('code', me.token)).body.data.map((c: Condition) => c.id)).toEqual([mine.body.data.id]);
  });

  it('needs a title (conditionTitle) and a JSON object of at most 10,000 characters', async () => {
    const me = await t.makeUser({ user: { view: true } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Enter a title.'],
      [{ title: '   ' }, 'title', 'Enter a title.'],
      [{ title: undefined }, 'title', 'Enter a title.'],
      [{ title: 't'.repeat(101) }, 'title', 'Enter at most 100 characters.'],
      [{ searchCond: '{not json' }, 'searchCond', 'Invalid value.'],
      [{ searchCond: '[1,2]' }, 'searchCond', 'Invalid value.'],
      [{ searchCond: '"text"' }, 'searchCond', 'Invalid value.'],
      [{ searchCond: JSON.stringify({ q: 'x'.repeat(10_000) }) }, 'searchCond', 'Enter at most 10000 characters.'],
      [{ menu: 'noSuchMenu' }, 'menu', 'Unknown menu: noSuchMenu'],
      [{ menu: '' }, 'menu', 'This field is required.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await save({ title: 't', menu: 'user', searchCond: '{}', ...change }, me.token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.extraData.fields, JSON.stringify(change)).toContainEqual({ field, message });
    }
    const kr = await t.inject({
      method: 'POST',
      url: '/api/condition',
      token: me.token,
      payload: { title: '', menu: 'user', searchCond: '{}' },
    });
    expect(kr.body.extraData.fields).toEqual([{ field: 'title', message: '제목을 입력하세요.' }]);
    expect((await list('noSuchMenu', me.token)).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/condition/conditions', token: me.token })).status).toBe(400);
  });

  it('answers 403 for a menu the user may not view, on save and list', async () => {
    const me = await t.makeUser({ code: { view: true } });
    expect((await save({ title: 't', menu: 'user', searchCond: '{}' }, me.token)).status).toBe(403);
    expect((await list('user', me.token)).status).toBe(403);
    // A right on a parent menu covers its children (SPEC §6).
    const sys = await t.makeUser({ system: { view: true } });
    expect((await save({ title: 't', menu: 'user', searchCond: '{}' }, sys.token)).status).toBe(200);
  });

  it('shows and deletes only the own conditions: another user’s is not listed and is a 404', async () => {
    const owner = await t.makeUser({ user: { view: true } });
    const other = await t.makeUser({ user: { view: true } });
    const mine = (await save({ title: 'mine', menu: 'user', searchCond: '{}' }, owner.token)).body.data;
    expect((await list('user', other.token)).body.data.some((c: Condition) => c.id === mine.id)).toBe(false);
    expect((await remove(mine.id, other.token)).status).toBe(404);
    expect((await list('user', owner.token)).body.data.map((c: Condition) => c.id)).toEqual([mine.id]);
    expect((await remove('x', owner.token)).status).toBe(400);
  });

  it('goes with its user, and is not written to the change history', async () => {
    const me = await t.makeUser({ user: { view: true } });
    const saved = (await save({ title: 't', menu: 'user', searchCond: '{}' }, me.token)).body.data;
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'saved_conditions'));
    expect(history).toEqual([]);
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.delete(users).where(eq(users.id, me.user.id)));
    expect(await t.db.select().from(savedConditions).where(eq(savedConditions.id, saved.id))).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await save({ title: 't', menu: 'user', searchCond: '{}' }, null)).status).toBe(401);
    expect((await list('user', null)).status).toBe(401);
    expect((await remove(1, null)).status).toBe(401);
  });
});
