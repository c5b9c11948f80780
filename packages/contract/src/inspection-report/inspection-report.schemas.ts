import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { JUDGEMENTS } from '../quality/quality.judgement.ts';
import { qualityResultDetailSchema, qualityResultSchema } from '../quality/quality.schemas.ts';
import { rules } from '../rules/index.ts';

// Inspection reports (SPEC §2 /quality/report/inspection-report, §7 "Inspection report"; DOMAIN "Inspection report"):
// a document issued to a customer for a lot of a product, built from that product's quality results (final or
// in-process inspections): report no., issue date, customer, product, LOT ID, quantity, the results, inspector and
// approver names, remarks. Its PDF and Excel are the generic report files `inspection-report/single`.

export const INSPECTION_REPORT_RESULTS_MAX = 20;
/** The list's period (issue date): at most this many days. */
export const INSPECTION_REPORT_PERIOD_MAX_DAYS = 366;
/** Report numbers the server gives when none is typed: `IR-yyyyMMdd-NNN`. */
export const INSPECTION_REPORT_PREFIX = 'IR';

export const inspectionReportSchema = z.object({
  id: z.number(),
  reportNo: z.string(),
  issueDt: z.string(),
  bizPartnerId: z.number(),
  bizPartnerName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  qty: z.number(),
  inspectorName: z.string(),
  approverName: z.string().nullable(),
  remarks: z.string().nullable(),
  /** FAIL when any of its results failed (after overrides), PASS otherwise. */
  judgement: z.enum(JUDGEMENTS),
  resultIds: z.array(z.number()),
  ...auditFields,
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;
/** One report with its results, items and samples (what the PDF prints). */
export const inspectionReportDetailSchema = inspectionReportSchema.extend({
  results: z.array(qualityResultDetailSchema),
});
export type InspectionReportDetail = z.infer<typeof inspectionReportDetailSchema>;

const optionalKey = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: ruleMessage('maxLength', { max }) })
    .nullish()
    .transform((v) => v || null);

const fields = {
  /** Empty: the server numbers it `IR-<issue day>-NNN`. Unique in any case. */
  reportNo: optionalKey(50),
  issueDt: rules.date(),
  /** A partner whose types include CUSTOMER. */
  bizPartnerId: rules.idValue(),
  productId: rules.idValue(),
  /** A LOT ID of the product (any case); empty for none. */
  lotId: optionalKey(100),
  qty: rules.positiveQty(),
  /** Product quality results (final or in-process) of the product, and of the lot when they are a lot's. */
  resultIds: z
    .array(rules.idValue(), { error: ruleMessage('required') })
    .min(1, { error: ruleMessage('required') })
    .max(INSPECTION_REPORT_RESULTS_MAX, { error: ruleMessage('maxItems', { max: INSPECTION_REPORT_RESULTS_MAX }) }),
  inspectorName: rules.text(50),
  approverName: rules.optionalText(50).transform((v) => v || null),
  remarks: rules.optionalText(2000).transform((v) => v || null),
};
export const inspectionReportFieldsSchema = z.strictObject(fields);
export const inspectionReportCreateBody = z.strictObject(fields);
export type InspectionReportCreate = z.infer<typeof inspectionReportCreateBody>;
export const inspectionReportUpdateBody = z.strictObject({ id: rules.idValue(), ...fields });
export type InspectionReportUpdate = z.infer<typeof inspectionReportUpdateBody>;

const filterFields = {
  /** Issue date from … to (either may be open; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  bizPartnerId: rules.id().optional(),
  productId: rules.id().optional(),
  /** Report no., LOT ID, product code or name, customer name, inspector or approver contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, INSPECTION_REPORT_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const inspectionReportFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type InspectionReportFilter = z.infer<typeof inspectionReportFilterQuery>;
export const inspectionReportListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type InspectionReportListQuery = z.infer<typeof inspectionReportListQuery>;

export const inspectionReportResponse = dataOf(inspectionReportDetailSchema);
export const inspectionReportListResponse = listOf(inspectionReportSchema);

/** The form's pick list: a product's quality results (final and in-process), of one lot when given, newest first. */
export const REPORT_RESULT_PICK_MAX = 100;
export const reportResultsQuery = z.object({
  productId: rules.id(),
  /** A LOT ID (any case): that lot's final inspections and the product's in-process ones; otherwise all of both. */
  lotId: z.string().trim().max(100).optional(),
});
export const reportResultsResponse = listOf(qualityResultSchema);

/** The generic report files' parameters (`/report/pdf/inspection-report/single?params={"id":3}`). */
export const inspectionReportSingleParams = z.strictObject({ id: rules.idValue() });
export const inspectionReportListParams = z.strictObject(filterFields).superRefine(checkPeriod);
