import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf } from '../common/common.schemas.ts';
import { PLAN_MAX_DAYS } from '../production-plan/production-plan.schemas.ts';
import { rules } from '../rules/index.ts';

// Semi-finished lots released to production (SPEC §7 "Production product stock": ship-out, ship-restock; §5 "release
// ≤ stock, restock ≤ released"; DOMAIN "Stock and movements"): a product stock row's quantity (one lot on one shelf)
// moves to the production product stock of the plan whose product consumes it (ship-out), comes back to the same row
// (ship-restock), or is consumed by the plan's results. Each change is a row of the production product ledger, and a
// release or restock also a movement of the product stock ledger (RELEASE, RESTOCK). The product-level twin of
// production-material.

export const PRODUCTION_PRODUCT_MOVEMENT_TYPES = ['RELEASE', 'RESTOCK', 'CONSUME'] as const;
export type ProductionProductMovementType = (typeof PRODUCTION_PRODUCT_MOVEMENT_TYPES)[number];

/** One lot's product stock row released to one plan: what is at the line now, and how it got there. */
export const productionProductStockSchema = z.object({
  id: z.number(),
  /** The consuming plan, its product and period. */
  planId: z.number(),
  planProductId: z.number(),
  planProductCode: z.string(),
  planProductName: z.string(),
  planStartDt: z.string(),
  planEndDt: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  /** The product stock row it came from (where a restock returns it) and its shelf. */
  productStockId: z.number(),
  locationId: z.number(),
  locationName: z.string(),
  /** A discarded LOT takes nothing back: what is at the line can only be consumed. */
  disposed: z.boolean(),
  lotRowId: z.number(),
  lotId: z.string(),
  expiryDate: z.string().nullable(),
  /** The semi-finished product (the lot's). */
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** At the line now: released − restocked − consumed. */
  qty: z.number(),
  releasedQty: z.number(),
  restockedQty: z.number(),
  consumedQty: z.number(),
  ...auditFields,
});
export type ProductionProductStock = z.infer<typeof productionProductStockSchema>;

export const productionProductMovementSchema = z.object({
  id: z.number(),
  prodProductStockId: z.number(),
  type: z.enum(PRODUCTION_PRODUCT_MOVEMENT_TYPES),
  /** Signed: + to the line, − from it. */
  qty: z.number(),
  balance: z.number(),
  /** The product stock ledger's matching movement (RELEASE, RESTOCK). */
  productStockHistoryId: z.number().nullable(),
  /** The daily plan whose result consumed it (CONSUME): the genealogy across product levels. */
  dailyPlanId: z.number().nullable(),
  reason: z.string().nullable(),
  day: z.string(),
  occurredAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ProductionProductMovement = z.infer<typeof productionProductMovementSchema>;

/** A child product a plan needs (its product's BOM lines of child products × the plan's qty) against what was released. */
export const planProductSchema = z.object({
  productId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  /** From the product's BOM (loss included); 0 for a released product the BOM no longer names. */
  requiredQty: z.number(),
  releasedQty: z.number(),
  restockedQty: z.number(),
  consumedQty: z.number(),
  /** At the line now. */
  atLineQty: z.number(),
  /** required − (released − restocked), never below 0. */
  toReleaseQty: z.number(),
  /** Product stock on hand (rows not discarded). */
  stockQty: z.number(),
  /**
   * Whether the plan's results consume it: once released − restocked > 0 (a sub-assembly nobody releases by lot is
   * not tracked, and results do not wait for it).
   */
  tracked: z.boolean(),
});
export type PlanProduct = z.infer<typeof planProductSchema>;
export const planProductsSchema = z.object({
  planId: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  qty: z.number(),
  lineId: z.number(),
  products: z.array(planProductSchema),
  stocks: z.array(productionProductStockSchema),
});
export type PlanProducts = z.infer<typeof planProductsSchema>;

const positiveQty = rules.positiveQty;

/** POST /production-product-stock/ship-out: release qty of a product stock row (a lot on a shelf) to a plan. */
export const productShipOutBody = z.object({
  productStockId: rules.idValue(),
  planId: rules.idValue(),
  qty: positiveQty(),
});
export type ProductShipOut = z.infer<typeof productShipOutBody>;
/** POST /production-product-stock/ship-restock: return what the line did not use to its product stock row. */
export const productShipRestockBody = z.object({
  prodProductStockId: rules.idValue(),
  qty: positiveQty(),
  reason: rules.optionalText(200),
});
export type ProductShipRestock = z.infer<typeof productShipRestockBody>;

const prodProductFilterFields = {
  startDt: rules.date(),
  endDt: rules.date(),
  /** LOT ID, the semi-finished product's or the consuming plan's product code or name. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, PLAN_MAX_DAYS, ctx, ['endDt']);
/** Released lots of the plans meeting startDt … endDt (the export: all of them). */
export const prodProductStockFilterQuery = z.object(prodProductFilterFields).superRefine(checkPeriod);
export type ProdProductStockFilter = z.infer<typeof prodProductStockFilterQuery>;
export const prodProductStocksQuery = z
  .object({
    ...prodProductFilterFields,
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .superRefine(checkPeriod);
export type ProdProductStocksQuery = z.infer<typeof prodProductStocksQuery>;
export const prodProductLotParam = z.object({ lotId: rules.text(100) });

export const productionProductStockResponse = dataOf(productionProductStockSchema);
export const productionProductStockListResponse = listOf(productionProductStockSchema);
export const productionProductStockPageResponse = z.object({
  data: z.array(productionProductStockSchema),
  total: z.number(),
});
export const productionProductMovementListResponse = listOf(productionProductMovementSchema);
export const planProductsResponse = dataOf(planProductsSchema);
