import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MENU_INDEX, type RelatedData } from '@eqms/contract';
import type { Executor } from '../db/client.ts';
import { constraintViolation } from './errors.ts';

/**
 * Rows of one referencing table that block a change or delete. `screen` is the menu name of the screen that
 * manages that table (the related-data dialog shows it as the screen location); id and name are what the
 * dialog shows for each row, usually the business key and a readable name.
 */
export type RelatedSource = {
  screen: string;
  table: PgTable;
  id: AnyPgColumn | SQL;
  name: AnyPgColumn | SQL;
  createdBy?: AnyPgColumn | SQL;
  createdAt?: AnyPgColumn | SQL;
  where: SQL;
};

/** At most this many rows per source: the dialog is for "what still uses this", not an export. */
const PER_SOURCE = 100;

export async function findRelated(db: Executor, sources: RelatedSource[]): Promise<RelatedData[]> {
  const out: RelatedData[] = [];
  for (const src of sources) {
    if (!MENU_INDEX.has(src.screen)) throw new Error(`Unknown screen '${src.screen}' for related data.`);
    const rows = await db
      .select({
        id: src.id,
        name: src.name,
        createdBy: src.createdBy ?? sql<string | null>`null`,
        createdAt: src.createdAt ?? sql<Date | null>`null`,
      })
      .from(src.table as any)
      .where(src.where)
      .limit(PER_SOURCE);
    for (const r of rows as { id: unknown; name: unknown; createdBy: unknown; createdAt: unknown }[]) {
      out.push({
        screen: src.screen,
        id: typeof r.id === 'number' ? r.id : String(r.id),
        name: r.name == null ? '' : String(r.name),
        createdBy: r.createdBy == null ? null : String(r.createdBy),
        createdAt: toIso(r.createdAt),
      });
    }
  }
  return out;
}

/** Throws 409 ERROR_CONSTRAINT_VIOLATION with the blocking rows when any source has one. */
export async function assertNoRelated(db: Executor, sources: RelatedSource[], message?: string): Promise<void> {
  const datas = await findRelated(db, sources);
  if (datas.length > 0) throw constraintViolation(datas, message);
}

function toIso(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}
