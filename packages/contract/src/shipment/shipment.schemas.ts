import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf } from '../common/common.schemas.ts';
import { masterPageQuery } from '../common/master-fields.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Shipments (SPEC §7 "Shipment", screens /production/shipment, /m/production/shipment and /m/production/shipmentList;
// DOMAIN "Stock and movements"): one product's lots shipped to a customer, for an order product when there is one.
// Each line takes a quantity out of one product stock row (a SHIP movement of the product stock ledger); a cancel
// gives every line back to its row (SHIP_CANCEL) and the shipment stays, marked canceled.

/** Lines (lots) of one shipment. */
export const SHIPMENT_LINES_MAX = 100;
/** Shipments one bulk cancel takes. */
export const SHIPMENT_CANCEL_MAX = 500;
/** A shipment list's period (shipment dates): at most a year. */
export const SHIPMENT_PERIOD_MAX_DAYS = 366;

/** `S<yyyymmdd>-<seq>`: the shipment date and that day's sequence, 3 digits (more past 999). */
export function shipmentNoOf(day: string, seq: number): string {
  return `S${day.replaceAll('-', '')}-${String(seq).padStart(3, '0')}`;
}

/** One line: a lot's quantity taken from one product stock row (a lot on a shelf). */
export const shipmentLotSchema = z.object({
  id: z.number(),
  productStockId: z.number(),
  /** The lot row (lots.id) and its LOT ID. */
  lotRowId: z.number(),
  lotId: z.string(),
  /** The production plan that made the lot; null for a lot added by hand. */
  planId: z.number().nullable(),
  /** The shelf the quantity left, its path from the site down. */
  locationId: z.number(),
  placePath: z.string(),
  /** The lot's production day and expiry date. */
  day: z.string(),
  expiryDate: z.string().nullable(),
  qty: z.number(),
  /** The product stock ledger's SHIP movement of the line, and its SHIP_CANCEL once the shipment is canceled. */
  shipHistoryId: z.number().nullable(),
  cancelHistoryId: z.number().nullable(),
});
export type ShipmentLot = z.infer<typeof shipmentLotSchema>;

/** A shipment as the lists show it. */
export const shipmentSchema = z.object({
  id: z.number(),
  shipmentNo: z.string(),
  shipmentDt: z.string(),
  /** The customer. */
  bizPartnerId: z.number(),
  bizPartnerCode: z.string(),
  bizPartnerName: z.string(),
  /** The order product it ships, its order and the order's number; null without one. */
  orderProductId: z.number().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** The lines' quantity and count, and their LOT IDs (each once, in line order). */
  totalQty: z.number(),
  lotCount: z.number(),
  lotIds: z.array(z.string()),
  /** The order product's unit price and totalQty × it; null without an order product or a price. */
  unitPrice: z.number().nullable(),
  amount: z.number().nullable(),
  /** A canceled shipment: its quantities went back to the lots; who canceled it, when and why. */
  canceled: z.boolean(),
  canceledAt: z.string().nullable(),
  canceledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** A shipment with its lines. */
export const shipmentDetailSchema = shipmentSchema.extend({ lots: z.array(shipmentLotSchema) });
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

const shipmentLineBody = z.object({ productStockId: rules.idValue(), qty: rules.positiveQty() });

/**
 * POST /shipment. The lots to ship (`lots`: each a product stock row and a quantity ≤ its stock), or only a quantity
 * (`qty`), which the server picks first-expired-first-out across the product's stock — one of the two.
 */
export const shipmentCreateBody = z
  .object({
    /** A CUSTOMER partner. */
    bizPartnerId: rules.idValue(),
    /** An order product of that customer's business, for this product. */
    orderProductId: rules
      .idValue()
      .nullish()
      .transform((v) => v ?? null),
    productId: rules.idValue(),
    shipmentDt: rules.date(),
    description: rules.optionalText(500),
    lots: z
      .array(shipmentLineBody)
      .max(SHIPMENT_LINES_MAX, { error: ruleMessage('maxItems', { max: SHIPMENT_LINES_MAX }) })
      .optional(),
    qty: rules.positiveQty().optional(),
  })
  .superRefine((v, ctx) => {
    const hasLots = (v.lots?.length ?? 0) > 0;
    if (hasLots === (v.qty !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [hasLots ? 'qty' : 'lots'], message: ruleMessage('shipmentLotsOrQty') });
    }
    const seen = new Set<number>();
    v.lots?.forEach((line, i) => {
      if (seen.has(line.productStockId)) {
        ctx.addIssue({ code: 'custom', path: ['lots', i, 'productStockId'], message: ruleMessage('shipmentLotTwice') });
      }
      seen.add(line.productStockId);
    });
  });
export type ShipmentCreate = z.infer<typeof shipmentCreateBody>;

/** PUT /shipment/cancel. */
export const shipmentCancelBody = z.object({ id: rules.idValue(), reason: rules.optionalText(200) });
export type ShipmentCancel = z.infer<typeof shipmentCancelBody>;
/** PUT /shipment/cancels: all or none. */
export const shipmentCancelsBody = z.object({
  ids: z
    .array(rules.idValue())
    .min(1, { error: ruleMessage('required') })
    .max(SHIPMENT_CANCEL_MAX, { error: ruleMessage('maxItems', { max: SHIPMENT_CANCEL_MAX }) }),
  reason: rules.optionalText(200),
});
export type ShipmentCancels = z.infer<typeof shipmentCancelsBody>;

/** A yes/no filter that may be left out (then both). */
const optionalFlag = z
  .enum(['true', 'false', 'Y', 'N', ''], { error: ruleMessage('invalidType') })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === 'Y'));

const shipmentFilterFields = {
  /** Shipment dates, both inclusive, at most a year. */
  startDt: rules.date(),
  endDt: rules.date(),
  bizPartnerId: rules.id().optional(),
  productId: rules.id().optional(),
  orderProductId: rules.id().optional(),
  /** true: canceled ones only; false: the others only; absent: both. */
  canceled: optionalFlag,
  /** Shipment no, LOT ID, customer code or name, product code or name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
};
const checkShipmentPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, SHIPMENT_PERIOD_MAX_DAYS, ctx, ['endDt']);
/** The list's filter (the workbook: every row of it). */
export const shipmentFilterQuery = z.object(shipmentFilterFields).superRefine(checkShipmentPeriod);
export type ShipmentFilter = z.infer<typeof shipmentFilterQuery>;
export const shipmentListQuery = z
  .object({ ...shipmentFilterFields, ...masterPageQuery.shape })
  .superRefine(checkShipmentPeriod);
export type ShipmentListQuery = z.infer<typeof shipmentListQuery>;

/** `/shipment/shipments/lot/{lotId}`: a LOT ID, any case. */
export const shipmentLotParam = z.object({ lotId: rules.text(100) });

/** A quantity in a query (text on the wire): a decimal above zero, like a body's. */
const queryQty = () =>
  z.coerce
    .number({ error: ruleMessage('realNumber') })
    .refine((v) => Number.isFinite(v), { error: ruleMessage('realNumber') })
    .pipe(rules.positiveQty());

/** GET /shipment/shipments/pick: what a shipment of `qty` would take, first expired first out. */
export const shipmentPickQuery = z.object({ productId: rules.id(), qty: queryQty() });
export const shipmentPickLineSchema = z.object({
  productStockId: z.number(),
  lotRowId: z.number(),
  lotId: z.string(),
  locationId: z.number(),
  placePath: z.string(),
  day: z.string(),
  expiryDate: z.string().nullable(),
  /** The row's stock, and what the pick takes of it. */
  available: z.number(),
  qty: z.number(),
});
export type ShipmentPickLine = z.infer<typeof shipmentPickLineSchema>;
export const shipmentPickSchema = z.object({
  productId: z.number(),
  unit: z.string(),
  /** Asked, picked (≤ asked), and what stock lacks (asked − picked). */
  qty: z.number(),
  pickedQty: z.number(),
  shortQty: z.number(),
  lines: z.array(shipmentPickLineSchema),
});
export type ShipmentPick = z.infer<typeof shipmentPickSchema>;

/**
 * GET /shipment/shipments/bom-req-info: the BOM requirement of a shipment's quantity. Exactly one subject: a product
 * (`productId`, with `qty`), an order product (`orderProductId`: its product; `qty` defaults to the order's quantity)
 * or a shipment (`shipmentId`: its product; `qty` defaults to its total).
 */
export const bomReqInfoQuery = z
  .object({
    productId: rules.id().optional(),
    orderProductId: rules.id().optional(),
    shipmentId: rules.id().optional(),
    qty: queryQty().optional(),
  })
  .superRefine((v, ctx) => {
    const subjects = [v.productId, v.orderProductId, v.shipmentId].filter((x) => x !== undefined).length;
    if (subjects !== 1) ctx.addIssue({ code: 'custom', path: ['productId'], message: ruleMessage('bomReqSubject') });
    else if (v.productId !== undefined && v.qty === undefined)
      ctx.addIssue({ code: 'custom', path: ['qty'], message: ruleMessage('required') });
  });
export type BomReqInfoQuery = z.infer<typeof bomReqInfoQuery>;

export const BOM_COMPONENT_KINDS = ['PRODUCT', 'MATERIAL'] as const;
/** One component of the exploded BOM, rolled up over every path that reaches it. */
export const bomReqComponentSchema = z.object({
  kind: z.enum(BOM_COMPONENT_KINDS),
  /** The product's or material's id. */
  id: z.number(),
  code: z.string(),
  name: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  /** The shallowest level it appears at (1: a direct child of the shipped product). */
  level: z.number(),
  /** Σ over the paths reaching it: qty × Π line qty × (1 + lossRate / 100). */
  requiredQty: z.number(),
  /** Stock on hand: a material's stock rows; a product's stock rows not discarded. */
  stockQty: z.number(),
  /** max(0, required − stock). */
  shortageQty: z.number(),
});
export type BomReqComponent = z.infer<typeof bomReqComponentSchema>;
export const bomReqInfoSchema = z.object({
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
  orderProductId: z.number().nullable(),
  shipmentId: z.number().nullable(),
  /** By level, then kind (products first), then code. */
  components: z.array(bomReqComponentSchema),
  /** Every component has enough stock (true without a BOM). */
  sufficient: z.boolean(),
});
export type BomReqInfo = z.infer<typeof bomReqInfoSchema>;

export const shipmentResponse = dataOf(shipmentDetailSchema);
export const shipmentDetailListResponse = listOf(shipmentDetailSchema);
export const shipmentPageResponse = z.object({ data: z.array(shipmentSchema), total: z.number() });
export const shipmentPickResponse = dataOf(shipmentPickSchema);
export const bomReqInfoResponse = dataOf(bomReqInfoSchema);
