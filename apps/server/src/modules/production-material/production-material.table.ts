import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { materials } from '../material/material.table.ts';
import { materialHistories, materialStocks } from '../material-stock/material-stock.table.ts';
import { dailyPlans, productionPlans } from '../production-plan/production-plan.table.ts';

/**
 * Production material stock: one warehouse package's material released to one plan, at the plan's line. Its qty is
 * what is there now; the three totals say how it got there (a CHECK keeps qty = released − restocked − consumed).
 */
export const productionMaterialStocks = pgTable(
  'production_material_stocks',
  {
    id: idColumn(),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id),
    stockId: integer('stock_id')
      .notNull()
      .references(() => materialStocks.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    /** The plan's line when the material was released. */
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
    unique('production_material_stocks_plan_stock_uq').on(t.planId, t.stockId),
    index('production_material_stocks_stock_idx').on(t.stockId),
    index('production_material_stocks_line_idx').on(t.lineId, t.qty),
    index('production_material_stocks_material_idx').on(t.materialId),
    check(
      'production_material_stocks_qty_check',
      sql`${t.qty} >= 0 and ${t.restockedQty} >= 0 and ${t.consumedQty} >= 0 and ${t.qty} = ${t.releasedQty} - ${t.restockedQty} - ${t.consumedQty}`,
    ),
  ],
);

/**
 * The production material ledger: every change of a production material stock row, never changed. A release or a
 * restock also names the movement of the material ledger it matches; a consumption the daily plan whose result
 * consumed it. Out of the change history, like the material ledger.
 */
export const productionMaterialHistories = pgTable(
  'production_material_histories',
  {
    id: idColumn(),
    prodStockId: integer('prod_stock_id')
      .notNull()
      .references(() => productionMaterialStocks.id, { onDelete: 'cascade' }),
    /** Copied from the stock row; the stock row's own reference keeps the plan (this one follows it). */
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    /** RELEASE | RESTOCK | CONSUME */
    type: text('type').notNull(),
    /** Signed: + to the line, − from it. */
    qty: qtyColumn('qty').notNull(),
    balance: qtyColumn('balance').notNull(),
    /** The matching movement of the material ledger (a link for tracing, not an owner). */
    materialHistoryId: integer('material_history_id').references(() => materialHistories.id, { onDelete: 'set null' }),
    dailyPlanId: integer('daily_plan_id').references(() => dailyPlans.id),
    reason: text('reason'),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('production_material_histories_stock_idx').on(t.prodStockId, t.id),
    index('production_material_histories_plan_idx').on(t.planId),
    index('production_material_histories_daily_idx').on(t.dailyPlanId),
  ],
);
