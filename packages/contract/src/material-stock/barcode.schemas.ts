import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { materialStockSchema } from './material-stock.schemas.ts';

// SPEC §3 "Barcode info" and §7 "Barcode": one look-up resolves any scanned code to what it names, with the data the
// mobile scan overlay needs (SPEC §2 mobile shell: its actions depend on the type).

export const BARCODE_TYPES = ['MATERIAL', 'MATERIAL_STOCK', 'LOT', 'PRODUCT'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

const itemFields = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  barcode: z.string().nullable(),
};
export const barcodeMaterialSchema = z.object({
  ...itemFields,
  safetyStock: z.number().nullable(),
  /** Stock on hand over all its rows. */
  stockQty: z.number(),
  stockCount: z.number(),
});
export const barcodeProductSchema = z.object(itemFields);
/** A lot (the production issue's): its product and where its stock is. */
export const barcodeLotSchema = z.object({
  id: z.number(),
  lotId: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productionPlanProductName: z.string(),
  qty: z.number(),
  unit: z.string(),
  placePath: z.string().nullable(),
});
export type BarcodeLot = z.infer<typeof barcodeLotSchema>;

export const barcodeInfoSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MATERIAL'), code: z.string(), data: barcodeMaterialSchema }),
  z.object({ type: z.literal('MATERIAL_STOCK'), code: z.string(), data: materialStockSchema }),
  z.object({ type: z.literal('LOT'), code: z.string(), data: barcodeLotSchema }),
  z.object({ type: z.literal('PRODUCT'), code: z.string(), data: barcodeProductSchema }),
]);
export type BarcodeInfo = z.infer<typeof barcodeInfoSchema>;

export const barcodeParams = z.object({ code: rules.text(100) });
/** Only this type; absent: the first that matches, in the order stock package, lot, material, product. */
export const barcodeQuery = z.object({
  type: z.enum(BARCODE_TYPES, { error: ruleMessage('invalidOption') }).optional(),
});
export const barcodeInfoResponse = dataOf(barcodeInfoSchema);
