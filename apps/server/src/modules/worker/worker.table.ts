import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';

/** A user who works on the shop floor, assigned to a LINE (or to none yet). */
export const workers = pgTable(
  'workers',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** A LINE; null while unassigned. */
    lineId: integer('line_id').references(() => locations.id),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [unique('workers_user_uq').on(t.userId), index('workers_line_idx').on(t.lineId)],
);
