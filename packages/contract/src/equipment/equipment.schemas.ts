import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Equipment (SPEC §7 "Equipment", "Equipment history", "Equipment stock"; DOMAIN "Assets"): a kind of spare part or
// consumable with the quantity the factory wants on hand (kindQty), its stock at locations and tools, and the ledger
// of every change of that stock (equipment history).

/** SPEC §4 equipment status labels: operating, under inspection. */
export const EQUIPMENT_STATUSES = ['OPERATING', 'UNDER_INSPECTION'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];
export const EQUIPMENT_TYPE_CATEGORY = 'EQUIPMENT_TYPE';
export const EQUIPMENT_SUB_TYPE_CATEGORY = 'EQUIPMENT_SUB_TYPE';

/**
 * Movement types of the equipment ledger: ADD (stock added), MOVE_OUT / MOVE_IN (the two halves of a move, one on
 * each stock row), DISCARD (out of the available stock into a discarded row), EDIT (a count correction, with reason).
 */
export const EQUIPMENT_MOVEMENT_TYPES = ['ADD', 'MOVE_OUT', 'MOVE_IN', 'DISCARD', 'EDIT'] as const;
export type EquipmentMovementType = (typeof EQUIPMENT_MOVEMENT_TYPES)[number];
/** Equipment history: a period of at most this many days. */
export const EQUIPMENT_HISTORY_MAX_DAYS = 366;

const codeField = z
  .string()
  .trim()
  .max(50, { error: ruleMessage('maxLength', { max: 50 }) });

export const equipmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Code of category EQUIPMENT_TYPE, and its name. */
  type: z.string(),
  typeName: z.string().nullable(),
  /** Code of category EQUIPMENT_SUB_TYPE (a child of the type's code), and its name. */
  subType: z.string().nullable(),
  subTypeName: z.string().nullable(),
  standard: z.string().nullable(),
  kind: z.string().nullable(),
  /** The quantity the factory wants on hand; below it the kind is on the insufficient list. */
  kindQty: z.number(),
  status: z.enum(EQUIPMENT_STATUSES),
  /** Available stock: every stock row that is not discarded. */
  stockQty: z.number(),
  /** Discarded stock, still listed. */
  discardQty: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const equipmentBody = z.object({
  name: rules.text(100),
  type: codeField.min(1, { error: ruleMessage('required') }),
  subType: codeField.nullish().transform((v) => v || null),
  standard: rules.optionalText(200),
  kind: rules.optionalText(100),
  kindQty: rules.qty().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) }),
  status: z.enum(EQUIPMENT_STATUSES, { error: ruleMessage('invalidType') }).default('OPERATING'),
  description: rules.optionalText(500),
});
export type EquipmentBody = z.infer<typeof equipmentBody>;

export const equipmentListQuery = pageQuery.extend({
  /** Name, standard or kind contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  type: queryArray(z.string().max(50)),
  subType: queryArray(z.string().max(50)),
  status: queryArray(z.enum(EQUIPMENT_STATUSES, { error: ruleMessage('invalidType') })),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuery>;

/** SPEC §3 equipment-insufficient row: a kind whose available stock is below its kindQty. */
export const equipmentInsufficientSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  typeName: z.string().nullable(),
  subType: z.string().nullable(),
  subTypeName: z.string().nullable(),
  standard: z.string().nullable(),
  kind: z.string().nullable(),
  stockQty: z.number(),
  kindQty: z.number(),
});
export type EquipmentInsufficient = z.infer<typeof equipmentInsufficientSchema>;

/** `{id}` of DELETE /equipment/{id}: one id or several, comma-separated (the screen's bulk delete), all or none. */
export const equipmentIdsParam = z.object({ id: rules.ids() });

export const equipmentResponse = dataOf(equipmentSchema);
export const equipmentListResponse = listOf(equipmentSchema);
export const equipmentInsufficientResponse = listOf(equipmentInsufficientSchema);

// ── Stock ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const equipmentStockSchema = z.object({
  id: z.number(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  type: z.string(),
  typeName: z.string().nullable(),
  subType: z.string().nullable(),
  subTypeName: z.string().nullable(),
  standard: z.string().nullable(),
  kind: z.string().nullable(),
  /** Exactly one of a location and a tool holds the stock. */
  locationId: z.number().nullable(),
  toolId: z.number().nullable(),
  toolName: z.string().nullable(),
  /** Site / factory / … / location (or line / tool), joined with ' / '. */
  placePath: z.string(),
  qty: z.number(),
  /** A discarded row: out of the available stock, kept for the record. */
  isDiscard: z.boolean(),
  discardReason: z.string().nullable(),
  /** The stock row it was discarded from. */
  discardedFromId: z.number().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type EquipmentStock = z.infer<typeof equipmentStockSchema>;

type PlaceFields = { locationId?: number | null; toolId?: number | null };
const onePlace = (v: PlaceFields) => (v.locationId == null) !== (v.toolId == null);
const placeError = { error: ruleMessage('equipmentPlace'), path: ['locationId'] };

export const equipmentStockCreateBody = z
  .object({
    equipmentId: rules.idValue(),
    locationId: rules.idValue().nullish(),
    toolId: rules.idValue().nullish(),
    qty: rules.positiveQty(),
    description: rules.optionalText(500),
  })
  .refine(onePlace, placeError);
export type EquipmentStockCreate = z.infer<typeof equipmentStockCreateBody>;

/** PUT /equipment-stock/{id}: a count correction (the difference is an EDIT movement) with its reason. */
export const equipmentStockUpdateBody = z.object({
  qty: rules.qty().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) }),
  reason: rules.text(200),
  description: rules.optionalText(500),
});
export type EquipmentStockUpdate = z.infer<typeof equipmentStockUpdateBody>;

/** PUT /equipment-stock/move/{id}: part or all of a row to another location or a tool. */
export const equipmentStockMoveBody = z
  .object({
    locationId: rules.idValue().nullish(),
    toolId: rules.idValue().nullish(),
    qty: rules.positiveQty(),
    reason: rules.optionalText(200),
  })
  .refine(onePlace, placeError);
export type EquipmentStockMove = z.infer<typeof equipmentStockMoveBody>;

/** PUT /equipment-stock/discard/{id}: SPEC §3 equipment discard payload. */
export const equipmentDiscardBody = z.object({
  discardItem: z.object({
    reason: rules.text(200),
    qty: rules.positiveQty(),
  }),
});
export type EquipmentDiscard = z.infer<typeof equipmentDiscardBody>;

/** `isDiscard`: absent = every row, `true` = discarded rows only, `false` = available rows only. */
const discardFlag = z
  .enum(['true', 'false', 'Y', 'N', ''], { error: ruleMessage('invalidType') })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === 'Y'));

/**
 * The stock rows' filters: discarded or not, an equipment type (code of EQUIPMENT_TYPE: the stock tree's type node),
 * and a page (`page`/`size` → one page and `total`; without them every row, for the Excel export).
 */
export const equipmentStockDiscardQuery = pageQuery.extend({
  isDiscard: discardFlag,
  type: codeField.optional().transform((v) => v || undefined),
});
export const equipmentStockListQuery = equipmentStockDiscardQuery.extend({ equipmentId: rules.id().optional() });
export type EquipmentStockListQuery = z.infer<typeof equipmentStockListQuery>;
export type EquipmentStockRowsQuery = z.infer<typeof equipmentStockDiscardQuery>;

/** A node of the stock trees: a location, a tool, an equipment type or an equipment kind; qty at it and below. */
export type EquipmentTreeNode = {
  /** Unique in the tree: `L<id>`, `T<id>`, `C<type code>`, `E<id>`. */
  key: string;
  kind: 'location' | 'tool' | 'type' | 'equipment';
  /** The location's, tool's or kind's id; null for a type. */
  id: number | null;
  name: string;
  /** The location's or tool's code, the type's code; null for a kind. */
  code: string | null;
  /** Available (not discarded) stock at the node and below. */
  qty: number;
  children: EquipmentTreeNode[];
};
export const equipmentTreeNodeSchema: z.ZodType<EquipmentTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['location', 'tool', 'type', 'equipment']),
    id: z.number().nullable(),
    name: z.string(),
    code: z.string().nullable(),
    qty: z.number(),
    get children() {
      return z.array(equipmentTreeNodeSchema);
    },
  })
  .meta({ id: 'EquipmentTreeNode' });

export const equipmentStockResponse = dataOf(equipmentStockSchema);
export const equipmentStockListResponse = listOf(equipmentStockSchema);
export const equipmentTreeResponse = listOf(equipmentTreeNodeSchema);

// ── History (the ledger) ──────────────────────────────────────────────────────────────────────────────────────────

export const equipmentHistorySchema = z.object({
  id: z.number(),
  stockId: z.number(),
  equipmentId: z.number(),
  equipmentName: z.string(),
  standard: z.string().nullable(),
  type: z.enum(EQUIPMENT_MOVEMENT_TYPES),
  /** Signed: + into the stock row, − out of it. */
  qty: z.number(),
  /** The stock row's qty after the movement. */
  balance: z.number(),
  /** Where the stock row is. */
  placePath: z.string(),
  /** A move's other end: where it went (MOVE_OUT) or came from (MOVE_IN); a discard's row is the same place. */
  otherPlacePath: z.string().nullable(),
  reason: z.string().nullable(),
  /** The factory day the movement counts for. */
  day: z.string(),
  occurredAt: z.string(),
  createdBy: z.string().nullable(),
});
export type EquipmentHistory = z.infer<typeof equipmentHistorySchema>;

const historyFields = {
  startDt: rules.date(),
  endDt: rules.date(),
  equipmentId: rules.id().optional(),
  type: queryArray(z.enum(EQUIPMENT_MOVEMENT_TYPES, { error: ruleMessage('invalidType') })),
  /** Equipment name or standard, or the reason, contains. */
  q: z.string().trim().max(100).optional(),
};
export const equipmentHistoryQuery = pageQuery
  .extend(historyFields)
  .superRefine((v, ctx) =>
    checkDayPeriod({ from: v.startDt, to: v.endDt }, EQUIPMENT_HISTORY_MAX_DAYS, ctx, ['endDt']),
  );
export type EquipmentHistoryQuery = z.infer<typeof equipmentHistoryQuery>;
export const equipmentHistoryListResponse = listOf(equipmentHistorySchema);
