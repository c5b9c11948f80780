import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { JUDGEMENTS } from '../quality/quality.judgement.ts';
import { rules } from '../rules/index.ts';

// Test reports (SPEC §2 /report/inspect, §3 "Test report: id and a design image", §7 "Test report"): a product's test
// record printed with the product's design image — test date, product, LOT ID and customer when known, the items
// tested with their spec and values (copied from a product quality result or typed), tester and approver, remarks.
// Its PDF and Excel are the generic report files `test-report/single`.

export const TEST_REPORT_ITEMS_MAX = 50;
export const TEST_REPORT_PERIOD_MAX_DAYS = 366;
/** Report numbers the server gives when none is typed: `TR-yyyyMMdd-NNN`. */
export const TEST_REPORT_PREFIX = 'TR';

const limit = () =>
  rules
    .qty()
    .nullish()
    .transform((v) => v ?? null);

export const testReportItemSchema = z.object({
  name: z.string(),
  method: z.string().nullable(),
  unit: z.string().nullable(),
  target: z.number().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  /** What was measured or seen, as printed (`10.02, 10.01` or `양호`). */
  value: z.string(),
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type TestReportItem = z.infer<typeof testReportItemSchema>;

export const testReportSchema = z.object({
  id: z.number(),
  reportNo: z.string(),
  testDt: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  bizPartnerId: z.number().nullable(),
  bizPartnerName: z.string().nullable(),
  /** The product quality result the items were copied from, if any. */
  resultId: z.number().nullable(),
  testerName: z.string(),
  approverName: z.string().nullable(),
  remarks: z.string().nullable(),
  /** FAIL when an item failed, PASS when every judged item passed, null when no item is judged. */
  judgement: z.enum(JUDGEMENTS).nullable(),
  itemCount: z.number(),
  /** Whether the product has a design image (served by /report/{id}/design-image). */
  hasDesignImage: z.boolean(),
  ...auditFields,
});
export type TestReport = z.infer<typeof testReportSchema>;
export const testReportDetailSchema = testReportSchema.extend({ items: z.array(testReportItemSchema) });
export type TestReportDetail = z.infer<typeof testReportDetailSchema>;

export const testReportItemFields = z.object({
  name: rules.text(100),
  method: rules.optionalText(100).transform((v) => v || null),
  unit: rules.optionalText(20).transform((v) => v || null),
  target: limit(),
  lsl: limit(),
  usl: limit(),
  value: rules.text(200),
  judgement: z
    .enum(JUDGEMENTS, { error: ruleMessage('invalidOption') })
    .nullish()
    .transform((v) => v ?? null),
});
/** An item: LSL ≤ USL when both are given (400 on usl). */
export const testReportItemBody = testReportItemFields.superRefine((v, ctx) => {
  if (v.lsl != null && v.usl != null && v.lsl > v.usl)
    ctx.addIssue({ code: 'custom', path: ['usl'], message: ruleMessage('qualityLimitOrder') });
});
export type TestReportItemBody = z.infer<typeof testReportItemBody>;

const optionalKey = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: ruleMessage('maxLength', { max }) })
    .nullish()
    .transform((v) => v || null);

const fields = {
  /** Empty: the server numbers it `TR-<test day>-NNN`. Unique in any case. */
  reportNo: optionalKey(50),
  testDt: rules.date(),
  productId: rules.idValue(),
  /** A LOT ID of the product (any case); empty for none. */
  lotId: optionalKey(100),
  /** A customer (partner of type CUSTOMER), optional. */
  bizPartnerId: rules
    .idValue()
    .nullish()
    .transform((v) => v ?? null),
  /** A product quality result of the product: with no items given, its items and values are copied. */
  resultId: rules
    .idValue()
    .nullish()
    .transform((v) => v ?? null),
  testerName: rules.text(50),
  approverName: rules.optionalText(50).transform((v) => v || null),
  remarks: rules.optionalText(2000).transform((v) => v || null),
  /** The items as printed; empty with a result = the result's items. */
  items: z
    .array(testReportItemBody)
    .max(TEST_REPORT_ITEMS_MAX, { error: ruleMessage('maxItems', { max: TEST_REPORT_ITEMS_MAX }) })
    .default([]),
};
export const testReportFieldsSchema = z.strictObject(fields);
export const testReportCreateBody = z.strictObject(fields);
export type TestReportCreate = z.infer<typeof testReportCreateBody>;
export const testReportUpdateBody = z.strictObject({ id: rules.idValue(), ...fields });
export type TestReportUpdate = z.infer<typeof testReportUpdateBody>;

const filterFields = {
  /** Test date from … to (either may be open; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  productId: rules.id().optional(),
  /** Report no., LOT ID, product code or name, customer, tester or approver contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, TEST_REPORT_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const testReportFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type TestReportFilter = z.infer<typeof testReportFilterQuery>;
export const testReportListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type TestReportListQuery = z.infer<typeof testReportListQuery>;

export const testReportResponse = dataOf(testReportDetailSchema);
export const testReportListResponse = listOf(testReportSchema);

/** The generic report files' parameters (`/report/pdf/test-report/single?params={"id":3}`). */
export const testReportSingleParams = z.strictObject({ id: rules.idValue() });
export const testReportListParams = z.strictObject(filterFields).superRefine(checkPeriod);
