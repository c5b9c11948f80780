import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';
import { PLAN_MAX_DAYS } from '../production-plan/production-plan.schemas.ts';

// Material released to production (SPEC §7 Material stock: ship-out, ship-in-restock and the paths that name a
// production plan; DOMAIN "Stock and movements"): a warehouse stock row's quantity moves to the production material
// stock of a plan at its line (ship-out), comes back to the row (restock), or is consumed by results. Each change is a
// row of the production material ledger, and a release or restock also a movement of the material ledger.

export const PRODUCTION_MATERIAL_MOVEMENT_TYPES = ['RELEASE', 'RESTOCK', 'CONSUME'] as const;
export type ProductionMaterialMovementType = (typeof PRODUCTION_MATERIAL_MOVEMENT_TYPES)[number];

/** One warehouse package's material released to one plan: what is at the line now, and how it got there. */
export const productionMaterialStockSchema = z.object({
  id: z.number(),
  planId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  planStartDt: z.string(),
  planEndDt: z.string(),
  lineId: z.number(),
  lineName: z.string(),
  /** The warehouse stock row (package) it came from. */
  stockId: z.number(),
  packageId: z.string(),
  supplierLot: z.string().nullable(),
  expiryDate: z.string().nullable(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  /** At the line now: released − restocked − consumed. */
  qty: z.number(),
  releasedQty: z.number(),
  restockedQty: z.number(),
  consumedQty: z.number(),
  ...auditFields,
});
export type ProductionMaterialStock = z.infer<typeof productionMaterialStockSchema>;

export const productionMaterialMovementSchema = z.object({
  id: z.number(),
  prodStockId: z.number(),
  type: z.enum(PRODUCTION_MATERIAL_MOVEMENT_TYPES),
  /** Signed: + to the line, − from it. */
  qty: z.number(),
  balance: z.number(),
  dailyPlanId: z.number().nullable(),
  reason: z.string().nullable(),
  day: z.string(),
  occurredAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ProductionMaterialMovement = z.infer<typeof productionMaterialMovementSchema>;

/** A material a plan needs (its product's BOM lines of materials × the plan's qty) against what was released. */
export const planMaterialSchema = z.object({
  materialId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  /** From the product's BOM (loss included); 0 for a material released that the BOM does not name. */
  requiredQty: z.number(),
  releasedQty: z.number(),
  restockedQty: z.number(),
  consumedQty: z.number(),
  /** At the line now. */
  atLineQty: z.number(),
  /** required − (released − restocked), never below 0. */
  toReleaseQty: z.number(),
  /** Warehouse stock on hand. */
  stockQty: z.number(),
});
export type PlanMaterial = z.infer<typeof planMaterialSchema>;
export const planMaterialsSchema = z.object({
  planId: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  qty: z.number(),
  lineId: z.number(),
  materials: z.array(planMaterialSchema),
  stocks: z.array(productionMaterialStockSchema),
});
export type PlanMaterials = z.infer<typeof planMaterialsSchema>;

export type ProductionPlanTreeNode = {
  /** L<id> a location, P<id> a plan. */
  key: string;
  kind: 'LOCATION' | 'PLAN';
  id: number;
  name: string;
  /** A location's type, or PLAN. */
  type: string;
  /** A plan's product code, period and qty. */
  productCode: string | null;
  startDt: string | null;
  endDt: string | null;
  qty: number | null;
  children: ProductionPlanTreeNode[];
};
export const productionPlanTreeNodeSchema: z.ZodType<ProductionPlanTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['LOCATION', 'PLAN']),
    id: z.number(),
    name: z.string(),
    type: z.string(),
    productCode: z.string().nullable(),
    startDt: z.string().nullable(),
    endDt: z.string().nullable(),
    qty: z.number().nullable(),
    get children() {
      return z.array(productionPlanTreeNodeSchema);
    },
  })
  .meta({ id: 'ProductionPlanTreeNode' });

const positiveQty = rules.positiveQty;

/** POST /material-stock/ship-out: release qty of a warehouse stock row to a plan (an expired row needs a reason). */
export const shipOutBody = z.object({
  stockId: rules.idValue(),
  planId: rules.idValue(),
  qty: positiveQty(),
  expiredReason: rules.optionalText(200),
});
export type ShipOut = z.infer<typeof shipOutBody>;
/** POST /material-stock/ship-in-restock: return unused material from the line to its warehouse stock row. */
export const restockBody = z.object({
  prodStockId: rules.idValue(),
  qty: positiveQty(),
  reason: rules.optionalText(200),
});
export type Restock = z.infer<typeof restockBody>;

/** Plans whose period meets startDt … endDt (today … a week on when absent). */
export const planTreeQuery = z
  .object({ startDt: rules.date().optional(), endDt: rules.date().optional() })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, PLAN_MAX_DAYS, ctx, ['endDt']));
const prodStockFilterFields = {
  startDt: rules.date(),
  endDt: rules.date(),
  /** Material code or name, package ID, product code or name. */
  q: z.string().trim().max(100).optional(),
};
const checkProdPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, PLAN_MAX_DAYS, ctx, ['endDt']);
/** Released material of the plans meeting startDt … endDt (the export: all of it). */
export const prodStockFilterQuery = z.object(prodStockFilterFields).superRefine(checkProdPeriod);
export type ProdStockFilter = z.infer<typeof prodStockFilterQuery>;
export const prodStocksQuery = z
  .object({
    ...prodStockFilterFields,
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .superRefine(checkProdPeriod);
export type ProdStocksQuery = z.infer<typeof prodStocksQuery>;
export const prodBarcodeParam = z.object({ code: z.string().trim().min(1).max(100) });

export const productionMaterialStockResponse = dataOf(productionMaterialStockSchema);
export const productionMaterialStockListResponse = listOf(productionMaterialStockSchema);
export const productionMaterialStockPageResponse = z.object({
  data: z.array(productionMaterialStockSchema),
  total: z.number(),
});
export const productionMaterialMovementListResponse = listOf(productionMaterialMovementSchema);
export const planMaterialsResponse = dataOf(planMaterialsSchema);
export const productionPlanTreeResponse = dataOf(z.array(productionPlanTreeNodeSchema));
