import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Bill of materials (SPEC §7 "BOM", DOMAIN "BOM"): per product, its child products and materials with the quantity
// per unit of the parent and a loss rate in percent.
export const BOM_KINDS = ['PRODUCT', 'MATERIAL'] as const;
export type BomKind = (typeof BOM_KINDS)[number];
/** Loss rate in percent: 0 ≤ x < 100 (100 % loss would mean nothing of the child ends up in the parent). */
export const BOM_LOSS_RATE_MAX = 100;

export const bomLineSchema = z.object({
  id: z.number(),
  parentProductId: z.number(),
  parentCode: z.string(),
  parentName: z.string(),
  kind: z.enum(BOM_KINDS),
  childProductId: z.number().nullable(),
  materialId: z.number().nullable(),
  /** Code, name, type, specification of the child product or material. */
  code: z.string(),
  name: z.string(),
  type: z.string(),
  specification: z.string().nullable(),
  /** The line's unit (a UNIT code; defaults to the child's unit). */
  unit: z.string(),
  qty: z.number(),
  lossRate: z.number(),
  seq: z.number(),
  description: z.string().nullable(),
  ...auditFields,
});
export type BomLine = z.infer<typeof bomLineSchema>;

/** A line in an exploded tree: level 1 = direct child of the root; requiredQty = for 1 unit of the root, loss included. */
export type BomNode = BomLine & { level: number; requiredQty: number; children: BomNode[] };
export const bomNodeSchema: z.ZodType<BomNode> = bomLineSchema
  .extend({
    level: z.number(),
    requiredQty: z.number(),
    get children() {
      return z.array(bomNodeSchema);
    },
  })
  .meta({ id: 'BomNode' });

/** A product heading a BOM (GET /bom/tree: products with lines that are nobody's child). */
export const bomRootSchema = z.object({
  productId: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  tree: z.array(bomNodeSchema),
});
export type BomRoot = z.infer<typeof bomRootSchema>;

/** Where-used, upward: the products that contain the product, then the products containing those, and so on. */
export type BomUsageNode = {
  /** The BOM line (parent contains the node below it). */
  lineId: number;
  productId: number;
  code: string;
  name: string;
  type: string;
  specification: string | null;
  unit: string;
  qty: number;
  lossRate: number;
  level: number;
  children: BomUsageNode[];
};
export const bomUsageNodeSchema: z.ZodType<BomUsageNode> = z
  .object({
    lineId: z.number(),
    productId: z.number(),
    code: z.string(),
    name: z.string(),
    type: z.string(),
    specification: z.string().nullable(),
    unit: z.string(),
    qty: z.number(),
    lossRate: z.number(),
    level: z.number(),
    get children() {
      return z.array(bomUsageNodeSchema);
    },
  })
  .meta({ id: 'BomUsageNode' });

/** One material's requirement for producing qty of a product; stock fields are null while stock is not tracked. */
export const bomRequirementSchema = z.object({
  materialId: z.number(),
  code: z.string(),
  name: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  requiredQty: z.number(),
  stockQty: z.number().nullable(),
  shortageQty: z.number().nullable(),
  sufficient: z.boolean().nullable(),
});
export type BomRequirement = z.infer<typeof bomRequirementSchema>;

export const bomStockSchema = z.object({
  productId: z.number(),
  qty: z.number(),
  tree: z.array(bomNodeSchema),
  materials: z.array(bomRequirementSchema),
  /** Every material sufficient; null while no stock source is registered. */
  sufficient: z.boolean().nullable(),
});
export type BomStock = z.infer<typeof bomStockSchema>;

/** A shortage of INSUFFICIENT_BOM_STOCK (extraData.shortages). */
export type BomShortage = {
  materialId: number;
  code: string;
  name: string;
  requiredQty: number;
  stockQty: number;
  shortageQty: number;
};

const positiveQty = rules.positiveQty;
const lossRate = () =>
  rules
    .qty()
    .refine((v) => v >= 0 && v < BOM_LOSS_RATE_MAX, { error: ruleMessage('lossRate') })
    .default(0);
const unitCode = () =>
  z
    .string()
    .trim()
    .max(20, { error: ruleMessage('maxLength', { max: 20 }) })
    .nullish()
    .transform((v) => v || null);
const seq = () => rules.integerDigits(9).optional();

const lineFields = {
  parentProductId: rules.id(),
  qty: positiveQty(),
  /** Empty = the child's unit. */
  unit: unitCode(),
  lossRate: lossRate(),
  /** Empty = after the parent's last line. */
  seq: seq(),
  description: rules.optionalText(500),
};
export const bomProductCreateBody = z.object({ ...lineFields, childProductId: rules.id() });
export const bomMaterialCreateBody = z.object({ ...lineFields, materialId: rules.id() });
export type BomProductCreate = z.infer<typeof bomProductCreateBody>;
export type BomMaterialCreate = z.infer<typeof bomMaterialCreateBody>;

export const bomUpdateBody = z.object({
  id: rules.id(),
  qty: positiveQty(),
  unit: unitCode(),
  lossRate: lossRate(),
  seq: seq(),
  description: rules.optionalText(500),
});
export type BomUpdate = z.infer<typeof bomUpdateBody>;

export const bomCopyBody = z.object({
  fromProductId: rules.id(),
  toProductId: rules.id(),
  /** Replace the target's existing BOM; without it a target that has one is refused (409). */
  replace: z.boolean().default(false),
});
export type BomCopy = z.infer<typeof bomCopyBody>;

export const bomMaterialParams = z.object({ parent: rules.id(), id: rules.id() });
export const bomStockParams = z.object({
  productId: rules.id(),
  qty: z.coerce
    .number({ error: ruleMessage('realNumber') })
    .refine((v) => Number.isFinite(v), { error: ruleMessage('realNumber') })
    .pipe(positiveQty()),
});

export const bomLineResponse = dataOf(bomLineSchema);
export const bomLineListResponse = listOf(bomLineSchema);
export const bomTreeResponse = listOf(bomNodeSchema);
export const bomRootListResponse = listOf(bomRootSchema);
export const bomUsageTreeResponse = listOf(bomUsageNodeSchema);
export const bomStockResponse = dataOf(bomStockSchema);
