import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Append-only change history written by the audit trigger (db/audit.ts); UPDATE and DELETE are refused.
export const changeHistory = pgTable(
  'change_history',
  {
    revisionId: bigint('revision_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    revisionDate: timestamp('revision_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** ADD | MOD | DEL */
    revisionType: text('revision_type').notNull(),
    tableName: text('table_name').notNull(),
    rowId: text('row_id'),
    updateBy: text('update_by'),
    oldData: jsonb('old_data'),
    newData: jsonb('new_data'),
  },
  (t) => [
    index('change_history_date_idx').on(t.revisionDate),
    index('change_history_row_idx').on(t.tableName, t.rowId),
  ],
);
