import type { APIRequestContext } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { chooseOption, confirmOk, postData, saveLocale, setTheme, shot, uniq } from './helpers';
import { auth, seoulDay } from './production-world';

// Shipping on a phone (issue 14, 390×844): a customer and a lot of 10 made through the API. On
// /m/production/shipment the customer is picked, the LOT ID typed into the focused box and Enter — as a keyboard-wedge
// scanner does — adds the lot with its 10, changed to 4, and it ships; today's list shows it, a tap opens it and it is
// canceled (the 4 go back). The scan sheet offers a LOT's three actions: "shipment info" lists the lot's shipments,
// "product shipment" starts a shipment with the lot. Then English and dark.

async function makeLot(request: APIRequestContext, token: string) {
  const tag = uniq('MS').toUpperCase();
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
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
  });
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${tag}-C`,
    name: `${tag} 마트`,
    types: ['CUSTOMER'],
  });
  const lotId = `${tag}-LOT`;
  await postData(request, token, '/api/productstock/stock-add', {
    productId: product.id,
    locationId: shelf.id,
    qty: 10,
    lotId,
    expiryDate: seoulDay(30),
  });
  return { tag, product, customer, lotId };
}

async function stockQty(request: APIRequestContext, token: string, lotId: string) {
  const res = await request.get(`/api/productstock/stock/lot-id/${encodeURIComponent(lotId)}`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { qty: number }[])[0].qty;
}

test('ship by a wedge scan on a phone, find it in the list and cancel it; the LOT actions of the scan sheet', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const { product, customer, lotId } = await makeLot(request, token);
  const { page } = await signIn(workerAdmin, PHONE);

  await page.goto('/m/production/shipment');
  await expect(page.getByTestId('m-ship-page')).toBeVisible();
  await expect(page).toHaveTitle('출하 - eQMS');
  // The scan box has the focus from the start: a wedge scanner types into it.
  await expect(page.getByTestId('m-ship-scan')).toBeFocused();
  await chooseOption(page, 'm-ship-customer', customer.name, { type: true });

  await page.getByTestId('m-ship-scan').focus();
  await page.keyboard.type(lotId);
  await page.keyboard.press('Enter');
  const line = page.locator(`[data-testid=m-ship-line][data-lot-id="${lotId}"]`);
  await expect(line.getByTestId('m-ship-line-qty')).toHaveValue('10');
  await expect(page.getByTestId('m-ship-product')).toContainText(product.code);
  // The box keeps the focus for the next scan; the same lot again is not added twice.
  await expect(page.getByTestId('m-ship-scan')).toBeFocused();
  await page.keyboard.type(lotId);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('m-ship-notice')).toContainText('이미 목록에 있습니다');
  await expect(page.getByTestId('m-ship-line')).toHaveCount(1);
  await line.getByTestId('m-ship-line-qty').fill('4');
  await expect(page.getByTestId('m-ship-submit')).toContainText('4 개');
  await shot(page, 'm-shipment-kr-light');
  await page.getByTestId('m-ship-submit').click();
  await expect(page.getByTestId('m-ship-done')).toBeVisible();
  const shipmentNo = (await page.getByTestId('m-ship-done-no').textContent())?.trim() ?? '';
  expect(shipmentNo).toMatch(/^S\d{8}-\d{3,}$/);
  await expect(page.getByTestId('m-ship-done-qty')).toContainText('4 개');
  expect(await stockQty(request, token, lotId)).toBe(6);
  await shot(page, 'm-shipment-done-kr-light');

  // Today's shipments: it is there; a tap opens it, and it is canceled after confirming.
  await page.getByTestId('m-ship-to-list').click();
  await expect(page).toHaveURL(/\/m\/production\/shipmentList$/);
  const card = page.locator(`[data-testid=m-ship-card][data-shipment-no="${shipmentNo}"]`);
  await expect(card).toContainText(customer.name);
  await expect(card.getByTestId('m-ship-card-qty')).toHaveText('4 개');
  await shot(page, 'm-shipment-list-kr-light');
  await card.getByRole('button').click();
  const sheet = page.getByTestId('m-ship-detail');
  await expect(sheet.getByTestId('m-ship-detail-lot')).toContainText(lotId);
  await page.getByTestId('m-ship-cancel-reason').fill('파손');
  await shot(page, 'm-shipment-detail-kr-light');
  await page.getByTestId('m-ship-cancel').click();
  await confirmOk(page);
  await expect(sheet).toBeHidden();
  await expect(card.getByTestId('ship-status')).toHaveText('출하 취소');
  expect(await stockQty(request, token, lotId)).toBe(10);

  // The scan sheet on a LOT: product stock, product shipment and shipment info.
  await page.goto('/m/notice');
  await page.getByTestId('mobile-scan-button').click();
  await page.getByTestId('scan-manual').fill(lotId.toLowerCase());
  await page.getByTestId('scan-manual').press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveAttribute('data-type', 'LOT');
  await expect(page.getByTestId('scan-actions').getByRole('button')).toHaveText([
    '제품 재고',
    '출하',
    '출하 정보',
    '다시 스캔',
  ]);
  await shot(page, 'm-shipment-scan-sheet-kr-light');
  await page.getByTestId('scan-action-shipmentList').click();
  await expect(page).toHaveURL(new RegExp(`/m/production/shipmentList\\?barcode=${lotId}$`));
  await expect(page.getByTestId('m-ship-list-title')).toHaveText(`LOT ${lotId}의 출하 1건`);
  await expect(card.getByTestId('ship-status')).toHaveText('출하 취소');

  await page.getByTestId('mobile-scan-button').click();
  await page.getByTestId('scan-manual').fill(lotId);
  await page.getByTestId('scan-manual').press('Enter');
  await page.getByTestId('scan-action-shipment').click();
  await expect(page).toHaveURL(new RegExp(`/m/production/shipment\\?barcode=${lotId}$`));
  await expect(line.getByTestId('m-ship-line-qty')).toHaveValue('10');
});

test('the phone shipment screens in English and dark', async ({ signIn, workerAdmin, request, adminToken: token }) => {
  const { customer, product, lotId } = await makeLot(request, token);
  const shipped = await postData<{ shipmentNo: string }>(request, token, '/api/shipment', {
    bizPartnerId: customer.id,
    productId: product.id,
    shipmentDt: seoulDay(),
    qty: 3,
  });
  await saveLocale(request, token, 'en');
  await setTheme(request, token, 'dark');
  try {
    const { page } = await signIn(workerAdmin, PHONE);
    await page.addInitScript(() => {
      localStorage.setItem('eqms.locale', 'en');
      localStorage.setItem('eqms.theme', 'dark');
    });
    await page.goto(`/m/production/shipmentList?barcode=${lotId}`);
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('m-ship-list-title')).toHaveText(`LOT ${lotId} · shipments: 1`);
    await expect(page.locator(`[data-testid=m-ship-card][data-shipment-no="${shipped.shipmentNo}"]`)).toBeVisible();
    await shot(page, 'm-shipment-list-en-dark');
    await page.goto(`/m/production/shipment?barcode=${lotId}`);
    await expect(page.locator(`[data-testid=m-ship-line][data-lot-id="${lotId}"]`)).toBeVisible();
    await expect(page.getByTestId('m-ship-submit')).toContainText('Ship (7 Each)');
    await shot(page, 'm-shipment-en-dark');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
