import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn } from '../../db/columns.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';

/**
 * A product's operation plan: its operations in sequence, each with the tool that runs it, the standard cycle
 * time and the capacity. Production plans copy it (one production operation plan per row).
 */
export const operPlans = pgTable(
  'oper_plans',
  {
    id: idColumn(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    operationId: integer('operation_id')
      .notNull()
      .references(() => operations.id),
    seq: integer('seq').notNull(),
    toolId: integer('tool_id').references(() => tools.id),
    /** Standard cycle time per unit, in seconds. */
    cycleTime: qtyColumn('cycle_time'),
    /** Units per hour the tool can make in this operation. */
    capacity: qtyColumn('capacity'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    unique('oper_plans_product_oper_uq').on(t.productId, t.operationId),
    index('oper_plans_oper_idx').on(t.operationId),
    index('oper_plans_tool_idx').on(t.toolId),
  ],
);
