import { MENU_TREE, type MenuNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { buildSideMenu } from '../../app/navigation.ts';
import { configTree, moveMenu, positions, setMenuVisible, toSaveBody } from './menu-config.ts';

const n = (name: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  name,
  path: `/${name}`,
  label: { kr: name, en: name },
  ...extra,
});
const tree: MenuNode[] = [
  n('notice'),
  n('base', { children: [n('location'), n('tools'), n('secret', { hidden: true })] }),
  n('system', { children: [n('user'), n('config', { hidden: true }), n('code'), n('role')] }),
  n('empty', { children: [n('future')] }),
];
const routable = new Set(['notice', 'location', 'user', 'code', 'role', 'config', 'secret']);
const names = (nodes: { name: string; children?: unknown[] }[]): unknown[] =>
  nodes.map((x) => (x.children ? [x.name, names(x.children as typeof nodes)] : x.name));

describe('configTree', () => {
  it('lists the menus the side menu can show: screens only, no hidden or excluded ones, no empty groups', () => {
    expect(names(configTree(tree, { routable }))).toEqual([
      'notice',
      ['base', ['location']],
      ['system', ['user', 'code', 'role']],
    ]);
    expect(names(configTree(tree, { routable, exclude: ['notice', 'code'] }))).toEqual([
      ['base', ['location']],
      ['system', ['user', 'role']],
    ]);
  });

  it('orders siblings by the saved sort and keeps menus configured invisible', () => {
    const nodes = configTree(tree, {
      routable,
      config: [
        { name: 'notice', sort: 3, visible: true },
        { name: 'system', sort: 0, visible: true },
        { name: 'role', sort: 0, visible: false },
        { name: 'user', sort: 5, visible: true },
      ],
    });
    // Unsaved siblings keep their place in the tree as sort (base: 1, code: 2); a tie goes to the tree order.
    expect(names(nodes)).toEqual([['system', ['role', 'code', 'user']], ['base', ['location']], 'notice']);
    expect(nodes[0].children?.[0]).toMatchObject({ name: 'role', visible: false });
  });

  it('lists the real menu tree in the order the side menu shows it', () => {
    const config = [
      { name: 'system', sort: 0, visible: true },
      { name: 'code', sort: 0, visible: true },
    ];
    const shown = configTree(MENU_TREE, { routable, config });
    const side = buildSideMenu({
      perms: { system: { all: true }, notice: { all: true }, baseinfo: { all: true } },
      routable,
      config,
    });
    expect(names(shown)).toEqual(names(side));
  });
});

describe('editing', () => {
  const start = configTree(tree, { routable });

  it('moves a menu within its siblings only, not past either end', () => {
    const down = moveMenu(start, 'user', 1);
    expect(names(down)[2]).toEqual(['system', ['code', 'user', 'role']]);
    expect(moveMenu(start, 'role', 1)).toBe(start);
    expect(moveMenu(start, 'notice', -1)).toBe(start);
    expect(names(moveMenu(start, 'system', -1))).toEqual([
      'notice',
      ['system', ['user', 'code', 'role']],
      ['base', ['location']],
    ]);
    // Nothing else is rebuilt.
    expect(down[1]).toBe(start[1]);
  });

  it('saves every listed menu with its place among its siblings and its visibility', () => {
    const edited = setMenuVisible(moveMenu(start, 'role', -1), 'base', false);
    expect(toSaveBody(edited)).toEqual([
      { name: 'notice', sort: 0, visible: true },
      { name: 'base', sort: 1, visible: false },
      { name: 'location', sort: 0, visible: true },
      { name: 'system', sort: 2, visible: true },
      { name: 'user', sort: 0, visible: true },
      { name: 'role', sort: 1, visible: true },
      { name: 'code', sort: 2, visible: true },
    ]);
    // Saved and read back, the tree is the same.
    expect(configTree(tree, { routable, config: toSaveBody(edited) })).toEqual(edited);
  });

  it("knows each menu's depth, the ends of each sibling list and which hidden group hides a menu", () => {
    const p = positions(setMenuVisible(start, 'system', false));
    expect(p.get('user')).toEqual({ depth: 1, first: true, last: false, hiddenBy: 'system' });
    expect(p.get('role')).toEqual({ depth: 1, first: false, last: true, hiddenBy: 'system' });
    expect(p.get('system')).toEqual({ depth: 0, first: false, last: true, hiddenBy: null });
    expect(p.get('location')?.hiddenBy).toBeNull();
  });
});
