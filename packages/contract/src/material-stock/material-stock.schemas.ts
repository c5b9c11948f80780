import { z } from 'zod';
import { auditFields, booleanQuery, checkDayPeriod, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { masterPageQuery } from '../common/master-fields.ts';
import { type LabelQuery, labelQuery } from '../labels/labels.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Material stock (SPEC §7 "Material stock", DOMAIN "Stock and movements"): a stock row is one received package
// (pallet, box) with its own package ID, on a shelf or a tool; every change of its quantity or place is a movement
// in the material ledger (material history), written with the balance in one transaction.

/**
 * Movement types of the material ledger. Ship-out and restock are the production issue's; RETURN (to the supplier)
 * and SCRAP take a held package's rest out on a quality disposition (issue 15); the rest are ours.
 */
export const MATERIAL_MOVEMENT_TYPES = [
  'SHIP_IN',
  'SHIP_OUT',
  'RESTOCK',
  'SALE',
  'SALE_CANCEL',
  'CORRECT',
  'MOVE',
  'RETURN',
  'SCRAP',
] as const;
export type MaterialMovementType = (typeof MATERIAL_MOVEMENT_TYPES)[number];

/** Where a stock row stands against its expiry date (soon = within the threshold's days, today included). */
export const EXPIRY_STATES = ['EXPIRED', 'SOON', 'OK', 'NONE'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
/** Days before expiry a row counts as soon to expire, unless the deployment (EXPIRY_SOON_DAYS) or a query says. */
export const EXPIRY_SOON_DAYS_DEFAULT = 30;
export const EXPIRY_SOON_DAYS_MAX = 3650;
/** Receipts in one bulk call or Excel save. */
export const SHIP_IN_BULK_MAX = 500;
/** Material history and daily totals: a period of at most this many days. */
export const MATERIAL_HISTORY_MAX_DAYS = 366;
/** A package ID: letters, digits and - _ . / (what a Code 128 label and a keyboard-wedge scanner carry). */
export const PACKAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$/;

export const materialStockSchema = z.object({
  id: z.number(),
  /** The package's barcode, unique regardless of case. */
  packageId: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  materialType: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  qty: z.number(),
  /** The quantity received (the first movement). */
  receivedQty: z.number(),
  /** The shelf holding it, or null when a tool does. */
  locationId: z.number().nullable(),
  toolId: z.number().nullable(),
  toolName: z.string().nullable(),
  /** Site / factory / warehouse / shelf (or line / tool), joined with ' / '. */
  placePath: z.string(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  supplierLot: z.string().nullable(),
  receivedDate: z.string(),
  manufactureDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** Days from today (factory time zone) to the expiry date; negative once expired; null without one. */
  daysToExpiry: z.number().nullable(),
  expiryState: z.enum(EXPIRY_STATES),
  description: z.string().nullable(),
  ...auditFields,
});
export type MaterialStock = z.infer<typeof materialStockSchema>;

const optionalDate = () =>
  rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null);
const positiveQty = rules.positiveQty;
const stockQty = () => rules.qty().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) });

/** A shelf (locationId) or a tool (toolId), exactly one (SPEC §5: materials only on a shelf or a tool/shelf). */
function checkPlace(v: { locationId?: number | null; toolId?: number | null }, ctx: z.RefinementCtx) {
  if ((v.locationId == null) === (v.toolId == null)) {
    ctx.addIssue({ code: 'custom', path: ['locationId'], message: ruleMessage('stockPlaceOne') });
  }
}
function checkDates(v: { manufactureDate?: string | null; expiryDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.manufactureDate && v.expiryDate && v.expiryDate < v.manufactureDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: ruleMessage('expiryBeforeManufacture') });
  }
}

const shipInFields = {
  materialId: rules.idValue(),
  qty: positiveQty(),
  locationId: rules.idValue().nullish(),
  toolId: rules.idValue().nullish(),
  /** A business partner whose types include SUPPLIER. */
  supplierId: rules.idValue().nullish(),
  supplierLot: rules.optionalText(100),
  /** Blank: one is made (M + received date + a serial). */
  packageId: z
    .string()
    .trim()
    .max(50, { error: ruleMessage('maxLength', { max: 50 }) })
    .refine((v) => v === '' || PACKAGE_ID_PATTERN.test(v), { error: ruleMessage('packageId') })
    .nullish()
    .transform((v) => v || null),
  /** Blank: today in the factory time zone. */
  receivedDate: optionalDate(),
  manufactureDate: optionalDate(),
  /** Blank: proposed from the material's shelf life when it has one. */
  expiryDate: optionalDate(),
  description: rules.optionalText(500),
};
export const shipInBody = z.object(shipInFields).superRefine((v, ctx) => {
  checkPlace(v, ctx);
  checkDates(v, ctx);
});
export type ShipIn = z.infer<typeof shipInBody>;
export const shipInBulkBody = z
  .array(shipInBody)
  .min(1, { error: ruleMessage('required') })
  .max(SHIP_IN_BULK_MAX, { error: ruleMessage('max', { max: SHIP_IN_BULK_MAX }) });

/** PUT /material-stock/stock: a count correction and/or a move, always with a reason; dates and notes may change. */
export const stockUpdateBody = z
  .object({
    id: rules.idValue(),
    /** The counted quantity; a difference is a CORRECT movement. */
    qty: stockQty(),
    locationId: rules.idValue().nullish(),
    toolId: rules.idValue().nullish(),
    supplierLot: rules.optionalText(100),
    manufactureDate: optionalDate(),
    expiryDate: optionalDate(),
    description: rules.optionalText(500),
    reason: rules.text(200),
  })
  .superRefine((v, ctx) => {
    checkPlace(v, ctx);
    checkDates(v, ctx);
  });
export type StockUpdate = z.infer<typeof stockUpdateBody>;

/** The stock lists' filters (rows; a location's or a material's rows; the Excel export). */
export const stockFilterQuery = z.object({
  /** Material code or name, package ID or supplier lot contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  materialId: rules.id().optional(),
  /** The location or any location below it (tools there included). */
  locationId: rules.id().optional(),
  toolId: rules.id().optional(),
  materialType: queryArray(z.string().max(50)),
  expiry: queryArray(z.enum(EXPIRY_STATES, { error: ruleMessage('invalidOption') })),
  soonDays: z.coerce.number().int().min(0).max(EXPIRY_SOON_DAYS_MAX).optional(),
  /** Rows at zero are left out unless asked. */
  containQtyZero: booleanQuery(false),
});
export type StockFilter = z.infer<typeof stockFilterQuery>;
export const stockListQuery = masterPageQuery.extend(stockFilterQuery.shape);
export type StockListQuery = z.infer<typeof stockListQuery>;
/** /location/{id}/stocks and /material/{id}/stocks: the path names the location or the material. */
export const stockOfQuery = stockListQuery.omit({ locationId: true, materialId: true });

/** One material's stock against its safety stock. */
export const materialStockTotalSchema = z.object({
  materialId: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  safetyStock: z.number().nullable(),
  qty: z.number(),
  stockCount: z.number(),
  /** Safety stock minus stock when below it, else 0. */
  shortageQty: z.number(),
  belowSafety: z.boolean(),
  expiredQty: z.number(),
  soonQty: z.number(),
  nearestExpiry: z.string().nullable(),
});
export type MaterialStockTotal = z.infer<typeof materialStockTotalSchema>;
export const materialStockTotalQuery = masterPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  type: queryArray(z.string().max(50)),
  /** Only materials below their safety stock. */
  belowSafety: booleanQuery(false),
  soonDays: z.coerce.number().int().min(0).max(EXPIRY_SOON_DAYS_MAX).optional(),
  /** Materials without stock are left out unless asked. */
  containQtyZero: booleanQuery(false),
});

export type StockTreeNode = {
  /** Unique in the tree: L<id> for a location, T<id> for a tool, M<id> a material, G<type> a material type. */
  key: string;
  kind: 'LOCATION' | 'TOOL' | 'TYPE' | 'MATERIAL';
  id: number | null;
  name: string;
  /** A location's type, TOOL, or the material type code. */
  type: string;
  code: string | null;
  /** Rows with stock at or below the node. */
  stockCount: number;
  /** Quantity (material nodes and their places only: one unit). */
  qty: number | null;
  unit: string | null;
  belowSafety: boolean | null;
  children: StockTreeNode[];
};
export const stockTreeNodeSchema: z.ZodType<StockTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['LOCATION', 'TOOL', 'TYPE', 'MATERIAL']),
    id: z.number().nullable(),
    name: z.string(),
    type: z.string(),
    code: z.string().nullable(),
    stockCount: z.number(),
    qty: z.number().nullable(),
    unit: z.string().nullable(),
    belowSafety: z.boolean().nullable(),
    get children() {
      return z.array(stockTreeNodeSchema);
    },
  })
  .meta({ id: 'StockTreeNode' });
export const stockTreeQuery = z.object({ containQtyZero: booleanQuery(false) });

/** The stock row and material a movement or a sale is of, as lists show them. */
export const stockRefFields = {
  stockId: z.number(),
  packageId: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  unit: z.string(),
};

/** A movement of the material ledger. */
export const materialMovementSchema = z.object({
  id: z.number(),
  occurredAt: z.string(),
  /** The factory day it counts for (daily totals). */
  day: z.string(),
  type: z.enum(MATERIAL_MOVEMENT_TYPES),
  ...stockRefFields,
  /** Signed: + into the stock row, − out of it; 0 for a move. */
  qty: z.number(),
  /** The row's quantity after the movement. */
  balance: z.number(),
  placePath: z.string(),
  /** A move's previous place. */
  fromPlacePath: z.string().nullable(),
  saleId: z.number().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type MaterialMovement = z.infer<typeof materialMovementSchema>;

const periodFields = { from: rules.date(), to: rules.date() };
const checkPeriod = (p: { from?: string; to?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod(p, MATERIAL_HISTORY_MAX_DAYS, ctx);
export const materialHistoryFilterQuery = z
  .object({
    ...periodFields,
    materialId: rules.id().optional(),
    locationId: rules.id().optional(),
    type: queryArray(z.enum(MATERIAL_MOVEMENT_TYPES, { error: ruleMessage('invalidOption') })),
    /** Material code or name, or package ID contains. */
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkPeriod);
export const materialHistoryQuery = z
  .object({ ...materialHistoryFilterQuery.shape, ...masterPageQuery.shape })
  .superRefine(checkPeriod);

/** Per day and material: what came in and went out, and the balance at the end of the day. */
export const materialDailyTotalSchema = z.object({
  day: z.string(),
  materialId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  received: z.number(),
  released: z.number(),
  restocked: z.number(),
  /** Sold minus cancelled sales. */
  sold: z.number(),
  /** Count corrections, signed. */
  corrected: z.number(),
  /** Returned to suppliers and scrapped (quality dispositions of held packages). */
  disposed: z.number(),
  closing: z.number(),
});
export type MaterialDailyTotal = z.infer<typeof materialDailyTotalSchema>;
export const materialDailyTotalFilterQuery = z
  .object({
    ...periodFields,
    materialId: rules.id().optional(),
    materialType: queryArray(z.string().max(50)),
    q: z.string().trim().max(100).optional(),
  })
  .superRefine(checkPeriod);
export const materialDailyTotalQuery = z
  .object({ ...materialDailyTotalFilterQuery.shape, ...masterPageQuery.shape })
  .superRefine(checkPeriod);

/** GET /material-stock/labels: the shared label query (labels/labels.schemas.ts), stock row ids. */
export const stockLabelQuery = labelQuery;
export type StockLabelQuery = LabelQuery;

export const stockNameParam = z.object({ name: z.string().trim().min(1).max(100) });
export const stockBarcodeParam = z.object({ code: rules.text(100) });

export const materialStockResponse = dataOf(materialStockSchema);
export const materialStockListResponse = listOf(materialStockSchema);
export const materialStockPageResponse = z.object({ data: z.array(materialStockSchema), total: z.number() });
export const materialStockTotalPageResponse = z.object({
  data: z.array(materialStockTotalSchema),
  total: z.number(),
});
export const stockTreeResponse = dataOf(z.array(stockTreeNodeSchema));
export const materialMovementListResponse = listOf(materialMovementSchema);
export const materialMovementPageResponse = z.object({ data: z.array(materialMovementSchema), total: z.number() });
export const materialDailyTotalPageResponse = z.object({ data: z.array(materialDailyTotalSchema), total: z.number() });
