import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, setLocale, shot, visibleDropdown } from './helpers';
import { auth, makeProductionWorld, seoulDay } from './production-world';

// Quality, the rest of issue 15's flows: the standards' Excel export imported back through the import popup; failed
// incoming inspections held, then scrapped and returned on the holds tab — each leaving the package by its own
// movement, labelled 폐기 / 반품 (Scrap / Return to supplier) in the material history; the failed samples in the
// trend screen's spec-out list under the inspection source; an in-process inspection of a production result. Korean,
// with the history and the in-process inspection checked in English.
test.describe.configure({ mode: 'serial' });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function get<T>(request: APIRequestContext, token: string, url: string) {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** A package of the world's material failing its incoming inspection through the API: its hold. */
async function failedPackage(
  request: APIRequestContext,
  token: string,
  w: Awaited<ReturnType<typeof makeProductionWorld>>,
  items: { id: number; kind: string }[],
  suffix: string,
) {
  const pkg = await postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
    materialId: w.material.id,
    qty: 12,
    locationId: w.shelf.id,
    packageId: `${w.tag}-${suffix}`,
  });
  const result = await postData<{ holdId: number }>(request, token, '/api/material-quality-result', {
    materialStockId: pkg.id,
    // Every item of the material (the imported copies too): each thickness 2.4 mm, above its 2 mm.
    items: items.map((i) => ({
      standardId: i.id,
      samples: [i.kind === 'NUMBER' ? { value: 2.4 } : { passed: true }],
    })),
  });
  expect(result.holdId).toBeTruthy();
  return { ...pkg, holdId: result.holdId };
}

async function dispose(page: Page, holdId: number, choice: string, reason: string) {
  await page.getByTestId(`q-hold-dispose-${holdId}`).click();
  await page.getByTestId('q-dispose-choice').getByText(choice, { exact: true }).click();
  await expect(page.getByTestId('q-dispose-effect')).toContainText('남은 수량 전부(12 킬로그램)');
  await page.getByTestId('q-dispose-reason').fill(reason);
  await page.getByTestId('q-dispose-submit').click();
  await confirmOk(page);
  await expect(page.getByTestId('q-dispose')).toBeHidden();
}

test('material: standards exported and imported back; failed packages scrapped and returned, each in the history', async ({
  page,
  request,
  adminToken: token,
}, testInfo) => {
  test.setTimeout(180_000);
  const w = await makeProductionWorld(request, token, { prefix: 'QD' });
  await postData(request, token, '/api/material-quality', [
    { materialId: w.material.id, name: '두께', kind: 'NUMBER', lsl: 1, usl: 2, unit: 'mm', sort: 1 },
    { materialId: w.material.id, name: '외관', kind: 'PASS_FAIL', sort: 2 },
  ]);

  // Export the material's items (the server's workbook) and import the same file back: two more items.
  await page.goto(`/quality/material/info?id=${w.material.id}`);
  await setLocale(page, request, token, 'kr');
  await chooseOption(page, 'qs-item', w.material.code, { type: true });
  await expect(page.getByTestId('qs-row-name')).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qs-table-export').click()]);
  const file = testInfo.outputPath('standards.xlsx');
  await download.saveAs(file);
  await page.getByTestId('qs-import').click();
  const popup = page.getByTestId('excel-import');
  await expect(popup.getByTestId('excel-template')).toBeVisible();
  await popup
    .locator('input[type="file"]')
    .setInputFiles({ name: 'standards.xlsx', mimeType: XLSX_MIME, buffer: await readFile(file) });
  await expect(popup.getByTestId('excel-summary')).toBeVisible();
  await expect(popup.getByTestId('excel-table')).toContainText('두께');
  await shot(page, 'quality-standards-import-kr-light');
  await popup.getByTestId('excel-save').click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('qs-row-name')).toHaveCount(4);
  await expect(page.getByTestId('qs-row-name').filter({ hasText: '외관' })).toHaveCount(2);
  const items = await get<{ id: number; kind: string }[]>(request, token, `/api/material-quality/${w.material.id}`);
  expect(items).toHaveLength(4);

  // Two packages fail (thickness 2.4 > 2 mm) and are held; one is scrapped, the other returned, on the holds tab.
  const scrapped = await failedPackage(request, token, w, items, 'SCRAP1');
  const returned = await failedPackage(request, token, w, items, 'RETURN1');
  await page.goto('/quality/material/result');
  await page.getByTestId('q-tab-holds').click();
  await expect(page.getByTestId('q-holds')).toContainText(scrapped.packageId);
  await expect(page.getByTestId('q-holds')).toContainText(returned.packageId);
  await dispose(page, scrapped.holdId, '폐기', '두께 초과, 재사용 불가');
  await dispose(page, returned.holdId, '반품', '두께 초과, 공급사 반품');
  await expect(page.getByTestId('q-holds')).not.toContainText(w.tag);

  // The material history: each package left by its own movement, with its label.
  await page.goto(`/material/history?q=${encodeURIComponent(w.tag)}`);
  const history = page.getByTestId('material-history-table');
  const typeTag = (type: string) => history.locator(`[data-testid=movement-type][data-type=${type}]`);
  await expect(typeTag('SCRAP')).toHaveCount(1);
  await expect(typeTag('SCRAP')).toHaveText('폐기');
  await expect(typeTag('RETURN')).toHaveText('반품');
  await expect(history).toContainText(scrapped.packageId);
  await expect(history).toContainText(returned.packageId);
  await shot(page, 'quality-dispositions-history-kr-light');

  // The failed samples are spec-outs, under the inspection source of the trend screen's list.
  await page.goto('/dataCollection/trend');
  const specOut = page.getByTestId('spec-out-table');
  await specOut.getByTestId('spec-out-source-INSPECTION').click();
  await expect(specOut).toContainText(scrapped.packageId);
  await expect(specOut).toContainText(returned.packageId);
  await expect(specOut.locator('[data-testid=spec-out-source][data-source=PARAMETER]')).toHaveCount(0);
  await expect(specOut.locator('[data-testid=spec-out-source][data-source=INSPECTION]').first()).toHaveText(
    '품질 검사',
  );
  await expect(specOut).toContainText('상한 초과');
  await shot(page, 'quality-spec-out-kr-light');

  // One English check: the same history labels.
  await page.goto(`/material/history?q=${encodeURIComponent(w.tag)}`);
  await setLocale(page, request, token, 'en');
  await expect(typeTag('SCRAP')).toHaveText('Scrap');
  await expect(typeTag('RETURN')).toHaveText('Return to supplier');
  await shot(page, 'quality-dispositions-history-en-light');
  await setLocale(page, request, token, 'kr');
});

test('product: an in-process inspection of a production result at its operation (English)', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const w = await makeProductionWorld(request, token, { prefix: 'QI' });
  await postData(request, token, '/api/product-quality', {
    productId: w.product.id,
    name: 'Thickness',
    kind: 'NUMBER',
    lsl: 1,
    usl: 2,
    unit: 'mm',
    sampleSize: 2,
    stage: 'IN_PROCESS',
    operationId: w.forming.id,
  });
  // Today's forming result: 3 pieces.
  const days = await get<{ id: number; day: string }[]>(
    request,
    token,
    `/api/productionplan/operplan/${w.operPlans[0].id}/daily-plans`,
  );
  const today = days.find((d) => d.day === seoulDay())!;
  const res = await request.put('/api/productionprofit', {
    headers: auth(token),
    data: { id: today.id, goodQty: 3, badQty: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/quality/product/result');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Product inspection results');
  await page.getByTestId('q-inspect-open').click();
  await page.getByTestId('q-inspect-stage').getByText('In-process').click();
  // The result picked from the last week's, found by the product's code (the picker gives way to the form).
  const picker = page.getByTestId('q-inspect-daily-plan');
  await picker.click();
  await picker.locator('input').first().fill(w.product.code);
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: w.product.code }).first().click();
  await expect(page.getByTestId('q-inspect-subject')).toContainText(w.forming.name);
  await expect(page.getByTestId('q-inspect-grid')).toBeVisible();
  await page.getByTestId('q-inspect-value-Thickness-1').fill('1.5');
  await page.getByTestId('q-inspect-value-Thickness-1').press('Enter');
  await page.keyboard.type('2.3');
  await expect(page.getByTestId('q-inspect-item-Thickness')).toHaveAttribute('data-judgement', 'FAIL');
  await expect(page.getByTestId('q-inspect-overall')).toHaveText('Fail');
  await shot(page, 'quality-in-process-inspect-en-light');
  await page.getByTestId('q-inspect-save').click();
  await expect(page.getByTestId('q-detail-judgement')).toHaveText('Fail');
  await expect(page.getByTestId('q-detail-info')).toContainText('In-process');
  await expect(page.getByTestId('q-detail-info')).toContainText(w.forming.name);
  // In-process failures hold nothing (the lot's final inspection decides).
  await expect(page.getByTestId('q-hold-panel')).toHaveCount(0);
  await shot(page, 'quality-in-process-result-en-light');
  const list = await get<{ stage: string; judgement: string }[]>(
    request,
    token,
    `/api/product-quality-result?productId=${w.product.id}&stage=IN_PROCESS`,
  );
  expect(list.map((r) => [r.stage, r.judgement])).toEqual([['IN_PROCESS', 'FAIL']]);
  await setLocale(page, request, token, 'kr');
});
