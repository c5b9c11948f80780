import { sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { routeOpers } from './route.table.ts';

// What routes refer to (platform/references.ts). A route owns its operation rows (FK cascade); the operation blocks.
// A row is shown as its route (code, name #seq).

export const routeReferences: Reference[] = [
  {
    table: routeOpers,
    column: routeOpers.operationId,
    refers: 'operations',
    screen: 'route',
    id: sql<string>`(select r.code from routes r where r.id = "route_opers"."route_id")`,
    name: sql<string>`(select r.name || ' #' || "route_opers"."seq" from routes r where r.id = "route_opers"."route_id")`,
    createdBy: routeOpers.createdBy,
    createdAt: routeOpers.createdAt,
  },
];
