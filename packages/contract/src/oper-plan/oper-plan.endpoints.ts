import { okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  operPlanCreateBody,
  operPlanListResponse,
  operPlanParams,
  operPlanProductParam,
  operPlansCreateBody,
  operPlansParams,
  operPlansUpdateBody,
  operPlanUpdateBody,
} from './oper-plan.schemas.ts';

// SPEC §7 "Operation plan": every path needs the operPlan menu; writes answer the product's whole plan (the
// sequence may have moved).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'operPlan', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const operPlanEndpoints = endpoints('operPlan', {
  list: endpoint('GET', '/operationplan/{productId}/plans', operPlanListResponse, can('view'), "A product's operation plan in sequence", { params: operPlanProductParam }),
  create: endpoint('POST', '/operationplan/plan', operPlanListResponse, can('create'), 'Add one operation to a plan; answers the whole plan', { body: operPlanCreateBody }),
  createBulk: endpoint('POST', '/operationplan/plans', operPlanListResponse, can('create'), "Add rows, or a route's operations not yet planned; answers the whole plan", { body: operPlansCreateBody }),
  update: endpoint('PUT', '/operationplan/plan', operPlanListResponse, can('modify'), 'Modify one row of a plan (seq moves it); answers the whole plan', { body: operPlanUpdateBody }),
  updateBulk: endpoint('PUT', '/operationplan/plans', operPlanListResponse, can('modify'), 'Modify rows of a plan (a full list sets the order); answers the whole plan', { body: operPlansUpdateBody }),
  remove: endpoint('DELETE', '/operationplan/plan/{productId}/{operationId}', okSchema, can('delete'), 'Remove one operation from a plan', { params: operPlanParams }),
  removeBulk: endpoint('DELETE', '/operationplan/plans/{productId}/{operationIds}', okSchema, can('delete'), 'Remove operations from a plan, all or none', { params: operPlansParams }),
});
