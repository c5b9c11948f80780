import type { TablePrefs } from '@eqms/contract';
import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns.ts';
import { users } from '../user/user.table.ts';

/**
 * A user's column preferences of one list screen (hidden columns, widths, order). Not business data: it is left
 * out of the change history like sessions (migration 0003), so it carries only its last change time.
 */
export const userTablePrefs = pgTable(
  'user_table_prefs',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    prefs: jsonb('prefs').$type<TablePrefs>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('user_table_prefs_user_screen_uq').on(t.userId, t.screen)],
);
