import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, postData, saveLocale, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, type ProductionWorld, seoulDay } from './production-world';

// Shipments on the desktop (issue 14, /production/shipment): the production world's product with two lots added
// through the API — A (6, expiring in 10 days) and B (10, in 20 days) — and a customer. A shipment of 8 is filled
// first-expired-first-out (all of A, 2 of B); B's stock drops to 1 behind the form's back, so the server refuses
// with OUT_OF_STOCK naming B on its line; B back to 10, it ships, the stock goes down (A 0, B 8), the note downloads
// as a PDF, and the cancel puts it all back and labels the row "출하 취소" with the reason. A lot scanned into the
// form adds its row; a shipment for an order product; three shipments are canceled at once. Then English and dark.

type World = ProductionWorld & { customer: { id: number; name: string; code: string }; lotA: string; lotB: string };

async function makeWorld(request: APIRequestContext, token: string, prefix: string): Promise<World> {
  const w = await makeProductionWorld(request, token, { prefix });
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C`,
    name: `${w.tag} 상사`,
    types: ['CUSTOMER'],
  });
  const add = (lotId: string, qty: number, expiryDate: string) =>
    postData(request, token, '/api/productstock/stock-add', {
      productId: w.product.id,
      locationId: w.shelf.id,
      qty,
      lotId,
      expiryDate,
    });
  await add(`${w.tag}-A`, 6, seoulDay(10));
  await add(`${w.tag}-B`, 10, seoulDay(20));
  return { ...w, customer, lotA: `${w.tag}-A`, lotB: `${w.tag}-B` };
}

/** The lot's one stock row (id and quantity) through the API. */
async function stockOf(request: APIRequestContext, token: string, lotId: string) {
  const res = await request.get(`/api/productstock/stock/lot-id/${encodeURIComponent(lotId)}`, {
    headers: auth(token),
  });
  expect(res.status()).toBe(200);
  const [row] = (await res.json()).data as { id: number; qty: number }[];
  return row;
}

async function setStock(request: APIRequestContext, token: string, lotId: string, qty: number) {
  const { id } = await stockOf(request, token, lotId);
  const res = await request.put(`/api/productstock/stock/${id}/qty`, {
    headers: auth(token),
    data: { adjustedQty: qty, description: 'E2E 실사' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rowOf = (page: Page, text: string) =>
  page.getByTestId('ship-table').locator('tr.ant-table-row', { hasText: text });

async function openScreen(page: Page, w: World) {
  await page.goto('/production/shipment');
  await expect(page.getByTestId('page-shipment')).toBeVisible();
  const search = page.getByTestId('ship-search').locator('input');
  await search.fill(w.product.code);
  await search.press('Enter');
}

async function openDialog(page: Page, w: World) {
  await page.getByTestId('ship-create').click();
  await expect(page.getByTestId('ship-dialog-form')).toBeVisible();
  await chooseOption(page, 'ship-customer', w.customer.name, { type: true });
}

test('ship lots filled first-expired-first-out, see the refusal on its lot, the stock go down, the note, and cancel', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const w = await makeWorld(request, token, 'SH');
  await openScreen(page, w);
  await expect(page.getByTestId('page-title')).toHaveText('출하 관리');

  await openDialog(page, w);
  await chooseOption(page, 'ship-product', w.product.code, { type: true });
  await page.getByTestId('ship-fefo-qty').fill('8');
  await page.getByTestId('ship-fefo-fill').click();
  const lines = page.getByTestId('ship-lines').locator('tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(w.lotA);
  await expect(page.getByTestId(`ship-line-qty-${w.lotA}`)).toHaveValue('6');
  await expect(page.getByTestId(`ship-line-qty-${w.lotB}`)).toHaveValue('2');
  await expect(page.getByTestId('ship-lines-total')).toContainText('8');
  await shot(page, 'shipment-dialog-kr-light');

  // The BOM requirement of the 8: 2 KG of the material a piece.
  await page.getByTestId('ship-bom-open').click();
  const bom = page.getByTestId('ship-bom-dialog');
  await expect(bom.getByTestId('ship-bom-table')).toContainText(w.material.code);
  await expect(bom.getByTestId('ship-bom-table')).toContainText('16');
  await shot(page, 'shipment-bom-kr-light');
  await page.keyboard.press('Escape');
  await expect(bom.getByTestId('ship-bom-table')).toBeHidden();
  await expect(page.getByTestId('ship-dialog-form')).toBeVisible();

  // B falls to 1 behind the form's back: the server refuses, naming B on its line.
  await setStock(request, token, w.lotB, 1);
  await page.getByTestId('ship-dialog-submit').click();
  await expect(page.getByTestId('ship-refusal')).toContainText(`LOT ${w.lotB}의 재고가 부족합니다`);
  const bLine = page.getByTestId('ship-lines').locator('tr.ant-table-row', { hasText: w.lotB });
  await expect(bLine.getByTestId('ship-line-error')).toContainText('현재 재고: 1 EA');
  await shot(page, 'shipment-dialog-refusal-kr-light');
  // The line now shows what B holds, and the form's own check keeps to it until the lines are filled again.
  await expect(bLine.getByTestId('ship-line-available')).toHaveText('1 개');
  await page.getByTestId('ship-dialog-submit').click();
  await expect(bLine.getByTestId('ship-line-error')).toHaveText('재고(1)보다 많습니다.');
  // B back to 10 and the lots filled again: it ships.
  await setStock(request, token, w.lotB, 10);
  await page.getByTestId('ship-fefo-fill').click();
  await expect(bLine.getByTestId('ship-line-available')).toHaveText('10 개');
  await page.getByTestId('ship-dialog-submit').click();
  await expect(page.getByTestId('ship-dialog-form')).toBeHidden();

  const row = rowOf(page, w.customer.name);
  await expect(row.getByTestId('ship-qty')).toHaveText('8 개');
  await expect(row.getByTestId('ship-status')).toHaveText('출하');
  expect((await stockOf(request, token, w.lotA)).qty).toBe(0);
  expect((await stockOf(request, token, w.lotB)).qty).toBe(8);
  await shot(page, 'shipment-list-kr-light');

  // The detail with its lots.
  await row.getByTestId('ship-no').click();
  const detail = page.getByTestId('ship-detail');
  await expect(detail.getByTestId('ship-detail-lines').locator('tr.ant-table-row')).toHaveCount(2);
  await expect(detail.getByTestId('ship-detail-total')).toContainText('8 개');
  await shot(page, 'shipment-detail-kr-light');
  await page.keyboard.press('Escape');
  await expect(detail.getByTestId('ship-detail-lines')).toBeHidden();

  // The note downloads as a PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.locator('[data-testid^=ship-note-download-]').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shipment-note-S\d{8}-\d{3,}\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The row's trace opens the traceability page on this shipment, backward.
  const traceAction = row.locator('[data-testid^=ship-trace-]');
  const shipmentId = (await traceAction.getAttribute('data-testid'))!.replace('ship-trace-', '');
  await traceAction.click();
  await expect(page).toHaveURL(new RegExp(`/report/lot/trace\\?view=backward&shipmentId=${shipmentId}$`));
  await page.goBack();
  await expect(row).toBeVisible();

  // Cancel it with a reason: the stock comes back and the row stays, labelled.
  await row.getByTestId(/^ship-cancel-\d+$/).click();
  // (An antd modal's root box has no size of its own: its parts are checked.)
  const cancel = page.getByTestId('ship-cancel-reason');
  await expect(cancel).toBeVisible();
  await cancel.fill('고객 요청');
  await shot(page, 'shipment-cancel-kr-light');
  await page.getByTestId('ship-cancel-ok').click();
  await expect(cancel).toBeHidden();
  await expect(row.getByTestId('ship-status')).toHaveText('출하 취소');
  await expect(row.getByTestId('ship-cancel-info')).toContainText('고객 요청');
  expect((await stockOf(request, token, w.lotA)).qty).toBe(6);
  expect((await stockOf(request, token, w.lotB)).qty).toBe(10);
  await shot(page, 'shipment-list-canceled-kr-light');
});

test('a scanned lot adds its row, a shipment for an order product, and three shipments canceled at once', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const w = await makeWorld(request, token, 'SHS');
  const business = await postData(request, token, '/api/business', {
    bizPartnerId: w.customer.id,
    code: `${w.tag}-B`,
    name: `${w.tag} 연간 계약`,
  });
  const orderNo = `${w.tag}-PO1`;
  await postData(request, token, '/api/order', {
    businessId: business.id,
    orderNo,
    orderDt: seoulDay(),
    products: [{ productId: w.product.id, qty: 5, dueDt: seoulDay(7), unitPrice: 1000 }],
  });
  await openScreen(page, w);

  // A LOT ID scanned (typed fast and Enter) into the form: its row with its whole stock, the product set from it.
  await openDialog(page, w);
  await page.getByTestId('ship-lot-scan').click();
  await page.keyboard.type(w.lotB);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`ship-line-qty-${w.lotB}`)).toHaveValue('10');
  await expect(page.getByTestId('ship-product')).toContainText(w.product.code);
  await page.getByTestId(`ship-line-qty-${w.lotB}`).fill('3');
  await page.getByTestId('ship-dialog-submit').click();
  await expect(page.getByTestId('ship-dialog-form')).toBeHidden();
  await expect(rowOf(page, w.customer.name)).toHaveCount(1);

  // For the order product: its product is set, what is left to ship proposed for the FEFO fill (all 5, from A).
  await openDialog(page, w);
  await chooseOption(page, 'ship-order-product', orderNo, { type: true });
  await expect(page.getByTestId('ship-product')).toContainText(w.product.code);
  await expect(page.getByTestId('ship-order-summary')).toContainText('남은 출하 5 개');
  await expect(page.getByTestId('ship-fefo-qty')).toHaveValue('5');
  await page.getByTestId('ship-fefo-fill').click();
  await expect(page.getByTestId(`ship-line-qty-${w.lotA}`)).toHaveValue('5');
  await shot(page, 'shipment-dialog-order-kr-light');
  await page.getByTestId('ship-dialog-submit').click();
  await expect(page.getByTestId('ship-dialog-form')).toBeHidden();
  const forOrder = rowOf(page, orderNo);
  await expect(forOrder.getByTestId('ship-qty')).toHaveText('5 개');
  await expect(forOrder).toContainText('5,000');

  // One more through the API (a quantity only: 1 left on A, then B); the three picked and canceled together.
  await postData(request, token, '/api/shipment', {
    bizPartnerId: w.customer.id,
    productId: w.product.id,
    shipmentDt: seoulDay(),
    qty: 2,
  });
  await page.reload();
  await expect(rowOf(page, w.customer.name)).toHaveCount(3);
  expect((await stockOf(request, token, w.lotA)).qty).toBe(0);
  expect((await stockOf(request, token, w.lotB)).qty).toBe(6);
  await page.locator('thead').getByTestId('ship-pick-page').click();
  await expect(page.getByTestId('ship-cancel-selected')).toContainText('3');
  await page.getByTestId('ship-cancel-selected').click();
  await expect(page.getByTestId('ship-cancel-nos')).toContainText(',');
  await page.getByTestId('ship-cancel-ok').click();
  await expect(page.getByTestId('ship-cancel-reason')).toBeHidden();
  await expect(rowOf(page, w.customer.name).getByTestId('ship-status')).toHaveText([
    '출하 취소',
    '출하 취소',
    '출하 취소',
  ]);
  expect((await stockOf(request, token, w.lotA)).qty).toBe(6);
  expect((await stockOf(request, token, w.lotB)).qty).toBe(10);

  // The status filter: shipments that stand only (none left here).
  await chooseOption(page, 'ship-filter-canceled', '출하', { exact: true });
  await expect(page.getByTestId('ship-table').getByText('출하 취소')).toHaveCount(0);
});

test('the shipment screen in English and dark', async ({ page, request, adminToken: token }) => {
  const w = await makeWorld(request, token, 'SHE');
  const shipped = await postData<{ id: number; shipmentNo: string }>(request, token, '/api/shipment', {
    bizPartnerId: w.customer.id,
    productId: w.product.id,
    shipmentDt: seoulDay(),
    qty: 7,
  });
  const res = await request.put('/api/shipment/cancel', {
    headers: auth(token),
    data: { id: shipped.id, reason: 'Wrong truck' },
  });
  expect(res.status()).toBe(200);
  await postData(request, token, '/api/shipment', {
    bizPartnerId: w.customer.id,
    productId: w.product.id,
    shipmentDt: seoulDay(),
    qty: 5,
  });
  await setTheme(request, token, 'dark');
  await openScreen(page, w);
  await setLocale(page, request, token, 'en');
  try {
    await expect(page.getByTestId('page-title')).toHaveText('Shipments');
    await expect(rowOf(page, shipped.shipmentNo).getByTestId('ship-status')).toHaveText('Canceled shipment');
    await expect(rowOf(page, shipped.shipmentNo).getByTestId('ship-cancel-info')).toContainText('Wrong truck');
    await shot(page, 'shipment-list-en-dark');
    // A required field left empty: the contract's message in English; the lines' own check.
    await page.getByTestId('ship-create').click();
    await page.getByTestId('ship-dialog-submit').click();
    await expect(page.getByTestId('ship-dialog-form').locator('.ant-form-item-explain-error').first()).toBeVisible();
    await shot(page, 'shipment-dialog-en-dark');
    await page.keyboard.press('Escape');
    await rowOf(page, shipped.shipmentNo).getByTestId('ship-no').click();
    await expect(page.getByTestId('ship-detail-canceled')).toContainText('Wrong truck');
    await shot(page, 'shipment-detail-en-dark');
    await page.keyboard.press('Escape');
    await setTheme(request, token, 'light');
    await page.reload();
    await expect(rowOf(page, shipped.shipmentNo)).toBeVisible();
    await shot(page, 'shipment-list-en-light');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
