import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { SORT_DIGITS } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { locationTypeSchema } from '../location/location.schemas.ts';
import { rules } from '../rules/index.ts';

// Tools (SPEC §7 "Tool", interfaces.md): machines, stations and racks of a LINE or WAREHOUSE, and their
// inspection history.

export const toolSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Code of category TOOL_TYPE. */
  type: z.string().nullable(),
  locationId: z.number(),
  locationName: z.string(),
  /** Location names from the root down to the tool's location. */
  locationPath: z.array(z.string()),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  specification: z.string().nullable(),
  manufacturer: z.string().nullable(),
  serialNo: z.string().nullable(),
  installDate: z.string().nullable(),
  sort: z.number(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Tool = z.infer<typeof toolSchema>;

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null)
  .pipe(rules.date().nullable());

export const toolCreateBody = z.object({
  code: rules.text(50),
  name: rules.text(100),
  type: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || null),
  locationId: rules.idValue(),
  managerId: rules.idValue().nullish(),
  specification: rules.optionalText(200),
  manufacturer: rules.optionalText(100),
  serialNo: rules.optionalText(100),
  installDate: optionalDate,
  sort: rules.integerDigits(SORT_DIGITS).default(0),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const toolUpdateBody = toolCreateBody.extend({ id: rules.idValue() });
export type ToolCreate = z.infer<typeof toolCreateBody>;
export type ToolUpdate = z.infer<typeof toolUpdateBody>;

/** A node of GET /tool/tree: a location (SITE → … → LINE/WAREHOUSE) or a tool (always a leaf). */
export type ToolTreeNode = {
  /** Unique in the tree: `L<id>` for a location, `T<id>` for a tool. */
  key: string;
  kind: 'location' | 'tool';
  id: number;
  name: string;
  code: string | null;
  /** The location's type; null for a tool. */
  locationType: z.infer<typeof locationTypeSchema> | null;
  /** The tool's TOOL_TYPE code; null for a location. */
  toolType: string | null;
  parentId: number | null;
  /** Tools at this location and below it (for a tool: 1). */
  toolCount: number;
  /** Only in the parameter screen's tree (GET /parameter/tool-tree): parameters at this node and below. */
  parameterCount?: number;
  children: ToolTreeNode[];
};
export const toolTreeNodeSchema: z.ZodType<ToolTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['location', 'tool']),
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    locationType: locationTypeSchema.nullable(),
    toolType: z.string().nullable(),
    parentId: z.number().nullable(),
    toolCount: z.number(),
    parameterCount: z.number().optional(),
    get children() {
      return z.array(toolTreeNodeSchema);
    },
  })
  .meta({ id: 'ToolTreeNode' });

export const TOOL_INSPECT_RESULTS = ['PASS', 'FAIL'] as const;
export type ToolInspectResult = (typeof TOOL_INSPECT_RESULTS)[number];

export const toolInspectHistorySchema = z.object({
  id: z.number(),
  toolId: z.number(),
  inspectDate: z.string(),
  inspector: z.string().nullable(),
  content: z.string(),
  result: z.enum(TOOL_INSPECT_RESULTS),
  nextInspectDate: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type ToolInspectHistory = z.infer<typeof toolInspectHistorySchema>;

export const toolInspectHistoryCreateBody = z
  .object({
    toolId: rules.idValue(),
    inspectDate: rules.date(),
    inspector: rules.optionalText(50),
    content: rules.text(500),
    result: z.enum(TOOL_INSPECT_RESULTS, { error: ruleMessage('invalidType') }),
    nextInspectDate: optionalDate,
    description: rules.optionalText(500),
  })
  .refine((v) => !v.nextInspectDate || v.nextInspectDate >= v.inspectDate, {
    error: ruleMessage('nextInspectDate'),
    path: ['nextInspectDate'],
  });
export const toolInspectHistoryUpdateBody = z
  .object({
    id: rules.idValue(),
    inspectDate: rules.date(),
    inspector: rules.optionalText(50),
    content: rules.text(500),
    result: z.enum(TOOL_INSPECT_RESULTS, { error: ruleMessage('invalidType') }),
    nextInspectDate: optionalDate,
    description: rules.optionalText(500),
  })
  .refine((v) => !v.nextInspectDate || v.nextInspectDate >= v.inspectDate, {
    error: ruleMessage('nextInspectDate'),
    path: ['nextInspectDate'],
  });
export type ToolInspectHistoryCreate = z.infer<typeof toolInspectHistoryCreateBody>;
export type ToolInspectHistoryUpdate = z.infer<typeof toolInspectHistoryUpdateBody>;

/** The export's filters: the list screen's search and the location chosen in its tree (that location and below). */
export const toolExportQuery = z.object({
  q: z.string().max(100).optional(),
  locationId: rules.id().optional(),
});
export type ToolExportQuery = z.infer<typeof toolExportQuery>;

/** A user who can be a tool's manager (the form's pick-list: enabled users, id and names only). */
export const toolManagerSchema = z.object({ id: z.number(), userId: z.string(), username: z.string() });
export type ToolManager = z.infer<typeof toolManagerSchema>;

export const toolResponse = dataOf(toolSchema);
export const toolManagerListResponse = listOf(toolManagerSchema);
export const toolListResponse = listOf(toolSchema);
export const toolTreeResponse = listOf(toolTreeNodeSchema);
export const toolInspectHistoryResponse = dataOf(toolInspectHistorySchema);
export const toolInspectHistoryListResponse = listOf(toolInspectHistorySchema);
