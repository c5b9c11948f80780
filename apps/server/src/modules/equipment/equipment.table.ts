import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';

/**
 * An equipment kind (spare part or consumable, DOMAIN "Assets"): its type and sub-type codes, standard, kind, the
 * quantity wanted on hand and its status. Its stock is in equipment_stocks (modules/equipment-stock).
 */
export const equipments = pgTable(
  'equipments',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Code of category EQUIPMENT_TYPE. */
    type: text('type').notNull(),
    /** Code of category EQUIPMENT_SUB_TYPE, a child of the type's code. */
    subType: text('sub_type'),
    standard: text('standard'),
    kind: text('kind'),
    kindQty: qtyColumn('kind_qty').notNull().default(0),
    /** OPERATING | UNDER_INSPECTION (SPEC §4). */
    status: text('status').notNull().default('OPERATING'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('equipments_type_idx').on(t.type, t.subType),
    check('equipments_kind_qty_check', sql`${t.kindQty} >= 0`),
    check('equipments_status_check', sql`${t.status} in ('OPERATING', 'UNDER_INSPECTION')`),
  ],
);
