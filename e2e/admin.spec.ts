import type { Browser, Locator, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { chooseInTree, confirmOk, login, shot, uniq, visibleDropdown } from './helpers';

// Administration end to end, as the admin: users (create, search, edit, reset password, sign in as the new user,
// delete; duplicate id), roles with the permission tree (a notice-only role really shows only notices), codes
// (category and code CRUD, blocked delete) and the location tree (placement rules, blocked and plain delete).
// Screenshots of each screen (Korean, light; the other looks are in look-through.spec.ts).
test.describe.configure({ mode: 'serial' });

const DEMO_SITE = '본사 사업장';

const tableRow = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tr.ant-table-row', { hasText: text });
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const treeNode = (page: Page, name: string) =>
  page.getByTestId('location-tree').locator(`[data-testid="location-node"][data-name="${name}"]`).first();

/** Picks an option of a searchable antd Select with the keyboard (type, Enter) and checks that it shows. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await expect(visibleDropdown(page).locator('.ant-select-item-option-active', { hasText: text })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(select).toContainText(text);
}

async function freshLogin(browser: Browser, userId: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, userId, password);
  return { context, page };
}

test('admin screens open with their data, and the user list on a narrow window; a phone gets the mobile page', async ({
  page,
  signIn,
  workerAdmin,
}) => {
  const name = (screen: string) => `admin-${screen}-kr-light`;
  await page.goto('/admin/user');
  await expect(tableRow(page, 'user-table', 'admin').first()).toBeVisible();
  await shot(page, name('user'));
  await page.getByTestId('user-create').click();
  await expect(page.getByTestId('user-form-userId')).toBeVisible();
  await shot(page, name('user-form'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-form-userId')).toBeHidden();

  await page.goto('/admin/role');
  await tableRow(page, 'role-table', '생산').click();
  await expect(page.getByTestId('permission-editor')).toBeVisible();
  await shot(page, name('role'));

  await page.goto('/admin/code');
  await page.getByTestId('category-table').locator('tr.ant-table-row').first().click();
  await expect(page.getByTestId('code-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, name('code'));

  await page.goto('/baseinfo/location');
  await treeNode(page, DEMO_SITE).click();
  await expect(page.getByTestId('location-detail-name')).toHaveText(DEMO_SITE);
  await shot(page, name('location'));

  // A phone-width window is sent to the mobile pages (SPEC §2: a mobile device on a non-mobile path goes to the
  // mobile notice page), so the narrowest window that shows the user list is a tablet's.
  const narrow = await signIn(workerAdmin, { viewport: { width: 800, height: 1100 } });
  await narrow.page.goto('/admin/user');
  await expect(tableRow(narrow.page, 'user-table', 'admin').first()).toBeVisible();
  await shot(narrow.page, 'admin-user-narrow-kr-light');
  const phone = await signIn(workerAdmin, PHONE);
  await phone.page.goto('/admin/user');
  await expect(phone.page).toHaveURL(/\/m\/notice/);
});

test('user CRUD: create, search, edit, reset password, sign in as the user, delete', async ({ page, browser }) => {
  const userId = uniq('u');
  const name = '홍길동';
  await page.goto('/admin/user');

  await page.getByTestId('user-create').click();
  // Validation messages come from the contract rules, in the UI language.
  await page.getByTestId('user-form-phone').fill('010-1234-abcd');
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByText('필수 입력 항목입니다.').first()).toBeVisible();
  await expect(page.getByText('숫자, "-", ";" 만 입력할 수 있습니다.')).toBeVisible();

  await page.getByTestId('user-form-userId').fill(userId);
  await page.getByTestId('user-form-username').fill(name);
  await page.getByTestId('user-form-password').fill('first1234');
  await page.getByTestId('user-form-passwordConfirm').fill('other1234');
  await page.getByTestId('user-form-email').fill(`${userId}@example.com`);
  await page.getByTestId('user-form-phone').fill('010-1234-5678;02-123-4567');
  await expect(page.getByText('비밀번호가 일치하지 않습니다.')).toBeVisible();
  await page.getByTestId('user-form-passwordConfirm').fill('first1234');
  await choose(page, page.getByTestId('user-form-roles'), '생산');
  await page.locator('.ant-modal-title').click();
  await chooseInTree(page, page.getByTestId('user-form-location'), '사출 1라인');
  // Enter in a field submits the form.
  await page.getByTestId('user-form-email').press('Enter');
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(page.getByTestId('user-form-userId')).toBeHidden();

  await page.getByTestId('user-search').locator('input').fill(userId);
  await page.getByTestId('user-search').locator('input').press('Enter');
  const row = tableRow(page, 'user-table', userId);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('user-table').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText('생산');
  await expect(row).toContainText('사출 1라인');

  await page.getByTestId(`user-edit-${userId}`).click();
  await expect(page.getByTestId('user-form-userId')).toBeDisabled();
  await page.getByTestId('user-form-username').fill(`${name} 수정`);
  await page.getByTestId('user-form-submit').click();
  await expect(row).toContainText(`${name} 수정`);

  await page.getByTestId(`user-reset-password-${userId}`).click();
  await page.getByTestId('reset-password-password').fill('second1234');
  await page.getByTestId('reset-password-confirm').fill('second1234');
  await page.getByTestId('reset-password-submit').click();
  await expect(snackbar(page, '비밀번호가 변경되었습니다.')).toBeVisible();

  const fresh = await freshLogin(browser, userId, 'second1234');
  await expect(fresh.page.getByTestId('desktop-shell')).toBeVisible();
  await fresh.context.close();

  await page.getByTestId(`user-delete-${userId}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(snackbar(page, '삭제되었습니다.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a duplicate user id is refused on the id field; the admin cannot delete their own account', async ({
  page,
  workerAdmin,
}) => {
  await page.goto('/admin/user');
  await page.getByTestId('user-create').click();
  await page.getByTestId('user-form-userId').fill('admin');
  await page.getByTestId('user-form-username').fill('중복');
  await page.getByTestId('user-form-password').fill('dup12345');
  await page.getByTestId('user-form-passwordConfirm').fill('dup12345');
  await page.getByTestId('user-form-submit').click();
  const field = page.locator('.ant-form-item', { has: page.getByTestId('user-form-userId') });
  await expect(field.locator('.ant-form-item-explain-error')).toContainText('이미 사용 중인 사용자 ID입니다.');
  await shot(page, 'admin-user-duplicate-kr-light');
  await page.getByTestId('user-form-cancel').click();
  // Closing gives the focus back to the button that opened the dialog: wait for it before typing elsewhere.
  await expect(page.locator('.ant-modal-wrap').filter({ visible: true })).toHaveCount(0);
  await expect(page.getByTestId('user-create')).toBeFocused();

  await page.getByTestId('user-search').locator('input').fill(workerAdmin.userId);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await page.getByTestId(`user-delete-${workerAdmin.userId}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('자신의 계정은 삭제할 수 없습니다.')).toBeVisible();
});

test('role CRUD: a notice-only role shows its holder only the notice menu', async ({ page, signIn, adminToken }) => {
  const roleName = uniq('공지전용');
  const userId = uniq('r');
  await page.goto('/admin/role');

  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(roleName);
  await page.getByTestId('role-description').fill('공지 조회만');
  await page.getByTestId('perm-notice-view').click();
  await page.getByTestId('perm-system-view').click();
  // A parent's grant shows on its children as inherited.
  await expect(page.getByTestId('perm-user-view')).toBeChecked();
  await expect(page.getByTestId('perm-user-view')).toBeDisabled();
  await page.getByTestId('perm-system-view').click();
  await expect(page.getByTestId('perm-user-view')).not.toBeChecked();
  await page.getByTestId('role-save').click();
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(tableRow(page, 'role-table', roleName)).toBeVisible();

  // Give the role to a new user and sign in as them.
  await page.goto('/admin/user');
  await page.getByTestId('user-create').click();
  await page.getByTestId('user-form-userId').fill(userId);
  await page.getByTestId('user-form-username').fill('공지 사용자');
  await page.getByTestId('user-form-password').fill('notice1234');
  await page.getByTestId('user-form-passwordConfirm').fill('notice1234');
  await choose(page, page.getByTestId('user-form-roles'), roleName);
  await page.locator('.ant-modal-title').click();
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('user-form-userId')).toBeHidden();

  const holder = await signIn({ userId, password: 'notice1234' });
  await holder.page.goto('/notice');
  const menu = holder.page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-notice')).toBeVisible();
  await expect(menu.getByTestId('menu-system')).toHaveCount(0);
  await expect(menu.getByTestId('menu-baseinfo')).toHaveCount(0);
  await expect(menu.getByTestId('menu-production')).toHaveCount(0);
  await holder.page.goto('/admin/user');
  await expect(holder.page).toHaveURL(/\/403/);
  await holder.context.close();

  // Edit, then a delete blocked by the holder opens the related-data dialog.
  await page.goto('/admin/role');
  await tableRow(page, 'role-table', roleName).click();
  await expect(page.getByTestId('perm-notice-view')).toBeChecked();
  await page.getByTestId('role-description').fill('공지 조회 전용');
  await page.getByTestId('role-save').click();
  await expect(tableRow(page, 'role-table', roleName)).toContainText('공지 조회 전용');
  await page.getByTestId('role-delete').click();
  await page.getByTestId('confirm-ok').click();
  const related = page.locator('.ant-modal', { hasText: '연관 데이터' });
  await expect(related).toBeVisible();
  await expect(related).toContainText(userId);
  await shot(page, 'admin-role-related-kr-light');
  await related.getByRole('button').filter({ hasText: '닫기' }).click();

  const token = adminToken;
  const users = await page.request.get(`/api/user/users?q=${userId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [created] = (await users.json()).data;
  expect(
    (await page.request.delete(`/api/user/${created.id}`, { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);
  await page.getByTestId('role-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(snackbar(page, '삭제되었습니다.')).toBeVisible();
  await expect(tableRow(page, 'role-table', roleName)).toHaveCount(0);
});

test('code category and code CRUD', async ({ page }) => {
  const category = uniq('E2E_CAT_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  await page.goto('/admin/code');

  await page.getByTestId('category-create').click();
  await page.getByTestId('category-form-category').fill('1bad');
  await page.getByTestId('category-form-name').fill('검사 분류');
  await page.getByTestId('category-form-submit').click();
  await expect(page.getByText('형식이 올바르지 않습니다.')).toBeVisible();
  await page.getByTestId('category-form-category').fill(category);
  await page.getByTestId('category-form-description').press('Enter');
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(tableRow(page, 'category-table', category)).toBeVisible();

  // The new category is selected: add a code, edit it.
  await page.getByTestId('code-create').click();
  await page.getByTestId('code-form-code').fill('C01');
  await page.getByTestId('code-form-codeName').fill('외관 검사');
  await page.getByTestId('code-form-codeNameEn').fill('Visual check');
  await page.getByTestId('code-form-submit').click();
  const code = tableRow(page, 'code-table', 'C01');
  await expect(code).toContainText('외관 검사');
  await page.getByTestId('code-C01-edit').click();
  await page.getByTestId('code-form-codeName').fill('외관 검사 (수정)');
  await page.getByTestId('code-form-enabled').click();
  await page.getByTestId('code-form-submit').click();
  await expect(code).toContainText('외관 검사 (수정)');
  await expect(code).toContainText('미사용');

  // A second code of the same category cannot reuse the code.
  await page.getByTestId('code-create').click();
  await page.getByTestId('code-form-code').fill('C01');
  await page.getByTestId('code-form-codeName').fill('중복');
  await page.getByTestId('code-form-submit').click();
  await expect(page.getByText('이 분류에 이미 있는 코드입니다.').first()).toBeVisible();
  await page.getByTestId('code-form-cancel').click();

  // A category that still has codes cannot be deleted.
  await page.getByTestId(`category-${category}-delete`).click();
  await page.getByTestId('confirm-ok').click();
  const related = page.locator('.ant-modal', { hasText: '연관 데이터' });
  await expect(related).toContainText('C01');
  await related.getByRole('button').filter({ hasText: '닫기' }).click();

  await page.getByTestId('code-C01-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(code).toHaveCount(0);
  await page.getByTestId(`category-${category}-edit`).click();
  await page.getByTestId('category-form-name').fill('검사 분류 (수정)');
  await page.getByTestId('category-form-submit').click();
  await expect(tableRow(page, 'category-table', category)).toContainText('검사 분류 (수정)');
  await page.getByTestId(`category-${category}-delete`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(tableRow(page, 'category-table', category)).toHaveCount(0);
});

test('location tree: placement rules, move, blocked and plain delete', async ({ page, adminToken }) => {
  // Several saves, each redrawing the tree, which also holds the sites other specs make (for their plans and
  // releases): 17 s on a quick day, over its 60 s once on 2026-11-26 with both workers busy (it passed on the retry).
  test.setTimeout(120_000);
  const factory = uniq('e2e공장');
  const line = uniq('e2e라인');
  const warehouse = uniq('e2e창고');
  const shelf = uniq('e2e선반');
  await page.goto('/baseinfo/location');

  /** Opens the type select, checks the offered types, picks one. */
  const pickType = async (expected: string[], type: string) => {
    await page.getByTestId('location-form-type').click();
    const options = visibleDropdown(page).locator('.ant-select-item-option [data-testid^="location-type-"]');
    await expect(options.first()).toBeVisible();
    const types = await options.evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-testid')?.replace('location-type-', '')),
    );
    expect(types).toEqual(expected);
    await visibleDropdown(page).locator(`.ant-select-item-option:has([data-testid="location-type-${type}"])`).click();
  };
  // The tree redraws after each save; a click during the redraw can be lost, so it is repeated until selected.
  const select = async (name: string) => {
    await expect(async () => {
      await treeNode(page, name).click({ timeout: 2000 });
      await expect(page.getByTestId('location-detail-name')).toHaveText(name, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  };
  const addChild = async (parent: string, type: string, name: string, expected: string[]) => {
    // Failed twice on stop 28's CI at this click (120 s, the button never took it): the selection or the click is
    // taken again until the form is open, so a lost one is a retry and a real fault still fails with its step named.
    await expect(async () => {
      await select(parent);
      await page.getByTestId('location-create-child').click({ timeout: 3_000 });
      await expect(page.getByTestId('location-form-name')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000 });
    await pickType(expected, type);
    await page.getByTestId('location-form-name').fill(name);
    await page.getByTestId('location-form-name').press('Enter');
    await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
    await expect(treeNode(page, name)).toBeVisible();
    await expect(treeNode(page, name)).toHaveAttribute('data-type', type);
  };

  await addChild(DEMO_SITE, 'FACTORY', factory, ['FACTORY']);
  await addChild(factory, 'LINE', line, ['LINE', 'WAREHOUSE']);
  await addChild(factory, 'WAREHOUSE', warehouse, ['LINE', 'WAREHOUSE']);
  await addChild(warehouse, 'SHELF', shelf, ['SHELF']);
  await shot(page, 'admin-location-created-kr-light');

  // Nothing goes under a line: the option is absent, and the server refuses a shelf there (400).
  await treeNode(page, line).click();
  await expect(page.getByTestId('location-create-child')).toBeDisabled();
  const auth = { authorization: `Bearer ${adminToken}` };
  const tree = await (await page.request.get('/api/location/tree', { headers: auth })).json();
  const find = (
    nodes: { id: number; name: string; children: unknown[] }[],
    name: string,
  ): { id: number } | undefined => {
    for (const n of nodes) {
      if (n.name === name) return n;
      const sub = find(n.children as never, name);
      if (sub) return sub;
    }
  };
  const lineId = find(tree.data, line)!.id;
  const refused = await page.request.post('/api/location', {
    headers: auth,
    data: { name: 'x', type: 'SHELF', parentId: lineId },
  });
  expect(refused.status()).toBe(400);

  // Search filters the tree.
  await page.getByTestId('location-search').fill(shelf);
  await expect(treeNode(page, shelf)).toBeVisible();
  await expect(treeNode(page, line)).toHaveCount(0);
  await page.getByTestId('location-search').fill('');

  // Move the shelf: only warehouses are offered; it goes to a demo warehouse.
  await treeNode(page, shelf).click();
  await page.getByTestId('location-move').click();
  await page.getByTestId('location-move-parent').click();
  // Typed first: the list is virtual, and with the sites other specs make the line can be below its window (failed
  // so with three workers on 2026-11-28).
  await page.keyboard.type(line);
  const lineOption = visibleDropdown(page).locator('.ant-select-tree-treenode', { hasText: line }).first();
  await expect(lineOption).toHaveClass(/ant-select-tree-treenode-disabled/);
  await page.keyboard.press('Escape');
  await chooseInTree(page, page.getByTestId('location-move-parent'), '완제품 창고');
  await page.getByTestId('location-move-submit').click();
  await expect(snackbar(page, '이동했습니다.')).toBeVisible();

  // Edit the line's name.
  await treeNode(page, line).click();
  await page.getByTestId('location-edit').click();
  await page.getByTestId('location-form-name').fill(`${line}-수정`);
  await page.getByTestId('location-form-submit').click();
  await expect(treeNode(page, `${line}-수정`)).toBeVisible();

  // A factory with children cannot be deleted: the related-data dialog lists them.
  await treeNode(page, factory).click();
  await page.getByTestId('location-delete').click();
  await page.getByTestId('confirm-ok').click();
  const related = page.locator('.ant-modal', { hasText: '연관 데이터' });
  await expect(related).toContainText(warehouse);
  await shot(page, 'admin-location-related-kr-light');
  await related.getByRole('button').filter({ hasText: '닫기' }).click();

  // Empty ones can be deleted.
  for (const name of [shelf, `${line}-수정`, warehouse, factory]) {
    await select(name);
    await page.getByTestId('location-delete').click();
    await confirmOk(page);
    await expect(treeNode(page, name)).toHaveCount(0);
  }
});
