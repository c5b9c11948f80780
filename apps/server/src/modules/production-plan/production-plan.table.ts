import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { users } from '../user/user.table.ts';

/** A production plan: make qty of a product between two days on a line. */
export const productionPlans = pgTable(
  'production_plans',
  {
    id: idColumn(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: qtyColumn('qty').notNull(),
    startDt: date('start_dt', { mode: 'string' }).notNull(),
    endDt: date('end_dt', { mode: 'string' }).notNull(),
    /** A LINE. */
    lineId: integer('line_id')
      .notNull()
      .references(() => locations.id),
    /** The plan's number among its product's plans (1, 2, …): the last part of its LOT IDs. */
    lotSeq: integer('lot_seq').notNull(),
    description: text('description'),
    /** The reason of the last forced modify; the change history keeps each one with its row. */
    modifyReason: text('modify_reason'),
    ...auditColumns,
  },
  (t) => [
    unique('production_plans_lot_seq_uq').on(t.productId, t.lotSeq),
    index('production_plans_period_idx').on(t.startDt, t.endDt),
    index('production_plans_line_idx').on(t.lineId, t.startDt),
    check('production_plans_period_check', sql`${t.startDt} <= ${t.endDt}`),
    check('production_plans_qty_check', sql`${t.qty} > 0`),
  ],
);

/** One operation of a plan, copied from the product's operation plan (or added to the plan). */
export const productionOperPlans = pgTable(
  'production_oper_plans',
  {
    id: idColumn(),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => operations.id),
    toolId: integer('tool_id').references(() => tools.id),
    targetQty: qtyColumn('target_qty').notNull(),
    /** Seconds per unit, from the product's operation plan. */
    cycleTime: qtyColumn('cycle_time'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    unique('production_oper_plans_plan_oper_uq').on(t.planId, t.operationId),
    index('production_oper_plans_operation_idx').on(t.operationId),
    index('production_oper_plans_tool_idx').on(t.toolId),
    check('production_oper_plans_target_check', sql`${t.targetQty} >= 0`),
  ],
);

/**
 * One operation plan's target for one day (and tool), and what was made against it: the shop floor's work order.
 * Its status and quantities are its result (the kiosk and the results screen write them).
 */
export const dailyPlans = pgTable(
  'daily_plans',
  {
    id: idColumn(),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    operPlanId: integer('oper_plan_id')
      .notNull()
      .references(() => productionOperPlans.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    toolId: integer('tool_id').references(() => tools.id),
    targetQty: qtyColumn('target_qty').notNull(),
    status: text('status').notNull().default('PLAN_COMPLETED'),
    goodQty: qtyColumn('good_qty').notNull().default(0),
    badQty: qtyColumn('bad_qty').notNull().default(0),
    /** Who worked it (a user; the worker screen lists the users on the floor). */
    workerId: integer('worker_id').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('daily_plans_oper_plan_idx').on(t.operPlanId, t.day),
    index('daily_plans_plan_idx').on(t.planId),
    index('daily_plans_day_idx').on(t.day, t.planId),
    index('daily_plans_tool_idx').on(t.toolId),
    index('daily_plans_worker_idx').on(t.workerId, t.day),
    // The kiosk's works: today's daily plans and the few still WORKING from earlier days.
    index('daily_plans_working_idx').on(t.day).where(sql`${t.status} = 'WORKING'`),
    check('daily_plans_status_check', sql`${t.status} in ('PLAN_COMPLETED', 'WORKING', 'WORK_COMPLETED')`),
    check('daily_plans_qty_check', sql`${t.targetQty} >= 0 and ${t.goodQty} >= 0 and ${t.badQty} >= 0`),
  ],
);
