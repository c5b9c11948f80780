import { fullRoleItem, MENU_TREE, mergeRoleItems, type Permissions } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  breadcrumbItems,
  buildSideMenu,
  firstMenuPath,
  guardRoute,
  homeTarget,
  isPhone,
  loginRedirect,
  pageTitle,
  parseShellQuery,
  safeRedirect,
  type SideMenuItem,
} from './navigation.ts';

const ADMIN: Permissions = mergeRoleItems([fullRoleItem()]);
const QUALITY: Permissions = {
  notice: { view: true },
  quality: { view: true },
  productQualityResult: { view: true, create: true },
};
const ROUTABLE = new Set([
  'notice',
  'user',
  'role',
  'code',
  'location',
  'productQualityResult',
  'materialQualityResult',
  'OSS',
  'config',
]);

const names = (items: SideMenuItem[]): string[] =>
  items.flatMap((i) => [i.name, ...(i.children ? names(i.children) : [])]);

describe('guardRoute (SPEC §2 navigation rules)', () => {
  const base = { name: 'user', pathname: '/admin/user', search: '?q=kim', hasToken: true, perms: ADMIN, phone: false };

  it('sends a visitor without a token to login with the requested path and query', () => {
    expect(guardRoute({ ...base, hasToken: false })).toEqual({
      kind: 'login',
      to: `/auth/loginForm?redirect=${encodeURIComponent('/admin/user?q=kim')}`,
    });
  });

  it('allows a page the user may view', () => {
    expect(guardRoute(base)).toEqual({ kind: 'allow' });
  });

  it('sends a user without view permission to /403', () => {
    expect(guardRoute({ ...base, perms: QUALITY })).toEqual({ kind: 'forbidden', to: '/403' });
    expect(guardRoute({ ...base, perms: null })).toEqual({ kind: 'forbidden', to: '/403' });
  });

  it('inherits view permission from a parent menu', () => {
    expect(
      guardRoute({ ...base, name: 'materialQualityResult', pathname: '/quality/material/result', perms: QUALITY }).kind,
    ).toBe('allow');
  });

  it('lets public screens and the root through without permission', () => {
    expect(guardRoute({ ...base, name: 'OSS', pathname: '/OSS', perms: {} }).kind).toBe('allow');
    expect(guardRoute({ ...base, name: 'aiChat', pathname: '/ai-chat', perms: {} }).kind).toBe('allow');
    expect(guardRoute({ ...base, name: null, pathname: '/', perms: {} }).kind).toBe('allow');
  });

  it('sends a phone on a desktop path to the mobile notice page', () => {
    expect(guardRoute({ ...base, phone: true })).toEqual({ kind: 'mobile', to: '/m/notice' });
    expect(guardRoute({ ...base, name: null, pathname: '/m/notice', phone: true }).kind).toBe('allow');
  });

  it('checks the token before the device', () => {
    expect(guardRoute({ ...base, hasToken: false, phone: true }).kind).toBe('login');
  });
});

describe('login redirects', () => {
  it('keeps the requested page, and no query for the root', () => {
    expect(loginRedirect('/notice', '?id=3')).toBe('/auth/loginForm?redirect=%2Fnotice%3Fid%3D3');
    expect(loginRedirect('/')).toBe('/auth/loginForm');
  });

  it('accepts only paths of this app after login', () => {
    expect(safeRedirect('/admin/user?q=1')).toBe('/admin/user?q=1');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/auth/loginForm')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('buildSideMenu', () => {
  it('shows only screens with a route and view permission, groups only with a shown child', () => {
    const menu = buildSideMenu({ perms: QUALITY, routable: ROUTABLE });
    expect(names(menu)).toEqual(['notice', 'quality', 'productQualityResult', 'materialQualityResult']);
    expect(names(menu)).not.toContain('system');
  });

  it('drops hidden nodes even with permission and a route', () => {
    const menu = buildSideMenu({ perms: ADMIN, routable: ROUTABLE });
    expect(names(menu)).not.toContain('config');
    expect(names(menu)).not.toContain('OSS');
    expect(names(menu)).toContain('user');
  });

  it('drops what the runtime MENU_EXCLUDE names, and a group whose children are all excluded', () => {
    const menu = buildSideMenu({ perms: QUALITY, routable: ROUTABLE, exclude: ['productQualityResult', 'notice'] });
    expect(names(menu)).toEqual(['quality', 'materialQualityResult']);
    expect(names(buildSideMenu({ perms: QUALITY, routable: ROUTABLE, exclude: ['quality'] }))).toEqual(['notice']);
  });

  it('applies the system menu configuration: visible=false hides, sort orders siblings', () => {
    const menu = buildSideMenu({
      perms: ADMIN,
      routable: ROUTABLE,
      config: [
        { name: 'notice', sort: 99, visible: true },
        { name: 'code', sort: 0, visible: true },
        { name: 'user', sort: 5, visible: true },
        { name: 'role', sort: 1, visible: false },
      ],
    });
    expect(menu.map((m) => m.name)).toEqual(['baseinfo', 'quality', 'system', 'notice']);
    expect(menu.find((m) => m.name === 'system')?.children?.map((c) => c.name)).toEqual(['code', 'user']);
  });

  it('is empty for a user without rights', () => {
    expect(buildSideMenu({ perms: {}, routable: ROUTABLE })).toEqual([]);
  });

  it('keeps the tree order without configuration', () => {
    const all = new Set(MENU_TREE.flatMap((n) => [n.name, ...(n.children ?? []).map((c) => c.name)]));
    const menu = buildSideMenu({ perms: ADMIN, routable: all });
    const expected = MENU_TREE.filter((n) => !n.hidden).map((n) => n.name);
    expect(menu.map((m) => m.name)).toEqual(expected);
  });
});

describe('start pages', () => {
  const menu = buildSideMenu({ perms: ADMIN, routable: ROUTABLE });

  it('opens the first page of a group for the group path', () => {
    expect(firstMenuPath(menu, 'system')).toBe('/admin/user');
    expect(firstMenuPath(menu, 'quality')).toBe('/quality/product/result');
    expect(firstMenuPath(menu, 'vehicle')).toBeNull();
  });

  it('uses the home path when the user may open it, else the first page, else /403', () => {
    expect(homeTarget('/admin/code', ADMIN, menu, ROUTABLE)).toBe('/admin/code');
    expect(homeTarget(null, ADMIN, menu, ROUTABLE)).toBe('/notice');
    const qMenu = buildSideMenu({ perms: QUALITY, routable: ROUTABLE });
    expect(homeTarget('/admin/code', QUALITY, qMenu, ROUTABLE)).toBe('/notice');
    expect(homeTarget('/vehicle/vehicleInfo', ADMIN, menu, ROUTABLE)).toBe('/notice');
    expect(homeTarget('https://evil.example', ADMIN, menu, ROUTABLE)).toBe('/notice');
    expect(homeTarget(null, {}, [], ROUTABLE)).toBe('/403');
  });
});

describe('shell query (fullSizeYn, fromMobile)', () => {
  it('hides the chrome for fullSizeYn=Y and the misspelt fullSizyYn=Y', () => {
    expect(parseShellQuery('?fullSizeYn=Y').fullSize).toBe(true);
    expect(parseShellQuery('?fullSizyYn=Y&a=1').fullSize).toBe(true);
    expect(parseShellQuery('?fullSizeYn=N').fullSize).toBe(false);
    expect(parseShellQuery('').fullSize).toBe(false);
  });

  it('collapses for fromMobile=Y and removes the parameter from the address', () => {
    expect(parseShellQuery('?fromMobile=Y&date=2024-01-02')).toEqual({
      fullSize: false,
      fromMobile: true,
      cleanedSearch: '?date=2024-01-02',
    });
    expect(parseShellQuery('?fromMobile=Y').cleanedSearch).toBe('');
    expect(parseShellQuery('?date=1').cleanedSearch).toBeNull();
  });
});

describe('device, title, breadcrumbs', () => {
  it('treats narrow viewports and mobile browsers as phones', () => {
    expect(isPhone(390, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isPhone(768, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isPhone(1440, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
    expect(isPhone(1024, 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36')).toBe(true);
  });

  it('titles a page with its menu label in the current language', () => {
    expect(pageTitle('user', 'kr')).toBe('사용자 관리 - eQMS');
    expect(pageTitle('user', 'en')).toBe('Users - eQMS');
    expect(pageTitle(null, 'en')).toBe('eQMS');
  });

  it('builds breadcrumbs from the menu ancestry', () => {
    expect(breadcrumbItems('user', 'en').map((b) => b.label)).toEqual(['System management', 'Users']);
    expect(breadcrumbItems('notice', 'kr').map((b) => b.label)).toEqual(['공지사항']);
  });
});
