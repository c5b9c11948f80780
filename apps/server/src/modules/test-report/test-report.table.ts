import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { qualityResults } from '../quality/quality.table.ts';

/** A product's test record, printed with the product's design image (SPEC §3 "Test report"). */
export const testReports = pgTable(
  'test_reports',
  {
    id: idColumn(),
    reportNo: text('report_no').notNull(),
    testDt: date('test_dt', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The lot tested, when known: a lot of `product_id`. */
    lotRowId: integer('lot_row_id').references(() => lots.id),
    /** The customer it is for, when known (a partner of type CUSTOMER). */
    bizPartnerId: integer('biz_partner_id').references(() => bizPartners.id),
    /** The product quality result the items were copied from, if any. */
    resultId: integer('result_id').references(() => qualityResults.id),
    testerName: text('tester_name').notNull(),
    approverName: text('approver_name'),
    remarks: text('remarks'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('test_reports_report_no_unique', t.reportNo),
    index('test_reports_test_idx').on(t.testDt),
    index('test_reports_product_idx').on(t.productId),
    index('test_reports_lot_idx').on(t.lotRowId),
    index('test_reports_partner_idx').on(t.bizPartnerId),
    index('test_reports_result_idx').on(t.resultId),
  ],
);

/** An item of a test report as printed: its spec and what was found (the report's own rows: replaced on save). */
export const testReportItems = pgTable(
  'test_report_items',
  {
    id: idColumn(),
    reportId: integer('report_id')
      .notNull()
      .references(() => testReports.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    name: text('name').notNull(),
    method: text('method'),
    unit: text('unit'),
    target: qtyColumn('target'),
    lsl: qtyColumn('lsl'),
    usl: qtyColumn('usl'),
    value: text('value').notNull(),
    /** PASS | FAIL, or null when the item is not judged. */
    judgement: text('judgement'),
  },
  (t) => [
    index('test_report_items_report_idx').on(t.reportId, t.sort),
    check('test_report_items_judgement_check', sql`${t.judgement} is null or ${t.judgement} in ('PASS', 'FAIL')`),
    check('test_report_items_limits_check', sql`${t.lsl} is null or ${t.usl} is null or ${t.lsl} <= ${t.usl}`),
  ],
);
