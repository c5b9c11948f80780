import { z } from 'zod';
import { auditFields, booleanQuery, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { isDecimal, rules } from '../rules/index.ts';
import { JUDGEMENTS, QUALITY_KINDS } from './quality.judgement.ts';

export * from './quality.judgement.ts';

// Quality standards, inspection results, holds and dispositions (SPEC §7 "Quality", DOMAIN "Quality"; the server's
// modules/quality README has the rules). A standard is a list of inspection items of one material or product; a
// result inspects a material stock row (incoming), a lot (final) or a production result (a daily plan: in-process at
// its operation) against the items of that stage; a failed incoming or final inspection opens a hold on its subject.

export const QUALITY_STAGES = ['INCOMING', 'IN_PROCESS', 'FINAL'] as const;
export type QualityStage = (typeof QUALITY_STAGES)[number];
export const QUALITY_SIDES = ['MATERIAL', 'PRODUCT'] as const;
export type QualitySide = (typeof QUALITY_SIDES)[number];
/** Samples of one item in one inspection, at most. */
export const QUALITY_SAMPLE_MAX = 100;
/** Items written by one POST or PUT (and one Excel save), at most. */
export const QUALITY_ITEMS_MAX = 200;
/** The results list's period (inspected day, factory time zone): at most this many days. */
export const QUALITY_PERIOD_MAX_DAYS = 366;
/** An inspection's time in minutes: at most a day (a longer "inspection" is a test, not a check at the line). */
export const INSPECTION_MINUTES_MAX = 1440;
/** Tenths of a minute (6 s) are as fine as anyone times an inspection by hand. */
export const INSPECTION_MINUTES_SCALE = 1;

// ---- standards ----

export const qualityStandardSchema = z.object({
  id: z.number(),
  side: z.enum(QUALITY_SIDES),
  materialId: z.number().nullable(),
  productId: z.number().nullable(),
  name: z.string(),
  method: z.string().nullable(),
  unit: z.string().nullable(),
  kind: z.enum(QUALITY_KINDS),
  target: z.number().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  sampleSize: z.number(),
  stage: z.enum(QUALITY_STAGES),
  operationId: z.number().nullable(),
  operationCode: z.string().nullable(),
  operationName: z.string().nullable(),
  sort: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type QualityStandard = z.infer<typeof qualityStandardSchema>;

const limit = () =>
  rules
    .decimal()
    .nullish()
    .transform((v) => v ?? null);

const itemFields = {
  name: rules.text(100),
  method: rules.optionalText(100).transform((v) => v || null),
  unit: rules.optionalText(20).transform((v) => v || null),
  kind: z.enum(QUALITY_KINDS, { error: ruleMessage('invalidOption') }),
  target: limit(),
  lsl: limit(),
  usl: limit(),
  sampleSize: rules
    .naturalNumber()
    .pipe(z.number().max(QUALITY_SAMPLE_MAX, { error: ruleMessage('max', { max: QUALITY_SAMPLE_MAX }) }))
    .default(1),
  sort: rules
    .integerDigits(6)
    .pipe(z.number().min(0, { error: ruleMessage('min', { min: 0 }) }))
    .default(0),
  description: rules.optionalText(500).transform((v) => v || null),
};

type ItemShape = { kind: string; target: number | null; lsl: number | null; usl: number | null };
/** The limits of an item (SPEC-free; README "Standards"): NUMBER needs a limit, LSL ≤ USL, target within. */
export function checkItemLimits(v: ItemShape, ctx: z.RefinementCtx) {
  if (v.kind === 'PASS_FAIL') {
    for (const f of ['target', 'lsl', 'usl'] as const)
      if (v[f] != null) ctx.addIssue({ code: 'custom', path: [f], message: ruleMessage('qualityPassFailNoLimits') });
    return;
  }
  if (v.lsl == null && v.usl == null)
    ctx.addIssue({ code: 'custom', path: ['lsl'], message: ruleMessage('qualityLimitRequired') });
  if (v.lsl != null && v.usl != null && v.lsl > v.usl)
    ctx.addIssue({ code: 'custom', path: ['usl'], message: ruleMessage('qualityLimitOrder') });
  if (v.target != null && ((v.lsl != null && v.target < v.lsl) || (v.usl != null && v.target > v.usl)))
    ctx.addIssue({ code: 'custom', path: ['target'], message: ruleMessage('qualityTargetOutside') });
}

const materialItem = z.object({
  materialId: rules.idValue(),
  ...itemFields,
  /** Always INCOMING for a material (the default). */
  stage: z.literal('INCOMING', { error: ruleMessage('qualityStageMaterial') }).default('INCOMING'),
});
const productItem = z.object({
  productId: rules.idValue(),
  ...itemFields,
  stage: z.enum(['IN_PROCESS', 'FINAL'], { error: ruleMessage('qualityStageProduct') }),
  /** The operation an IN_PROCESS item is inspected at (required there, absent for FINAL). */
  operationId: rules
    .idValue()
    .nullish()
    .transform((v) => v ?? null),
});
const checkProductItem = (v: z.infer<typeof productItem>, ctx: z.RefinementCtx) => {
  checkItemLimits(v, ctx);
  if (v.stage === 'IN_PROCESS' && v.operationId == null)
    ctx.addIssue({ code: 'custom', path: ['operationId'], message: ruleMessage('required') });
  if (v.stage === 'FINAL' && v.operationId != null)
    ctx.addIssue({ code: 'custom', path: ['operationId'], message: ruleMessage('qualityOperationOnlyInProcess') });
};
const withId = { id: rules.idValue() };

/**
 * One item or a list: a single object is read as a list of one, so field errors always name `<index>.<field>` (a zod
 * union would answer a failing single item with one error on the whole body).
 */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : [v]),
    z
      .array(item)
      .min(1, { error: ruleMessage('required') })
      .max(QUALITY_ITEMS_MAX, { error: ruleMessage('max', { max: QUALITY_ITEMS_MAX }) }),
  );

export const materialQualityItemBody = materialItem.superRefine(checkItemLimits);
export type MaterialQualityItem = z.infer<typeof materialQualityItemBody>;
export const materialQualityUpdateItemBody = materialItem.extend(withId).superRefine(checkItemLimits);
export type MaterialQualityUpdateItem = z.infer<typeof materialQualityUpdateItemBody>;
export const productQualityItemBody = productItem.superRefine(checkProductItem);
export type ProductQualityItem = z.infer<typeof productQualityItemBody>;
export const productQualityUpdateItemBody = productItem.extend(withId).superRefine(checkProductItem);
export type ProductQualityUpdateItem = z.infer<typeof productQualityUpdateItemBody>;

/** POST and PUT: one item or a list, all or none. */
export const materialQualityCreateBody = oneOrMany(materialQualityItemBody);
export const materialQualityUpdateBody = oneOrMany(materialQualityUpdateItemBody);
export const productQualityCreateBody = oneOrMany(productQualityItemBody);
export const productQualityUpdateBody = oneOrMany(productQualityUpdateItemBody);

export const materialIdParam = z.object({ materialId: rules.id() });
export const productIdParam = z.object({ productId: rules.id() });
export const productQualityQuery = z.object({
  stage: z.enum(['IN_PROCESS', 'FINAL'], { error: ruleMessage('invalidOption') }).optional(),
  operationId: rules.id().optional(),
});
export const qualityStandardResponse = dataOf(qualityStandardSchema);
export const qualityStandardListResponse = listOf(qualityStandardSchema);

// ---- results ----

export const qualitySampleSchema = z.object({
  sampleNo: z.number(),
  value: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** This sample within the limits (NUMBER) or passed (PASS_FAIL). */
  ok: z.boolean(),
});
export const qualityResultItemSchema = z.object({
  id: z.number(),
  standardId: z.number(),
  /** The item as it was when inspected (a later edit of the standard does not change a result). */
  name: z.string(),
  method: z.string().nullable(),
  unit: z.string().nullable(),
  kind: z.enum(QUALITY_KINDS),
  target: z.number().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  sampleSize: z.number(),
  judgement: z.enum(JUDGEMENTS),
  samples: z.array(qualitySampleSchema),
});
export type QualityResultItem = z.infer<typeof qualityResultItemSchema>;

export const HOLD_STATUSES = ['OPEN', 'REWORK', 'CLOSED'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export const MATERIAL_DISPOSITIONS = ['ACCEPT', 'RETURN', 'SCRAP'] as const;
export const LOT_DISPOSITIONS = ['ACCEPT', 'REWORK', 'SCRAP'] as const;
export const DISPOSITIONS = ['ACCEPT', 'RETURN', 'SCRAP', 'REWORK'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export const qualityDispositionSchema = z.object({
  id: z.number(),
  disposition: z.enum(DISPOSITIONS),
  reason: z.string(),
  /** What left stock (RETURN, SCRAP), in the subject's unit; 0 for ACCEPT and REWORK. */
  qty: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type QualityDisposition = z.infer<typeof qualityDispositionSchema>;

export const qualityHoldSchema = z.object({
  id: z.number(),
  /** `QH-<id>`: how refusals and screens name the hold. */
  holdNo: z.string(),
  subject: z.enum(['MATERIAL_STOCK', 'LOT']),
  materialStockId: z.number().nullable(),
  packageId: z.string().nullable(),
  materialId: z.number().nullable(),
  materialCode: z.string().nullable(),
  materialName: z.string().nullable(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  productId: z.number().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  unit: z.string(),
  /** What the subject holds now (the package's qty; the lot's stock rows not discarded). */
  stockQty: z.number(),
  /** The failed inspection that opened the hold. */
  resultId: z.number(),
  status: z.enum(HOLD_STATUSES),
  openedAt: z.string(),
  openedBy: z.string().nullable(),
  /** The disposition that closed it (ACCEPT, RETURN, SCRAP), or null (open, rework, or closed by a re-inspection). */
  disposition: z.enum(DISPOSITIONS).nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** A passing re-inspection after REWORK that closed it. */
  closedByResultId: z.number().nullable(),
  dispositions: z.array(qualityDispositionSchema),
});
export type QualityHold = z.infer<typeof qualityHoldSchema>;

export const qualityResultSchema = z.object({
  id: z.number(),
  side: z.enum(QUALITY_SIDES),
  stage: z.enum(QUALITY_STAGES),
  materialId: z.number().nullable(),
  materialCode: z.string().nullable(),
  materialName: z.string().nullable(),
  materialStockId: z.number().nullable(),
  packageId: z.string().nullable(),
  supplierLot: z.string().nullable(),
  productId: z.number().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  dailyPlanId: z.number().nullable(),
  operationId: z.number().nullable(),
  operationName: z.string().nullable(),
  inspectedAt: z.string(),
  inspectorId: z.number(),
  inspectorUserId: z.string(),
  inspectorName: z.string(),
  /** How long the inspection took (minutes, 1 decimal); null when nobody timed it. */
  inspectionMinutes: z.number().nullable(),
  /** From the limits. */
  computedJudgement: z.enum(JUDGEMENTS),
  /** What counts: the computed one, or the override. */
  judgement: z.enum(JUDGEMENTS),
  overridden: z.boolean(),
  overrideReason: z.string().nullable(),
  overriddenBy: z.string().nullable(),
  overriddenAt: z.string().nullable(),
  itemCount: z.number(),
  failedItemCount: z.number(),
  /** The hold this inspection opened (FAIL on a package or lot), if any. */
  holdId: z.number().nullable(),
  holdStatus: z.enum(HOLD_STATUSES).nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type QualityResult = z.infer<typeof qualityResultSchema>;
export const qualityResultDetailSchema = qualityResultSchema.extend({
  items: z.array(qualityResultItemSchema),
  hold: qualityHoldSchema.nullable(),
});
export type QualityResultDetail = z.infer<typeof qualityResultDetailSchema>;

/**
 * How long the inspection took, in minutes: 0 < m ≤ 1440, up to 1 decimal. Optional — quick entries and results from
 * before it existed have none, and the inspection-minutes KPI counts only the timed ones.
 */
export const inspectionMinutes = () =>
  z
    .number({ error: (iss) => (iss.input === undefined ? ruleMessage('required') : ruleMessage('realNumber')) })
    .refine((v) => v > 0 && v <= INSPECTION_MINUTES_MAX, {
      error: ruleMessage('qualityInspectionMinutes', { max: INSPECTION_MINUTES_MAX }),
    })
    .refine((v) => isDecimal(v, 4, INSPECTION_MINUTES_SCALE), {
      error: ruleMessage('decimal', { int: 4, scale: INSPECTION_MINUTES_SCALE }),
    });

const sampleBody = z.object({
  value: rules
    .decimal()
    .nullish()
    .transform((v) => v ?? null),
  passed: z
    .boolean({ error: ruleMessage('invalidType') })
    .nullish()
    .transform((v) => v ?? null),
});
const inspectedItemBody = z.object({
  standardId: rules.idValue(),
  samples: z
    .array(sampleBody)
    .min(1, { error: ruleMessage('required') })
    .max(QUALITY_SAMPLE_MAX, { error: ruleMessage('max', { max: QUALITY_SAMPLE_MAX }) }),
});
const resultFields = {
  /** Factory wall clock 'yyyy-MM-dd HH:mm'; now when absent. */
  inspectedAt: rules.datetime().optional(),
  /** A user; the caller when absent. */
  inspectorId: rules.idValue().optional(),
  inspectionMinutes: inspectionMinutes()
    .nullish()
    .transform((v) => v ?? null),
  items: z
    .array(inspectedItemBody)
    .min(1, { error: ruleMessage('required') })
    .max(QUALITY_ITEMS_MAX),
  /** Overrides the computed overall judgement: only with a reason; who and when are recorded. */
  override: z
    .object({ judgement: z.enum(JUDGEMENTS, { error: ruleMessage('invalidOption') }), reason: rules.text(500) })
    .optional(),
  description: rules.optionalText(500).transform((v) => v || null),
};
const packageIdText = z
  .string()
  .trim()
  .min(1, { error: ruleMessage('required') })
  .max(50);
const exactlyOne = (keys: string[]) => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (keys.filter((k) => v[k] != null).length !== 1)
    ctx.addIssue({ code: 'custom', path: [keys[0]], message: ruleMessage('qualitySubjectOne') });
};
/** An incoming inspection of a material stock row, by its id or its package ID (scanned, any case). */
export const materialQualityResultBody = z
  .object({ materialStockId: rules.idValue().optional(), packageId: packageIdText.optional(), ...resultFields })
  .superRefine(exactlyOne(['materialStockId', 'packageId']));
export type MaterialQualityResultCreate = z.infer<typeof materialQualityResultBody>;
/** A final inspection of a lot (by row id or LOT ID) or an in-process inspection of a production result (daily plan). */
export const productQualityResultBody = z
  .object({
    lotRowId: rules.idValue().optional(),
    lotId: packageIdText.optional(),
    dailyPlanId: rules.idValue().optional(),
    ...resultFields,
  })
  .superRefine(exactlyOne(['lotRowId', 'lotId', 'dailyPlanId']));
export type ProductQualityResultCreate = z.infer<typeof productQualityResultBody>;
/**
 * POST /…-quality-result/{id}: the inspection time is the one thing a recorded result may change (null clears it) —
 * it is the inspector's bookkeeping, not evidence; the values, judgement and subject stay as recorded.
 */
export const qualityResultTimeBody = z.object({ inspectionMinutes: inspectionMinutes().nullable() });
export type QualityResultTime = z.infer<typeof qualityResultTimeBody>;

const periodFields = {
  /** Inspected day from … to (factory time zone; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  judgement: z.enum(JUDGEMENTS, { error: ruleMessage('invalidOption') }).optional(),
  /** Package ID, LOT ID, code or name contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, QUALITY_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const materialQualityResultQuery = pageQuery
  .extend({ ...periodFields, materialId: rules.id().optional(), materialStockId: rules.id().optional() })
  .superRefine(checkPeriod);
export type MaterialQualityResultQuery = z.infer<typeof materialQualityResultQuery>;
export const productQualityResultQuery = pageQuery
  .extend({
    ...periodFields,
    productId: rules.id().optional(),
    lotRowId: rules.id().optional(),
    stage: z.enum(['IN_PROCESS', 'FINAL'], { error: ruleMessage('invalidOption') }).optional(),
  })
  .superRefine(checkPeriod);
export type ProductQualityResultQuery = z.infer<typeof productQualityResultQuery>;

export const qualityResultResponse = dataOf(qualityResultDetailSchema);
export const qualityResultPageResponse = listOf(qualityResultSchema);

/** What an inspection form needs: the subject, its current hold, and the items of that stage. */
export const qualityInspectionFormSchema = z.object({
  side: z.enum(QUALITY_SIDES),
  stage: z.enum(QUALITY_STAGES),
  materialStockId: z.number().nullable(),
  packageId: z.string().nullable(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  dailyPlanId: z.number().nullable(),
  operationId: z.number().nullable(),
  operationName: z.string().nullable(),
  itemId: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  qty: z.number(),
  hold: qualityHoldSchema.nullable(),
  items: z.array(qualityStandardSchema),
});
export type QualityInspectionForm = z.infer<typeof qualityInspectionFormSchema>;
export const materialInspectionFormQuery = z
  .object({ materialStockId: rules.id().optional(), packageId: packageIdText.optional() })
  .superRefine(exactlyOne(['materialStockId', 'packageId']));
export const productInspectionFormQuery = z
  .object({ lotRowId: rules.id().optional(), lotId: packageIdText.optional(), dailyPlanId: rules.id().optional() })
  .superRefine(exactlyOne(['lotRowId', 'lotId', 'dailyPlanId']));
export const qualityInspectionFormResponse = dataOf(qualityInspectionFormSchema);

// ---- holds ----

export const qualityHoldQuery = pageQuery.extend({
  /** Only holds not closed (OPEN or REWORK): the default. */
  active: booleanQuery(true),
  /** Package ID, LOT ID, code or name contains. */
  q: z.string().trim().max(100).optional(),
});
export type QualityHoldQuery = z.infer<typeof qualityHoldQuery>;
export const materialDispositionBody = z.object({
  disposition: z.enum(MATERIAL_DISPOSITIONS, { error: ruleMessage('invalidOption') }),
  reason: rules.text(500),
});
export const lotDispositionBody = z.object({
  disposition: z.enum(LOT_DISPOSITIONS, { error: ruleMessage('invalidOption') }),
  reason: rules.text(500),
});
export type DispositionBody = { disposition: Disposition; reason: string };
export const qualityHoldResponse = dataOf(qualityHoldSchema);
export const qualityHoldPageResponse = listOf(qualityHoldSchema);
