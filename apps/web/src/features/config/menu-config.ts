import type { MenuNode, SystemMenu, SystemMenuSave } from '@eqms/contract';

// The system menu configuration (SPEC §7 /system/menu) as an editable tree: pure functions, so what the screen
// lists, how it reorders and what it saves are tested apart from React.

export type ConfigNode = {
  name: string;
  path: string;
  label: { kr: string; en: string };
  icon?: string;
  visible: boolean;
  children?: ConfigNode[];
};

export type ConfigInput = {
  /** Menu names with a screen (features/registry.ts). */
  routable: ReadonlySet<string>;
  /** MENU_EXCLUDE of this deployment: never shown, so not configurable. */
  exclude?: readonly string[];
  /** The saved configuration (GET /api/system/menu). */
  config?: readonly SystemMenu[];
};

/**
 * The menus the side menu can show, in its order: hidden and excluded nodes are left out, a leaf needs a screen and
 * a group one listed child. Siblings are ordered by the saved sort, else by their place in the menu tree (the same
 * rule as navigation.ts buildSideMenu). Unlike the side menu, menus configured invisible stay listed.
 */
export function configTree(tree: readonly MenuNode[], input: ConfigInput): ConfigNode[] {
  const exclude = new Set(input.exclude ?? []);
  const config = new Map((input.config ?? []).map((c) => [c.name, c]));
  const walk = (nodes: readonly MenuNode[]): ConfigNode[] => {
    const kept: { node: ConfigNode; key: number; index: number }[] = [];
    nodes.forEach((node, index) => {
      if (node.hidden || exclude.has(node.name)) return;
      const conf = config.get(node.name);
      const children = node.children ? walk(node.children) : [];
      const base = {
        name: node.name,
        path: node.path,
        label: node.label,
        icon: node.icon,
        visible: conf?.visible ?? true,
      };
      if (children.length > 0) kept.push({ node: { ...base, children }, key: conf?.sort ?? index, index });
      else if (input.routable.has(node.name)) kept.push({ node: base, key: conf?.sort ?? index, index });
    });
    return kept.sort((a, b) => a.key - b.key || a.index - b.index).map((k) => k.node);
  };
  return walk(tree);
}

function mapSiblings(
  nodes: ConfigNode[],
  name: string,
  fn: (siblings: ConfigNode[], i: number) => ConfigNode[],
): ConfigNode[] {
  const i = nodes.findIndex((n) => n.name === name);
  if (i >= 0) return fn(nodes, i);
  let changed = false;
  const next = nodes.map((n) => {
    if (changed || !n.children) return n;
    const children = mapSiblings(n.children, name, fn);
    if (children === n.children) return n;
    changed = true;
    return { ...n, children };
  });
  return changed ? next : nodes;
}

/** Moves a menu one place up (-1) or down (+1) among its siblings; at either end nothing changes. */
export function moveMenu(nodes: ConfigNode[], name: string, direction: -1 | 1): ConfigNode[] {
  return mapSiblings(nodes, name, (siblings, i) => {
    const j = i + direction;
    if (j < 0 || j >= siblings.length) return siblings;
    const next = [...siblings];
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  });
}

export function setMenuVisible(nodes: ConfigNode[], name: string, visible: boolean): ConfigNode[] {
  return mapSiblings(nodes, name, (siblings, i) => siblings.map((n, k) => (k === i ? { ...n, visible } : n)));
}

/** Every listed menu with its place among its siblings as sort, in tree order. */
export function toSaveBody(nodes: readonly ConfigNode[]): SystemMenuSave {
  const out: SystemMenuSave = [];
  const walk = (list: readonly ConfigNode[]) =>
    list.forEach((n, sort) => {
      out.push({ name: n.name, sort, visible: n.visible });
      if (n.children) walk(n.children);
    });
  walk(nodes);
  return out;
}

/**
 * Where a menu sits: its depth, whether it is first or last among its siblings, and the name of the hidden group
 * that hides it, if any.
 */
export function positions(nodes: readonly ConfigNode[]) {
  const out = new Map<string, { depth: number; first: boolean; last: boolean; hiddenBy: string | null }>();
  const walk = (list: readonly ConfigNode[], depth: number, hiddenBy: string | null) =>
    list.forEach((n, i) => {
      out.set(n.name, { depth, first: i === 0, last: i === list.length - 1, hiddenBy });
      if (n.children) walk(n.children, depth + 1, hiddenBy ?? (n.visible ? null : n.name));
    });
  walk(nodes, 0, null);
  return out;
}
