import { type Flags, MENU_TREE, type MenuNode, type RoleItemNode } from '@eqms/contract';

// The role editor's model. Each menu node holds its own flags; SPEC §6 checks a node and all its ancestors, so
// a flag set on a parent applies to every child (shown as inherited), and 'all' implies the other four.
export const FLAG_KEYS = ['all', 'view', 'create', 'modify', 'delete'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];
/** Own flags by menu name. */
export type OwnFlags = Record<string, Flags>;

/** The menu nodes a role can grant: public screens (OSS, kiosk, AI chat) need no permission. */
export function grantableTree(nodes: MenuNode[] = MENU_TREE): MenuNode[] {
  return nodes.filter((n) => !n.public).map((n) => (n.children ? { ...n, children: grantableTree(n.children) } : n));
}

const PARENT = new Map<string, string | null>();
(function index(nodes: MenuNode[], parent: string | null) {
  for (const n of nodes) {
    PARENT.set(n.name, parent);
    if (n.children) index(n.children, n.name);
  }
})(grantableTree(), null);

/**
 * Own flags from a role's saved tree: a flag that the node's parent (or the node's own 'all') already gives is
 * inherited, not the node's own, so the editor shows it locked. Names no longer in the menu are dropped.
 */
export function flagsFromRoleItem(nodes: RoleItemNode[] | null | undefined): OwnFlags {
  const out: OwnFlags = {};
  const walk = (ns: RoleItemNode[], parent: Flags) => {
    for (const n of ns) {
      const own: Flags = {};
      if (n.all && !parent.all) own.all = true;
      for (const k of FLAG_KEYS) {
        if (k !== 'all' && n[k] && !(n.all || parent.all || parent[k])) own[k] = true;
      }
      if (PARENT.has(n.name) && Object.keys(own).length) out[n.name] = own;
      const effective: Flags = {};
      for (const k of FLAG_KEYS) effective[k] = !!(n[k] || parent[k] || parent.all || n.all);
      if (n.children) walk(n.children, effective);
    }
  };
  walk(nodes ?? [], {});
  return out;
}

/** Parses roleItem JSON text; bad text gives an empty grant rather than a broken screen. */
export function parseRoleItem(text: string | null | undefined): RoleItemNode[] {
  try {
    const v = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * The SPEC §3 tree over the whole menu with every node's flags in force, so the JSON says plainly what each
 * screen allows: a child carries what its parent grants, and 'all' carries the other four.
 */
export function roleItemFromFlags(own: OwnFlags, nodes: MenuNode[] = grantableTree()): RoleItemNode[] {
  return nodes.map((n) => {
    const on = (k: FlagKey) => flagState(own, n.name, k).checked;
    const node: RoleItemNode = {
      name: n.name,
      all: on('all'),
      create: on('create'),
      modify: on('modify'),
      delete: on('delete'),
      view: on('view'),
    };
    if (n.children) node.children = roleItemFromFlags(own, n.children);
    return node;
  });
}

/** Whether a flag is in force on a node, and whether it comes from elsewhere (an ancestor or 'all'). */
export function flagState(own: OwnFlags, name: string, flag: FlagKey): { checked: boolean; inherited: boolean } {
  const mine = !!own[name]?.[flag];
  if (mine) return { checked: true, inherited: false };
  if (flag !== 'all' && own[name]?.all) return { checked: true, inherited: true };
  let parent = PARENT.get(name) ?? null;
  while (parent) {
    const f = own[parent];
    if (f?.all || f?.[flag]) return { checked: true, inherited: true };
    parent = PARENT.get(parent) ?? null;
  }
  return { checked: false, inherited: false };
}

export function toggleFlag(own: OwnFlags, name: string, flag: FlagKey, on: boolean): OwnFlags {
  const next: Flags = { ...own[name], [flag]: on };
  if (!on) delete next[flag];
  const out = { ...own, [name]: next };
  if (Object.keys(next).length === 0) delete out[name];
  return out;
}
