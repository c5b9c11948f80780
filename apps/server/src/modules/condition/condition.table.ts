import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';
import { users } from '../user/user.table.ts';

/** SPEC §3 saved search condition: one user's named search of one list screen; goes with its user. */
export const savedConditions = pgTable(
  'saved_conditions',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The menu name of the list screen (contract menu.ts). */
    menu: text('menu').notNull(),
    title: text('title').notNull(),
    /** The search form's values as JSON text (an object). */
    searchCond: text('search_cond').notNull(),
    ...auditColumns,
  },
  (t) => [index('saved_conditions_user_menu_idx').on(t.userId, t.menu)],
);
