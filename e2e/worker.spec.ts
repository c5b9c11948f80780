import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseOption,
  confirmOk,
  openWith,
  postData,
  setLocale,
  setTheme,
  shot,
  uniq,
  visibleDropdown,
} from './helpers';

// Workers on the desktop (issue 13 point 7): a site, a factory with two lines and two floor users placed at the first
// line made through the API; one user assigned to the first line through the dialog (the line chosen in the tree is
// proposed), shown in the table and the tree with its count; the second assigned and moved to the other line; the
// first made unassigned; the second removed after confirming; the work history tab. Then the screen in English (labels,
// a required field's message, the unassigned) and in the dark theme, and the demo factory's workers.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A location node of the tree (L<id>) and its count of workers. */
const treeNode = (page: Page, id: number) =>
  page.getByTestId('worker-tree').locator(`[data-testid=worker-tree-location][data-key="L${id}"]`);
const countOf = (node: Locator) => node.getByTestId('worker-tree-location-count');
const rowOf = (page: Page, loginId: string) =>
  page.getByTestId('worker-table').locator('tr.ant-table-row', { hasText: loginId });

/** Picks a line in the dialog's location select by typing its name. */
async function chooseLine(page: Page, name: string) {
  const select = page.getByTestId('worker-form-line');
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(name);
    await visibleDropdown(page).locator('.ant-select-tree-title', { hasText: name }).click({ timeout: 2000 });
    await expect(select).toContainText(name, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Picks a worker in the history's worker filter (a multiple select toggles: once, until their tag shows). */
async function chooseHistoryWorker(page: Page, who: { userId: string; username: string }) {
  const workersSelect = page.getByTestId('history-workers');
  const chosenTag = workersSelect.locator('.ant-select-selection-item', { hasText: who.username });
  await expect(async () => {
    if (await chosenTag.count()) return;
    if (!(await visibleDropdown(page).count())) await workersSelect.click();
    await workersSelect.locator('input').first().fill(who.userId);
    await visibleDropdown(page).locator('.ant-select-item-option', { hasText: who.userId }).click({ timeout: 2000 });
    await expect(chosenTag).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/workers=\d+/);
}

test('assign a user to a line, see them in the tree, move them, unassign, remove with confirmation, history', async ({
  page,
  request,
  adminToken: token,
}) => {
  // Eight dialogs and tree refreshes: about 50 s on a quiet day, more with both workers busy.
  test.setTimeout(120_000);
  const tag = uniq('WK').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line1 = await postData(request, token, '/api/location', {
    name: `${tag} 조립1`,
    type: 'LINE',
    parentId: factory.id,
  });
  const line2 = await postData(request, token, '/api/location', {
    name: `${tag} 조립2`,
    type: 'LINE',
    parentId: factory.id,
  });
  const user = async (suffix: string, username: string) =>
    postData<{ id: number; userId: string; username: string }>(request, token, '/api/user', {
      userId: `${tag.toLowerCase()}-${suffix}`,
      username,
      password: 'Worker1234!',
      locationId: line1.id,
    });
  const a = await user('a', `${tag} 김가람`);
  const b = await user('b', `${tag} 이나래`);

  await page.goto('/production/worker');
  await expect(page.getByTestId('page-worker')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('작업자 관리');
  await expect(page.getByTestId('worker-tree-all')).toContainText('전체 작업자');
  await expect(page.getByTestId('worker-tree-unassigned')).toContainText('미배정');
  await expect(countOf(treeNode(page, line1.id))).toHaveAttribute('data-count', '0');

  // Choose the first line: its (empty) list; the assign dialog proposes it.
  await treeNode(page, line1.id).click();
  await expect(page.getByTestId('worker-table-title')).toHaveText(`${line1.name} 작업자`);
  await expect(page.getByTestId('worker-table').locator('tr.ant-table-row')).toHaveCount(0);
  await page.getByTestId('worker-assign').click();
  const form = page.getByTestId('worker-form-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('worker-form-line')).toContainText(line1.name);
  // No user chosen: the form says so.
  await page.getByTestId('worker-form-submit').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toContainText('필수 입력 항목입니다.');
  await chooseOption(page, 'worker-form-user', a.username, { type: true });
  await page.getByTestId('worker-form-description').fill('주간조 반장');
  await shot(page, 'worker-assign-kr-light');
  await page.getByTestId('worker-form-submit').click();
  await expect(form).toBeHidden();
  await expect(rowOf(page, a.userId)).toContainText(a.username);
  await expect(rowOf(page, a.userId)).toContainText(factory.name);
  await expect(rowOf(page, a.userId)).toContainText('주간조 반장');
  // In the tree: counted at the line, the factory and the site, and listed under the line.
  await expect(countOf(treeNode(page, line1.id))).toHaveAttribute('data-count', '1');
  await expect(countOf(treeNode(page, factory.id))).toHaveAttribute('data-count', '1');
  await expect(countOf(treeNode(page, site.id))).toHaveAttribute('data-count', '1');
  await expect(
    page.getByTestId('worker-tree').getByTestId('worker-tree-worker').filter({ hasText: a.username }),
  ).toBeVisible();

  // The second user: assigned to the first line, then moved to the second through the row's line change.
  await page.getByTestId('worker-assign').click();
  await expect(form).toBeVisible();
  await chooseOption(page, 'worker-form-user', b.username, { type: true });
  await page.getByTestId('worker-form-submit').click();
  await expect(form).toBeHidden();
  await expect(countOf(treeNode(page, line1.id))).toHaveAttribute('data-count', '2');
  await page.getByTestId(`worker-change-${b.userId}`).click();
  await expect(form).toBeVisible();
  await expect(page.getByTestId('worker-form-user')).toHaveValue(`${b.username} (${b.userId})`);
  await chooseLine(page, line2.name);
  await page.getByTestId('worker-form-submit').click();
  await expect(form).toBeHidden();
  await expect(rowOf(page, b.userId)).toHaveCount(0);
  await expect(countOf(treeNode(page, line1.id))).toHaveAttribute('data-count', '1');
  await expect(countOf(treeNode(page, line2.id))).toHaveAttribute('data-count', '1');
  await expect(countOf(treeNode(page, factory.id))).toHaveAttribute('data-count', '2');
  await shot(page, 'worker-tree-kr-light');

  // A worker chosen in the tree shows their line's list.
  await page.getByTestId('worker-tree').getByTestId('worker-tree-worker').filter({ hasText: b.username }).click();
  await expect(page.getByTestId('worker-table-title')).toHaveText(`${line2.name} 작업자`);
  await expect(rowOf(page, b.userId)).toContainText(line2.name);

  // The first worker unassigned (the line cleared): listed under 미배정, out of the line.
  await treeNode(page, line1.id).click();
  await page.getByTestId(`worker-change-${a.userId}`).click();
  await expect(form).toBeVisible();
  const lineSelect = page.getByTestId('worker-form-line');
  await lineSelect.hover();
  await lineSelect.locator('.ant-select-clear').click();
  await expect(lineSelect).not.toContainText(line1.name);
  await page.getByTestId('worker-form-submit').click();
  await expect(form).toBeHidden();
  await expect(rowOf(page, a.userId)).toHaveCount(0);
  await expect(countOf(treeNode(page, line1.id))).toHaveAttribute('data-count', '0');
  await page.getByTestId('worker-tree-unassigned').click();
  await expect(page.getByTestId('worker-table-title')).toHaveText('미배정 작업자');
  await expect(rowOf(page, a.userId).getByTestId('worker-line')).toHaveText('미배정');

  // The quick filter finds a worker among all of them.
  await page.getByTestId('worker-tree-all').click();
  await page.getByTestId('worker-table-filter').fill(b.userId);
  await expect(page.getByTestId('worker-table').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, b.userId)).toBeVisible();
  await page.getByTestId('worker-table-filter').fill('');

  // Remove the second worker, after confirming; the user stays.
  await treeNode(page, line2.id).click();
  await page.getByTestId(`worker-remove-${b.userId}`).click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await expect(page.getByTestId('confirm-dialog')).toContainText(b.username);
  await confirmOk(page);
  await expect(rowOf(page, b.userId)).toHaveCount(0);
  await expect(countOf(treeNode(page, line2.id))).toHaveAttribute('data-count', '0');
  const stillUser = await request.get(`/api/user/users/${b.id}`, { headers: auth(token) });
  expect(stillUser.status()).toBe(200);

  // The work history: this week by default, one worker chosen; nothing worked yet.
  await openWith(
    page.getByTestId('worker-tabs').getByRole('tab', { name: '작업 이력' }),
    page.getByTestId('history-table'),
  );
  await expect(page.getByTestId('history-period').locator('input').first()).not.toHaveValue('');
  await chooseHistoryWorker(page, a);
  await expect(page.getByTestId('history-table')).toContainText('데이터가 없습니다');
  await shot(page, 'worker-history-kr-light');
});

test('in English and in the dark theme: labels, a required field, the unassigned, the history', async ({
  page,
  request,
  adminToken: token,
}) => {
  // Three reloads (language, theme, language): about 50 s with both workers busy.
  test.setTimeout(120_000);
  const tag = uniq('WE').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} Site`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} Plant`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line = await postData(request, token, '/api/location', {
    name: `${tag} Line`,
    type: 'LINE',
    parentId: factory.id,
  });
  const user = await postData<{ id: number; userId: string; username: string }>(request, token, '/api/user', {
    userId: `${tag.toLowerCase()}-c`,
    username: `${tag} 박다온`,
    password: 'Worker1234!',
    locationId: line.id,
  });
  const saved = await request.put('/api/worker', {
    headers: auth(token),
    data: { userId: user.id, lineId: null, description: 'New hire' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/production/worker');
  await expect(page.getByTestId('page-worker')).toBeVisible();
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Workers');
  await expect(page.getByTestId('worker-tree-unassigned')).toContainText('Unassigned');
  await expect(page.getByTestId('worker-tree-all')).toContainText('All workers');
  await treeNode(page, line.id).click();
  await expect(page.getByTestId('worker-table-title')).toHaveText(`Workers of ${line.name}`);
  const form = page.getByTestId('worker-form-form');
  await page.getByTestId('worker-assign').click();
  await expect(form).toBeVisible();
  await expect(page.getByTestId('worker-form-line')).toContainText(line.name);
  await page.getByTestId('worker-form-submit').click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toContainText('This field is required.');
  await shot(page, 'worker-assign-en-light');
  await page.getByTestId('worker-form-cancel').click();
  await expect(form).toBeHidden();
  await page.getByTestId('worker-tree-unassigned').click();
  await expect(page.getByTestId('worker-table-title')).toHaveText('Unassigned workers');
  await expect(rowOf(page, user.userId).getByTestId('worker-line')).toHaveText('Unassigned');
  await shot(page, 'worker-en-light');

  // Dark, both languages.
  await setTheme(request, token, 'dark');
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await expect(rowOf(page, user.userId)).toBeVisible();
  await shot(page, 'worker-en-dark');
  await openWith(
    page.getByTestId('worker-tabs').getByRole('tab', { name: 'Work history' }),
    page.getByTestId('history-table'),
  );
  // The new hire has worked nothing yet (every worker's history would show the demo's results).
  await chooseHistoryWorker(page, user);
  await expect(page.getByTestId('history-table')).toContainText('No data');
  await shot(page, 'worker-history-en-dark');
  await setLocale(page, request, token, 'kr');
  await expect(page.getByTestId('page-title')).toHaveText('작업자 관리');
  await openWith(
    page.getByTestId('worker-tabs').getByRole('tab', { name: '작업자', exact: true }),
    page.getByTestId('worker-tree-all'),
  );
  await page.getByTestId('worker-tree-all').click();
  await expect(page.getByTestId('worker-table-title')).toHaveText('전체 작업자');
  await expect(rowOf(page, user.userId)).toBeVisible();
  await shot(page, 'worker-kr-dark');
});

test('the demo factory: workers on every line of both factories and one unassigned', async ({ page }) => {
  await page.goto('/production/worker');
  const tree = page.getByTestId('worker-tree');
  await expect(tree.getByTestId('worker-tree-location').filter({ hasText: '제1공장' })).toBeVisible();
  await expect(tree.getByTestId('worker-tree-location').filter({ hasText: '제2공장' })).toBeVisible();
  await expect(tree.getByTestId('worker-tree-worker').filter({ hasText: '최민수' })).toBeVisible();
  await page.getByTestId('worker-tree-unassigned').click();
  await expect(page.getByTestId('worker-table').locator('tr.ant-table-row', { hasText: 'op12' })).toBeVisible();
  await shot(page, 'worker-demo-kr-light');
});
