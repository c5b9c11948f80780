import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { PHONE_360, postData, saveLocale, setTheme, shot, uniq } from './helpers';

// The warehouse on a phone with a scanner (issue 12): a 360 px phone receives its own material onto its own shelf by
// typing the codes on /m/material/in, finds the package on /m/material/stock by a keyboard-wedge scan (the keys
// typed fast, then Enter, away from any text box), sees its quantity and place, and is warned with the code in
// brackets for an unknown one, in Korean and in English. The scanner sheet opens without a camera, its decoder's
// .wasm is one of our own files, and no request leaves the server.

/** A site → factory → warehouse → shelf chain (the shelf with a code to scan) and a material, made for this test. */
async function makeWarehouse(request: APIRequestContext, token: string) {
  const tag = uniq('MB').toUpperCase();
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
    code: `${tag}-S`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const material = await postData(request, token, '/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 설탕`,
    type: 'RAW',
    unit: 'KG',
    shelfLifeDays: 30,
  });
  return { tag, shelf, material };
}

/** Requests that leave our server (a CDN, a font host…): none allowed. */
function watchOutside(page: Page) {
  const outside: string[] = [];
  const origin = new URL(BASE_URL).origin;
  page.on('request', (req) => {
    const url = req.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== origin) outside.push(url);
  });
  return outside;
}

/** A keyboard-wedge scan: the code typed as fast keys and Enter, with the focus on no text box. */
async function wedgeScan(page: Page, code: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text }).first();

test('receive on a phone by typing the codes, then find the package by a wedge scan', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  const { tag, shelf, material } = await makeWarehouse(request, token);
  const { page } = await signIn(workerAdmin, PHONE_360);
  const outside = watchOutside(page);

  // The drawer offers every phone screen this administrator may open.
  await page.goto('/m/material/in');
  await expect(page.getByTestId('mobile-shell')).toBeVisible();
  await expect(page).toHaveTitle('자재 입고 - eQMS');
  await page.getByTestId('mobile-menu-button').click();
  const menu = page.getByTestId('mobile-menu-items');
  await expect(menu.getByRole('menuitem')).toHaveText([
    '공지사항',
    '자재 재고',
    '자재 입고',
    '자재 출고',
    '자재 재입고',
    '제품 재고',
    '출하',
    '출하 정보',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mobile-menu')).toBeHidden();

  // 1. the material by its code, 2. the shelf by its code, 3. the quantity and supplier lot.
  await page.getByTestId('m-in-material-scan').fill(material.code);
  await page.getByTestId('m-in-material-scan').press('Enter');
  await expect(page.getByTestId('m-in-material')).toContainText(material.name);
  await page.getByTestId('m-in-shelf-scan').fill(shelf.code.toLowerCase());
  await page.getByTestId('m-in-shelf-scan').press('Enter');
  await expect(page.getByTestId('m-in-shelf')).toContainText(`${tag} 창고 / ${tag} 선반`);
  await expect(page.getByTestId('m-in-qty')).toBeFocused();
  await page.getByTestId('m-in-qty').fill('12.5');
  await page.getByTestId('m-in-supplier-lot').fill('SL-9');
  await shot(page, 'm-material-in-kr-light');
  await page.getByTestId('m-in-submit').click();
  const packageId = (await page.getByTestId('m-in-package-id').textContent())?.trim() ?? '';
  expect(packageId).toMatch(/^M\d{6}-[A-Z0-9]{6}$/);
  await expect(page.getByTestId('m-in-done')).toContainText('12.5 KG');
  await shot(page, 'm-material-in-done-kr-light');

  // A wedge scan of the package ID on the stock page: its quantity and place.
  await page.goto('/m/material/stock');
  await expect(page.getByTestId('m-stock-page')).toBeVisible();
  await expect(async () => {
    await wedgeScan(page, packageId);
    await expect(page.getByTestId('m-stock-detail')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`barcode=${packageId}$`));
  await expect(page.getByTestId('m-stock-detail-qty')).toHaveText('12.5 KG');
  await expect(page.getByTestId('m-stock-detail-place')).toContainText(`${tag} 선반`);
  await shot(page, 'm-material-stock-package-kr-light');

  // The material's code: its total and its packages in picking order.
  await expect(async () => {
    await wedgeScan(page, material.code);
    await expect(page.getByTestId('m-stock-material')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('m-stock-total')).toHaveText('12.5 KG');
  const row = page.locator(`[data-testid=m-stock-row][data-package-id="${packageId}"]`);
  await expect(row.getByTestId('m-stock-row-qty')).toHaveText('12.5 KG');
  await expect(row.getByTestId('m-stock-row-place')).toContainText(`${tag} 선반`);
  await shot(page, 'm-material-stock-material-kr-light');

  // An unknown code: the warning with the code in brackets, not "URL not found".
  const unknown = `${tag}-NOPE`;
  await expect(async () => {
    await wedgeScan(page, unknown);
    await expect(snackbar(page, `해당 바코드 정보가 없습니다 [${unknown}]`)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('요청한 URL을 찾을 수 없습니다')).toHaveCount(0);

  // In English, typed into the box.
  await saveLocale(request, token, 'en');
  await page.evaluate(() => localStorage.setItem('eqms.locale', 'en'));
  await page.goto('/m/material/stock');
  await expect(page).toHaveTitle('Material stock - eQMS');
  await page.getByTestId('m-stock-scan').fill(unknown);
  await page.getByTestId('m-stock-scan').press('Enter');
  await expect(snackbar(page, `No corresponding barcode information found [${unknown}]`)).toBeVisible();
  await expect(page.getByText('The requested URL could not be found.')).toHaveCount(0);
  // Empty: enter a search term.
  await page.getByTestId('m-stock-scan').fill('');
  await page.getByTestId('m-stock-scan-search').click();
  await expect(snackbar(page, 'Enter a search term.')).toBeVisible();
  await saveLocale(request, token, 'kr');

  expect(outside, 'requests that left our server').toEqual([]);
});

test('the scanner sheet opens without a camera, its decoder is ours, and a scan offers the actions', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  const { material } = await makeWarehouse(request, token);
  const { page } = await signIn(workerAdmin, PHONE_360);
  const outside = watchOutside(page);
  await page.goto('/m/notice');
  await expect(page.getByTestId('mobile-shell')).toBeVisible();

  await page.getByTestId('mobile-scan-button').click();
  await expect(page.getByTestId('scan-sheet')).toBeVisible();
  // No camera in this browser: it says so; the decoder's address is still set, and it is ours.
  const camera = page.getByTestId('scanner-camera');
  await expect(camera).toHaveAttribute('data-state', /unavailable|denied|failed/);
  const wasm = (await camera.getAttribute('data-wasm')) ?? '';
  const wasmUrl = new URL(wasm, BASE_URL);
  expect(wasmUrl.origin).toBe(new URL(BASE_URL).origin);
  expect(wasmUrl.pathname).toMatch(/^\/assets\/zxing_reader-[\w-]+\.wasm$/);
  const res = await request.get(wasmUrl.href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/wasm');
  await shot(page, 'm-scan-sheet-kr-light');

  // Empty manual entry: the warning; then the material's code: its stock and both actions.
  await page.getByTestId('scan-manual-search').click();
  await expect(snackbar(page, '검색어를 입력하세요.')).toBeVisible();
  await page.getByTestId('scan-manual').fill(material.code);
  await page.getByTestId('scan-manual').press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-type', 'MATERIAL');
  await expect(page.getByTestId('scan-result-name')).toHaveText(material.name);
  await expect(page.getByTestId('scan-action-materialStock')).toBeVisible();
  await shot(page, 'm-scan-result-kr-light');
  await page.getByTestId('scan-action-materialIn').click();
  await expect(page).toHaveURL(new RegExp(`/m/material/in\\?barcode=${material.code}$`));
  await expect(page.getByTestId('m-in-material')).toContainText(material.name);

  // A wedge scan away from the receiving steps' boxes (both chosen) opens the sheet with the result.
  await page.goto('/m/notice');
  await expect(page.getByTestId('m-notice-page')).toBeVisible();
  await expect(async () => {
    await wedgeScan(page, material.code);
    await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('scan-result-name')).toHaveText(material.name);

  expect(outside, 'requests that left our server').toEqual([]);
});

test('the phone screens in both languages and themes', async ({ signIn, workerAdmin, request, adminToken: token }) => {
  const { material } = await makeWarehouse(request, token);
  await postData(request, token, '/api/material-stock/ship-in', {
    materialId: material.id,
    qty: 30,
    locationId: (await makeWarehouse(request, token)).shelf.id,
  });
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['kr', 'en'] as const) {
      await setTheme(request, token, theme);
      await saveLocale(request, token, locale);
      const { page, context } = await signIn(workerAdmin, PHONE_360);
      await page.evaluate(() => undefined);
      await page.goto(`/m/material/stock?barcode=${material.code}`);
      await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('m-stock-row')).toHaveCount(1);
      await shot(page, `m-material-stock-${locale}-${theme}`);
      await page.goto(`/m/material/in?barcode=${material.code}`);
      await expect(page.getByTestId('m-in-material')).toBeVisible();
      await shot(page, `m-material-in-${locale}-${theme}`);
      await page.getByTestId('mobile-menu-button').click();
      await expect(page.getByTestId('mobile-menu-items')).toBeVisible();
      await shot(page, `m-menu-${locale}-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('mobile-scan-button').click();
      await page.getByTestId('scan-manual').fill(material.code);
      await page.getByTestId('scan-manual').press('Enter');
      await expect(page.getByTestId('scan-result')).toBeVisible();
      await shot(page, `m-scan-result-${locale}-${theme}`);
      await context.close();
    }
  }
  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');
});
