import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, shot, uniq, visibleDropdown } from './helpers';

// Custom table fields end to end (issue 3 §5): an administrator adds a list field with fixed items and a free-text
// field to users in /admin/custom-ext; the user form shows them, a user saved with values shows them in new list
// columns (the list label, not the stored value); a field on locations shows in the location form and details.
// The fields are deleted again at the end (the specs share one server). Screenshots of the admin screen and of the
// user form with the fields in Korean and English, light and dark.
test.describe.configure({ mode: 'serial' });

const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const fieldRow = (page: Page, field: string) =>
  page.getByTestId('custom-field-table').locator('tr.ant-table-row', { hasText: field });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Picks an option of an antd Select by its text (typed first, then Enter) and checks that it shows. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  await page.keyboard.type(text);
  await expect(visibleDropdown(page).locator('.ant-select-item-option-active', { hasText: text })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(select).toContainText(text);
}

const grade = uniq('grade');
const memo = uniq('memo');
const site = uniq('site');
const created: number[] = [];

async function fieldsOf(request: APIRequestContext, token: string, table: 'users' | 'locations') {
  const res = await request.get(`/api/custom-ext/custom-ext-by-table/${table}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: number; field: string; sequence: number }[];
}

test.afterAll(async ({ request }) => {
  // Whatever a failed run left behind: the fields of this run only.
  const token = await apiToken(request);
  for (const table of ['users', 'locations'] as const) {
    for (const f of await fieldsOf(request, token, table)) {
      if ([grade, memo, site].includes(f.field) || created.includes(f.id))
        await request.delete(`/api/custom-ext/custom/${f.id}`, { headers: auth(token) });
    }
  }
});

test('an administrator adds a list field and a free-text field to users, and orders them', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  await page.goto('/admin/custom-ext');
  await expect(page.getByTestId('custom-ext-table')).toBeVisible();
  // The table's real columns, for reference.
  await expect(page.getByTestId('custom-ext-columns')).toContainText('user_id');

  // A list of fixed items. The field name is checked on the client as on the server.
  await page.getByTestId('custom-field-create').click();
  const name = page.getByTestId('custom-field-form-field');
  await name.fill('Bad-name');
  await page.getByTestId('custom-field-form-display').fill('등급');
  await page.getByTestId('custom-field-form-submit').click();
  await expect(page.getByText('영문 소문자로 시작하고 영문과 숫자만 사용할 수 있습니다.')).toBeVisible();
  await name.fill('userId');
  await expect(page.getByText('테이블에 이미 있는 컬럼 이름입니다.')).toBeVisible();
  await name.fill(grade);
  await page.getByTestId('custom-field-form-item-value-0').fill('A');
  await page.getByTestId('custom-field-form-item-label-0').fill('우수');
  await page.getByTestId('custom-field-form-item-add').click();
  await page.getByTestId('custom-field-form-item-value-1').fill('B');
  await page.getByTestId('custom-field-form-item-label-1').fill('보통');
  await page.getByTestId('custom-field-form-submit').click();
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(fieldRow(page, grade)).toContainText('우수, 보통');

  // Free text.
  await page.getByTestId('custom-field-create').click();
  await page.getByTestId('custom-field-form-field').fill(memo);
  await page.getByTestId('custom-field-form-display').fill('메모');
  await page.getByTestId('custom-field-form-type').getByText('기타(자유 입력)').click();
  await expect(page.getByTestId('custom-field-form-source')).toHaveCount(0);
  await page.getByTestId('custom-field-form-display').press('Enter');
  await expect(fieldRow(page, memo)).toBeVisible();

  // A second field of the same name is refused under the name (409 DUPLICATE).
  await page.getByTestId('custom-field-create').click();
  await page.getByTestId('custom-field-form-field').fill(memo);
  await page.getByTestId('custom-field-form-display').fill('메모 2');
  await page.getByTestId('custom-field-form-type').getByText('기타(자유 입력)').click();
  await page.getByTestId('custom-field-form-submit').click();
  await expect(
    page.getByTestId('custom-field-form').getByText('이 테이블에 같은 이름의 항목이 이미 있습니다.'),
  ).toBeVisible();
  await page.getByTestId('custom-field-form-cancel').click();

  let fields = await fieldsOf(request, token, 'users');
  created.push(...fields.filter((f) => [grade, memo].includes(f.field)).map((f) => f.id));
  const order = () => fields.map((f) => f.field).filter((f) => [grade, memo].includes(f));
  expect(order()).toEqual([grade, memo]);

  // Move the memo up: the new order is saved at once.
  await page.getByTestId(`custom-field-up-${memo}`).click();
  await expect(snackbar(page, '순서를 저장했습니다.')).toBeVisible();
  fields = await fieldsOf(request, token, 'users');
  expect(order()).toEqual([memo, grade]);
  await page.getByTestId(`custom-field-down-${memo}`).click();
  await expect
    .poll(async () => {
      fields = await fieldsOf(request, token, 'users');
      return order();
    })
    .toEqual([grade, memo]);

  await expect(fieldRow(page, grade)).toBeVisible();
  await shot(page, `custom-ext-kr-light`);
  await page.getByTestId(`custom-field-edit-${grade}`).click();
  await expect(page.getByTestId('custom-field-form-item-value-1')).toHaveValue('B');
  await shot(page, 'custom-ext-form-kr-light');
});

test('the user form shows the fields; the saved values show in new list columns', async ({ page, request }) => {
  const token = await apiToken(request);
  const userId = uniq('cu');
  await page.goto('/admin/user');
  await page.getByTestId('user-create').click();
  await expect(page.getByTestId(`custom-field-${grade}`)).toBeVisible();
  await expect(page.getByTestId('user-form').getByText('메모', { exact: true })).toBeVisible();
  await page.getByTestId('user-form-userId').fill(userId);
  await page.getByTestId('user-form-username').fill('사용자 정의');
  await page.getByTestId('user-form-password').fill('Passw0rd1');
  await page.getByTestId('user-form-passwordConfirm').fill('Passw0rd1');
  await choose(page, page.getByTestId(`custom-field-${grade}`), '우수');
  await page.getByTestId(`custom-field-${memo}`).fill('야간 전담');
  await page.getByTestId(`custom-field-${memo}`).press('Enter');
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();

  // Stored as the item value, shown as its label.
  const res = await request.get(`/api/user/users?q=${userId}&page=1&size=5`, { headers: auth(token) });
  const [saved] = (await res.json()).data as { id: number; ext: Record<string, string> | null }[];
  expect(saved.ext).toEqual({ [grade]: 'A', [memo]: '야간 전담' });

  const search = page.getByTestId('user-search').locator('input');
  await search.fill(userId);
  await search.press('Enter');
  const row = page.getByTestId('user-table').locator('tr.ant-table-row', { hasText: userId });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId(`custom-column-${grade}`).first()).toHaveText('등급');
  await expect(page.getByTestId(`custom-column-${memo}`).first()).toHaveText('메모');
  await expect(row).toContainText('우수');
  await expect(row).toContainText('야간 전담');

  // Editing starts from the stored values; a changed value is saved.
  await page.getByTestId(`user-edit-${userId}`).click();
  await expect(page.getByTestId(`custom-field-${memo}`)).toHaveValue('야간 전담');
  await expect(page.getByTestId(`custom-field-${grade}`)).toContainText('우수');
  await choose(page, page.getByTestId(`custom-field-${grade}`), '보통');
  await page.getByTestId('user-form-submit').click();
  await expect(row).toContainText('보통');

  await page.getByTestId(`user-edit-${userId}`).click();
  await expect(page.getByTestId(`custom-field-${memo}`)).toHaveValue('야간 전담');
  await shot(page, `custom-ext-user-form-kr-light`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`custom-field-${memo}`)).toBeHidden();
});

test('a field on locations shows in the location form and details', async ({ page, request }) => {
  const token = await apiToken(request);
  const res = await request.post('/api/custom-ext/custom', {
    headers: auth(token),
    data: { table: 'locations', field: site, display: '관리 번호', type: 'other' },
  });
  expect(res.status()).toBe(200);
  created.push((await res.json()).data.id);
  const name = uniq('현장');
  const loc = await request.post('/api/location', {
    headers: auth(token),
    data: { name, type: 'SITE', parentId: null, sort: 0 },
  });
  expect(loc.status()).toBe(200);

  await page.goto('/baseinfo/location');
  await page.getByTestId('location-search').fill(name);
  await page.getByTestId('location-tree').locator(`[data-testid="location-node"][data-name="${name}"]`).click();
  await expect(page.getByTestId(`location-detail-ext-${site}`)).toHaveText('-');
  await page.getByTestId('location-edit').click();
  await page.getByTestId(`custom-field-${site}`).fill('MGT-001');
  await page.getByTestId('location-form-submit').click();
  await expect(page.getByTestId(`location-detail-ext-${site}`)).toHaveText('MGT-001');

  await request.delete(`/api/location/${(await loc.json()).data.id}`, { headers: auth(token) });
});

test('deleting the fields asks first and removes their columns from the user list', async ({ page }) => {
  await page.goto('/admin/custom-ext');
  for (const field of [grade, memo]) {
    await page.getByTestId(`custom-field-delete-${field}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(fieldRow(page, field)).toHaveCount(0);
  }
  await page.goto('/admin/user');
  await expect(page.getByTestId('user-table').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId(`custom-column-${grade}`)).toHaveCount(0);
  await expect(page.getByTestId(`custom-column-${memo}`)).toHaveCount(0);
});
