import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

/** A foreign key of the schema as the error handler needs it: the referencing table and columns, the referenced table. */
export type ForeignKeyInfo = { table: string; columns: string[]; foreignTable: string; foreignColumns: string[] };
/** By constraint name (the name PostgreSQL reports in a 23503 error). */
export type ForeignKeys = ReadonlyMap<string, ForeignKeyInfo>;

/** Every foreign key of the given tables (pass `import * as schema from './schema.ts'`). */
export function foreignKeysOf(tables: Record<string, unknown>): ForeignKeys {
  const out = new Map<string, ForeignKeyInfo>();
  for (const table of Object.values(tables)) {
    if (!is(table, PgTable)) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      out.set(fk.getName(), {
        table: getTableName(table),
        columns: ref.columns.map((c) => c.name),
        foreignTable: getTableName(ref.foreignTable),
        foreignColumns: ref.foreignColumns.map((c) => c.name),
      });
    }
  }
  return out;
}
