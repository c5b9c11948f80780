import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { chooseOption, saveLocale, setLocale, setTheme, shot } from './helpers';
import { auth, seoulDay } from './production-world';

// Requirement tracking (issue 14, /report/tracking) on the demo factory's orders (db/seed/demo-orders.ts: three
// customers, order products of finished goods due from last week to next month, some planned and made, order
// materials). The default period (due dates from 30 days back to 60 ahead) holds all of them. Per product: a card per
// product with its order products and totals, the shortfall in red, the chart; one product picked; the short-only
// switch; the workbook. Per material: the BOM requirement rows and the order materials (the boxes we buy, the
// manuals the customer supplies). Korean and English, light and dark. Read-only: the numbers on screen are the API's.

type Item = { productId?: number; productCode?: string; materialCode?: string; shortfallQty: number; rows: unknown[] };
type Report = { kind: string; items: Item[] };

const PERIOD = () => `startDt=${seoulDay(-30)}&endDt=${seoulDay(60)}`;
const fmt = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 5 }).format(v);

async function report(request: APIRequestContext, token: string, path: string): Promise<Report> {
  const res = await request.get(`/api/tracking/${path}?${PERIOD()}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** An item's line, and the table it opens into. */
const itemRow = (page: Page, code: string) => page.locator(`[data-testid=tracking-item][data-code="${code}"]`);
const rowsOf = (page: Page, code: string) => page.getByTestId(`tracking-rows-${code}`);

async function openScreen(page: Page) {
  await page.goto('/report/tracking');
  await expect(page.getByTestId('page-trackingReport')).toBeVisible();
  await expect(page.getByTestId('tracking-report')).toBeVisible();
  await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
}

test('products: the orders due in the period with shortfalls in red, one product, short only, the workbook', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const all = await report(request, token, 'product/all');
  const kettle = all.items.find((i) => i.productCode === 'FG-1001')!;
  expect(kettle, 'the demo orders FG-1001').toBeTruthy();

  await openScreen(page);
  await expect(page.getByTestId('page-title')).toHaveText('품목/자재 소요 추적');
  await expect(page.getByTestId('tracking-item')).toHaveCount(all.items.length);
  // An item's line opens its table: the order products, and the totals with the API's shortfall, red when short.
  await itemRow(page, 'FG-1001').click();
  const kettleRows = rowsOf(page, 'FG-1001');
  await expect(kettleRows.getByTestId('tracking-row')).toHaveCount(kettle.rows.length);
  const total = kettleRows.getByTestId('tracking-total-shortfall');
  await expect(total).toHaveText(fmt(kettle.shortfallQty));
  await expect(total).toHaveAttribute('data-short', kettle.shortfallQty > 0 ? 'true' : 'false');
  const short = all.items.filter((i) => i.shortfallQty > 0);
  expect(short.length, 'some demo order is short').toBeGreaterThan(0);
  await expect(page.getByTestId('tracking-short-count')).toContainText(`${short.length}`);
  await expect(itemRow(page, short[0].productCode!).getByTestId('tracking-shortfall')).toHaveAttribute(
    'data-short',
    'true',
  );
  await shot(page, 'tracking-product-kr-light');

  // One product: its card alone, kept in the URL.
  await chooseOption(page, 'tracking-item-select', 'FG-1001', { type: true });
  await expect(page).toHaveURL(/id=\d+/);
  await expect(page.getByTestId('tracking-item')).toHaveCount(1);
  // One item opens at once.
  await expect(rowsOf(page, 'FG-1001').getByTestId('tracking-row')).toHaveCount(kettle.rows.length);
  await shot(page, 'tracking-product-one-kr-light');
  await page.reload();
  await expect(page.getByTestId('tracking-item-select')).toContainText('FG-1001');
  await expect(page.getByTestId('tracking-item')).toHaveCount(1);

  // Short only: the covered products leave.
  await page.goto('/report/tracking?short=Y');
  await expect(page.getByTestId('tracking-item')).toHaveCount(short.length);
  await expect(page.locator('[data-testid=tracking-item][data-short=false]')).toHaveCount(0);

  // The workbook: one line per order product and a total per product.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tracking-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^tracking-product-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const texts: string[] = [];
  wb.worksheets[0].eachRow((row) => texts.push(String(row.values)));
  expect(texts.filter((r) => r.includes('합계')).length).toBe(all.items.length);
});

test('materials: the BOM requirement of what is still to make, and the orders’ own materials', async ({
  page,
  request,
  adminToken: token,
}) => {
  const mats = await report(request, token, 'material/all');
  const box = mats.items.find((i) => i.materialCode === 'PM-005');
  expect(box, 'the demo order material we buy').toBeTruthy();
  await page.goto('/report/tracking?kind=material');
  await expect(page.getByTestId('tracking-report')).toHaveAttribute('data-kind', 'material');
  await expect(page.getByTestId('tracking-item')).toHaveCount(mats.items.length);
  await itemRow(page, 'PM-005').click();
  const boxRows = rowsOf(page, 'PM-005');
  await expect(boxRows.locator('[data-testid=tracking-source][data-source=ORDER_MATERIAL]').first()).toBeVisible();
  await expect(boxRows.getByTestId('tracking-total-shortfall')).toHaveText(fmt(box!.shortfallQty));
  // Every item open: the BOM rows of the order products too.
  await page.getByTestId('tracking-expand-all').click();
  await expect(page.locator('[data-testid=tracking-source][data-source=ORDER_PRODUCT]').first()).toBeVisible();
  await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
  await shot(page, 'tracking-material-kr-light');
  // Switching the kind back keeps the period.
  await page.getByTestId('tracking-kind').getByText('제품').click();
  await expect(page.getByTestId('tracking-report')).toHaveAttribute('data-kind', 'product');
});

test('the tracking screen in English and Korean, light and dark', async ({ page, request, adminToken: token }) => {
  test.setTimeout(120_000);
  await openScreen(page);
  try {
    await setTheme(request, token, 'dark');
    await page.reload();
    await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'tracking-product-kr-dark');
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('page-title')).toHaveText('Requirement tracking');
    await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('tracking-report')).toContainText('Shortfall');
    await itemRow(page, 'FG-1001').click();
    await expect(rowsOf(page, 'FG-1001').getByTestId('tracking-total')).toBeVisible();
    await shot(page, 'tracking-product-en-dark');
    await page.getByTestId('tracking-kind').getByText('Materials').click();
    await expect(page.getByTestId('tracking-report')).toHaveAttribute('data-kind', 'material');
    await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'tracking-material-en-dark');
    await setTheme(request, token, 'light');
    await page.reload();
    await expect(page.getByTestId('tracking-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'tracking-material-en-light');
    // A period the contract refuses: its message, and nothing asked.
    await page.goto('/report/tracking?period=2026-01-01%20~%202027-06-01');
    await expect(page.getByTestId('tracking-period-error')).toBeVisible();
    await shot(page, 'tracking-period-error-en-light');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
