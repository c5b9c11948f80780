import { z } from 'zod';
import { auditFields, booleanQuery, dataOf, listOf, pageQuery, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Molds (SPEC §2 /mold/moldInfo, §5 placement, §7 "Mold"; DOMAIN "Assets"): a tool insert with its products,
// cavities, rated life in shots, design image and place (a SHELF or a tool), and its in/out history (mounted on a
// press / returned to a shelf) whose last entry is where the mold is.

/** A mold whose shot count reached this share of its rated life is due for maintenance. */
export const MOLD_MAINTENANCE_RATIO = 0.9;
export const MOLD_INOUT_TYPES = ['IN', 'OUT'] as const;
/** IN: mounted on a press (a tool); OUT: returned to a shelf. */
export type MoldInoutType = (typeof MOLD_INOUT_TYPES)[number];
export const MOLD_SHOTS_MAX = 2_000_000_000;

/** Due for maintenance: a rated life is set and the shot count reached MOLD_MAINTENANCE_RATIO of it. */
export const moldDue = (shotCount: number, ratedShots: number | null) =>
  ratedShots != null && ratedShots > 0 && shotCount >= ratedShots * MOLD_MAINTENANCE_RATIO;

const shots = () =>
  z
    .number({ error: ruleMessage('naturalNumber') })
    .int({ error: ruleMessage('naturalNumber') })
    .min(0, { error: ruleMessage('min', { min: 0 }) })
    .max(MOLD_SHOTS_MAX, { error: ruleMessage('max', { max: MOLD_SHOTS_MAX }) });

export const moldProductSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });

export const moldSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  products: z.array(moldProductSchema),
  cavities: z.number(),
  /** Rated life in shots; null when unknown. */
  ratedShots: z.number().nullable(),
  /** Shots at registration (a used mold); the current count is the last in/out's, or this. */
  initialShots: z.number(),
  shotCount: z.number(),
  /** shotCount / ratedShots (0…), null without a rated life. */
  lifeRatio: z.number().nullable(),
  dueForMaintenance: z.boolean(),
  /** Where it is: a SHELF location, or a tool (mounted). */
  locationId: z.number().nullable(),
  toolId: z.number().nullable(),
  placePath: z.string(),
  mounted: z.boolean(),
  designImageId: z.number().nullable(),
  designImageName: z.string().nullable(),
  note: z.string().nullable(),
  inoutCount: z.number(),
  ...auditFields,
});
export type Mold = z.infer<typeof moldSchema>;

/** POST /mold/mold: creates, or with `id` updates (the spec gives no PUT). Place: a SHELF location or a tool. */
export const moldSaveBody = z
  .strictObject({
    id: rules.idValue().optional(),
    code: rules.text(50),
    name: rules.text(100),
    productIds: z
      .array(rules.idValue())
      .max(50, { error: ruleMessage('max', { max: 50 }) })
      .default([]),
    cavities: z
      .number({ error: ruleMessage('naturalNumber') })
      .int({ error: ruleMessage('naturalNumber') })
      .min(1, { error: ruleMessage('min', { min: 1 }) })
      .max(1000, { error: ruleMessage('max', { max: 1000 }) }),
    ratedShots: shots()
      .nullish()
      .transform((v) => v ?? null),
    initialShots: shots().default(0),
    locationId: rules
      .idValue()
      .nullish()
      .transform((v) => v ?? null),
    toolId: rules
      .idValue()
      .nullish()
      .transform((v) => v ?? null),
    note: rules.optionalText(1000).transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if ((v.locationId == null) === (v.toolId == null))
      ctx.addIssue({ code: 'custom', path: ['locationId'], message: ruleMessage('placementStock') });
  });
export type MoldSave = z.infer<typeof moldSaveBody>;

export const moldInoutSchema = z.object({
  id: z.number(),
  moldId: z.number(),
  type: z.enum(MOLD_INOUT_TYPES),
  inoutDt: z.string(),
  /** Who mounted or returned it. */
  worker: z.string(),
  shotCount: z.number(),
  fromLocationId: z.number().nullable(),
  fromToolId: z.number().nullable(),
  fromPath: z.string(),
  toLocationId: z.number().nullable(),
  toToolId: z.number().nullable(),
  toPath: z.string(),
  note: z.string().nullable(),
  /** The last in/out of its mold (the only one that may be deleted). */
  last: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type MoldInout = z.infer<typeof moldInoutSchema>;

/** IN: mount on `toolId`; OUT: return to the SHELF `locationId`. */
export const moldInoutBody = z
  .strictObject({
    moldId: rules.idValue(),
    type: z.enum(MOLD_INOUT_TYPES, { error: ruleMessage('invalidType') }),
    inoutDt: rules.date(),
    worker: rules.text(100),
    shotCount: shots(),
    locationId: rules
      .idValue()
      .nullish()
      .transform((v) => v ?? null),
    toolId: rules
      .idValue()
      .nullish()
      .transform((v) => v ?? null),
    note: rules.optionalText(1000).transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'IN' && v.toolId == null)
      ctx.addIssue({ code: 'custom', path: ['toolId'], message: ruleMessage('required') });
    if (v.type === 'OUT' && v.locationId == null)
      ctx.addIssue({ code: 'custom', path: ['locationId'], message: ruleMessage('required') });
  })
  .transform((v) => (v.type === 'IN' ? { ...v, locationId: null } : { ...v, toolId: null }));
export type MoldInoutCreate = z.infer<typeof moldInoutBody>;

const filterFields = {
  /** Code, name, product code or name contains. */
  q: z.string().trim().max(100).optional(),
  productId: rules.id().optional(),
  /** Only molds due for maintenance. */
  due: booleanQuery(false),
  /** Only molds mounted on a press (true) or on a shelf (false). */
  mounted: z.enum(['true', 'false', ''], { error: ruleMessage('invalidType') }).optional(),
  ids: queryArray(rules.id()),
};
export const moldFilterQuery = z.object(filterFields);
export type MoldFilter = z.infer<typeof moldFilterQuery>;
export const moldListQuery = pageQuery.extend(filterFields);

export type MoldTreeNode = {
  /** L<id> location, T<id> tool, M<id> mold, P<id> product (P0: molds for no product). */
  key: string;
  kind: 'LOCATION' | 'TOOL' | 'PRODUCT' | 'MOLD';
  id: number | null;
  name: string;
  /** A location's type, TOOL, PRODUCT or MOLD. */
  type: string;
  code: string | null;
  /** Molds at or below the node. */
  moldCount: number;
  /** Mold nodes: due for maintenance. */
  due: boolean | null;
  children: MoldTreeNode[];
};
export const moldTreeNodeSchema: z.ZodType<MoldTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['LOCATION', 'TOOL', 'PRODUCT', 'MOLD']),
    id: z.number().nullable(),
    name: z.string(),
    type: z.string(),
    code: z.string().nullable(),
    moldCount: z.number(),
    due: z.boolean().nullable(),
    get children() {
      return z.array(moldTreeNodeSchema);
    },
  })
  .meta({ id: 'MoldTreeNode' });
export const moldTreeQuery = z.object({ containEmpty: booleanQuery(false) });

export type MoldPlaceOption = {
  /** L<id> for a location, T<id> for a tool. */
  value: string;
  label: string;
  kind: 'LOCATION' | 'TOOL';
  id: number;
  type: string;
  /** A mold may be stored here (a SHELF or a tool). */
  selectable: boolean;
  children?: MoldPlaceOption[];
};
export const moldPlaceOptionSchema: z.ZodType<MoldPlaceOption> = z
  .object({
    value: z.string(),
    label: z.string(),
    kind: z.enum(['LOCATION', 'TOOL']),
    id: z.number(),
    type: z.string(),
    selectable: z.boolean(),
    get children() {
      return z.array(moldPlaceOptionSchema).optional();
    },
  })
  .meta({ id: 'MoldPlaceOption' });

export const moldResponse = dataOf(moldSchema);
export const moldListResponse = listOf(moldSchema);
export const moldTreeResponse = dataOf(z.array(moldTreeNodeSchema));
export const moldCascaderResponse = dataOf(z.array(moldPlaceOptionSchema));
export const moldInoutResponse = dataOf(moldInoutSchema);
export const moldInoutListResponse = listOf(moldInoutSchema);
