import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseInTree, chooseOption, confirmOk, postData, seriousA11y, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, type ProductionWorld, seoulDay } from './production-world';

// Daily quality results (issue 15, /quality/daily/result): a plan of 10 made through the API with today's results —
// forming 8 good / 2 bad (appearance), packing 7 good / 1 bad (function). In Korean: a new record, "fill from results"
// gives inspected 10, passed 7 and the defects by type; a wrong sum is refused by the server on the defects list; the
// saved row shows 3 failed; an edit is in the change history (read back through the API); delete after confirming.
// In English and dark: a record made through the API, the list, the dialog, and the 1,024 px desktop.

const rowOf = (page: Page, text: string) => page.getByTestId('dq-table').locator('tr.ant-table-row', { hasText: text });

/** Today's results of the world's plan: forming 8 / 2 bad, packing 7 / 1 bad. */
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
  await put({ id: today[0], goodQty: 8, badQty: 2, defects: [{ defectCode: 'APPEARANCE', qty: 2 }] });
  await put({
    id: today[1],
    goodQty: 7,
    badQty: 1,
    defects: [{ defectCode: 'FUNCTION', qty: 1 }],
    locationId: w.shelf.id,
  });
}

async function openScreen(page: Page, w: ProductionWorld) {
  await page.goto('/quality/daily/result');
  await expect(page.getByTestId('page-dailyQualityResult')).toBeVisible();
  const search = page.getByTestId('dq-search').locator('input');
  await search.fill(w.product.code);
  await search.press('Enter');
}

test('fill a day from its results, refuse a wrong sum, save, edit with history, delete after confirming', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'DQ' });
  await produceToday(request, token, w);

  await openScreen(page, w);
  await expect(page.getByTestId('page-title')).toHaveText('일일 품질 실적');
  await page.getByTestId('dq-create').click();
  await expect(page.getByTestId('dq-fill')).toBeDisabled();
  await chooseInTree(page, page.getByTestId('dq-line'), w.line.name);
  await chooseOption(page, 'dq-product', w.product.code, { type: true });
  await page.getByTestId('dq-fill').click();
  await expect(page.getByTestId('dq-fill-note')).toContainText('생산 실적 2건');
  await expect(page.getByTestId('dq-inspected')).toHaveValue('10');
  await expect(page.getByTestId('dq-passed')).toHaveValue('7');
  await expect(page.getByTestId('dq-defect-qty-0')).toHaveValue('2');
  await expect(page.getByTestId('dq-defect-code-0')).toContainText('외관');
  await expect(page.getByTestId('dq-defect-code-1')).toContainText('기능');

  // One fewer defect than failed: the server's message on the defects list, nothing saved.
  await page.getByTestId('dq-defect-qty-1').fill('0.5');
  await page.getByTestId('dq-dialog-submit').click();
  await expect(page.getByTestId('dq-defects-error')).toContainText('불합격 수량(검사 − 합격 = 3)');
  await shot(page, 'daily-quality-dialog-kr-light');
  await page.getByTestId('dq-defect-qty-1').fill('1');
  await page.getByTestId('dq-description').fill('정상 생산');
  await page.getByTestId('dq-dialog-submit').click();
  await expect(page.getByTestId('dq-inspected')).toBeHidden();
  const row = rowOf(page, w.product.code);
  await expect(row.getByTestId('dq-failed-cell')).toHaveText('3 개');
  await expect(row.getByTestId('dq-defects-cell')).toContainText('외관');
  await shot(page, 'daily-quality-list-kr-light');

  // Edit: 2 more passed out of 12 inspected; the change is in the history.
  await row.getByTestId(/^dq-edit-/).click();
  await expect(page.getByTestId('dq-inspected')).toBeVisible();
  await page.getByTestId('dq-inspected').fill('12');
  await page.getByTestId('dq-passed').fill('9');
  await page.getByTestId('dq-dialog-submit').click();
  await expect(page.getByTestId('dq-inspected')).toBeHidden();
  await expect(row.getByTestId('dq-failed-cell')).toHaveText('3 개');
  const listed = await request.get(`/api/daily-quality-result?q=${w.product.code}`, { headers: auth(token) });
  const id = (await listed.json()).data[0].id as number;
  const history = await request.get(`/api/history/record/daily_quality_results/${id}`, { headers: auth(token) });
  expect(history.status(), await history.text()).toBe(200);
  const revisions = (await history.json()).data as { revisionType: string; changedFields: string[] }[];
  expect(revisions.map((r) => r.revisionType)).toEqual(['ADD', 'MOD']);
  expect(revisions[1].changedFields).toEqual(expect.arrayContaining(['inspected_qty', 'passed_qty']));

  await row.getByTestId(/^dq-delete-/).click();
  await confirmOk(page);
  await expect(rowOf(page, w.product.code)).toHaveCount(0);
});

test('the daily quality screen in English and dark, and at 1,024 px', async ({ page, request, adminToken: token }) => {
  const w = await makeProductionWorld(request, token, { prefix: 'DQE' });
  await postData(request, token, '/api/daily-quality-result', {
    day: seoulDay(),
    lineId: w.line.id,
    productId: w.product.id,
    inspectedQty: 20,
    passedQty: 18,
    defects: [{ defectCode: 'APPEARANCE', qty: 2 }],
  });
  await setTheme(request, token, 'dark');
  await openScreen(page, w);
  await setLocale(page, request, token, 'en');
  try {
    await expect(page.getByTestId('page-title')).toHaveText('Daily quality results');
    await expect(rowOf(page, w.product.code).getByTestId('dq-failed-cell')).toHaveText(/^2 /);
    await shot(page, 'daily-quality-list-en-dark');
    expect(await seriousA11y(page)).toEqual([]);
    await page.getByTestId('dq-create').click();
    await page.getByTestId('dq-defect-add').click();
    await page.getByTestId('dq-dialog-submit').click();
    await expect(page.getByTestId('dq-dialog').locator('.ant-form-item-explain-error').first()).toBeVisible();
    await shot(page, 'daily-quality-dialog-en-dark');
    expect(await seriousA11y(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(rowOf(page, w.product.code)).toBeVisible();
    await shot(page, 'daily-quality-list-en-dark-1024');
  } finally {
    await setLocale(page, request, token, 'kr').catch(() => undefined);
    await setTheme(request, token, 'light');
  }
});
