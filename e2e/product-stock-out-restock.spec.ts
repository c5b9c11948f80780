import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postData, saveLocale, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, type ProductionWorld } from './production-world';

// Semi-finished lots released to production (issue 14, /production/productStockOutRestock). On top of the shared
// production world (a finished product planned for 10 today): a semi-finished product the finished product's BOM
// needs 1 of per piece, a lot of 20 of it added by hand on the shelf, and a lot of the finished product itself (not a
// child of its own plan). The plan's requirement shows 10 still to release and 20 in stock; 5 of the lot are released
// through the dialog (stock 15, at the line 5, still 5 to release); the finished lot scanned by its LOT ID is refused
// (lotNotPlanChild); a restock beyond the line is refused, 2 go back (stock 17, at the line 3), and the lot's ledger at
// the line reads release +5, restock −2. Then the screen and its list in English and dark.

type SemiWorld = ProductionWorld & {
  semi: { id: number; code: string; name: string };
  semiLot: string;
  otherLot: string;
};

async function makeSemiWorld(request: APIRequestContext, token: string, prefix: string): Promise<SemiWorld> {
  const w = await makeProductionWorld(request, token, { prefix });
  const semi = await postData(request, token, '/api/product/product', {
    code: `${w.tag}-S`,
    name: `${w.tag} 하우징`,
    type: 'SEMI',
    unit: 'EA',
  });
  await postData(request, token, '/api/bom/product', {
    parentProductId: w.product.id,
    childProductId: semi.id,
    qty: 1,
  });
  const lot = await postData<{ lotId: string }>(request, token, '/api/productstock/stock-add', {
    productId: semi.id,
    lotId: `${w.tag}-SL`,
    locationId: w.shelf.id,
    qty: 20,
  });
  const other = await postData<{ lotId: string }>(request, token, '/api/productstock/stock-add', {
    productId: w.product.id,
    lotId: `${w.tag}-FL`,
    locationId: w.shelf.id,
    qty: 4,
  });
  return { ...w, semi, semiLot: lot.lotId, otherLot: other.lotId };
}

async function openPlan(page: Page, w: SemiWorld) {
  await page.goto('/production/productStockOutRestock');
  await expect(page.getByTestId('page-productStockOutRestock')).toBeVisible();
  await page.locator(`[data-testid=issue-plan-node][data-key="P${w.plan.id}"]`).click();
  await expect(page.getByTestId('issue-plan-title')).toContainText(w.product.code);
}

/** The lot's stock on its shelf, read back through product stock's API. */
async function lotStock(request: APIRequestContext, token: string, lotId: string) {
  const res = await request.get(`/api/productstock/stock/lot-id/${lotId}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { qty: number }[]).reduce((s, r) => s + r.qty, 0);
}

test('release 5 of a semi-finished lot to the finished plan, refuse a foreign lot, restock 2, read the ledger', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeSemiWorld(request, token, 'PI');
  await openPlan(page, w);
  await expect(page.getByTestId('page-title')).toHaveText('제품 출고/재입고');
  const row = page.locator(`[data-testid=issue-product-row][data-code="${w.semi.code}"]`);
  await expect(row.getByTestId('issue-product-required')).toHaveText('10');
  await expect(row.getByTestId('issue-product-to-release')).toHaveText('10');
  await expect(row.getByTestId('issue-product-stock')).toHaveText('20');
  await expect(row.getByTestId('issue-product-tracked')).toHaveAttribute('data-tracked', 'false');
  await expect(page.getByTestId('issue-stocks-table')).toContainText('아직 출고된 LOT이 없습니다.');
  await shot(page, 'productStockOutRestock-plan-kr-light');

  // Release: the child product still to release, its lot chosen, 10 proposed, changed to 5.
  await page.getByTestId('issue-release-open').click();
  await expect(page.getByTestId('issue-release-form')).toBeVisible();
  await expect(page.getByTestId('issue-release-product')).toContainText(w.semi.code);
  const lotRow = page.locator(`[data-testid=issue-release-row][data-lot="${w.semiLot}"]`);
  await expect(lotRow).toHaveClass(/ant-table-row-selected/);
  await expect(page.getByTestId('issue-release-qty')).toHaveValue('10');
  await page.getByTestId('issue-release-qty').fill('5');
  await shot(page, 'productStockOutRestock-release-kr-light');
  await page.getByTestId('issue-release-submit').click();
  await expect(page.getByTestId('issue-release-form')).toBeHidden();

  // Stock went down, the requirement followed: at the line 5, still 5 to release, 15 in stock, tracked.
  await expect(row.getByTestId('issue-product-at-line')).toHaveText('5');
  await expect(row.getByTestId('issue-product-to-release')).toHaveText('5');
  await expect(row.getByTestId('issue-product-stock')).toHaveText('15');
  await expect(row.getByTestId('issue-product-tracked')).toHaveAttribute('data-tracked', 'true');
  const stockRow = page.locator(`[data-testid=issue-stock-row][data-lot="${w.semiLot}"]`);
  await expect(stockRow.getByTestId('issue-stock-qty')).toHaveText('5');
  expect(await lotStock(request, token, w.semiLot)).toBe(15);

  // A lot of another product, scanned by its LOT ID: warned, and the server's refusal shows under the lots.
  await page.getByTestId('issue-release-open').click();
  await page.getByTestId('issue-release-lot').fill(w.otherLot.toLowerCase());
  await page.getByTestId('issue-release-lot').press('Enter');
  await expect(page.getByTestId('issue-release-scan-other')).toContainText(w.product.code);
  await expect(page.locator(`[data-testid=issue-release-row][data-lot="${w.otherLot}"]`)).toHaveClass(
    /ant-table-row-selected/,
  );
  await page.getByTestId('issue-release-qty').fill('1');
  await page.getByTestId('issue-release-submit').click();
  await expect(page.getByTestId('issue-release-form')).toContainText(
    '이 LOT의 제품은 생산 계획 제품의 BOM 하위 제품이 아닙니다.',
  );
  await shot(page, 'productStockOutRestock-release-refused-kr-light');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('issue-release-form')).toBeHidden();

  // More than is at the line: refused in the dialog, which stays open; then 2 go back.
  await page.getByTestId(`issue-stock-restock-${w.semiLot}`).click();
  await page.getByTestId('issue-restock-qty').fill('6');
  await page.getByTestId('issue-restock-submit').click();
  await expect(page.getByTestId('issue-restock-refusal')).toContainText('재고가 부족합니다.');
  await expect(page.getByTestId('issue-restock-form')).toBeVisible();
  await page.getByTestId('issue-restock-qty').fill('2');
  await page.getByTestId('issue-restock-reason').fill('남은 수량');
  await shot(page, 'productStockOutRestock-restock-kr-light');
  await page.getByTestId('issue-restock-submit').click();
  await expect(page.getByTestId('issue-restock-form')).toBeHidden();
  await expect(row.getByTestId('issue-product-at-line')).toHaveText('3');
  await expect(row.getByTestId('issue-product-to-release')).toHaveText('7');
  await expect(row.getByTestId('issue-product-stock')).toHaveText('17');
  await expect(stockRow.getByTestId('issue-stock-restocked')).toHaveText('2');
  expect(await lotStock(request, token, w.semiLot)).toBe(17);

  // The lot's ledger at the line: release +5 (balance 5), restock −2 with its reason (balance 3).
  await page.getByTestId(`issue-stock-history-${w.semiLot}`).click();
  const ledger = page.getByTestId('issue-history-table');
  await expect(ledger.getByTestId('issue-history-row')).toHaveCount(2);
  await expect(ledger.getByTestId('issue-history-row').nth(0)).toContainText('출고');
  await expect(ledger.getByTestId('issue-history-row').nth(0)).toContainText('+5');
  await expect(ledger.getByTestId('issue-history-row').nth(1)).toContainText('재입고');
  await expect(ledger.getByTestId('issue-history-row').nth(1)).toContainText('남은 수량');
  await shot(page, 'productStockOutRestock-ledger-kr-light');
});

test('the product issue screen and its list in English and dark', async ({ page, request, adminToken: token }) => {
  const w = await makeSemiWorld(request, token, 'PIE');
  const stock = await request.get(`/api/productstock/stock/lot-id/${w.semiLot}`, { headers: auth(token) });
  const [lotRow] = (await stock.json()).data as { id: number }[];
  await postData(request, token, '/api/production-product-stock/ship-out', {
    productStockId: lotRow.id,
    planId: w.plan.id,
    qty: 4,
  });
  await setTheme(request, token, 'dark');
  await openPlan(page, w);
  await setLocale(page, request, token, 'en');
  try {
    await expect(page.getByTestId('page-title')).toHaveText('Product issue');
    const row = page.locator(`[data-testid=issue-product-row][data-code="${w.semi.code}"]`);
    await expect(row.getByTestId('issue-product-to-release')).toHaveText('6');
    await shot(page, 'productStockOutRestock-plan-en-dark');
    // Beyond the lot's stock: the OUT_OF_STOCK refusal in English, in the dialog.
    await page.getByTestId('issue-release-open').click();
    // The lot is chosen and its quantity proposed once the stock rows load: a figure typed before that is replaced
    // (2026-11-28: 6 proposed over the 99, released, and no refusal to see).
    await expect(page.locator(`[data-testid=issue-release-row][data-lot="${w.semiLot}"]`)).toHaveClass(
      /ant-table-row-selected/,
    );
    await expect(page.getByTestId('issue-release-qty')).toHaveValue('6');
    await page.getByTestId('issue-release-qty').fill('99');
    await page.getByTestId('issue-release-submit').click();
    await expect(page.getByTestId('issue-release-refusal')).toBeVisible();
    await expect(page.getByTestId('issue-release-form')).toBeVisible();
    await shot(page, 'productStockOutRestock-release-en-dark');
    await page.keyboard.press('Escape');
    // The period's released lots, searched by the LOT ID.
    await page.getByRole('tab', { name: 'Released lots' }).click();
    const search = page.getByTestId('issue-list-search').locator('input');
    await search.fill(w.semiLot);
    await search.press('Enter');
    await expect(page.getByTestId('issue-list-table').locator('tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByTestId('issue-list-table')).toContainText(w.product.code);
    await shot(page, 'productStockOutRestock-list-en-dark');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
