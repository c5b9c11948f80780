import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Daily quality results (SPEC §7 "Daily quality result", DOMAIN "Quality"; the server's modules/daily-quality README
// has the rules): per day, line and product the quantity inspected, passed, and the failed quantity by defect type
// (code category DEFECT_TYPE), filled from the day's production results and edited by quality staff.

/** The list's period (day): at most this many days. */
export const DAILY_QUALITY_PERIOD_MAX_DAYS = 366;
/** Defect types of one record, at most. */
export const DAILY_QUALITY_DEFECTS_MAX = 50;

export const dailyQualityDefectSchema = z.object({ defectCode: z.string(), qty: z.number() });
export type DailyQualityDefect = z.infer<typeof dailyQualityDefectSchema>;

export const dailyQualityResultSchema = z.object({
  id: z.number(),
  day: z.string(),
  lineId: z.number(),
  lineCode: z.string().nullable(),
  lineName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  inspectedQty: z.number(),
  passedQty: z.number(),
  /** inspected − passed: what the defects by type account for. */
  failedQty: z.number(),
  /** failed ÷ inspected in percent (2 places); 0 when nothing was inspected. */
  defectRate: z.number(),
  defects: z.array(dailyQualityDefectSchema),
  description: z.string().nullable(),
  ...auditFields,
});
export type DailyQualityResult = z.infer<typeof dailyQualityResultSchema>;

const nonNegativeQty = () => rules.qty().pipe(z.number().min(0, { error: ruleMessage('min', { min: 0 }) }));

const fields = {
  day: rules.date(),
  /** A location of type LINE. */
  lineId: rules.idValue(),
  productId: rules.idValue(),
  inspectedQty: nonNegativeQty(),
  passedQty: nonNegativeQty(),
  defects: z
    .array(
      z.strictObject({
        defectCode: rules.text(50),
        qty: rules.qty().refine((v) => v > 0, { error: ruleMessage('positive') }),
      }),
    )
    .max(DAILY_QUALITY_DEFECTS_MAX, { error: ruleMessage('max', { max: DAILY_QUALITY_DEFECTS_MAX }) })
    .default([]),
  description: rules.optionalText(500).transform((v) => v || null),
};

type Counted = { inspectedQty: number; passedQty: number; defects: { defectCode: string; qty: number }[] };
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
/** Passed ≤ inspected; each defect type once; the defects by type add up to the failed quantity (inspected − passed). */
export function checkDailyQuality(v: Counted, ctx: z.RefinementCtx) {
  if (v.passedQty > v.inspectedQty)
    ctx.addIssue({ code: 'custom', path: ['passedQty'], message: ruleMessage('dailyQualityPassedOver') });
  v.defects.forEach((d, i) => {
    if (v.defects.findIndex((o) => o.defectCode === d.defectCode) !== i)
      ctx.addIssue({ code: 'custom', path: ['defects', i, 'defectCode'], message: ruleMessage('duplicateValue') });
  });
  const failed = round5(v.inspectedQty - v.passedQty);
  const sum = round5(v.defects.reduce((s, d) => s + d.qty, 0));
  if (failed >= 0 && sum !== failed)
    ctx.addIssue({
      code: 'custom',
      path: ['defects'],
      message: ruleMessage('dailyQualityDefectSum', { failed, sum }),
    });
}

export const dailyQualityCreateBody = z.strictObject(fields).superRefine(checkDailyQuality);
export type DailyQualityCreate = z.infer<typeof dailyQualityCreateBody>;
export const dailyQualityUpdateBody = z.strictObject({ id: rules.idValue(), ...fields }).superRefine(checkDailyQuality);
export type DailyQualityUpdate = z.infer<typeof dailyQualityUpdateBody>;

const filterFields = {
  /** Day from … to (either may be open; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  lineId: rules.id().optional(),
  productId: rules.id().optional(),
  /** Product code or name, or line name contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, DAILY_QUALITY_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const dailyQualityFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type DailyQualityFilter = z.infer<typeof dailyQualityFilterQuery>;
export const dailyQualityListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type DailyQualityListQuery = z.infer<typeof dailyQualityListQuery>;

/** What "fill from results" computes for a day, line and product (GET …/fill). */
export const dailyQualityFillQuery = z.object({ day: rules.date(), lineId: rules.id(), productId: rules.id() });
export type DailyQualityFillQuery = z.infer<typeof dailyQualityFillQuery>;

/** A production result (daily plan) of the day, line and product: the kiosk's quantities by operation. */
export const dailyQualitySourcePlanSchema = z.object({
  dailyPlanId: z.number(),
  planId: z.number(),
  seq: z.number(),
  /** The plan's last operation: its good quantity is what passed. */
  last: z.boolean(),
  operationName: z.string(),
  status: z.string(),
  goodQty: z.number(),
  badQty: z.number(),
  defects: z.array(dailyQualityDefectSchema),
});
/** An inspection (quality result) of the product on that day. */
export const dailyQualitySourceInspectionSchema = z.object({
  id: z.number(),
  stage: z.string(),
  judgement: z.string(),
  inspectedAt: z.string(),
  lotId: z.string().nullable(),
  operationName: z.string().nullable(),
});
export const dailyQualitySourcesSchema = z.object({
  day: z.string(),
  lineId: z.number(),
  productId: z.number(),
  /** The counts the day's production results give (what "fill from results" puts in the form). */
  inspectedQty: z.number(),
  passedQty: z.number(),
  defects: z.array(dailyQualityDefectSchema),
  dailyPlans: z.array(dailyQualitySourcePlanSchema),
  inspections: z.array(dailyQualitySourceInspectionSchema),
  /** The record of that day, line and product when there is one. */
  existingId: z.number().nullable(),
});
export type DailyQualitySources = z.infer<typeof dailyQualitySourcesSchema>;

export const dailyQualityResultResponse = dataOf(dailyQualityResultSchema);
export const dailyQualityResultListResponse = listOf(dailyQualityResultSchema);
export const dailyQualitySourcesResponse = dataOf(dailyQualitySourcesSchema);
