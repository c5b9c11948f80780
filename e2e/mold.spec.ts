import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseInTree, confirmOk, postData, setLocale, setTheme, shot, uniq } from './helpers';
import { auth } from './production-world';

// Molds (issue 16, /mold/moldInfo): a small factory made through the API (a shelf in a warehouse, a press on a line)
// and a mold on the shelf. The mold is mounted on the press through the in/out dialog (the place picker offers tools
// only), then returned to the shelf (shelves only); the list follows the last in/out and the history shows both, the
// last one can be undone. Korean and light first, then English and dark (mount and return again). The demo factory's
// mold near its rated life is flagged.

const pickPlace = (page: Page, name: string) => chooseInTree(page, page.getByTestId('mold-inout-place'), name);

test('mount a mold on a press and return it to a shelf, in Korean and English, light and dark', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const tag = uniq('MD').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line = await postData(request, token, '/api/location', {
    name: `${tag} 라인`,
    type: 'LINE',
    parentId: factory.id,
  });
  const warehouse = await postData(request, token, '/api/location', {
    name: `${tag} 금형 창고`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  const shelf = await postData(request, token, '/api/location', {
    name: `${tag} 금형 선반`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const press = await postData(request, token, '/api/tool', {
    code: `${tag}-P`,
    name: `${tag} 프레스`,
    locationId: line.id,
  });
  const mold = await postData<{ id: number; code: string }>(request, token, '/api/mold/mold', {
    code: `${tag}-M`,
    name: `${tag} 커버 금형`,
    cavities: 2,
    ratedShots: 100000,
    initialShots: 1000,
    locationId: shelf.id,
  });
  const row = () => page.getByTestId('mold-table').locator('tr.ant-table-row', { hasText: mold.code });

  await page.goto('/mold/moldInfo');
  await expect(page.getByTestId('page-title')).toHaveText('금형 정보');
  // The demo factory's mold near its rated life is flagged.
  await expect(page.getByTestId('mold-due-MD-1103')).toBeVisible();
  await shot(page, 'mold-list-kr-light');
  const search = page.getByTestId('mold-search').locator('input');
  await search.fill(tag);
  await search.press('Enter');
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('보관');

  // Mount on the press: only tools can be picked.
  await row().getByTestId(`mold-mount-${mold.code}`).click();
  await expect(page.getByTestId('mold-inout-current')).toContainText(shelf.name);
  await pickPlace(page, press.name);
  await page.getByTestId('mold-inout-shots').fill('1500');
  await shot(page, 'mold-mount-kr-light');
  await page.getByTestId('mold-inout-dialog-submit').click();
  await expect(page.getByTestId('mold-inout-shots')).toBeHidden();
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('장착');
  await expect(row()).toContainText(press.name);
  await expect(row().getByTestId(`mold-shots-${mold.code}`)).toHaveText('1,500');

  // The location tree shows it under the press.
  await expect(page.getByTestId('mold-tree-location').locator(`[data-key="T${press.id}"]`)).toBeVisible();

  // Return to the shelf: a lower shot count is refused on the field, then accepted.
  await row().getByTestId(`mold-return-${mold.code}`).click();
  await pickPlace(page, shelf.name);
  await page.getByTestId('mold-inout-shots').fill('1200');
  await page.getByTestId('mold-inout-dialog-submit').click();
  const shotsItem = page.locator('.ant-form-item', { has: page.getByTestId('mold-inout-shots') });
  await expect(shotsItem.locator('.ant-form-item-explain-error')).toContainText('1500');
  await page.getByTestId('mold-inout-shots').fill('4800');
  await page.getByTestId('mold-inout-dialog-submit').click();
  await expect(page.getByTestId('mold-inout-shots')).toBeHidden();
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('보관');
  await expect(row()).toContainText(shelf.name);

  // The history: both, newest first; undoing the return puts the mold back on the press.
  await row().getByTestId(`mold-history-${mold.code}`).click();
  const history = page.getByTestId('mold-history-table');
  await expect(history.locator('tr.ant-table-row')).toHaveCount(2);
  await expect(history.locator('tr.ant-table-row').first()).toContainText('반납');
  await shot(page, 'mold-history-kr-light');
  await history.getByTestId(/^mold-inout-delete-/).click();
  await confirmOk(page);
  await expect(history.locator('tr.ant-table-row')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('장착');
  const res = await request.get(`/api/mold/mold/${mold.id}`, { headers: auth(token) });
  expect((await res.json()).data).toMatchObject({ toolId: press.id, shotCount: 1500 });

  // English, dark: return it again, then mount it again.
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Mold info');
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('Mounted');
  await row().getByTestId(`mold-return-${mold.code}`).click();
  await pickPlace(page, shelf.name);
  await page.getByTestId('mold-inout-shots').fill('5000');
  await shot(page, 'mold-return-en-dark');
  await page.getByTestId('mold-inout-dialog-submit').click();
  await expect(page.getByTestId('mold-inout-shots')).toBeHidden();
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('Stored');
  await row().getByTestId(`mold-mount-${mold.code}`).click();
  await pickPlace(page, press.name);
  await page.getByTestId('mold-inout-shots').fill('5200');
  await page.getByTestId('mold-inout-dialog-submit').click();
  await expect(page.getByTestId('mold-inout-shots')).toBeHidden();
  await expect(row().getByTestId(`mold-status-${mold.code}`)).toHaveText('Mounted');
  await shot(page, 'mold-list-en-dark');
  await row().getByTestId(`mold-edit-${mold.code}`).click();
  await expect(page.getByTestId('mold-code')).toBeVisible();
  await expect(page.getByTestId('mold-dialog-form')).toContainText('moves only by mounting or returning');
  await shot(page, 'mold-dialog-en-dark');
  await page.getByTestId('mold-dialog-cancel').click();

  // Delete after confirming.
  await row().getByTestId(`mold-delete-${mold.code}`).click();
  await confirmOk(page);
  await expect(row()).toHaveCount(0);
  await setTheme(request, token, 'light');
  await setLocale(page, request, token, 'kr');
});
