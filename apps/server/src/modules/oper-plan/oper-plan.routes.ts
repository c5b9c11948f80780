import { operPlanEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
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
export const operPlanRoutes: ModuleRoutes = (app, { db }) => {
  bindEndpoints(app, operPlanEndpoints, {
    list: async (req) => ({ data: await listOperPlans(db, req.params.productId) }),
    create: async (req) => ({ data: await createOperPlan(db, actorOf(req), req.body) }),
    createBulk: async (req) => ({ data: await createOperPlans(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateOperPlan(db, actorOf(req), req.body) }),
    updateBulk: async (req) => ({ data: await updateOperPlans(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteOperPlans(db, actorOf(req), req.params.productId, [req.params.operationId]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteOperPlans(db, actorOf(req), req.params.productId, req.params.operationIds);
      return { data: { ok: true as const } };
    },
  });
};
