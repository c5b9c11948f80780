import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { HACCP_PERIOD_MAX_DAYS, HACCP_RECORD_STATUSES, signatureSchema, signBody } from './haccp.schemas.ts';

// The sanitation process check list (SPEC §7 "HACCP and records" — Sanitation check list; DOMAIN "HACCP and records";
// issue 16): per day and area (a location of the location tree), the check items of the area's template with pass/fail
// and a note. Signed by its operator (the creator), reviewed by another user, never edited once signed — a correction
// is an amendment linked to the original, like a CCP record.

// ---- template: the editable check items of each area ----
export const sanitationTemplateItemSchema = z.object({
  id: z.number(),
  /** The area: a location of the location tree. */
  locationId: z.number(),
  locationName: z.string(),
  name: z.string(),
  /** Order of the item in the area's check list (ascending, then name). */
  sort: z.number(),
  enabled: z.boolean(),
  ...auditFields,
});
export type SanitationTemplateItem = z.infer<typeof sanitationTemplateItemSchema>;

const templateFields = {
  locationId: rules.idValue(),
  name: rules.text(100),
  sort: z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('naturalNumber') })
    .min(0, { error: ruleMessage('between', { min: 0, max: 9999 }) })
    .max(9999, { error: ruleMessage('between', { min: 0, max: 9999 }) })
    .default(0),
  enabled: z.boolean({ error: ruleMessage('invalidType') }).default(true),
};
export const sanitationTemplateFieldsSchema = z.strictObject(templateFields);
export const sanitationTemplateCreateBody = z.strictObject(templateFields);
export type SanitationTemplateCreate = z.infer<typeof sanitationTemplateCreateBody>;
export const sanitationTemplateUpdateBody = z.strictObject({ id: rules.idValue(), ...templateFields });
export type SanitationTemplateUpdate = z.infer<typeof sanitationTemplateUpdateBody>;
export const sanitationTemplateListQuery = z.object({ locationId: rules.id().optional() });
export const sanitationTemplateResponse = dataOf(sanitationTemplateItemSchema);
export const sanitationTemplateListResponse = listOf(sanitationTemplateItemSchema);

// ---- check lists ----
/** One checked item: copied from the template when the list was made (later template edits do not rewrite it). */
export const sanitationCheckItemSchema = z.object({
  id: z.number(),
  sort: z.number(),
  name: z.string(),
  /** true pass, false fail, null not checked yet. */
  passed: z.boolean().nullable(),
  /** For a failed item: what was wrong and the corrective action (required before signing). */
  note: z.string().nullable(),
});
export type SanitationCheckItem = z.infer<typeof sanitationCheckItemSchema>;

export const sanitationCheckListSchema = z.object({
  id: z.number(),
  /** The day checked (yyyy-MM-dd). One check list per day and area (an amendment shares its original's). */
  checkDate: z.string(),
  locationId: z.number(),
  locationName: z.string(),
  items: z.array(sanitationCheckItemSchema),
  /** Items failed / not yet checked. */
  failedCount: z.number(),
  uncheckedCount: z.number(),
  note: z.string().nullable(),
  /** The operator: the user who made the check list (and alone may sign it as performed). */
  operatorUserId: z.string(),
  operatorName: z.string(),
  status: z.enum(HACCP_RECORD_STATUSES),
  amendsId: z.number().nullable(),
  amendReason: z.string().nullable(),
  amendedById: z.number().nullable(),
  signatures: z.array(signatureSchema),
  ...auditFields,
});
export type SanitationCheckList = z.infer<typeof sanitationCheckListSchema>;

/** An item's result: the item (its id in the check list), pass/fail (null: not checked) and the note. */
export const sanitationItemResult = z.strictObject({
  id: rules.idValue(),
  passed: z
    .boolean({ error: ruleMessage('invalidType') })
    .nullish()
    .transform((v) => v ?? null),
  note: rules.optionalText(1000).transform((v) => v || null),
});
export type SanitationItemResult = z.infer<typeof sanitationItemResult>;
const resultsField = z.array(sanitationItemResult).max(200);
const noteField = rules.optionalText(1000).transform((v) => v || null);

/** Make the day's check list of an area from the area's enabled template items (all unchecked), with a note. */
export const sanitationCheckListCreateBody = z.strictObject({
  checkDate: rules.date(),
  locationId: rules.idValue(),
  note: noteField,
});
export type SanitationCheckListCreate = z.infer<typeof sanitationCheckListCreateBody>;
/** Record the results of a draft: the given items (by id) and the note. */
export const sanitationCheckListUpdateBody = z.strictObject({
  id: rules.idValue(),
  items: resultsField,
  note: noteField,
});
export type SanitationCheckListUpdate = z.infer<typeof sanitationCheckListUpdateBody>;
/** Correct a signed or reviewed check list: the corrected results (by the original's item ids), reason, password. */
export const sanitationCheckListAmendBody = z.strictObject({
  items: resultsField,
  note: noteField,
  reason: rules.text(500),
  password: signBody.shape.password,
});
export type SanitationCheckListAmend = z.infer<typeof sanitationCheckListAmendBody>;

export const sanitationCheckListQuery = pageQuery
  .extend({
    startDt: rules.date(),
    endDt: rules.date(),
    locationId: rules.id().optional(),
  })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, HACCP_PERIOD_MAX_DAYS, ctx, ['endDt']));
export type SanitationCheckListQuery = z.infer<typeof sanitationCheckListQuery>;
export const sanitationCheckListListResponse = listOf(sanitationCheckListSchema);
export const sanitationCheckListResponse = dataOf(sanitationCheckListSchema);
/** One check list with its whole amendment chain (the original first). */
export const sanitationCheckListDetailResponse = z.object({
  data: sanitationCheckListSchema.extend({ chain: z.array(sanitationCheckListSchema) }),
});
export const sanitationIdParam = z.object({ id: rules.id() });
