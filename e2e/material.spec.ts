import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, chooseOption, shot, uniq } from './helpers';

// The material master screen end to end (/material/material): a material created through the form with its
// supplier, found by search, by the name look-up and by barcode (an unknown barcode warns), edited, imported from
// Excel with a bad row fixed in the popup, deleted (single and bulk). Screenshots in Korean and English, light and
// dark. The supplier is made here through the partner API; nothing is taken from the demo.
test.describe.configure({ mode: 'serial' });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const rows = (page: Page) => page.getByTestId('material-table').locator('tr.ant-table-row');
const dialog = (page: Page) => page.getByTestId('material-form');
const formBody = (page: Page) => page.getByTestId('material-form-form');
const tag = uniq('mt').toUpperCase();
const barcode = `MB${Date.now()}`;
let token: string;
let supplier: { id: number; code: string; name: string };

async function search(page: Page, text: string) {
  const input = page.getByTestId('material-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

const choose = (page: Page, testId: string, option: string) => chooseOption(page, testId, option, { type: true });

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  supplier = await post(request, '/api/biz-partner', {
    code: `${tag}-SUP`,
    name: `${tag} 철강상사`,
    types: ['SUPPLIER'],
  });
});

test('create a material with its supplier, find it by search, name and barcode, edit it', async ({ page }) => {
  await page.goto('/material/material');
  await expect(page.getByTestId('page-materialInfo')).toBeVisible();

  await page.getByTestId('material-create').click();
  await expect(formBody(page)).toBeVisible();
  const f = dialog(page);
  await f.getByTestId('material-form-code').fill(`${tag}-1`);
  await f.getByTestId('material-form-name').fill(`${tag} 냉연강판`);
  await choose(page, 'material-form-type', '원자재');
  await choose(page, 'material-form-unit', '킬로그램');
  await f.getByTestId('material-form-specification').fill('SPCC 1.2t');
  await f.getByTestId('material-form-barcode').fill(barcode);
  await f.getByTestId('material-form-safetyStock').fill('1500.5');
  await choose(page, 'material-form-supplier', supplier.name);
  await shot(page, 'material-form-kr-light');
  await f.getByTestId('material-form-submit').click();
  await expect(snackbar(page, '저장되었습니다.')).toBeVisible();
  await expect(formBody(page)).toBeHidden();

  await search(page, `${tag}-1`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('원자재');
  await expect(rows(page).first()).toContainText(supplier.name);
  await expect(rows(page).first()).toContainText('1,500.5');

  // The look-up by name opens the material.
  const lookup = page.getByTestId('material-name-lookup').locator('input');
  await lookup.fill(`${tag} 냉연`);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await expect(formBody(page)).toBeVisible();
  await expect(dialog(page).getByTestId('material-form-code')).toHaveValue(`${tag}-1`);
  await dialog(page).getByTestId('material-form-cancel').click();
  await expect(formBody(page)).toBeHidden();

  // Barcode: unknown → the SPEC §8 warning with the code; known → the material opens, edited and saved.
  const scan = page.getByTestId('material-barcode');
  await scan.fill('NO-SUCH-MAT');
  await scan.press('Enter');
  await expect(snackbar(page, '해당 바코드 정보가 없습니다 [NO-SUCH-MAT]')).toBeVisible();
  await scan.fill(barcode);
  await scan.press('Enter');
  await expect(formBody(page)).toBeVisible();
  await dialog(page).getByTestId('material-form-name').fill(`${tag} 냉연강판 B`);
  await dialog(page).getByTestId('material-form-submit').click();
  await expect(formBody(page)).toBeHidden();
  await expect(rows(page).first()).toContainText(`${tag} 냉연강판 B`);
});

test('import materials from Excel with a bad row fixed in the popup', async ({ page }) => {
  await page.goto('/material/material');
  await page.getByTestId('material-import').click();
  const d = page.getByTestId('excel-import');
  const [download] = await Promise.all([page.waitForEvent('download'), d.getByTestId('excel-template').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const ws = wb.worksheets[0];
  const keys = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const put = (r: number, values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) ws.getRow(r).getCell(keys.indexOf(key) + 1).value = value;
  };
  put(3, { code: `${tag}-X1`, name: '포장 박스', type: '포장재', unit: 'BOX', supplier: supplier.code });
  put(4, { code: `${tag}-X2`, name: '볼트 M6', type: 'SUB', unit: 'EA', safetyStock: '-5' });
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await d.locator('input[type="file"]').setInputFiles({ name: 'materials.xlsx', mimeType: XLSX_MIME, buffer });
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 1행');
  await expect(d.getByTestId('excel-row-errors-4')).toContainText('안전 재고: 0 이상이어야 합니다.');
  await shot(page, 'material-import-kr-light');
  await d.getByTestId('excel-cell-4-safetyStock').click();
  const editor = d.getByTestId('excel-cell-editor');
  await editor.fill('50');
  await editor.press('Enter');
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 0행');
  await d.getByTestId('excel-save').click();
  await expect(snackbar(page, '2행을 저장했습니다.')).toBeVisible();

  await search(page, `${tag}-X`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: '포장 박스' })).toContainText(supplier.name);
  await choose(page, 'material-type-filter', '부자재');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/type=SUB/);
});

test('delete a material (single) and materials (bulk)', async ({ page }) => {
  await page.goto(`/material/material?q=${tag}`);
  await expect(rows(page)).toHaveCount(3);
  await page.getByTestId(`material-delete-${tag}-1`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(snackbar(page, '삭제되었습니다.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  for (const row of await rows(page).all()) await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('material-table-delete-selected').click();
  await page.getByTestId('confirm-ok').click();
  await expect(rows(page)).toHaveCount(0);
});

test('screenshots: the list and the form in Korean and English, light and dark', async ({ page, request }) => {
  const shotTag = uniq('MS').toUpperCase();
  await post(request, '/api/material/materials', [
    {
      code: `${shotTag}-01`,
      name: '냉연강판 1.2t',
      type: 'RAW',
      unit: 'KG',
      safetyStock: 2000,
      supplierId: supplier.id,
      barcode: `${shotTag}B1`,
      specification: 'SPCC 1219x2438',
    },
    { code: `${shotTag}-02`, name: '골판지 박스', type: 'PACKAGING', unit: 'BOX', safetyStock: 300 },
  ]);
  await page.goto(`/material/material?q=${shotTag}`);

  await expect(rows(page)).toHaveCount(2);
  await shot(page, `material-list-kr-light`);
  await page.getByTestId(`material-edit-${shotTag}-01`).click();
  await expect(formBody(page)).toBeVisible();
  await shot(page, `material-edit-kr-light`);
  await dialog(page).getByTestId('material-form-cancel').click();
  await expect(formBody(page)).toBeHidden();
});
