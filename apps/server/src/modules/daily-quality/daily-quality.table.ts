import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';

/** The quality of one day, line and product: inspected, passed (README). One record each. */
export const dailyQualityResults = pgTable(
  'daily_quality_results',
  {
    id: idColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    lineId: integer('line_id')
      .notNull()
      .references(() => locations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    inspectedQty: qtyColumn('inspected_qty').notNull(),
    passedQty: qtyColumn('passed_qty').notNull(),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    unique('daily_quality_results_uq').on(t.day, t.lineId, t.productId),
    index('daily_quality_results_product_idx').on(t.productId, t.day),
    index('daily_quality_results_line_idx').on(t.lineId),
    check('daily_quality_results_qty_check', sql`${t.passedQty} >= 0 and ${t.passedQty} <= ${t.inspectedQty}`),
  ],
);

/** The failed quantity of a daily quality result by defect type (code category DEFECT_TYPE). */
export const dailyQualityDefects = pgTable(
  'daily_quality_defects',
  {
    id: idColumn(),
    resultId: integer('result_id')
      .notNull()
      .references(() => dailyQualityResults.id, { onDelete: 'cascade' }),
    defectCode: text('defect_code').notNull(),
    qty: qtyColumn('qty').notNull(),
    ...auditColumns,
  },
  (t) => [
    unique('daily_quality_defects_uq').on(t.resultId, t.defectCode),
    check('daily_quality_defects_qty_check', sql`${t.qty} > 0`),
  ],
);
