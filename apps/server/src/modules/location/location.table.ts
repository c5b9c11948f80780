import { type AnyPgColumn, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, uniqueKey } from '../../db/columns.ts';

export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code'),
    /** SITE | FACTORY | LINE | WAREHOUSE | SHELF (SPEC §3). */
    type: text('type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [index('locations_parent_idx').on(t.parentId), uniqueKey('locations_code_unique', t.code)],
);
