import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniq } from '../../test/harness.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories } from '../code/code.table.ts';
import { systemMenus } from '../system/system.table.ts';
import { users } from '../user/user.table.ts';
import { changeHistory } from './history.table.ts';

const t = await createTestApp();
const historyView = { history: { view: true } };
const actor = (userId: string): Actor => ({ id: 1, userId, username: userId });

/** The factory's calendar day (Asia/Seoul) of an instant, yyyy-MM-dd. */
const seoulDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(ms));
const DAY = 86_400_000;

/** A code category created, renamed and deleted by the given actor: one ADD, one MOD, one DEL revision. */
async function categoryLifecycle(by = uniq('actor')) {
  const category = uniq('CAT_');
  const [row] = await withTx(t.db, actor(by), (tx) =>
    tx.insert(codeCategories).values({ category, name: 'before', createdBy: by, updatedBy: by }).returning(),
  );
  await withTx(t.db, actor(by), (tx) =>
    tx.update(codeCategories).set({ name: 'after', updatedAt: new Date() }).where(eq(codeCategories.id, row.id)),
  );
  await withTx(t.db, actor(by), (tx) => tx.delete(codeCategories).where(eq(codeCategories.id, row.id)));
  return { id: row.id, category, by };
}

/** Revisions dated at chosen instants (the history is append-only, so an INSERT is the one way to date one). */
async function revisionsAt(table: string, instants: string[]) {
  const rowId = uniq('r');
  return t.db
    .insert(changeHistory)
    .values(
      instants.map((iso) => ({
        revisionDate: new Date(iso),
        revisionType: 'ADD',
        tableName: table,
        rowId,
        updateBy: 'seed',
        newData: { id: rowId },
      })),
    )
    .returning();
}

describe('GET /api/history/service/date/{from}/{to}', () => {
  it('lists the revisions of every table in the factory days, newest first, with the total', async () => {
    const { id, by } = await categoryLifecycle();
    const { token } = await t.makeUser(historyView);
    const res = await t.inject({
      method: 'GET',
      url: `/api/history/service/date/${seoulDay(Date.now() - DAY)}/${seoulDay(Date.now() + DAY)}?page=1&size=1000`,
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    const mine = res.body.data.filter(
      (e: { table: string; rowId: string }) => e.table === 'code_categories' && e.rowId === String(id),
    );
    expect(mine.map((e: { revisionType: string }) => e.revisionType)).toEqual(['DEL', 'MOD', 'ADD']);
    expect(mine.every((e: { updateBy: string }) => e.updateBy === by)).toBe(true);
    const ids = res.body.data.map((e: { revisionId: number }) => e.revisionId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [del, mod, add] = mine;
    expect(add.oldData).toBeNull();
    expect(add.newData).toMatchObject({ id, name: 'before' });
    expect(add.changedFields).toEqual([]);
    expect(mod.oldData).toMatchObject({ name: 'before' });
    expect(mod.newData).toMatchObject({ name: 'after' });
    // updated_at changed too, but it is not a change a reader cares about.
    expect(mod.changedFields).toEqual(['name']);
    expect(del.newData).toBeNull();
    expect(del.oldData).toMatchObject({ name: 'after' });
    expect(Date.parse(add.revisionDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes both days whole in the factory time zone (Asia/Seoul)', async () => {
    // 23:59:59 on 31 May and 00:00 on 1 June in Seoul: both 31 May in UTC.
    const [late, early] = await revisionsAt('system_menus', ['2029-05-31T14:59:59Z', '2029-05-31T15:00:00Z']);
    const { token } = await t.makeUser(historyView);
    const idsOf = async (from: string, to: string) => {
      const res = await t.inject({ method: 'GET', url: `/api/history/service/date/${from}/${to}`, token });
      expect(res.status).toBe(200);
      return res.body.data.map((e: { revisionId: number }) => e.revisionId);
    };
    expect(await idsOf('2029-05-31', '2029-05-31')).toEqual([late.revisionId]);
    expect(await idsOf('2029-06-01', '2029-06-01')).toEqual([early.revisionId]);
    expect(await idsOf('2029-05-31', '2029-06-01')).toEqual([early.revisionId, late.revisionId]);
  });

  it('pages: size rows per page, the total of the range', async () => {
    const made = await revisionsAt('roles', ['2028-02-01T03:00:00Z', '2028-02-01T04:00:00Z', '2028-02-01T05:00:00Z']);
    const { token } = await t.makeUser(historyView);
    const page = async (n: number) =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/history/service/date/2028-02-01/2028-02-01?page=${n}&size=2`,
          token,
        })
      ).body;
    const first = await page(1);
    const second = await page(2);
    expect(first.total).toBe(3);
    expect(first.data.map((e: { revisionId: number }) => e.revisionId)).toEqual([
      made[2].revisionId,
      made[1].revisionId,
    ]);
    expect(second.data.map((e: { revisionId: number }) => e.revisionId)).toEqual([made[0].revisionId]);
  });

  it('answers 400 for a bad date, a reversed range or one over 366 days', async () => {
    const { token } = await t.makeUser(historyView);
    for (const path of [
      '2028-13-01/2028-12-31',
      '2027-02-29/2027-03-01',
      '20280101/20280102',
      '2028-02-02/2028-02-01',
      '2028-01-01/2029-01-01',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/history/service/date/${path}`, token });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    // 366 days inclusive (a leap year) is allowed.
    expect(
      (await t.inject({ method: 'GET', url: '/api/history/service/date/2028-01-01/2028-12-31', token })).status,
    ).toBe(200);
  });

  it('needs history view (403) and a token (401)', async () => {
    const { token } = await t.makeUser({ user: { all: true } });
    const url = '/api/history/service/date/2028-01-01/2028-01-02';
    expect((await t.inject({ method: 'GET', url, token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url })).status).toBe(401);
    const sys = await t.makeUser({ system: { view: true } });
    expect((await t.inject({ method: 'GET', url, token: sys.token })).status).toBe(200);
  });
});

describe('GET /api/history/date/{from}/{to}/service/{name}', () => {
  it('lists the revisions of one table only', async () => {
    const [menuRevision] = await revisionsAt('system_menus', ['2027-07-07T03:00:00Z']);
    await revisionsAt('roles', ['2027-07-07T03:00:00Z']);
    const { token } = await t.makeUser(historyView);
    const res = await t.inject({
      method: 'GET',
      url: '/api/history/date/2027-07-07/2027-07-07/service/system_menus',
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({
      revisionId: menuRevision.revisionId,
      table: 'system_menus',
      updateBy: 'seed',
    });
  });

  it('answers 404 for a table that is not in the change history, 400 for a bad name or range', async () => {
    const { token } = await t.makeUser(historyView);
    for (const name of ['no_such_table', 'sessions', 'page_hits', 'change_history']) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/history/date/2027-07-07/2027-07-07/service/${name}`,
        token,
      });
      expect(res.status, name).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    for (const path of ['2027-07-07/2027-07-07/service/Users', '2027-07-08/2027-07-07/service/users']) {
      expect((await t.inject({ method: 'GET', url: `/api/history/date/${path}`, token })).status, path).toBe(400);
    }
  });

  it('needs history view (403) and a token (401)', async () => {
    const { token } = await t.makeUser({ config: { all: true } });
    const url = '/api/history/date/2027-07-07/2027-07-07/service/users';
    expect((await t.inject({ method: 'GET', url, token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url })).status).toBe(401);
  });
});

describe('GET /api/history/fromid/{a}/toid/{b}', () => {
  it('lists the revisions a ≤ revisionId ≤ b in order', async () => {
    const made = await revisionsAt('roles', ['2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', '2026-01-01T00:00:02Z']);
    const { token } = await t.makeUser(historyView);
    const [a, , b] = made.map((r) => r.revisionId);
    const res = await t.inject({ method: 'GET', url: `/api/history/fromid/${a}/toid/${b}`, token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { revisionId: number }) => e.revisionId)).toEqual(made.map((r) => r.revisionId));
    const one = await t.inject({ method: 'GET', url: `/api/history/fromid/${b}/toid/${b}`, token });
    expect(one.body.data).toHaveLength(1);
  });

  it('allows at most 1000 revisions, and answers 400 for a reversed or bad range', async () => {
    const { token } = await t.makeUser(historyView);
    expect((await t.inject({ method: 'GET', url: '/api/history/fromid/1/toid/1000', token })).status).toBe(200);
    for (const path of ['1/toid/1001', '10/toid/9', 'x/toid/9', '0/toid/9']) {
      const res = await t.inject({ method: 'GET', url: `/api/history/fromid/${path}`, token });
      expect(res.status, path).toBe(400);
    }
  });

  it('needs history view (403) and a token (401)', async () => {
    const { token } = await t.makeUser({ pageHit: { view: true } });
    expect((await t.inject({ method: 'GET', url: '/api/history/fromid/1/toid/2', token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/history/fromid/1/toid/2' })).status).toBe(401);
  });
});

describe('GET /api/history/record/{table}/{id}', () => {
  it("gives one record's revisions, oldest first, to a user who may view the table's screen", async () => {
    const { id, by } = await categoryLifecycle();
    await categoryLifecycle();
    const { token } = await t.makeUser({ code: { view: true } });
    const res = await t.inject({ method: 'GET', url: `/api/history/record/code_categories/${id}`, token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { revisionType: string }) => e.revisionType)).toEqual(['ADD', 'MOD', 'DEL']);
    expect(
      res.body.data.every((e: { rowId: string; updateBy: string }) => e.rowId === String(id) && e.updateBy === by),
    ).toBe(true);
    const paged = await t.inject({
      method: 'GET',
      url: `/api/history/record/code_categories/${id}?page=2&size=2`,
      token,
    });
    expect(paged.body.total).toBe(3);
    expect(paged.body.data.map((e: { revisionType: string }) => e.revisionType)).toEqual(['DEL']);
  });

  it('shows menu configuration changes made through the API with their actor', async () => {
    const editor = await t.makeUser({ config: { create: true, modify: true, view: true } });
    await t.inject({
      method: 'POST',
      url: '/api/system/menu',
      token: editor.token,
      payload: [{ name: 'record', sort: 1, visible: true }],
    });
    await t.inject({
      method: 'PUT',
      url: '/api/system/menu',
      token: editor.token,
      payload: [{ name: 'record', sort: 2, visible: false }],
    });
    const [row] = await t.db.select().from(systemMenus).where(eq(systemMenus.name, 'record'));
    const res = await t.inject({
      method: 'GET',
      url: `/api/history/record/system_menus/${row.id}`,
      token: editor.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { revisionType: string; updateBy: string }) => [e.revisionType, e.updateBy])).toEqual([
      ['ADD', editor.userId],
      ['MOD', editor.userId],
    ]);
    expect(res.body.data[1].changedFields).toEqual(['sort', 'visible']);
  });

  it("never shows a user's password hash", async () => {
    const target = await t.makeUser();
    await withTx(t.db, actor('admin'), (tx) =>
      tx
        .update(users)
        .set({ passwordHash: 'scrypt$1$c2FsdA==$a2V5', updatedAt: new Date() })
        .where(eq(users.id, target.user.id)),
    );
    const { token } = await t.makeUser({ user: { view: true } });
    const res = await t.inject({ method: 'GET', url: `/api/history/record/users/${target.user.id}`, token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { revisionType: string }) => e.revisionType)).toEqual(['ADD', 'MOD']);
    expect(res.body.data[1].changedFields).toEqual([]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
  });

  it('answers 403 without view on the owning screen, even with history view', async () => {
    const { id } = await categoryLifecycle();
    const { token } = await t.makeUser({ history: { view: true }, user: { view: true } });
    const res = await t.inject({ method: 'GET', url: `/api/history/record/code_categories/${id}`, token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('answers 404 for a table without a record history, 400 for a bad name, 401 without a token', async () => {
    const { token } = await t.makeUser({ system: { all: true } });
    for (const table of ['sessions', 'page_hits', 'no_such_table', 'constructor']) {
      const res = await t.inject({ method: 'GET', url: `/api/history/record/${table}/1`, token });
      expect(res.status, table).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: '/api/history/record/Users;drop/1', token })).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/history/record/users/1' })).status).toBe(401);
  });

  it('gives an empty list for a record that never changed', async () => {
    const { token } = await t.makeUser({ code: { view: true } });
    const res = await t.inject({ method: 'GET', url: '/api/history/record/codes/999999999', token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});
