import {
  can,
  type Locale,
  MENU_INDEX,
  MENU_TREE,
  type MenuNode,
  menuAncestry,
  menuForPath,
  type Permissions,
  type SystemMenu,
} from '@eqms/contract';
import { loginRedirect, MOBILE_HOME, safeRedirect } from './paths.ts';

// SPEC §2 navigation rules and the desktop side menu as pure functions, so the decisions are unit-tested apart
// from React and the router.

// The paths the login page and the router need live in paths.ts: a module of the entry chunk carries everything any
// lazy chunk uses from it, and this one reaches the permission schemas (zod) through can().
export { LOGIN_PATH, loginRedirect, MOBILE_HOME, safeRedirect } from './paths.ts';
export const PHONE_MAX_WIDTH = 768;

export type SideMenuItem = {
  name: string;
  path: string;
  label: { kr: string; en: string };
  icon?: string;
  children?: SideMenuItem[];
};

export type MenuFilter = {
  perms: Permissions;
  /** Menu names that have a screen in features/registry.ts: nothing unfinished reaches the menu. */
  routable: ReadonlySet<string>;
  /** MENU_EXCLUDE from the server runtime settings. */
  exclude?: readonly string[];
  /** The system menu configuration (GET /api/system/menu): visibility and sibling order. */
  config?: readonly SystemMenu[];
};

/**
 * The side menu: hidden, excluded and configured-invisible nodes are dropped, a leaf needs a screen and view
 * permission, a group is shown only when one of its children is. Siblings are ordered by the configured sort;
 * a node without configuration keeps its position in the menu tree as its sort key.
 */
export function buildSideMenu(filter: MenuFilter, tree: readonly MenuNode[] = MENU_TREE): SideMenuItem[] {
  const exclude = new Set(filter.exclude ?? []);
  const config = new Map((filter.config ?? []).map((c) => [c.name, c]));
  const walk = (nodes: readonly MenuNode[]): SideMenuItem[] => {
    const kept: { item: SideMenuItem; key: number; index: number }[] = [];
    nodes.forEach((node, index) => {
      const conf = config.get(node.name);
      if (node.hidden || exclude.has(node.name) || conf?.visible === false) return;
      const children = node.children ? walk(node.children) : [];
      const base = { name: node.name, path: node.path, label: node.label, icon: node.icon };
      if (children.length > 0) kept.push({ item: { ...base, children }, key: conf?.sort ?? index, index });
      else if (filter.routable.has(node.name) && can(filter.perms, node.name, 'view')) {
        kept.push({ item: base, key: conf?.sort ?? index, index });
      }
    });
    return kept.sort((a, b) => a.key - b.key || a.index - b.index).map((k) => k.item);
  };
  return walk(tree);
}

/** The first page of the menu (optionally under one group), depth first; null when there is none. */
export function firstMenuPath(items: readonly SideMenuItem[], under?: string): string | null {
  const scope = under ? findItem(items, under)?.children : items;
  const first = (list: readonly SideMenuItem[] | undefined): string | null => {
    for (const item of list ?? []) {
      if (!item.children) return item.path;
      const inner = first(item.children);
      if (inner) return inner;
    }
    return null;
  };
  return first(scope);
}

function findItem(items: readonly SideMenuItem[], name: string): SideMenuItem | undefined {
  for (const item of items) {
    if (item.name === name) return item;
    const inner = item.children && findItem(item.children, name);
    if (inner) return inner;
  }
  return undefined;
}

/** A menu node that needs no permission (SPEC §2: root, login, kiosk and /fs pages; the AI chat). */
export function isPublicMenu(name: string): boolean {
  return MENU_INDEX.get(name)?.public === true;
}

export type GuardInput = {
  /** The route's menu name; null for the root and pages without one. */
  name: string | null;
  pathname: string;
  search: string;
  hasToken: boolean;
  perms: Permissions | null;
  phone: boolean;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; to: string }
  | { kind: 'mobile'; to: string }
  | { kind: 'forbidden'; to: '/403' };

/** SPEC §2 navigation rules for a page of the home layout. */
export function guardRoute(input: GuardInput): GuardDecision {
  if (!input.hasToken) return { kind: 'login', to: loginRedirect(input.pathname, input.search) };
  if (input.phone && !isMobilePath(input.pathname)) return { kind: 'mobile', to: MOBILE_HOME };
  if (!input.name || isPublicMenu(input.name)) return { kind: 'allow' };
  if (!input.perms || !can(input.perms, input.name, 'view')) return { kind: 'forbidden', to: '/403' };
  return { kind: 'allow' };
}

export function isMobilePath(pathname: string): boolean {
  return pathname === '/m' || pathname.startsWith('/m/');
}

/** A phone: a narrow viewport or a mobile browser. */
export function isPhone(width: number, userAgent: string): boolean {
  return width <= PHONE_MAX_WIDTH || /Mobi|iPhone|iPod/i.test(userAgent);
}

export type ShellQuery = {
  /** fullSizeYn=Y (and the misspelt fullSizyYn=Y the spec keeps) hides the side menu and top bar. */
  fullSize: boolean;
  /** fromMobile=Y collapses the side menu. */
  fromMobile: boolean;
  /** The search string without fromMobile, when it has to be replaced in the URL; null otherwise. */
  cleanedSearch: string | null;
};

export function parseShellQuery(search: string): ShellQuery {
  const params = new URLSearchParams(search);
  const fullSize = params.get('fullSizeYn') === 'Y' || params.get('fullSizyYn') === 'Y';
  const fromMobile = params.get('fromMobile') === 'Y';
  let cleanedSearch: string | null = null;
  if (params.has('fromMobile')) {
    params.delete('fromMobile');
    const rest = params.toString();
    cleanedSearch = rest ? `?${rest}` : '';
  }
  return { fullSize, fromMobile, cleanedSearch };
}

export function menuLabel(name: string, locale: Locale): string {
  return MENU_INDEX.get(name)?.label[locale] ?? name;
}

/** The document title: the page's menu label and the product name. */
export function pageTitle(name: string | null, locale: Locale): string {
  return name && MENU_INDEX.has(name) ? `${menuLabel(name, locale)} - eQMS` : 'eQMS';
}

/** Breadcrumbs: the menu ancestry from the top group down to the page. */
export function breadcrumbItems(name: string | null, locale: Locale): { name: string; label: string }[] {
  if (!name || !MENU_INDEX.has(name)) return [];
  return menuAncestry(name)
    .reverse()
    .map((n) => ({ name: n, label: menuLabel(n, locale) }));
}

/**
 * The start page: the user's home path when it is a page of this app they may open, otherwise the first page of
 * their menu; /403 when they may open nothing.
 */
export function homeTarget(
  homePath: string | null | undefined,
  perms: Permissions,
  menu: readonly SideMenuItem[],
  routable: ReadonlySet<string>,
): string {
  if (homePath && homePath !== '/' && safeRedirect(homePath)) {
    const node = menuForPath(homePath.split('?')[0]);
    if (node && routable.has(node.name) && (node.public || can(perms, node.name, 'view'))) return homePath;
  }
  return firstMenuPath(menu) ?? '/403';
}
