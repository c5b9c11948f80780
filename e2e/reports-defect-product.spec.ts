import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { chooseOption, saveLocale, setLocale, setTheme, shot } from './helpers';
import { auth, seoulDay } from './production-world';

// The defect report (/report/defect) and the product report (/report/product), issue 17, on the demo factory's
// results (db/seed/demo-results.ts: every daily plan before today worked, a few percent bad by defect type). The
// screens' numbers are the API's: the tests ask the API the same question and compare. Filters, the group and bucket
// switches, PDF and Excel downloads, Korean and English, light and dark, a refused period.

const FROM = seoulDay(-30);
const TO = seoulDay(-1);
const PERIOD = encodeURIComponent(`${FROM} ~ ${TO}`);
const fmt = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 5 }).format(v);

async function api<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}
async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; data: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), data: readFileSync((await (file as Download).path())!) };
}
async function cellsOf(data: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.worksheets[0].eachRow((row) => {
    for (const v of row.values as unknown[]) if (v != null) out.push(String(v));
  });
  return out;
}

type DefectRow = { key: string; code: string | null; qty: number; unclassified: boolean };
type Defects = { rows: DefectRow[]; totalQty: number };

test('defect report: Pareto of the period by type, by product, filtered by a defect type; PDF and Excel', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const byType = await api<Defects>(request, token, `/api/defect-report/defect-type/${FROM}/${TO}`);
  expect(byType.rows.length, 'the demo results have defects').toBeGreaterThan(1);
  await page.goto(`/report/defect?period=${PERIOD}`);
  await expect(page.getByTestId('page-title')).toHaveText('불량 리포트');
  await expect(page.getByTestId('defect-report')).toHaveAttribute('data-group', 'defect-type');
  await expect(page.getByTestId('defect-report-chart')).toHaveAttribute('data-ready', 'true');
  const table = page.getByTestId('defect-report-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(byType.rows.length);
  await expect(page.getByTestId('defect-report-total-row')).toContainText(fmt(byType.totalQty));
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(fmt(byType.rows[0].qty));
  await shot(page, 'defect-report-kr-light');

  // By product: the same total, the rows the API's.
  await page.getByTestId('defect-report-group').getByText('제품별').click();
  await expect(page.getByTestId('defect-report')).toHaveAttribute('data-group', 'product');
  const byProduct = await api<Defects>(request, token, `/api/defect-report/product/${FROM}/${TO}`);
  expect(byProduct.totalQty).toBe(byType.totalQty);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(byProduct.rows.length);
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(byProduct.rows[0].code!);

  // One defect type: kept in the URL; the total is that type's.
  const top = byType.rows.find((r) => !r.unclassified)!;
  await chooseOption(page, 'defect-report-defect-type', '외관 불량');
  await expect(page).toHaveURL(/defectCode=APPEARANCE/);
  const appearance = await api<Defects>(
    request,
    token,
    `/api/defect-report/product/${FROM}/${TO}?defectCode=APPEARANCE`,
  );
  await expect(page.getByTestId('defect-report-total')).toContainText(fmt(appearance.totalQty));
  expect(top).toBeTruthy();

  // The files of what is on screen.
  const pdf = await saved(page, () => page.getByTestId('defect-report-pdf').click());
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  const xlsx = await saved(page, () => page.getByTestId('defect-report-excel').click());
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const cells = await cellsOf(xlsx.data);
  expect(cells).toContain('불량 보고서');
  expect(cells).toContain('APPEARANCE');
  expect(cells).toContain(String(appearance.totalQty));

  // A period with nothing: the empty state.
  await page.goto('/report/defect?period=2001-01-01%20~%202001-01-31');
  await expect(page.getByTestId('defect-report-empty')).toBeVisible();
});

type Figures = { plannedQty: number; goodQty: number; badQty: number; achievementRate: number | null };
type Products = {
  buckets: ({ key: string } & Figures)[];
  products: ({ productId: number; productCode: string; buckets: unknown[] } & Figures)[];
  total: Figures & { defectRate: number | null };
};

test('product report: weeks and months of the period, one product opened into its buckets; PDF and Excel', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const weeks = await api<Products>(
    request,
    token,
    `/api/product-report/report?startDt=${FROM}&endDt=${TO}&bucket=week`,
  );
  expect(weeks.products.length, 'the demo plans').toBeGreaterThan(0);
  await page.goto(`/report/product?period=${PERIOD}&bucket=week`);
  await expect(page.getByTestId('page-title')).toHaveText('제품 리포트');
  await expect(page.getByTestId('product-report')).toHaveAttribute('data-bucket', 'week');
  await expect(page.getByTestId('product-report-chart')).toHaveAttribute('data-ready', 'true');
  const table = page.getByTestId('product-report-table');
  await expect(table.locator('tbody tr.ant-table-row-level-0')).toHaveCount(weeks.products.length);
  const total = page.getByTestId('product-report-total-row');
  await expect(total).toContainText(fmt(weeks.total.plannedQty));
  await expect(total).toContainText(fmt(weeks.total.goodQty));
  await expect(page.getByTestId('product-report-achievement')).toContainText(
    weeks.total.achievementRate == null ? '-' : weeks.total.achievementRate.toFixed(1),
  );
  await shot(page, 'product-report-kr-light');

  // One product, by month: its line opens into its months.
  const first = weeks.products[0];
  await page.getByTestId('product-report-bucket').getByText('월별').click();
  await expect(page.getByTestId('product-report')).toHaveAttribute('data-bucket', 'month');
  await chooseOption(page, 'product-report-product', first.productCode, { type: true });
  await expect(page).toHaveURL(/productId=\d+/);
  const one = await api<Products>(
    request,
    token,
    `/api/product-report/report?startDt=${FROM}&endDt=${TO}&bucket=month&productId=${first.productId}`,
  );
  await expect(table.locator('tbody tr.ant-table-row-level-0')).toHaveCount(1);
  await table.locator('tbody tr.ant-table-row-level-0 .ant-table-row-expand-icon').click();
  await expect(table.locator('tbody tr.ant-table-row-level-1')).toHaveCount(one.products[0].buckets.length);
  await expect(total).toContainText(fmt(one.total.goodQty));

  const pdf = await saved(page, () => page.getByTestId('product-report-pdf').click());
  expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  const xlsx = await saved(page, () => page.getByTestId('product-report-excel').click());
  const cells = await cellsOf(xlsx.data);
  expect(cells).toContain('제품 생산 보고서');
  expect(cells).toContain(first.productCode);
  expect(cells).toContain(String(one.total.goodQty));

  await page.goto('/report/product?period=2001-01-01%20~%202001-01-31');
  await expect(page.getByTestId('product-report-empty')).toBeVisible();
});

test('both reports in English and Korean, light and dark; a period over a year is refused', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  try {
    await setTheme(request, token, 'dark');
    await page.goto(`/report/defect?period=${PERIOD}`);
    await expect(page.getByTestId('defect-report-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'defect-report-kr-dark');
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('page-title')).toHaveText('Defect report');
    await expect(page.getByTestId('defect-report-table')).toContainText('Cumulative (%)');
    await expect(page.getByTestId('defect-report-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'defect-report-en-dark');
    await page.goto(`/report/product?period=${PERIOD}&bucket=week`);
    await expect(page.getByTestId('page-title')).toHaveText('Product report');
    await expect(page.getByTestId('product-report-table')).toContainText('Achievement (%)');
    await expect(page.getByTestId('product-report-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'product-report-en-dark');
    await setTheme(request, token, 'light');
    await page.reload();
    await expect(page.getByTestId('product-report-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'product-report-en-light');
    await page.goto(`/report/defect?period=${PERIOD}&groupBy=operation`);
    await expect(page.getByTestId('defect-report')).toHaveAttribute('data-group', 'operation');
    await shot(page, 'defect-report-operation-en-light');
    await page.goto('/report/defect?period=2025-01-01%20~%202026-06-01');
    await expect(page.getByTestId('defect-report-period-error')).toBeVisible();
    await expect(page.getByTestId('defect-report-pdf')).toBeDisabled();
    await page.goto('/report/product?period=2025-01-01%20~%202026-06-01');
    await expect(page.getByTestId('product-report-period-error')).toBeVisible();
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
