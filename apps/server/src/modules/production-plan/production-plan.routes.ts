import { productionPlanEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { setDailyPlans } from './production-plan.daily.ts';
import { addOperPlan, createPlan, deletePlans, updateOperPlan, updatePlan } from './production-plan.service.ts';
import { lotSeqOf } from './production-plan.lot.ts';
import { getPlan, listOperPlans, listPlans, locationDailyPlans, operPlanDailyPlans } from './production-plan.views.ts';

// Every path of the productionPlan menu (SPEC §7 "Production plan").
export const productionPlanRoutes: ModuleRoutes = (app, { db, references, providers, config }) => {
  const deps = { db, references, providers };
  const ok = { data: { ok: true as const } };
  bindEndpoints(app, productionPlanEndpoints, {
    plans: async (req) => listPlans(db, req.query),
    get: async (req) => ({ data: await getPlan(db, req.params.id) }),
    lotSeq: async (req) => ({ data: await lotSeqOf(db, req.params.id, config.timeZone) }),
    operPlans: async (req) => ({ data: await listOperPlans(db, req.params.id) }),
    operPlanDailyPlans: async (req) => ({ data: await operPlanDailyPlans(db, req.params.id) }),
    locationDailyPlans: async (req) => ({ data: await locationDailyPlans(db, req.params.id, req.query) }),
    create: async (req) => ({ data: await createPlan(deps, actorOf(req), req.body) }),
    addOperPlan: async (req) => ({ data: await addOperPlan(deps, actorOf(req), req.body) }),
    setDailyPlans: async (req) => ({ data: await setDailyPlans(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updatePlan(deps, actorOf(req), req.body, false) }),
    force: async (req) => ({ data: await updatePlan(deps, actorOf(req), req.body, true) }),
    updateOperPlan: async (req) => ({ data: await updateOperPlan(deps, actorOf(req), req.body) }),
    remove: async (req) => {
      await deletePlans(deps, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deletePlans(deps, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
