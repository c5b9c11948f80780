import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codeCategories } from '../modules/code/code.table.ts';
import { files } from '../modules/files/files.table.ts';
import { changeHistory } from '../modules/history/history.table.ts';
import { systemMenus } from '../modules/system/system.table.ts';
import { users } from '../modules/user/user.table.ts';
import { rowsOf } from './rows.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';
import { createTestApp, uniq } from '../test/harness.ts';

const t = await createTestApp();

const revisionsOf = (table: string, rowId: number | string) =>
  t.db
    .select()
    .from(changeHistory)
    .where(and(eq(changeHistory.tableName, table), eq(changeHistory.rowId, String(rowId))))
    .orderBy(changeHistory.revisionId);

/** The database's message for a refused statement (drizzle wraps it as the cause). */
async function failureOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    const err = e as Error & { cause?: Error };
    return `${err.message} ${err.cause?.message ?? ''}`;
  }
  return 'no error';
}

describe('the change history trigger', () => {
  it('records ADD and MOD with the user who made the change through the API', async () => {
    const creator = await t.makeUser({ config: { create: true } });
    const modifier = await t.makeUser({ config: { modify: true } });
    const created = await t.inject({
      method: 'POST',
      url: '/api/system/menu',
      token: creator.token,
      payload: [{ name: 'kiosk', sort: 1, visible: true }],
    });
    expect(created.status).toBe(200);
    const modified = await t.inject({
      method: 'PUT',
      url: '/api/system/menu',
      token: modifier.token,
      payload: [{ name: 'kiosk', sort: 2, visible: true }],
    });
    expect(modified.status).toBe(200);
    const [row] = await t.db.select().from(systemMenus).where(eq(systemMenus.name, 'kiosk'));
    const revisions = await revisionsOf('system_menus', row.id);
    expect(revisions.map((r) => [r.revisionType, r.updateBy])).toEqual([
      ['ADD', creator.userId],
      ['MOD', modifier.userId],
    ]);
    expect(revisions[0].oldData).toBeNull();
    expect(revisions[0].newData).toMatchObject({ name: 'kiosk', sort: 1 });
    expect(revisions[1].oldData).toMatchObject({ sort: 1 });
    expect(revisions[1].newData).toMatchObject({ sort: 2 });
  });

  it('records DEL with the actor of the transaction and the deleted row', async () => {
    const [row] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(codeCategories)
        .values({ category: uniq('CAT_'), name: 'gone' })
        .returning(),
    );
    const by = uniq('deleter');
    await withTx(t.db, { id: 7, userId: by, username: by }, (tx) =>
      tx.delete(codeCategories).where(eq(codeCategories.id, row.id)),
    );
    const [, del] = await revisionsOf('code_categories', row.id);
    expect(del).toMatchObject({ revisionType: 'DEL', updateBy: by, newData: null });
    expect(del.oldData).toMatchObject({ id: row.id, name: 'gone' });
  });

  it("writes 'system' for changes outside a request, and the actor does not outlive its transaction", async () => {
    const [bySystem] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(codeCategories)
        .values({ category: uniq('CAT_'), name: 'a' })
        .returning(),
    );
    await withTx(t.db, { id: 9, userId: 'someone', username: 'someone' }, (tx) =>
      tx.update(codeCategories).set({ name: 'b' }).where(eq(codeCategories.id, bySystem.id)),
    );
    // No withTx at all (a script, a migration): nobody set an actor.
    const [plain] = await t.db
      .insert(codeCategories)
      .values({ category: uniq('CAT_'), name: 'c' })
      .returning();
    expect((await revisionsOf('code_categories', bySystem.id)).map((r) => r.updateBy)).toEqual(['system', 'someone']);
    expect((await revisionsOf('code_categories', plain.id)).map((r) => r.updateBy)).toEqual(['system']);
  });

  it('writes nothing for a transaction that rolls back', async () => {
    const category = uniq('CAT_');
    await expect(
      withTx(t.db, SYSTEM_ACTOR, async (tx) => {
        await tx.insert(codeCategories).values({ category, name: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const res = await t.db.execute(
      sql`select count(*)::int as n from change_history where new_data->>'category' = ${category}`,
    );
    expect(Number(rowsOf<{ n: number }>(res)[0].n)).toBe(0);
  });

  it('never puts a password hash or file bytes into the history', async () => {
    const s = await t.makeUser();
    const hash = 'scrypt$32768$c2FsdHNhbHQ=$bmV3LWhhc2gtdmFsdWU=';
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ passwordHash: hash }).where(eq(users.id, s.user.id)),
    );
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.delete(users).where(eq(users.id, s.user.id)));
    const revisions = await revisionsOf('users', s.user.id);
    expect(revisions.map((r) => r.revisionType)).toEqual(['ADD', 'MOD', 'DEL']);
    const text = JSON.stringify(revisions);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('scrypt$');
    expect(revisions[0].newData).toMatchObject({ user_id: s.userId });

    const bytes = Buffer.from('%PDF-1.4 secret file bytes');
    const [file] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(files)
        .values({ name: 'a.pdf', mimeType: 'application/pdf', size: bytes.length, data: bytes })
        .returning(),
    );
    const [fileAdd] = await revisionsOf('files', file.id);
    expect(fileAdd.newData).toMatchObject({ name: 'a.pdf', size: bytes.length });
    expect(fileAdd.newData).not.toHaveProperty('data');
  });

  it('covers every table except sessions, failed-login counts, page hits, personal UI state, machine data (values, their minutes, spec-outs, ingest keys), API tokens, the ledgers and the history itself', async () => {
    const res = await t.db.execute(sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'eqms_audit')
      order by 1`);
    expect(rowsOf<{ relname: string }>(res).map((r) => r.relname)).toEqual([
      'api_tokens',
      'auth_epoch',
      'change_history',
      'equipment_histories',
      'ingest_keys',
      'login_failures',
      'material_histories',
      'page_hits',
      'product_stock_histories',
      'production_material_histories',
      'production_product_histories',
      'saved_conditions',
      'sessions',
      'trace_data',
      'trace_minutes',
      'trace_spec_outs',
      'user_table_prefs',
    ]);
  });
});

describe('the change history is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE and keeps its rows', async () => {
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(codeCategories).values({ category: uniq('CAT_'), name: 'kept' }),
    );
    const countRows = async () =>
      Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from change_history`))[0].n);
    const before = await countRows();
    expect(before).toBeGreaterThan(0);
    for (const statement of [
      sql`update change_history set update_by = 'forger'`,
      sql`delete from change_history`,
      sql`truncate change_history`,
    ]) {
      expect(await failureOf(t.db.execute(statement))).toMatch(/append-only/);
    }
    // Not even inside a transaction with an actor.
    expect(
      await failureOf(
        withTx(t.db, SYSTEM_ACTOR, (tx) =>
          tx.update(changeHistory).set({ updateBy: 'forger' }).where(eq(changeHistory.revisionId, 1)),
        ),
      ),
    ).toMatch(/append-only/);
    expect(await countRows()).toBe(before);
    const forged = await t.db.select().from(changeHistory).where(eq(changeHistory.updateBy, 'forger'));
    expect(forged).toEqual([]);
  });
});
