import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { lots, productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import { dailyPlans, productionPlans } from '../production-plan/production-plan.table.ts';

/**
 * Production product stock: one lot of a semi-finished product (one product stock row) released to the plan of the
 * product that consumes it, at that plan's line — the product-level twin of production material stock. Its qty is
 * what is there now; a CHECK keeps qty = released − restocked − consumed.
 */
export const productionProductStocks = pgTable(
  'production_product_stocks',
  {
    id: idColumn(),
    /** The consuming plan. */
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id),
    productStockId: integer('product_stock_id')
      .notNull()
      .references(() => productStocks.id),
    lotRowId: integer('lot_row_id')
      .notNull()
      .references(() => lots.id),
    /** The semi-finished product (the lot's). */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The plan's line when the lot was released. */
    lineId: integer('line_id')
      .notNull()
      .references(() => locations.id),
    qty: qtyColumn('qty').notNull(),
    releasedQty: qtyColumn('released_qty').notNull(),
    restockedQty: qtyColumn('restocked_qty').notNull().default(0),
    consumedQty: qtyColumn('consumed_qty').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    unique('production_product_stocks_plan_stock_uq').on(t.planId, t.productStockId),
    index('production_product_stocks_stock_idx').on(t.productStockId),
    index('production_product_stocks_lot_idx').on(t.lotRowId),
    index('production_product_stocks_line_idx').on(t.lineId, t.qty),
    index('production_product_stocks_product_idx').on(t.productId),
    check(
      'production_product_stocks_qty_check',
      sql`${t.qty} >= 0 and ${t.restockedQty} >= 0 and ${t.consumedQty} >= 0 and ${t.qty} = ${t.releasedQty} - ${t.restockedQty} - ${t.consumedQty}`,
    ),
  ],
);

/**
 * Its ledger: RELEASE and RESTOCK name the product stock ledger's matching row; CONSUME the daily plan whose result
 * consumed it (the genealogy across product levels). Never changed; out of the change history like the other ledgers.
 */
export const productionProductHistories = pgTable(
  'production_product_histories',
  {
    id: idColumn(),
    prodProductStockId: integer('prod_product_stock_id')
      .notNull()
      .references(() => productionProductStocks.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    /** RELEASE | RESTOCK | CONSUME */
    type: text('type').notNull(),
    /** Signed: + to the line, − from it. */
    qty: qtyColumn('qty').notNull(),
    balance: qtyColumn('balance').notNull(),
    productStockHistoryId: integer('product_stock_history_id').references(() => productStockHistories.id, {
      onDelete: 'set null',
    }),
    dailyPlanId: integer('daily_plan_id').references(() => dailyPlans.id),
    reason: text('reason'),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('production_product_histories_stock_idx').on(t.prodProductStockId, t.id),
    index('production_product_histories_plan_idx').on(t.planId),
    index('production_product_histories_daily_idx').on(t.dailyPlanId),
  ],
);
