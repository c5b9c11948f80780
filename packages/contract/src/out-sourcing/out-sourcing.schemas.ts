import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Outsourcing (SPEC §7 "Out-sourcing", DOMAIN "Execution"): an operation of a production plan done by an outsourcer.
// What comes back (good and bad) is that operation's result, on a daily plan of the receiving day, so it feeds the
// next operation and the lot like a kiosk result.

/** The list's period (sent date): at most this many days. */
export const OUT_SOURCING_PERIOD_MAX_DAYS = 366;
export const OUT_SOURCING_STATUSES = ['SENT', 'PARTIAL', 'RECEIVED'] as const;
export type OutSourcingStatus = (typeof OUT_SOURCING_STATUSES)[number];

export const outSourcingSchema = z.object({
  id: z.number(),
  planId: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  lineName: z.string(),
  planStartDt: z.string(),
  planEndDt: z.string(),
  operPlanId: z.number(),
  /** The operation plan's position in the plan. */
  seq: z.number(),
  operationCode: z.string(),
  operationName: z.string(),
  bizPartnerId: z.number(),
  bizPartnerName: z.string(),
  sentQty: z.number(),
  sentDt: z.string(),
  receivedGoodQty: z.number(),
  receivedBadQty: z.number(),
  receivedDt: z.string().nullable(),
  /** SENT nothing back yet, PARTIAL some, RECEIVED good + bad = sent. */
  status: z.enum(OUT_SOURCING_STATUSES),
  unitCost: z.number().nullable(),
  /** (good + bad received) × unit cost: what the outsourcer's work costs. */
  amount: z.number().nullable(),
  /** The daily plan holding what came back as the operation's result. */
  dailyPlanId: z.number().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type OutSourcing = z.infer<typeof outSourcingSchema>;

const nonNegativeQty = () => rules.qty().pipe(z.number().min(0, { error: ruleMessage('min', { min: 0 }) }));
const optionalDate = () =>
  rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null);

const outSourcingFields = {
  operPlanId: rules.idValue(),
  /** A partner whose types include OUTSOURCER. */
  bizPartnerId: rules.idValue(),
  sentQty: rules.qty().refine((v) => v > 0, { error: ruleMessage('positive') }),
  sentDt: rules.date(),
  receivedGoodQty: nonNegativeQty().default(0),
  receivedBadQty: nonNegativeQty().default(0),
  /** Required once something came back; not before the sent date. */
  receivedDt: optionalDate(),
  unitCost: rules
    .decimal()
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish()
    .transform((v) => v ?? null),
  /** The shelf the last operation's good quantity goes to (as a result's locationId). */
  locationId: rules.idValue().optional(),
  description: rules.optionalText(500),
};

type Received = {
  sentQty: number;
  sentDt: string;
  receivedGoodQty: number;
  receivedBadQty: number;
  receivedDt: string | null;
};
function checkReceived(v: Received, ctx: z.RefinementCtx) {
  const back = Math.round((v.receivedGoodQty + v.receivedBadQty) * 1e5) / 1e5;
  if (back > v.sentQty)
    ctx.addIssue({
      code: 'custom',
      path: ['receivedGoodQty'],
      message: ruleMessage('receivedOverSent', { sent: v.sentQty }),
    });
  if (back > 0 && !v.receivedDt)
    ctx.addIssue({ code: 'custom', path: ['receivedDt'], message: ruleMessage('required') });
  if (v.receivedDt && v.receivedDt < v.sentDt)
    ctx.addIssue({ code: 'custom', path: ['receivedDt'], message: ruleMessage('receivedBeforeSent') });
}

export const outSourcingCreateBody = z.object(outSourcingFields).superRefine(checkReceived);
export type OutSourcingCreate = z.infer<typeof outSourcingCreateBody>;
export const outSourcingUpdateBody = z.object({ id: rules.idValue(), ...outSourcingFields }).superRefine(checkReceived);
export type OutSourcingUpdate = z.infer<typeof outSourcingUpdateBody>;

const filterFields = {
  /** Sent date from … to (either may be open; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  bizPartnerId: rules.id().optional(),
  status: z.enum(OUT_SOURCING_STATUSES).optional(),
  /** Product code or name, operation or partner name contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, OUT_SOURCING_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const outSourcingFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type OutSourcingFilter = z.infer<typeof outSourcingFilterQuery>;
export const outSourcingListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type OutSourcingListQuery = z.infer<typeof outSourcingListQuery>;

export const outSourcingResponse = dataOf(outSourcingSchema);
export const outSourcingListResponse = listOf(outSourcingSchema);

/** A plan the outsourcing form can pick, with its operation plans (what can be sent out). */
export const outSourcingPlanSchema = z.object({
  id: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  lineName: z.string(),
  qty: z.number(),
  startDt: z.string(),
  endDt: z.string(),
  operPlans: z.array(
    z.object({
      id: z.number(),
      seq: z.number(),
      operationCode: z.string(),
      operationName: z.string(),
      targetQty: z.number(),
      /** Good quantity of its daily plans so far (kiosk results and outsourcing received). */
      goodQty: z.number(),
    }),
  ),
});
export type OutSourcingPlan = z.infer<typeof outSourcingPlanSchema>;
export const outSourcingPlanQuery = z
  .object({
    startDt: rules.date(),
    endDt: rules.date(),
    /** Product code or name contains. */
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkPeriod);
export const outSourcingPlanListResponse = listOf(outSourcingPlanSchema);
