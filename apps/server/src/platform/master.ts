import { asc, and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor, Tx } from '../db/client.ts';
import type { Deps } from './context.ts';
import { assertUnique, createdStamp, firstOr404, insertEach, sameKey, uniqueAs, updatedStamp } from './crud.ts';
import { notFound } from './errors.ts';
import { actorOf } from './guard.ts';
import { pagedByCode, pickListByCodeOrName, textFilter } from './master-list.ts';
import { assertNotReferenced } from './references.ts';
import { type Actor, withTx } from './tx.ts';

// The master-data kit, server half (ARCHITECTURE §3): a plain master (products, materials) declares its table, its
// columns, its view of rows and its rules in a descriptor and gets list, export, pick-list, barcode look-up, get,
// insert, create, bulk create, update and delete with one behaviour. A domain with more rules keeps its own code and
// uses the same parts (crud.ts, master-list.ts, references.ts).

type Ext = Record<string, unknown>;
/** The keys of B whose values are text: the fields a unique check can name. */
type TextKeys<B> = { [K in keyof B]-?: B[K] extends string | null | undefined ? K : never }[keyof B] & string;
/** What `values` returns: the table's columns a write sets, without the id, the custom fields and the audit stamps. */
export type MasterValues<T extends PgTable> = Omit<
  T['$inferInsert'],
  'id' | 'ext' | 'createdBy' | 'createdAt' | 'updatedBy' | 'updatedAt'
>;
/** A create body: a code, and custom-field values when the master has them. */
export type MasterBody = { code: string; ext?: unknown };
export type MasterPage = { q?: string; page: number; size: number };

export type MasterDescriptor<T extends PgTable, V, B extends MasterBody, F> = {
  table: T;
  /** What a 404 calls a row: `Product` → "Product not found". */
  what: string;
  columns: { id: AnyPgColumn; code: AnyPgColumn; name: AnyPgColumn; barcode?: AnyPgColumn };
  /**
   * Body fields that are unique, with their columns, checked in this order before a write (409 DUPLICATE naming the
   * field; a blank value is none), and the database's unique constraints by name, for the race past that check.
   */
  unique: { [K in TextKeys<NoInfer<B>>]?: AnyPgColumn };
  uniqueConstraints: Record<string, TextKeys<NoInfer<B>>>;
  /** The list's `q`: any of these columns contains the text, case-insensitively (master-list `textFilter`). */
  search: AnyPgColumn[];
  /** The list's other filters (e.g. `type`), ANDed with `q`. */
  filters?: (q: F) => SQL | undefined;
  /** The rows as the API shows them; look-ups (a route's name, a supplier's name) for these rows only. */
  views: (db: Executor, rows: T['$inferSelect'][]) => Promise<V[]>;
  /** The module's rules (400 on a field) and the columns a create or an update writes, custom fields aside. */
  values: (tx: Executor, body: B) => Promise<MasterValues<T>>;
  /**
   * The custom fields (SPEC §3): the ext column and the check of the custom-ext module for this table, which
   * platform/ cannot import (`(tx, ext, stored) => validateExt(tx, 'products', ext, stored)`). An update without
   * `ext` keeps the stored values.
   */
  customFields?: {
    column: AnyPgColumn;
    validate: (tx: Executor, ext: unknown, stored: Ext | undefined) => Promise<Ext | null>;
  };
  /** Inside the delete's transaction, after the rows are deleted (the rows as they were, locked): what goes with them. */
  afterDelete?: (tx: Tx, rows: T['$inferSelect'][]) => Promise<void>;
};

export type MasterService<Row, V, B, F> = {
  /** One page in code order with the total of the filter (master-list `pagedByCode`). */
  list(db: Executor, q: F & MasterPage): Promise<{ data: V[]; total: number }>;
  /** Every row the list's filters match, in code order (the Excel export). */
  export(db: Executor, q: F & { q?: string }): Promise<V[]>;
  /** Up to PICK_LIST_MAX rows whose code or name contains the text, by code. */
  pickList(db: Executor, text: string): Promise<V[]>;
  /** The row with this barcode (trimmed), or 404. Only for a master with a barcode column. */
  byBarcode(db: Executor, barcode: string): Promise<V>;
  get(db: Executor, id: number): Promise<V>;
  views(db: Executor, rows: Row[]): Promise<V[]>;
  /** 409 DUPLICATE on the first unique field another row (not `exceptId`) already has. */
  assertFree(tx: Executor, body: B, exceptId?: number): Promise<void>;
  /** One insert inside the caller's transaction: the form, the bulk create and the Excel import share it. */
  insert(tx: Tx, actor: Actor, body: B): Promise<number>;
  create(db: Db, actor: Actor, body: B): Promise<V>;
  /** All or nothing; an error names the element (`extraData.index`, field `<index>.<field>`). Answers by code. */
  createBulk(db: Db, actor: Actor, bodies: B[]): Promise<V[]>;
  /** Locks the row (404 when missing); everything is written as given except an omitted `ext`, which is kept. */
  update(db: Db, actor: Actor, body: B & { id: number }): Promise<V>;
  /**
   * All or nothing: locks the rows, 404 unless every id exists, 409 ERROR_CONSTRAINT_VIOLATION when a declared
   * reference holds one (the registry in `deps.references`), then deletes them and runs `afterDelete`.
   */
  remove(deps: Deps, actor: Actor, ids: number[]): Promise<void>;
};

export function masterService<T extends PgTable, V, B extends MasterBody, F extends object = object>(
  d: MasterDescriptor<T, V, B, F>,
): MasterService<T['$inferSelect'], V, B, F> {
  type Row = T['$inferSelect'];
  const table = d.table as PgTable;
  const { id, code, name, barcode } = d.columns;
  const rowsOf = (rows: unknown) => rows as Row[];
  const filter = (q: F & { q?: string }) => and(textFilter(d.search, q.q), d.filters?.(q));
  const one = async (db: Executor, where: SQL): Promise<V> => {
    const row = await firstOr404(db.select().from(table).where(where), d.what);
    return (await d.views(db, rowsOf([row])))[0];
  };
  const assertFree = (tx: Executor, body: B, exceptId?: number) =>
    assertUnique(tx, table, id, d.unique as Record<string, AnyPgColumn>, body as Record<string, string>, exceptId);
  const ext = d.customFields;
  /** What an update locks and reads: the id, and the stored custom fields that an omitted `ext` keeps. */
  const lockColumns: Record<string, AnyPgColumn> = ext ? { id, ext: ext.column } : { id };
  /** The written values: the module's, then the custom fields (insert: stored = undefined; update: the stored ones). */
  const written = async (tx: Executor, body: B, stored?: Ext | null) => {
    const values = await d.values(tx, body);
    if (!ext) return values;
    const extValues =
      stored !== undefined && body.ext === undefined
        ? undefined
        : await ext.validate(tx, body.ext, stored ?? undefined);
    return { ...values, ext: extValues };
  };

  const service: MasterService<Row, V, B, F> = {
    async list(db, q) {
      const { rows, total } = await pagedByCode(db, table, code, filter(q), {
        page: q.page,
        size: q.size,
        textFiltered: Boolean(q.q?.trim()),
      });
      return { data: await d.views(db, rowsOf(rows)), total };
    },
    async export(db, q) {
      return d.views(db, rowsOf(await db.select().from(table).where(filter(q)).orderBy(asc(code))));
    },
    async pickList(db, text) {
      return d.views(db, rowsOf(await pickListByCodeOrName(db, table, code, name, text)));
    },
    byBarcode(db, value) {
      if (!barcode) throw new Error(`${d.what} has no barcode column.`);
      // Unique without regard to case (a scanner may send either), and found by the index on lower(barcode).
      return one(db, sameKey(barcode, value.trim()));
    },
    get: (db, rowId) => one(db, eq(id, rowId)),
    views: (db, rows) => d.views(db, rows),
    assertFree,
    async insert(tx, actor, body) {
      await assertFree(tx, body);
      const values = await written(tx, body);
      const [row] = await tx
        .insert(table)
        .values({ ...values, ...createdStamp(actor) } as PgTable['$inferInsert'])
        .returning({ id });
      return row.id as number;
    },
    async create(db, actor, body) {
      const rowId = await uniqueAs(d.uniqueConstraints, () =>
        withTx(db, actor, (tx) => service.insert(tx, actor, body)),
      );
      return service.get(db, rowId);
    },
    async createBulk(db, actor, bodies) {
      const ids = await uniqueAs(d.uniqueConstraints, () =>
        withTx(db, actor, (tx) => insertEach(bodies, (body) => service.insert(tx, actor, body))),
      );
      return d.views(db, rowsOf(await db.select().from(table).where(inArray(id, ids)).orderBy(asc(code))));
    },
    async update(db, actor, body) {
      await uniqueAs(d.uniqueConstraints, () =>
        withTx(db, actor, async (tx) => {
          const current = await firstOr404(
            tx.select(lockColumns).from(table).where(eq(id, body.id)).for('update'),
            d.what,
          );
          await assertFree(tx, body, current.id as number);
          const values = await written(tx, body, ext ? ((current.ext as Ext | null) ?? null) : undefined);
          await tx
            .update(table)
            .set({ ...values, ...updatedStamp(actor) })
            .where(eq(id, current.id));
        }),
      );
      return service.get(db, body.id);
    },
    async remove(deps, actor, ids) {
      await withTx(deps.db, actor, async (tx) => {
        const found = rowsOf(await tx.select().from(table).where(inArray(id, ids)).for('update'));
        if (found.length !== ids.length) throw notFound(d.what);
        await assertNotReferenced(tx, deps.references, table, ids);
        await tx.delete(table).where(inArray(id, ids));
        await d.afterDelete?.(tx, found);
      });
    },
  };
  return service;
}

const OK = { data: { ok: true as const } };
/** A request as the guard has seen it (`actorOf` reads its principal). */
type Req = FastifyRequest;

/**
 * The handlers of a master's plain endpoints for `bindEndpoints`, spread next to the module's own (pick-list and
 * barcode look-up take their text from a query or a path, so the module binds those):
 * `{ ...excelHandlers(…), ...masterHandlers(productMaster, ctx), byName: … }`. Each handler's types are checked
 * against its endpoint there.
 */
export function masterHandlers<Row, V, B, F>(master: MasterService<Row, V, B, F>, deps: Deps) {
  const { db } = deps;
  return {
    list: async (req: { query: F & MasterPage }) => master.list(db, req.query),
    get: async (req: { params: { id: number } }) => ({ data: await master.get(db, req.params.id) }),
    create: async (req: Req & { body: B }) => ({ data: await master.create(db, actorOf(req), req.body) }),
    createBulk: async (req: Req & { body: B[] }) => ({
      data: await master.createBulk(db, actorOf(req), req.body),
    }),
    update: async (req: Req & { body: B & { id: number } }) => ({
      data: await master.update(db, actorOf(req), req.body),
    }),
    remove: async (req: Req & { params: { id: number } }) => {
      await master.remove(deps, actorOf(req), [req.params.id]);
      return OK;
    },
    removeBulk: async (req: Req & { params: { ids: number[] } }) => {
      await master.remove(deps, actorOf(req), req.params.ids);
      return OK;
    },
  };
}

/**
 * A view's look-up for the rows at hand only (a route's name, a supplier's name): `value` of the rows of `key`'s
 * table whose key is one of the ids, by id. Null and repeated ids are skipped; no query when none is left.
 */
export async function valuesById<T>(
  db: Executor,
  key: AnyPgColumn,
  value: AnyPgColumn<{ data: T }>,
  ids: (number | null)[],
): Promise<Map<number, T>> {
  const wanted = [...new Set(ids.filter((v): v is number => v != null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ key, value }).from(key.table).where(inArray(key, wanted));
  return new Map(rows.map((r) => [r.key as number, r.value as T]));
}

// ── Item masters (products, materials): the first body fields they share word for word, as the contract's
// masterBodyFields. The rules on type and unit (codes of categories) stay the module's. Their views stay one object
// literal per row: a list builds 50–1,000 of them, and spreading shared parts into each costs ~6 µs a row.

type ItemBody = {
  code: string;
  name: string;
  type: string;
  specification?: string | null;
  unit: string;
  barcode?: string | null;
};

/** The columns of an item's first body fields (contract `masterBodyFields`); a blank specification or barcode is null. */
export const itemValues = (b: ItemBody) => ({
  code: b.code,
  name: b.name,
  type: b.type,
  specification: b.specification || null,
  unit: b.unit,
  barcode: b.barcode || null,
});
