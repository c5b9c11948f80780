import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { materials } from '../material/material.table.ts';
import { materialHistories, materialStocks } from '../material-stock/material-stock.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { users } from '../user/user.table.ts';

/**
 * An inspection item of a material (INCOMING) or product (IN_PROCESS at an operation, or FINAL). NUMBER items are
 * judged by LSL/USL (inclusive, either may be open), PASS_FAIL items by the inspector.
 */
export const qualityStandards = pgTable(
  'quality_standards',
  {
    id: idColumn(),
    materialId: integer('material_id').references(() => materials.id),
    productId: integer('product_id').references(() => products.id),
    name: text('name').notNull(),
    method: text('method'),
    unit: text('unit'),
    kind: text('kind').notNull(),
    target: qtyColumn('target'),
    lsl: qtyColumn('lsl'),
    usl: qtyColumn('usl'),
    sampleSize: integer('sample_size').notNull().default(1),
    stage: text('stage').notNull(),
    operationId: integer('operation_id').references(() => operations.id),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('quality_standards_material_idx').on(t.materialId),
    index('quality_standards_product_idx').on(t.productId, t.stage),
    index('quality_standards_operation_idx').on(t.operationId),
    check('quality_standards_subject_check', sql`(${t.materialId} is null) <> (${t.productId} is null)`),
    check('quality_standards_kind_check', sql`${t.kind} in ('NUMBER', 'PASS_FAIL')`),
    check(
      'quality_standards_stage_check',
      sql`(${t.materialId} is not null and ${t.stage} = 'INCOMING' and ${t.operationId} is null)
        or (${t.productId} is not null and ((${t.stage} = 'IN_PROCESS' and ${t.operationId} is not null)
          or (${t.stage} = 'FINAL' and ${t.operationId} is null)))`,
    ),
    check('quality_standards_limits_check', sql`${t.lsl} is null or ${t.usl} is null or ${t.lsl} <= ${t.usl}`),
    check('quality_standards_sample_check', sql`${t.sampleSize} between 1 and 100`),
  ],
);

/**
 * One inspection: of a material stock row (INCOMING), a lot (FINAL) or a production result, i.e. a daily plan at its
 * operation (IN_PROCESS). The judgement is the server's (computed) unless overridden with a reason.
 */
export const qualityResults = pgTable(
  'quality_results',
  {
    id: idColumn(),
    stage: text('stage').notNull(),
    materialId: integer('material_id').references(() => materials.id),
    materialStockId: integer('material_stock_id').references(() => materialStocks.id),
    productId: integer('product_id').references(() => products.id),
    lotRowId: integer('lot_row_id').references(() => lots.id),
    dailyPlanId: integer('daily_plan_id').references(() => dailyPlans.id),
    operationId: integer('operation_id').references(() => operations.id),
    inspectedAt: timestamp('inspected_at', { withTimezone: true, mode: 'date' }).notNull(),
    inspectorId: integer('inspector_id')
      .notNull()
      .references(() => users.id),
    /** How long the inspection took, minutes (0 < m ≤ 1440, tenths); null when nobody timed it (README "Time"). */
    inspectionMinutes: numeric('inspection_minutes', { precision: 5, scale: 1, mode: 'number' }),
    computedJudgement: text('computed_judgement').notNull(),
    judgement: text('judgement').notNull(),
    overrideReason: text('override_reason'),
    overriddenBy: text('overridden_by'),
    overriddenAt: timestamp('overridden_at', { withTimezone: true, mode: 'date' }),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('quality_results_material_idx').on(t.materialId, t.inspectedAt),
    index('quality_results_product_idx').on(t.productId, t.inspectedAt),
    index('quality_results_inspected_idx').on(t.inspectedAt),
    index('quality_results_stock_idx').on(t.materialStockId),
    index('quality_results_lot_idx').on(t.lotRowId),
    index('quality_results_daily_plan_idx').on(t.dailyPlanId),
    index('quality_results_inspector_idx').on(t.inspectorId),
    index('quality_results_operation_idx').on(t.operationId),
    check(
      'quality_results_subject_check',
      sql`(${t.stage} = 'INCOMING' and ${t.materialStockId} is not null and ${t.materialId} is not null)
        or (${t.stage} = 'FINAL' and ${t.lotRowId} is not null and ${t.productId} is not null)
        or (${t.stage} = 'IN_PROCESS' and ${t.dailyPlanId} is not null and ${t.productId} is not null)`,
    ),
    check('quality_results_judgement_check', sql`${t.judgement} in ('PASS', 'FAIL')`),
    check(
      'quality_results_minutes_check',
      sql`${t.inspectionMinutes} is null or (${t.inspectionMinutes} > 0 and ${t.inspectionMinutes} <= 1440)`,
    ),
    check(
      'quality_results_override_check',
      sql`(${t.judgement} = ${t.computedJudgement}) = (${t.overrideReason} is null)`,
    ),
  ],
);

/** An item of a result: the standard's item as it was when inspected, and its judgement. */
export const qualityResultItems = pgTable(
  'quality_result_items',
  {
    id: idColumn(),
    resultId: integer('result_id')
      .notNull()
      .references(() => qualityResults.id, { onDelete: 'cascade' }),
    standardId: integer('standard_id')
      .notNull()
      .references(() => qualityStandards.id),
    name: text('name').notNull(),
    method: text('method'),
    unit: text('unit'),
    kind: text('kind').notNull(),
    target: qtyColumn('target'),
    lsl: qtyColumn('lsl'),
    usl: qtyColumn('usl'),
    sampleSize: integer('sample_size').notNull(),
    judgement: text('judgement').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [
    index('quality_result_items_result_idx').on(t.resultId),
    index('quality_result_items_standard_idx').on(t.standardId),
  ],
);

/** One sample of an item: a measured value (NUMBER) or the inspector's pass/fail (PASS_FAIL). */
export const qualityResultSamples = pgTable(
  'quality_result_samples',
  {
    id: idColumn(),
    itemId: integer('item_id')
      .notNull()
      .references(() => qualityResultItems.id, { onDelete: 'cascade' }),
    sampleNo: integer('sample_no').notNull(),
    value: qtyColumn('value'),
    passed: boolean('passed'),
    ok: boolean('ok').notNull(),
  },
  (t) => [index('quality_result_samples_item_idx').on(t.itemId, t.sampleNo)],
);

/**
 * A quality hold: a failed inspection keeps its package from production or its lot from shipping until it is
 * dispositioned. OPEN → (REWORK →) CLOSED; never deleted. At most one active (not CLOSED) hold per subject.
 */
export const qualityHolds = pgTable(
  'quality_holds',
  {
    id: idColumn(),
    materialStockId: integer('material_stock_id').references(() => materialStocks.id),
    lotRowId: integer('lot_row_id').references(() => lots.id),
    resultId: integer('result_id')
      .notNull()
      .references(() => qualityResults.id),
    status: text('status').notNull().default('OPEN'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    openedBy: text('opened_by'),
    disposition: text('disposition'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: text('closed_by'),
    closedByResultId: integer('closed_by_result_id').references(() => qualityResults.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('quality_holds_active_stock_uq').on(t.materialStockId).where(sql`${t.status} <> 'CLOSED'`),
    uniqueIndex('quality_holds_active_lot_uq').on(t.lotRowId).where(sql`${t.status} <> 'CLOSED'`),
    index('quality_holds_stock_idx').on(t.materialStockId),
    index('quality_holds_lot_idx').on(t.lotRowId),
    index('quality_holds_result_idx').on(t.resultId),
    index('quality_holds_closed_result_idx').on(t.closedByResultId),
    check('quality_holds_subject_check', sql`(${t.materialStockId} is null) <> (${t.lotRowId} is null)`),
    check('quality_holds_status_check', sql`${t.status} in ('OPEN', 'REWORK', 'CLOSED')`),
    check('quality_holds_closed_check', sql`(${t.status} = 'CLOSED') = (${t.closedAt} is not null)`),
  ],
);

/** A disposition of a hold, with who, when and why: append-only (a REWORK may be followed by another). */
export const qualityDispositions = pgTable(
  'quality_dispositions',
  {
    id: idColumn(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => qualityHolds.id),
    disposition: text('disposition').notNull(),
    reason: text('reason').notNull(),
    qty: qtyColumn('qty').notNull().default(0),
    /** The material ledger's movement of a RETURN or SCRAP of a package. */
    materialHistoryId: integer('material_history_id').references(() => materialHistories.id),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('quality_dispositions_hold_idx').on(t.holdId),
    index('quality_dispositions_history_idx').on(t.materialHistoryId),
    check('quality_dispositions_check', sql`${t.disposition} in ('ACCEPT', 'RETURN', 'SCRAP', 'REWORK')`),
  ],
);
