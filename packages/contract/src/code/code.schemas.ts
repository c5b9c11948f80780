import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { SORT_DIGITS } from '../constants.ts';
import { rules } from '../rules/index.ts';

// Common codes (SPEC §3): code and codeName grouped by category, e.g. EQUIPMENT_TYPE → EQUIPMENT_SUB_TYPE,
// where a sub-type's parent is a code of another category.
export const codeCategorySchema = z.object({
  id: z.number(),
  category: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  ...auditFields,
});
export type CodeCategory = z.infer<typeof codeCategorySchema>;

export const codeSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  category: z.string(),
  code: z.string(),
  codeName: z.string(),
  codeNameEn: z.string().nullable(),
  parentId: z.number().nullable(),
  sort: z.number(),
  enabled: z.boolean(),
  ...auditFields,
});
export type Code = z.infer<typeof codeSchema>;

export type CodeTreeNode = Code & { children: CodeTreeNode[] };
export const codeTreeNodeSchema: z.ZodType<CodeTreeNode> = codeSchema
  .extend({
    get children() {
      return z.array(codeTreeNodeSchema);
    },
  })
  .meta({ id: 'CodeTreeNode' });
/** A category with its codes nested by parentId (codes whose parent is in another category sit at the top). */
export const codeCategoryTreeSchema = codeCategorySchema.extend({ codes: z.array(codeTreeNodeSchema) });
export type CodeCategoryTree = z.infer<typeof codeCategoryTreeSchema>;

const categoryName = rules
  .text(50)
  .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: ruleMessage('pattern') }));

export const codeCategoryCreateBody = z.object({
  category: categoryName,
  name: rules.text(100),
  description: rules.optionalText(500),
  sort: rules.integerDigits(SORT_DIGITS).default(0),
});
export const codeCategoryUpdateBody = codeCategoryCreateBody.extend({ id: rules.idValue() });

export const codeCreateBody = z.object({
  categoryId: rules.idValue(),
  code: rules.text(50),
  codeName: rules.text(100),
  codeNameEn: rules.optionalText(100).transform((v) => v || null),
  parentId: rules.idValue().nullish(),
  sort: rules.integerDigits(SORT_DIGITS).default(0),
  enabled: z.boolean().default(true),
});
export const codeUpdateBody = codeCreateBody.extend({ id: rules.idValue() });
export type CodeCategoryCreate = z.infer<typeof codeCategoryCreateBody>;
export type CodeCreate = z.infer<typeof codeCreateBody>;

export const codeListQuery = z.object({ category: z.string().max(50).optional() });
export const categoryParam = z.object({ category: z.string().min(1).max(50) });
export const childOfParam = categoryParam.extend({ code: z.string().min(1).max(50) });

export const codeResponse = dataOf(codeSchema);
export const codeListResponse = listOf(codeSchema);
export const codeCategoryResponse = dataOf(codeCategorySchema);
export const codeCategoryListResponse = listOf(codeCategorySchema);
export const codeTreeResponse = listOf(codeCategoryTreeSchema);
