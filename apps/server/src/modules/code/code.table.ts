import { type AnyPgColumn, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, uniqueKey } from '../../db/columns.ts';

export const codeCategories = pgTable(
  'code_categories',
  {
    id: idColumn(),
    /** e.g. EQUIPMENT_TYPE (SPEC §3). */
    category: text('category').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueKey('code_categories_category_unique', t.category)],
);

export const codes = pgTable(
  'codes',
  {
    id: idColumn(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => codeCategories.id),
    code: text('code').notNull(),
    codeName: text('code_name').notNull(),
    codeNameEn: text('code_name_en'),
    parentId: integer('parent_id').references((): AnyPgColumn => codes.id),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueKey('codes_category_code_uq', t.code, t.categoryId)],
);
