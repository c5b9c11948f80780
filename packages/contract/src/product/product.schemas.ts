import { z } from 'zod';
import { auditFields, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Products (SPEC §7 "Product", interfaces.md): what the factory makes, with its standard quantities, barcode,
// design image and usual route.

/** At most this many products in one POST /product/products (all or nothing). */
export const PRODUCT_BULK_MAX = 500;
/** Lists are always paged on the server (interfaces.md): page 1, size 50 unless asked. */
export const MASTER_PAGE_SIZE = 50;
/** Pick-lists (`/products/name`, `/materials/by-name`) answer at most this many rows. */
export const PICK_LIST_MAX = 50;

export const productSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Code of category PRODUCT_TYPE. */
  type: z.string(),
  specification: z.string().nullable(),
  /** Code of category UNIT. */
  unit: z.string(),
  barcode: z.string().nullable(),
  designImageId: z.number().nullable(),
  designImageName: z.string().nullable(),
  routeId: z.number().nullable(),
  routeName: z.string().nullable(),
  lotQty: z.number().nullable(),
  packQty: z.number().nullable(),
  safetyStock: z.number().nullable(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Product = z.infer<typeof productSchema>;

/** A business key: trimmed, required, at most `max` characters. */
export const masterCode = (max = 50) => rules.text(max);
/** An optional barcode: blank means none (stored as null, so many products may have none). */
export const optionalBarcode = z
  .string()
  .trim()
  .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
  .nullish()
  .transform((v) => v || null);
/** A standard quantity: a decimal (SPEC §5, 10 integer digits, 5 places), never negative, optional. */
export const standardQty = () =>
  rules
    .decimal()
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish()
    .transform((v) => v ?? null);

export const productCreateBody = z.object({
  code: masterCode(50),
  name: rules.text(100),
  type: rules.text(50),
  specification: rules.optionalText(200),
  unit: rules.text(50),
  barcode: optionalBarcode,
  routeId: z.number().int().positive().nullish(),
  lotQty: standardQty(),
  packQty: standardQty(),
  safetyStock: standardQty(),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const productUpdateBody = productCreateBody.extend({ id: z.number().int().positive() });
export const productBulkBody = z
  .array(productCreateBody)
  .min(1, { error: ruleMessage('required') })
  .max(PRODUCT_BULK_MAX, { error: ruleMessage('max', { max: PRODUCT_BULK_MAX }) });
export type ProductCreate = z.infer<typeof productCreateBody>;
export type ProductUpdate = z.infer<typeof productUpdateBody>;

/** A paged master list: page and size always apply (defaults 1 and 50, size ≤ 1000). */
export const masterPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(MASTER_PAGE_SIZE),
});
export const productListQuery = masterPageQuery.extend({
  /** Code, name, specification or barcode contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  type: queryArray(z.string().max(50)),
});
export type ProductListQuery = z.infer<typeof productListQuery>;
/** The Excel export takes the list's filters without paging. */
export const productExportQuery = productListQuery.omit({ page: true, size: true });
export type ProductExportQuery = z.infer<typeof productExportQuery>;
/** `/products/type?type=…`: the type is required (repeat it for several). */
export const productTypeQuery = masterPageQuery.extend({
  type: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(50)).min(1, { error: ruleMessage('required') }),
  ),
});
export const productNameQuery = z.object({ name: z.string().trim().max(100).default('') });
export const productBarcodeQuery = z.object({ barcode: rules.text(100) });

export const productResponse = dataOf(productSchema);
export const productListResponse = listOf(productSchema);
export const productPageResponse = z.object({ data: z.array(productSchema), total: z.number() });
