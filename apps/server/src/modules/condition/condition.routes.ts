import { conditionEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { deleteCondition, listConditions, saveCondition } from './condition.service.ts';

// SPEC §7 Condition. Every signed-in user keeps their own saved searches; the service checks the view right on
// the condition's menu (the menu is in the payload, so the route itself can only require a sign-in).
export const conditionRoutes: ModuleRoutes = (app, { db }) =>
  bindEndpoints(app, conditionEndpoints, {
    list: async (req) => ({ data: await listConditions(db, actorOf(req), req.query.menu) }),
    create: async (req) => ({ data: await saveCondition(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteCondition(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
