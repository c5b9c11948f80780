import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import {
  masterBodyFields,
  masterItemFields,
  masterListQuery,
  masterPageQuery,
  standardQty,
} from '../common/master-fields.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Products (SPEC §7 "Product", interfaces.md): what the factory makes, with its standard quantities, barcode,
// design image and usual route.

/** At most this many products in one POST /product/products (all or nothing). */
export const PRODUCT_BULK_MAX = 500;
/** The longest shelf life a product may declare (100 years): 5 integer digits. */
export const PRODUCT_SHELF_LIFE_DAYS_MAX = 36_500;
const SHELF_LIFE_RANGE = ruleMessage('between', { min: 1, max: PRODUCT_SHELF_LIFE_DAYS_MAX });

export const productSchema = z.object({
  ...masterItemFields,
  designImageId: z.number().nullable(),
  designImageName: z.string().nullable(),
  routeId: z.number().nullable(),
  routeName: z.string().nullable(),
  lotQty: z.number().nullable(),
  packQty: z.number().nullable(),
  safetyStock: z.number().nullable(),
  /** Days a lot keeps from its production day (its expiry = production day + this); null: it does not expire. */
  shelfLifeDays: z.number().nullable(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Product = z.infer<typeof productSchema>;

export const productCreateBody = z.object({
  ...masterBodyFields,
  routeId: rules.idValue().nullish(),
  lotQty: standardQty(),
  packQty: standardQty(),
  safetyStock: standardQty(),
  /** A whole number of days, 1 … PRODUCT_SHELF_LIFE_DAYS_MAX; empty (null) = no expiry. */
  shelfLifeDays: rules
    .integerDigits(5)
    .min(1, { error: SHELF_LIFE_RANGE })
    .max(PRODUCT_SHELF_LIFE_DAYS_MAX, { error: SHELF_LIFE_RANGE })
    .nullish()
    .transform((v) => v ?? null),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const productUpdateBody = productCreateBody.extend({ id: rules.idValue() });
export const productBulkBody = z
  .array(productCreateBody)
  .min(1, { error: ruleMessage('required') })
  .max(PRODUCT_BULK_MAX, { error: ruleMessage('max', { max: PRODUCT_BULK_MAX }) });
export type ProductCreate = z.infer<typeof productCreateBody>;
export type ProductUpdate = z.infer<typeof productUpdateBody>;

export const productListQuery = masterListQuery;
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
