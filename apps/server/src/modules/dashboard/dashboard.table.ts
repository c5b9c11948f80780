import type { DashboardWidget } from '@eqms/contract';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, uniqueKey } from '../../db/columns.ts';
import { users } from '../user/user.table.ts';

/**
 * SPEC §3 dashboard: one user's named grid of widgets; goes with its user. The widgets are one jsonb array checked by
 * the contract's schema (saved and loaded as a whole; the change history shows the layout before and after a save).
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    widgets: jsonb('widgets').$type<DashboardWidget[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('dashboards_user_name_uq', t.name, t.userId),
    index('dashboards_user_sort_idx').on(t.userId, t.sort),
  ],
);
