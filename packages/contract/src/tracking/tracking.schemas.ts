import { z } from 'zod';
import { checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { rules } from '../rules/index.ts';

// Requirement tracking (SPEC §7 "Tracking: GET /tracking/{a}/{b}", screen /report/tracking; DOMAIN "Traceability"):
// for the order products due in a period — per product, or per material through the BOM — what is required against
// what is planned, produced, in stock and shipped, and the shortfall nothing covers yet. Read-only; the formulas are
// in the server module's README (apps/server/src/modules/tracking/README.md).

/** `{kind}`: what is tracked, an order product's product or a material. Anything else is a 400 on `kind`. */
export const TRACKING_KINDS = ['product', 'material'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];
/** The period (the order products' due dates): at most a year, like the plan list. */
export const TRACKING_PERIOD_MAX_DAYS = 366;
/** Where a material's requirement comes from: an order product's BOM, or an order material of the same orders. */
export const TRACKING_SOURCES = ['ORDER_PRODUCT', 'ORDER_MATERIAL'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/** `/tracking/{kind}/{id}`: `id` a product or material id, or `all` (every item with a requirement in the period). */
export const trackingParams = z.object({
  kind: z.enum(TRACKING_KINDS),
  id: z.union([z.literal('all'), rules.id()]),
});
export type TrackingParams = z.infer<typeof trackingParams>;

const period = { startDt: rules.date(), endDt: rules.date() };
const checkPeriod = (v: { startDt: string; endDt: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, TRACKING_PERIOD_MAX_DAYS, ctx, ['endDt']);
/** The workbook's query: the period; the workbook always has every row. */
export const trackingExportQuery = z.object(period).superRefine(checkPeriod);
export type TrackingExportQuery = z.infer<typeof trackingExportQuery>;
/**
 * The report's query. `rows=N`: each item with its sums, `rowCount` and `lateCount` but no rows — what the screen asks
 * for every item of a period (at demo scale × 50 the rows are 300–800 KB), opening an item's rows by its id.
 */
export const trackingQuery = z.object({ ...period, rows: z.enum(['Y', 'N']).default('Y') }).superRefine(checkPeriod);
export type TrackingQuery = z.infer<typeof trackingQuery>;

/** The order and customer a row belongs to. */
const orderFields = {
  orderId: z.number(),
  orderNo: z.string(),
  businessId: z.number(),
  businessName: z.string(),
  bizPartnerId: z.number(),
  bizPartnerCode: z.string(),
  bizPartnerName: z.string(),
  /** The day it is due (an order material: its start day, when it is needed from). */
  dueDt: z.string(),
  /** Days from today (factory time zone) to the due day; negative when overdue. */
  daysLeft: z.number(),
};

/** An item's rows counted, given with or without the rows themselves. */
const countFields = {
  rowCount: z.number(),
  /** Rows past their due day and still pending (a product's: open; a material's: short). */
  lateCount: z.number(),
};

/** The quantities of an order product, or their sums over a product's order products. */
const productQtyFields = {
  /** The order products' quantity. */
  orderedQty: z.number(),
  /** The quantity of the production plans made for them. */
  plannedQty: z.number(),
  /** What those plans made: the good quantity of each plan's last operation. */
  producedQty: z.number(),
  /** Shipped for them, canceled shipments left out. */
  shippedQty: z.number(),
  /** Still to deliver: max(0, ordered − shipped). */
  openQty: z.number(),
  /** The product's available stock given to it, first due first. */
  allocatedQty: z.number(),
  /** Still to make: open − allocated. */
  toProduceQty: z.number(),
  /** Planned but not made yet: max(0, planned − produced). */
  inProgressQty: z.number(),
  /** What no stock and no plan covers: max(0, to produce − in progress). */
  shortfallQty: z.number(),
};

export const productTrackingRowSchema = z.object({
  orderProductId: z.number(),
  ...orderFields,
  planCount: z.number(),
  ...productQtyFields,
});
export type ProductTrackingRow = z.infer<typeof productTrackingRowSchema>;

/** A product: its available stock and the sums of its order products' rows (first due first). */
export const productTrackingItemSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** Available stock: its lots' stock rows not discarded. */
  stockQty: z.number(),
  ...productQtyFields,
  ...countFields,
  rows: z.array(productTrackingRowSchema),
});
export type ProductTrackingItem = z.infer<typeof productTrackingItemSchema>;

/** The material quantities of a requirement row, or their sums over a material's rows. */
const materialQtyFields = {
  /** Required: the BOM explosion of what is still to make, or an order material we provide. */
  requiredQty: z.number(),
  /** An order material the customer supplies: neither required nor counted as cover (received, it is stock). */
  suppliedQty: z.number(),
  /** Released to the order product's plans and still at their line. */
  atLineQty: z.number(),
  /** Consumed by those plans' results so far. */
  consumedQty: z.number(),
  /** The material's warehouse stock given to it, first due first, after what is at the line. */
  allocatedQty: z.number(),
  /** What neither the line nor the stock covers: required − at line − allocated, at least 0. */
  shortfallQty: z.number(),
};

export const materialTrackingRowSchema = z.object({
  source: z.enum(TRACKING_SOURCES),
  /** ORDER_PRODUCT: the order product and its product, and what is still to make of it (the explosion's input). */
  orderProductId: z.number().nullable(),
  productId: z.number().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  productUnit: z.string().nullable(),
  toProduceQty: z.number().nullable(),
  /** ORDER_MATERIAL: the order material line and whether the customer supplies it. */
  orderMaterialId: z.number().nullable(),
  supplied: z.boolean(),
  ...orderFields,
  ...materialQtyFields,
});
export type MaterialTrackingRow = z.infer<typeof materialTrackingRowSchema>;

/** A material: its stock on hand and the sums of its rows. */
export const materialTrackingItemSchema = z.object({
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  /** On hand: its warehouse stock rows (shelves and tools). */
  stockQty: z.number(),
  ...materialQtyFields,
  ...countFields,
  rows: z.array(materialTrackingRowSchema),
});
export type MaterialTrackingItem = z.infer<typeof materialTrackingItemSchema>;

const reportFields = {
  startDt: z.string(),
  endDt: z.string(),
  /** Today at the factory: what `daysLeft` counts from. */
  today: z.string(),
};
export const productTrackingSchema = z.object({
  kind: z.literal('product'),
  ...reportFields,
  items: z.array(productTrackingItemSchema),
});
export type ProductTracking = z.infer<typeof productTrackingSchema>;
export const materialTrackingSchema = z.object({
  kind: z.literal('material'),
  ...reportFields,
  items: z.array(materialTrackingItemSchema),
});
export type MaterialTracking = z.infer<typeof materialTrackingSchema>;

export const trackingSchema = z.discriminatedUnion('kind', [productTrackingSchema, materialTrackingSchema]);
export type Tracking = z.infer<typeof trackingSchema>;
export const trackingResponse = dataOf(trackingSchema);
