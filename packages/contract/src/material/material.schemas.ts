import { z } from 'zod';
import { auditFields, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { masterCode, masterPageQuery, optionalBarcode, standardQty } from '../product/product.schemas.ts';

// The material master (SPEC §7 "Material", first three calls; interfaces.md): what the factory buys and consumes.

export const MATERIAL_BULK_MAX = 500;

export const materialSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Code of category MATERIAL_TYPE. */
  type: z.string(),
  specification: z.string().nullable(),
  /** Code of category UNIT. */
  unit: z.string(),
  barcode: z.string().nullable(),
  safetyStock: z.number().nullable(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Material = z.infer<typeof materialSchema>;

export const materialCreateBody = z.object({
  code: masterCode(50),
  name: rules.text(100),
  type: rules.text(50),
  specification: rules.optionalText(200),
  unit: rules.text(50),
  barcode: optionalBarcode,
  safetyStock: standardQty(),
  /** A business partner whose types include SUPPLIER. */
  supplierId: z.number().int().positive().nullish(),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const materialUpdateBody = materialCreateBody.extend({ id: z.number().int().positive() });
export const materialBulkBody = z
  .array(materialCreateBody)
  .min(1, { error: ruleMessage('required') })
  .max(MATERIAL_BULK_MAX, { error: ruleMessage('max', { max: MATERIAL_BULK_MAX }) });
export type MaterialCreate = z.infer<typeof materialCreateBody>;
export type MaterialUpdate = z.infer<typeof materialUpdateBody>;

export const materialListQuery = masterPageQuery.extend({
  /** Code, name, specification or barcode contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  type: queryArray(z.string().max(50)),
});
export type MaterialListQuery = z.infer<typeof materialListQuery>;
export const materialExportQuery = materialListQuery.omit({ page: true, size: true });
export type MaterialExportQuery = z.infer<typeof materialExportQuery>;
export const materialNameParam = z.object({ name: z.string().trim().min(1).max(100) });
export const materialBarcodeParam = z.object({ barcode: rules.text(100) });

export const materialResponse = dataOf(materialSchema);
export const materialListResponse = listOf(materialSchema);
export const materialPageResponse = z.object({ data: z.array(materialSchema), total: z.number() });
