import { MENU_TREE, type SystemMenu } from '@eqms/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './helpers';

// The menu configuration end to end: a menu hidden and moved in /admin/config disappears from / moves in the side
// menu of the admin at once and of a new session (restored afterwards). It changes what every user sees, so it
// runs in the global project (playwright.config.ts), after the parallel specs.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();

/** Every menu back as it was: saved entries restored, entries this test added set to their default place. */
async function restoreMenus(request: APIRequestContext, token: string, original: SystemMenu[]) {
  const treeIndex = new Map<string, number>();
  const walk = (nodes: typeof MENU_TREE) =>
    nodes.forEach((n, i) => {
      treeIndex.set(n.name, i);
      if (n.children) walk(n.children);
    });
  walk(MENU_TREE);
  const before = new Map(original.map((m) => [m.name, m]));
  const now = (
    (await (await request.get('/api/system/menu', { headers: auth(token) })).json()) as { data: SystemMenu[] }
  ).data;
  const body = now.map((m) => before.get(m.name) ?? { name: m.name, sort: treeIndex.get(m.name) ?? 0, visible: true });
  const res = await request.put('/api/system/menu', { headers: auth(token), data: body });
  expect(res.status()).toBe(200);
}

async function sideMenuNames(page: Page) {
  return page
    .getByTestId('side-menu')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
}

test('a menu hidden and moved in /admin/config leaves or moves in everyone’s side menu', async ({
  page,
  request,
  adminToken: token,
  signIn,
  workerAdmin,
}) => {
  const original = (
    (await (await request.get('/api/system/menu', { headers: auth(token) })).json()) as {
      data: SystemMenu[];
    }
  ).data;
  try {
    await page.goto('/admin/config');
    await expect(page.getByTestId('page-config')).toBeVisible();
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-code')).toBeVisible();
    await expect(page.getByTestId('config-save')).toBeDisabled();

    await page.getByTestId('config-visible-code').click();
    const up = page.getByTestId('config-up-pageHit');
    while (await up.isEnabled()) await up.click();
    await expect(page.getByTestId('config-unsaved')).toBeVisible();
    await shot(page, 'config-edited-kr-light');
    await page.getByTestId('config-save').click();
    await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
    await expect(page.getByTestId('config-unsaved')).toBeHidden();

    // The admin's own side menu follows at once, without a reload.
    await expect(menu.getByTestId('menu-code')).toHaveCount(0);
    await expect(menu.getByTestId('menu-pageHit')).toBeVisible();
    let names = await sideMenuNames(page);
    expect(names.indexOf('menu-pageHit')).toBeLessThan(names.indexOf('menu-user'));

    // So does a new session.
    const other = await signIn(workerAdmin);
    await other.page.goto('/admin/user');
    const otherMenu = other.page.getByTestId('side-menu');
    await expect(otherMenu.getByTestId('menu-user')).toBeVisible();
    await expect(otherMenu.getByTestId('menu-code')).toHaveCount(0);
    names = await sideMenuNames(other.page);
    expect(names.indexOf('menu-pageHit')).toBeLessThan(names.indexOf('menu-user'));
    await other.context.close();

    // The hidden screen is still reachable by URL (visibility is not a permission).
    await page.goto('/admin/code');
    await expect(page.getByTestId('page-code')).toBeVisible();
    await page.goto('/admin/config');
    await expect(page.getByTestId('config-visible-code')).not.toBeChecked();
  } finally {
    await restoreMenus(request, token, original);
  }
  await page.reload();
  await expect(page.getByTestId('side-menu').getByTestId('menu-code')).toBeVisible();
  const names = await sideMenuNames(page);
  expect(names.indexOf('menu-user')).toBeLessThan(names.indexOf('menu-pageHit'));
});
