import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';

/** The material master: what the factory buys and consumes (code category MATERIAL_TYPE). */
export const materials = pgTable(
  'materials',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Code of category MATERIAL_TYPE (RAW, SUB, PACKAGING). */
    type: text('type').notNull(),
    specification: text('specification'),
    /** Code of category UNIT. */
    unit: text('unit').notNull(),
    barcode: text('barcode'),
    safetyStock: qtyColumn('safety_stock'),
    /** Days from manufacture (or receipt) to expiry, from which a receipt's expiry date is proposed. */
    shelfLifeDays: integer('shelf_life_days'),
    /** The usual supplier. */
    supplierId: integer('supplier_id').references(() => bizPartners.id),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [
    index('materials_name_idx').on(t.name),
    uniqueKey('materials_code_unique', t.code),
    // The lists' order (platform/master-list.ts): a page walks this index; the unique key on lower(code) cannot serve it.
    index('materials_code_idx').on(t.code),
    uniqueKey('materials_barcode_unique', t.barcode),
  ],
);
