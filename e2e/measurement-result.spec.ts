import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, seoulDay } from './production-world';

// Measurement results (issue 15, /quality/product/measurementResult): a product with final items (외경 24.9 … 25.1 mm,
// 2 samples; 외관 OK/NG) and a hand-added lot, made through the API. A CSV with a sample out of range is refused row
// by row in the preview (Save stays off); the fixed file previews clean and is saved; the drawer shows the values and
// downloads the original bytes; the list holds it; a second result (through the API) and it are deleted together after
// confirming. Then one look in English (dark).

const rowOf = (page: Page, text: string) => page.getByTestId('mr-table').locator('tr.ant-table-row', { hasText: text });
const csv = (lines: string[][]) => Buffer.from(`\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`, 'utf8');

test('upload a measurement file: errors per row, fix, save, detail, download, bulk delete; English', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'MR' });
  const items = await request.post('/api/product-quality', {
    headers: auth(token),
    data: [
      {
        productId: w.product.id,
        stage: 'FINAL',
        name: '외경',
        unit: 'mm',
        kind: 'NUMBER',
        lsl: 24.9,
        usl: 25.1,
        target: 25,
        sampleSize: 2,
        sort: 1,
      },
      { productId: w.product.id, stage: 'FINAL', name: '외관', kind: 'PASS_FAIL', sampleSize: 1, sort: 2 },
    ],
  });
  expect(items.status()).toBe(200);
  const lot = await postData<{ lotId: string }>(request, token, '/api/productstock/stock-add', {
    productId: w.product.id,
    locationId: w.shelf.id,
    qty: 20,
  });
  const at = `${seoulDay()} 10:15`;
  const bad = csv([
    ['항목', '시료', '측정값', '측정일시'],
    ['외경', '1', '25.02', at],
    ['외경', '3', '25.01', at],
    ['외관', '1', 'OK', at],
  ]);
  const good = csv([
    ['항목', '시료', '측정값', '측정일시'],
    ['외경', '1', '25.02', at],
    ['외경', '2', '25.16', at],
    ['외관', '1', 'OK', at],
  ]);

  await page.goto('/quality/product/measurementResult');
  await expect(page.getByTestId('page-title')).toHaveText('측정 결과');
  await shot(page, 'measurement-list-kr-light');

  // The dialog shows the one layout; a file with an error is refused on its row, Save stays off.
  await page.getByTestId('mr-upload').click();
  const dialog = page.getByTestId('mr-upload-dialog');
  await expect(dialog.getByTestId('mr-layout')).toContainText('항목 | Item');
  await chooseOption(page, 'mr-upload-product', w.product.code, { type: true });
  await page.getByTestId('mr-upload-lot').fill(lot.lotId.toLowerCase());
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cmm-bad.csv', mimeType: 'text/csv', buffer: bad });
  await expect(page.getByTestId('mr-preview-error-3')).toHaveText('시료 번호는 1부터 2(항목의 시료 수)까지입니다.');
  await expect(page.getByTestId('mr-preview-invalid')).toContainText('오류 1행');
  await expect(page.getByTestId('mr-preview-judgement-2')).toHaveText('합격');
  await expect(page.getByTestId('mr-upload-save')).toBeDisabled();
  await shot(page, 'measurement-upload-error-kr-light');

  // The fixed file: no error, one value over the USL, so the whole is NG; saved.
  await dialog.locator('input[type=file]').setInputFiles({ name: '외경-측정.csv', mimeType: 'text/csv', buffer: good });
  await expect(page.getByTestId('mr-preview-judgement')).toHaveText('불합격');
  await expect(page.getByTestId('mr-preview-judgement-3')).toHaveText('불합격');
  await expect(page.getByTestId('mr-preview-invalid')).toHaveCount(0);
  await shot(page, 'measurement-upload-ok-kr-light');
  await page.getByTestId('mr-upload-save').click();
  await expect(dialog).toBeHidden();

  // The saved result opens in the drawer: values per item and sample, red out of the limits.
  const drawer = page.getByTestId('mr-detail');
  await expect(drawer.getByTestId('mr-detail-judgement')).toHaveText('불합격');
  await expect(drawer.getByTestId('mr-detail-info')).toContainText(lot.lotId);
  await expect(drawer.getByTestId('mr-detail-value')).toHaveCount(3);
  await expect(drawer.locator('[data-testid=mr-detail-value][data-ok=false]')).toHaveText('#2 25.16');
  await shot(page, 'measurement-detail-kr-light');
  const downloading = page.waitForEvent('download');
  await drawer.getByTestId('mr-detail-download').click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('외경-측정.csv');
  expect(Buffer.compare(readFileSync(await file.path()), good)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // In the list (by product); a second one through the API; both deleted after confirming.
  await chooseOption(page, 'mr-filter-product', w.product.code, { type: true });
  await expect(rowOf(page, '외경-측정.csv')).toHaveCount(1);
  await expect(rowOf(page, '외경-측정.csv')).toContainText(lot.lotId);
  const exporting = page.waitForEvent('download');
  await page.getByTestId('mr-table-export').click();
  expect((await exporting).suggestedFilename()).toMatch(/^measurement-results-.*\.xlsx$/);
  const form = { productId: String(w.product.id), file: { name: 'second.csv', mimeType: 'text/csv', buffer: good } };
  expect(
    (await request.post('/api/product-measurement-result', { headers: auth(token), multipart: form })).status(),
  ).toBe(200);
  await page.reload();
  await expect(rowOf(page, 'second.csv')).toHaveCount(1);
  for (const name of ['외경-측정.csv', 'second.csv']) await rowOf(page, name).locator('.ant-checkbox-input').check();
  await page.getByTestId('mr-table-delete-selected').click();
  await confirmOk(page);
  await expect(rowOf(page, '외경-측정.csv')).toHaveCount(0);
  await expect(rowOf(page, 'second.csv')).toHaveCount(0);

  // English, dark.
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Measurement results');
  await page.getByTestId('mr-upload').click();
  await expect(page.getByTestId('mr-layout')).toContainText('one row per measured value');
  await chooseOption(page, 'mr-upload-product', w.product.code, { type: true });
  await page
    .getByTestId('mr-upload-dialog')
    .locator('input[type=file]')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: bad });
  await expect(page.getByTestId('mr-preview-error-3')).toHaveText(
    'The sample number runs from 1 to 2 (the item’s sample size).',
  );
  await shot(page, 'measurement-upload-error-en-dark');
  await page.getByTestId('mr-upload-cancel').click();
  await setTheme(request, token, 'light');
  await setLocale(page, request, token, 'kr');
});
