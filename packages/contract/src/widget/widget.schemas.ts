import { z } from 'zod';
import { checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { productionPlanSchema } from '../production-plan/production-plan.schemas.ts';
import { rules } from '../rules/index.ts';
import { WIDGET_IDS_MAX, WIDGET_PERIODS } from '../dashboard/dashboard.schemas.ts';

// The dashboard widgets' data (SPEC §7 "Widgets (GET)") and the AI assistant's production data calls (SPEC §7
// "Reports and KPI → AI chat"). Every figure is a query over the production, stock and machine data; the formulas are
// in apps/server/src/modules/widget/README.md (DOMAIN "Measures": achievement = good / planned, defect rate =
// bad / (good + bad), rates in percent, null when the denominator is 0).

// A widget's period (WIDGET_PERIODS: today, this ISO week from Monday to today, this month to today) and its id lists'
// length (WIDGET_IDS_MAX) are the dashboard's (dashboard.schemas.ts): a saved widget's settings are its data query.
/** The AI assistant's production status: at most this many days (a quarter, as the product report by day). */
export const AI_PROD_STATUS_MAX_DAYS = 93;
/** Base hours of a day when the caller gives none (as the KPI report's working time). */
export const WIDGET_BASE_HOUR_DEFAULT = 8;

/** A repeated query id list (`?ids=1&ids=2`), 1 … WIDGET_IDS_MAX distinct ids, required. */
const idList = () =>
  z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z
      .array(rules.id(), {
        error: (iss) => (iss.input === undefined ? ruleMessage('required') : ruleMessage('invalidType')),
      })
      .min(1, { error: ruleMessage('required') })
      .max(WIDGET_IDS_MAX)
      .transform((ids) => [...new Set(ids)]),
  );
const requiredId = () => z.preprocess((v) => (v === '' ? undefined : v), rules.id());
const period = () => z.enum(WIDGET_PERIODS, { error: ruleMessage('invalidOption') });
/** Base hours of a day: > 0 and ≤ 24. */
const baseHour = () =>
  z.coerce
    .number({ error: ruleMessage('realNumber') })
    .refine((v) => v > 0 && v <= 24, { error: ruleMessage('between', { min: 0, max: 24 }) })
    .default(WIDGET_BASE_HOUR_DEFAULT);

export const widgetLocationQuery = z.object({ locationId: requiredId() });
export const widgetLocationPeriodQuery = z.object({ locationId: requiredId(), period: period() });
export const widgetLocationDateQuery = z.object({ locationId: requiredId(), date: rules.date() });
export const widgetToolQuery = z.object({ toolId: requiredId() });
export const widgetOperRateQuery = z.object({ toolId: requiredId(), baseHour: baseHour() });
export const widgetOperRateRaiseQuery = z.object({ toolId: requiredId(), baseHour: baseHour(), period: period() });
export const widgetParametersQuery = z.object({ parameterIds: idList() });
/** The group parameters (what labels a tool's weights, e.g. its batch) may be none. */
export const widgetScaleQuery = z.object({
  groupParameterIds: idList()
    .optional()
    .transform((ids) => ids ?? []),
  weightParameterIds: idList(),
});
export const widgetProductsQuery = z.object({ productIds: idList() });
export const aiProdStatusQuery = z
  .object({ fromDate: rules.date(), toDate: rules.date() })
  .superRefine((v, ctx) =>
    checkDayPeriod({ from: v.fromDate, to: v.toDate }, AI_PROD_STATUS_MAX_DAYS, ctx, ['toDate']),
  );

const rate = z.number().nullable();
const goodBad = {
  goodQty: z.number(),
  badQty: z.number(),
  /** bad ÷ (good + bad) × 100, 2 places; null when nothing was made. */
  defectRate: rate,
};

// ── good/bad status (widget: today; AI chat: a date) ─────────────────────────────────────────────────────────────
export const goodBadRowSchema = z.object({
  lineId: z.number(),
  lineName: z.string(),
  /** The tool of the daily plans (the daily plan's, else its operation plan's); null: no tool set. */
  toolId: z.number().nullable(),
  toolCode: z.string().nullable(),
  toolName: z.string().nullable(),
  ...goodBad,
});
export const goodBadStatusSchema = z.object({
  date: z.string(),
  locationId: z.number(),
  /** Per line and tool, by line name then tool code. */
  rows: z.array(goodBadRowSchema),
  /** The rows summed. */
  total: z.object(goodBad),
});
export type GoodBadStatus = z.infer<typeof goodBadStatusSchema>;

// ── tool production over a period ───────────────────────────────────────────────────────────────────────────────
export const toolProductSchema = z.object({
  period: z.enum(WIDGET_PERIODS),
  startDt: z.string(),
  endDt: z.string(),
  /** Every tool under the location (zeros when it made nothing), by code. */
  tools: z.array(
    z.object({ toolId: z.number(), toolCode: z.string(), toolName: z.string(), lineName: z.string(), ...goodBad }),
  ),
});
export type ToolProduct = z.infer<typeof toolProductSchema>;

// ── line work status ────────────────────────────────────────────────────────────────────────────────────────────
export const lineWorkSchema = z.object({
  dailyPlanId: z.number(),
  planId: z.number(),
  day: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  operationName: z.string(),
  targetQty: z.number(),
  goodQty: z.number(),
  badQty: z.number(),
  /** good ÷ target × 100, 1 place; null when the target is 0. */
  progress: rate,
  startedAt: z.string().nullable(),
});
export const lineWorkStatusSchema = z.object({
  tools: z.array(
    z.object({
      toolId: z.number(),
      toolCode: z.string(),
      toolName: z.string(),
      lineId: z.number(),
      lineName: z.string(),
      /** The daily plan the tool is WORKING on (the latest started), or null: idle. */
      work: lineWorkSchema.nullable(),
    }),
  ),
});
export type LineWorkStatus = z.infer<typeof lineWorkStatusSchema>;

// ── latest parameter values (current trace data, scale status) ──────────────────────────────────────────────────
export const SPEC_STATES = ['OK', 'LOW', 'HIGH', 'NO_DATA'] as const;
export const currentValueSchema = z.object({
  parameterId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  toolId: z.number(),
  toolName: z.string(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  target: z.number().nullable(),
  /** The latest collected value and its time; null when none was ever collected. */
  value: z.number().nullable(),
  ts: z.string().nullable(),
  /** LOW below the lower limit, HIGH above the upper (NUMBER parameters, as the spec-out rule), NO_DATA: no value. */
  state: z.enum(SPEC_STATES),
});
export type CurrentValue = z.infer<typeof currentValueSchema>;
export const currentTraceDataSchema = z.array(currentValueSchema);

export const scaleStatusSchema = z.object({
  /** One group per tool holding any of the parameters, by tool code; parameters in the order asked. */
  groups: z.array(
    z.object({
      toolId: z.number(),
      toolCode: z.string(),
      toolName: z.string(),
      /** The group parameters' latest values (e.g. the product or batch the scale weighs). */
      groupValues: z.array(currentValueSchema),
      /** The weight parameters' latest values. */
      weights: z.array(currentValueSchema),
    }),
  ),
});
export type ScaleStatus = z.infer<typeof scaleStatusSchema>;

export const toolParameterTreeSchema = z.array(
  z.object({
    /** `tool-{id}`: a unique key for the tree picker. */
    key: z.string(),
    toolId: z.number(),
    toolCode: z.string(),
    toolName: z.string(),
    /** Factory / line (or warehouse) of the tool. */
    locationPath: z.string(),
    children: z.array(
      z.object({
        key: z.string(),
        parameterId: z.number(),
        code: z.string(),
        name: z.string(),
        unit: z.string().nullable(),
        dataType: z.string(),
      }),
    ),
  }),
);

// ── production status (widget: today; AI chat: a period) ────────────────────────────────────────────────────────
const prodFigures = {
  /** Σ targets of the daily plans of each plan's last operation. */
  plannedQty: z.number(),
  /** Σ good quantities of those daily plans (what left the line). */
  goodQty: z.number(),
  /** Σ bad quantities of the daily plans of every operation. */
  badQty: z.number(),
  /** good ÷ planned × 100, 1 place; null when nothing was planned. */
  achievementRate: rate,
  defectRate: rate,
};
export const prodStatusSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  total: z.object(prodFigures),
  /** Products with a daily plan in the period, by code. */
  products: z.array(
    z.object({
      productId: z.number(),
      productCode: z.string(),
      productName: z.string(),
      unit: z.string(),
      ...prodFigures,
    }),
  ),
});
export type ProdStatus = z.infer<typeof prodStatusSchema>;

// ── product stock ───────────────────────────────────────────────────────────────────────────────────────────────
export const productStockStatusSchema = z.array(
  z.object({
    productId: z.number(),
    productCode: z.string(),
    productName: z.string(),
    unit: z.string(),
    /** Σ quantities of the product's stock rows not disposed (every shelf and tool). */
    qty: z.number(),
    /** Lots with a quantity > 0 among them. */
    lotCount: z.number(),
    safetyStock: z.number().nullable(),
    /** qty < safety stock (false without a safety stock). */
    belowSafety: z.boolean(),
  }),
);

// ── plans by status ─────────────────────────────────────────────────────────────────────────────────────────────
export const statusCountsSchema = z.object({
  PLAN_COMPLETED: z.number(),
  WORKING: z.number(),
  WORK_COMPLETED: z.number(),
  total: z.number(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;
export const planStatusSchema = z.object({
  /** The day whose plans these are (their period contains it). */
  date: z.string(),
  counts: statusCountsSchema,
  /** Newest start first. */
  plans: z.array(productionPlanSchema),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;
export const linePlanStatusSchema = z.object({
  date: z.string(),
  counts: statusCountsSchema,
  /** Per line under the location with a plan today, by line name. */
  lines: z.array(z.object({ lineId: z.number(), lineName: z.string(), counts: statusCountsSchema })),
});
export type LinePlanStatus = z.infer<typeof linePlanStatusSchema>;

// ── tool operating rate ─────────────────────────────────────────────────────────────────────────────────────────
export const operRateSchema = z.object({
  startDt: z.string(),
  endDt: z.string(),
  /** Σ (good + bad) × cycle time of the tool's daily plans of the days, in hours, 2 places. */
  workedHours: z.number(),
  /** baseHour × days. */
  baseHours: z.number(),
  /** worked ÷ base × 100, 1 place. */
  operRate: rate,
  /** Daily plans with a quantity but no cycle time (their time is unknown and not counted). */
  withoutCycleTime: z.number(),
});
export type OperRate = z.infer<typeof operRateSchema>;
export const operRateRaiseSchema = z.object({
  period: z.enum(WIDGET_PERIODS),
  current: operRateSchema,
  previous: operRateSchema,
  /** current − previous operating rate in percentage points, 1 place; null when either is null. */
  raise: rate,
});
export type OperRateRaise = z.infer<typeof operRateRaiseSchema>;

// ── defect improvement ──────────────────────────────────────────────────────────────────────────────────────────
const defectPeriod = z.object({ startDt: z.string(), endDt: z.string(), ...goodBad });
export const defectImproveSchema = z.object({
  period: z.enum(WIDGET_PERIODS),
  current: defectPeriod,
  previous: defectPeriod,
  /** previous − current defect rate in percentage points, 2 places (positive: fewer defects); null when either is null. */
  improvement: rate,
  /** improvement ÷ previous defect rate × 100, 1 place; null when the previous is null or 0. */
  improveRate: rate,
});
export type DefectImprove = z.infer<typeof defectImproveSchema>;

export const goodBadStatusResponse = dataOf(goodBadStatusSchema);
export const toolProductResponse = dataOf(toolProductSchema);
export const lineWorkStatusResponse = dataOf(lineWorkStatusSchema);
export const scaleStatusResponse = dataOf(scaleStatusSchema);
export const toolParameterTreeResponse = dataOf(toolParameterTreeSchema);
export const currentTraceDataResponse = dataOf(currentTraceDataSchema);
export const prodStatusResponse = dataOf(prodStatusSchema);
export const productStockStatusResponse = dataOf(productStockStatusSchema);
export const planStatusResponse = dataOf(planStatusSchema);
export const linePlanStatusResponse = dataOf(linePlanStatusSchema);
export const operRateResponse = dataOf(operRateSchema);
export const operRateRaiseResponse = dataOf(operRateRaiseSchema);
export const defectImproveResponse = dataOf(defectImproveSchema);
