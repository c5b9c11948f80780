import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { HACCP_PERIOD_MAX_DAYS, HACCP_RECORD_STATUSES, signatureSchema, signBody } from './haccp.schemas.ts';

// Visual inspection (issue 16; SPEC §2 /haccp/visualInspection, §7 "Visual inspection"; DOMAIN "HACCP and records"):
// per lot or per day, a list of visual checks (name, pass/fail, note), photos, a note; the result is FAIL when any check
// fails. Signed by its operator (a failed check needs its note first), reviewed by another user, locked once signed,
// corrected by an amendment — the same signature rows and rules as the CCP monitoring records.

/**
 * The default checks a new inspection starts with (the form fills them in the user's language; the names are free text,
 * stored as written): foreign matter, packaging, label, colour and appearance.
 */
export const VISUAL_DEFAULT_CHECKS = ['foreignMatter', 'packaging', 'label', 'appearance'] as const;
export const VISUAL_DEFAULT_CHECK_NAMES: Record<(typeof VISUAL_DEFAULT_CHECKS)[number], { kr: string; en: string }> = {
  foreignMatter: { kr: '이물', en: 'Foreign matter' },
  packaging: { kr: '포장 상태', en: 'Packaging' },
  label: { kr: '라벨', en: 'Label' },
  appearance: { kr: '색상/외관', en: 'Colour and appearance' },
};
export const VISUAL_CHECKS_MAX = 30;
export const VISUAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const VISUAL_PHOTOS_MAX = 20;
export const VISUAL_PHOTO_FIELD = 'file';
export const VISUAL_PHOTO_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VISUAL_RESULTS = ['PASS', 'FAIL'] as const;
export type VisualResult = (typeof VISUAL_RESULTS)[number];

export const visualCheckSchema = z.object({ name: z.string(), passed: z.boolean(), note: z.string().nullable() });
export type VisualCheck = z.infer<typeof visualCheckSchema>;

/** The overall result: FAIL when any check fails. One rule for the server and the form. */
export const visualResultOf = (checks: { passed: boolean }[]): VisualResult =>
  checks.some((c) => !c.passed) ? 'FAIL' : 'PASS';
/** The indexes of failed checks without a note (they block signing). */
export const visualFailsWithoutNote = (checks: { passed: boolean; note: string | null }[]): number[] =>
  checks.flatMap((c, i) => (!c.passed && !c.note?.trim() ? [i] : []));

export const visualPhotoSchema = z.object({
  id: z.number(),
  inspectionId: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type VisualPhoto = z.infer<typeof visualPhotoSchema>;

export const visualInspectionSchema = z.object({
  id: z.number(),
  /** Factory wall clock, yyyy-MM-dd HH:mm. */
  inspectedAt: z.string(),
  /** The lot inspected, or null for a day's inspection. */
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  checks: z.array(visualCheckSchema),
  result: z.enum(VISUAL_RESULTS),
  note: z.string().nullable(),
  /** The operator: the user who made the record (and alone may sign it as performed). */
  operatorUserId: z.string(),
  operatorName: z.string(),
  status: z.enum(HACCP_RECORD_STATUSES),
  amendsId: z.number().nullable(),
  amendReason: z.string().nullable(),
  amendedById: z.number().nullable(),
  photos: z.array(visualPhotoSchema),
  signatures: z.array(signatureSchema),
  ...auditFields,
});
export type VisualInspection = z.infer<typeof visualInspectionSchema>;

const checkBody = z.strictObject({
  name: rules.text(100),
  passed: z.boolean({ error: ruleMessage('invalidType') }),
  note: rules.optionalText(500).transform((v) => v || null),
});
const visualFields = {
  inspectedAt: rules.datetime(),
  /** A LOT ID (any case), or empty for a day's inspection. */
  lotId: z
    .string()
    .trim()
    .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
    .nullish()
    .transform((v) => v || null),
  checks: z
    .array(checkBody)
    .min(1, { error: ruleMessage('visualChecksRequired') })
    .max(VISUAL_CHECKS_MAX, { error: ruleMessage('visualChecksMax', { max: VISUAL_CHECKS_MAX }) }),
  note: rules.optionalText(1000).transform((v) => v || null),
};
export const visualFieldsSchema = z.strictObject(visualFields);
export const visualCreateBody = z.strictObject(visualFields);
export type VisualCreate = z.infer<typeof visualCreateBody>;
export const visualUpdateBody = z.strictObject({ id: rules.idValue(), ...visualFields });
export type VisualUpdate = z.infer<typeof visualUpdateBody>;
/** A correction of a signed or reviewed inspection: the corrected values, the reason and the amender's password. */
export const visualAmendBody = z.strictObject({
  ...visualFields,
  reason: rules.text(500),
  password: signBody.shape.password,
});
export type VisualAmend = z.infer<typeof visualAmendBody>;

export const visualListQuery = pageQuery
  .extend({
    startDt: rules.date(),
    endDt: rules.date(),
    result: z.enum(VISUAL_RESULTS, { error: ruleMessage('invalidType') }).optional(),
    /** Part of a LOT ID (any case). */
    lotId: rules.optionalText(100),
  })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, HACCP_PERIOD_MAX_DAYS, ctx, ['endDt']));
export type VisualListQuery = z.infer<typeof visualListQuery>;

export const visualResponse = dataOf(visualInspectionSchema);
export const visualListResponse = listOf(visualInspectionSchema);
export const visualDetailResponse = z.object({
  data: visualInspectionSchema.extend({ chain: z.array(visualInspectionSchema) }),
});
export const visualIdParam = z.object({ id: rules.id() });
export const visualPhotoResponse = dataOf(visualPhotoSchema);

/** The form's LOT ID look-up. */
export const visualLotQuery = z.object({ lotId: rules.text(100) });
export const visualLotSchema = z.object({
  lotRowId: z.number(),
  lotId: z.string(),
  day: z.string(),
  productCode: z.string(),
  productName: z.string(),
});
export const visualLotResponse = dataOf(visualLotSchema);
