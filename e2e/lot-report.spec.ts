import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { applyVariant, postData, saveLocale, setLocale, shot, uniq } from './helpers';

// The lot report (issue 13 point 6), seeded through the API: a product made by forming then packing whose BOM takes
// 2 KG of a material per piece; a plan over yesterday … two days on with daily plans on every day (today included);
// two packages of the material received from a supplier (8 KG expiring in 60 days, 30 KG expiring in 20) and
// released to the plan (8 + 20 KG); today's results saved on both operations through PUT /api/productionprofit —
// forming 6 good + 1 bad (7 pieces: 14 KG, the first package's 8 then 6 of the second), packing 6 good, which makes
// the lot. On /report/lot the lot is found by its LOT ID, traced back in one click to its two material packages with
// the quantities each gave, its daily plans and results, its stock, the workbook, the plan tree; in Korean and
// English, light and dark.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function putData<T = unknown>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const res = await request.put(url, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}
async function getData<T = unknown>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

async function makeLot(request: APIRequestContext, token: string) {
  const tag = uniq('LR').toUpperCase();
  const place = (name: string, type: string, parentId?: number) =>
    postData(request, token, '/api/location', { name: `${tag} ${name}`, type, ...(parentId ? { parentId } : {}) });
  const site = await place('사업장', 'SITE');
  const factory = await place('공장', 'FACTORY', site.id);
  const line = await place('조립 라인', 'LINE', factory.id);
  const warehouse = await place('제품 창고', 'WAREHOUSE', factory.id);
  const shelf = await place('A-01', 'SHELF', warehouse.id);
  const forming = await postData(request, token, '/api/operation', { code: `${tag}-F`, name: '성형' });
  const packing = await postData(request, token, '/api/operation', { code: `${tag}-K`, name: '포장' });
  const supplier = await postData(request, token, '/api/biz-partner', {
    code: `${tag}-S`,
    name: `${tag} 소재상사`,
    types: ['SUPPLIER'],
  });
  const material = await postData(request, token, '/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 수지`,
    type: 'RAW',
    unit: 'KG',
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
    shelfLifeDays: 30,
  });
  await postData(request, token, '/api/operationplan/plans', {
    productId: product.id,
    plans: [{ operationId: forming.id }, { operationId: packing.id }],
  });
  await postData(request, token, '/api/bom/material', { parentProductId: product.id, materialId: material.id, qty: 2 });
  const plan = await postData<{ id: number; lotSeq: number }>(request, token, '/api/productionplan/plan', {
    productId: product.id,
    qty: 20,
    startDt: seoulDay(-1),
    endDt: seoulDay(2),
    lineId: line.id,
  });
  const opers = await getData<{ id: number; seq: number }[]>(
    request,
    token,
    `/api/productionplan/plan/${plan.id}/operplans`,
  );
  const daily: { id: number; day: string }[][] = [];
  for (const o of opers)
    daily.push(
      await postData(request, token, '/api/productionplan/operplan/daily-plans', {
        operPlanId: o.id,
        spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
      }),
    );
  const pkg = (suffix: string, qty: number, days: number) =>
    postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
      materialId: material.id,
      qty,
      locationId: shelf.id,
      packageId: `${tag}-${suffix}`,
      supplierId: supplier.id,
      supplierLot: `SL-${suffix}`,
      expiryDate: seoulDay(days),
    });
  const first = await pkg('PKG1', 8, 60);
  const second = await pkg('PKG2', 30, 20);
  await postData(request, token, '/api/material-stock/ship-out', { stockId: first.id, planId: plan.id, qty: 8 });
  await postData(request, token, '/api/material-stock/ship-out', { stockId: second.id, planId: plan.id, qty: 20 });
  const today = seoulDay();
  const formToday = daily[0].find((d) => d.day === today)!;
  const packToday = daily[1].find((d) => d.day === today)!;
  await putData(request, token, '/api/productionprofit', {
    id: formToday.id,
    goodQty: 6,
    badQty: 1,
    defects: [{ defectCode: 'FUNCTION', qty: 1 }],
  });
  await putData(request, token, '/api/productionprofit', {
    id: packToday.id,
    goodQty: 6,
    badQty: 0,
    status: 'WORK_COMPLETED',
    locationId: shelf.id,
  });
  const lotId = `L${today.replaceAll('-', '')}-${product.code.toUpperCase()}-${String(plan.lotSeq).padStart(3, '0')}`;
  return { tag, lotId, product, line, shelf, supplier, first, second, formToday, packToday, plan };
}

test('find a lot, trace it back to its material lots, see its results, stock, workbook and plan tree', async ({
  page,
  request,
  adminToken: token,
}) => {
  // Seeding, four looks and a download: longer than one screen's test.
  test.setTimeout(180_000);
  const s = await makeLot(request, token);

  await page.goto('/report/lot');
  await expect(page.getByTestId('page-lotReport')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('LOT 리포트');
  const search = page.getByTestId('lot-search').locator('input');
  await search.fill(s.lotId.toLowerCase());
  await search.press('Enter');
  const table = page.getByTestId('lot-table');
  const row = table.locator('tr.ant-table-row', { hasText: s.lotId });
  await expect(row).toBeVisible();
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText(s.product.code);
  await expect(row).toContainText(s.line.name);
  await expect(row.getByTestId('lot-goodQty')).toHaveText('6');
  await expect(row.getByTestId('lot-badQty')).toHaveText('0');
  // The expiry follows the second package (20 days, before the product's 30): its tooltip says so.
  await expect(row.getByTestId('lot-expiry')).toHaveAttribute('data-reason', 'MATERIAL');
  await expect(row.getByTestId('lot-expiry')).toContainText(seoulDay(20));
  await row.getByTestId('lot-expiry').hover();
  await expect(page.locator('.ant-tooltip', { hasText: s.second.packageId })).toBeVisible();

  // Trace back, one click from the row: the two packages and what each gave (8 KG, then 6 KG of the second).
  await page.getByTestId(`lot-trace-${s.lotId}`).click();
  const panel = page.getByTestId('lot-panel');
  const closePanel = async () => {
    await panel.locator('.ant-drawer-close').click();
    await expect(panel).toBeHidden();
  };
  await expect(page.getByTestId('lot-panel-title')).toHaveText(`LOT ${s.lotId}`);
  await expect(panel.getByRole('tab', { name: '투입 자재 LOT', selected: true })).toBeVisible();
  const materialRows = panel.getByTestId('lot-material-row');
  await expect(materialRows).toHaveCount(2);
  const firstRow = panel.locator(`[data-testid=lot-material-row][data-package="${s.first.packageId}"]`);
  const secondRow = panel.locator(`[data-testid=lot-material-row][data-package="${s.second.packageId}"]`);
  await expect(firstRow.getByTestId('lot-material-qty')).toHaveText('8');
  await expect(secondRow.getByTestId('lot-material-qty')).toHaveText('6');
  await expect(firstRow).toContainText('SL-PKG1');
  await expect(firstRow).toContainText(s.supplier.name);
  await expect(secondRow.getByTestId('lot-material-sets-expiry')).toBeVisible();
  await expect(firstRow.getByTestId('lot-material-sets-expiry')).toHaveCount(0);
  await expect(panel.getByTestId('lot-material-sum')).toContainText('14');
  await expect(panel.getByTestId('lot-facts-made')).toContainText('6 / 0');
  await expect(panel.getByTestId('lot-facts-stock')).toContainText('6 / 0');
  await expect(panel.getByTestId('lot-facts')).toContainText(`${s.shelf.name} (6)`);
  await shot(page, 'lot-report-materials-kr-light');

  // Its daily plans and results: both operations on 4 days; today's forming 6 + 1 with its defect, packing 6.
  await panel.getByRole('tab', { name: '일일 계획·실적' }).click();
  const dailyRows = panel.getByTestId('lot-daily-row');
  await expect(dailyRows).toHaveCount(8);
  const forming = panel.locator(`[data-testid=lot-daily-row][data-id="${s.formToday.id}"]`);
  await expect(forming.getByTestId('lot-daily-good')).toHaveText('6');
  await expect(forming.getByTestId('lot-daily-bad')).toHaveText('1');
  await expect(forming).toContainText('기능 불량');
  await expect(forming).toContainText('작업 중');
  const packing = panel.locator(`[data-testid=lot-daily-row][data-id="${s.packToday.id}"]`);
  await expect(packing).toContainText('작업 완료');
  await shot(page, 'lot-report-daily-kr-light');
  await closePanel();

  // With stock: 6 in stock on the shelf, none discarded.
  await page.getByTestId('lot-include-stock').click();
  await expect(row.getByTestId('lot-stockQty')).toHaveText('6');
  await expect(row.getByTestId('lot-disposedQty')).toHaveText('0');

  // The workbook of the filter, from the server.
  const download = page.waitForEvent('download');
  await page.getByTestId('lot-table-export').click();
  expect((await download).suggestedFilename()).toMatch(/^lots-\d{8}\.xlsx$/);

  // The plan tree of the period: product → the plan's lot → its daily plans; the lot opens from it.
  await page.getByTestId('lot-view-tabs').getByRole('tab', { name: '계획 트리' }).click();
  const planNode = page.locator(`[data-testid=lot-tree-plan][data-lot-id="${s.lotId}"]`);
  await expect(planNode).toBeVisible();
  await page.locator('.ant-tree-treenode', { has: planNode }).locator('.ant-tree-switcher').click();
  await expect(page.locator(`[data-testid=lot-tree-daily][data-key="D${s.formToday.id}"]`)).toContainText('작업 중');
  await shot(page, 'lot-report-tree-kr-light');
  await planNode.click();
  await expect(page.getByTestId('lot-panel-title')).toHaveText(`LOT ${s.lotId}`);
  await expect(panel.getByTestId('lot-daily-row')).toHaveCount(8);
  await closePanel();

  // Dark, in Korean: the list with stock and the material lots.
  await page.getByTestId('lot-view-tabs').getByRole('tab', { name: 'LOT 목록' }).click();
  await applyVariant(page, request, token, { locale: 'kr', theme: 'dark' });
  await expect(row.getByTestId('lot-stockQty')).toHaveText('6');
  await shot(page, 'lot-report-list-kr-dark');
  await page.getByTestId(`lot-trace-${s.lotId}`).click();
  await expect(secondRow.getByTestId('lot-material-qty')).toHaveText('6');
  await shot(page, 'lot-report-materials-kr-dark');

  // In English (dark, then light): the same trace back.
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Lot report');
  await expect(panel.getByRole('tab', { name: 'Material lots', selected: true })).toBeVisible();
  await expect(firstRow.getByTestId('lot-material-qty')).toHaveText('8');
  await expect(panel).toContainText('Consumed per material');
  await shot(page, 'lot-report-materials-en-dark');
  await closePanel();
  await expect(page.getByRole('button', { name: 'Trace back' }).first()).toBeVisible();
  await expect(table.locator('thead')).toContainText('In stock');
  await shot(page, 'lot-report-list-en-dark');
  await applyVariant(page, request, token, { locale: 'en', theme: 'light' });
  await page.getByTestId(`lot-open-${s.lotId}`).click();
  await expect(panel.getByRole('tab', { name: 'Daily plans & results', selected: true })).toBeVisible();
  await expect(forming).toContainText('Working');
  await shot(page, 'lot-report-daily-en-light');
  await saveLocale(request, token, 'kr');
});
