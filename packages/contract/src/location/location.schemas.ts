import { z } from 'zod';
import { auditFields, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { SORT_DIGITS } from '../constants.ts';
import { rules } from '../rules/index.ts';
import { locationRefSchema } from '../user/user.schemas.ts';
import { LOCATION_TYPES } from './placement.ts';

export const locationTypeSchema = z.enum(LOCATION_TYPES, { error: ruleMessage('invalidType') });

export const locationSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  type: locationTypeSchema,
  parentId: z.number().nullable(),
  sort: z.number(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Location = z.infer<typeof locationSchema>;

/** A location with its parent and the names from the root down to itself (SPEC §3 "parent chain"). */
export const locationWithParentSchema = locationSchema.extend({
  parent: locationRefSchema.nullable(),
  path: z.array(z.string()),
});
export type LocationWithParent = z.infer<typeof locationWithParentSchema>;

export type LocationTreeNode = {
  id: number;
  name: string;
  code: string | null;
  type: (typeof LOCATION_TYPES)[number];
  parentId: number | null;
  sort: number;
  description: string | null;
  children: LocationTreeNode[];
};
export const locationTreeNodeSchema: z.ZodType<LocationTreeNode> = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    type: locationTypeSchema,
    parentId: z.number().nullable(),
    sort: z.number(),
    description: z.string().nullable(),
    get children() {
      return z.array(locationTreeNodeSchema);
    },
  })
  .meta({ id: 'LocationTreeNode' });

const optionalCode = z
  .string()
  .trim()
  .max(50, { error: ruleMessage('maxLength', { max: 50 }) })
  .nullish()
  .transform((v) => v || null);

export const locationCreateBody = z.object({
  name: rules.text(100),
  code: optionalCode,
  type: locationTypeSchema,
  parentId: rules.idValue().nullish(),
  sort: rules.integerDigits(SORT_DIGITS).default(0),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const locationUpdateBody = locationCreateBody.extend({ id: rules.idValue() });
export type LocationCreate = z.infer<typeof locationCreateBody>;
export type LocationUpdate = z.infer<typeof locationUpdateBody>;

/** `typeUntils` repeats (ARCHITECTURE §4); the tree stops at the deepest type given. */
export const locationTreeQuery = z.object({ typeUntils: queryArray(locationTypeSchema) });
export const locationTypeParam = z.object({ type: locationTypeSchema });

export const locationResponse = dataOf(locationSchema);
export const locationListResponse = listOf(locationSchema);
export const locationWithParentListResponse = listOf(locationWithParentSchema);
export const locationTreeResponse = listOf(locationTreeNodeSchema);
