import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { applyVariant, shot, uniq, visibleDropdown } from './helpers';

// The BOM screen end to end: products and materials made through the API, a 3-level BOM built on the screen,
// required quantities for a production quantity, Excel export of the exploded BOM, a refused cycle with its path,
// copy (with the replace confirmation) and delete.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();

type Ref = { id: number; code: string; name: string };

async function createProduct(request: APIRequestContext, token: string, name: string, type: string): Promise<Ref> {
  const code = uniq('BP').toUpperCase();
  const res = await request.post('/api/product/product', {
    headers: auth(token),
    data: { code, name, type, unit: 'EA', specification: `${type} spec` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}
async function createMaterial(request: APIRequestContext, token: string, name: string, unit: string): Promise<Ref> {
  const code = uniq('BM').toUpperCase();
  const res = await request.post('/api/material/material', {
    headers: auth(token),
    data: { code, name, type: 'RAW', unit },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** Selects a product in the left list (searched by its code). */
async function selectProduct(page: Page, p: Ref) {
  await page.getByTestId('bom-product-search').locator('input').fill(p.code);
  await page.getByTestId('bom-product-search').locator('input').press('Enter');
  await page.getByTestId('bom-product-table').getByText(p.code, { exact: true }).click();
  await expect(page.getByTestId('bom-title')).toContainText(p.code);
}

const treeRow = (page: Page, code: string) =>
  page
    .getByTestId('bom-tree')
    .locator('tr.ant-table-row')
    .filter({ has: page.getByText(code, { exact: true }) });

/** Fills the add-line dialog: kind, the item picked by code, qty and loss rate. */
async function fillLine(page: Page, kind: 'PRODUCT' | 'MATERIAL', item: Ref, qty: string, loss?: string) {
  const form = page.getByTestId('bom-line-form-form');
  await expect(form).toBeVisible();
  await form
    .getByTestId('bom-line-kind')
    .locator('label', { has: page.locator(`input[value=${kind}]`) })
    .click();
  const select: Locator = form.getByTestId('bom-line-child');
  // Typed, then picked from the results; retried until the field shows it, as the search answers after a pause and
  // a pick from the list before it can be undone by the switch of kind above.
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(item.code);
    await visibleDropdown(page).locator(`[data-code="${item.code}"]`).click({ timeout: 2000 });
    await expect(select).toContainText(item.code, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await form.getByTestId('bom-line-qty').fill(qty);
  if (loss) await form.getByTestId('bom-line-loss').fill(loss);
}

async function submitLine(page: Page) {
  await page.getByTestId('bom-line-form-submit').click();
  await expect(page.getByTestId('bom-line-form-form')).toBeHidden();
}

test('build a 3-level BOM, see requirements, export, refuse a cycle, copy and delete', async ({
  page,
  request,
  adminToken: token,
}) => {
  // Eleven lines, an export, a copy and deletes: 34 s on a quiet machine, past 60 s beside the look-through.
  test.setTimeout(120_000);
  const a = await createProduct(request, token, 'E2E 완제품 A', 'FINISHED');
  const b = await createProduct(request, token, 'E2E 반제품 B', 'SEMI');
  const c = await createProduct(request, token, 'E2E 반제품 C', 'SEMI');
  const target = await createProduct(request, token, 'E2E 복사 대상', 'FINISHED');
  const m1 = await createMaterial(request, token, 'E2E 자재 M1', 'KG');
  const m2 = await createMaterial(request, token, 'E2E 자재 M2', 'EA');
  // B → M1 ×1.5 (20 %) through the API; the rest on the screen.
  const viaApi = await request.post('/api/bom/material', {
    headers: auth(token),
    data: { parentProductId: b.id, materialId: m1.id, qty: 1.5, lossRate: 20 },
  });
  expect(viaApi.status()).toBe(200);

  await page.goto('/bom');
  await expect(page.getByTestId('page-bom')).toBeVisible();
  await selectProduct(page, a);

  // A → B ×2 (10 %), A → M1 ×3.
  await page.getByTestId('bom-add-root').click();
  await fillLine(page, 'PRODUCT', b, '2', '10');
  await submitLine(page);
  await page.getByTestId('bom-add-root').click();
  await fillLine(page, 'MATERIAL', m1, '3');
  await submitLine(page);
  // B → C ×4 (5 %) and C → M2 ×0.25 from the tree rows.
  await treeRow(page, b.code).getByTestId('bom-row-add').click();
  await fillLine(page, 'PRODUCT', c, '4', '5');
  await submitLine(page);
  await treeRow(page, c.code).getByTestId('bom-row-add').click();
  await fillLine(page, 'MATERIAL', m2, '0.25');
  await submitLine(page);

  // Levels and quantities for 10 units: B 10 × 2 × 1.1 = 22; C 22 × 4 × 1.05 = 92.4; M2 92.4 × 0.25 = 23.1.
  await page.getByTestId('bom-production-qty').fill('10');
  await expect(treeRow(page, b.code).getByTestId('bom-row-required')).toHaveText('22');
  await expect(treeRow(page, c.code).getByTestId('bom-row-required')).toHaveText('92.4');
  await expect(treeRow(page, m2.code).getByTestId('bom-row-required')).toHaveText('23.1');
  // M1 is reached twice (A directly: 30; through B: 22 × 1.5 × 1.2 = 39.6) and rolls up to 69.6.
  const req = page.getByTestId('bom-requirements');
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-required')).toHaveText('69.6');
  await expect(req.locator('tr', { hasText: m2.code }).getByTestId('bom-req-required')).toHaveText('23.1');
  // Stock is tracked (the warehouse answers): new materials have none, so both are short by their requirement.
  await expect(page.getByTestId('bom-stock-not-tracked')).toHaveCount(0);
  await expect(page.getByTestId('bom-stock-insufficient')).toBeVisible();
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-stock')).toHaveText('0');
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-shortage')).toHaveText('69.6');
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-insufficient')).toBeVisible();

  // Collapse all hides the deeper levels; expand all shows them again.
  await page.getByTestId('bom-collapse-all').click();
  await expect(treeRow(page, c.code)).toHaveCount(0);
  await page.getByTestId('bom-expand-all').click();
  await expect(treeRow(page, m2.code)).toBeVisible();

  // Excel export of the exploded BOM: one row per node, the required quantities for 10.
  const download = page.waitForEvent('download');
  await page.getByTestId('bom-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^BOM_${a.code}_.*\\.xlsx$`));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
  // The header, then the nodes depth first: B, M1 (under B, added first), C, M2, then M1 under A.
  expect(rows).toHaveLength(1 + 5);
  const body = rows.slice(1);
  expect(body.map((r) => r[1])).toEqual([1, 2, 2, 3, 1]);
  expect(body.map((r) => String(r[3]).trim())).toEqual([b.code, m1.code, c.code, m2.code, m1.code]);
  expect(body.map((r) => r[r.length - 1])).toEqual([22, 39.6, 92.4, 23.1, 30]);

  await expect(page.getByTestId('bom-title')).toContainText(a.code);
  await page.getByTestId('bom-production-qty').fill('10');
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-required')).toHaveText('69.6');
  await shot(page, `bom-tree-kr-light`);

  // A cycle: A under C (A → B → C) is refused with its path.
  for (const locale of ['kr', 'en'] as const) {
    await applyVariant(page, request, token, { locale, theme: 'light' });
    await treeRow(page, c.code).getByTestId('bom-row-add').click();
    await fillLine(page, 'PRODUCT', a, '1');
    await page.getByTestId('bom-line-form-submit').click();
    const alert = page.getByTestId('bom-cycle-alert');
    await expect(alert).toContainText(`${a.code} → ${b.code} → ${c.code} → ${a.code}`);
    await expect(alert).toContainText(locale === 'kr' ? '자기 자신을 포함' : 'cannot contain itself');
    await shot(page, `bom-cycle-${locale}-light`);
    await page.getByTestId('bom-line-form-cancel').click();
  }

  // Edit a line: M1 under A becomes 4 per unit → 40 + 39.6 = 79.6 for 10.
  await page.getByTestId('bom-production-qty').fill('10');
  const m1Rows = page.getByTestId('bom-tree').locator('tr.ant-table-row.ant-table-row-level-0', { hasText: m1.code });
  await m1Rows.getByTestId('bom-row-edit').click();
  await page.getByTestId('bom-line-form-form').getByTestId('bom-line-qty').fill('4');
  await submitLine(page);
  await expect(req.locator('tr', { hasText: m1.code }).getByTestId('bom-req-required')).toHaveText('79.6');

  // Copy A's BOM to the target, then again (the target has one now: replace after confirming).
  await page.getByTestId('bom-copy').click();
  const copyForm = page.getByTestId('bom-copy-form-form');
  await copyForm.getByTestId('bom-copy-target').click();
  await page.keyboard.type(target.code);
  await visibleDropdown(page).locator(`[data-code="${target.code}"]`).click();
  await shot(page, 'bom-copy-en-light');
  await page.getByTestId('bom-copy-form-submit').click();
  await expect(copyForm).toBeHidden();
  await page.getByTestId('bom-copy').click();
  await copyForm.getByTestId('bom-copy-target').click();
  await page.keyboard.type(target.code);
  await visibleDropdown(page).locator(`[data-code="${target.code}"]`).click();
  await page.getByTestId('bom-copy-form-submit').click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await shot(page, 'bom-copy-replace-en-light');
  await page.getByTestId('confirm-ok').click();
  await expect(copyForm).toBeHidden();
  await selectProduct(page, target);
  await expect(treeRow(page, b.code)).toBeVisible();
  await expect(treeRow(page, m2.code)).toBeVisible();
  await expect(page.getByTestId('bom-where-used')).not.toContainText(a.code);

  // Delete one line, then the whole BOM of the target.
  await page
    .getByTestId('bom-tree')
    .locator('tr.ant-table-row-level-0', { hasText: m1.code })
    .getByTestId('bom-row-delete')
    .click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('bom-tree').locator('tr.ant-table-row-level-0', { hasText: m1.code })).toHaveCount(0);
  await page.getByTestId('bom-delete-all').click();
  await page.getByTestId('confirm-ok').click();
  await expect(treeRow(page, b.code)).toHaveCount(0);
  await expect(snackbar(page, /Deleted|삭제/)).toBeVisible();

  // B is used in A (where-used).
  await selectProduct(page, b);
  await expect(page.getByTestId('bom-where-used')).toContainText(a.code);
});
