import type { CustomFieldData } from '@eqms/contract';
import { integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../db/columns.ts';

/** SPEC §3 custom extension field; the values live in the `ext` JSON of the table's rows. */
export const customExtFields = pgTable(
  'custom_ext_fields',
  {
    id: idColumn(),
    /** One of CUSTOM_EXT_TABLES, e.g. users. */
    tableName: text('table_name').notNull(),
    /** camelCase key in the rows' ext JSON. */
    field: text('field').notNull(),
    display: text('display').notNull(),
    /** list | other */
    type: text('type').notNull(),
    sequence: integer('sequence').notNull().default(0),
    data: jsonb('data').$type<CustomFieldData>(),
    ...auditColumns,
  },
  (t) => [unique('custom_ext_fields_table_field_uq').on(t.tableName, t.field)],
);
