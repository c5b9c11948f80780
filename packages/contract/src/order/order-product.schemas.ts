import { z } from 'zod';
import { bizPartnerOrderNodeSchema } from '../biz-partner/biz-partner.schemas.ts';
import { checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { productionPlanSchema } from '../production-plan/production-plan.schemas.ts';
import { rules } from '../rules/index.ts';
import { orderMaterialSchema, orderProductDetailSchema, orderProductSchema } from './order.schemas.ts';

// The order-product calls (SPEC §7 "Order-product": by order, order-material, no-production, tree, period, and
// create, modify and delete, single and bulk; the paths are ours, listed in the order module's README), and the
// planner's one action: a production plan made from an order product.

/** Periods of due dates span at most this many days. */
export const ORDER_PERIOD_MAX_DAYS = 366;

/** Due dates from startDt to endDt, both inclusive; either may be absent (open-ended), both at most a year apart. */
const checkOptionalPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, ORDER_PERIOD_MAX_DAYS, ctx, ['endDt']);

export const orderIdParam = z.object({ orderId: rules.id() });

/** A page of the no-production list when `page` is given without `size`. */
export const NO_PRODUCTION_PAGE_SIZE = 50;
/** Order products still to plan (remaining > 0), by due date: all of them, or with `page`/`size` one page and the total. */
export const noProductionQuery = z
  .object({
    startDt: rules.date().optional(),
    endDt: rules.date().optional(),
    bizPartnerId: rules.id().optional(),
    productId: rules.id().optional(),
    ...pageQuery.shape,
  })
  .superRefine(checkOptionalPeriod);
export type NoProductionQuery = z.infer<typeof noProductionQuery>;

/** Partner → business → order → order products whose due date falls in the period (open-ended without one). */
export const orderProductTreeQuery = z
  .object({
    startDt: rules.date().optional(),
    endDt: rules.date().optional(),
    bizPartnerId: rules.id().optional(),
  })
  .superRefine(checkOptionalPeriod);
export type OrderProductTreeQuery = z.infer<typeof orderProductTreeQuery>;

const periodFields = {
  startDt: rules.date(),
  endDt: rules.date(),
  /** Partner, business, order no, product code or name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  bizPartnerId: rules.id().optional(),
  productId: rules.id().optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, ORDER_PERIOD_MAX_DAYS, ctx, ['endDt']);
/** Order products due in the period (both days required, at most a year). */
export const orderProductFilterQuery = z.object(periodFields).superRefine(checkPeriod);
export type OrderProductFilter = z.infer<typeof orderProductFilterQuery>;
export const orderProductListQuery = z
  .object({
    ...periodFields,
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .superRefine(checkPeriod);
export type OrderProductListQuery = z.infer<typeof orderProductListQuery>;

/**
 * A production plan for an order product: its product, the remaining quantity unless `qty` is given (at most the
 * remaining), from startDt to the due date unless `endDt` is given, on a line.
 */
export const orderProductPlanBody = z
  .object({
    startDt: rules.date(),
    endDt: rules.date().optional(),
    lineId: rules.idValue(),
    qty: rules.positiveQty().optional(),
    description: rules.optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.endDt && v.endDt < v.startDt)
      ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodOrder') });
  });
export type OrderProductPlanCreate = z.infer<typeof orderProductPlanBody>;

export const orderProductResponse = dataOf(orderProductDetailSchema);
export const orderProductListResponse = listOf(orderProductSchema);
export const orderProductPageResponse = z.object({ data: z.array(orderProductSchema), total: z.number() });
export const orderMaterialResponse = dataOf(orderMaterialSchema);
export const orderMaterialListResponse = listOf(orderMaterialSchema);
export const orderProductTreeResponse = listOf(bizPartnerOrderNodeSchema);
/** The plan made and the order product it is for, with its plans. */
export const orderProductPlanResponse = dataOf(
  z.object({ plan: productionPlanSchema, orderProduct: orderProductDetailSchema }),
);
