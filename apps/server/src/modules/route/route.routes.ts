import {
  idParam,
  okSchema,
  routeCreateBody,
  routeListResponse,
  routeOperCreateBody,
  routeOperListResponse,
  routeOperParams,
  routeOperResponse,
  routeOpersOrderBody,
  routeOpersParams,
  routeOperUpdateBody,
  routeResponse,
  routeUpdateBody,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
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
const tags = ['route'];
const view = { permission: { menu: 'route', action: 'view' as const } };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'route', action } });
const ok = { data: { ok: true as const } };

export const routeRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/route/routes',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: routeListResponse } } },
    async () => ({ data: await listRoutes(db) }),
  );
  app.post(
    '/api/route',
    { config: write('create'), schema: { tags, body: routeCreateBody, response: { 200: routeResponse } } },
    async (req) => ({ data: await createRoute(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/route',
    { config: write('modify'), schema: { tags, body: routeUpdateBody, response: { 200: routeResponse } } },
    async (req) => ({ data: await updateRoute(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/route/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteRoute(db, actorOf(req), req.params.id);
      return ok;
    },
  );
  app.get(
    '/api/route/:id/opers',
    { config: view, schema: { tags, params: idParam, response: { 200: routeOperListResponse } } },
    async (req) => ({ data: await routeOperList(db, req.params.id) }),
  );
  app.post(
    '/api/route/oper',
    { config: write('modify'), schema: { tags, body: routeOperCreateBody, response: { 200: routeOperResponse } } },
    async (req) => ({ data: await addRouteOper(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/route/oper',
    { config: write('modify'), schema: { tags, body: routeOperUpdateBody, response: { 200: routeOperResponse } } },
    async (req) => ({ data: await updateRouteOper(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/route/opers',
    {
      config: write('modify'),
      schema: { tags, body: routeOpersOrderBody, response: { 200: routeOperListResponse } },
    },
    async (req) => ({ data: await reorderRouteOpers(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/route/oper/:routeId/:operId',
    { config: write('modify'), schema: { tags, params: routeOperParams, response: { 200: okSchema } } },
    async (req) => {
      await removeRouteOpers(db, actorOf(req), req.params.routeId, [req.params.operId]);
      return ok;
    },
  );
  app.delete(
    '/api/route/opers/:routeId/:ids',
    { config: write('modify'), schema: { tags, params: routeOpersParams, response: { 200: okSchema } } },
    async (req) => {
      await removeRouteOpers(db, actorOf(req), req.params.routeId, req.params.ids);
      return ok;
    },
  );
};
