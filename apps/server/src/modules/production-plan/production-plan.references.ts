import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { dailyPlans, productionOperPlans, productionPlans } from './production-plan.table.ts';

// What production plans refer to (platform/references.ts): a product or line with plans, an operation or tool in a
// plan's operation plans or daily plans cannot be deleted, nor a user who worked a result; the dialog lists the plans on
// the plan screen (the results screen for a worker).

// Drizzle writes a one-table select's columns unqualified: the subqueries name no column their own tables have.
const planName = (planId: AnyPgColumn) =>
  sql<string>`(select pr.name || ' ' || pp.start_dt::text || ' ~ ' || pp.end_dt::text from production_plans pp join products pr on pr.id = pp.product_id where pp.id = ${planId})`;
const ownName = sql<string>`(select pr.name from products pr where pr.id = ${productionPlans.productId}) || ' ' || ${productionPlans.startDt}::text || ' ~ ' || ${productionPlans.endDt}::text`;

const plan = (column: AnyPgColumn, refers: string): Reference => ({
  table: productionPlans,
  column,
  refers,
  screen: 'productionPlan',
  id: productionPlans.id,
  name: ownName,
  createdBy: productionPlans.createdBy,
  createdAt: productionPlans.createdAt,
});

const operPlan = (column: AnyPgColumn, refers: string): Reference => ({
  table: productionOperPlans,
  column,
  refers,
  screen: 'productionPlan',
  id: productionOperPlans.planId,
  name: planName(productionOperPlans.planId),
  createdBy: productionOperPlans.createdBy,
  createdAt: productionOperPlans.createdAt,
});

export const productionPlanReferences: Reference[] = [
  plan(productionPlans.productId, 'products'),
  plan(productionPlans.lineId, 'locations'),
  operPlan(productionOperPlans.operationId, 'operations'),
  operPlan(productionOperPlans.toolId, 'tools'),
  {
    table: dailyPlans,
    column: dailyPlans.toolId,
    refers: 'tools',
    screen: 'productionPlan',
    id: dailyPlans.planId,
    name: planName(dailyPlans.planId),
    createdBy: dailyPlans.createdBy,
    createdAt: dailyPlans.createdAt,
  },
  // A user who worked a result (the results screen lists them).
  {
    table: dailyPlans,
    column: dailyPlans.workerId,
    refers: 'users',
    screen: 'productionProfit',
    id: dailyPlans.planId,
    name: planName(dailyPlans.planId),
    createdBy: dailyPlans.updatedBy,
    createdAt: dailyPlans.updatedAt,
  },
];
