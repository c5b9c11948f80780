import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setLocale, setTheme, settleAnimations, shot } from './helpers';
import { auth, makeProductionWorld, type ProductionWorld, seoulDay } from './production-world';

// The KPI report (issue 17, /report/kpi). A plan of 10 made through the API with today's results — forming 8 good /
// 2 bad, packing 7 good / 1 bad — so this month's row of the world's product reads good 7, bad 3 and defect rate
// 3 / (7 + 3) = 30 %. Korean and light: the month's cards, charts and table, working time changed, PDF and Excel
// downloaded through the generic report route. The e2e server runs the default business type; the workshop (atelier)
// page is shown through the seam the web learns the business type by, GET /api/system/runtime, answered as
// `atelier` for this page only: English and dark, its sections with the world's operations (forming 2 / 10 = 20 %,
// packing 1 / 8 = 12.5 %) and inspection minutes per product (inspectTimed), PDF and Excel, an 800 px window (narrower
// is a phone: the shell sends it to the mobile pages); the same page in Korean and light first.

/** axe-core's critical and serious findings of the page at rest (as e2e/look-through.spec.ts fails on). */
async function seriousA11y(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const d = file as Download;
  return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) };
}

/** Today's results of the world's plan: forming 8 / 2 bad, packing 7 / 1 bad. Answers their daily plan ids. */
async function produceToday(request: APIRequestContext, token: string, w: ProductionWorld) {
  const today: number[] = [];
  for (const o of w.operPlans) {
    const res = await request.get(`/api/productionplan/operplan/${o.id}/daily-plans`, { headers: auth(token) });
    const days = (await res.json()).data as { id: number; day: string }[];
    today.push(days.find((d) => d.day === seoulDay())!.id);
  }
  const put = async (data: Record<string, unknown>) => {
    const res = await request.put('/api/productionprofit', { headers: auth(token), data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await put({ id: today[0], goodQty: 8, badQty: 2, status: 'WORK_COMPLETED' });
  await put({ id: today[1], goodQty: 7, badQty: 1, status: 'WORK_COMPLETED', locationId: w.shelf.id });
  return today;
}

/**
 * Two in-process inspections of today's forming result, 4 samples each, taking 10 and 6 minutes, and a third not
 * timed: the product's row reads 3 inspections, 2 timed, 16 minutes, 8 pieces, 8 per inspection, 2 per piece.
 */
async function inspectTimed(request: APIRequestContext, token: string, w: ProductionWorld, formingDay: number) {
  const std = await request.post('/api/product-quality', {
    headers: auth(token),
    data: {
      productId: w.product.id,
      name: '두께',
      kind: 'NUMBER',
      lsl: 1,
      usl: 3,
      sampleSize: 4,
      stage: 'IN_PROCESS',
      operationId: w.forming.id,
    },
  });
  expect(std.status(), await std.text()).toBe(200);
  const [item] = (await std.json()).data as { id: number }[];
  for (const inspectionMinutes of [10, 6, null]) {
    const res = await request.post('/api/product-quality-result', {
      headers: auth(token),
      data: {
        dailyPlanId: formingDay,
        items: [{ standardId: item.id, samples: [2, 2, 2, 2].map((value) => ({ value })) }],
        inspectionMinutes,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const month = () => seoulDay().slice(0, 7);
const tableRow = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tr.ant-table-row', { hasText: text });

test('the KPI report: month and the 3 before, cards, charts, table, working time, PDF and Excel', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'KPI' });
  await produceToday(request, token, w);

  await page.goto('/report/kpi');
  await expect(page.getByTestId('page-title')).toHaveText('KPI 리포트');
  const m = month();
  await expect(page.getByTestId('kpi-months')).toContainText(`~ ${m}`);
  await expect(page.getByTestId('kpi-chart-achieve')).toBeVisible();
  await expect(page.getByTestId('kpi-card-defectRate')).toContainText(m);
  const row = tableRow(page, 'kpi-table', w.product.code).filter({ hasText: m });
  await expect(row).toHaveCount(1);
  const cells = row.locator('td');
  const text = await cells.allInnerTexts();
  // Product code, name, month, planned, good, bad, days, hours, achievement, per hour, defect rate.
  const at = text.indexOf(m);
  expect(text.slice(at + 2, at + 6)).toEqual(['7', '3', '1', '8']);
  expect(text[at + 7]).toBe('0.88');
  expect(text[at + 8]).toBe('30');
  await shot(page, 'kpi-report-kr-light');

  // Ten hours a day: 7 / 10 per hour.
  const hours = page.getByTestId('kpi-working-time');
  await hours.fill('10');
  await hours.press('Tab');
  await expect(row.locator('td').nth(at + 7)).toHaveText('0.7');
  await expect(page).toHaveURL(/workingTime=10/);

  const pdf = await saved(page, () => page.getByTestId('kpi-pdf').click());
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.name).toBe(`kpi-report-${m.replace('-', '')}.pdf`);
  const xlsx = await saved(page, () => page.getByTestId('kpi-excel').click());
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(await seriousA11y(page)).toEqual([]);

  // Another month: the four months move with it.
  await page.goto('/report/kpi?month=2025-03');
  await expect(page.getByTestId('kpi-months')).toContainText('2024-12 ~ 2025-03');
});

test('the workshop (atelier) KPI page in English and dark, PDF and Excel, 800 px wide', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(240_000);
  const w = await makeProductionWorld(request, token, { prefix: 'AKP' });
  const [formingDay] = await produceToday(request, token, w);
  await inspectTimed(request, token, w, formingDay);
  // The server's own runtime settings with the workshop business type.
  const runtime = await request.get('/api/system/runtime', { headers: auth(token) });
  expect(runtime.status()).toBe(200);
  const data = { ...(await runtime.json()).data, businessType: 'atelier' };
  await page.route('**/api/system/runtime', (route) => route.fulfill({ json: { data } }));
  await setTheme(request, token, 'light');
  try {
    await page.goto('/report/kpi');
    await expect(page.getByTestId('page-title')).toHaveText('KPI 리포트');
    // Inspection minutes per product, Korean and light: the product's row and the period's total beside the chart.
    const minutes = tableRow(page, 'atelier-minutes-table', w.product.code);
    await expect(minutes).toHaveCount(1);
    const code = await minutes.locator('td').allInnerTexts();
    const from = code.indexOf(w.product.code);
    // Code, name, inspections, timed, total minutes, pieces, per inspection, per piece.
    expect(code.slice(from + 2, from + 8)).toEqual(['3', '2', '16', '8', '8', '2']);
    await expect(page.getByTestId('atelier-minutes-chart')).toBeVisible();
    await expect(page.getByTestId('atelier-minutes-total')).toContainText('시간 기록 / 검사 건수');
    await minutes.scrollIntoViewIfNeeded();
    await shot(page, 'kpi-atelier-minutes-kr-light');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'kpi-atelier-kr-light');

    await setTheme(request, token, 'dark');
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('page-title')).toHaveText('KPI report');
    await expect(page.getByTestId('atelier-daily-chart')).toBeVisible();
    await expect(page.getByTestId('atelier-hourly-chart')).toBeVisible();
    const forming = tableRow(page, 'atelier-operation-table', w.forming.code);
    await expect(forming).toContainText('20');
    await expect(tableRow(page, 'atelier-operation-table', w.packing.code)).toContainText('12.5');
    await expect(tableRow(page, 'atelier-product-table', w.product.code)).toContainText('30');
    await expect(page.getByTestId('atelier-claims-table')).toBeVisible();
    await expect(page.getByTestId('atelier-inspection-table')).toContainText(month());
    await expect(page.getByTestId('atelier-minutes-total')).toContainText('Timed / inspections');
    await expect(tableRow(page, 'atelier-minutes-table', w.product.code)).toContainText('16');
    await shot(page, 'kpi-atelier-en-dark');
    await page.getByTestId('atelier-minutes-chart').scrollIntoViewIfNeeded();
    await shot(page, 'kpi-atelier-minutes-en-dark');
    expect(await seriousA11y(page)).toEqual([]);

    const pdf = await saved(page, () => page.getByTestId('kpi-pdf').click());
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.name).toMatch(/^atelier-kpi-\d{8}-\d{8}\.pdf$/);
    const xlsx = await saved(page, () => page.getByTestId('kpi-excel').click());
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');

    // A tablet-wide window (at phone width the shell sends a desktop path to the mobile pages, SPEC §2).
    await page.setViewportSize({ width: 800, height: 1000 });
    await expect(page.getByTestId('atelier-daily-chart')).toBeVisible();
    await shot(page, 'kpi-atelier-en-dark-800');

    // A period with nothing: the empty states (a slow first paint on a busy machine: a longer wait).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/report/kpi?days=2001-01-01+~+2001-01-31&startMonth=2001-01&endMonth=2001-03');
    await expect(page.getByTestId('atelier-daily-empty')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('atelier-operation-empty')).toBeVisible();
    await expect(page.getByTestId('atelier-minutes-empty')).toBeVisible();
    await shot(page, 'kpi-atelier-empty-en-dark');
  } finally {
    await setLocale(page, request, token, 'kr').catch(() => undefined);
    await setTheme(request, token, 'light');
  }
});
