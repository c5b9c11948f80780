import { z } from 'zod';
import { checkDayPeriod } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { isDate } from '../rules/predicates.ts';
import { rules } from '../rules/rules.ts';

// The KPI report (SPEC §7 "Reports and KPI → KPI", DOMAIN "Measures") and the workshop (atelier) KPI page. Rates are
// percentages rounded to 2 decimals, null when their denominator is 0 (nothing planned, nothing made): "none", never
// NaN. Months are yyyy-MM of the factory's calendar.

/** The selected month and the 3 before it (SPEC §7: the KPI report starts 3 months before the selected month). */
export const KPI_REPORT_MONTHS = 4;
/** Hours worked on a production day when the caller gives no workingTime. */
export const KPI_WORKING_TIME_DEFAULT = 8;
/** The atelier page's day periods (daily and hourly production, inspection minutes): at most this many days. */
export const KPI_DAY_PERIOD_MAX = 93;
/** The atelier page's month periods (defect rates, inspection rate, claims): at most this many months. */
export const KPI_MONTH_PERIOD_MAX = 24;

const MONTH = /^(19|20)\d\d-(0[1-9]|1[0-2])$/;
export const isMonth = (v: string) => MONTH.test(v);
/** A month, yyyy-MM. */
export const kpiMonth = () =>
  z.string({ error: ruleMessage('required') }).regex(MONTH, { error: ruleMessage('kpiMonth') });
/** The `{date}` of the KPI paths: a month (yyyy-MM) or any day of it (yyyy-MM-dd); answers the month. */
export const kpiDate = () =>
  z
    .string({ error: ruleMessage('required') })
    .refine((v) => isMonth(v) || (isDate(v) && isMonth(v.slice(0, 7))), { error: ruleMessage('kpiMonth') })
    .transform((v) => v.slice(0, 7));

export const kpiDateParam = z.object({ date: kpiDate() });
/** Hours worked per production day, > 0 and ≤ 24. */
export const kpiWorkingTime = () =>
  z.coerce
    .number({ error: ruleMessage('realNumber') })
    .refine((v) => v > 0 && v <= 24, { error: ruleMessage('between', { min: 0, max: 24 }) });
export const kpiWorkingTimeQuery = z.object({ workingTime: kpiWorkingTime().default(KPI_WORKING_TIME_DEFAULT) });
export const kpiReportQuery = z.object({
  date: kpiDate(),
  workingTime: kpiWorkingTime().default(KPI_WORKING_TIME_DEFAULT),
});
export type KpiReportQuery = z.infer<typeof kpiReportQuery>;

/** Months from–to of yyyy-MM, inclusive: count (0 when the end is before the start). */
export const monthSpan = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

export const kpiMonthPeriodQuery = z.object({ startMonth: kpiMonth(), endMonth: kpiMonth() }).superRefine((q, ctx) => {
  if (!isMonth(q.startMonth ?? '') || !isMonth(q.endMonth ?? '')) return;
  const n = monthSpan(q.startMonth, q.endMonth);
  if (n < 1) ctx.addIssue({ code: 'custom', path: ['endMonth'], message: ruleMessage('periodOrder') });
  else if (n > KPI_MONTH_PERIOD_MAX)
    ctx.addIssue({
      code: 'custom',
      path: ['endMonth'],
      message: ruleMessage('kpiMonthPeriodMax', { months: KPI_MONTH_PERIOD_MAX }),
    });
});
export type KpiMonthPeriod = z.infer<typeof kpiMonthPeriodQuery>;
export const kpiDayPeriodQuery = z
  .object({ startDt: rules.date(), endDt: rules.date() })
  .superRefine((q, ctx) => checkDayPeriod({ from: q.startDt, to: q.endDt }, KPI_DAY_PERIOD_MAX, ctx, ['endDt']));
export type KpiDayPeriod = z.infer<typeof kpiDayPeriodQuery>;

const rate = z.number().nullable();

/** One month of the KPI report: what was planned and made, and the three measures. */
export const kpiMonthRowSchema = z.object({
  month: z.string(),
  /** Target of the daily plans of the plans' last operation. */
  plannedQty: z.number(),
  /** Good quantity of the last operation (finished output). */
  goodQty: z.number(),
  /** Bad quantity of every operation. */
  badQty: z.number(),
  /** Days with a result (good or bad) in the month. */
  workDays: z.number(),
  /** workDays × workingTime. */
  workedHours: z.number(),
  /** good / planned × 100. */
  achieveRate: rate,
  /** good / worked hours. */
  perHour: rate,
  /** bad / (good + bad) × 100. */
  defectRate: rate,
});
export type KpiMonthRow = z.infer<typeof kpiMonthRowSchema>;
export const kpiProductRowSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  months: z.array(kpiMonthRowSchema),
});
export type KpiProductRow = z.infer<typeof kpiProductRowSchema>;
export const kpiReportSchema = z.object({
  /** The 4 months, oldest first; the last is the selected one. */
  months: z.array(z.string()),
  workingTime: z.number(),
  total: z.array(kpiMonthRowSchema),
  products: z.array(kpiProductRowSchema),
});
export type KpiReport = z.infer<typeof kpiReportSchema>;
export const kpiReportResponse = z.object({ data: kpiReportSchema });

// The three measures on their own (the spec's separate paths): the same months and products, each row with only its
// measure's quantities.
const series = <T extends z.ZodRawShape>(shape: T) => {
  const row = z.object({ month: z.string(), ...shape });
  return z.object({
    data: z.object({
      months: z.array(z.string()),
      total: z.array(row),
      products: z.array(
        z.object({ productId: z.number(), productCode: z.string(), productName: z.string(), months: z.array(row) }),
      ),
    }),
  });
};
export const kpiAchieveRateResponse = series({ plannedQty: z.number(), goodQty: z.number(), achieveRate: rate });
export const kpiPerHourResponse = series({
  goodQty: z.number(),
  workDays: z.number(),
  workedHours: z.number(),
  perHour: rate,
});
export const kpiDefectRateResponse = series({ goodQty: z.number(), badQty: z.number(), defectRate: rate });

// The atelier (workshop) KPI page.
export const atelierDailyRowSchema = z.object({
  day: z.string(),
  plannedQty: z.number(),
  goodQty: z.number(),
  badQty: z.number(),
});
export const atelierDailyResponse = z.object({ data: z.array(atelierDailyRowSchema) });
export const atelierHourlyRowSchema = z.object({ hour: z.number(), goodQty: z.number(), badQty: z.number() });
export const atelierHourlyResponse = z.object({ data: z.array(atelierHourlyRowSchema) });
export const atelierOperationDefectSchema = z.object({
  operationId: z.number(),
  operationCode: z.string(),
  operationName: z.string(),
  goodQty: z.number(),
  badQty: z.number(),
  defectRate: rate,
});
export const atelierOperationDefectResponse = z.object({ data: z.array(atelierOperationDefectSchema) });
export const atelierProductDefectSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  goodQty: z.number(),
  badQty: z.number(),
  defectRate: rate,
});
export const atelierProductDefectResponse = z.object({ data: z.array(atelierProductDefectSchema) });
export const atelierInspectionRateSchema = z.object({
  month: z.string(),
  /** Lots made by production in the month (by production day). */
  producedLots: z.number(),
  /** Of those, lots with at least one final inspection. */
  inspectedLots: z.number(),
  rate,
});
export const atelierInspectionRateResponse = z.object({ data: z.array(atelierInspectionRateSchema) });
export const atelierClaimCountSchema = z.object({ month: z.string(), count: z.number(), closedCount: z.number() });
export const atelierClaimCountResponse = z.object({ data: z.array(atelierClaimCountSchema) });

// Inspection minutes per product (README "Measures"): the product inspections (final of a lot, in-process of a
// production result) inspected on a day of startDt … endDt (factory time zone); incoming inspections of materials are
// not a product's. Only an inspection with a time counts towards the minutes, its pieces and both ratios.
const inspectionMinutesFields = {
  /** Product inspections inspected in the period, timed or not. */
  inspections: z.number(),
  /** Of those, the ones with an inspection time. */
  timedInspections: z.number(),
  /** Σ inspection minutes of the timed ones. */
  totalMinutes: z.number(),
  /**
   * Pieces inspected by the timed ones: per inspection, the largest sample size of its items (sample k of every item
   * is the same piece), summed.
   */
  inspectedQty: z.number(),
  /** totalMinutes / timedInspections, 2 decimals; null when none was timed. */
  minutesPerInspection: rate,
  /** totalMinutes / inspectedQty, 2 decimals; null when none was timed. */
  minutesPerUnit: rate,
};
export const atelierInspectionMinutesSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  ...inspectionMinutesFields,
});
export const atelierInspectionMinutesTotalSchema = z.object(inspectionMinutesFields);
export const atelierInspectionMinutesResponse = z.object({
  data: z.object({
    /** Products with an inspection in the period, by code. */
    products: z.array(atelierInspectionMinutesSchema),
    /** Every product inspection of the period (the ratios of the sums, not an average of the products' ratios). */
    total: atelierInspectionMinutesTotalSchema,
  }),
});

export type AtelierDailyRow = z.infer<typeof atelierDailyRowSchema>;
export type AtelierHourlyRow = z.infer<typeof atelierHourlyRowSchema>;
export type AtelierOperationDefect = z.infer<typeof atelierOperationDefectSchema>;
export type AtelierProductDefect = z.infer<typeof atelierProductDefectSchema>;
export type AtelierInspectionRate = z.infer<typeof atelierInspectionRateSchema>;
export type AtelierClaimCount = z.infer<typeof atelierClaimCountSchema>;
export type AtelierInspectionMinutes = z.infer<typeof atelierInspectionMinutesSchema>;
export type AtelierInspectionMinutesTotal = z.infer<typeof atelierInspectionMinutesTotalSchema>;
export type AtelierInspectionMinutesReport = z.infer<typeof atelierInspectionMinutesResponse>['data'];

/** The report files: `kpi-report/monthly` (PDF, Excel) and `kpi-report/atelier` (PDF, Excel). */
export const kpiReportFileParams = z.strictObject({
  date: kpiDate(),
  workingTime: z
    .number({ error: ruleMessage('realNumber') })
    .refine((v) => v > 0 && v <= 24, { error: ruleMessage('between', { min: 0, max: 24 }) })
    .default(KPI_WORKING_TIME_DEFAULT),
});
export const atelierKpiFileParams = z
  .strictObject({ startDt: rules.date(), endDt: rules.date(), startMonth: kpiMonth(), endMonth: kpiMonth() })
  .superRefine((q, ctx) => {
    checkDayPeriod({ from: q.startDt, to: q.endDt }, KPI_DAY_PERIOD_MAX, ctx, ['endDt']);
    if (!isMonth(q.startMonth ?? '') || !isMonth(q.endMonth ?? '')) return;
    const n = monthSpan(q.startMonth, q.endMonth);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['endMonth'], message: ruleMessage('periodOrder') });
    else if (n > KPI_MONTH_PERIOD_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['endMonth'],
        message: ruleMessage('kpiMonthPeriodMax', { months: KPI_MONTH_PERIOD_MAX }),
      });
  });
