import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

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
