import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { demoDrawingPng } from '../apps/server/src/db/seed/demo-drawing.ts';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, setLocale, shot } from './helpers';
import { auth, makeProductionWorld } from './production-world';

// Inspection reports and test reports (issue 15: /quality/report/inspection-report, /report/inspect). A product with a
// FINAL standard, a hand-added lot and its passing final inspection are made through the API. An inspection report is
// issued from that result through the dialog, found in the list, downloaded as PDF (%PDF) through the generic report
// route, edited and deleted after confirming. A test report on the product (given a drawing as its design image) takes
// the result's items, shows the drawing, downloads as PDF, and is deleted in bulk. Korean, then one English check.

async function saved(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await (file as Download).path())!);
}

async function world(request: Parameters<typeof makeProductionWorld>[0], token: string) {
  const w = await makeProductionWorld(request, token, { prefix: 'IR' });
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C`,
    name: `${w.tag} 상사`,
    types: ['CUSTOMER'],
  });
  const lot = await postData<{ lotId: string; lotRowId: number }>(request, token, '/api/productstock/stock-add', {
    productId: w.product.id,
    locationId: w.shelf.id,
    qty: 40,
  });
  const [item] = await postData<{ id: number }[]>(request, token, '/api/product-quality', {
    productId: w.product.id,
    name: '외경',
    method: '버니어 캘리퍼스',
    unit: 'mm',
    kind: 'NUMBER',
    target: 20,
    lsl: 19.9,
    usl: 20.1,
    sampleSize: 3,
    stage: 'FINAL',
  });
  const result = await postData<{ id: number }>(request, token, '/api/product-quality-result', {
    lotId: lot.lotId,
    items: [{ standardId: item.id, samples: [{ value: 20.02 }, { value: 19.98 }, { value: 20.05 }] }],
  });
  return { w, customer, lot, result };
}

const rowOf = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tr.ant-table-row', { hasText: text });

async function search(page: Page, testId: string, text: string) {
  const box = page.getByTestId(testId).locator('input');
  await box.fill(text);
  await box.press('Enter');
}

test('inspection report: issue from a result, list, PDF, edit, delete; English', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const { w, customer, lot, result } = await world(request, token);
  // The demo factory has its two inspection reports.
  const demo = await request.get('/api/inspection-report/inspection-reports', { headers: auth(token) });
  expect(((await demo.json()).data as unknown[]).length).toBeGreaterThanOrEqual(2);

  await page.goto('/quality/report/inspection-report');
  await expect(page.getByTestId('page-title')).toHaveText('검사 성적서');
  await expect(page.getByTestId('inspection-report-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'inspection-report-list-kr');

  await page.getByTestId('inspection-report-create').click();
  await expect(page.getByTestId('inspection-report-lot-id')).toBeVisible();
  await chooseOption(page, 'inspection-report-customer', customer.name, { type: true });
  await chooseOption(page, 'inspection-report-product', w.product.code, { type: true });
  await page.getByTestId('inspection-report-lot-id').fill(lot.lotId.toLowerCase());
  await page.getByTestId('inspection-report-qty').fill('40');
  await chooseOption(page, 'inspection-report-results', `#${result.id} `);
  await page.getByTestId('inspection-report-approver').fill('한과장');
  await page.getByTestId('inspection-report-remarks').fill(`${w.tag} 출하 검사`);
  await shot(page, 'inspection-report-dialog-kr');
  await page.getByTestId('inspection-report-dialog-submit').click();
  await expect(page.getByTestId('inspection-report-lot-id')).toBeHidden();

  await search(page, 'inspection-report-search', lot.lotId);
  const row = rowOf(page, 'inspection-report-table', lot.lotId);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId(/^inspection-report-judgement-/)).toHaveText('합격');
  await expect(row).toContainText(customer.name);
  await shot(page, 'inspection-report-found-kr');

  const pdf = await saved(page, () => row.getByTestId(/^inspection-report-pdf-/).click());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const xlsx = await saved(page, () => row.getByTestId(/^inspection-report-excel-/).click());
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');

  // Edit: the quantity changes, the number stays.
  const reportNo = (await row.locator('td').nth(1).textContent())?.trim() ?? '';
  await row.getByTestId(/^inspection-report-edit-/).click();
  await expect(page.getByTestId('inspection-report-qty')).toHaveValue('40');
  await page.getByTestId('inspection-report-qty').fill('35');
  await page.getByTestId('inspection-report-dialog-submit').click();
  await expect(page.getByTestId('inspection-report-qty')).toBeHidden();
  await expect(row).toContainText('35');
  if (reportNo) await expect(row).toContainText(reportNo);

  // English.
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Inspection reports');
  await expect(row.getByTestId(/^inspection-report-judgement-/)).toHaveText('Pass');
  await shot(page, 'inspection-report-list-en');
  await setLocale(page, request, token, 'kr');

  // Delete after confirming.
  await row.getByTestId(/^inspection-report-delete-/).click();
  await confirmOk(page);
  await expect(row).toHaveCount(0);
});

test('test report: the result’s items, the product’s design image, PDF; bulk delete', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const { w, lot, result } = await world(request, token);
  const put = await request.put(`/api/product/products/${w.product.id}/design-image`, {
    headers: auth(token),
    multipart: { file: { name: 'drawing.png', mimeType: 'image/png', buffer: demoDrawingPng() } },
  });
  expect(put.status()).toBe(200);

  await page.goto('/report/inspect');
  await expect(page.getByTestId('page-title')).toHaveText('시험 성적서');
  for (const n of [1, 2]) {
    await page.getByTestId('test-report-create').click();
    await expect(page.getByTestId('test-report-lot-id')).toBeVisible();
    await chooseOption(page, 'test-report-product', w.product.code, { type: true });
    await page.getByTestId('test-report-lot-id').fill(lot.lotId);
    await chooseOption(page, 'test-report-result', `#${result.id} `);
    await page.getByTestId('test-report-remarks').fill(`${w.tag} 시험 ${n}`);
    if (n === 1) await shot(page, 'test-report-dialog-kr');
    await page.getByTestId('test-report-dialog-submit').click();
    await expect(page.getByTestId('test-report-lot-id')).toBeHidden();
  }

  await search(page, 'test-report-search', lot.lotId);
  const rows: Locator = page.getByTestId('test-report-table').locator('tr.ant-table-row', { hasText: lot.lotId });
  await expect(rows).toHaveCount(2);
  const first = rows.first();
  await expect(first.getByTestId(/^test-report-judgement-/)).toHaveText('합격');
  await shot(page, 'test-report-list-kr');

  // The items came from the result: the edit dialog shows them.
  await first.getByTestId(/^test-report-edit-/).click();
  await expect(page.getByTestId('test-report-item-name-0')).toHaveValue('외경');
  await expect(page.getByTestId('test-report-item-value-0')).toHaveValue('20.02, 19.98, 20.05');
  await shot(page, 'test-report-edit-kr');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('test-report-item-name-0')).toBeHidden();

  // The design image of the product.
  await first.getByTestId(/^test-report-design-/).click();
  const img = page.getByTestId('test-report-design-image');
  await expect(img).toBeVisible();
  await expect(img).toHaveJSProperty('complete', true);
  await shot(page, 'test-report-design-kr');
  await page.keyboard.press('Escape');
  await expect(img).toBeHidden();

  const pdf = await saved(page, () => first.getByTestId(/^test-report-pdf-/).click());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/Subtype /Image');

  // Both, in one delete after confirming.
  await page.getByTestId('test-report-table').locator('thead .ant-checkbox-input').check();
  await page.getByTestId('test-report-table-delete-selected').click();
  await confirmOk(page);
  await expect(rows).toHaveCount(0);
});
