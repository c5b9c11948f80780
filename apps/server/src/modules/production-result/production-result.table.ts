import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';

/** A result's bad quantity by defect type (code category DEFECT_TYPE); they sum to the daily plan's bad_qty. */
export const dailyPlanDefects = pgTable(
  'daily_plan_defects',
  {
    id: idColumn(),
    dailyPlanId: integer('daily_plan_id')
      .notNull()
      .references(() => dailyPlans.id, { onDelete: 'cascade' }),
    defectCode: text('defect_code').notNull(),
    qty: qtyColumn('qty').notNull(),
    ...auditColumns,
  },
  (t) => [
    unique('daily_plan_defects_uq').on(t.dailyPlanId, t.defectCode),
    index('daily_plan_defects_code_idx').on(t.defectCode),
    check('daily_plan_defects_qty_check', sql`${t.qty} > 0`),
  ],
);
