import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, jsonb, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Columns every business table carries: who created/changed the row and when.
export const auditColumns = {
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
/** Custom extension fields of a record (SPEC §3 custom extension field). */
export const extColumn = () => jsonb('ext').$type<Record<string, unknown>>();
/** Quantities and measured values: numeric(15,5) (SPEC §5: 10 integer digits, 5 decimals), numbers in JS. */
export const qtyColumn = (name: string) => numeric(name, { precision: 15, scale: 5, mode: 'number' });
/**
 * A business key's unique index: unique without regard to case (`fg-1001` cannot join `FG-1001`; issue 10 §4), on
 * `lower(key)` after the scope columns (e.g. the code's category). Named as the unique constraint it replaced, so
 * the services' constraint → field maps still turn a race into 409 DUPLICATE.
 */
export const uniqueKey = (name: string, key: AnyPgColumn, scope?: AnyPgColumn) =>
  scope ? uniqueIndex(name).on(scope, lowerOf(key)) : uniqueIndex(name).on(lowerOf(key));
const lowerOf = (column: AnyPgColumn): SQL => sql`lower(${column})`;
