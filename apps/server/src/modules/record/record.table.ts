import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';

/**
 * A folder or a record sheet (DOMAIN "Record"), in a tree by type: a folder holds folders and sheets of its type;
 * a sheet has a date, an author and free fields. A folder with children cannot be deleted (RESTRICT).
 */
export const records = pgTable(
  'records',
  {
    id: idColumn(),
    type: text('type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => records.id),
    isFolder: boolean('is_folder').notNull().default(false),
    title: text('title').notNull(),
    recordDt: date('record_dt', { mode: 'string' }),
    author: text('author'),
    fields: jsonb('fields').$type<{ key: string; value: string }[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    index('records_type_parent_idx').on(t.type, t.parentId),
    index('records_parent_idx').on(t.parentId),
    index('records_dt_idx').on(t.recordDt),
    check('records_sheet_dt_check', sql`${t.isFolder} or ${t.recordDt} is not null`),
  ],
);

/** A file attached to a sheet: the sheet's own (deleted with it). */
export const recordFiles = pgTable(
  'record_files',
  {
    id: idColumn(),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('record_files_record_idx').on(t.recordId), index('record_files_file_idx').on(t.fileId)],
);
