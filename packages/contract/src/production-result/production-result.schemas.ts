import { z } from 'zod';
import { checkDayPeriod, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import {
  DAILY_PLAN_PERIOD_MAX_DAYS,
  dailyPlanSchema,
  WORK_STATUSES,
} from '../production-plan/production-plan.schemas.ts';
import { rules } from '../rules/index.ts';

// Production results ("profit" in the spec's paths; DOMAIN "Execution"): what was made against a daily plan — good
// quantity, bad quantity by defect type, worker, start and end — entered at the kiosk or on /production/profit. A
// result consumes the BOM material of the first operation's quantity from the plan's released material, and the last
// operation's good quantity goes into the plan's lot in product stock.

/** Results of one kiosk save at most (a line's daily plans of a day fit with room to spare). */
export const KIOSK_SAVE_MAX = 50;

export const resultDefectSchema = z.object({ defectCode: z.string(), qty: z.number() });
export type ResultDefect = z.infer<typeof resultDefectSchema>;

/** Material a result consumed: one package (supplier lot) released to the plan. */
export const resultConsumptionSchema = z.object({
  prodStockId: z.number(),
  stockId: z.number(),
  packageId: z.string(),
  supplierLot: z.string().nullable(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  qty: z.number(),
});
export type ResultConsumption = z.infer<typeof resultConsumptionSchema>;

/** A daily plan with its result. */
export const productionResultSchema = dailyPlanSchema.extend({
  planQty: z.number(),
  planStartDt: z.string(),
  planEndDt: z.string(),
  /** The plan's operation count: the result of seq = lastSeq makes the lot. */
  lastSeq: z.number(),
  workerId: z.number().nullable(),
  workerName: z.string().nullable(),
  defects: z.array(resultDefectSchema),
  /** The plan's lot once its last operation made something. */
  lotId: z.string().nullable(),
});
export type ProductionResult = z.infer<typeof productionResultSchema>;

export const productionResultDetailSchema = productionResultSchema.extend({
  consumptions: z.array(resultConsumptionSchema),
  /** Where the good quantity went (last operation only): shelf id and path. */
  stockLocationId: z.number().nullable(),
  stockLocationPath: z.string().nullable(),
});
export type ProductionResultDetail = z.infer<typeof productionResultDetailSchema>;

const defectItem = z.object({ defectCode: rules.text(50), qty: rules.positiveQty() });

/**
 * A result to save: the daily plan's totals (not increments). Status moves PLAN_COMPLETED → WORKING → WORK_COMPLETED
 * (started and ended stamped now when not given); bad quantity by defect type when given, adding up to badQty.
 */
export const resultSaveBody = z
  .object({
    id: rules.idValue(),
    status: z.enum(WORK_STATUSES).optional(),
    goodQty: rules.qty().pipe(z.number().min(0, { error: ruleMessage('targetQty') })),
    badQty: rules.qty().pipe(z.number().min(0, { error: ruleMessage('targetQty') })),
    defects: z.array(defectItem).max(50).optional(),
    workerId: rules.idValue().nullable().optional(),
    toolId: rules.idValue().nullable().optional(),
    /** The shelf the last operation's good quantity goes to (default: where the lot already is, else the factory's
     * first warehouse shelf). */
    locationId: rules.idValue().optional(),
    startedAt: rules.datetime().nullable().optional(),
    endedAt: rules.datetime().nullable().optional(),
    description: rules.optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.defects?.length) {
      const sum = Math.round(v.defects.reduce((s, d) => s + d.qty, 0) * 1e5) / 1e5;
      if (sum !== v.badQty)
        ctx.addIssue({ code: 'custom', path: ['badQty'], message: ruleMessage('defectSumMismatch', { sum }) });
      const codes = v.defects.map((d) => d.defectCode);
      const twice = codes.findIndex((c, i) => codes.indexOf(c) !== i);
      if (twice >= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['defects', twice, 'defectCode'],
          message: ruleMessage('duplicateValue'),
        });
    }
    if (v.status === 'PLAN_COMPLETED' && (v.goodQty > 0 || v.badQty > 0))
      ctx.addIssue({ code: 'custom', path: ['status'], message: ruleMessage('resultNotStarted') });
    if (v.startedAt && v.endedAt && v.endedAt < v.startedAt)
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: ruleMessage('endBeforeStart') });
  });
export type ResultSave = z.infer<typeof resultSaveBody>;

export const kioskSaveBody = z.object({ dailyPlans: z.array(resultSaveBody).min(1).max(KIOSK_SAVE_MAX) });
export type KioskSave = z.infer<typeof kioskSaveBody>;

/** Results whose day falls in startDt … endDt (at most 93 days), filtered, one page. */
export const resultListQuery = z
  .object({
    startDt: rules.date(),
    endDt: rules.date(),
    /** A line, or a factory or site: the lines below it. */
    locationId: rules.id().optional(),
    /** Product code or name. */
    q: z.string().max(100).optional(),
    status: queryArray(z.enum(WORK_STATUSES)),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .superRefine((v, ctx) =>
    checkDayPeriod({ from: v.startDt, to: v.endDt }, DAILY_PLAN_PERIOD_MAX_DAYS, ctx, ['endDt']),
  );
export type ResultListQuery = z.infer<typeof resultListQuery>;

// Kiosk (SPEC §7 Kiosk): the shop floor's view — factories and lines, a line's works of the factory's today.
export const kioskLineSchema = z.object({ id: z.number(), name: z.string() });
export const kioskFactorySchema = z.object({ id: z.number(), name: z.string(), lines: z.array(kioskLineSchema) });
export type KioskFactory = z.infer<typeof kioskFactorySchema>;

export const kioskWorksQuery = z.object({ fabId: rules.id(), lineId: rules.id() });
export const kioskWorksSchema = z.object({
  /** The factory's today (TZ). */
  day: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  /** Today's daily plans of the line, and earlier ones still WORKING. */
  dailyPlans: z.array(productionResultSchema),
  workers: z.array(z.object({ id: z.number(), userId: z.string(), username: z.string() })),
  /** Shelves of the factory's warehouses, for the last operation's product. */
  shelves: z.array(z.object({ id: z.number(), name: z.string(), path: z.string() })),
});
export type KioskWorks = z.infer<typeof kioskWorksSchema>;

/** 1 … 100 ids, repeated in the query. */
const idList = () =>
  queryArray(rules.id())
    .refine((v) => !!v && v.length > 0 && v.length <= 100, { error: ruleMessage('required') })
    .transform((v) => v as number[]);
export const kioskPlanIdsQuery = z.object({ planIds: idList() });
export const kioskProductIdsQuery = z.object({ productIds: idList() });

export const productionResultResponse = dataOf(productionResultSchema);
export const productionResultDetailResponse = dataOf(productionResultDetailSchema);
export const productionResultListResponse = listOf(productionResultSchema);
export const productionResultPageResponse = z.object({ data: z.array(productionResultSchema), total: z.number() });
export const kioskFactoryListResponse = listOf(kioskFactorySchema);
export const kioskWorksResponse = dataOf(kioskWorksSchema);
