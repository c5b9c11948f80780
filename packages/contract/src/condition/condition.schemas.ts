import { z } from 'zod';
import { dataOf, listOf } from '../common/common.schemas.ts';
import { MENU_INDEX } from '../menu.ts';
import { ruleMessage } from '../messages.ts';

// SPEC §3 saved search condition: a user's named search of one list screen (menu), kept as JSON text.

export const SEARCH_COND_MAX = 10_000;
export const CONDITION_TITLE_MAX = 100;

export const savedConditionSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The owner (users.id). */
  userId: z.number(),
  menu: z.string(),
  /** The search form's values as JSON text (an object). */
  searchCond: z.string(),
  createdAt: z.string(),
});
export type SavedCondition = z.infer<typeof savedConditionSchema>;

const isJsonObject = (v: string) => {
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

const menuName = z
  .string({ error: ruleMessage('required') })
  .trim()
  .min(1, { error: ruleMessage('required') })
  .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
  .superRefine((name, ctx) => {
    if (!MENU_INDEX.has(name)) ctx.addIssue({ code: 'custom', message: ruleMessage('unknownMenu', { name }) });
  });

/** SPEC §5: saving a search condition needs a title. */
export const conditionCreateBody = z.object({
  title: z
    .string({ error: ruleMessage('conditionTitle') })
    .trim()
    .min(1, { error: ruleMessage('conditionTitle') })
    .max(CONDITION_TITLE_MAX, { error: ruleMessage('maxLength', { max: CONDITION_TITLE_MAX }) }),
  menu: menuName,
  searchCond: z
    .string({ error: ruleMessage('required') })
    .max(SEARCH_COND_MAX, { error: ruleMessage('maxLength', { max: SEARCH_COND_MAX }) })
    .refine(isJsonObject, { error: ruleMessage('invalidType') }),
});
export type ConditionCreate = z.infer<typeof conditionCreateBody>;

/** The SPEC's userId parameter is accepted and ignored: a user only ever lists their own conditions. */
export const conditionListQuery = z.object({ menu: menuName, userId: z.string().max(100).optional() });

export const savedConditionResponse = dataOf(savedConditionSchema);
export const savedConditionListResponse = listOf(savedConditionSchema);
