import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE_360, postData, saveLocale, setLocale, setTheme, shot, uniq } from './helpers';

// Product stock (issue 13 point 5): a site → factory → warehouse → two shelves and a product that keeps 30 days, made
// through the API. On the desktop, stock is added by hand through the dialog (product, shelf from the warehouse →
// shelf cascader; the LOT ID made M<day>-<code>-001 and the expiry proposed from the shelf life), found by the search,
// adjusted to a counted quantity with a reason, discarded after the confirmation (it leaves the list, and comes back
// as a discarded LOT when asked), and its ledger read in the drawer; in English a LOT ID held by another product is
// refused on its field. On a 360 px phone a LOT ID is scanned (the scan sheet's "product stock" action and a wedge
// scan on the page) and its row adjusted. Screenshots in light and dark.

/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function makeWarehouse(request: APIRequestContext, token: string) {
  const tag = uniq('PS').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const warehouse = await postData(request, token, '/api/location', {
    name: `${tag} 제품창고`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  const shelf = await postData(request, token, '/api/location', {
    name: `${tag} 선반A`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const shelf2 = await postData(request, token, '/api/location', {
    name: `${tag} 선반B`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
    shelfLifeDays: 30,
  });
  const other = await postData(request, token, '/api/product/product', {
    code: `${tag}-Q`,
    name: `${tag} 커버`,
    type: 'FINISHED',
    unit: 'EA',
  });
  return { tag, site, warehouse, shelf, shelf2, product, other };
}

type Stock = { id: number; lotId: string; qty: number };
const addStock = (request: APIRequestContext, token: string, body: Record<string, unknown>) =>
  postData<Stock>(request, token, '/api/productstock/stock-add', body);

const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const tableRow = (page: Page, text: string) =>
  page.getByTestId('prod-stock-table').locator('tr.ant-table-row', { hasText: text });

/** Picks a path of the cascader by typing part of it and choosing the match (antd lists the whole path). */
async function chooseCascader(page: Page, testId: string, text: string) {
  const field = page.getByTestId(testId);
  await expect(async () => {
    await field.click();
    await field.locator('input').fill(text);
    await page
      .locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu-item', { hasText: text })
      .first()
      .click({ timeout: 2000 });
    await expect(field).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** A keyboard-wedge scan: the code typed as fast keys and Enter, with the focus on no text box. */
async function wedgeScan(page: Page, code: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('add stock by hand, adjust it, discard it after confirming, read its ledger (Korean, then English)', async ({
  page,
  request,
  adminToken: token,
}) => {
  // A long journey on a shared 2-core machine.
  test.setTimeout(180_000);
  const { tag, shelf, product, other } = await makeWarehouse(request, token);
  const lotId = `M${seoulDay().replaceAll('-', '')}-${product.code}-001`;

  await page.goto('/production/prodStock');
  await expect(page.getByTestId('page-prodStock')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('제품 재고');

  // Add: the product by its code, 25 on shelf A; the shelf life proposes the expiry; the LOT ID is made.
  await page.getByTestId('prod-stock-add-open').click();
  await expect(page.getByTestId('prod-add-form')).toBeVisible();
  const productSelect = page.getByTestId('prod-add-product');
  await expect(async () => {
    await productSelect.click();
    await productSelect.locator('input').fill(product.code);
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid=prod-add-product-option][data-code="${product.code}"]`,
      )
      .click({ timeout: 2000 });
    await expect(productSelect).toContainText(product.code, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('prod-add-shelf-life')).toHaveText('유통기한 30일: 비우면 생산일 + 30일');
  await expect(page.getByTestId('prod-add-expiry')).toHaveValue(seoulDay(30));
  await page.getByTestId('prod-add-qty').fill('25');
  await chooseCascader(page, 'prod-add-shelf', shelf.name);
  await page.getByTestId('prod-add-description').fill('E2E 기초 재고');
  await shot(page, 'prodStock-add-kr-light');
  await page.getByTestId('prod-add-submit').click();
  await expect(page.getByTestId('prod-add-form')).toBeHidden();
  await expect(snackbar(page, `재고를 추가했습니다: ${lotId}`)).toBeVisible();

  // Found by the product code: the lot on shelf A with 25, its expiry from the product's shelf life.
  const search = page.getByTestId('prod-stock-search').locator('input');
  await search.fill(product.code);
  await search.press('Enter');
  const row = tableRow(page, lotId);
  await expect(page.getByTestId('prod-stock-table').locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('prod-stock-qty')).toHaveText('25');
  await expect(row).toContainText(`${tag} 제품창고 / ${tag} 선반A`);
  await expect(row.getByTestId('prod-expiry-reason')).toHaveText('제품 유통기한');
  await shot(page, 'prodStock-list-kr-light');

  // Adjust to the counted 20 with a reason.
  await row.locator('[data-testid^=prod-stock-adjust-]').click();
  await expect(page.getByTestId('prod-adjust-form')).toBeVisible();
  await expect(page.getByTestId('prod-dialog-current-qty')).toContainText('25');
  await page.getByTestId('prod-adjust-qty').fill('20');
  await page.getByTestId('prod-adjust-submit').click();
  // The reason is required: the form says so and stays.
  await expect(page.getByTestId('prod-adjust-form')).toContainText('필수 입력 항목입니다');
  await page.getByTestId('prod-adjust-reason').fill('E2E 실사');
  await page.getByTestId('prod-adjust-submit').click();
  await expect(page.getByTestId('prod-adjust-form')).toBeHidden();
  await expect(row.getByTestId('prod-stock-qty')).toHaveText('20');

  // Its lot label, as a PDF (LOT ID as Code 128 and QR).
  await row.locator('[data-testid^=prod-stock-label-]').click();
  await expect(page.getByTestId('prod-stock-labels-form')).toBeVisible();
  await expect(page.getByTestId('prod-stock-labels-items')).toContainText(lotId);
  const label = page.waitForEvent('download');
  await page.getByTestId('prod-stock-labels-submit').click();
  expect((await label).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByTestId('prod-stock-labels-form')).toBeHidden();

  // Discard: the confirmation names what leaves; the row leaves the list.
  await row.locator('[data-testid^=prod-stock-dispose-]').click();
  await expect(page.getByTestId('prod-dispose-warning')).toContainText('이 위치의 20 개 전량이 재고에서 빠지고');
  await page.getByTestId('prod-dispose-reason').fill('E2E 파손');
  await shot(page, 'prodStock-dispose-kr-light');
  await page.getByTestId('prod-dispose-submit').click();
  await expect(page.getByTestId('prod-dispose-form')).toBeHidden();
  await expect(snackbar(page, '폐기했습니다.')).toBeVisible();
  await expect(row).toHaveCount(0);
  // Asked for, it is listed as a discarded LOT at zero, with no more adjust or discard.
  await page.getByTestId('prod-stock-disposed-filter').click();
  await expect(row.getByTestId('prod-disposed-tag')).toHaveText('폐기 LOT');
  await expect(row.getByTestId('prod-stock-qty')).toHaveText('0');
  await expect(row.locator('[data-testid^=prod-stock-adjust-]')).toHaveCount(0);

  // Its ledger: added, adjusted, discarded, with the reasons.
  await row.locator('[data-testid^=prod-stock-history-]').click();
  const history = page.getByTestId('prod-history-table');
  await expect(history.getByTestId('prod-movement-type')).toHaveText(['재고 추가', '수량 조정', '폐기']);
  await expect(history).toContainText('E2E 실사');
  await expect(history).toContainText('E2E 파손');
  await shot(page, 'prodStock-history-kr-light');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('prod-history')).toBeHidden();

  // The item tree: the product under its type; choosing it lists its rows.
  await page.getByTestId('prod-tree-tabs').getByRole('tab', { name: '품목별' }).click();
  await page.getByTestId('prod-tree-item').getByText('완제품').first().click();
  const productNode = page.locator(`[data-testid=prod-tree-node][data-key="P${product.id}"]`);
  await productNode.click();
  await expect(page.getByTestId('prod-stock-node-filter')).toBeVisible();
  await expect(row).toHaveCount(1);

  // In English: a LOT ID another product's lot holds (another case) is refused on its field.
  const held = await addStock(request, token, {
    productId: other.id,
    locationId: shelf.id,
    qty: 3,
    lotId: `${tag}-LOT-X`,
  });
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Product stock');
  await expect(row.getByTestId('prod-disposed-tag')).toHaveText('Discarded LOT');
  await page.getByTestId('prod-stock-add-open').click();
  await expect(async () => {
    await productSelect.click();
    await productSelect.locator('input').fill(product.code);
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid=prod-add-product-option][data-code="${product.code}"]`,
      )
      .click({ timeout: 2000 });
    await expect(productSelect).toContainText(product.code, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('prod-add-shelf-life')).toHaveText(
    'Shelf life 30 days: blank = production day + 30 days',
  );
  await page.getByTestId('prod-add-qty').fill('5');
  await chooseCascader(page, 'prod-add-shelf', shelf.name);
  await page.getByTestId('prod-add-lot-id').fill(held.lotId.toLowerCase());
  await page.getByTestId('prod-add-submit').click();
  await expect(page.getByTestId('prod-add-form')).toContainText(
    'This LOT ID is in use. Only a lot of the same product added by hand can take more.',
  );
  await expect(page.getByTestId('prod-add-form')).toBeVisible();
  // A new LOT ID of its own goes in.
  await page.getByTestId('prod-add-lot-id').fill(`${tag}-LOT-Y`);
  await page.getByTestId('prod-add-submit').click();
  await expect(page.getByTestId('prod-add-form')).toBeHidden();
  await expect(snackbar(page, `Stock added: ${tag}-LOT-Y`)).toBeVisible();
  await expect(tableRow(page, `${tag}-LOT-Y`).getByTestId('prod-stock-qty')).toHaveText('5');
  await row.locator('[data-testid^=prod-stock-history-]').click();
  await expect(page.getByTestId('prod-history-table').getByTestId('prod-movement-type')).toHaveText([
    'Added',
    'Adjusted',
    'Discarded',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('prod-history')).toBeHidden();
  await shot(page, 'prodStock-list-en-light');

  // Dark, in both languages.
  await setTheme(request, token, 'dark');
  await page.evaluate(() => localStorage.setItem('eqms.theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await expect(tableRow(page, `${tag}-LOT-Y`)).toBeVisible();
  await shot(page, 'prodStock-list-en-dark');
  await setLocale(page, request, token, 'kr');
  await expect(page.getByTestId('page-title')).toHaveText('제품 재고');
  await expect(tableRow(page, lotId)).toBeVisible();
  await shot(page, 'prodStock-list-kr-dark');
  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');
});

test('on a phone: a scanned LOT ID shows its stock rows, and a row is adjusted there', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const { tag, shelf, shelf2, product } = await makeWarehouse(request, token);
  const lotId = `${tag}-LOT-M`;
  await addStock(request, token, { productId: product.id, locationId: shelf.id, qty: 12, lotId });
  await addStock(request, token, { productId: product.id, locationId: shelf2.id, qty: 3, lotId });
  const { page } = await signIn(workerAdmin, PHONE_360);

  // The scan sheet: a LOT, whose "product stock" action opens this page with the LOT ID.
  await page.goto('/m/notice');
  await expect(page.getByTestId('mobile-shell')).toBeVisible();
  await page.getByTestId('mobile-scan-button').click();
  await page.getByTestId('scan-manual').fill(lotId.toLowerCase());
  await page.getByTestId('scan-manual').press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-type', 'LOT');
  await expect(page.getByTestId('scan-result-name')).toHaveText(product.name);
  await expect(page.getByTestId('scan-result-qty')).toContainText('15 EA');
  await page.getByTestId('scan-action-productStock').click();
  await expect(page).toHaveURL(new RegExp(`/m/production/stock\\?barcode=${lotId}$`));
  await expect(page.getByTestId('m-prod-lot')).toBeVisible();
  await expect(page.getByTestId('m-prod-title')).toHaveText(lotId);
  await expect(page.getByTestId('m-prod-total')).toContainText('15 EA');

  // A wedge scan on the page itself: its two rows, with shelf, quantity and expiry.
  await page.goto('/m/production/stock');
  await expect(page).toHaveTitle('제품 재고 - eQMS');
  await expect(page.getByTestId('m-prod-page')).toBeVisible();
  await expect(async () => {
    await wedgeScan(page, lotId);
    await expect(page.getByTestId('m-prod-lot')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  const rowA = page.getByTestId('m-prod-row').filter({ hasText: `${tag} 선반A` });
  await expect(rowA.getByTestId('m-prod-row-qty')).toHaveText('12 EA');
  await expect(rowA.getByTestId('prod-expiry-reason')).toHaveText('제품 유통기한');
  await expect(page.getByTestId('m-prod-row')).toHaveCount(2);
  await shot(page, 'm-product-stock-kr-light');

  // Adjust shelf A's row to the counted 10.
  await rowA.locator('[data-testid^=m-prod-row-adjust-]').click();
  await expect(page.getByTestId('m-prod-adjust-qty')).toHaveValue('12');
  await page.getByTestId('m-prod-adjust-qty').fill('10');
  await page.getByTestId('m-prod-adjust-submit').click();
  await expect(page.getByTestId('m-prod-adjust-refusal')).toHaveText('사유를 입력하세요.');
  await page.getByTestId('m-prod-adjust-reason').fill('E2E 실사');
  await shot(page, 'm-product-stock-adjust-kr-light');
  await page.getByTestId('m-prod-adjust-submit').click();
  await expect(page.getByTestId('m-prod-adjust')).toBeHidden();
  await expect(rowA.getByTestId('m-prod-row-qty')).toHaveText('10 EA');
  await expect(page.getByTestId('m-prod-total')).toContainText('13 EA');

  // Dark.
  await setTheme(request, token, 'dark');
  await page.evaluate(() => localStorage.setItem('eqms.theme', 'dark'));
  await page.reload();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await expect(rowA.getByTestId('m-prod-row-qty')).toHaveText('10 EA');
  await shot(page, 'm-product-stock-kr-dark');
  await setTheme(request, token, 'light');
});
