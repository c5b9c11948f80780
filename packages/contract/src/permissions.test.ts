import { describe, expect, it } from 'vitest';
import { MENU_INDEX, MENU_NAMES, type MenuNode } from './menu.ts';
import { ACTIONS, can, canSeeMenu, fullRoleItem, mergeRoleItems, type RoleItemNode } from './permissions.ts';

const perms = (...roles: RoleItemNode[][]) => mergeRoleItems(roles);

describe('can()', () => {
  it('inherits a right from any ancestor (view on system → view on user)', () => {
    const p = perms([{ name: 'system', view: true }]);
    expect(can(p, 'system', 'view')).toBe(true);
    expect(can(p, 'user', 'view')).toBe(true);
    expect(can(p, 'pageHit', 'view')).toBe(true);
    expect(can(p, 'user', 'create')).toBe(false);
    // Rights flow down, never up or sideways.
    const child = perms([{ name: 'user', view: true }]);
    expect(can(child, 'system', 'view')).toBe(false);
    expect(can(child, 'role', 'view')).toBe(false);
  });

  it('reads nested role items like flat ones', () => {
    const p = perms([{ name: 'system', children: [{ name: 'role', modify: true }] }]);
    expect(can(p, 'role', 'modify')).toBe(true);
    expect(can(p, 'system', 'modify')).toBe(false);
  });

  it("treats 'all' as every action", () => {
    const p = perms([{ name: 'material', all: true }]);
    for (const action of ACTIONS) {
      expect(can(p, 'material', action)).toBe(true);
      expect(can(p, 'materialStock', action)).toBe(true);
    }
    expect(can(p, 'production', 'view')).toBe(false);
  });

  it('grants what any one of the roles grants (the union)', () => {
    const p = perms([{ name: 'notice', view: true }], [{ name: 'notice', create: true }]);
    expect(can(p, 'notice', 'view')).toBe(true);
    expect(can(p, 'notice', 'create')).toBe(true);
    expect(can(p, 'notice', 'delete')).toBe(false);
    // A role that grants nothing takes nothing away.
    const withEmpty = perms([{ name: 'notice', view: true }], [{ name: 'notice', view: false }], []);
    expect(can(withEmpty, 'notice', 'view')).toBe(true);
  });

  it('always permits aiChat', () => {
    const none = perms();
    for (const action of ACTIONS) expect(can(none, 'aiChat', action)).toBe(true);
  });

  it('checks dashboardSlides as dashboard, passing with dashboard view', () => {
    expect(can(perms([{ name: 'dashboard', view: true }]), 'dashboardSlides', 'view')).toBe(true);
    expect(can(perms([{ name: 'dashboard', view: true }]), 'dashboardSlides', 'create')).toBe(true);
    expect(can(perms([{ name: 'dashboard', create: true }]), 'dashboardSlides', 'create')).toBe(true);
    // Its own flag is not what counts.
    expect(can(perms([{ name: 'dashboardSlides', view: true }]), 'dashboardSlides', 'view')).toBe(false);
    expect(can(perms([{ name: 'notice', all: true }]), 'dashboardSlides', 'view')).toBe(false);
  });

  it('matches an unknown menu name only by itself, never through ancestors', () => {
    expect(MENU_INDEX.has('customScreen')).toBe(false);
    expect(can(perms([{ name: 'customScreen', modify: true }]), 'customScreen', 'modify')).toBe(true);
    expect(can(perms([{ name: 'system', all: true }]), 'customScreen', 'view')).toBe(false);
    expect(can(perms([{ name: 'customScreen', all: true }]), 'user', 'view')).toBe(false);
  });

  it('denies everything to a user without roles, apart from aiChat', () => {
    const none = perms();
    expect(MENU_NAMES.filter((name) => name !== 'aiChat' && can(none, name, 'view'))).toEqual([]);
  });
});

describe('canSeeMenu()', () => {
  it('shows a parent when only a child is viewable, and not its siblings', () => {
    const p = perms([{ name: 'materialStock', view: true }]);
    expect(canSeeMenu(p, 'material')).toBe(true);
    expect(canSeeMenu(p, 'materialStock')).toBe(true);
    expect(canSeeMenu(p, 'materialHistory')).toBe(false);
    expect(canSeeMenu(p, 'production')).toBe(false);
  });

  it('does not show a menu for a child right other than view', () => {
    expect(canSeeMenu(perms([{ name: 'materialStock', create: true }]), 'material')).toBe(false);
  });

  it('shows a whole branch under a viewable parent', () => {
    const p = perms([{ name: 'quality', view: true }]);
    for (const child of MENU_INDEX.get('quality')!.children!) expect(canSeeMenu(p, child.name)).toBe(true);
  });
});

describe('fullRoleItem()', () => {
  it('covers every menu of MENU_INDEX with the same tree shape', () => {
    const tree = fullRoleItem();
    const names: string[] = [];
    const walk = (nodes: RoleItemNode[], menus: MenuNode[]) => {
      expect(nodes.map((n) => n.name)).toEqual(menus.map((m) => m.name));
      nodes.forEach((node, i) => {
        names.push(node.name);
        expect(node.all).toBe(true);
        if (menus[i].children) walk(node.children!, menus[i].children!);
        else expect(node.children).toBeUndefined();
      });
    };
    walk(
      tree,
      [...MENU_INDEX.values()].filter((m) => m.parentName === null),
    );
    expect(names.sort()).toEqual([...MENU_NAMES].sort());
  });

  it('gives the requested flags on every node, and a role with it can do everything', () => {
    const viewOnly = perms(fullRoleItem({ view: true }));
    expect(MENU_NAMES.every((name) => can(viewOnly, name, 'view'))).toBe(true);
    expect(can(viewOnly, 'user', 'delete')).toBe(false);
    const admin = perms(fullRoleItem());
    expect(MENU_NAMES.every((name) => ACTIONS.every((a) => can(admin, name, a)))).toBe(true);
  });
});
