import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client.ts';
import { auditColumns, extColumn, idColumn } from '../db/columns.ts';
import { createTestApp } from './harness.ts';
import type { Deps } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { masterService, valuesById } from '../platform/master.ts';
import { createProviders } from '../platform/providers.ts';
import { createReferences } from '../platform/references.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';

// What the kit adds beyond the product and material tests (which cover list, paging, search, pick-list, barcode,
// unique checks and races, bulk errors by index and the delete guards through the app): a master without custom
// fields or barcode, custom fields kept or checked against the stored values on update, the delete asking the
// registry it is given, the afterDelete hook inside the delete's transaction, and valuesById. Tables of its own,
// made here, so no module's rules get in the way.

const kitThings = pgTable('kit_things', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  note: text('note'),
  ext: extColumn(),
  ...auditColumns,
});
const kitUses = pgTable('kit_uses', {
  id: idColumn(),
  thingId: integer('thing_id')
    .notNull()
    .references(() => kitThings.id),
  label: text('label').notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
const kitPlain = pgTable('kit_plain', {
  id: idColumn(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  ...auditColumns,
});

const t = await createTestApp();
const audit = sql.raw(`created_by text, created_at timestamptz not null default now(),
  updated_by text, updated_at timestamptz not null default now()`);
await t.db.execute(sql`create table kit_things (id integer generated always as identity primary key,
  code text not null constraint kit_things_code_unique unique, name text not null, note text, ext jsonb, ${audit})`);
await t.db.execute(sql`create table kit_uses (id integer generated always as identity primary key,
  thing_id integer not null references kit_things (id), label text not null, created_by text,
  created_at timestamptz not null default now())`);
await t.db.execute(sql`create table kit_plain (id integer generated always as identity primary key,
  code text not null, name text not null, ${audit})`);

type Thing = { id: number; code: string; name: string; note: string | null; ext: Record<string, unknown> | null };
type ThingBody = { code: string; name: string; note?: string | null; ext?: unknown };
type Ext = Record<string, unknown>;

/** The custom-field check the kit was given: records what it was asked, refuses `{ bad }`. */
const validated: { ext: unknown; stored: Ext | undefined }[] = [];
async function validate(_tx: Executor, ext: unknown, stored: Ext | undefined) {
  validated.push({ ext, stored });
  if (ext == null) return null;
  if ((ext as Ext).bad) throw new AppError(400, 'VALIDATION_ERROR', 'Invalid input value');
  return ext as Ext;
}
/** What afterDelete saw, and whether it throws. */
const deleted: { ids: number[]; stillThere: number }[] = [];
let failAfterDelete = false;

const things = masterService({
  table: kitThings,
  what: 'Thing',
  columns: { id: kitThings.id, code: kitThings.code, name: kitThings.name },
  unique: { code: kitThings.code },
  uniqueConstraints: { kit_things_code_unique: 'code' },
  search: [kitThings.code, kitThings.name],
  filters: (q: { note?: string }) => (q.note ? eq(kitThings.note, q.note) : undefined),
  views: async (_db, rows): Promise<Thing[]> =>
    rows.map((r) => ({ id: r.id, code: r.code, name: r.name, note: r.note, ext: r.ext ?? null })),
  values: async (_tx, body: ThingBody) => ({ code: body.code, name: body.name, note: body.note ?? null }),
  customFields: { column: kitThings.ext, validate },
  afterDelete: async (tx, rows) => {
    const ids = rows.map((r) => r.id);
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(kitThings).where(inArray(kitThings.id, ids));
    deleted.push({ ids, stillThere: left.n });
    if (failAfterDelete) throw new Error('hook failed');
  },
});

/** A master with nothing optional: no barcode, no filters, no custom fields, no hook. */
const plain = masterService({
  table: kitPlain,
  what: 'Plain',
  columns: { id: kitPlain.id, code: kitPlain.code, name: kitPlain.name },
  unique: { code: kitPlain.code },
  uniqueConstraints: {},
  search: [kitPlain.name],
  views: async (_db, rows) => rows.map((r) => ({ id: r.id, code: r.code, name: r.name })),
  values: async (_tx, body: { code: string; name: string }) => ({ code: body.code, name: body.name }),
});

const usesReference = {
  table: kitUses,
  column: kitUses.thingId,
  refers: 'kit_things',
  screen: 'productInfo',
  id: kitUses.label,
  name: kitUses.label,
  createdBy: kitUses.createdBy,
  createdAt: kitUses.createdAt,
};
const deps = (declared: boolean): Deps => ({
  db: t.db,
  references: createReferences(declared ? [usesReference] : []),
  providers: createProviders(),
});
const err = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as AppError,
  );
const actor = SYSTEM_ACTOR;

describe('master kit', () => {
  it('serves a master without barcode, filters or custom fields', async () => {
    const a = await plain.create(t.db, actor, { code: 'P-2', name: 'beta' });
    await plain.createBulk(t.db, actor, [
      { code: 'P-1', name: 'alpha' },
      { code: 'P-3', name: 'alphabet' },
    ]);
    expect(await plain.list(t.db, { page: 1, size: 2 })).toEqual({
      data: [expect.objectContaining({ code: 'P-1' }), expect.objectContaining({ code: 'P-2' })],
      total: 3,
    });
    expect((await plain.list(t.db, { q: 'ALPHA', page: 1, size: 50 })).total).toBe(2);
    expect((await plain.update(t.db, actor, { ...a, name: 'gamma' })).name).toBe('gamma');
    expect(((await err(plain.create(t.db, actor, { code: 'p-1', name: 'x' }))) as AppError).extraData).toEqual({
      field: 'code',
      value: 'p-1',
      existing: { id: expect.any(Number), key: 'P-1', name: 'alpha' },
    });
    expect(() => plain.byBarcode(t.db, 'x')).toThrow('Plain has no barcode column.');
    await plain.remove(deps(true), actor, [a.id]);
    expect(((await err(plain.get(t.db, a.id))) as AppError).message).toBe('Plain not found.');
  });

  it('checks custom fields with no stored values on insert; an update keeps them unless given, checked against them', async () => {
    validated.length = 0;
    const a = await things.create(t.db, actor, { code: 'C-1', name: 'one', ext: { colour: 'red' } });
    expect(a.ext).toEqual({ colour: 'red' });
    expect(validated).toEqual([{ ext: { colour: 'red' }, stored: undefined }]);

    validated.length = 0;
    const kept = await things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'renamed' });
    expect(kept).toMatchObject({ name: 'renamed', ext: { colour: 'red' } });
    expect(validated).toEqual([]);

    const changed = await things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'x', ext: { colour: 'blue' } });
    expect(changed.ext).toEqual({ colour: 'blue' });
    expect(validated).toEqual([{ ext: { colour: 'blue' }, stored: { colour: 'red' } }]);

    const refused = await err(things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'y', ext: { bad: 1 } }));
    expect(refused).toMatchObject({ status: 400 });
    expect((await things.get(t.db, a.id)).name).toBe('x');

    expect((await things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'x', ext: null })).ext).toBeNull();
    // A row whose stored ext is null: omitted keeps null, given is checked with no stored values.
    validated.length = 0;
    await things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'x' });
    await things.update(t.db, actor, { id: a.id, code: 'C-1', name: 'x', ext: { colour: 'green' } });
    expect(validated).toEqual([{ ext: { colour: 'green' }, stored: undefined }]);
  });

  it('applies the filters with q, and the export answers every match in code order', async () => {
    await things.createBulk(t.db, actor, [
      { code: 'F-2', name: 'filter two', note: 'keep' },
      { code: 'F-1', name: 'filter one', note: 'keep' },
      { code: 'F-3', name: 'filter three', note: 'drop' },
    ]);
    const page = await things.list(t.db, { q: 'filter', note: 'keep', page: 1, size: 1 });
    expect(page).toMatchObject({ total: 2, data: [{ code: 'F-1' }] });
    expect((await things.export(t.db, { q: 'filter' })).map((r) => r.code)).toEqual(['F-1', 'F-2', 'F-3']);
  });

  it('asks the registry it is given on delete: 409 with the declared rows; undeclared, the foreign key still holds', async () => {
    const a = await things.create(t.db, actor, { code: 'D-1', name: 'used' });
    const b = await things.create(t.db, actor, { code: 'D-2', name: 'free' });
    await t.db.insert(kitUses).values({ thingId: a.id, label: 'use of D-1' });

    const blocked = await err(things.remove(deps(true), actor, [a.id, b.id]));
    expect(blocked).toMatchObject({ status: 409, code: 'ERROR_CONSTRAINT_VIOLATION' });
    expect(blocked?.extraData?.datas).toEqual([
      expect.objectContaining({ screen: 'productInfo', id: 'use of D-1', name: 'use of D-1' }),
    ]);
    // Without the declaration the FK refuses (the error handler answers it with the same 409); nothing is deleted.
    expect(await err(things.remove(deps(false), actor, [a.id, b.id]))).not.toBeNull();
    expect((await things.get(t.db, b.id)).code).toBe('D-2');

    const missing = await err(things.remove(deps(true), actor, [b.id, 999_999]));
    expect(missing).toMatchObject({ status: 404, message: 'Thing not found.' });
  });

  it('runs afterDelete inside the transaction, after the delete, with the locked rows; its error undoes the delete', async () => {
    const a = await things.create(t.db, actor, { code: 'H-1', name: 'hooked' });
    const b = await things.create(t.db, actor, { code: 'H-2', name: 'hooked' });
    deleted.length = 0;
    failAfterDelete = true;
    expect(await err(things.remove(deps(true), actor, [a.id, b.id]))).toMatchObject({ message: 'hook failed' });
    failAfterDelete = false;
    expect((await things.get(t.db, a.id)).code).toBe('H-1');
    await things.remove(deps(true), actor, [a.id, b.id]);
    expect(deleted).toEqual([
      { ids: [a.id, b.id], stillThere: 0 },
      { ids: [a.id, b.id], stillThere: 0 },
    ]);
  });

  it('valuesById looks up the given ids only, skipping nulls and repeats', async () => {
    const a = await things.create(t.db, actor, { code: 'V-1', name: 'first' });
    const b = await things.create(t.db, actor, { code: 'V-2', name: 'second' });
    const names = await withTx(t.db, actor, (tx) =>
      valuesById(tx, kitThings.id, kitThings.name, [a.id, null, a.id, b.id]),
    );
    expect(names).toEqual(
      new Map([
        [a.id, 'first'],
        [b.id, 'second'],
      ]),
    );
    expect(await valuesById(t.db, kitThings.id, kitThings.name, [null])).toEqual(new Map());
  });

  it('types the descriptor against its table and body', () => {
    masterService({
      table: kitPlain,
      what: 'Plain',
      columns: { id: kitPlain.id, code: kitPlain.code, name: kitPlain.name },
      // @ts-expect-error a unique field that is not a text field of the body
      unique: { nope: kitPlain.name },
      uniqueConstraints: {},
      search: [],
      views: async () => [],
      values: async (_tx: Executor, body: { code: string; name: string }) => ({ code: body.code, name: body.name }),
    });
    masterService({
      table: kitPlain,
      what: 'Plain',
      columns: { id: kitPlain.id, code: kitPlain.code, name: kitPlain.name },
      unique: {},
      uniqueConstraints: {},
      search: [],
      views: async () => [],
      // @ts-expect-error values that are not columns of the table
      values: async (_tx: Executor, body: { code: string; name: string }) => ({ code: body.code, label: body.name }),
    });
  });
});
