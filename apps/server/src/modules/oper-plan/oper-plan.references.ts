import { sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { products } from '../product/product.table.ts';
import { operPlans } from './oper-plan.table.ts';

// What operation plans refer to (platform/references.ts). The product owns its plan rows (FK cascade); the operation
// and the tool block.

export const operPlanReferences: Reference[] = [
  {
    table: operPlans,
    column: operPlans.operationId,
    refers: 'operations',
    screen: 'operPlan',
    id: sql<string>`(select p.code from products p where p.id = "oper_plans"."product_id")`,
    name: sql<string>`(select p.name || ' #' || "oper_plans"."seq" from products p where p.id = "oper_plans"."product_id")`,
    createdBy: operPlans.createdBy,
    createdAt: operPlans.createdAt,
  },
  {
    table: operPlans,
    column: operPlans.toolId,
    refers: 'tools',
    screen: 'operPlan',
    id: operPlans.id,
    name: sql<string>`(select ${products.code} || ' ' || ${products.name} from ${products} where ${products.id} = ${operPlans.productId})`,
    createdBy: operPlans.createdBy,
    createdAt: operPlans.createdAt,
  },
];
