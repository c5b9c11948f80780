import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Production plans (SPEC §7 "Production plan", DOMAIN "Demand and plans"): make qty of a product between two days
// on a line. Creating one copies the product's operation plan into production operation plans (one per operation,
// in sequence, with its tool and target); each operation's target is spread over days as daily plans, which the
// shop floor works from (kiosk, calendar) and whose results say what was made.

/** Work status of a daily plan (SPEC §4): planned, not started → working → work completed. */
export const WORK_STATUSES = ['PLAN_COMPLETED', 'WORKING', 'WORK_COMPLETED'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
/** A plan spans at most this many days; the plan list's period too. */
export const PLAN_MAX_DAYS = 366;
/** The daily plans of a location: a period of at most this many days (a month's calendar with its edges). */
export const DAILY_PLAN_PERIOD_MAX_DAYS = 93;
/** Daily plans set in one call. */
export const DAILY_PLANS_MAX = 400;

/**
 * LOT ID of a plan's lot made on a day: L, the day, the product code and the plan's lot sequence —
 * `L20261124-FG1001-001`. Unique regardless of case: product codes are, and a product's plans never share a
 * sequence number.
 */
export function lotIdOf(day: string, productCode: string, lotSeq: number): string {
  return `L${day.replaceAll('-', '')}-${productCode.toUpperCase()}-${String(lotSeq).padStart(3, '0')}`;
}

export const productionPlanSchema = z.object({
  id: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
  startDt: z.string(),
  endDt: z.string(),
  /** The LINE the plan runs on. */
  lineId: z.number(),
  lineName: z.string(),
  /** Factory / line, joined with ' / '. */
  linePath: z.string(),
  /** The plan's number among its product's plans: the last part of its LOT IDs. */
  lotSeq: z.number(),
  /** Plan completed (nothing started), working, or work completed (every daily plan completed). */
  status: z.enum(WORK_STATUSES),
  /** Good quantity of the plan's last operation (what was made), and its share of qty in percent. */
  goodQty: z.number(),
  achievementRate: z.number(),
  /** Whether any daily plan has started or has a quantity: the plan then changes only by a forced modify. */
  hasResults: z.boolean(),
  description: z.string().nullable(),
  /** The reason of the last forced modify (kept in the change history with each one). */
  modifyReason: z.string().nullable(),
  ...auditFields,
});
export type ProductionPlan = z.infer<typeof productionPlanSchema>;

export const productionOperPlanSchema = z.object({
  id: z.number(),
  planId: z.number(),
  seq: z.number(),
  operationId: z.number(),
  operationCode: z.string(),
  operationName: z.string(),
  toolId: z.number().nullable(),
  toolCode: z.string().nullable(),
  toolName: z.string().nullable(),
  targetQty: z.number(),
  /** Seconds per unit, copied from the product's operation plan. */
  cycleTime: z.number().nullable(),
  /** The targets of its daily plans, summed: what is planned of targetQty so far. */
  dailyTargetQty: z.number(),
  dailyPlanCount: z.number(),
  goodQty: z.number(),
  badQty: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type ProductionOperPlan = z.infer<typeof productionOperPlanSchema>;

export const dailyPlanSchema = z.object({
  id: z.number(),
  planId: z.number(),
  operPlanId: z.number(),
  day: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  seq: z.number(),
  operationId: z.number(),
  operationName: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  toolId: z.number().nullable(),
  toolName: z.string().nullable(),
  targetQty: z.number(),
  status: z.enum(WORK_STATUSES),
  goodQty: z.number(),
  badQty: z.number(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type DailyPlan = z.infer<typeof dailyPlanSchema>;

export const lotSeqSchema = z.object({
  planId: z.number(),
  lotSeq: z.number(),
  /** The LOT ID a lot of this plan made today (factory day) gets. */
  todayLotId: z.string(),
});
export type LotSeq = z.infer<typeof lotSeqSchema>;

const positiveQty = rules.positiveQty;
const targetQty = () => rules.targetQty().pipe(rules.qty());

/** startDt … endDt: in order and at most a year, reported on endDt. */
const checkPlanPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, PLAN_MAX_DAYS, ctx, ['endDt']);

const planFields = {
  qty: positiveQty(),
  startDt: rules.date(),
  endDt: rules.date(),
  lineId: rules.idValue(),
  description: rules.optionalText(500),
};

export const planCreateBody = z.object({ productId: rules.idValue(), ...planFields }).superRefine(checkPlanPeriod);
export type PlanCreate = z.infer<typeof planCreateBody>;
/** The product of a plan is fixed (its operation plans and lots are the product's): make a new plan instead. */
export const planUpdateBody = z.object({ id: rules.idValue(), ...planFields }).superRefine(checkPlanPeriod);
export type PlanUpdate = z.infer<typeof planUpdateBody>;
/** A plan with results changes only with a reason, which the change history keeps. */
export const planForceBody = z
  .object({ id: rules.idValue(), ...planFields, reason: rules.required().pipe(rules.text(500)) })
  .superRefine(checkPlanPeriod);
export type PlanForce = z.infer<typeof planForceBody>;

export const operPlanAddBody = z.object({
  planId: rules.idValue(),
  operationId: rules.idValue(),
  toolId: rules.idValue().nullish(),
  targetQty: targetQty(),
  /** Inserted at this position; last without it. */
  seq: rules.naturalNumber().optional(),
  description: rules.optionalText(500),
});
export type OperPlanAdd = z.infer<typeof operPlanAddBody>;
export const productionOperPlanUpdateBody = z.object({
  id: rules.idValue(),
  toolId: rules.idValue().nullish(),
  targetQty: targetQty(),
  seq: rules.naturalNumber().optional(),
  description: rules.optionalText(500),
});
export type ProductionOperPlanUpdate = z.infer<typeof productionOperPlanUpdateBody>;

export const dailyPlanItem = z.object({
  /** An existing daily plan of the operation plan; a new one without. */
  id: rules.idValue().optional(),
  day: rules.date(),
  toolId: rules.idValue().nullish(),
  targetQty: targetQty(),
  description: rules.optionalText(500),
});
export type DailyPlanItem = z.infer<typeof dailyPlanItem>;
/** ISO weekdays, 1 = Monday … 7 = Sunday. */
const weekday = z.number().int().min(1).max(7);
/**
 * The daily plans of one operation plan, all at once: `dailyPlans` is the new list (rows with an id are kept and
 * changed, the others made; daily plans of the operation missing from it are removed); or `spread`: the target not
 * yet covered by started daily plans, spread evenly over the working days of a period, in place of the daily plans
 * not started.
 */
export const dailyPlansSetBody = z.union([
  z.object({
    operPlanId: rules.idValue(),
    dailyPlans: z.array(dailyPlanItem).max(DAILY_PLANS_MAX, { error: ruleMessage('max', { max: DAILY_PLANS_MAX }) }),
  }),
  z
    .object({
      operPlanId: rules.idValue(),
      spread: z.object({
        /** The plan's period when absent. */
        from: rules.date().optional(),
        to: rules.date().optional(),
        /** Monday to Friday when absent. */
        weekdays: z.array(weekday).min(1, { error: 'required' }).optional(),
        toolId: rules.idValue().nullish(),
      }),
    })
    .superRefine((v, ctx) => checkDayPeriod(v.spread, PLAN_MAX_DAYS, ctx, ['spread', 'to'])),
]);
export type DailyPlansSet = z.infer<typeof dailyPlansSetBody>;

/** Plans whose period meets startDt … endDt (both required, at most a year). */
const planFilterFields = {
  startDt: rules.date(),
  endDt: rules.date(),
  /** Product code or name. */
  q: z.string().max(100).optional(),
  productId: rules.id().optional(),
  /** A line, or a factory or site: the lines below it. */
  locationId: rules.id().optional(),
  status: queryArray(z.enum(WORK_STATUSES)),
};
export const planFilterQuery = z.object(planFilterFields).superRefine(checkPlanPeriod);
export type PlanFilter = z.infer<typeof planFilterQuery>;
export const planListQuery = z
  .object({
    ...planFilterFields,
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .superRefine(checkPlanPeriod);
export type PlanListQuery = z.infer<typeof planListQuery>;
export const dailyPlanPeriodQuery = z
  .object({ startDt: rules.date(), endDt: rules.date() })
  .superRefine((v, ctx) =>
    checkDayPeriod({ from: v.startDt, to: v.endDt }, DAILY_PLAN_PERIOD_MAX_DAYS, ctx, ['endDt']),
  );
export type DailyPlanPeriodQuery = z.infer<typeof dailyPlanPeriodQuery>;

export const productionPlanResponse = dataOf(productionPlanSchema);
export const productionPlanPageResponse = z.object({ data: z.array(productionPlanSchema), total: z.number() });
export const productionOperPlanListResponse = listOf(productionOperPlanSchema);
export const dailyPlanListResponse = listOf(dailyPlanSchema);
export const lotSeqResponse = dataOf(lotSeqSchema);
