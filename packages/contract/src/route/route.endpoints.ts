import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import {
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
} from './route.schemas.ts';

// SPEC §7 "Route". The route list is a pick-list (products, operation plans); a route's operations and every write
// need the route menu (changing a route's operations is a modify of the route).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'route', action }) as const;

export const routeEndpoints = endpoints('route', {
  list: {
    method: 'GET',
    path: '/route/routes',
    response: routeListResponse,
    permission: 'authenticated',
    summary: 'Every route with its operation and product counts',
  },
  create: {
    method: 'POST',
    path: '/route',
    body: routeCreateBody,
    response: routeResponse,
    permission: can('create'),
    summary: 'Create a route',
  },
  update: {
    method: 'PUT',
    path: '/route',
    body: routeUpdateBody,
    response: routeResponse,
    permission: can('modify'),
    summary: 'Modify a route',
  },
  remove: {
    method: 'DELETE',
    path: '/route/{id}',
    params: idParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete a route',
  },
  opers: {
    method: 'GET',
    path: '/route/{id}/opers',
    params: idParam,
    response: routeOperListResponse,
    permission: can('view'),
    summary: "A route's operations in sequence",
  },
  addOper: {
    method: 'POST',
    path: '/route/oper',
    body: routeOperCreateBody,
    response: routeOperResponse,
    permission: can('modify'),
    summary: 'Add an operation to a route (last, or at the given seq)',
  },
  updateOper: {
    method: 'PUT',
    path: '/route/oper',
    body: routeOperUpdateBody,
    response: routeOperResponse,
    permission: can('modify'),
    summary: "Modify the description of a route's operation",
  },
  reorderOpers: {
    method: 'PUT',
    path: '/route/opers',
    body: routeOpersOrderBody,
    response: routeOperListResponse,
    permission: can('modify'),
    summary: "Set the complete new order of a route's operations",
  },
  removeOper: {
    method: 'DELETE',
    path: '/route/oper/{routeId}/{operId}',
    params: routeOperParams,
    response: okSchema,
    permission: can('modify'),
    summary: 'Remove an operation from a route',
  },
  removeOpers: {
    method: 'DELETE',
    path: '/route/opers/{routeId}/{ids}',
    params: routeOpersParams,
    response: okSchema,
    permission: can('modify'),
    summary: 'Remove operations from a route, all or none',
  },
});
