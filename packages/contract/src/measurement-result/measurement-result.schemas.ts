import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { JUDGEMENTS, QUALITY_KINDS } from '../quality/quality.judgement.ts';
import { rules } from '../rules/index.ts';

// Measurement results (SPEC §2 /quality/product/measurementResult, §7 "Measurement result"; DOMAIN "Quality"): a
// measurement file (CSV or xlsx from a CMM or gauge) of a product, and optionally one of its lots, parsed into values
// against the product's quality standard items and judged by the quality judgement (quality.judgement.ts). The
// server's modules/measurement-result README has the rules.

/** The original file, at most (bytes). */
export const MEASUREMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Measured values (data rows) of one file, at most. */
export const MEASUREMENT_MAX_ROWS = 5000;
/** The list's period (measured day, factory time zone): at most this many days; 30 days up to today by default. */
export const MEASUREMENT_PERIOD_MAX_DAYS = 366;
export const MEASUREMENT_DEFAULT_DAYS = 30;
/** The multipart field of the file; the other fields are productId and lotId. */
export const MEASUREMENT_FILE_FIELD = 'file';

/**
 * THE column layout of a measurement file: row 1 = headers (Korean or English, any order, `항목|Item` also
 * accepted as one header), then one row per measured value. A pass/fail item's value is OK or NG.
 */
export const MEASUREMENT_COLUMNS = [
  { key: 'item', kr: '항목', en: 'Item', required: true },
  { key: 'sample', kr: '시료', en: 'Sample', required: true },
  { key: 'value', kr: '측정값', en: 'Value', required: true },
  { key: 'measuredAt', kr: '측정일시', en: 'Measured at', required: false },
] as const;
export type MeasurementColumn = (typeof MEASUREMENT_COLUMNS)[number]['key'];
/** What a pass/fail value may be written as (any case). */
export const MEASUREMENT_OK_WORDS = ['OK', 'PASS', 'P', 'Y', '합격', '양호', 'O'] as const;
export const MEASUREMENT_NG_WORDS = ['NG', 'FAIL', 'F', 'N', '불합격', '불량', 'X'] as const;

export const MEASUREMENT_FORMATS = ['csv', 'xlsx'] as const;
export type MeasurementFormat = (typeof MEASUREMENT_FORMATS)[number];

// ---- the list and one result ----

export const measurementResultSchema = z.object({
  id: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  lotRowId: z.number().nullable(),
  lotId: z.string().nullable(),
  fileId: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  /** When measured: the file's latest 측정일시, or the upload time when the file has none. */
  measuredAt: z.string(),
  itemCount: z.number(),
  valueCount: z.number(),
  /** Values outside the limits (NUMBER) or NG (PASS_FAIL). */
  ngCount: z.number(),
  judgement: z.enum(JUDGEMENTS),
  /** The uploader (user id). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: auditFields.updatedBy,
  updatedAt: auditFields.updatedAt,
});
export type MeasurementResult = z.infer<typeof measurementResultSchema>;

export const measurementValueSchema = z.object({
  id: z.number(),
  /** The file row it came from (1 = the header row). */
  rowNumber: z.number(),
  standardId: z.number(),
  /** The item as it was when uploaded (a later edit of the standard does not change a result). */
  name: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(QUALITY_KINDS),
  target: z.number().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  sampleSize: z.number(),
  sampleNo: z.number(),
  value: z.number().nullable(),
  passed: z.boolean().nullable(),
  ok: z.boolean(),
  measuredAt: z.string().nullable(),
});
export type MeasurementValue = z.infer<typeof measurementValueSchema>;
export const measurementResultDetailSchema = measurementResultSchema.extend({
  values: z.array(measurementValueSchema),
});
export type MeasurementResultDetail = z.infer<typeof measurementResultDetailSchema>;

const filterFields = {
  /** Measured day from … to (factory time zone); 30 days up to today when absent, at most 366. */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  productId: rules.id().optional(),
  /** LOT ID contains (any case). */
  lotId: z.string().trim().max(100).optional(),
  judgement: z.enum(JUDGEMENTS, { error: ruleMessage('invalidOption') }).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, MEASUREMENT_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const measurementFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type MeasurementFilter = z.infer<typeof measurementFilterQuery>;
export const measurementListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type MeasurementListQuery = z.infer<typeof measurementListQuery>;
/** The export's rows, at most (the period bounds them long before this). */
export const MEASUREMENT_EXPORT_MAX_ROWS = 10_000;
export const measurementResultPageResponse = listOf(measurementResultSchema);
export const measurementResultResponse = dataOf(measurementResultDetailSchema);

// ---- upload: the form's fields (multipart beside the file), the preview and the save ----

export const measurementUploadFields = z.object({
  productId: rules.id(),
  /** A LOT ID of the product (any case); empty for none. */
  lotId: z
    .string()
    .trim()
    .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
    .optional()
    .transform((v) => v || null),
});
export type MeasurementUploadFields = z.infer<typeof measurementUploadFields>;

export const measurementRowErrorSchema = z.object({
  /** The column key (item, sample, value, measuredAt). */
  column: z.string(),
  /** In the caller's language. */
  message: z.string(),
});
export const measurementPreviewRowSchema = z.object({
  /** The file row (1 = the header row, data from 2). */
  rowNumber: z.number(),
  /** The cells as read. */
  item: z.string(),
  sample: z.string(),
  value: z.string(),
  measuredAt: z.string(),
  /** The standard item the row names, when found. */
  standardId: z.number().nullable(),
  unit: z.string().nullable(),
  kind: z.enum(QUALITY_KINDS).nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  /** This value's judgement; null while the row has an error. */
  judgement: z.enum(JUDGEMENTS).nullable(),
  errors: z.array(measurementRowErrorSchema),
});
export type MeasurementPreviewRow = z.infer<typeof measurementPreviewRowSchema>;
export const measurementPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(MEASUREMENT_FORMATS),
  /** How a CSV was read: utf-8 (with or without BOM) or cp949 (Korean Excel); null for xlsx. */
  encoding: z.enum(['utf-8', 'cp949']).nullable(),
  lotRowId: z.number().nullable(),
  rows: z.array(measurementPreviewRowSchema),
  invalidCount: z.number(),
  itemCount: z.number(),
  valueCount: z.number(),
  ngCount: z.number(),
  /** The overall judgement of the values; null while any row has an error. */
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type MeasurementPreview = z.infer<typeof measurementPreviewSchema>;
export const measurementPreviewResponse = dataOf(measurementPreviewSchema);
/** `extraData.rows` of the save's 400 measurementRowsInvalid. */
export const measurementInvalidRowSchema = z.object({
  rowNumber: z.number(),
  errors: z.array(measurementRowErrorSchema),
});

export const measurementTemplateQuery = z.object({
  format: z.enum(MEASUREMENT_FORMATS, { error: ruleMessage('invalidOption') }).default('xlsx'),
  /** Pre-fills one row per item and sample of this product. */
  productId: rules.id().optional(),
});
