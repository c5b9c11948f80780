import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';
import { users } from '../user/user.table.ts';

// Page hits are usage analytics, not business data: no change history (see db/audit.ts). A hit outlives its user
// (set null on delete; the user name stays), so deleting a user is never blocked by the pages they opened.
export const pageHits = pgTable(
  'page_hits',
  {
    id: idColumn(),
    app: text('app').notNull().default('eqms'),
    name: text('name').notNull(),
    path: text('path').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
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
