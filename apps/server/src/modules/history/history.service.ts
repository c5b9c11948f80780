import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { HistoryEntry, RevisionType } from '@eqms/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { changeHistory } from './history.table.ts';

/** Not a change a reader cares about: every MOD touches it. */
const IGNORED_FIELDS = new Set(['updated_at']);

type Row = typeof changeHistory.$inferSelect;
type Json = Record<string, unknown> | null;

export function toEntry(r: Row): HistoryEntry {
  const oldData = (r.oldData as Json) ?? null;
  const newData = (r.newData as Json) ?? null;
  return {
    revisionId: r.revisionId,
    revisionDate: r.revisionDate.toISOString(),
    revisionType: r.revisionType as RevisionType,
    table: r.tableName,
    rowId: r.rowId,
    updateBy: r.updateBy,
    oldData,
    newData,
    changedFields: r.revisionType === 'MOD' ? changedFields(oldData ?? {}, newData ?? {}) : [],
  };
}

export function changedFields(oldData: Record<string, unknown>, newData: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(oldData), ...Object.keys(newData)]);
  return [...keys].filter((k) => !IGNORED_FIELDS.has(k) && !isDeepStrictEqual(oldData[k], newData[k])).sort();
}

/** Whether the audit trigger writes this table's changes (every business table, whoever's module made it). */
export async function isAuditedTable(db: Db, table: string): Promise<boolean> {
  const res = await db.execute(sql`
    select 1 as found from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relname = ${table} and t.tgname = 'eqms_audit'`);
  return rowsOf(res).length > 0;
}

/** yyyy-MM-dd days of the factory time zone, both inclusive, newest revision first, one page with the total. */
export async function historyByDates(
  db: Db,
  timeZone: string,
  range: { from: string; to: string; table?: string },
  page: number,
  size: number,
) {
  const start = sql`(${range.from}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${range.to}::date + 1)::timestamp at time zone ${timeZone}`;
  const conditions: SQL[] = [gte(changeHistory.revisionDate, start), lt(changeHistory.revisionDate, end)];
  if (range.table) conditions.push(eq(changeHistory.tableName, range.table));
  const where = and(...conditions);
  const [{ n }] = await db.select({ n: count() }).from(changeHistory).where(where);
  const rows = await db
    .select()
    .from(changeHistory)
    .where(where)
    .orderBy(desc(changeHistory.revisionId))
    .limit(size)
    .offset((page - 1) * size);
  return { data: rows.map(toEntry), total: Number(n) };
}

export async function historyByIds(db: Db, a: number, b: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(changeHistory)
    .where(and(gte(changeHistory.revisionId, a), lte(changeHistory.revisionId, b)))
    .orderBy(asc(changeHistory.revisionId));
  return rows.map(toEntry);
}

/** One record's revisions, oldest first (the change-history dialog). */
export async function recordHistory(db: Db, table: string, rowId: string, paging?: { page: number; size: number }) {
  const where = and(eq(changeHistory.tableName, table), eq(changeHistory.rowId, rowId));
  const query = db.select().from(changeHistory).where(where).orderBy(asc(changeHistory.revisionId));
  if (!paging) return { data: (await query).map(toEntry) };
  const [{ n }] = await db.select({ n: count() }).from(changeHistory).where(where);
  const rows = await query.limit(paging.size).offset((paging.page - 1) * paging.size);
  return { data: rows.map(toEntry), total: Number(n) };
}
