import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { orderProducts } from '../order/order.table.ts';
import { products } from '../product/product.table.ts';
import { lots, productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';

/**
 * A shipment of one product's lots to a customer, for an order product when there is one. A cancelled shipment gave
 * its quantities back to the lots and stays, marked canceled ("canceled shipment").
 */
export const shipments = pgTable(
  'shipments',
  {
    id: idColumn(),
    /** `S<yyyymmdd>-<seq>`: unique regardless of case; the QR of the shipment note carries it. */
    shipmentNo: text('shipment_no').notNull(),
    /** The customer. */
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id),
    orderProductId: integer('order_product_id').references(() => orderProducts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    shipmentDt: date('shipment_dt', { mode: 'string' }).notNull(),
    canceled: boolean('canceled').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    canceledBy: text('canceled_by'),
    cancelReason: text('cancel_reason'),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('shipments_shipment_no_unique', t.shipmentNo),
    index('shipments_day_idx').on(t.shipmentDt),
    index('shipments_partner_idx').on(t.bizPartnerId, t.shipmentDt),
    index('shipments_order_product_idx').on(t.orderProductId),
    index('shipments_product_idx').on(t.productId),
  ],
);

/** One lot's quantity in a shipment, taken from one product stock row (a lot on a shelf). */
export const shipmentLots = pgTable(
  'shipment_lots',
  {
    id: idColumn(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id),
    lotRowId: integer('lot_row_id')
      .notNull()
      .references(() => lots.id),
    qty: qtyColumn('qty').notNull(),
    /** The product stock ledger's SHIP row of this line, and its SHIP_CANCEL row once the shipment is cancelled. */
    shipHistoryId: integer('ship_history_id').references(() => productStockHistories.id),
    cancelHistoryId: integer('cancel_history_id').references(() => productStockHistories.id),
    ...auditColumns,
  },
  (t) => [
    index('shipment_lots_shipment_idx').on(t.shipmentId),
    index('shipment_lots_lot_idx').on(t.lotRowId),
    index('shipment_lots_stock_idx').on(t.productStockId),
    check('shipment_lots_qty_check', sql`${t.qty} > 0`),
  ],
);
