import { z } from 'zod';
import { auditFields, booleanQuery, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { masterPageQuery } from '../common/master-fields.ts';
import { EXPIRY_SOON_DAYS_MAX, EXPIRY_STATES } from '../material-stock/material-stock.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Product stock (SPEC §7 "Product stock", DOMAIN "Stock and movements"): a lot — what one production plan made, or a
// lot added by hand — stands on one or more shelves; each (lot, shelf) is a stock row whose every change is a row of
// the product stock ledger, written with the balance in one transaction. A disposed row is a "discarded LOT": its
// whole quantity left stock by a DISPOSE movement; it stays, flagged, for the record.

/**
 * Movement types of the product stock ledger: SHIP takes a shipment's quantity out, SHIP_CANCEL gives it back; RELEASE
 * takes a semi-finished lot to a plan's line, RESTOCK brings back what the line did not use.
 */
export const PRODUCT_MOVEMENT_TYPES = [
  'PRODUCE',
  'ADD',
  'ADJUST',
  'DISPOSE',
  'SHIP',
  'SHIP_CANCEL',
  'RELEASE',
  'RESTOCK',
] as const;
export type ProductMovementType = (typeof PRODUCT_MOVEMENT_TYPES)[number];
/**
 * Why a lot's expiry is what it is: SHELF_LIFE (production day + the product's shelf life), MATERIAL (a material
 * package the plan consumed expires earlier; `expiryPackageId` names it) or LOT (a semi-finished lot the plan consumed
 * expires earlier; `expiryPackageId` holds its LOT ID). Null: entered by hand, or none.
 */
export const LOT_EXPIRY_REASONS = ['SHELF_LIFE', 'MATERIAL', 'LOT'] as const;
export type LotExpiryReason = (typeof LOT_EXPIRY_REASONS)[number];
/** A LOT ID: letters, digits and - _ . / (what a Code 128 label and a keyboard-wedge scanner carry), at most 50. */
export const LOT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$/;
/** Lots listed under one product in the item tree; the product node counts the rest (the list shows them all). */
export const ITEM_TREE_LOTS_MAX = 30;

/**
 * The LOT ID of a lot added by hand: M, the production day, the product code and a sequence of that day and product —
 * `M20261126-FG1001-001` (a plan's lot is `L…`, production-plan lotIdOf).
 */
export function handLotIdOf(day: string, productCode: string, seq: number): string {
  return `M${day.replaceAll('-', '')}-${productCode.toUpperCase()}-${String(seq).padStart(3, '0')}`;
}

export const productStockSchema = z.object({
  id: z.number(),
  /** The lot row (lots.id) and its LOT ID, unique regardless of case. */
  lotRowId: z.number(),
  lotId: z.string(),
  /** The production plan that made the lot; null for a lot added by hand. */
  planId: z.number().nullable(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  productType: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  /** The shelf holding it and its path from the site down, joined with ' / '. */
  locationId: z.number(),
  placePath: z.string(),
  qty: z.number(),
  /** A discarded LOT: its quantity left stock (DISPOSE) on disposedAt; it takes no more. */
  disposed: z.boolean(),
  disposedAt: z.string().nullable(),
  /** The reason given when it was discarded. */
  disposedReason: z.string().nullable(),
  /** The quantity the last adjustment set, and the row's note (the last adjustment's description, or edited). */
  adjustedQty: z.number().nullable(),
  description: z.string().nullable(),
  /** The lot's production day. */
  day: z.string(),
  expiryDate: z.string().nullable(),
  expiryReason: z.enum(LOT_EXPIRY_REASONS).nullable(),
  /** The material package whose expiry the lot's expiry follows (expiryReason MATERIAL). */
  expiryPackageId: z.string().nullable(),
  /** Days from today (factory time zone) to the expiry date; negative once expired; null without one. */
  daysToExpiry: z.number().nullable(),
  expiryState: z.enum(EXPIRY_STATES),
  ...auditFields,
});
export type ProductStock = z.infer<typeof productStockSchema>;

/** A movement of the product stock ledger. */
export const productMovementSchema = z.object({
  id: z.number(),
  productStockId: z.number(),
  type: z.enum(PRODUCT_MOVEMENT_TYPES),
  /** Signed: + into the row, − out of it. */
  qty: z.number(),
  /** The row's quantity after the movement. */
  balance: z.number(),
  /** The daily plan whose result made it (PRODUCE). */
  dailyPlanId: z.number().nullable(),
  reason: z.string().nullable(),
  /** The factory day it counts for. */
  day: z.string(),
  occurredAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ProductMovement = z.infer<typeof productMovementSchema>;

/** The product stock lists' filters (rows; a product's or a location's rows; the Excel export). */
export const productStockFilterQuery = z.object({
  /** LOT ID, product code or product name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  productId: rules.id().optional(),
  /** The location or any location below it (its shelves). */
  locationId: rules.id().optional(),
  /** Product types (code category PRODUCT_TYPE). */
  productType: queryArray(z.string().max(50)),
  /** One lot, by its LOT ID (any case). */
  lotId: z.string().trim().max(100).optional(),
  expiry: queryArray(z.enum(EXPIRY_STATES, { error: ruleMessage('invalidOption') })),
  soonDays: z.coerce.number().int().min(0).max(EXPIRY_SOON_DAYS_MAX).optional(),
  /** Rows at zero are left out unless asked; asked, discarded LOTs (at zero) are listed too. */
  containQtyZero: booleanQuery(false),
  /** Discarded LOTs are left out unless asked (or containQtyZero). */
  includeDisposed: booleanQuery(false),
});
export type ProductStockFilter = z.infer<typeof productStockFilterQuery>;
export const productStockListQuery = masterPageQuery.extend(productStockFilterQuery.shape);
export type ProductStockListQuery = z.infer<typeof productStockListQuery>;
/** /prod-stocks/{id} and /prod-stocks/location/{id}/stocks: the path names the product or the location. */
export const productStockOfQuery = productStockListQuery.omit({ productId: true, locationId: true });

/** A node of the product stock trees: locations down to shelves, or product types → products → lots. */
export type ProductStockTreeNode = {
  /** Unique in the tree: L<id> a location, G<type> a product type, P<id> a product, LOT:<LOT ID> a lot. */
  key: string;
  kind: 'LOCATION' | 'TYPE' | 'PRODUCT' | 'LOT';
  id: number | null;
  name: string;
  /** A location's type, the product type code, or LOT. */
  type: string;
  /** A location's or product's code, a lot's LOT ID. */
  code: string | null;
  /** Lots with stock at or below the node (each counted once). */
  lotCount: number;
  /** Stock rows at or below the node. */
  stockCount: number;
  /** Their quantity. */
  qty: number;
  /** The unit of that quantity; null when the rows below are of products with different units. */
  unit: string | null;
  /** A lot's expiry date (lot nodes). */
  expiryDate: string | null;
  /** A lot all of whose rows are discarded (lot nodes). */
  disposed: boolean;
  /** A product's lots not listed under it (more than ITEM_TREE_LOTS_MAX). */
  moreLots: number;
  children: ProductStockTreeNode[];
};
export const productStockTreeNodeSchema: z.ZodType<ProductStockTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['LOCATION', 'TYPE', 'PRODUCT', 'LOT']),
    id: z.number().nullable(),
    name: z.string(),
    type: z.string(),
    code: z.string().nullable(),
    lotCount: z.number(),
    stockCount: z.number(),
    qty: z.number(),
    unit: z.string().nullable(),
    expiryDate: z.string().nullable(),
    disposed: z.boolean(),
    moreLots: z.number(),
    get children() {
      return z.array(productStockTreeNodeSchema);
    },
  })
  .meta({ id: 'ProductStockTreeNode' });
export const productStockTreeQuery = z.object({
  containQtyZero: booleanQuery(false),
  includeDisposed: booleanQuery(false),
});

const lotIdField = z
  .string()
  .trim()
  .max(50, { error: ruleMessage('maxLength', { max: 50 }) })
  .refine((v) => v === '' || LOT_ID_PATTERN.test(v), { error: ruleMessage('lotIdPattern') });
const optionalDate = () =>
  rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null);

/** PUT /productstock/stock: the row's note only (its quantity changes through /stock/{id}/qty). */
export const productStockNoteBody = z.object({
  id: rules.idValue(),
  description: rules.optionalText(500),
});
/** PUT /productstock/dispose/{id}: the row becomes a discarded LOT; the body (and its reason) may be left out. */
export const productStockDisposeBody = z.preprocess((v) => v ?? {}, z.object({ reason: rules.optionalText(200) }));
/** PUT /productstock/stock/{id}/qty: the counted quantity (≥ 0) and why; the difference is an ADJUST movement. */
export const productStockAdjustBody = z.object({
  adjustedQty: rules.qty().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) }),
  description: rules.text(500),
});
export type ProductStockAdjust = z.infer<typeof productStockAdjustBody>;

/**
 * POST /productstock/stock-add: stock added by hand (an opening balance, a found lot) onto a shelf. Without a LOT ID a
 * new lot `M<day>-<product code>-<seq>` is made; with one, a new lot of that ID, or more of an existing hand-added lot
 * of the same product.
 */
export const productStockAddBody = z
  .object({
    productId: rules.idValue(),
    lotId: lotIdField.nullish().transform((v) => v || null),
    /** A SHELF. */
    locationId: rules.idValue(),
    qty: rules.positiveQty(),
    /** The production day; blank: today in the factory time zone. */
    day: optionalDate(),
    /** Blank: the production day + the product's shelf life, when it has one. */
    expiryDate: optionalDate(),
    description: rules.optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.day && v.expiryDate && v.expiryDate < v.day) {
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: ruleMessage('expiryBeforeProduction') });
    }
  });
export type ProductStockAdd = z.infer<typeof productStockAddBody>;

export const productStockPlanParam = z.object({ planId: rules.id() });
export const productStockLotParam = z.object({ lotId: rules.text(100) });

export const productStockResponse = dataOf(productStockSchema);
export const productStockListResponse = listOf(productStockSchema);
export const productStockPageResponse = z.object({ data: z.array(productStockSchema), total: z.number() });
export const productMovementListResponse = listOf(productMovementSchema);
export const productStockTreeResponse = dataOf(z.array(productStockTreeNodeSchema));
