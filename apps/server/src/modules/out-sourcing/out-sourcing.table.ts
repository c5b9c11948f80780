import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';

/**
 * An operation of a production plan done by an outsourcer: what was sent and when, what came back good and bad and
 * when, at what unit cost. What came back is that operation's result: it is written on a daily plan of the operation
 * plan on the receiving day (`daily_plan_id`), the way a kiosk result is, so it feeds the next operation and the lot.
 */
export const outSourcings = pgTable(
  'out_sourcings',
  {
    id: idColumn(),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id),
    operPlanId: integer('oper_plan_id')
      .notNull()
      .references(() => productionOperPlans.id),
    /** A partner of type OUTSOURCER. */
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id),
    sentQty: qtyColumn('sent_qty').notNull(),
    sentDt: date('sent_dt', { mode: 'string' }).notNull(),
    receivedGoodQty: qtyColumn('received_good_qty').notNull().default(0),
    receivedBadQty: qtyColumn('received_bad_qty').notNull().default(0),
    receivedDt: date('received_dt', { mode: 'string' }),
    unitCost: qtyColumn('unit_cost'),
    /** The daily plan holding the received quantities as the operation's result. */
    dailyPlanId: integer('daily_plan_id').references(() => dailyPlans.id),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('out_sourcings_plan_idx').on(t.planId),
    index('out_sourcings_oper_plan_idx').on(t.operPlanId),
    index('out_sourcings_partner_idx').on(t.bizPartnerId),
    index('out_sourcings_sent_idx').on(t.sentDt),
    index('out_sourcings_daily_idx').on(t.dailyPlanId),
    check(
      'out_sourcings_qty_check',
      sql`${t.sentQty} > 0 and ${t.receivedGoodQty} >= 0 and ${t.receivedBadQty} >= 0 and ${t.receivedGoodQty} + ${t.receivedBadQty} <= ${t.sentQty}`,
    ),
    check('out_sourcings_received_check', sql`${t.receivedDt} is null or ${t.receivedDt} >= ${t.sentDt}`),
    check('out_sourcings_cost_check', sql`${t.unitCost} is null or ${t.unitCost} >= 0`),
  ],
);
