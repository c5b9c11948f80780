import { okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const operPlanEndpoints = endpoints('operPlan', {
  list: {
    method: 'GET',
    path: '/operationplan/{productId}/plans',
    params: operPlanProductParam,
    response: operPlanListResponse,
    permission: can('view'),
    summary: "A product's operation plan in sequence",
  },
  create: {
    method: 'POST',
    path: '/operationplan/plan',
    body: operPlanCreateBody,
    response: operPlanListResponse,
    permission: can('create'),
    summary: 'Add one operation to a plan; answers the whole plan',
  },
  createBulk: {
    method: 'POST',
    path: '/operationplan/plans',
    body: operPlansCreateBody,
    response: operPlanListResponse,
    permission: can('create'),
    summary: "Add rows, or a route's operations not yet planned; answers the whole plan",
  },
  update: {
    method: 'PUT',
    path: '/operationplan/plan',
    body: operPlanUpdateBody,
    response: operPlanListResponse,
    permission: can('modify'),
    summary: 'Modify one row of a plan (seq moves it); answers the whole plan',
  },
  updateBulk: {
    method: 'PUT',
    path: '/operationplan/plans',
    body: operPlansUpdateBody,
    response: operPlanListResponse,
    permission: can('modify'),
    summary: 'Modify rows of a plan (a full list sets the order); answers the whole plan',
  },
  remove: {
    method: 'DELETE',
    path: '/operationplan/plan/{productId}/{operationId}',
    params: operPlanParams,
    response: okSchema,
    permission: can('delete'),
    summary: 'Remove one operation from a plan',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/operationplan/plans/{productId}/{operationIds}',
    params: operPlansParams,
    response: okSchema,
    permission: can('delete'),
    summary: 'Remove operations from a plan, all or none',
  },
});
