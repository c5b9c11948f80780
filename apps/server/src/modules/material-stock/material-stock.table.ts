import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { locations } from '../location/location.table.ts';
import { materials } from '../material/material.table.ts';
import { tools } from '../tool/tool.table.ts';

/**
 * One received package (pallet, box) of a material on a shelf or a tool: its balance. Every change of qty or place
 * is a row of material_histories written in the same transaction (README).
 */
export const materialStocks = pgTable(
  'material_stocks',
  {
    id: idColumn(),
    /** The package's barcode: unique regardless of case. */
    packageId: text('package_id').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    /** A SHELF, or null when a tool holds it. */
    locationId: integer('location_id').references(() => locations.id),
    toolId: integer('tool_id').references(() => tools.id),
    qty: qtyColumn('qty').notNull(),
    receivedQty: qtyColumn('received_qty').notNull(),
    supplierId: integer('supplier_id').references(() => bizPartners.id),
    supplierLot: text('supplier_lot'),
    receivedDate: date('received_date', { mode: 'string' }).notNull(),
    manufactureDate: date('manufacture_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('material_stocks_package_unique', t.packageId),
    // The picking order of a material's rows (first expired first out, then first in) walks this index.
    index('material_stocks_pick_idx').on(t.materialId, t.expiryDate, t.receivedDate, t.id),
    index('material_stocks_location_idx').on(t.locationId),
    index('material_stocks_tool_idx').on(t.toolId),
    // The last line of defence: a guarded update that forgot its guard still cannot go below zero.
    check('material_stocks_qty_check', sql`${t.qty} >= 0`),
    check('material_stocks_place_check', sql`(${t.locationId} is null) <> (${t.toolId} is null)`),
  ],
);

/**
 * The material ledger (material history): one row per movement, never changed. Its sum per stock row is the row's
 * qty (a test keeps it so). Out of the change history: it is itself a history, with who and when.
 */
export const materialHistories = pgTable(
  'material_histories',
  {
    id: idColumn(),
    stockId: integer('stock_id')
      .notNull()
      .references(() => materialStocks.id, { onDelete: 'cascade' }),
    /** Copied from the stock row, so history and daily totals filter without a join. */
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    /** SHIP_IN | SHIP_OUT | RESTOCK | SALE | SALE_CANCEL | CORRECT | MOVE | RETURN | SCRAP */
    type: text('type').notNull(),
    /** Signed: + into the row, − out of it. */
    qty: qtyColumn('qty').notNull(),
    /** The row's qty after this movement. */
    balance: qtyColumn('balance').notNull(),
    /** Where the row was after the movement; a move also keeps where it came from. */
    locationId: integer('location_id').references(() => locations.id),
    toolId: integer('tool_id').references(() => tools.id),
    fromLocationId: integer('from_location_id').references(() => locations.id),
    fromToolId: integer('from_tool_id').references(() => tools.id),
    /** The sale behind a SALE or SALE_CANCEL (kept after the sale is deleted, as a plain number). */
    saleId: integer('sale_id'),
    reason: text('reason'),
    /** The factory day the movement counts for (daily totals). */
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('material_histories_stock_idx').on(t.stockId, t.id),
    index('material_histories_day_idx').on(t.day, t.id),
    index('material_histories_material_day_idx').on(t.materialId, t.day),
  ],
);

/** Material sold from one stock row to a customer. */
export const materialSales = pgTable(
  'material_sales',
  {
    id: idColumn(),
    stockId: integer('stock_id')
      .notNull()
      .references(() => materialStocks.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => bizPartners.id),
    qty: qtyColumn('qty').notNull(),
    unitPrice: qtyColumn('unit_price'),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    expiredReason: text('expired_reason'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('material_sales_date_idx').on(t.saleDate, t.id),
    index('material_sales_stock_idx').on(t.stockId),
    index('material_sales_material_idx').on(t.materialId, t.saleDate),
    check('material_sales_qty_check', sql`${t.qty} > 0`),
  ],
);
