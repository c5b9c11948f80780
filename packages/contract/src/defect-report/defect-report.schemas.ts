import { z } from 'zod';
import { checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';

// The defect report (SPEC §2 /report/defect, §7 "Reports and KPI → Defect: GET /defect-report/{a}/{b}/{c}"; DOMAIN
// "Execution", "Measures"): the bad quantities of the production results (daily plans) of a period, grouped by
// product, operation or defect type, largest first, each with its share and the cumulative share (a Pareto table).
// The spec gives only the shape of the path; ours is `/defect-report/{groupBy}/{startDt}/{endDt}` with the filters in
// the query. Formulas: the server module's README (apps/server/src/modules/defect-report/README.md).

/** `{groupBy}`: what a row of the report is. */
export const DEFECT_REPORT_GROUPS = ['product', 'operation', 'defect-type'] as const;
export type DefectReportGroup = (typeof DEFECT_REPORT_GROUPS)[number];
/** The period (the daily plans' days, both inclusive): at most a year. */
export const DEFECT_REPORT_PERIOD_MAX_DAYS = 366;

const checkPeriod = (v: { startDt: string; endDt: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, DEFECT_REPORT_PERIOD_MAX_DAYS, ctx, ['endDt']);

export const defectReportParams = z
  .object({ groupBy: z.enum(DEFECT_REPORT_GROUPS), startDt: rules.date(), endDt: rules.date() })
  .superRefine(checkPeriod);
export type DefectReportParams = z.infer<typeof defectReportParams>;

/** The filters: only the bad quantities of this product, operation, defect type (a DEFECT_TYPE code). */
export const defectReportQuery = z.object({
  productId: rules.id().optional(),
  operationId: rules.id().optional(),
  defectCode: rules.text(50).optional(),
});
export type DefectReportQuery = z.infer<typeof defectReportQuery>;

/** The report's file parameters (GET /report/pdf|excel/defect-report/period, `params` JSON): path and query in one. */
export const defectReportFileParams = z
  .strictObject({
    groupBy: z.enum(DEFECT_REPORT_GROUPS),
    startDt: rules.date(),
    endDt: rules.date(),
    productId: rules.idValue().optional(),
    operationId: rules.idValue().optional(),
    defectCode: rules.text(50).optional(),
  })
  .superRefine(checkPeriod);
export type DefectReportFileParams = z.infer<typeof defectReportFileParams>;

export const defectReportRowSchema = z.object({
  /** The product or operation id, or the defect code; '' for the unclassified row. */
  key: z.string(),
  /** Product code, operation code or defect code; null for the unclassified row. */
  code: z.string().nullable(),
  /** Product name, operation name or the defect type's Korean name; null for the unclassified row. */
  name: z.string().nullable(),
  /** The defect type's English name, when the code has one (defect-type rows). */
  nameEn: z.string().nullable(),
  /** Bad quantity the results gave no defect type for (defect-type rows only, always the last row). */
  unclassified: z.boolean(),
  qty: z.number(),
  /** qty ÷ total in percent, 2 places. */
  share: z.number(),
  /** The running sum down to this row ÷ total in percent, 2 places (the last row 100). */
  cumulativeShare: z.number(),
});
export type DefectReportRow = z.infer<typeof defectReportRowSchema>;

export const defectReportSchema = z.object({
  groupBy: z.enum(DEFECT_REPORT_GROUPS),
  startDt: z.string(),
  endDt: z.string(),
  /** Largest quantity first (ties by code); the unclassified row last. */
  rows: z.array(defectReportRowSchema),
  totalQty: z.number(),
});
export type DefectReport = z.infer<typeof defectReportSchema>;
export const defectReportResponse = dataOf(defectReportSchema);
