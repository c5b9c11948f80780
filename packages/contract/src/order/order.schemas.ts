import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Orders (SPEC §7 "Order", DOMAIN "Demand and plans"): a customer's order under a business, with its order products
// (what to deliver, how many, by when, at what price) and order materials (what the order needs or the customer
// supplies, over a period). Production plans made for an order product keep the link (order-product.schemas.ts).

export const orderProductSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  businessId: z.number(),
  businessCode: z.string(),
  businessName: z.string(),
  /** The customer: the business's partner. */
  bizPartnerId: z.number(),
  bizPartnerCode: z.string(),
  bizPartnerName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
  dueDt: z.string(),
  unitPrice: z.number().nullable(),
  /** qty × unit price; null without a price. */
  amount: z.number().nullable(),
  /** The quantities of the production plans made for it, summed. */
  plannedQty: z.number(),
  /** What those plans made: the good quantity of each plan's last operation (its lot), summed. */
  producedQty: z.number(),
  /** qty − plannedQty, never below 0: what a planner still has to plan ("no-production" while above 0). */
  remainingQty: z.number(),
  planCount: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** A production plan made for an order product. */
export const orderProductPlanSchema = z.object({
  planId: z.number(),
  lotSeq: z.number(),
  /** Its lot's LOT ID once the last operation made something; null before. */
  lotId: z.string().nullable(),
  qty: z.number(),
  startDt: z.string(),
  endDt: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  /** Good quantity of the plan's last operation. */
  goodQty: z.number(),
});
export type OrderProductPlan = z.infer<typeof orderProductPlanSchema>;
export const orderProductDetailSchema = orderProductSchema.extend({ plans: z.array(orderProductPlanSchema) });
export type OrderProductDetail = z.infer<typeof orderProductDetailSchema>;

export const orderMaterialSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  qty: z.number(),
  startDt: z.string(),
  endDt: z.string(),
  /** The customer supplies it (consigned material) rather than us buying it. */
  supplied: z.boolean(),
  description: z.string().nullable(),
  ...auditFields,
});
export type OrderMaterial = z.infer<typeof orderMaterialSchema>;

export const orderSchema = z.object({
  id: z.number(),
  businessId: z.number(),
  businessCode: z.string(),
  businessName: z.string(),
  bizPartnerId: z.number(),
  bizPartnerCode: z.string(),
  bizPartnerName: z.string(),
  orderNo: z.string(),
  orderDt: z.string(),
  dueDt: z.string().nullable(),
  description: z.string().nullable(),
  productCount: z.number(),
  materialCount: z.number(),
  /** Its order products' quantities and amounts (qty × unit price, lines without a price count 0), summed. */
  totalQty: z.number(),
  amount: z.number(),
  ...auditFields,
});
export type Order = z.infer<typeof orderSchema>;
export const orderDetailSchema = orderSchema.extend({
  products: z.array(orderProductSchema),
  materials: z.array(orderMaterialSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** An end before the start is reported on `at`. */
const endNotBefore =
  (from: 'startDt' | 'orderDt', to: 'endDt' | 'dueDt') => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const a = v[from];
    const b = v[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a)
      ctx.addIssue({ code: 'custom', path: [to], message: ruleMessage('periodOrder') });
  };

const unitPrice = () =>
  rules
    .qty()
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish();

const orderProductFields = {
  productId: rules.idValue(),
  qty: rules.positiveQty(),
  dueDt: rules.date(),
  unitPrice: unitPrice(),
  description: rules.optionalText(500),
};
const orderMaterialFields = {
  materialId: rules.idValue(),
  qty: rules.positiveQty(),
  startDt: rules.date(),
  endDt: rules.date(),
  supplied: z.boolean().default(false),
  description: rules.optionalText(500),
};
/** Lines per order in one call. */
export const ORDER_LINES_MAX = 200;
const lines = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(ORDER_LINES_MAX, { error: ruleMessage('maxItems', { max: ORDER_LINES_MAX }) })
    .default([]);

/** An order product of a new order (the order's id comes from it). */
export const orderLineProductBody = z.object(orderProductFields);
export const orderLineMaterialBody = z.object(orderMaterialFields).superRefine(endNotBefore('startDt', 'endDt'));

export const orderProductCreateBody = z.object({ orderId: rules.idValue(), ...orderProductFields });
export type OrderProductCreate = z.infer<typeof orderProductCreateBody>;
/** The order of a line is fixed; its product too once it has plans (409 orderProductPlanned). */
export const orderProductUpdateBody = z.object({ id: rules.idValue(), ...orderProductFields });
export type OrderProductUpdate = z.infer<typeof orderProductUpdateBody>;
export const orderProductBulkCreateBody = z.array(orderProductCreateBody).min(1).max(1000);

export const orderMaterialCreateBody = z
  .object({ orderId: rules.idValue(), ...orderMaterialFields })
  .superRefine(endNotBefore('startDt', 'endDt'));
export type OrderMaterialCreate = z.infer<typeof orderMaterialCreateBody>;
export const orderMaterialUpdateBody = z
  .object({ id: rules.idValue(), ...orderMaterialFields })
  .superRefine(endNotBefore('startDt', 'endDt'));
export type OrderMaterialUpdate = z.infer<typeof orderMaterialUpdateBody>;
export const orderMaterialBulkCreateBody = z.array(orderMaterialCreateBody).min(1).max(1000);

const orderFields = {
  businessId: rules.idValue(),
  orderNo: rules.text(50),
  orderDt: rules.date(),
  dueDt: rules.date().nullish(),
  description: rules.optionalText(500),
};
/** An order, and optionally its first lines, in one transaction. */
export const orderCreateBody = z
  .object({ ...orderFields, products: lines(orderLineProductBody), materials: lines(orderLineMaterialBody) })
  .superRefine(endNotBefore('orderDt', 'dueDt'));
export type OrderCreate = z.infer<typeof orderCreateBody>;
/** The order's own fields; its lines change through /order-product. */
export const orderUpdateBody = z
  .object({ id: rules.idValue(), ...orderFields })
  .superRefine(endNotBefore('orderDt', 'dueDt'));
export type OrderUpdate = z.infer<typeof orderUpdateBody>;

export const businessIdParam = z.object({ businessId: rules.id() });

export const orderResponse = dataOf(orderDetailSchema);
export const orderListResponse = listOf(orderSchema);
