import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// A product's operation plan (SPEC §7 "Operation plan"): its operations in sequence, the tool that runs each,
// standard cycle time and capacity.
export const operPlanSchema = z.object({
  id: z.number(),
  productId: z.number(),
  operationId: z.number(),
  operationCode: z.string(),
  operationName: z.string(),
  operationType: z.string().nullable(),
  seq: z.number(),
  toolId: z.number().nullable(),
  toolCode: z.string().nullable(),
  toolName: z.string().nullable(),
  /** Seconds per unit. */
  cycleTime: z.number().nullable(),
  /** Units per hour. */
  capacity: z.number().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type OperPlan = z.infer<typeof operPlanSchema>;

const nonNegativeDecimal = () => rules.decimal().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) });

const planFields = {
  operationId: rules.idValue(),
  toolId: rules.idValue().nullish(),
  cycleTime: nonNegativeDecimal().nullish(),
  capacity: nonNegativeDecimal().nullish(),
  description: rules.optionalText(500),
};
/** One row of a plan; without seq it goes last, with seq it is inserted there. */
export const operPlanItem = z.object({ ...planFields, seq: rules.naturalNumber().optional() });
export type OperPlanItem = z.infer<typeof operPlanItem>;

export const operPlanCreateBody = operPlanItem.extend({ productId: rules.idValue() });
export type OperPlanCreate = z.infer<typeof operPlanCreateBody>;
/** Modify one row, found by (productId, operationId); seq moves it. */
export const operPlanUpdateBody = operPlanCreateBody;
export type OperPlanUpdate = z.infer<typeof operPlanUpdateBody>;

/** Bulk create: either explicit rows, or every operation of a route not yet in the plan (in route order). */
export const operPlansCreateBody = z.union([
  z.object({ productId: rules.idValue(), plans: z.array(operPlanItem).min(1, { error: 'required' }) }),
  z.object({ productId: rules.idValue(), routeId: rules.idValue() }),
]);
export type OperPlansCreate = z.infer<typeof operPlansCreateBody>;

/**
 * Bulk modify: the rows given are updated; their order in `plans` becomes the new sequence when `plans` lists
 * every operation of the plan (how the screen saves a reorder), otherwise each row keeps or takes its own seq.
 */
export const operPlansUpdateBody = z.object({
  productId: rules.idValue(),
  plans: z.array(operPlanItem).min(1, { error: 'required' }),
});
export type OperPlansUpdate = z.infer<typeof operPlansUpdateBody>;

export const operPlanProductParam = z.object({ productId: rules.id() });
export const operPlanParams = z.object({ productId: rules.id(), operationId: rules.id() });
export const operPlansParams = z.object({
  productId: rules.id(),
  operationIds: rules.ids(),
});

export const operPlanResponse = dataOf(operPlanSchema);
export const operPlanListResponse = listOf(operPlanSchema);
