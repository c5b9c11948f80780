import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';

export const notices = pgTable(
  'notices',
  {
    id: idColumn(),
    title: text('title').notNull(),
    /** Sanitized HTML. */
    contents: text('contents').notNull(),
    /** Target location; null means everyone ('all'). */
    locationId: integer('location_id').references(() => locations.id),
    startDt: date('start_dt', { mode: 'string' }).notNull(),
    endDt: date('end_dt', { mode: 'string' }).notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    attachFileId: integer('attach_file_id').references(() => files.id),
    ...auditColumns,
  },
  (t) => [index('notices_period_idx').on(t.startDt, t.endDt)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
