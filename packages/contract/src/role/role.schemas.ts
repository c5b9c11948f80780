import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { MENU_INDEX } from '../menu.ts';
import { ruleMessage } from '../messages.ts';
import { mergeRoleItems, type RoleItemNode, roleItemSchema } from '../permissions.ts';
import { rules } from '../rules/index.ts';

/** On the wire roleItem is the JSON text of the menu tree (SPEC §3). */
export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  roleItem: z.string(),
  ...auditFields,
});
export type Role = z.infer<typeof roleSchema>;

function unknownMenus(nodes: RoleItemNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (!MENU_INDEX.has(node.name)) out.push(node.name);
    if (node.children) unknownMenus(node.children, out);
  }
  return out;
}

/** Parses the JSON text into the menu tree; bad JSON, a bad shape or a menu name we do not have is a 400. */
export const roleItemText = z.string({ error: ruleMessage('required') }).transform((text, ctx): RoleItemNode[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: ruleMessage('invalidType') });
    return z.NEVER;
  }
  const result = roleItemSchema.safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({ code: 'custom', message: ruleMessage('invalidType') });
    return z.NEVER;
  }
  const unknown = unknownMenus(result.data);
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: ruleMessage('unknownMenu', { name: unknown.join(', ') }) });
    return z.NEVER;
  }
  return result.data;
});

export const roleCreateBody = z.object({
  name: rules.text(50),
  description: rules.optionalText(500),
  roleItem: roleItemText,
});
export const roleUpdateBody = roleCreateBody.extend({ id: rules.idValue() });
export type RoleCreate = z.infer<typeof roleCreateBody>;
export type RoleUpdate = z.infer<typeof roleUpdateBody>;

export const roleResponse = dataOf(roleSchema);
export const roleListResponse = listOf(roleSchema);

/** An administrator role grants `all` on the system-management node; at least one enabled user must hold one. */
export function isAdministratorRoleItem(roleItem: RoleItemNode[]): boolean {
  return mergeRoleItems([roleItem]).system?.all === true;
}
