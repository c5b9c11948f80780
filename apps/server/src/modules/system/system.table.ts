import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';

// Page hits are usage analytics, not business data: no change history (see db/audit.ts).
export const pageHits = pgTable(
  'page_hits',
  {
    id: idColumn(),
    app: text('app').notNull().default('eqms'),
    name: text('name').notNull(),
    path: text('path').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('page_hits_created_idx').on(t.createdAt)],
);

/** System menu configuration (/api/system/menu): order and visibility of menu entries for everyone. */
export const systemMenus = pgTable('system_menus', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
  ...auditColumns,
});
