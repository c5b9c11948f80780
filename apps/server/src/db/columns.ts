import { integer, jsonb, numeric, text, timestamp } from 'drizzle-orm/pg-core';

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
