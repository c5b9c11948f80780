import {
  okSchema,
  operPlanCreateBody,
  operPlanListResponse,
  operPlanParams,
  operPlanProductParam,
  operPlansCreateBody,
  operPlansParams,
  operPlansUpdateBody,
  operPlanUpdateBody,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createOperPlan,
  createOperPlans,
  deleteOperPlans,
  listOperPlans,
  updateOperPlan,
  updateOperPlans,
} from './oper-plan.service.ts';

// Every path of the operPlan menu; writes answer the product's whole plan (the sequence may have moved).
const tags = ['operationplan'];
const perm = (action: 'view' | 'create' | 'modify' | 'delete') => ({ permission: { menu: 'operPlan', action } });
const plans = { 200: operPlanListResponse };

export const operPlanRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/operationplan/:productId/plans',
    { config: perm('view'), schema: { tags, params: operPlanProductParam, response: plans } },
    async (req) => ({ data: await listOperPlans(db, req.params.productId) }),
  );
  app.post(
    '/api/operationplan/plan',
    { config: perm('create'), schema: { tags, body: operPlanCreateBody, response: plans } },
    async (req) => ({ data: await createOperPlan(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/operationplan/plans',
    { config: perm('create'), schema: { tags, body: operPlansCreateBody, response: plans } },
    async (req) => ({ data: await createOperPlans(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/operationplan/plan',
    { config: perm('modify'), schema: { tags, body: operPlanUpdateBody, response: plans } },
    async (req) => ({ data: await updateOperPlan(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/operationplan/plans',
    { config: perm('modify'), schema: { tags, body: operPlansUpdateBody, response: plans } },
    async (req) => ({ data: await updateOperPlans(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/operationplan/plan/:productId/:operationId',
    { config: perm('delete'), schema: { tags, params: operPlanParams, response: { 200: okSchema } } },
    async (req) => {
      await deleteOperPlans(db, actorOf(req), req.params.productId, [req.params.operationId]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/operationplan/plans/:productId/:operationIds',
    { config: perm('delete'), schema: { tags, params: operPlansParams, response: { 200: okSchema } } },
    async (req) => {
      await deleteOperPlans(db, actorOf(req), req.params.productId, req.params.operationIds);
      return { data: { ok: true as const } };
    },
  );
};
