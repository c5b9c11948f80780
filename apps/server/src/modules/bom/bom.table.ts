import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';

/**
 * One line of a product's bill of materials: a child product or a material (exactly one), with the quantity
 * per unit of the parent and the loss rate in percent. Required = parent qty × qty × (1 + lossRate / 100).
 */
export const boms = pgTable(
  'boms',
  {
    id: idColumn(),
    /** The product whose BOM this line is: it owns the line (deleted with it, FK cascade). */
    parentProductId: integer('parent_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    childProductId: integer('child_product_id').references(() => products.id),
    materialId: integer('material_id').references(() => materials.id),
    qty: qtyColumn('qty').notNull(),
    /** Code of category UNIT (defaults to the child's unit). */
    unit: text('unit').notNull(),
    lossRate: qtyColumn('loss_rate').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    check('boms_one_child', sql`(${t.childProductId} is null) <> (${t.materialId} is null)`),
    uniqueIndex('boms_parent_product_uq').on(t.parentProductId, t.childProductId),
    uniqueIndex('boms_parent_material_uq').on(t.parentProductId, t.materialId),
    index('boms_child_product_idx').on(t.childProductId),
    index('boms_material_idx').on(t.materialId),
  ],
);
