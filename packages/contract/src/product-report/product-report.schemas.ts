import { z } from 'zod';
import { checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';

// The product report (SPEC §2 /report/product, §7 "Reports and KPI → Product: GET /product-report/report (query)";
// DOMAIN "Measures"): production by product and period bucket (day, ISO week from Monday, month) — planned, good and
// bad quantities, achievement rate and defect rate. Formulas: apps/server/src/modules/product-report/README.md.

export const PRODUCT_REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ProductReportBucket = (typeof PRODUCT_REPORT_BUCKETS)[number];
/** The period (daily plans' days, both inclusive): at most a year; by day at most 93 days (a quarter). */
export const PRODUCT_REPORT_PERIOD_MAX_DAYS = 366;
export const PRODUCT_REPORT_DAYS_MAX_DAYS = 93;
export const productReportMaxDays = (bucket: ProductReportBucket) =>
  bucket === 'day' ? PRODUCT_REPORT_DAYS_MAX_DAYS : PRODUCT_REPORT_PERIOD_MAX_DAYS;

const checkPeriod = (v: { startDt: string; endDt: string; bucket: ProductReportBucket }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, productReportMaxDays(v.bucket), ctx, ['endDt']);

export const productReportQuery = z
  .object({
    startDt: rules.date(),
    endDt: rules.date(),
    bucket: z.enum(PRODUCT_REPORT_BUCKETS).default('month'),
    productId: rules.id().optional(),
  })
  .superRefine(checkPeriod);
export type ProductReportQuery = z.infer<typeof productReportQuery>;

/** The report's file parameters (GET /report/pdf|excel/product-report/period, `params` JSON). */
export const productReportFileParams = z
  .strictObject({
    startDt: rules.date(),
    endDt: rules.date(),
    bucket: z.enum(PRODUCT_REPORT_BUCKETS).default('month'),
    productId: rules.idValue().optional(),
  })
  .superRefine(checkPeriod);
export type ProductReportFileParams = z.infer<typeof productReportFileParams>;

const figures = {
  /** Σ targets of the daily plans of each plan's last operation. */
  plannedQty: z.number(),
  /** Σ good quantities of the daily plans of each plan's last operation (what left the line). */
  goodQty: z.number(),
  /** Σ bad quantities of the daily plans of every operation. */
  badQty: z.number(),
  /** good ÷ planned in percent, 1 place; null when nothing was planned. */
  achievementRate: z.number().nullable(),
  /** bad ÷ (good + bad) in percent, 2 places; null when nothing was made. */
  defectRate: z.number().nullable(),
};
export const productReportFiguresSchema = z.object(figures);
export type ProductReportFigures = z.infer<typeof productReportFiguresSchema>;

export const productReportBucketSchema = z.object({
  /** day: yyyy-MM-dd; week: its Monday yyyy-MM-dd; month: yyyy-MM. */
  key: z.string(),
  /** The bucket's days inside the period (the first and last buckets may be cut by it). */
  startDt: z.string(),
  endDt: z.string(),
  ...figures,
});
export type ProductReportPeriod = z.infer<typeof productReportBucketSchema>;

export const productReportProductSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  ...figures,
  /** The buckets where the product had a daily plan, in order. */
  buckets: z.array(productReportBucketSchema),
});
export type ProductReportProduct = z.infer<typeof productReportProductSchema>;

export const productReportSchema = z.object({
  startDt: z.string(),
  endDt: z.string(),
  bucket: z.enum(PRODUCT_REPORT_BUCKETS),
  /** Every bucket of the period, all products summed (empty ones with zeros): the chart. */
  buckets: z.array(productReportBucketSchema),
  /** Products with a daily plan in the period, by code. */
  products: z.array(productReportProductSchema),
  total: productReportFiguresSchema,
});
export type ProductReport = z.infer<typeof productReportSchema>;
export const productReportResponse = dataOf(productReportSchema);

/** A bucket's caption: the day, `2026-W48` for a week (the ISO week of its Monday), the month (screen and files). */
export function productReportBucketLabel(key: string, bucket: ProductReportBucket): string {
  if (bucket !== 'week') return key;
  const thursday = new Date(Date.parse(`${key}T00:00:00Z`) + 3 * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000)) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
