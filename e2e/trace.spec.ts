import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { applyVariant, postData, shot } from './helpers';
import { auth, makeProductionWorld, seoulDay } from './production-world';

// Traceability (issue 14 "genealogy both ways, on one screen"; /report/lot/trace). A chain made through the API: the
// production world's plan (forming then packing, 2 KG of its material a piece) takes 2 KG of an untracked package and
// 6 KG from each of two packages of one supplier lot (8 KG received each); 5 pieces make its lot; 2 ship to one customer, 1 to another and that
// shipment is canceled. From the lot report's row the lot is traced back to the supplier lot, then forward from it to
// the customer (the canceled one listed apart, not reached), then the mock recall balances it to the unit and its PDF
// is downloaded; the material stock row's action traces its package forward. Korean and English, light and dark.

async function put(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.put(url, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}
async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

async function makeChain(request: APIRequestContext, token: string) {
  const w = await makeProductionWorld(request, token, { prefix: 'TR', qty: 10, releasedKg: 2 });
  const supplier = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-S`,
    name: `${w.tag} 원료상사`,
    types: ['SUPPLIER'],
  });
  const customer = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C1`,
    name: `${w.tag} 행복마트`,
    types: ['CUSTOMER'],
  });
  const other = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-C2`,
    name: `${w.tag} 취소상회`,
    types: ['CUSTOMER'],
  });
  const supplierLot = `${w.tag}-SL1`;
  const receive = () =>
    postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
      materialId: w.material.id,
      qty: 8,
      locationId: w.shelf.id,
      supplierId: supplier.id,
      supplierLot,
    });
  const p1 = await receive();
  const p2 = await receive();
  for (const p of [p1, p2])
    await postData(request, token, '/api/material-stock/ship-out', { stockId: p.id, planId: w.plan.id, qty: 6 });
  const [forming, packing] = w.operPlans;
  const dayOf = async (operPlanId: number) =>
    (await get<{ id: number }[]>(request, token, `/api/productionplan/operplan/${operPlanId}/daily-plans`))[0].id;
  await put(request, token, '/api/productionprofit', { id: await dayOf(forming.id), goodQty: 5, badQty: 0 });
  await put(request, token, '/api/productionprofit', {
    id: await dayOf(packing.id),
    goodQty: 5,
    badQty: 0,
    locationId: w.shelf.id,
  });
  const [stock] = await get<{ id: number; lotId: string }[]>(
    request,
    token,
    `/api/productstock/prod-stock/${w.plan.id}`,
  );
  const ship = (bizPartnerId: number, qty: number) =>
    postData<{ id: number; shipmentNo: string }>(request, token, '/api/shipment', {
      bizPartnerId,
      productId: w.product.id,
      shipmentDt: seoulDay(),
      lots: [{ productStockId: stock.id, qty }],
    });
  const shipped = await ship(customer.id, 2);
  const canceled = await ship(other.id, 1);
  await put(request, token, '/api/shipment/cancel', { id: canceled.id, reason: '주문 취소' });
  return { w, supplier, customer, other, supplierLot, p1, p2, lotId: stock.lotId, shipped, canceled };
}

type Chain = Awaited<ReturnType<typeof makeChain>>;

const tableRow = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('tr.ant-table-row', { hasText: text });

/** The graph drawn (ECharts ready) with the table beside it. */
async function graphShown(page: Page) {
  await expect(page.getByTestId('trace-graph')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('trace-table')).toBeVisible();
}

async function checkBackward(page: Page, c: Chain) {
  await expect(page.getByTestId('trace-subject-node')).toContainText(c.lotId);
  await graphShown(page);
  await expect(page.getByTestId('trace-supplier-lot-row')).toContainText(c.supplierLot);
  await expect(page.getByTestId('trace-supplier-lot-row')).toContainText(c.supplier.name);
  // Both packages of the supplier lot went into the lot (2 KG of the untracked one first, then 6 and 2).
  await expect(tableRow(page, 'trace-table', c.p1.packageId).first()).toBeVisible();
  await expect(tableRow(page, 'trace-table', c.p2.packageId).first()).toBeVisible();
}

async function checkForward(page: Page, c: Chain) {
  await graphShown(page);
  await expect(page.getByTestId('trace-customer')).toHaveCount(1);
  await expect(page.getByTestId('trace-customer')).toContainText(c.customer.name);
  const canceledRow = tableRow(page, 'trace-table', c.canceled.shipmentNo);
  await expect(canceledRow.getByTestId('trace-row-canceled')).toBeVisible();
  await expect(tableRow(page, 'trace-table', c.shipped.shipmentNo).first()).toBeVisible();
}

async function checkRecall(page: Page, c: Chain) {
  await expect(page.getByTestId('recall-result')).toHaveAttribute('data-balanced', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('recall-elapsed')).toContainText('ms');
  // Each package: received 8 = in stock 2 + consumed (6, then 2) + at the line (0, 4).
  const p1 = tableRow(page, 'recall-packages', c.p1.packageId);
  await expect(p1.getByTestId('recall-consumedQty')).toHaveText('6');
  await expect(p1.getByTestId('recall-residualQty')).toHaveText('0');
  const p2 = tableRow(page, 'recall-packages', c.p2.packageId);
  await expect(p2.getByTestId('recall-atLineQty')).toHaveText('4');
  await expect(p2.getByTestId('recall-residualQty')).toHaveText('0');
  // The lot: produced 5 = in stock 3 + shipped 2 (the canceled 1 came back), and who received it.
  const lot = tableRow(page, 'recall-lots', c.lotId);
  await expect(lot.getByTestId('recall-producedQty')).toHaveText('5');
  await expect(lot.getByTestId('recall-inStockQty')).toHaveText('3');
  await expect(lot.getByTestId('recall-shippedQty')).toHaveText('2');
  await expect(lot.getByTestId('recall-residualQty')).toHaveText('0');
  await expect(lot.getByTestId('recall-lot-customer')).toHaveText(`${c.customer.name} 2`);
  await expect(tableRow(page, 'recall-deliveries', c.customer.name)).toBeVisible();
  await expect(tableRow(page, 'recall-canceled', c.canceled.shipmentNo)).toContainText(c.other.name);
}

test('a lot traced back to its supplier lot, forward to its customers, the mock recall balanced and printed', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(240_000);
  const c = await makeChain(request, token);

  // From the lot report's row to the backward trace.
  await page.goto('/report/lot');
  const search = page.getByTestId('lot-search').locator('input');
  await search.fill(c.lotId);
  await search.press('Enter');
  await page.getByTestId(`lot-genealogy-${c.lotId}`).click();
  await expect(page).toHaveURL(/\/report\/lot\/trace\?/);
  await expect(page.getByTestId('trace-title')).toHaveText(/추적성/);
  await checkBackward(page, c);
  await shot(page, 'trace-backward-kr-light');

  // Forward from the supplier lot found there: the customer, not the one whose shipment was canceled.
  await page.getByTestId(`trace-forward-from-${c.supplierLot}`).click();
  await checkForward(page, c);
  await shot(page, 'trace-forward-kr-light');
  await page.getByTestId('trace-table').scrollIntoViewIfNeeded();
  await shot(page, 'trace-forward-table-kr-light');

  // The mock recall of the same supplier lot (the form keeps it), and its PDF.
  await page.getByTestId('trace-view-tabs').getByRole('tab', { name: '모의 리콜' }).click();
  await expect(page.getByTestId('trace-supplier-lot')).toHaveValue(c.supplierLot);
  await checkRecall(page, c);
  await shot(page, 'trace-recall-kr-light');
  await page.getByTestId('recall-lots').scrollIntoViewIfNeeded();
  await shot(page, 'trace-recall-lots-kr-light');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('recall-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe(`mock-recall-${c.supplierLot}.pdf`);
  const file = await pdf.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // The form traces what it is given: a LOT ID typed in the backward view.
  await page.getByTestId('trace-view-tabs').getByRole('tab', { name: '역추적' }).click();
  await page.getByTestId('trace-lot-input').fill('');
  await page.getByTestId('trace-run').click();
  await expect(page.getByText('필수 입력 항목입니다.')).toBeVisible();
  await page.getByTestId('trace-lot-input').fill(c.lotId.toLowerCase());
  await page.getByTestId('trace-run').click();
  await checkBackward(page, c);

  // The material stock row's action: forward from that package.
  await page.goto('/material/stock');
  const stockSearch = page.getByTestId('stock-search').locator('input');
  await stockSearch.fill(c.p2.packageId);
  await stockSearch.press('Enter');
  await tableRow(page, 'stock-table', c.p2.packageId).getByTestId(`stock-trace-${c.p2.packageId}`).click();
  await expect(page.getByTestId('trace-subject-package')).toContainText(c.p2.packageId);
  await checkForward(page, c);

  // English and dark, each view.
  for (const v of [
    { locale: 'en', theme: 'dark' },
    { locale: 'en', theme: 'light' },
    { locale: 'kr', theme: 'dark' },
  ] as const) {
    await page.goto(`/report/lot/trace?view=backward&lotId=${encodeURIComponent(c.lotId)}`);
    await applyVariant(page, request, token, v);
    await checkBackward(page, c);
    if (v.locale === 'en') await expect(page.getByTestId('trace-title')).toHaveText(/Traceability/);
    await shot(page, `trace-backward-${v.locale}-${v.theme}`);
    await page.goto(
      `/report/lot/trace?view=forward&supplierId=${c.supplier.id}&supplierLot=${encodeURIComponent(c.supplierLot)}`,
    );
    await checkForward(page, c);
    await shot(page, `trace-forward-${v.locale}-${v.theme}`);
    await page
      .getByTestId('trace-view-tabs')
      .getByRole('tab', { name: v.locale === 'en' ? 'Mock recall' : '모의 리콜' })
      .click();
    await checkRecall(page, c);
    await shot(page, `trace-recall-${v.locale}-${v.theme}`);
  }
});
