import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, producePlan, seoulDay } from './production-world';

// Quality (issue 15, /quality/material/… and /quality/product/…): standards added on the screen (the server's field
// error on the field), an inspection typed into the grid with the judgement shown live, the FAIL held on the server
// (a held package is not released: 409 MATERIAL_ON_HOLD; a held lot does not ship: 409 LOT_ON_HOLD), and the ACCEPT
// disposition with its reason and confirmation releasing it; the inspection time typed in the form (refused at 0 with
// the contract's message), changed in the drawer, shown in the list and its Excel export. The material side in Korean,
// the product side in English; light and dark.

async function holdOf(request: APIRequestContext, token: string, side: 'material' | 'product', q: string) {
  const res = await request.get(`/api/${side}-quality-result/holds?active=false&q=${encodeURIComponent(q)}`, {
    headers: auth(token),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data[0] as { id: number; holdNo: string; status: string } | undefined;
}

async function addItem(
  page: Page,
  item: { name: string; passFail?: string; lsl?: string; usl?: string; unit?: string; samples?: string },
) {
  await page.getByTestId('qs-create').click();
  const dialog = page.getByTestId('qs-dialog-form');
  await expect(dialog).toBeVisible();
  await page.getByTestId('qs-name').fill(item.name);
  if (item.passFail) await page.getByTestId('qs-kind').getByText(item.passFail).click();
  if (item.lsl) await page.getByTestId('qs-lsl').fill(item.lsl);
  if (item.usl) await page.getByTestId('qs-usl').fill(item.usl);
  if (item.unit) await page.getByTestId('qs-unit').fill(item.unit);
  if (item.samples) await page.getByTestId('qs-sample-size').fill(item.samples);
  await page.getByTestId('qs-dialog-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('qs-row-name').filter({ hasText: item.name })).toBeVisible();
}

test('material: standards → a failing incoming inspection → held (no release) → ACCEPT → released', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const w = await makeProductionWorld(request, token, { prefix: 'QM' });
  const pkg = await postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
    materialId: w.material.id,
    qty: 20,
    locationId: w.shelf.id,
    packageId: `${w.tag}-QPKG`,
  });
  await setTheme(request, token, 'light');
  await page.goto('/quality/material/info');
  await setLocale(page, request, token, 'kr');
  await expect(page.getByTestId('page-title')).toHaveText('자재 품질 기준');
  await expect(page.getByTestId('qs-pick-first')).toBeVisible();
  await chooseOption(page, 'qs-item', w.material.code, { type: true });
  await expect(page.getByTestId('qs-table')).toBeVisible();

  // A measured item without limits: the server's 400 (`0.lsl`) lands on the LSL field, in Korean.
  await page.getByTestId('qs-create').click();
  await page.getByTestId('qs-name').fill('외경');
  await page.getByTestId('qs-dialog-submit').click();
  await expect(page.getByTestId('qs-dialog').locator('.ant-form-item-explain-error')).toContainText(
    '측정 항목은 하한 또는 상한 중 하나 이상을 입력하세요.',
  );
  await page.getByTestId('qs-dialog-cancel').click();
  await addItem(page, { name: '외경', lsl: '9.9', usl: '10.1', unit: 'mm', samples: '2' });
  await addItem(page, { name: '외관', passFail: '합격/불합격' });
  await expect(page.getByTestId('qs-row-name')).toHaveCount(2);
  await shot(page, 'quality-material-info-kr-light');

  // The inspection: the package scanned in another case, samples typed with Enter moving on, the judgement live.
  await page.goto('/quality/material/result');
  await page.getByTestId('q-inspect-open').click();
  await page.getByTestId('q-inspect-scan').fill(pkg.packageId.toLowerCase());
  await page.getByTestId('q-inspect-scan').press('Enter');
  await expect(page.getByTestId('q-inspect-grid')).toBeVisible();
  await expect(page.getByTestId('q-inspect-overall')).toHaveAttribute('data-judgement', 'PENDING');
  await page.getByTestId('q-inspect-value-외경-1').fill('10');
  await page.getByTestId('q-inspect-value-외경-1').press('Enter');
  await expect(page.getByTestId('q-inspect-value-외경-2')).toBeFocused();
  await page.keyboard.type('10.2');
  await expect(page.getByTestId('q-inspect-item-외경')).toHaveAttribute('data-judgement', 'FAIL');
  await expect(page.getByTestId('q-inspect-overall')).toHaveAttribute('data-judgement', 'FAIL');
  await expect(page.getByTestId('q-inspect-cell').nth(1)).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('q-inspect-cell').nth(0)).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('q-inspect-pass-외관-1').click();
  await expect(page.getByTestId('q-inspect-item-외관')).toHaveAttribute('data-judgement', 'PASS');
  await expect(page.getByTestId('q-inspect-overall')).toHaveText('불합격');
  // An override needs a reason: refused on the screen without one.
  await page.getByTestId('q-inspect-override').click();
  await expect(page.getByTestId('q-inspect-overall')).toHaveAttribute('data-judgement', 'PASS');
  await page.getByTestId('q-inspect-save').click();
  await expect(page.getByTestId('q-inspect-reason-error')).toBeVisible();
  await page.getByTestId('q-inspect-override').click();
  await expect(page.getByTestId('q-inspect-overall')).toHaveAttribute('data-judgement', 'FAIL');
  await page.getByTestId('q-inspect-minutes').fill('8');
  await shot(page, 'quality-material-inspect-kr-light');
  await page.getByTestId('q-inspect-save').click();

  // Saved: the server's FAIL, and the package held.
  const detail = page.getByTestId('q-detail-info');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('q-detail-judgement')).toHaveAttribute('data-judgement', 'FAIL');
  await expect(page.getByTestId('q-detail-item-judgement')).toHaveCount(2);
  await expect(page.getByTestId('q-hold-panel')).toContainText('보류 중');
  await expect(page.getByTestId('q-detail-minutes')).toHaveText('8 분');
  await shot(page, 'quality-material-result-kr-light');
  const release = { stockId: pkg.id, planId: w.plan.id, qty: 5 };
  const refused = await request.post('/api/material-stock/ship-out', { headers: auth(token), data: release });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('MATERIAL_ON_HOLD');

  // The holds tab: the package, its disposition with a reason and a confirmation naming what happens to the stock.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByTestId('q-tab-holds').click();
  const hold = (await holdOf(request, token, 'material', pkg.packageId))!;
  await expect(page.getByTestId('q-holds')).toContainText(pkg.packageId);
  await page.getByTestId(`q-hold-dispose-${hold.id}`).click();
  await page.getByTestId('q-dispose-choice').getByText('반품').click();
  await expect(page.getByTestId('q-dispose-effect')).toContainText('남은 수량 전부(20 킬로그램)');
  await page.getByTestId('q-dispose-choice').getByText('특채(사용 승인)').click();
  await expect(page.getByTestId('q-dispose-effect')).toContainText('생산에 출고할 수 있습니다');
  await page.getByTestId('q-dispose-submit').click();
  await expect(page.getByTestId('q-dispose').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('q-dispose-reason').fill('치수 0.1 mm 초과, 조립에 영향 없음 (설계 승인)');
  await page.getByTestId('q-dispose-submit').click();
  await confirmOk(page);
  await expect(page.getByTestId('q-dispose')).toBeHidden();
  await expect(page.getByTestId('q-holds')).not.toContainText(pkg.packageId);
  expect((await holdOf(request, token, 'material', pkg.packageId))?.status).toBe('CLOSED');
  const released = await request.post('/api/material-stock/ship-out', { headers: auth(token), data: release });
  expect(released.status(), await released.text()).toBe(200);

  // Closed holds on request, in the dark theme.
  await setTheme(request, token, 'dark');
  await page.reload();
  await page.getByTestId('q-holds-closed').click();
  await expect(page.getByTestId('q-holds')).toContainText(pkg.packageId);
  await shot(page, 'quality-material-holds-kr-dark');
  await page.getByTestId(`q-hold-result-${hold.id}`).click();
  await expect(page.getByTestId('q-dispositions')).toContainText('특채(사용 승인)');
  await shot(page, 'quality-material-result-kr-dark');
  await setTheme(request, token, 'light');
});

test('product: a final standard → a failing lot held (no shipment) → ACCEPT → it ships', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const w = await makeProductionWorld(request, token, { prefix: 'QP' });
  const lot = await producePlan(request, token, w, w.plan.id, 5);
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C`,
    name: `${w.tag} Customer`,
    types: ['CUSTOMER'],
  });
  await setTheme(request, token, 'light');
  await page.goto('/quality/product/info');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Product quality standards');
  await chooseOption(page, 'qs-item', w.product.code, { type: true });
  await addItem(page, { name: 'Finish', passFail: 'Pass / fail' });
  await addItem(page, { name: 'Weight', usl: '120', unit: 'g' });
  await shot(page, 'quality-product-info-en-light');

  await page.goto('/quality/product/result');
  await page.getByTestId('q-inspect-open').click();
  await page.getByTestId('q-inspect-scan').fill(lot.lotId);
  await page.getByTestId('q-inspect-scan').press('Enter');
  await expect(page.getByTestId('q-inspect-subject')).toContainText(lot.lotId);
  await page.getByTestId('q-inspect-value-Weight-1').fill('118');
  await page.getByTestId('q-inspect-fail-Finish-1').click();
  await expect(page.getByTestId('q-inspect-item-Finish')).toHaveText('Fail');
  await expect(page.getByTestId('q-inspect-item-Weight')).toHaveText('Pass');
  await expect(page.getByTestId('q-inspect-overall')).toHaveText('Fail');
  // The inspection time: 0 is refused by the contract's rule (the server's message) and not sent; 12.5 minutes is.
  const minutes = page.getByTestId('q-inspect-minutes');
  await minutes.fill('0');
  await expect(page.getByTestId('q-inspect-minutes-error')).toHaveText(
    'The inspection time must be more than 0 and at most 1440 minutes.',
  );
  await shot(page, 'quality-product-minutes-refused-en-light');
  await page.getByTestId('q-inspect-save').click();
  await expect(page.getByTestId('q-inspect-grid')).toBeVisible();
  await expect(page.getByTestId('q-detail-info')).toBeHidden();
  await minutes.fill('12.5');
  await expect(page.getByTestId('q-inspect-minutes-error')).toBeHidden();
  await shot(page, 'quality-product-inspect-en-light');
  await page.getByTestId('q-inspect-save').click();
  await expect(page.getByTestId('q-detail-judgement')).toHaveText('Fail');
  await expect(page.getByTestId('q-detail-minutes')).toHaveText('12.5 min');
  // Timed afterwards: changed in the drawer (the one field a recorded result may change).
  await page.getByTestId('q-detail-minutes-edit').click();
  await page.getByTestId('q-detail-minutes-input').fill('15');
  await shot(page, 'quality-product-minutes-edit-en-light');
  await page.getByTestId('q-detail-minutes-save').click();
  await expect(page.getByTestId('q-detail-minutes')).toHaveText('15 min');
  await expect(page.getByTestId('q-hold-panel')).toContainText('On hold');

  const ship = () =>
    request.post('/api/shipment', {
      headers: auth(token),
      data: {
        bizPartnerId: customer.id,
        productId: w.product.id,
        shipmentDt: seoulDay(),
        lots: [{ productStockId: lot.stockId, qty: 2 }],
      },
    });
  const refused = await ship();
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe('LOT_ON_HOLD');

  // From the result's drawer: ACCEPT with a reason, confirmed.
  await page.getByTestId('q-hold-panel-dispose').click();
  await page.getByTestId('q-dispose-choice').getByText('Scrap').click();
  await expect(page.getByTestId('q-dispose-effect')).toContainText('all its stock (5');
  await page.getByTestId('q-dispose-choice').getByText('Accept').click();
  await page.getByTestId('q-dispose-reason').fill('Cosmetic mark inside the case; customer agreed');
  await page.getByTestId('q-dispose-submit').click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await shot(page, 'quality-product-dispose-en-light');
  await confirmOk(page);
  await expect(page.getByTestId('q-hold-panel')).toContainText('Closed');
  await expect(page.getByTestId('q-dispositions')).toContainText('customer agreed');
  const shipped = await ship();
  expect(shipped.status(), await shipped.text()).toBe(200);

  // The list: the lot's FAIL, filtered by judgement; dark.
  await page.keyboard.press('Escape');
  await chooseOption(page, 'q-filter-judgement', 'Fail', { exact: true });
  await expect(page.getByTestId('q-results')).toContainText(lot.lotId);
  const row = page.getByTestId('q-results').locator('tr.ant-table-row', { hasText: lot.lotId });
  await expect(row).toContainText('15');
  // The list's Excel export has the column, a number.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('q-results-export').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const col = headers.indexOf('Inspection time (min)') + 1;
  expect(col).toBeGreaterThan(0);
  const lotCol = headers.indexOf('Inspected') + 1;
  const values: unknown[] = [];
  ws.eachRow((r, n) => {
    if (n > 1 && String(r.getCell(lotCol).value) === lot.lotId) values.push(r.getCell(col).value);
  });
  expect(values).toEqual([15]);
  await setTheme(request, token, 'dark');
  await page.reload();
  await expect(page.getByTestId('q-results')).toContainText(lot.lotId);
  await shot(page, 'quality-product-results-en-dark');
  // The time column, at the right of the list.
  await page
    .getByTestId('q-results')
    .locator('.ant-table-body, .ant-table-content')
    .first()
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  await shot(page, 'quality-product-results-time-en-dark');
  await setTheme(request, token, 'light');
  await saveKr(request, token);
});

async function saveKr(request: APIRequestContext, token: string) {
  const res = await request.put('/api/settings/user/locale', { headers: auth(token), data: { locale: 'kr' } });
  expect(res.status()).toBe(200);
}
