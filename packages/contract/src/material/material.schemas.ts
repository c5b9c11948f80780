import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { masterBodyFields, masterItemFields, masterListQuery, standardQty } from '../common/master-fields.ts';

// The material master (SPEC §7 "Material", first three calls; interfaces.md): what the factory buys and consumes.

export const MATERIAL_BULK_MAX = 500;
/** Ten years. */
export const SHELF_LIFE_DAYS_MAX = 3650;

export const materialSchema = z.object({
  ...masterItemFields,
  safetyStock: z.number().nullable(),
  /** Days from manufacture (or receipt) to expiry: a receipt's expiry date is proposed from it. */
  shelfLifeDays: z.number().nullable(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Material = z.infer<typeof materialSchema>;

export const materialCreateBody = z.object({
  ...masterBodyFields,
  safetyStock: standardQty(),
  shelfLifeDays: z
    .number({ error: ruleMessage('integer') })
    .int({ error: ruleMessage('integer') })
    .min(1, { error: ruleMessage('min', { min: 1 }) })
    .max(SHELF_LIFE_DAYS_MAX, { error: ruleMessage('max', { max: SHELF_LIFE_DAYS_MAX }) })
    .nullish()
    .transform((v) => v ?? null),
  /** A business partner whose types include SUPPLIER. */
  supplierId: rules.idValue().nullish(),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const materialUpdateBody = materialCreateBody.extend({ id: rules.idValue() });
export const materialBulkBody = z
  .array(materialCreateBody)
  .min(1, { error: ruleMessage('required') })
  .max(MATERIAL_BULK_MAX, { error: ruleMessage('max', { max: MATERIAL_BULK_MAX }) });
export type MaterialCreate = z.infer<typeof materialCreateBody>;
export type MaterialUpdate = z.infer<typeof materialUpdateBody>;

export const materialListQuery = masterListQuery;
export type MaterialListQuery = z.infer<typeof materialListQuery>;
export const materialExportQuery = materialListQuery.omit({ page: true, size: true });
export type MaterialExportQuery = z.infer<typeof materialExportQuery>;
export const materialNameParam = z.object({ name: z.string().trim().min(1).max(100) });
export const materialBarcodeParam = z.object({ barcode: rules.text(100) });

export const materialResponse = dataOf(materialSchema);
export const materialListResponse = listOf(materialSchema);
export const materialPageResponse = z.object({ data: z.array(materialSchema), total: z.number() });
