import { z } from 'zod';
import { dataOf, queryArray } from '../common/common.schemas.ts';
import { locationTypeSchema } from '../location/location.schemas.ts';
import { ruleMessage } from '../messages.ts';

// Excel import/export of an entity (SPEC §5 "Excel import"): a template whose row 1 holds the hidden column keys,
// row 2 the headers and data from row 3; the check lists every row with its errors, the save takes the rows back
// as JSON and the server validates them again before saving them all in one transaction.

/** Sheet rows: 1 = hidden column keys, 2 = headers, data from 3. */
export const EXCEL_KEY_ROW = 1;
export const EXCEL_HEADER_ROW = 2;
export const EXCEL_FIRST_DATA_ROW = 3;
/** Caps of one upload: the file as sent, its content once unzipped (zip-bomb guard) and its data rows. */
export const EXCEL_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const EXCEL_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const EXCEL_MAX_ROWS = 5000;
/** The multipart field of the check upload. */
export const EXCEL_FILE_FIELD = 'file';
/** Longest cell text accepted back by the save (the longest form field is far shorter). */
export const EXCEL_MAX_CELL_CHARS = 5000;

export const excelRowErrorSchema = z.object({
  /** The column key (row 1 of the sheet), e.g. `userId` or `ext.grade`. */
  column: z.string(),
  /** Already translated into the caller's language. */
  message: z.string(),
});
export type ExcelRowError = z.infer<typeof excelRowErrorSchema>;

export const excelRowSchema = z.object({
  /** The sheet row number: data starts at 3. */
  rowNumber: z.number().int().min(EXCEL_FIRST_DATA_ROW),
  /** Cell texts by column key. */
  values: z.record(
    z.string(),
    z.string().max(EXCEL_MAX_CELL_CHARS, { error: ruleMessage('maxLength', { max: EXCEL_MAX_CELL_CHARS }) }),
  ),
});
export type ExcelRow = z.infer<typeof excelRowSchema>;

export const excelColumnSchema = z.object({
  key: z.string(),
  /** In the caller's language. */
  header: z.string(),
  required: z.boolean(),
  /** Allowed values of a coded column, as they may be typed. */
  options: z.array(z.string()).optional(),
  /** Shown masked (an initial password): the value is typed, never displayed or exported. */
  secret: z.boolean().optional(),
});
export type ExcelColumnInfo = z.infer<typeof excelColumnSchema>;

export const excelCheckedRowSchema = excelRowSchema.extend({ errors: z.array(excelRowErrorSchema) });
export type ExcelCheckedRow = z.infer<typeof excelCheckedRowSchema>;

export const excelCheckResultSchema = z.object({
  columns: z.array(excelColumnSchema),
  rows: z.array(excelCheckedRowSchema),
  invalidCount: z.number(),
});
export type ExcelCheckResult = z.infer<typeof excelCheckResultSchema>;

export const excelSaveBody = z.object({
  rows: z
    .array(excelRowSchema)
    .min(1, { error: ruleMessage('excelNoData') })
    .max(EXCEL_MAX_ROWS, {
      error: ruleMessage('excelTooLarge', { rows: EXCEL_MAX_ROWS, mb: EXCEL_MAX_UNZIPPED_BYTES / 1024 / 1024 }),
    })
    .refine((rows) => new Set(rows.map((r) => r.rowNumber)).size === rows.length, {
      error: ruleMessage('duplicateValue'),
    }),
});
export type ExcelSaveBody = z.infer<typeof excelSaveBody>;

/** `extraData.rows` of the 400 excelRowsInvalid answer of the save. */
export const excelInvalidRowSchema = z.object({ rowNumber: z.number(), errors: z.array(excelRowErrorSchema) });
export type ExcelInvalidRow = z.infer<typeof excelInvalidRowSchema>;

export const excelCheckResponse = dataOf(excelCheckResultSchema);
export const excelSaveResponse = dataOf(z.object({ saved: z.number() }));

/** The location export's filters (the location screen has no server list query): name/code text and types. */
export const locationExportQuery = z.object({
  q: z.string().max(100).optional(),
  type: queryArray(locationTypeSchema),
});
export type LocationExportQuery = z.infer<typeof locationExportQuery>;
