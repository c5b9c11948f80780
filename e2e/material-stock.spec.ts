import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, postData, setLocale, uniq, visibleDropdown } from './helpers';

// The warehouse on the desktop (issue 12): a package received through the form (its own material, shelf and partner
// made through the API), found in the stock list, a sale refused beyond the stock (in Korean and in English), a
// valid sale, a count correction with its reason, and the CORRECT movement in the material history.

/** yyyy-MM-dd plus n days. */
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Picks a material in a dialog's pick-list by typing its code. */
async function pickMaterial(page: Page, testId: string, code: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(code);
    await visibleDropdown(page).locator(`[data-code="${code}"]`).click({ timeout: 2000 });
    await expect(select).toContainText(code, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function openSell(page: Page, materialCode: string, customer: string, qty: string) {
  await page.getByTestId('sale-create').click();
  await expect(page.getByTestId('stock-sell-form')).toBeVisible();
  await pickMaterial(page, 'stock-sell-material', materialCode);
  await expect(page.getByTestId('stock-sell-rows').locator('tr.ant-table-row-selected')).toHaveCount(1);
  await chooseOption(page, 'stock-sell-customer', customer, { type: true });
  await page.getByTestId('stock-sell-qty').fill(qty);
}

test('receive a package, refuse and make a sale, correct it and see the movement', async ({
  page,
  request,
  adminToken: token,
}) => {
  const tag = uniq('WS').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const warehouse = await postData(request, token, '/api/location', {
    name: `${tag} 창고`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  const shelf = await postData(request, token, '/api/location', {
    name: `${tag} 선반`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const material = await postData(request, token, '/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 밀가루`,
    type: 'RAW',
    unit: 'KG',
    shelfLifeDays: 30,
  });
  const partner = await postData(request, token, '/api/biz-partner', {
    code: `${tag}-P`,
    name: `${tag} 상사`,
    types: ['SUPPLIER', 'CUSTOMER'],
  });
  const packageId = `${tag}-PKG`;

  // Receive on the desktop: the expiry is proposed from the manufacturing date and the shelf life.
  await page.goto('/material/stock');
  await expect(page.getByTestId('page-materialStock')).toBeVisible();
  await page.getByTestId('stock-receive-open').click();
  await expect(page.getByTestId('stock-receive-form')).toBeVisible();
  await pickMaterial(page, 'stock-receive-material', material.code);
  await expect(page.getByTestId('stock-receive-shelf-life')).toContainText('30');
  await page.getByTestId('stock-receive-qty').fill('10');
  const shelfSelect = page.getByTestId('stock-receive-shelf');
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await shelfSelect.click();
    await shelfSelect.locator('input').first().fill(shelf.name);
    await visibleDropdown(page).locator('.ant-select-tree-title', { hasText: shelf.name }).click({ timeout: 2000 });
    await expect(shelfSelect).toContainText(shelf.name, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await chooseOption(page, 'stock-receive-supplier', partner.name, { type: true });
  await page.getByTestId('stock-receive-supplier-lot').fill('LOT-77');
  await page.getByTestId('stock-receive-package-id').fill(packageId);
  // Received today (the form's default) + 30 days of shelf life.
  const received = await page.getByTestId('stock-receive-received-date').inputValue();
  await expect(page.getByTestId('stock-receive-expiry-date')).toHaveValue(plusDays(received, 30));
  await page.getByTestId('stock-receive-submit').click();
  await expect(page.getByTestId('stock-receive-form')).toBeHidden();

  // Found in the stock list by its package ID, with its quantity and place.
  await page.getByTestId('stock-search').locator('input').fill(packageId);
  await page.getByTestId('stock-search').locator('input').press('Enter');
  const stockRow = page.getByTestId('stock-table').locator('tr.ant-table-row', { hasText: packageId });
  await expect(stockRow).toBeVisible();
  await expect(stockRow.getByTestId('stock-qty')).toContainText('10');
  await expect(stockRow).toContainText(shelf.name);
  await expect(stockRow.getByTestId('stock-expiry')).toHaveAttribute('data-state', 'SOON');

  // Its label, as a PDF for 100 × 50 mm stock.
  await stockRow.getByTestId(`stock-label-${packageId}`).click();
  await expect(page.getByTestId('stock-labels-form')).toBeVisible();
  const label = page.waitForEvent('download');
  await page.getByTestId('stock-labels-submit').click();
  expect((await label).suggestedFilename()).toMatch(/^labels.*\.pdf$/);
  await expect(page.getByTestId('stock-labels-form')).toBeHidden();

  // More than the package holds: the server refuses and the dialog stays open with the refusal.
  await page.goto('/material/sales');
  await expect(page.getByTestId('page-materialSales')).toBeVisible();
  await openSell(page, material.code, partner.name, '999');
  await page.getByTestId('stock-sell-submit').click();
  await expect(page.getByTestId('stock-sell-refusal')).toContainText(
    '재고가 부족합니다. 현재 재고: 10 KG, 요청: 999 KG',
  );
  await expect(page.getByTestId('stock-sell-form')).toBeVisible();
  // A valid amount is sold.
  await page.getByTestId('stock-sell-qty').fill('4');
  await page.getByTestId('stock-sell-submit').click();
  await expect(page.getByTestId('stock-sell-form')).toBeHidden();
  const saleRow = page.getByTestId('sales-table').locator('tr.ant-table-row', { hasText: packageId });
  await expect(saleRow.getByTestId('sale-qty')).toContainText('4');

  // Correct the count (6 left, 5 counted) with a reason.
  await page.goto(`/material/stock?q=${encodeURIComponent(packageId)}`);
  await expect(stockRow.getByTestId('stock-qty')).toContainText('6');
  await page.getByTestId(`stock-edit-${packageId}`).click();
  await expect(page.getByTestId('stock-correct-form')).toBeVisible();
  await page.getByTestId('stock-correct-qty').fill('5');
  // The reason is required.
  await page.getByTestId('stock-correct-submit').click();
  await expect(page.getByTestId('stock-correct-form').locator('.ant-form-item-explain-error')).toContainText(
    '필수 입력 항목입니다.',
  );
  await page.getByTestId('stock-correct-reason').fill('E2E 실사 차이');
  await page.getByTestId('stock-correct-submit').click();
  await expect(page.getByTestId('stock-correct-form')).toBeHidden();
  await expect(stockRow.getByTestId('stock-qty')).toContainText('5');

  // The CORRECT movement in the material history, with its reason.
  await page.goto(`/material/history?q=${encodeURIComponent(packageId)}`);
  await expect(page.getByTestId('page-materialHistory')).toBeVisible();
  const history = page.getByTestId('material-history-table');
  const correct = history.locator('tr.ant-table-row', { has: page.locator('[data-type="CORRECT"]') });
  await expect(correct).toHaveCount(1);
  await expect(correct).toContainText('재고 조정');
  await expect(correct).toContainText('E2E 실사 차이');
  await expect(correct.getByTestId('movement-qty')).toHaveText('−1');
  await expect(history.locator('[data-type="SALE"]')).toHaveCount(1);
  await expect(history.locator('[data-type="SHIP_IN"]')).toHaveCount(1);

  // The refusal in English.
  await setLocale(page, request, token, 'en');
  await page.goto('/material/sales');
  await openSell(page, material.code, partner.name, '999');
  await page.getByTestId('stock-sell-submit').click();
  await expect(page.getByTestId('stock-sell-refusal')).toContainText('Out of stock: 5 KG on hand, 999 KG asked.');
  await page.getByTestId('stock-sell-cancel').click();
  // And the correction with its reason in the English history.
  await page.goto(`/material/history?q=${encodeURIComponent(packageId)}`);
  await expect(correct).toContainText('Corrected');
  await expect(correct).toContainText('E2E 실사 차이');
  await setLocale(page, request, token, 'kr');
});
