import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { files } from '../files/files.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';

/** A customer complaint about a product, optionally one of its lots (DOMAIN "Claim"). */
export const claims = pgTable(
  'claims',
  {
    id: idColumn(),
    receivedDt: date('received_dt', { mode: 'string' }).notNull(),
    /** A partner of type CUSTOMER. */
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The lot complained about, when known: a lot of `product_id`. */
    lotRowId: integer('lot_row_id').references(() => lots.id),
    claimQty: qtyColumn('claim_qty').notNull(),
    content: text('content').notNull(),
    cause: text('cause'),
    countermeasure: text('countermeasure'),
    /** RECEIVED | INVESTIGATING | COUNTERMEASURE | CLOSED. */
    status: text('status').notNull().default('RECEIVED'),
    closedDt: date('closed_dt', { mode: 'string' }),
    ...auditColumns,
  },
  (t) => [
    index('claims_received_idx').on(t.receivedDt),
    index('claims_partner_idx').on(t.bizPartnerId),
    index('claims_product_idx').on(t.productId),
    index('claims_lot_idx').on(t.lotRowId),
    check('claims_qty_check', sql`${t.claimQty} > 0`),
    check('claims_status_check', sql`${t.status} in ('RECEIVED', 'INVESTIGATING', 'COUNTERMEASURE', 'CLOSED')`),
    // Closed exactly when it has a closing date, and a closed claim has its cause and countermeasure.
    check(
      'claims_closed_check',
      sql`(${t.status} = 'CLOSED') = (${t.closedDt} is not null) and (${t.status} <> 'CLOSED' or (${t.cause} is not null and ${t.countermeasure} is not null))`,
    ),
    check('claims_closed_dt_check', sql`${t.closedDt} is null or ${t.closedDt} >= ${t.receivedDt}`),
  ],
);

/** A photo of a claim: the claim's own file (deleted with it). */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: idColumn(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId)],
);
