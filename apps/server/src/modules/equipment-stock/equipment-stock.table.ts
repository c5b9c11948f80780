import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { equipments } from '../equipment/equipment.table.ts';
import { locations } from '../location/location.table.ts';
import { tools } from '../tool/tool.table.ts';

/**
 * Stock of an equipment kind at one place (a location or a tool): its balance. One available row per kind and place
 * (adds and moves in merge into it); a discard takes quantity out of it into a discarded row (`isDiscard`), which is
 * never changed again. Every change of qty is a row of equipment_histories written in the same transaction (README).
 */
export const equipmentStocks = pgTable(
  'equipment_stocks',
  {
    id: idColumn(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipments.id),
    locationId: integer('location_id').references(() => locations.id),
    toolId: integer('tool_id').references(() => tools.id),
    qty: qtyColumn('qty').notNull(),
    isDiscard: boolean('is_discard').notNull().default(false),
    discardReason: text('discard_reason'),
    /** The available row a discarded row came out of (kept as a plain number: the ledger has the rest). */
    discardedFromId: integer('discarded_from_id'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    // One available row per kind and place: adds and moves merge into it (insert … on conflict).
    uniqueIndex('equipment_stocks_location_unique')
      .on(t.equipmentId, t.locationId)
      .where(sql`not ${t.isDiscard} and ${t.locationId} is not null`),
    uniqueIndex('equipment_stocks_tool_unique')
      .on(t.equipmentId, t.toolId)
      .where(sql`not ${t.isDiscard} and ${t.toolId} is not null`),
    index('equipment_stocks_equipment_idx').on(t.equipmentId, t.isDiscard),
    index('equipment_stocks_location_idx').on(t.locationId),
    index('equipment_stocks_tool_idx').on(t.toolId),
    // The last line of defence: a guarded update that forgot its guard still cannot go below zero.
    check('equipment_stocks_qty_check', sql`${t.qty} >= 0`),
    check('equipment_stocks_place_check', sql`(${t.locationId} is null) <> (${t.toolId} is null)`),
  ],
);

/**
 * The equipment ledger (equipment history): one row per movement of one stock row, never changed. Its sum per
 * available stock row is the row's qty. Out of the change history: it is itself a history, with who and when.
 */
export const equipmentHistories = pgTable(
  'equipment_histories',
  {
    id: idColumn(),
    stockId: integer('stock_id')
      .notNull()
      .references(() => equipmentStocks.id),
    /** Copied from the stock row, so the history filters without a join. */
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipments.id),
    /** ADD | MOVE_OUT | MOVE_IN | DISCARD | EDIT */
    type: text('type').notNull(),
    /** Signed: + into the row, − out of it. */
    qty: qtyColumn('qty').notNull(),
    /** The row's qty after this movement. */
    balance: qtyColumn('balance').notNull(),
    /** Where the row is. */
    locationId: integer('location_id').references(() => locations.id),
    toolId: integer('tool_id').references(() => tools.id),
    /** A move's other end (where it went, or came from); a discard's discarded row's place is the row's own. */
    otherLocationId: integer('other_location_id').references(() => locations.id),
    otherToolId: integer('other_tool_id').references(() => tools.id),
    reason: text('reason'),
    /** The factory day the movement counts for. */
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [
    index('equipment_histories_stock_idx').on(t.stockId, t.id),
    index('equipment_histories_day_idx').on(t.day, t.id),
    index('equipment_histories_equipment_day_idx').on(t.equipmentId, t.day),
  ],
);
