import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, apiToken, shot, uniq, visibleDropdown } from './helpers';

// The shared list kit end to end, as the admin (the 100,000-row scroll, which measures frame times, runs alone in
// datatable-scroll.spec.ts): the user list's filters, sort and page in the URL surviving a reload and a copied link; column visibility and width kept
// on the server across a reload; a saved search restored; the history button of a fresh record. Screenshots of the
// user list with the columns popover and the saved-search menu open, desktop and narrow.
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
// A virtual table draws its rows as divs.
const rows = (page: Page, table: string) => page.getByTestId(table).locator('.ant-table-row');
/** A header cell (antd also renders titles into a hidden measure row, so the header is asked for explicitly). */
const th = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('thead th', { hasText: text }).first();
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();

async function createCategory(request: APIRequestContext, token: string) {
  const category = uniq('DT')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_');
  const res = await request.post('/api/code/cateogry', {
    headers: auth(token),
    data: { category, name: `표 검사 ${category}`, sort: 0 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number; category: string } }).data;
}

async function createUsers(request: APIRequestContext, token: string, prefix: string, count: number, roleId?: number) {
  const made: { id: number; userId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const userId = `${prefix}${String(i).padStart(2, '0')}`;
    const res = await request.post('/api/user', {
      headers: auth(token),
      data: { userId, username: `표 ${i}`, password: 'table1234', roleIds: roleId && i % 2 === 0 ? [roleId] : [] },
    });
    expect(res.status()).toBe(200);
    made.push({ id: ((await res.json()) as { data: { id: number } }).data.id, userId });
  }
  return made;
}

const visibleFirstCells = (page: Page, table: string) =>
  rows(page, table).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector('td:not(.ant-table-selection-column)')?.textContent ?? ''),
  );

test('the user list view (search, filter, sort, page) is in the URL: reload and a copied link show it again', async ({
  page,
  request,
  context,
}) => {
  const token = await apiToken(request);
  const prefix = uniq('url');
  await createUsers(request, token, prefix, 25);
  await page.goto('/admin/user');
  await expect(rows(page, 'user-table').filter({ hasText: 'admin' }).first()).toBeVisible();

  // Server search, page 2 (the server has 25 matches, 20 a page), then a column filter and a sort on that page.
  const search = page.getByTestId('user-search').locator('input');
  await search.fill(prefix);
  await search.press('Enter');
  await expect(page.getByTestId('user-table-count')).toContainText('25');
  await page.getByTestId('user-table').locator('.ant-pagination-item', { hasText: /^2$/ }).click();
  await expect(rows(page, 'user-table')).toHaveCount(5);
  await page.getByTestId('user-table').locator('thead').getByTestId('user-table-filter-icon-userId').click();
  const colFilter = page.getByTestId('user-table-column-filter-userId');
  await colFilter.fill(`${prefix}20|${prefix}22|${prefix}24`);
  await page.getByTestId('user-table-column-filter-userId-apply').click();
  await expect(rows(page, 'user-table')).toHaveCount(3);
  await th(page, 'user-table', '사용자 ID').click();
  await expect(th(page, 'user-table', '사용자 ID')).toHaveAttribute('aria-sort', 'ascending');
  await th(page, 'user-table', '사용자 ID').click();
  const expected = [`${prefix}24`, `${prefix}22`, `${prefix}20`];
  await expect.poll(() => visibleFirstCells(page, 'user-table')).toEqual(expected);
  await page.getByTestId('user-table-filter').fill('표 2');
  await expect(rows(page, 'user-table')).toHaveCount(3);
  await expect(page).toHaveURL(/filter=/);

  const url = page.url();
  const params = new URL(url).searchParams;
  expect(params.get('q')).toBe(prefix);
  expect(params.get('page')).toBe('2');
  expect(params.get('sort')).toBe('-userId');
  expect(params.get('filter.userId')).toBe(`${prefix}20|${prefix}22|${prefix}24`);
  expect(params.get('filter')).toBe('표 2');

  const sameView = async (p: Page) => {
    await expect.poll(() => visibleFirstCells(p, 'user-table')).toEqual(expected);
    await expect(p.getByTestId('user-search').locator('input')).toHaveValue(prefix);
    await expect(p.getByTestId('user-table-filter')).toHaveValue('표 2');
    await expect(p.getByTestId('user-table').locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(th(p, 'user-table', '사용자 ID')).toHaveAttribute('aria-sort', 'descending');
    await expect(
      p
        .getByTestId('user-table')
        .locator('thead .ant-table-filter-trigger.active [data-testid="user-table-filter-icon-userId"]'),
    ).toBeVisible();
  };
  await page.reload();
  await sameView(page);

  const other = await context.newPage();
  await other.goto(url);
  await sameView(other);
  await other.close();
});

test('hidden columns and widths are kept per user on the server and survive a reload', async ({ page }) => {
  await page.goto('/admin/user');
  await expect(rows(page, 'user-table').first()).toBeVisible();
  await expect(th(page, 'user-table', '이메일')).toBeVisible();
  const nameHeader = th(page, 'user-table', '이름');
  const before = (await nameHeader.boundingBox())?.width ?? 0;

  // Hide the e-mail column.
  await page.getByTestId('user-table-columns').click();
  await expect(page.getByTestId('user-table-columns-menu')).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/settings/table/user.user-table') && r.request().method() === 'PUT',
  );
  await page.getByTestId('user-table-column-toggle-email').click();
  await expect(page.getByTestId('user-table').locator('thead th', { hasText: '이메일' })).toHaveCount(0);
  expect((await saved).status()).toBe(200);
  await page.getByTestId('user-table-columns').click();
  await expect(page.getByTestId('user-table-columns-menu')).toBeHidden();

  // Widen the name column by dragging its header's right edge.
  const handle = nameHeader.getByTestId('column-resize');
  const hb = await handle.boundingBox();
  if (!hb) throw new Error('no resize handle');
  const widened = page.waitForResponse(
    (r) => r.url().includes('/api/settings/table/user.user-table') && r.request().method() === 'PUT',
  );
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  for (let dx = 20; dx <= 120; dx += 20) await page.mouse.move(hb.x + hb.width / 2 + dx, hb.y + hb.height / 2);
  await page.mouse.up();
  const body = (await widened).request().postDataJSON() as {
    columns: { key: string; hidden?: boolean; width?: number }[];
  };
  expect(body.columns).toEqual(
    expect.arrayContaining([
      { key: 'email', hidden: true },
      expect.objectContaining({ key: 'username', width: expect.any(Number) }),
    ]),
  );
  const storedWidth = body.columns.find((c) => c.key === 'username')?.width ?? 0;
  expect(storedWidth).toBeGreaterThan(before + 80);

  await page.reload();
  await expect(rows(page, 'user-table').first()).toBeVisible();
  await expect(page.getByTestId('user-table').locator('thead th', { hasText: '이메일' })).toHaveCount(0);
  await expect
    .poll(async () => (await th(page, 'user-table', '이름').boundingBox())?.width ?? 0)
    .toBeGreaterThan(before + 60);

  // Reset: the server forgets them and the defaults are back.
  await page.getByTestId('user-table-columns').click();
  const removed = page.waitForResponse(
    (r) => r.url().includes('/api/settings/table/user.user-table') && r.request().method() === 'DELETE',
  );
  await page.getByTestId('user-table-columns-reset').click();
  expect((await removed).status()).toBe(200);
  await expect(th(page, 'user-table', '이메일')).toBeVisible();
  await page.reload();
  await expect(th(page, 'user-table', '이메일')).toBeVisible();
});

async function chooseRole(page: Page, select: Locator, text: string) {
  await select.click();
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: text }).click();
  await expect(select).toContainText(text);
}

test('a saved search restores the user list; it can be deleted', async ({ page, request }) => {
  const token = await apiToken(request);
  const roles = (await (await request.get('/api/role/roles', { headers: auth(token) })).json()) as {
    data: { id: number; name: string }[];
  };
  const role = roles.data.find((r) => r.name === '생산') ?? roles.data[0];
  const prefix = uniq('ss');
  await createUsers(request, token, prefix, 6, role.id);
  await page.goto('/admin/user');
  await expect(rows(page, 'user-table').first()).toBeVisible();

  const search = page.getByTestId('user-search').locator('input');
  await search.fill(prefix);
  await search.press('Enter');
  await chooseRole(page, page.getByTestId('user-role-filter'), role.name);
  await expect(rows(page, 'user-table')).toHaveCount(3);
  await th(page, 'user-table', '사용자 ID').click();
  await expect(th(page, 'user-table', '사용자 ID')).toHaveAttribute('aria-sort', 'ascending');
  await th(page, 'user-table', '사용자 ID').click();
  const expected = [`${prefix}04`, `${prefix}02`, `${prefix}00`];
  await expect.poll(() => visibleFirstCells(page, 'user-table')).toEqual(expected);
  const savedSearch = new URL(page.url()).search;

  // Save it: the title is required.
  const title = `검색 ${prefix}`;
  await page.getByTestId('user-table-saved').click();
  await page.getByTestId('user-table-saved-save').click();
  await page.getByTestId('user-table-saved-dialog-submit').click();
  await expect(page.getByTestId('user-table-saved-dialog').getByText('제목을 입력하세요.')).toBeVisible();
  await page.getByTestId('user-table-saved-title').fill(title);
  await page.getByTestId('user-table-saved-title').press('Enter');
  await expect(snackbar(page, '검색 조건을 저장했습니다.')).toBeVisible();

  // A plain list, then the saved search brings the view back.
  await page.goto('/admin/user');
  await expect(rows(page, 'user-table').filter({ hasText: 'admin' }).first()).toBeVisible();
  await page.getByTestId('user-table-saved').click();
  await page.getByTestId('user-table-saved-item').filter({ hasText: title }).click();
  await expect.poll(() => new URL(page.url()).search).toBe(savedSearch);
  await expect.poll(() => visibleFirstCells(page, 'user-table')).toEqual(expected);
  await expect(search).toHaveValue(prefix);
  await expect(page.getByTestId('user-role-filter')).toContainText(role.name);

  // Delete it, after confirming.
  await page.getByTestId('user-table-saved').click();
  const item = page.locator('.ant-dropdown-menu-item', {
    has: page.getByTestId('user-table-saved-item').filter({ hasText: title }),
  });
  await item.getByTestId('user-table-saved-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(title);
  await page.getByTestId('confirm-ok').click();
  await expect(snackbar(page, '삭제되었습니다')).toBeVisible();
  await page.getByTestId('user-table-saved').click();
  await expect(page.getByTestId('user-table-saved-item').filter({ hasText: title })).toHaveCount(0);
});

test('the history button of a code and of a location shows the creation just made', async ({ page, request }) => {
  const token = await apiToken(request);
  const category = await createCategory(request, token);
  const code = uniq('H').toUpperCase();
  const res = await request.post('/api/code/code', {
    headers: auth(token),
    data: { categoryId: category.id, code, codeName: '이력 확인', enabled: true, sort: 0 },
  });
  expect(res.status()).toBe(200);
  const codeId = ((await res.json()) as { data: { id: number } }).data.id;

  await page.goto(`/admin/code?category=${category.category}`);
  await expect(rows(page, 'code-table').filter({ hasText: code })).toBeVisible();
  await page.getByTestId(`code-table-history-${codeId}`).click();
  const dialog = page.getByTestId('history-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('history-dialog-subject')).toHaveText(code);
  await expect(dialog.getByTestId('history-dialog-row')).toHaveCount(1);
  await expect(dialog.getByTestId('history-dialog-row').first()).toContainText('생성');
  await expect(dialog.getByTestId('history-dialog-row').first()).toContainText(ADMIN.userId);
  await shot(page, 'datatable-history-code-kr-light');
  await page.getByTestId('history-dialog-close').click();
  await expect(dialog).toBeHidden();

  // The category list's own history (the other table of the page).
  await page.getByTestId(`category-table-history-${category.id}`).click();
  await expect(dialog.getByTestId('history-dialog-row').first()).toContainText('생성');
  await page.getByTestId('history-dialog-close').click();

  // A location made now, opened by its link, shows its creation from the details' history button.
  const tree = (await (await request.get('/api/location/tree', { headers: auth(token) })).json()) as {
    data: { id: number; type: string }[];
  };
  const site = tree.data.find((n) => n.type === 'SITE');
  expect(site).toBeTruthy();
  const name = `이력 공장 ${uniq('')}`;
  const made = await request.post('/api/location', {
    headers: auth(token),
    data: { name, type: 'FACTORY', parentId: site?.id },
  });
  expect(made.status()).toBe(200);
  const locationId = ((await made.json()) as { data: { id: number } }).data.id;
  await page.goto(`/baseinfo/location?id=${locationId}`);
  await expect(page.getByTestId('location-detail-name')).toHaveText(name);
  await page.getByTestId('location-history').click();
  await expect(page.getByTestId('history-dialog-subject')).toHaveText(name);
  await expect(dialog.getByTestId('history-dialog-row').first()).toContainText('생성');
});

test('user list with the columns popover and the saved-search menu, desktop and narrow', async ({
  page,
  signIn,
  workerAdmin,
}) => {
  await page.goto('/admin/user');
  await expect(rows(page, 'user-table').first()).toBeVisible();
  await page.getByTestId('user-table-columns').click();
  await expect(page.getByTestId('user-table-columns-menu')).toBeVisible();
  await shot(page, 'datatable-columns-kr-light');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-table-columns-menu')).toBeHidden();
  await page.getByTestId('user-table').locator('thead').getByTestId('user-table-filter-icon-username').click();
  await expect(page.getByTestId('user-table-column-filter-username')).toBeVisible();
  await shot(page, 'datatable-column-filter-kr-light');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-table-column-filter-username')).toBeHidden();
  await page.getByTestId('user-table-saved').click();
  await expect(page.getByTestId('user-table-saved-save')).toBeVisible();
  await shot(page, 'datatable-saved-search-kr-light');
  await page.keyboard.press('Escape');

  // The narrowest window that still shows the desktop list (a phone goes to the mobile pages).
  const { page: narrowPage } = await signIn(workerAdmin, { viewport: { width: 800, height: 1100 } });
  await narrowPage.goto('/admin/user');
  await expect(rows(narrowPage, 'user-table').first()).toBeVisible();
  await narrowPage.getByTestId('user-table-columns').click();
  await expect(narrowPage.getByTestId('user-table-columns-menu')).toBeVisible();
  await shot(narrowPage, 'datatable-columns-narrow-kr-light');
  await narrowPage.keyboard.press('Escape');
  await narrowPage.getByTestId('user-table-saved').click();
  await expect(narrowPage.getByTestId('user-table-saved-save')).toBeVisible();
  await shot(narrowPage, 'datatable-saved-search-narrow-kr-light');
});

test('"/" focuses the quick filter of the list', async ({ page }) => {
  await page.goto('/admin/role');
  await expect(rows(page, 'role-table').first()).toBeVisible();
  await page.getByTestId('page-title').click();
  await page.keyboard.press('/');
  await expect(page.getByTestId('role-table-filter')).toBeFocused();
  await page.keyboard.type('zz');
  await expect(page.getByTestId('role-table-filter')).toHaveValue('zz');
});
