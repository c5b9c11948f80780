import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionPlans } from '../production-plan/production-plan.table.ts';

/**
 * A lot: what one production plan made. Its LOT ID is `lotIdOf(day, product code, the plan's lot sequence)`, the day
 * being the day of its first result on the plan's last operation (or the day it was added by hand).
 */
export const lots = pgTable(
  'lots',
  {
    id: idColumn(),
    lotId: text('lot_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Null for a lot added by hand (`stock-add`, an opening balance). */
    planId: integer('plan_id').references(() => productionPlans.id),
    /** The production day. */
    day: date('day', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** Why the expiry is what it is: SHELF_LIFE (production day + the product's shelf life) or MATERIAL (a consumed
     * material package expires earlier; `expiry_package_id` names it). */
    expiryReason: text('expiry_reason'),
    expiryPackageId: text('expiry_package_id'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('lots_lot_id_unique', t.lotId),
    unique('lots_plan_uq').on(t.planId),
    index('lots_day_idx').on(t.day),
    index('lots_product_idx').on(t.productId),
  ],
);

/** A lot's quantity on one shelf (or tool). A disposed row is a "discarded LOT": out of available stock, kept. */
export const productStocks = pgTable(
  'product_stocks',
  {
    id: idColumn(),
    lotRowId: integer('lot_row_id')
      .notNull()
      .references(() => lots.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    qty: qtyColumn('qty').notNull(),
    disposed: boolean('disposed').notNull().default(false),
    disposedAt: timestamp('disposed_at', { withTimezone: true, mode: 'date' }),
    /** The last adjustment: the quantity it set, and why. */
    adjustedQty: qtyColumn('adjusted_qty'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    unique('product_stocks_lot_location_uq').on(t.lotRowId, t.locationId),
    index('product_stocks_location_idx').on(t.locationId),
    check('product_stocks_qty_check', sql`${t.qty} >= 0`),
  ],
);

/**
 * The product stock ledger: every change of a product stock row, never changed (out of the change history, like the
 * material ledgers). PRODUCE names the daily plan whose result made it.
 */
export const productStockHistories = pgTable(
  'product_stock_histories',
  {
    id: idColumn(),
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id),
    /** PRODUCE | ADD | ADJUST | DISPOSE (later issues add shipments). */
    type: text('type').notNull(),
    /** Signed: + into stock, − out of it. */
    qty: qtyColumn('qty').notNull(),
    balance: qtyColumn('balance').notNull(),
    dailyPlanId: integer('daily_plan_id').references(() => dailyPlans.id),
    reason: text('reason'),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('product_stock_histories_stock_idx').on(t.productStockId, t.id),
    index('product_stock_histories_daily_idx').on(t.dailyPlanId),
  ],
);
