import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE_360, postData, saveLocale, setLocale, shot, uniq } from './helpers';

// Material released to production (issue 13): a line, a material, a product whose BOM needs 2 KG of it per piece, a
// plan of 10 pieces on the line for today and a received package of 30 KG, all made through the API. On the desktop
// the plan is selected in the tree, its material shows 20 KG still to release; part of the package is released,
// shows at the line and "still to release" shrinks; a restock beyond what is at the line is refused (in Korean and in
// English), a valid one goes back. On a 360 px phone the package ID is scanned to release it to the plan and to
// restock it, and a package with nothing at a line is said so.

/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** A line and a warehouse shelf, a material, a product needing 2 KG of it per piece, a plan of 10 today, 30 KG received. */
async function makePlanWithStock(request: APIRequestContext, token: string) {
  const tag = uniq('PM').toUpperCase();
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
    name: `${tag} 수지`,
    type: 'RAW',
    unit: 'KG',
    shelfLifeDays: 30,
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
  });
  await postData(request, token, '/api/bom/material', { parentProductId: product.id, materialId: material.id, qty: 2 });
  const plan = await postData<{ id: number }>(request, token, '/api/productionplan/plan', {
    productId: product.id,
    qty: 10,
    startDt: seoulDay(),
    endDt: seoulDay(2),
    lineId: line.id,
  });
  const pkg = await postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
    materialId: material.id,
    qty: 30,
    locationId: shelf.id,
    packageId: `${tag}-PKG`,
  });
  return { tag, line, material, product, plan, packageId: pkg.packageId };
}

/** A keyboard-wedge scan: the code typed as fast keys and Enter, with the focus on no text box. */
async function wedgeScan(page: Page, code: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('release part of a package to a plan, refuse a restock beyond the line, restock the rest', async ({
  page,
  request,
  adminToken: token,
}) => {
  const { material, product, plan, packageId } = await makePlanWithStock(request, token);

  await page.goto('/material/stockOutRestock');
  await expect(page.getByTestId('page-stockOutRestock')).toBeVisible();
  // The plan tree covers today … a week on: the plan is in it, under its line.
  const node = page.locator(`[data-testid=prod-plan-node][data-key="P${plan.id}"]`);
  await node.click();
  await expect(page.getByTestId('prod-plan-title')).toContainText(product.code);
  const row = page.locator(`[data-testid=prod-material-row][data-code="${material.code}"]`);
  await expect(row.getByTestId('prod-material-required')).toContainText('20');
  await expect(row.getByTestId('prod-material-to-release')).toContainText('20');
  await expect(row.getByTestId('prod-material-at-line')).toContainText('0');
  await expect(page.getByTestId('prod-stocks-table')).toContainText('아직 출고된 패키지가 없습니다.');
  await shot(page, 'stockOutRestock-plan-kr-light');

  // Release: the material still to release, its package first in picking order, the proposed 20 KG changed to 8.
  await page.getByTestId('prod-release-open').click();
  await expect(page.getByTestId('prod-release-form')).toBeVisible();
  await expect(page.getByTestId('prod-release-material')).toContainText(material.code);
  const pkgRow = page.locator(`[data-testid=prod-release-row][data-package="${packageId}"]`);
  await expect(pkgRow).toHaveClass(/ant-table-row-selected/);
  await expect(page.getByTestId('prod-release-qty')).toHaveValue('20');
  await page.getByTestId('prod-release-qty').fill('8');
  await shot(page, 'stockOutRestock-release-kr-light');
  await page.getByTestId('prod-release-submit').click();
  await expect(page.getByTestId('prod-release-form')).toBeHidden();

  // At the line 8 KG, still to release 12 KG; the package is listed with 8 KG at the line.
  await expect(row.getByTestId('prod-material-at-line')).toContainText('8');
  await expect(row.getByTestId('prod-material-to-release')).toContainText('12');
  const stockRow = page.locator(`[data-testid=prod-stock-row][data-package="${packageId}"]`);
  await expect(stockRow.getByTestId('prod-stock-qty')).toContainText('8');

  // More than is at the line: the server refuses and the dialog stays open with the refusal.
  await page.getByTestId(`prod-stock-restock-${packageId}`).click();
  await expect(page.getByTestId('prod-restock-form')).toBeVisible();
  await page.getByTestId('prod-restock-qty').fill('9');
  await page.getByTestId('prod-restock-submit').click();
  await expect(page.getByTestId('prod-restock-refusal')).toContainText(
    '재고가 부족합니다. 현재 재고: 8 KG, 요청: 9 KG',
  );
  await expect(page.getByTestId('prod-restock-form')).toBeVisible();
  // A valid amount goes back: 5 KG at the line, 15 KG still to release.
  await page.getByTestId('prod-restock-qty').fill('3');
  await page.getByTestId('prod-restock-reason').fill('E2E 잔량');
  await page.getByTestId('prod-restock-submit').click();
  await expect(page.getByTestId('prod-restock-form')).toBeHidden();
  await expect(stockRow.getByTestId('prod-stock-qty')).toContainText('5');
  await expect(row.getByTestId('prod-material-at-line')).toContainText('5');
  await expect(row.getByTestId('prod-material-to-release')).toContainText('15');

  // The package's movements at the line: the release and the restock with its reason.
  await page.getByTestId(`prod-stock-history-${packageId}`).click();
  const history = page.getByTestId('prod-history-table');
  await expect(history.getByTestId('prod-movement-type')).toHaveText(['출고', '재입고']);
  await expect(history).toContainText('E2E 잔량');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('prod-history')).toBeHidden();

  // The released list of the period finds it by its package ID.
  await page.getByTestId('prod-tabs').getByRole('tab', { name: '출고 내역' }).click();
  await page.getByTestId('prod-list-search').locator('input').fill(packageId);
  await page.getByTestId('prod-list-search').locator('input').press('Enter');
  const listRow = page.getByTestId('prod-list-table').locator('tr.ant-table-row', { hasText: packageId });
  await expect(listRow).toBeVisible();
  await expect(listRow).toContainText(product.code);
  await shot(page, 'stockOutRestock-list-kr-light');

  // In English: the refusal beyond what is at the line.
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Production material issue');
  await page.getByTestId(`prod-list-restock-${packageId}`).click();
  await page.getByTestId('prod-restock-qty').fill('99');
  await page.getByTestId('prod-restock-submit').click();
  await expect(page.getByTestId('prod-restock-refusal')).toContainText('Out of stock: 5 KG on hand, 99 KG asked.');
  await saveLocale(request, token, 'kr');
});

test('on a phone: release by scanning the package ID, restock by scanning it', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  const { tag, material, plan, packageId } = await makePlanWithStock(request, token);
  const { page } = await signIn(workerAdmin, PHONE_360);

  // The scan sheet offers release and restock for a package.
  await page.goto('/m/notice');
  await expect(page.getByTestId('mobile-shell')).toBeVisible();
  await page.getByTestId('mobile-scan-button').click();
  await page.getByTestId('scan-manual').fill(packageId);
  await page.getByTestId('scan-manual').press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-type', 'MATERIAL_STOCK');
  await expect(page.getByTestId('scan-action-materialReIn')).toBeVisible();
  await page.getByTestId('scan-action-materialOut').click();
  await expect(page).toHaveURL(new RegExp(`/m/material/out\\?barcode=${packageId}$`));
  await expect(page.getByTestId('m-out-package')).toContainText(material.name);

  // A wedge scan on the release page: the package, then today's plan, the proposed 20 KG changed to 6.
  await page.goto('/m/material/out');
  await expect(page).toHaveTitle('자재 출고 - eQMS');
  await expect(page.getByTestId('m-out-page')).toBeVisible();
  await expect(async () => {
    await wedgeScan(page, packageId);
    await expect(page.getByTestId('m-out-package')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('m-out-package')).toContainText('30 KG');
  await page.locator(`[data-testid=m-out-plan][data-plan-id="${plan.id}"]`).click();
  await expect(page.getByTestId('m-out-need')).toContainText('20 KG');
  await expect(page.getByTestId('m-out-qty')).toHaveValue('20');
  await page.getByTestId('m-out-qty').fill('6');
  await shot(page, 'm-material-out-kr-light');
  await page.getByTestId('m-out-submit').click();
  await expect(page.getByTestId('m-out-done-at-line')).toContainText('6 KG');

  // A wedge scan on the restock page: the one row at the line is chosen; 2 KG back.
  await page.goto('/m/material/re-in');
  await expect(page.getByTestId('m-rein-page')).toBeVisible();
  await expect(async () => {
    await wedgeScan(page, packageId);
    await expect(page.getByTestId('m-rein-row')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('m-rein-row')).toContainText('6 KG');
  await expect(page.getByTestId('m-rein-qty')).toHaveValue('6');
  await page.getByTestId('m-rein-qty').fill('2');
  await shot(page, 'm-material-re-in-kr-light');
  await page.getByTestId('m-rein-submit').click();
  await expect(page.getByTestId('m-rein-done-at-line')).toContainText('4 KG');

  // A package with nothing at a line: said so.
  const none = `${tag}-NONE`;
  await page.getByTestId('m-rein-again').click();
  await page.getByTestId('m-rein-scan').fill(none);
  await page.getByTestId('m-rein-scan').press('Enter');
  await expect(page.getByTestId('m-rein-none')).toContainText(`라인에 남은 자재가 없습니다 [${none}]`);
});
