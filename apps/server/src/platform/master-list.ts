import { PICK_LIST_MAX } from '@eqms/contract';
import { asc, count, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

// The server-paged master lists (products, materials): a text filter, a page in code order with its total, and
// the pick-list by code or name. Only the queries are shared; each module keeps its own view of the rows.

/** `%text%` for like/ilike, with the wildcard characters of the text itself escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Any of the columns contains the text, case-insensitively; undefined for a blank text. One `like` over the joined
 * lower-cased columns (chr(1) between them, so a match never spans two columns) scans 10,000 rows in about half
 * the time of one `ilike` per column.
 */
export function textFilter(columns: AnyPgColumn[], q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return sql`lower(concat_ws(chr(1), ${sql.join(columns, sql`, `)})) like lower(${likePattern(text)})`;
}

/**
 * One page in code order with the total of the condition (aim: < 20 ms at 10,000 rows on PGlite). Without a text
 * filter the page walks the code index and the count is cheap; with one, a window count answers the page and the
 * total from a single scan.
 */
export async function pagedByCode<T extends PgTable>(
  db: Executor,
  table: T,
  code: AnyPgColumn,
  condition: SQL | undefined,
  q: { page: number; size: number; textFiltered: boolean },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const from = table as PgTable;
  const offset = (q.page - 1) * q.size;
  const countAll = async () => Number((await db.select({ n: count() }).from(from).where(condition))[0].n);
  if (!q.textFiltered) {
    const rows = await db.select().from(from).where(condition).orderBy(asc(code)).limit(q.size).offset(offset);
    return { rows: rows as T['$inferSelect'][], total: await countAll() };
  }
  const rows = await db
    .select({ row: from, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(from)
    .where(condition)
    .orderBy(asc(code))
    .limit(q.size)
    .offset(offset);
  // A page past the end has no row to carry the total.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await countAll());
  return { rows: rows.map((r) => r.row) as T['$inferSelect'][], total };
}

/** Pick-list: up to PICK_LIST_MAX rows whose code or name contains the text, by code. */
export async function pickListByCodeOrName<T extends PgTable>(
  db: Executor,
  table: T,
  code: AnyPgColumn,
  name: AnyPgColumn,
  text: string,
): Promise<T['$inferSelect'][]> {
  const p = likePattern(text.trim());
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(or(ilike(code, p), ilike(name, p)))
    .orderBy(asc(code))
    .limit(PICK_LIST_MAX);
  return rows as T['$inferSelect'][];
}
