import { z } from 'zod';
import { MENU_INDEX, MENU_TREE, type MenuNode, menuAncestry, menuDescendants } from './menu.ts';

// SPEC §6: a role holds a menu tree with flags per node; a user's rights are the union over all roles;
// a check passes with 'all' or the action on the node or any ancestor.
export const ACTIONS = ['view', 'create', 'modify', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export type Flags = { all?: boolean; create?: boolean; modify?: boolean; delete?: boolean; view?: boolean };
export type RoleItemNode = Flags & { name: string; children?: RoleItemNode[] };

export const roleItemNodeSchema: z.ZodType<RoleItemNode> = z
  .lazy(() =>
    z.object({
      name: z.string().min(1).max(100),
      all: z.boolean().optional(),
      create: z.boolean().optional(),
      modify: z.boolean().optional(),
      delete: z.boolean().optional(),
      view: z.boolean().optional(),
      children: z.array(roleItemNodeSchema).optional(),
    }),
  )
  .meta({ id: 'RoleItemNode' });
export const roleItemSchema = z.array(roleItemNodeSchema);

/** Flattened, unioned flags per menu name for one user. */
export type Permissions = Record<string, Flags>;

export function mergeRoleItems(roleItems: RoleItemNode[][]): Permissions {
  const perms: Permissions = {};
  const walk = (nodes: RoleItemNode[]) => {
    for (const node of nodes) {
      perms[node.name] ??= {};
      const cur = perms[node.name];
      for (const k of ['all', 'create', 'modify', 'delete', 'view'] as const) if (node[k]) cur[k] = true;
      if (node.children) walk(node.children);
    }
  };
  roleItems.forEach(walk);
  return perms;
}

export function can(perms: Permissions, menuName: string, action: Action): boolean {
  if (menuName === 'aiChat') return true;
  if (menuName === 'dashboardSlides') {
    return can(perms, 'dashboard', action) || can(perms, 'dashboard', 'view');
  }
  const chain = MENU_INDEX.has(menuName) ? menuAncestry(menuName) : [menuName];
  return chain.some((name) => {
    const f = perms[name];
    return !!f && (f.all === true || f[action] === true);
  });
}

/** SPEC §6: a menu item is shown if the user has view on it or on a child. */
export function canSeeMenu(perms: Permissions, menuName: string): boolean {
  return can(perms, menuName, 'view') || menuDescendants(menuName).some((d) => can(perms, d, 'view'));
}

/** A role item tree over the whole menu with the given flags on every node (used for the admin role). */
export function fullRoleItem(flags: Flags = { all: true }): RoleItemNode[] {
  const build = (nodes: MenuNode[]): RoleItemNode[] =>
    nodes.map((n) => ({ name: n.name, ...flags, ...(n.children ? { children: build(n.children) } : {}) }));
  return build(MENU_TREE);
}
