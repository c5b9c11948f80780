import type { DuplicateHolder } from '@eqms/contract';
import { and, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import type { Actor } from './tx.ts';
import { AppError, duplicate, notFound } from './errors.ts';

// The small pieces every plain list/get/create/update/delete shares. Domains with rules stay explicit and use
// these for the repeated parts: audit stamps, 404s, paging and turning a unique violation into DUPLICATE.

/** createdBy/updatedBy of an insert (createdAt/updatedAt default to now). */
export const createdStamp = (actor: Actor) => ({ createdBy: actor.userId, updatedBy: actor.userId });
/** updatedBy/updatedAt of an update. */
export const updatedStamp = (actor: Actor) => ({ updatedBy: actor.userId, updatedAt: new Date() });

type AuditRow = { createdBy: string | null; createdAt: Date; updatedBy: string | null; updatedAt: Date };
/** The audit columns as the API shows them (timestamps as ISO strings). */
export const auditView = (row: AuditRow) => ({
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** The first row, or a 404 naming what was looked for. */
export async function firstOr404<T>(rows: Promise<T[]> | T[], what: string): Promise<T> {
  const [row] = await rows;
  if (row === undefined) throw notFound(what);
  return row;
}

/** limit/offset when the query asks for a page (ARCHITECTURE §4: then the answer carries `total`). */
export function pageOf(q: { page?: number; size?: number }): { limit: number; offset: number } | null {
  if (q.page === undefined && q.size === undefined) return null;
  const size = q.size ?? 20;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
}

/**
 * A list answer: one page of the ordered query and the filter's total when the query asks for a page, else every row
 * (what the Excel and PDF of a list use). `view` turns the rows of the page into the answer's items.
 */
export async function pageOrAll<R, V>(
  q: { page?: number; size?: number },
  ordered: PromiseLike<R[]> & { limit(n: number): { offset(n: number): PromiseLike<R[]> } },
  count: () => PromiseLike<number>,
  view: (rows: R[]) => Promise<V[]>,
): Promise<{ data: V[]; total: number }> {
  const p = pageOf(q);
  if (!p) {
    const data = await view(await ordered);
    return { data, total: data.length };
  }
  const rows = await ordered.limit(p.limit).offset(p.offset);
  return { data: await view(rows), total: await count() };
}

/** The unique constraint a database error broke, or null (drizzle wraps the driver's error as `cause`). */
export function uniqueConstraintOf(e: unknown): string | null {
  for (let cur: any = e, depth = 0; cur && depth < 4; cur = cur.cause, depth++) {
    if (cur.code === '23505') return String(cur.constraint ?? '');
  }
  return null;
}

/**
 * Runs a write and turns a violation of one of the named unique constraints into 409 DUPLICATE with the API
 * field name. Services check for a duplicate first; this catches the race where two requests pass that check.
 */
export async function uniqueAs<T>(fields: Record<string, string>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const constraint = uniqueConstraintOf(e);
    if (constraint !== null && fields[constraint]) throw duplicate(fields[constraint]);
    throw e;
  }
}

/**
 * `lower(column) = lower(value)`: business keys (codes, barcodes, user ids) are unique without regard to case, as
 * the unique indexes on `lower(column)` enforce (issue 10 §4: `fg-1001` beside `FG-1001` is refused).
 */
export const sameKey = (column: AnyPgColumn, value: string): SQL => sql`lower(${column}) = lower(${value})`;

/** The column a DUPLICATE's holder is named by: the table's `name`, `username` or `codeName`, when it has one. */
function nameColumnOf(table: PgTable): AnyPgColumn | undefined {
  const cols = getTableColumns(table) as Record<string, AnyPgColumn>;
  return cols.name ?? cols.username ?? cols.codeName;
}

/**
 * The row that already holds `value` in `column` ignoring case (the row `exceptId` aside, only among the rows
 * `within` selects when given): its id, its stored key and its name, for the DUPLICATE message.
 */
export async function keyHolder(
  tx: Executor,
  table: PgTable,
  id: AnyPgColumn,
  column: AnyPgColumn,
  value: string,
  opts: { exceptId?: number; within?: SQL } = {},
): Promise<DuplicateHolder | undefined> {
  const name = nameColumnOf(table);
  const [row] = await tx
    .select({ id, key: column, ...(name ? { name } : {}) })
    .from(table)
    .where(and(sameKey(column, value), opts.within, opts.exceptId ? ne(id, opts.exceptId) : undefined))
    .limit(1);
  if (!row) return undefined;
  const holder = row as { id: number; key: string; name?: string | null };
  return { id: holder.id, key: holder.key, ...(name ? { name: holder.name ?? null } : {}) };
}

/** 409 DUPLICATE when another row holds the value ignoring case, naming that row; a blank value is not checked. */
export async function assertKeyFree(
  tx: Executor,
  table: PgTable,
  id: AnyPgColumn,
  field: string,
  column: AnyPgColumn,
  value: string | null | undefined,
  opts: { exceptId?: number; within?: SQL } = {},
): Promise<void> {
  if (!value) return;
  const holder = await keyHolder(tx, table, id, column, value, opts);
  if (holder) throw duplicate(field, { value, existing: holder });
}

/**
 * 409 DUPLICATE on the first field whose value another row already has, ignoring case (the row `exceptId` itself
 * aside, and only among the rows `within` selects when given, e.g. one tool's parameters). A blank value (an
 * optional key left empty) is not checked. The columns are checked in the order given.
 */
export async function assertUnique<F extends string>(
  tx: Executor,
  table: PgTable,
  id: AnyPgColumn,
  columns: Record<F, AnyPgColumn>,
  values: { [K in NoInfer<F>]?: string | null },
  exceptId?: number,
  within?: SQL,
): Promise<void> {
  for (const field of Object.keys(columns) as F[]) {
    await assertKeyFree(tx, table, id, field, columns[field], values[field], { exceptId, within });
  }
}

/** A bulk element's error with its index: field errors become `<index>.<field>`. */
export function atIndex(e: unknown, index: number): unknown {
  if (!(e instanceof AppError)) return e;
  const fields = e.extraData?.fields as { field: string; message: string }[] | undefined;
  const extraData = {
    ...e.extraData,
    index,
    ...(fields ? { fields: fields.map((f) => ({ ...f, field: `${index}.${f.field}` })) } : {}),
  };
  return new AppError(e.status, e.code, e.message, extraData);
}

/**
 * A bulk create's inserts, one after the other inside the caller's transaction; the first error stops them and
 * names the element's index (`atIndex`), so the caller knows which one to fix.
 */
export async function insertEach<B>(bodies: B[], insert: (body: B) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (const [index, body] of bodies.entries()) {
    try {
      out.push(await insert(body));
    } catch (e) {
      throw atIndex(e, index);
    }
  }
  return out;
}
