import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, uniqueKey } from '../../db/columns.ts';
import { operations } from '../operation/operation.table.ts';

/** A reusable ordered list of operations; many products use one route. */
export const routes = pgTable(
  'routes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueKey('routes_code_unique', t.code)],
);

/** The operations of a route in sequence (an operation appears once per route). */
export const routeOpers = pgTable(
  'route_opers',
  {
    id: idColumn(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    operationId: integer('operation_id')
      .notNull()
      .references(() => operations.id),
    seq: integer('seq').notNull(),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    unique('route_opers_route_oper_uq').on(t.routeId, t.operationId),
    index('route_opers_oper_idx').on(t.operationId),
  ],
);
