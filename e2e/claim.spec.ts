import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, seoulDay } from './production-world';

// Claims (issue 15, /quality/claim/claim-management): a customer and a hand-added lot of a product made through the
// API. The claim is registered through the dialog by typing the LOT ID in lower case (the look-up finds the lot and
// fills the product), a photo is uploaded and previewed, then the claim is moved RECEIVED → INVESTIGATING →
// COUNTERMEASURE → CLOSED; closing without cause and countermeasure is refused on those fields. The trace action opens
// the lot's genealogy. Then English and dark, and the claim is deleted after confirming.

// Smallest valid PNG (1×1), as the server tests use.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const rowOf = (page: Page, text: string) =>
  page.getByTestId('claim-table').locator('tr.ant-table-row', { hasText: text });

async function editStatus(page: Page, row: ReturnType<typeof rowOf>, status: string) {
  await row.getByTestId(/^claim-edit-/).click();
  await expect(page.getByTestId('claim-content')).toBeVisible();
  await chooseOption(page, 'claim-status', status, { exact: true });
}

test('register a claim on a lot with a photo, move it to closed, open its genealogy, delete it', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'CL' });
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C`,
    name: `${w.tag} 마트`,
    types: ['CUSTOMER'],
  });
  const lot = await postData<{ lotId: string }>(request, token, '/api/productstock/stock-add', {
    productId: w.product.id,
    locationId: w.shelf.id,
    qty: 20,
  });
  // The demo factory has its two claims on shipped lots.
  const demo = await request.get('/api/claim/claim-management', { headers: auth(token) });
  expect(((await demo.json()).data as unknown[]).length).toBeGreaterThanOrEqual(2);

  await page.goto('/quality/claim/claim-management');
  await expect(page.getByTestId('page-title')).toHaveText('클레임 관리');
  await shot(page, 'claim-list-kr-light');

  // Register: the LOT ID in lower case finds the lot and its product.
  await page.getByTestId('claim-create').click();
  await expect(page.getByTestId('claim-lot-id')).toBeVisible();
  await chooseOption(page, 'claim-customer', customer.name, { type: true });
  await page.getByTestId('claim-lot-id').fill(lot.lotId.toLowerCase());
  await page.getByTestId('claim-lot-lookup').click();
  await expect(page.getByTestId('claim-lot-found')).toContainText(w.product.code);
  await expect(page.getByTestId('claim-lot-found')).toContainText('출하된 적이 없습니다');
  await expect(page.getByTestId('claim-product')).toContainText(w.product.code);
  await expect(page.getByTestId('claim-lot-id')).toHaveValue(lot.lotId);
  await page.getByTestId('claim-qty').fill('3');
  await page.getByTestId('claim-content').fill(`${w.tag} 포장 파손 3건`);
  await shot(page, 'claim-dialog-kr-light');
  await page.getByTestId('claim-dialog-submit').click();
  await expect(page.getByTestId('claim-content')).toBeHidden();

  const search = page.getByTestId('claim-search').locator('input');
  await search.fill(w.tag);
  await search.press('Enter');
  const row = rowOf(page, lot.lotId);
  await expect(row.getByTestId(/^claim-status-/)).toHaveText('접수');

  // A photo: uploaded, shown as a thumbnail, previewed full size.
  await row.getByTestId(/^claim-photos-/).click();
  const photos = page.getByTestId('claim-photos');
  await expect(photos).toBeVisible();
  await photos.locator('input[type=file]').setInputFiles({ name: '파손.png', mimeType: 'image/png', buffer: PNG });
  const thumb = photos.getByTestId('claim-photo-thumb');
  await expect(thumb).toBeVisible();
  await expect(thumb.locator('img')).toHaveJSProperty('complete', true);
  await shot(page, 'claim-photos-kr-light');
  await thumb.click();
  await expect(page.locator('.ant-image-preview')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-image-preview')).toBeHidden();
  // The dialog's own button: a second Escape right after the preview's can reach the page before the dialog has focus.
  await page.getByTestId('claim-photos-close').click();
  await expect(photos).toBeHidden();
  await expect(row.locator('.ant-badge-count')).toHaveText('1');

  // Through the states, one step at a time.
  await editStatus(page, row, '조사 중');
  await page.getByTestId('claim-dialog-submit').click();
  await expect(page.getByTestId('claim-content')).toBeHidden();
  await expect(row.getByTestId(/^claim-status-/)).toHaveText('조사 중');
  await editStatus(page, row, '대책');
  await page.getByTestId('claim-cause').fill('상차 시 적재 하중 과다');
  await page.getByTestId('claim-dialog-submit').click();
  await expect(page.getByTestId('claim-content')).toBeHidden();
  await expect(row.getByTestId(/^claim-status-/)).toHaveText('대책');

  // Closing without a countermeasure is refused on the field; with it, the claim closes.
  await editStatus(page, row, '종결');
  const closed = page.getByTestId('claim-closed-dt');
  await closed.fill(seoulDay());
  await page.getByTestId('claim-countermeasure').click();
  await page.getByTestId('claim-dialog-submit').click();
  const measureItem = page.locator('.ant-form-item', { has: page.getByTestId('claim-countermeasure') });
  await expect(measureItem.locator('.ant-form-item-explain-error')).toHaveText('필수 입력 항목입니다.');
  await shot(page, 'claim-closing-refused-kr-light');
  await page.getByTestId('claim-countermeasure').fill('팔레트 랩핑 2회, 상단 적재 금지 표시');
  await page.getByTestId('claim-dialog-submit').click();
  await expect(page.getByTestId('claim-content')).toBeHidden();
  await expect(row.getByTestId(/^claim-status-/)).toHaveText('종결');
  await expect(row).toContainText(seoulDay());

  // The lot's genealogy in one click.
  await row.getByTestId(/^claim-trace-\d/).click();
  await expect(page).toHaveURL(/\/report\/lot\/trace\?view=forward&lotId=/);
  await expect(page.getByTestId('trace-graph')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await page.goBack();

  // English, dark.
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Claims');
  await expect(rowOf(page, lot.lotId).getByTestId(/^claim-status-/)).toHaveText('Closed');
  await shot(page, 'claim-list-en-dark');
  await rowOf(page, lot.lotId)
    .getByTestId(/^claim-edit-/)
    .click();
  await expect(page.getByTestId('claim-content')).toBeVisible();
  await shot(page, 'claim-dialog-en-dark');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('claim-content')).toBeHidden();
  await rowOf(page, lot.lotId)
    .getByTestId(/^claim-photos-/)
    .click();
  await expect(page.getByTestId('claim-photo-thumb')).toBeVisible();
  await shot(page, 'claim-photos-en-dark');
  await page.keyboard.press('Escape');

  // Delete after confirming.
  await rowOf(page, lot.lotId)
    .getByTestId(/^claim-delete-/)
    .click();
  await confirmOk(page);
  await expect(rowOf(page, lot.lotId)).toHaveCount(0);
  await setTheme(request, token, 'light');
  await setLocale(page, request, token, 'kr');
});
