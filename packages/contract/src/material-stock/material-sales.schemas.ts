import { z } from 'zod';
import { auditFields, booleanQuery, checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { masterPageQuery } from '../common/master-fields.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { MATERIAL_HISTORY_MAX_DAYS, materialStockSchema, stockRefFields } from './material-stock.schemas.ts';

// Material sales (SPEC §7 "Material sales"): material sold from one stock row to a customer; the quantity cannot
// exceed the row's stock (SPEC §5). Deleting a sale returns its quantity to the row.

export const materialSaleSchema = z.object({
  id: z.number(),
  saleDate: z.string(),
  ...stockRefFields,
  /** A business partner whose types include CUSTOMER. */
  customerId: z.number(),
  customerName: z.string(),
  qty: z.number(),
  unitPrice: z.number().nullable(),
  /** qty × unit price, when there is a price. */
  amount: z.number().nullable(),
  /** Why an expired row was sold anyway (the override), else null. */
  expiredReason: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type MaterialSale = z.infer<typeof materialSaleSchema>;

export const materialSaleCreateBody = z.object({
  stockId: rules.idValue(),
  customerId: rules.idValue(),
  qty: rules.qty().refine((v) => v > 0, { error: ruleMessage('positive') }),
  /** Blank: today in the factory time zone. */
  saleDate: rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  unitPrice: rules
    .decimal()
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish()
    .transform((v) => v ?? null),
  /** Required to sell from an expired row (first-expired-first-out is the rule; this is the override). */
  expiredReason: rules.optionalText(200),
  description: rules.optionalText(500),
});
export type MaterialSaleCreate = z.infer<typeof materialSaleCreateBody>;

const checkPeriod = (p: { from?: string; to?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod(p, MATERIAL_HISTORY_MAX_DAYS, ctx);
const saleFilterFields = {
  from: rules.date().optional(),
  to: rules.date().optional(),
  materialId: rules.id().optional(),
  customerId: rules.id().optional(),
  /** Material code or name, package ID or customer name contains. */
  q: z.string().trim().max(100).optional(),
};
export const materialSaleListQuery = masterPageQuery.extend(saleFilterFields).superRefine(checkPeriod);
export type MaterialSaleListQuery = z.infer<typeof materialSaleListQuery>;
export const materialSaleExportQuery = z.object(saleFilterFields).superRefine(checkPeriod);

/** /material-sales/tree/{materialId}: the material's stock rows, first to pick first, each with its sales. */
export const materialSaleTreeRowSchema = materialStockSchema.extend({
  soldQty: z.number(),
  sales: z.array(materialSaleSchema),
});
export const materialSaleTreeQuery = z.object({ containQtyZero: booleanQuery(false) });
export const materialSaleTreeParams = z.object({ materialId: rules.id() });

/** The combined sales view: material sales here, product shipments once that module answers. */
export const SALE_ITEM_KINDS = ['MATERIAL', 'PRODUCT'] as const;
export const itemSaleSchema = z.object({
  kind: z.enum(SALE_ITEM_KINDS),
  /** The sale's (or shipment's) id within its kind. */
  id: z.number(),
  saleDate: z.string(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  itemId: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  qty: z.number(),
  unitPrice: z.number().nullable(),
  amount: z.number().nullable(),
  /** The package ID (material) or LOT ID (product). */
  reference: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ItemSale = z.infer<typeof itemSaleSchema>;
export const itemSaleQuery = masterPageQuery
  .extend({
    from: rules.date(),
    to: rules.date(),
    kind: z.enum(SALE_ITEM_KINDS, { error: ruleMessage('invalidOption') }).optional(),
    customerId: rules.id().optional(),
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkPeriod);
export type ItemSaleQuery = z.infer<typeof itemSaleQuery>;

export const materialSaleResponse = dataOf(materialSaleSchema);
export const materialSalePageResponse = z.object({ data: z.array(materialSaleSchema), total: z.number() });
export const materialSaleTreeResponse = dataOf(z.array(materialSaleTreeRowSchema));
export const itemSalePageResponse = z.object({ data: z.array(itemSaleSchema), total: z.number() });
