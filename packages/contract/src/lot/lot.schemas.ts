import { z } from 'zod';
import { auditFields, booleanQuery, checkDayPeriod, dataOf, listOf } from '../common/common.schemas.ts';
import { LOT_EXPIRY_REASONS } from '../product-stock/product-stock.schemas.ts';
import {
  DAILY_PLAN_PERIOD_MAX_DAYS,
  PLAN_MAX_DAYS,
  WORK_STATUSES,
} from '../production-plan/production-plan.schemas.ts';
import { productionResultSchema } from '../production-result/production-result.schemas.ts';
import { rules } from '../rules/index.ts';

// The lot report (SPEC §7 "Lot", /report/lot; DOMAIN "Traceability"): lots by production day with what made them —
// the plan, its daily plans and results — what is left of them in stock, and backward genealogy: the supplier lots
// (material packages) their daily plans consumed. Read-only; the lots are made by results (production-result) and by
// hand (product-stock).

/** A lot list's period (its production days): at most a year, like the plan list. */
export const LOT_PERIOD_MAX_DAYS = PLAN_MAX_DAYS;
/** The daily-plans tree's period: at most 93 days (a quarter's plans with every daily plan under them). */
export const LOT_DAILY_TREE_MAX_DAYS = DAILY_PLAN_PERIOD_MAX_DAYS;

/** A shelf holding some of a lot (not discarded), with its path from the site down. */
export const lotShelfSchema = z.object({ locationId: z.number(), path: z.string(), qty: z.number() });
export type LotShelf = z.infer<typeof lotShelfSchema>;

export const lotSchema = z.object({
  /** The lot row (lots.id): what /lot/{id}/… take. */
  id: z.number(),
  /** The LOT ID, unique regardless of case. */
  lotId: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** The production plan that made it, its qty, period and line; all null for a lot added by hand. */
  planId: z.number().nullable(),
  planQty: z.number().nullable(),
  planStartDt: z.string().nullable(),
  planEndDt: z.string().nullable(),
  lineId: z.number().nullable(),
  lineName: z.string().nullable(),
  /** The production day. */
  day: z.string(),
  expiryDate: z.string().nullable(),
  /** SHELF_LIFE: day + the product's shelf life; MATERIAL: the consumed package `expiryPackageId` expires earlier. */
  expiryReason: z.enum(LOT_EXPIRY_REASONS).nullable(),
  expiryPackageId: z.string().nullable(),
  /** Good and bad quantity of the plan's last operation (its daily plans summed): what was made; 0 by hand. */
  goodQty: z.number(),
  badQty: z.number(),
  /** Asked with includeStock (else null): in stock (rows not discarded), discarded so far, and the shelves. */
  stockQty: z.number().nullable(),
  disposedQty: z.number().nullable(),
  shelves: z.array(lotShelfSchema).nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Lot = z.infer<typeof lotSchema>;

/** Backward genealogy: one material package (supplier lot) the lot's daily plans consumed, net of corrections. */
export const lotMaterialSchema = z.object({
  /** The warehouse stock row (package). */
  stockId: z.number(),
  packageId: z.string(),
  supplierLot: z.string().nullable(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  receivedDate: z.string(),
  expiryDate: z.string().nullable(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  /** Consumed by the lot's daily plans, net. */
  qty: z.number(),
  /** The daily plans that consumed it. */
  dailyPlanIds: z.array(z.number()),
  /** This package's expiry is the lot's (expiryReason MATERIAL). */
  setsLotExpiry: z.boolean(),
});
export type LotMaterial = z.infer<typeof lotMaterialSchema>;

// ── Trees: { key, title, data, children } ──────────────────────────────────────────────────────────────────────

/** A product node's data: its lots in the period (plans) and their good quantity. */
export const lotTreeProductDataSchema = z.object({
  kind: z.literal('PRODUCT'),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  lotCount: z.number(),
  goodQty: z.number(),
});
/** A plan node's data: the plan and the lot it made. */
export const lotTreePlanDataSchema = z.object({
  kind: z.literal('PLAN'),
  planId: z.number(),
  lotRowId: z.number(),
  lotId: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
  startDt: z.string(),
  endDt: z.string(),
  lineName: z.string(),
  day: z.string(),
  expiryDate: z.string().nullable(),
  goodQty: z.number(),
  badQty: z.number(),
});
/** A daily plan node's data: the daily plan and its result. */
export const lotTreeDailyDataSchema = z.object({
  kind: z.literal('DAILY_PLAN'),
  dailyPlanId: z.number(),
  planId: z.number(),
  day: z.string(),
  seq: z.number(),
  operationName: z.string(),
  toolName: z.string().nullable(),
  targetQty: z.number(),
  status: z.enum(WORK_STATUSES),
  goodQty: z.number(),
  badQty: z.number(),
});
export const lotTreeDataSchema = z.discriminatedUnion('kind', [
  lotTreeProductDataSchema,
  lotTreePlanDataSchema,
  lotTreeDailyDataSchema,
]);
export type LotTreeData = z.infer<typeof lotTreeDataSchema>;

/**
 * A node of the lot trees. `key` is unique in a tree and the same in both: PR<productId> a product, PL<planId> a plan
 * (its lot), D<dailyPlanId> a daily plan — so a client can graft the daily-plans tree's plan nodes onto the
 * prod-plans tree's. `title` is what a tree shows; `data.kind` says which data it carries.
 */
export type LotTreeNode = { key: string; title: string; data: LotTreeData; children: LotTreeNode[] };
export const lotTreeNodeSchema: z.ZodType<LotTreeNode> = z
  .object({
    key: z.string(),
    title: z.string(),
    data: lotTreeDataSchema,
    get children() {
      return z.array(lotTreeNodeSchema);
    },
  })
  .meta({ id: 'LotTreeNode' });

// ── Queries ────────────────────────────────────────────────────────────────────────────────────────────────────

const periodFields = { startDt: rules.date(), endDt: rules.date() };
const checkLotPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, LOT_PERIOD_MAX_DAYS, ctx, ['endDt']);

const lotFilterFields = {
  ...periodFields,
  /** Add the stock fields (in stock, discarded, shelves). */
  includeStock: booleanQuery(false),
  /** LOT ID, product code or product name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
};
/** Lots whose production day falls in startDt … endDt (the Excel export: all of them). */
export const lotFilterQuery = z.object(lotFilterFields).superRefine(checkLotPeriod);
export type LotFilter = z.infer<typeof lotFilterQuery>;
export const lotListQuery = z
  .object({
    ...lotFilterFields,
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .superRefine(checkLotPeriod);
export type LotListQuery = z.infer<typeof lotListQuery>;

export const lotIdQuery = z.object({ lotId: rules.text(100) });

/** Lots that could be shipped: produced in the period, with stock not discarded. */
export const shipmentLotsQuery = z
  .object({
    ...periodFields,
    /** The customer the lots are for (must be a CUSTOMER partner). Until shipments exist it does not narrow the list. */
    bizPartnerId: rules.id().optional(),
    productId: rules.id().optional(),
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkLotPeriod);
export type ShipmentLotsQuery = z.infer<typeof shipmentLotsQuery>;

/** `/lot/tree/…/{startDt}/{endDt}`: the lots' production days. */
export const lotTreeParams = z.object(periodFields).superRefine(checkLotPeriod);
export const lotDailyTreeParams = z
  .object(periodFields)
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, LOT_DAILY_TREE_MAX_DAYS, ctx, ['endDt']));
export type LotTreePeriod = z.infer<typeof lotTreeParams>;

export const lotResponse = dataOf(lotSchema);
export const lotListResponse = listOf(lotSchema);
export const lotPageResponse = z.object({ data: z.array(lotSchema), total: z.number() });
export const lotDailyPlanListResponse = listOf(productionResultSchema);
export const lotMaterialListResponse = listOf(lotMaterialSchema);
export const lotTreeResponse = dataOf(z.array(lotTreeNodeSchema));
