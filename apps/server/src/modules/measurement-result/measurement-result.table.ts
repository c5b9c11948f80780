import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { qualityStandards } from '../quality/quality.table.ts';

/**
 * An uploaded measurement file of a product (optionally one of its lots): the original bytes in `files`, its values
 * judged against the product's standard items. `created_by` is the uploader. Counts and judgement are the values'
 * (kept on the row so the list needs no aggregate).
 */
export const measurementResults = pgTable(
  'measurement_results',
  {
    id: idColumn(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** A lot of `product_id`, when the file names one. */
    lotRowId: integer('lot_row_id').references(() => lots.id),
    /** The original file (deleted with the result). */
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    measuredAt: timestamp('measured_at', { withTimezone: true, mode: 'date' }).notNull(),
    itemCount: integer('item_count').notNull(),
    valueCount: integer('value_count').notNull(),
    ngCount: integer('ng_count').notNull(),
    judgement: text('judgement').notNull(),
    ...auditColumns,
  },
  (t) => [
    index('measurement_results_measured_idx').on(t.measuredAt),
    index('measurement_results_product_idx').on(t.productId, t.measuredAt),
    index('measurement_results_lot_idx').on(t.lotRowId),
    uniqueIndex('measurement_results_file_idx').on(t.fileId),
    check('measurement_results_judgement_check', sql`${t.judgement} in ('PASS', 'FAIL')`),
    check(
      'measurement_results_counts_check',
      sql`${t.valueCount} > 0 and ${t.itemCount} between 1 and ${t.valueCount} and ${t.ngCount} between 0 and ${t.valueCount}
        and (${t.judgement} = 'PASS') = (${t.ngCount} = 0)`,
    ),
  ],
);

/** One measured value: an item (as it was when uploaded) and sample of the result, with its judgement. */
export const measurementValues = pgTable(
  'measurement_values',
  {
    id: idColumn(),
    resultId: integer('result_id')
      .notNull()
      .references(() => measurementResults.id, { onDelete: 'cascade' }),
    standardId: integer('standard_id')
      .notNull()
      .references(() => qualityStandards.id),
    /** The file row (1 = the header row). */
    rowNumber: integer('row_number').notNull(),
    name: text('name').notNull(),
    unit: text('unit'),
    kind: text('kind').notNull(),
    target: qtyColumn('target'),
    lsl: qtyColumn('lsl'),
    usl: qtyColumn('usl'),
    sampleSize: integer('sample_size').notNull(),
    sampleNo: integer('sample_no').notNull(),
    value: qtyColumn('value'),
    passed: boolean('passed'),
    ok: boolean('ok').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('measurement_values_sample_idx').on(t.resultId, t.standardId, t.sampleNo),
    index('measurement_values_standard_idx').on(t.standardId),
    check('measurement_values_sample_check', sql`${t.sampleNo} between 1 and ${t.sampleSize}`),
    check(
      'measurement_values_kind_check',
      sql`(${t.kind} = 'NUMBER' and ${t.value} is not null and ${t.passed} is null)
        or (${t.kind} = 'PASS_FAIL' and ${t.value} is null and ${t.passed} is not null)`,
    ),
  ],
);
