import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, chooseOption, shot, uniq, visibleDropdown } from './helpers';

// The products screen end to end (/baseinfo/productInfo): a product created through the form with a design image
// (previewed, then shown in the list), found by search and by barcode (an unknown barcode warns with the code),
// edited, a too-large image refused in the browser, products imported from an Excel file with a bad row fixed in
// the popup, the filtered list exported by the server, products deleted (single and bulk). Screenshots in Korean
// and English, light and dark. Data is made here, never taken from the demo.
test.describe.configure({ mode: 'serial' });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A 48×32 PNG drawing of a bracket (blue on white). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAUElEQVR42mPQGGSAAYi/fv81SNCog0YdREsHSZZdQkZUsY+gmaMOGnXQSHYQLdCog0YdNKAOGs32ow4addCog0YdNOgcNNoNGnUQCQ4aVAAAEaH744gqrSMAAAAASUVORK5CYII=',
  'base64',
);
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const rows = (page: Page) => page.getByTestId('product-table').locator('tr.ant-table-row');
const form = (page: Page) => page.getByTestId('product-form');
/** The form inside the dialog: visible exactly while the dialog is open. */
const formBody = (page: Page) => page.getByTestId('product-form-form');
const tag = uniq('pd').toUpperCase();
const barcode = `880${Date.now()}`;
let token: string;

async function search(page: Page, text: string) {
  const input = page.getByTestId('product-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

async function api(request: APIRequestContext, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
});

test('create a product with a design image, find it by search and by barcode, edit it', async ({ page, request }) => {
  await page.goto('/baseinfo/productInfo');
  await expect(page.getByTestId('page-productInfo')).toBeVisible();

  await page.getByTestId('product-create').click();
  const f = form(page);
  await expect(formBody(page)).toBeVisible();
  await f.getByTestId('product-form-code').fill(`${tag}-1`);
  await f.getByTestId('product-form-name').fill('브래킷 조립품');
  await chooseOption(page, 'product-form-type', '반제품');
  await chooseOption(page, 'product-form-unit', '박스');
  await f.getByTestId('product-form-specification').fill('120x80');
  await f.getByTestId('product-form-barcode').fill(barcode);
  await f.getByTestId('product-form-lotQty').fill('250.5');
  // A required field left empty is refused by the form before anything is sent.
  await f.getByTestId('product-form-name').fill('');
  await f.getByTestId('product-form-submit').click();
  await expect(f.locator('.ant-form-item-explain-error').filter({ hasText: '필수 입력 항목입니다.' })).toBeVisible();
  await f.getByTestId('product-form-name').fill('브래킷 조립품');
  await f.getByTestId('product-form-safetyStock').fill('40');
  // The shelf life: whole days with its unit, optional, and what empty means.
  const shelfLife = f.getByTestId('product-form-shelfLifeDays');
  const shelfLifeItem = f.locator('.ant-form-item', { has: page.getByTestId('product-form-shelfLifeDays') });
  await expect(shelfLifeItem).toContainText('유통기한(일)');
  await expect(shelfLifeItem).toContainText('비워 두면 유통기한 없음');
  await expect(shelfLifeItem.locator('.ant-input-number-suffix')).toHaveText('일');
  await shelfLife.fill('90');

  // A file over 2 MB is refused in the browser with the size message; an image is previewed before saving.
  const input = f.getByTestId('product-image-field').locator('input[type="file"]');
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10) });
  await expect(snackbar(page, '파일 크기는 2MB 이하여야 합니다.')).toBeVisible();
  await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(snackbar(page, '이미지만 업로드할 수 있습니다.')).toBeVisible();
  await input.setInputFiles({ name: '도면.png', mimeType: 'image/png', buffer: PNG });
  await expect(f.getByTestId('product-image-hint')).toContainText('도면.png');
  await expect(f.getByTestId('product-image-preview')).toBeVisible();
  await shot(page, 'product-form-kr-light');
  await f.getByTestId('product-form-submit').click();
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(formBody(page)).toBeHidden();

  const [saved] = await api(request, 'get', `/api/product/products?q=${tag}-1`);
  expect(saved).toMatchObject({
    type: 'SEMI',
    unit: 'BOX',
    lotQty: 250.5,
    safetyStock: 40,
    shelfLifeDays: 90,
    designImageName: '도면.png',
  });

  await search(page, `${tag}-1`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('반제품');
  await expect(rows(page).first()).toContainText('박스');
  await expect(page.getByTestId('product-table').locator('th', { hasText: '유통기한(일)' }).first()).toBeVisible();
  await expect(rows(page).first().locator('td', { hasText: /^90$/ })).toHaveCount(1);
  await expect(page.getByTestId(`product-image-${tag}-1`)).toBeVisible();
  // The type filter lives in the URL with the search.
  await chooseOption(page, 'product-type-filter', '완제품');
  await expect(rows(page)).toHaveCount(0);
  await expect(page).toHaveURL(/type=FINISHED/);
  await page.reload();
  await expect(page.getByTestId('product-search').locator('input')).toHaveValue(`${tag}-1`);
  await chooseOption(page, 'product-type-filter', '반제품');
  await expect(rows(page)).toHaveCount(1);

  // Barcode: an unknown code warns (SPEC §8) with the code in brackets; the product's barcode opens it.
  const scan = page.getByTestId('product-barcode');
  await scan.fill('NO-SUCH-CODE');
  await scan.press('Enter');
  await expect(snackbar(page, '해당 바코드 정보가 없습니다 [NO-SUCH-CODE]')).toBeVisible();
  await scan.fill(barcode);
  await scan.press('Enter');
  await expect(formBody(page)).toBeVisible();
  await expect(form(page).getByTestId('product-form-code')).toHaveValue(`${tag}-1`);
  await expect(form(page).getByTestId('product-image-preview')).toBeVisible();
  await expect(form(page).getByTestId('product-image-download')).toBeVisible();

  await expect(form(page).getByTestId('product-form-shelfLifeDays')).toHaveValue('90');

  // Edit: a new name, the shelf life emptied (no expiry); the download gives the stored image.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form(page).getByTestId('product-image-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('도면.png');
  await form(page).getByTestId('product-form-name').fill('브래킷 조립품 B');
  await form(page).getByTestId('product-form-shelfLifeDays').fill('');
  await form(page).getByTestId('product-form-submit').click();
  await expect(formBody(page)).toBeHidden();
  await expect(rows(page).first()).toContainText('브래킷 조립품 B');
  expect((await api(request, 'get', `/api/product/products?q=${tag}-1`))[0].shelfLifeDays).toBeNull();

  // The image removed through the form.
  await page.getByTestId(`product-edit-${tag}-1`).click();
  await form(page).getByTestId('product-image-remove').click();
  await expect(form(page).getByTestId('product-image-hint')).toHaveText('저장하면 이미지가 삭제됩니다.');
  await form(page).getByTestId('product-form-submit').click();
  await expect(formBody(page)).toBeHidden();
  await expect(page.getByTestId(`product-image-${tag}-1`)).toHaveCount(0);
});

test('import products from Excel with a bad row fixed in the popup, export the filtered list', async ({
  page,
  request,
}) => {
  await page.goto('/baseinfo/productInfo');
  await page.getByTestId('product-import').click();
  const d = page.getByTestId('excel-import');
  const [download] = await Promise.all([page.waitForEvent('download'), d.getByTestId('excel-template').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  const keys = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const put = (r: number, values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) ws.getRow(r).getCell(keys.indexOf(key) + 1).value = value;
  };
  put(3, { code: `${tag}-X1`, name: '가공 샤프트', type: '완제품', unit: 'EA', lotQty: '100', shelfLifeDays: '365' });
  put(4, { code: `${tag}-X2`, name: '하우징', type: '없는유형', unit: 'Kilogram', packQty: '12' });
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await d.locator('input[type="file"]').setInputFiles({ name: 'products.xlsx', mimeType: XLSX_MIME, buffer });
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 1행');
  await expect(d.getByTestId('excel-row-errors-4')).toContainText('제품 유형: 찾을 수 없는 값입니다: 없는유형');
  await expect(d.getByTestId('excel-save')).toBeDisabled();
  await shot(page, 'product-import-kr-light');

  const bad = d.getByTestId('excel-cell-4-type');
  await bad.click();
  // A coded column is edited with a select of its allowed values.
  await expect(d.getByTestId('excel-cell-editor')).toBeVisible();
  await page.keyboard.type('SEMI');
  // Enter picks the highlighted option (a click can land while the dropdown is still moving in).
  await expect(visibleDropdown(page).locator('.ant-select-item-option-active', { hasText: /^SEMI$/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 0행');
  await d.getByTestId('excel-save').click();
  await expect(snackbar(page, '2행을 저장했습니다.')).toBeVisible();
  await expect(d).toBeHidden();

  await search(page, `${tag}-X`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: '하우징' })).toContainText('반제품');
  // The shelf life column of the file: 365 days for the shaft, none for the housing.
  const imported = await api(request, 'get', `/api/product/products?q=${tag}-X`);
  expect(imported.map((p: { code: string; shelfLifeDays: number | null }) => [p.code, p.shelfLifeDays])).toEqual([
    [`${tag}-X1`, 365],
    [`${tag}-X2`, null],
  ]);

  // The server export of the filtered list (search + type).
  await chooseOption(page, 'product-type-filter', '반제품');
  await expect(rows(page)).toHaveCount(1);
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('product-table-export').click(),
  ]);
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(await exported.path());
  const sheet = out.worksheets[0];
  expect(sheet.actualRowCount).toBe(3);
  expect(String(sheet.getRow(3).getCell(1).value)).toBe(`${tag}-X2`);
});

test('delete a product (single) and products (bulk)', async ({ page }) => {
  await page.goto(`/baseinfo/productInfo?q=${tag}`);
  await expect(rows(page)).toHaveCount(3);

  await page.getByTestId(`product-delete-${tag}-1`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(snackbar(page, '삭제되었습니다.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  for (const row of await rows(page).all()) await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('product-table-delete-selected').click();
  await page.getByTestId('confirm-ok').click();
  await expect(rows(page)).toHaveCount(0);
});

test('screenshots: the list and the form in Korean and English, light and dark', async ({ page, request }) => {
  const shotTag = uniq('PS').toUpperCase();
  await api(request, 'post', '/api/product/products', [
    {
      code: `${shotTag}-01`,
      name: '브래킷 완제품',
      type: 'FINISHED',
      unit: 'EA',
      lotQty: 500,
      safetyStock: 120,
      shelfLifeDays: 365,
      barcode: `${shotTag}B1`,
    },
    {
      code: `${shotTag}-02`,
      name: '샤프트 반제품',
      type: 'SEMI',
      unit: 'KG',
      packQty: 24.5,
      specification: 'Ø20 x 300',
    },
  ]);
  const [first] = await api(request, 'get', `/api/product/products?q=${shotTag}-01`);
  await request.put(`/api/product/products/${first.id}/design-image`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'bracket.png', mimeType: 'image/png', buffer: PNG } },
  });
  await page.goto(`/baseinfo/productInfo?q=${shotTag}`);

  await expect(rows(page)).toHaveCount(2);
  await shot(page, 'product-list-kr-light');
  // The list's image indicator opens the preview of the design image.
  await page.getByTestId(`product-image-${shotTag}-01`).click();
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await shot(page, 'product-image-preview');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview-img')).toBeHidden();
  await page.getByTestId(`product-edit-${shotTag}-01`).click();
  await expect(form(page).getByTestId('product-image-preview')).toBeVisible();
  await shot(page, `product-edit-kr-light`);
  await form(page).getByTestId('product-form-cancel').click();
  await expect(formBody(page)).toBeHidden();
});
