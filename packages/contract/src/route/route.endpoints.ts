import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
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

// biome-ignore format: a routing table, one endpoint per line
export const routeEndpoints = endpoints('route', {
  list: endpoint('GET', '/route/routes', routeListResponse, 'authenticated', 'Every route with its operation and product counts'),
  create: endpoint('POST', '/route', routeResponse, can('create'), 'Create a route', { body: routeCreateBody }),
  update: endpoint('PUT', '/route', routeResponse, can('modify'), 'Modify a route', { body: routeUpdateBody }),
  remove: endpoint('DELETE', '/route/{id}', okSchema, can('delete'), 'Delete a route', { params: idParam }),
  opers: endpoint('GET', '/route/{id}/opers', routeOperListResponse, can('view'), "A route's operations in sequence", { params: idParam }),
  addOper: endpoint('POST', '/route/oper', routeOperResponse, can('modify'), 'Add an operation to a route (last, or at the given seq)', { body: routeOperCreateBody }),
  updateOper: endpoint('PUT', '/route/oper', routeOperResponse, can('modify'), "Modify the description of a route's operation", { body: routeOperUpdateBody }),
  reorderOpers: endpoint('PUT', '/route/opers', routeOperListResponse, can('modify'), "Set the complete new order of a route's operations", { body: routeOpersOrderBody }),
  removeOper: endpoint('DELETE', '/route/oper/{routeId}/{operId}', okSchema, can('modify'), 'Remove an operation from a route', { params: routeOperParams }),
  removeOpers: endpoint('DELETE', '/route/opers/{routeId}/{ids}', okSchema, can('modify'), 'Remove operations from a route, all or none', { params: routeOpersParams }),
});
