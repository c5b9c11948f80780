import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Traceability (issue 14 "Beyond the spec: genealogy both ways"; DOMAIN "Traceability"): lot genealogy walked over the
// ledgers in both directions, drawn as a graph of what flowed into what, and the mock recall of a supplier lot with
// its mass balance. Read-only; every quantity comes from the stock ledgers and balances of the modules that own them.

/** Levels of lots one walk follows at most: a chain deeper than this is a cycle the path check did not see. */
export const TRACE_MAX_DEPTH = 20;

export const TRACE_DIRECTIONS = ['BACKWARD', 'FORWARD'] as const;
export type TraceDirection = (typeof TRACE_DIRECTIONS)[number];

/**
 * What a node of the graph is: a supplier's lot (its received packages), a received material package (material stock
 * row), a lot, a plan that consumed but has made no lot yet, a shipment, a customer.
 */
export const TRACE_NODE_KINDS = ['SUPPLIER_LOT', 'PACKAGE', 'LOT', 'PLAN', 'SHIPMENT', 'CUSTOMER'] as const;
export type TraceNodeKind = (typeof TRACE_NODE_KINDS)[number];

/**
 * What flowed along an edge, always from where the goods were to where they went: a supplier lot's package received
 * (RECEIVED), a package or a lot consumed by the results of a plan (CONSUMED), a lot's quantity in a shipment
 * (SHIPPED), a shipment delivered to its customer (DELIVERED), a package's material sold to a customer (SOLD).
 */
export const TRACE_EDGE_KINDS = ['RECEIVED', 'CONSUMED', 'SHIPPED', 'DELIVERED', 'SOLD'] as const;
export type TraceEdgeKind = (typeof TRACE_EDGE_KINDS)[number];

export const traceNodeSchema = z.object({
  /** Unique in a graph: SL:<supplierId>:<supplier lot>, PK:<stockId>, LT:<lotRowId>, PL:<planId>, SH:<shipmentId>, CU:<partnerId>. */
  key: z.string(),
  kind: z.enum(TRACE_NODE_KINDS),
  /** The row: supplier (SUPPLIER_LOT), material stock row, lot row, plan, shipment, customer. */
  id: z.number(),
  /** What the node is called: supplier lot, package ID, LOT ID, product code (a plan), shipment number, customer. */
  label: z.string(),
  /** The material (SUPPLIER_LOT, PACKAGE), product (LOT, PLAN, SHIPMENT) or partner (CUSTOMER): code and name. */
  code: z.string().nullable(),
  name: z.string().nullable(),
  unit: z.string().nullable(),
  /**
   * PACKAGE: received; SUPPLIER_LOT: received over its packages in the graph; LOT: produced (net of corrections, or
   * added by hand); PLAN: the plan's qty; SHIPMENT: its lines of the lots in the graph; CUSTOMER: what it received
   * along the graph's edges when they share one unit, else null.
   */
  qty: z.number().nullable(),
  /** Received date (PACKAGE), production day (LOT), start day (PLAN), shipment date (SHIPMENT). */
  day: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** The supplier (SUPPLIER_LOT, PACKAGE) or customer (SHIPMENT, CUSTOMER). */
  partnerId: z.number().nullable(),
  partnerCode: z.string().nullable(),
  partnerName: z.string().nullable(),
  supplierLot: z.string().nullable(),
  /** The plan that made the lot (LOT; null for a lot added by hand) or the plan itself (PLAN). */
  planId: z.number().nullable(),
  /** A canceled shipment: its quantities went back to the lots; listed, never counted as delivered. */
  canceled: z.boolean(),
  /** Steps from the subject along the graph's edges (0: the subject). */
  level: z.number(),
});
export type TraceNode = z.infer<typeof traceNodeSchema>;

export const traceEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(TRACE_EDGE_KINDS),
  /** Net quantity (consumption net of result corrections), in `unit`: the unit of what flowed. */
  qty: z.number(),
  unit: z.string().nullable(),
  /** CONSUMED: the daily plans (results) that consumed it. */
  dailyPlanIds: z.array(z.number()),
  /** SHIPPED into a canceled shipment. */
  canceled: z.boolean(),
});
export type TraceEdge = z.infer<typeof traceEdgeSchema>;

export const traceGraphSchema = z.object({
  direction: z.enum(TRACE_DIRECTIONS),
  /** The nodes the walk started from (level 0). */
  subjectKeys: z.array(z.string()),
  /** By level, kind and label. */
  nodes: z.array(traceNodeSchema),
  edges: z.array(traceEdgeSchema),
  /** The walk reached TRACE_MAX_DEPTH levels of lots and stopped there. */
  truncated: z.boolean(),
  /** How long the walk and its names took on the server. */
  elapsedMs: z.number(),
});
export type TraceGraph = z.infer<typeof traceGraphSchema>;

// ── Mock recall ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A received package's mass balance: received = in stock + at the lines + consumed into lots + sold + corrected +
 * returned or scrapped, to the unit; `residualQty` is what the ledgers leave unexplained (0 when they agree).
 */
export const recallPackageSchema = z.object({
  stockId: z.number(),
  packageId: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
  supplierLot: z.string().nullable(),
  receivedDate: z.string(),
  expiryDate: z.string().nullable(),
  /** Its receipt (SHIP_IN) in the material ledger. */
  receivedQty: z.number(),
  /** On its shelf or tool now (the stock row). */
  inStockQty: z.number(),
  /** Released to plans and still at their lines (production material stock). */
  atLineQty: z.number(),
  /** Consumed by results, net (production material ledger CONSUME). */
  consumedQty: z.number(),
  /** Sold to customers (material sales not deleted). */
  soldQty: z.number(),
  /** Taken out by corrections (CORRECT, net; negative when corrections added). */
  correctedQty: z.number(),
  /** Returned to the supplier or scrapped on a quality disposition (RETURN, SCRAP movements). */
  disposedQty: z.number(),
  residualQty: z.number(),
});
export type RecallPackage = z.infer<typeof recallPackageSchema>;

/** What a customer received of a lot (shipments not canceled). */
export const recallLotCustomerSchema = z.object({
  bizPartnerId: z.number(),
  bizPartnerCode: z.string().nullable(),
  bizPartnerName: z.string(),
  qty: z.number(),
  shipmentNos: z.array(z.string()),
});
export type RecallLotCustomer = z.infer<typeof recallLotCustomerSchema>;

/**
 * A lot reached by the recall and its mass balance: produced = in stock + shipped + consumed by higher lots + at the
 * lines (released, not consumed) + disposed + adjusted; `residualQty` what the ledgers leave unexplained.
 */
export const recallLotSchema = z.object({
  lotRowId: z.number(),
  lotId: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  day: z.string(),
  expiryDate: z.string().nullable(),
  planId: z.number().nullable(),
  /** Levels of lots between it and the supplier lot (1: made from the packages). */
  level: z.number(),
  /** PRODUCE (net of result corrections) and ADD movements of the product stock ledger. */
  producedQty: z.number(),
  /** On its shelves now (stock rows). */
  inStockQty: z.number(),
  /** In shipments not canceled (shipment lines), split per customer in `customers`. */
  shippedQty: z.number(),
  /** Consumed by the results of the plans it was released to (production product ledger CONSUME). */
  consumedQty: z.number(),
  /** Released to plans and still at their lines. */
  atLineQty: z.number(),
  /** Discarded (DISPOSE). */
  disposedQty: z.number(),
  /** Taken out by stock counts (ADJUST, net; negative when counts added). */
  adjustedQty: z.number(),
  residualQty: z.number(),
  customers: z.array(recallLotCustomerSchema),
});
export type RecallLot = z.infer<typeof recallLotSchema>;

/** A plan that consumed from the recall but has made no lot yet: work in progress to hold. */
export const recallPlanSchema = z.object({
  planId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
  startDt: z.string(),
});
export type RecallPlan = z.infer<typeof recallPlanSchema>;

/** What one customer received along the recall: shipped lots of a product, or a package's material sold. */
export const recallDeliverySchema = z.object({
  bizPartnerId: z.number(),
  bizPartnerCode: z.string().nullable(),
  bizPartnerName: z.string(),
  kind: z.enum(['SHIPPED', 'SOLD']),
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  qty: z.number(),
  /** Shipment numbers (SHIPPED) or package IDs (SOLD). */
  refs: z.array(z.string()),
});
export type RecallDelivery = z.infer<typeof recallDeliverySchema>;

/** A canceled shipment of a reached lot: listed apart, its quantity back in the lot's stock. */
export const recallCanceledSchema = z.object({
  shipmentId: z.number(),
  shipmentNo: z.string(),
  shipmentDt: z.string(),
  bizPartnerName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  qty: z.number(),
});
export type RecallCanceled = z.infer<typeof recallCanceledSchema>;

export const recallSchema = z.object({
  /** The supplier and supplier lot recalled (a single package: its own, either may be null). */
  supplierId: z.number().nullable(),
  supplierCode: z.string().nullable(),
  supplierName: z.string().nullable(),
  supplierLot: z.string().nullable(),
  /** The package when the recall started from one. */
  stockId: z.number().nullable(),
  packageId: z.string().nullable(),
  /** From the first package's receipt to the day of the recall (factory day). */
  fromDate: z.string(),
  toDate: z.string(),
  packages: z.array(recallPackageSchema),
  /** By level, then LOT ID. */
  lots: z.array(recallLotSchema),
  plans: z.array(recallPlanSchema),
  deliveries: z.array(recallDeliverySchema),
  canceledShipments: z.array(recallCanceledSchema),
  /** Every residual is 0. */
  balanced: z.boolean(),
  /** The walk reached TRACE_MAX_DEPTH levels of lots and stopped there. */
  truncated: z.boolean(),
  /** When it was computed, and how long the walk and the balances took on the server. */
  computedAt: z.string(),
  elapsedMs: z.number(),
});
export type Recall = z.infer<typeof recallSchema>;

// ── Queries ────────────────────────────────────────────────────────────────────────────────────────────────────

const lotIdField = rules.text(100);
const supplierLotField = rules.text(100);

/** One subject: the first of `fields` carries the error when there are none or several. */
function oneSubject(count: number, at: string, ctx: z.RefinementCtx) {
  if (count !== 1) ctx.addIssue({ code: 'custom', path: [at], message: ruleMessage('traceSubject') });
}
/** A supplier lot is named by both its supplier and its lot: the missing one is required. */
function bothOrNone(v: { supplierId?: number; supplierLot?: string }, ctx: z.RefinementCtx) {
  if (v.supplierId !== undefined && v.supplierLot === undefined)
    ctx.addIssue({ code: 'custom', path: ['supplierLot'], message: ruleMessage('required') });
  if (v.supplierLot !== undefined && v.supplierId === undefined)
    ctx.addIssue({ code: 'custom', path: ['supplierId'], message: ruleMessage('required') });
}
const hasSupplier = (v: { supplierId?: number; supplierLot?: string }) =>
  v.supplierId !== undefined || v.supplierLot !== undefined ? 1 : 0;

/** Backward from a lot (its LOT ID, any case) or a shipment. */
export const traceBackwardQuery = z
  .object({ lotId: lotIdField.optional(), shipmentId: rules.id().optional() })
  .superRefine((v, ctx) =>
    oneSubject((v.lotId !== undefined ? 1 : 0) + (v.shipmentId !== undefined ? 1 : 0), 'lotId', ctx),
  );
export type TraceBackwardQuery = z.infer<typeof traceBackwardQuery>;

/** Forward from a material package, a supplier lot (supplier and lot, any case) or a lot (LOT ID, any case). */
export const traceForwardQuery = z
  .object({
    stockId: rules.id().optional(),
    supplierId: rules.id().optional(),
    supplierLot: supplierLotField.optional(),
    lotId: lotIdField.optional(),
  })
  .superRefine((v, ctx) => {
    oneSubject((v.stockId !== undefined ? 1 : 0) + hasSupplier(v) + (v.lotId !== undefined ? 1 : 0), 'stockId', ctx);
    bothOrNone(v, ctx);
  });
export type TraceForwardQuery = z.infer<typeof traceForwardQuery>;

/** The mock recall of a supplier lot (supplier and lot, any case) or of one material package. */
export const recallQuery = z
  .object({
    stockId: rules.id().optional(),
    supplierId: rules.id().optional(),
    supplierLot: supplierLotField.optional(),
  })
  .superRefine((v, ctx) => {
    oneSubject((v.stockId !== undefined ? 1 : 0) + hasSupplier(v), 'stockId', ctx);
    bothOrNone(v, ctx);
  });
export type RecallQuery = z.infer<typeof recallQuery>;

export const traceGraphResponse = dataOf(traceGraphSchema);
export const recallResponse = dataOf(recallSchema);
