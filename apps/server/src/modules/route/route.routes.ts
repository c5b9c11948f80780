import { routeEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addRouteOper,
  createRoute,
  deleteRoute,
  listRoutes,
  removeRouteOpers,
  reorderRouteOpers,
  routeOperList,
  updateRoute,
  updateRouteOper,
} from './route.service.ts';

// The route list is a pick-list (products, operation plans); a route's operations and every write need the route menu.
const ok = { data: { ok: true as const } };

export const routeRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  bindEndpoints(app, routeEndpoints, {
    list: async () => ({ data: await listRoutes(db) }),
    create: async (req) => ({ data: await createRoute(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateRoute(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteRoute(ctx, actorOf(req), req.params.id);
      return ok;
    },
    opers: async (req) => ({ data: await routeOperList(db, req.params.id) }),
    addOper: async (req) => ({ data: await addRouteOper(db, actorOf(req), req.body) }),
    updateOper: async (req) => ({ data: await updateRouteOper(db, actorOf(req), req.body) }),
    reorderOpers: async (req) => ({ data: await reorderRouteOpers(db, actorOf(req), req.body) }),
    removeOper: async (req) => {
      await removeRouteOpers(db, actorOf(req), req.params.routeId, [req.params.operId]);
      return ok;
    },
    removeOpers: async (req) => {
      await removeRouteOpers(db, actorOf(req), req.params.routeId, req.params.ids);
      return ok;
    },
  });
};
