import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// HACCP records (SPEC §7 "HACCP and records"; DOMAIN "HACCP and records"; issue 16): CCP monitoring with its
// critical control points, signed by the operator (password re-entered), reviewed by another user, never edited after
// signing — a correction is an amendment linked to the original.

/** The record kinds a signature can name. */
export const HACCP_RECORD_KINDS = ['CCP', 'SANITATION', 'VISUAL'] as const;
export type HaccpRecordKind = (typeof HACCP_RECORD_KINDS)[number];
/** What a signature means: the operator performed the check, another user reviewed it, or a correction was made. */
export const SIGNATURE_MEANINGS = ['PERFORMED', 'REVIEWED', 'AMENDED'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];
/** DRAFT (editable) → SIGNED (performed signature) → REVIEWED (review signature). */
export const HACCP_RECORD_STATUSES = ['DRAFT', 'SIGNED', 'REVIEWED'] as const;
export type HaccpRecordStatus = (typeof HACCP_RECORD_STATUSES)[number];

export const signatureSchema = z.object({
  id: z.number(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  userId: z.string(),
  username: z.string(),
  signedAt: z.string(),
  /** The amendment's reason, for an AMENDED signature. */
  reason: z.string().nullable(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** The re-entered password of a signature (never stored, never logged). */
export const signBody = z.strictObject({
  password: z
    .string({ error: ruleMessage('required') })
    .min(1, { error: ruleMessage('required') })
    .max(200),
});
export type SignBody = z.infer<typeof signBody>;

// ---- critical control points (master data) ----
export const CCP_TYPES = ['HEATING', 'COOLING', 'METAL_DETECTION', 'FOREIGN_MATTER', 'OTHER'] as const;
export type CcpType = (typeof CCP_TYPES)[number];
/** RANGE: a measured number within min … max (either may be open); PASS_FAIL: a pass/fail check. */
export const CCP_LIMIT_KINDS = ['RANGE', 'PASS_FAIL'] as const;
export type CcpLimitKind = (typeof CCP_LIMIT_KINDS)[number];

export const ccpSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(CCP_TYPES),
  limitKind: z.enum(CCP_LIMIT_KINDS),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  unit: z.string().nullable(),
  /** A check is due every N hours from 00:00 of each day; null: no fixed frequency (no missing checks). */
  frequencyHours: z.number().nullable(),
  enabled: z.boolean(),
  note: z.string().nullable(),
  ...auditFields,
});
export type Ccp = z.infer<typeof ccpSchema>;

const ccpFields = {
  name: rules.text(100),
  type: z.enum(CCP_TYPES, { error: ruleMessage('invalidType') }),
  limitKind: z.enum(CCP_LIMIT_KINDS, { error: ruleMessage('invalidType') }),
  minValue: rules
    .qty()
    .nullish()
    .transform((v) => v ?? null),
  maxValue: rules
    .qty()
    .nullish()
    .transform((v) => v ?? null),
  unit: rules.optionalText(20).transform((v) => v || null),
  frequencyHours: z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('naturalNumber') })
    .min(1, { error: ruleMessage('between', { min: 1, max: 24 }) })
    .max(24, { error: ruleMessage('between', { min: 1, max: 24 }) })
    .nullish()
    .transform((v) => v ?? null),
  enabled: z.boolean({ error: ruleMessage('invalidType') }).default(true),
  note: rules.optionalText(500).transform((v) => v || null),
};
type Limits = { limitKind: CcpLimitKind; minValue: number | null; maxValue: number | null };
function checkLimits(v: Limits, ctx: z.RefinementCtx) {
  if (v.limitKind !== 'RANGE') return;
  if (
    (v.minValue == null && v.maxValue == null) ||
    (v.minValue != null && v.maxValue != null && v.minValue > v.maxValue)
  )
    ctx.addIssue({ code: 'custom', path: ['maxValue'], message: ruleMessage('ccpLimits') });
}
// A pass/fail CCP has no numeric limits, whatever the form still held.
const dropLimits = <T extends Limits>(v: T): T =>
  v.limitKind === 'RANGE' ? v : { ...v, minValue: null, maxValue: null };
export const ccpFieldsSchema = z.strictObject(ccpFields);
export const ccpCreateBody = z.strictObject(ccpFields).superRefine(checkLimits).transform(dropLimits);
export type CcpCreate = z.infer<typeof ccpCreateBody>;
export const ccpUpdateBody = z
  .strictObject({ id: rules.idValue(), ...ccpFields })
  .superRefine(checkLimits)
  .transform(dropLimits);
export type CcpUpdate = z.infer<typeof ccpUpdateBody>;
export const ccpListQuery = z.object({ type: z.enum(CCP_TYPES, { error: ruleMessage('invalidType') }).optional() });
export const ccpResponse = dataOf(ccpSchema);
export const ccpListResponse = listOf(ccpSchema);

/** Is a measured value or a pass/fail outside the CCP's critical limits? One rule for the server and the form. */
export function isDeviation(ccp: Limits, r: { measuredValue: number | null; passed: boolean | null }): boolean {
  if (ccp.limitKind === 'PASS_FAIL') return r.passed === false;
  if (r.measuredValue == null) return false;
  return (
    (ccp.minValue != null && r.measuredValue < ccp.minValue) || (ccp.maxValue != null && r.measuredValue > ccp.maxValue)
  );
}

// ---- CCP monitoring records ----
export const ccpMonitoringSchema = z.object({
  id: z.number(),
  ccpId: z.number(),
  ccpName: z.string(),
  ccpType: z.enum(CCP_TYPES),
  limitKind: z.enum(CCP_LIMIT_KINDS),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  unit: z.string().nullable(),
  /** Factory wall clock, yyyy-MM-dd HH:mm. */
  checkedAt: z.string(),
  measuredValue: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** Outside the critical limits. */
  deviation: z.boolean(),
  /** The corrective action of a deviation: what was done with the product, the cause, who did it. */
  productAction: z.string().nullable(),
  cause: z.string().nullable(),
  actionBy: z.string().nullable(),
  note: z.string().nullable(),
  /** The monitoring operator: the user who made the record (and alone may sign it as performed). */
  operatorUserId: z.string(),
  operatorName: z.string(),
  status: z.enum(HACCP_RECORD_STATUSES),
  /** The record this one corrects (an amendment), and why. */
  amendsId: z.number().nullable(),
  amendReason: z.string().nullable(),
  /** The amendment that corrects this record, if any (this record is then superseded). */
  amendedById: z.number().nullable(),
  signatures: z.array(signatureSchema),
  ...auditFields,
});
export type CcpMonitoring = z.infer<typeof ccpMonitoringSchema>;

const monitoringFields = {
  ccpId: rules.idValue(),
  checkedAt: rules.datetime(),
  measuredValue: rules
    .qty()
    .nullish()
    .transform((v) => v ?? null),
  passed: z
    .boolean({ error: ruleMessage('invalidType') })
    .nullish()
    .transform((v) => v ?? null),
  productAction: rules.optionalText(1000).transform((v) => v || null),
  cause: rules.optionalText(1000).transform((v) => v || null),
  actionBy: rules.optionalText(100).transform((v) => v || null),
  note: rules.optionalText(1000).transform((v) => v || null),
};
export const ccpMonitoringFieldsSchema = z.strictObject(monitoringFields);
export const ccpMonitoringCreateBody = z.strictObject(monitoringFields);
export type CcpMonitoringCreate = z.infer<typeof ccpMonitoringCreateBody>;
export const ccpMonitoringUpdateBody = z.strictObject({ id: rules.idValue(), ...monitoringFields });
export type CcpMonitoringUpdate = z.infer<typeof ccpMonitoringUpdateBody>;
/** A correction of a signed or reviewed record: the corrected values, the reason, and the amender's password. */
export const ccpMonitoringAmendBody = z.strictObject({
  ...monitoringFields,
  reason: rules.text(500),
  password: signBody.shape.password,
});
export type CcpMonitoringAmend = z.infer<typeof ccpMonitoringAmendBody>;

/** The list's period: at most this many days (the missing-check slots are computed over it). */
export const HACCP_PERIOD_MAX_DAYS = 92;
export const ccpMonitoringListQuery = pageQuery
  .extend({
    startDt: rules.date(),
    endDt: rules.date(),
    type: z.enum(CCP_TYPES, { error: ruleMessage('invalidType') }).optional(),
    ccpId: rules.id().optional(),
  })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, HACCP_PERIOD_MAX_DAYS, ctx, ['endDt']));
export type CcpMonitoringListQuery = z.infer<typeof ccpMonitoringListQuery>;

/** A slot of a CCP's frequency in the period with no record in it (factory wall clock). */
export const missingCheckSchema = z.object({
  ccpId: z.number(),
  ccpName: z.string(),
  ccpType: z.enum(CCP_TYPES),
  slotStart: z.string(),
  slotEnd: z.string(),
});
export type MissingCheck = z.infer<typeof missingCheckSchema>;
export const ccpMonitoringListResponse = z.object({
  data: z.array(ccpMonitoringSchema),
  /** Records of the filter (all pages). */
  total: z.number(),
  missing: z.array(missingCheckSchema),
});
export const ccpMonitoringResponse = dataOf(ccpMonitoringSchema);
/** One record with its whole amendment chain (the original first), so both stay visible. */
export const ccpMonitoringDetailResponse = z.object({
  data: ccpMonitoringSchema.extend({ chain: z.array(ccpMonitoringSchema) }),
});
export const ccpMonitoringIdParam = z.object({ id: rules.id() });

/**
 * The printable HACCP records (generic report files `GET /report/pdf/haccp/{day|month}?params={"date":"yyyy-MM-dd"}`):
 * the day of `date`, or its whole month.
 */
export const haccpReportParams = z.strictObject({ date: rules.date() });
