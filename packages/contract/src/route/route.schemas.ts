import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';

// Routes of SPEC §7 "Route": a reusable ordered list of operations.
export const routeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  operCount: z.number(),
  /** Products whose route this is. */
  productCount: z.number(),
  ...auditFields,
});
export type Route = z.infer<typeof routeSchema>;

export const routeOperSchema = z.object({
  id: z.number(),
  routeId: z.number(),
  operationId: z.number(),
  operationCode: z.string(),
  operationName: z.string(),
  operationType: z.string().nullable(),
  seq: z.number(),
  description: z.string().nullable(),
});
export type RouteOper = z.infer<typeof routeOperSchema>;

export const routeCreateBody = z.object({
  code: rules.text(50),
  name: rules.text(100),
  description: rules.optionalText(500),
});
export const routeUpdateBody = routeCreateBody.extend({ id: rules.idValue() });
export type RouteCreate = z.infer<typeof routeCreateBody>;
export type RouteUpdate = z.infer<typeof routeUpdateBody>;

/** Adds one operation; without seq it goes last, with seq it is inserted there and the rest move down. */
export const routeOperCreateBody = z.object({
  routeId: rules.idValue(),
  operationId: rules.idValue(),
  seq: rules.naturalNumber().optional(),
  description: rules.optionalText(500),
});
export type RouteOperCreate = z.infer<typeof routeOperCreateBody>;
/** Changes the description of one operation of a route. */
export const routeOperUpdateBody = z.object({
  routeId: rules.idValue(),
  operationId: rules.idValue(),
  description: rules.optionalText(500),
});
export type RouteOperUpdate = z.infer<typeof routeOperUpdateBody>;
/** The route's complete new order: exactly its operations, each once. */
export const routeOpersOrderBody = z.object({
  routeId: rules.idValue(),
  operationIds: z.array(rules.idValue()),
});
export type RouteOpersOrder = z.infer<typeof routeOpersOrderBody>;

export const routeOperParams = z.object({ routeId: rules.id(), operId: rules.id() });
export const routeOpersParams = z.object({
  routeId: rules.id(),
  ids: rules.ids(),
});

export const routeResponse = dataOf(routeSchema);
export const routeListResponse = listOf(routeSchema);
export const routeOperResponse = dataOf(routeOperSchema);
export const routeOperListResponse = listOf(routeOperSchema);
