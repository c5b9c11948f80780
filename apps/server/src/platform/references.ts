import { and, getTableName, inArray, not, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { MENU_INDEX, type RelatedData } from '@eqms/contract';
import type { Executor } from '../db/client.ts';
import { constraintViolation } from './errors.ts';

// References between modules (ARCHITECTURE §3): the module that holds a reference declares it, the referenced
// module's delete asks "who refers to these ids?" and answers 409 ERROR_CONSTRAINT_VIOLATION with the rows for the
// related-data dialog. Every declaration is also a foreign key of the schema (checked when the registry is built),
// so a reference nobody declared still cannot dangle: the error handler turns its FK violation into the same 409.

/**
 * "Rows of my `table` refer, through `column`, to rows of `refers`; show them as screen `screen`". Declared in the
 * referencing module's `<module>.references.ts` and given in its entry of the module list.
 */
export type Reference = {
  /** The referencing table: the one holding the foreign key. */
  table: PgTable;
  /** Its foreign-key column (a column of `table`). */
  column: AnyPgColumn;
  /** The SQL name of the referenced table, e.g. 'products'. */
  refers: string;
  /** Menu name (contract menu.ts) of the screen that manages the rows shown: the dialog's screen location. */
  screen: string;
  /** What the dialog shows per row: usually the business key and a readable name (columns or SQL of the shown table). */
  id: AnyPgColumn | SQL;
  name: AnyPgColumn | SQL;
  createdBy?: AnyPgColumn | SQL;
  createdAt?: AnyPgColumn | SQL;
  /** Referencing rows that do not block, e.g. BOM lines whose parent product is deleted in the same call. */
  ignore?: (ids: number[]) => SQL;
  /**
   * When the dialog lists other rows than the referencing ones: the rows of `table` to list for the referenced
   * ids (a role is held through user_roles but the dialog lists the users; a parameter's collected values are
   * listed as the parameter). `id`, `name`, … are then columns of this table.
   */
  shows?: { table: PgTable; where: (ids: number[]) => SQL };
  /** The 409's message when this reference blocks (default: the generic one). */
  message?: string;
};

/** The declarations of all modules, by referenced table. Built once per app from the module list; immutable. */
export type References = {
  readonly all: readonly Reference[];
  /** The declarations referring to a table, in the order of the list they were built from. */
  of(referenced: string | PgTable): readonly Reference[];
};

/**
 * Builds the registry; throws (at start-up) on a declaration whose screen is not a menu, whose column is not a
 * column of its table, whose foreign key to `refers` is missing from the schema, or that is declared twice.
 */
export function createReferences(declarations: readonly Reference[]): References {
  const byTable = new Map<string, Reference[]>();
  const seen = new Set<string>();
  for (const d of declarations) {
    const table = getTableName(d.table);
    const where = `reference ${table}.${d.column.name} → ${d.refers}`;
    if (!MENU_INDEX.has(d.screen)) throw new Error(`${where}: unknown screen '${d.screen}'.`);
    if (getTableName(d.column.table) !== table) throw new Error(`${where}: the column is not a column of ${table}.`);
    if (!hasForeignKey(d.table, d.column, d.refers)) {
      throw new Error(`${where}: no such foreign key in the schema (every reference is also a foreign key).`);
    }
    if (seen.has(where)) throw new Error(`${where}: declared twice.`);
    seen.add(where);
    byTable.set(d.refers, [...(byTable.get(d.refers) ?? []), d]);
  }
  const all = Object.freeze([...declarations]);
  return {
    all,
    of: (referenced) => byTable.get(nameOf(referenced)) ?? [],
  };
}

/** The rows (at most 100 per declaration) that refer to any of the ids, for the related-data dialog. */
export async function findReferences(
  db: Executor,
  registry: References,
  referenced: string | PgTable,
  ids: number[],
): Promise<RelatedData[]> {
  return (await blocking(db, registry, referenced, ids)).datas;
}

/**
 * Throws 409 ERROR_CONSTRAINT_VIOLATION with `extraData.datas` when any declared reference holds one of the ids.
 * Call it inside the delete's transaction, after locking the rows to delete. The message is that of the first
 * blocking declaration that has one, else the generic one.
 */
export async function assertNotReferenced(
  db: Executor,
  registry: References,
  referenced: string | PgTable,
  ids: number[],
): Promise<void> {
  const { datas, message } = await blocking(db, registry, referenced, ids);
  if (datas.length > 0) throw constraintViolation(datas, message);
}

async function blocking(db: Executor, registry: References, referenced: string | PgTable, ids: number[]) {
  const datas: RelatedData[] = [];
  let message: string | undefined;
  if (ids.length === 0) return { datas, message };
  for (const d of registry.of(referenced)) {
    const rows = await findRelated(db, [sourceOf(d, ids)]);
    if (rows.length > 0) message ??= d.message;
    datas.push(...rows);
  }
  return { datas, message };
}

function sourceOf(d: Reference, ids: number[]): RelatedSource {
  const refers = d.shows ? d.shows.where(ids) : inArray(d.column, ids);
  return {
    screen: d.screen,
    table: d.shows?.table ?? d.table,
    id: d.id,
    name: d.name,
    createdBy: d.createdBy,
    createdAt: d.createdAt,
    where: d.ignore ? and(refers, not(d.ignore(ids)))! : refers,
  };
}

const nameOf = (t: string | PgTable) => (typeof t === 'string' ? t : getTableName(t));

function hasForeignKey(table: PgTable, column: AnyPgColumn, refers: string): boolean {
  return getTableConfig(table).foreignKeys.some((fk) => {
    const ref = fk.reference();
    return getTableName(ref.foreignTable) === refers && ref.columns.some((c) => c.name === column.name);
  });
}

// ── The query under it (formerly platform/related.ts) ───────────────────────────────────────────────────────────

/**
 * Rows of one table that block a change or delete. `screen` is the menu name of the screen that manages that table
 * (the related-data dialog shows it as the screen location); id and name are what the dialog shows for each row,
 * usually the business key and a readable name.
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

function toIso(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}
