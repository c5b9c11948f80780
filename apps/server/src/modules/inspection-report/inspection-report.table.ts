import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { qualityResults } from '../quality/quality.table.ts';

/** An inspection report issued to a customer for a lot of a product (DOMAIN "Inspection report"). */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: idColumn(),
    reportNo: text('report_no').notNull(),
    issueDt: date('issue_dt', { mode: 'string' }).notNull(),
    /** A partner of type CUSTOMER. */
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The lot reported on, when known: a lot of `product_id`. */
    lotRowId: integer('lot_row_id').references(() => lots.id),
    qty: qtyColumn('qty').notNull(),
    inspectorName: text('inspector_name').notNull(),
    approverName: text('approver_name'),
    remarks: text('remarks'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('inspection_reports_report_no_unique', t.reportNo),
    index('inspection_reports_issue_idx').on(t.issueDt),
    index('inspection_reports_partner_idx').on(t.bizPartnerId),
    index('inspection_reports_product_idx').on(t.productId),
    index('inspection_reports_lot_idx').on(t.lotRowId),
    check('inspection_reports_qty_check', sql`${t.qty} > 0`),
  ],
);

/** The quality results a report is built from, in the order printed (the report's own rows: deleted with it). */
export const inspectionReportResults = pgTable(
  'inspection_report_results',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => inspectionReports.id, { onDelete: 'cascade' }),
    resultId: integer('result_id')
      .notNull()
      .references(() => qualityResults.id),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ name: 'inspection_report_results_pk', columns: [t.reportId, t.resultId] }),
    index('inspection_report_results_result_idx').on(t.resultId),
  ],
);
