import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postData, seriousA11y, shot, uniq } from './helpers';

// The shop-floor kiosk (/kiosk, issue 13): made through the API — a factory with a line, a warehouse shelf, a tool,
// a product made in two operations whose BOM takes 2 KG of a material per piece, a plan of 10 for today spread over
// its operations, material received and released to the plan, a worker on the line. At 1,024 × 768 and by taps only,
// the operator picks factory and line, starts the first operation with its worker, enters 5 good and 1 bad
// (appearance) on the keypad, and ends it; the server has those totals. A plan whose line has no material shows the
// shortage table, in Korean and English. The top bar's kiosk button opens it in a new window, and a tablet (iPad)
// gets the kiosk, not the phone pages. Screenshots in light and dark at 1,024 × 768 and at a tablet's size.

test.use({ viewport: { width: 1024, height: 768 } });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The factory day (Asia/Seoul, as the browser of the tests), yyyy-MM-dd. */
const seoulDay = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const IPAD = {
  viewport: { width: 820, height: 1180 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

type Line = { factory: { id: number; name: string }; line: { id: number; name: string } };

/** A factory with a line, a warehouse shelf and a tool; a product of two operations needing 2 KG of a material each. */
async function makeLine(request: APIRequestContext, token: string) {
  const tag = uniq('KI').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line = await postData(request, token, '/api/location', {
    name: `${tag} 1라인`,
    type: 'LINE',
    parentId: factory.id,
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
  const tool = await postData(request, token, '/api/tool', { code: `${tag}-T`, name: '사출기', locationId: line.id });
  const forming = await postData(request, token, '/api/operation', { code: `${tag}-1`, name: '사출 성형' });
  const packing = await postData(request, token, '/api/operation', { code: `${tag}-2`, name: '포장' });
  const material = await postData(request, token, '/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 수지`,
    type: 'RAW',
    unit: 'KG',
    shelfLifeDays: 30,
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
  });
  await postData(request, token, '/api/operationplan/plans', {
    productId: product.id,
    plans: [{ operationId: forming.id, toolId: tool.id }, { operationId: packing.id }],
  });
  await postData(request, token, '/api/bom/material', { parentProductId: product.id, materialId: material.id, qty: 2 });
  return { tag, factory, line, shelf, tool, material, product };
}

/** A plan of `qty` for today only on the line, each operation's target spread onto today. */
async function makeTodayPlan(request: APIRequestContext, token: string, productId: number, lineId: number, qty = 10) {
  const day = seoulDay();
  const plan = await postData<{ id: number }>(request, token, '/api/productionplan/plan', {
    productId,
    qty,
    startDt: day,
    endDt: day,
    lineId,
  });
  const opers = (
    await (await request.get(`/api/productionplan/plan/${plan.id}/operplans`, { headers: auth(token) })).json()
  ).data as { id: number; seq: number }[];
  const daily: { id: number; day: string }[] = [];
  for (const o of opers) {
    const set = await postData<{ id: number; day: string }[]>(
      request,
      token,
      '/api/productionplan/operplan/daily-plans',
      {
        operPlanId: o.id,
        spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
      },
    );
    daily.push(...set.filter((d) => d.day === day));
  }
  expect(daily).toHaveLength(2);
  return { plan, first: daily[0], last: daily[1] };
}

/** A user made a worker of the line. */
async function makeWorker(request: APIRequestContext, token: string, lineId: number) {
  const userId = uniq('kiosk').toLowerCase();
  const user = await postData<{ id: number; username: string }>(request, token, '/api/user', {
    userId,
    username: `작업자 ${userId.slice(-4)}`,
    password: 'worker1234',
    enabled: true,
  });
  const res = await request.put('/api/worker', { headers: auth(token), data: { userId: user.id, lineId } });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

/** Chooses the factory and line: on the page at the first visit (nothing remembered), else from the place button. */
async function pickLine(page: Page, { factory, line }: Line) {
  const picker = page.getByTestId('kiosk-place-picker');
  const shown = page.getByTestId('kiosk-line-name');
  await expect(picker.or(shown)).toBeVisible();
  if (await shown.isVisible()) await page.getByTestId('kiosk-place-button').click();
  await picker.getByTestId(`kiosk-factory-${factory.id}`).click();
  await picker.getByTestId(`kiosk-line-${line.id}`).click();
  await expect(shown).toHaveText(line.name);
  await expect(picker).toBeHidden();
}

const workCard = (page: Page, code: string, seq: number): Locator =>
  page.locator(`[data-testid=kiosk-work][data-code="${code}"][data-seq="${seq}"]`);

test('an operator picks the line, starts a work, enters 5 good and 1 bad on the keypad and ends it', async ({
  page,
  request,
  adminToken: token,
}) => {
  const made = await makeLine(request, token);
  const { plan, first } = await makeTodayPlan(request, token, made.product.id, made.line.id);
  const worker = await makeWorker(request, token, made.line.id);
  const pkg = await postData<{ id: number }>(request, token, '/api/material-stock/ship-in', {
    materialId: made.material.id,
    qty: 30,
    locationId: made.shelf.id,
    packageId: `${made.tag}-PKG`,
  });
  await postData(request, token, '/api/material-stock/ship-out', { stockId: pkg.id, planId: plan.id, qty: 20 });

  // First visit: nothing remembered, the factory and line are asked for.
  await page.goto('/kiosk');
  await expect(page).toHaveTitle('키오스크 - eQMS');
  await expect(page.getByTestId('kiosk-place-picker')).toBeVisible();
  await expect(page.getByTestId('kiosk-clock')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await shot(page, 'kiosk-place-kr-light');
  expect(await seriousA11y(page)).toEqual([]);
  await pickLine(page, made);
  await expect(page.getByTestId('kiosk-place-button')).toContainText(made.line.name);
  await expect(page.getByTestId('kiosk-place-factory')).toHaveText(made.factory.name);
  await expect(page.getByTestId('kiosk-day')).toContainText(seoulDay());

  // Both operations of the plan: planned, 10 each, the first on the tool.
  const card = workCard(page, made.product.code, 1);
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('계획 완료');
  await expect(card.getByTestId('kiosk-work-operation')).toHaveText('공정 1/2 · 사출 성형');
  await expect(card.getByTestId('kiosk-work-tool')).toHaveText('사출기');
  await expect(card.getByTestId('kiosk-work-target')).toHaveText('10');
  await expect(card.getByTestId('kiosk-work-worker')).toHaveText('미지정');
  await expect(workCard(page, made.product.code, 2).getByTestId('kiosk-work-operation')).toContainText('2/2');
  await expect(card.getByTestId('kiosk-enter-button')).toBeDisabled();
  // Touch sizes: the action buttons are at least 56 px high, the numbers at least 32 px.
  expect((await card.getByTestId('kiosk-start-button').boundingBox())!.height).toBeGreaterThanOrEqual(56);
  const numberSize = await card
    .getByTestId('kiosk-work-target')
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(numberSize).toBeGreaterThanOrEqual(32);
  await shot(page, 'kiosk-works-kr-light');
  expect(await seriousA11y(page)).toEqual([]);

  // Start: the work has no worker, so the worker is asked for (the line's only one is proposed).
  await card.getByTestId('kiosk-start-button').click();
  const pickWorker = page.getByTestId(`kiosk-start-worker-${worker.id}`);
  await expect(pickWorker).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'kiosk-start-kr-light');
  await pickWorker.click();
  await page.getByTestId('kiosk-start-submit').click();
  await expect(page.getByTestId('kiosk-start-submit')).toBeHidden();
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('작업 중');
  await expect(card.getByTestId('kiosk-work-worker')).toHaveText(worker.username);

  // Enter the result on the keypad: 5 good, then the appearance chip and 1 bad.
  await card.getByTestId('kiosk-enter-button').click();
  await expect(page.getByTestId('kiosk-keypad')).toBeVisible();
  await page.getByTestId('kiosk-key-5').click();
  await page.getByTestId('kiosk-defect-APPEARANCE').click();
  await page.getByTestId('kiosk-key-1').click();
  await expect(page.getByTestId('kiosk-result-good-value')).toHaveText('+5');
  await expect(page.getByTestId('kiosk-defect-APPEARANCE-value')).toHaveText('+1');
  await expect(page.getByTestId('kiosk-result-after-good')).toHaveText('5');
  await expect(page.getByTestId('kiosk-result-after-bad')).toHaveText('1');
  await expect(page.getByTestId('kiosk-result-after-rate')).toHaveText('50%');
  await shot(page, 'kiosk-result-kr-light');
  expect(await seriousA11y(page)).toEqual([]);
  await page.getByTestId('kiosk-result-submit').click();
  await expect(page.getByTestId('kiosk-keypad')).toBeHidden();
  await expect(card.getByTestId('kiosk-work-good')).toHaveText('5');
  await expect(card.getByTestId('kiosk-work-bad')).toHaveText('1');
  await expect(card.getByTestId('kiosk-work-rate')).toHaveText('50%');

  // End, after its confirmation.
  await card.getByTestId('kiosk-end-button').click();
  await expect(page.getByTestId('kiosk-end-good')).toHaveText('5');
  await shot(page, 'kiosk-end-kr-light');
  await page.getByTestId('kiosk-end-submit').click();
  await expect(page.getByTestId('kiosk-end-submit')).toBeHidden();
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('작업 완료');
  await expect(card.getByTestId('kiosk-start-button')).toBeDisabled();
  await expect(card.getByTestId('kiosk-end-button')).toBeDisabled();

  // The server has the totals, the defect, the worker and both times.
  const res = await request.get(`/api/productionprofit/${first.id}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  const saved = (await res.json()).data;
  expect(saved).toMatchObject({
    status: 'WORK_COMPLETED',
    goodQty: 5,
    badQty: 1,
    defects: [{ defectCode: 'APPEARANCE', qty: 1 }],
    workerId: worker.id,
  });
  expect(saved.startedAt).not.toBeNull();
  expect(saved.endedAt).not.toBeNull();
  // 6 pieces × 2 KG came out of the released material.
  expect(saved.consumptions.reduce((s: number, c: { qty: number }) => s + c.qty, 0)).toBe(12);

  // A reload keeps the line (remembered on the device); English and dark from the header.
  await page.reload();
  await expect(page.getByTestId('kiosk-line-name')).toHaveText(made.line.name);
  await page.getByTestId('kiosk-lang-en').click();
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('Work completed');
  await expect(card.getByTestId('kiosk-start-button')).toHaveText(/Start/);
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await shot(page, 'kiosk-works-en-dark');
  expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
  await page.getByTestId('kiosk-lang-kr').click();
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'light');
});

test('a line without its material: the save is refused with the shortage table, in Korean and English', async ({
  page,
  request,
  adminToken: token,
}) => {
  const made = await makeLine(request, token);
  await makeTodayPlan(request, token, made.product.id, made.line.id);

  await page.goto('/kiosk');
  await pickLine(page, made);
  const card = workCard(page, made.product.code, 1);
  // No worker on this line: the work starts without one.
  await card.getByTestId('kiosk-start-button').click();
  await expect(page.getByTestId('kiosk-start-no-workers')).toBeVisible();
  await page.getByTestId('kiosk-start-submit').click();
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('작업 중');

  // 3 good need 6 KG; none was released to the plan.
  await card.getByTestId('kiosk-enter-button').click();
  await page.getByTestId('kiosk-key-3').click();
  await page.getByTestId('kiosk-result-submit').click();
  const row = page.locator(`[data-testid=kiosk-shortage-row][data-code="${made.material.code}"]`);
  await expect(row).toContainText(made.material.name);
  await expect(row.getByTestId('kiosk-shortage-qty')).toHaveText('6');
  await expect(page.getByTestId('kiosk-shortage')).toContainText('라인에 자재가 부족합니다');
  await expect(page.getByTestId('kiosk-keypad')).toBeVisible();
  await shot(page, 'kiosk-shortage-kr-light');
  expect(await seriousA11y(page)).toEqual([]);
  await page.getByTestId('kiosk-result-cancel').click();
  await expect(card.getByTestId('kiosk-work-good')).toHaveText('0');

  await page.getByTestId('kiosk-lang-en').click();
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await card.getByTestId('kiosk-enter-button').click();
  await page.getByTestId('kiosk-key-3').click();
  await page.getByTestId('kiosk-result-submit').click();
  await expect(page.getByTestId('kiosk-shortage')).toContainText('The line is short of material');
  await expect(row.getByTestId('kiosk-shortage-qty')).toHaveText('6');
  await shot(page, 'kiosk-shortage-en-dark');
  expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
  await page.getByTestId('kiosk-result-cancel').click();
  await page.getByTestId('kiosk-lang-kr').click();
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'light');
});

test('the top bar opens the kiosk in a new window', async ({ page }) => {
  await page.goto('/production/plan');
  await expect(page.getByTestId('desktop-shell')).toBeVisible();
  const button = page.getByTestId('kiosk-open');
  await button.hover();
  await expect(page.getByRole('tooltip')).toHaveText('키오스크 (새 창으로 열기)');
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/kiosk$/);
  await expect(popup.getByTestId('kiosk-header')).toBeVisible();
  // The opener stays where it was.
  await expect(page).toHaveURL(/\/production\/plan/);
  // The kiosk's close button, after its confirmation, closes the window the top bar opened.
  await popup.getByTestId('kiosk-close').click();
  await expect(popup.getByTestId('kiosk-close-confirm-submit')).toBeVisible();
  await Promise.all([popup.waitForEvent('close'), popup.getByTestId('kiosk-close-confirm-submit').click()]);
});

test('on a tablet the kiosk stays the kiosk (no phone pages), in light and dark', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: token,
}) => {
  const made = await makeLine(request, token);
  await makeTodayPlan(request, token, made.product.id, made.line.id);
  await makeWorker(request, token, made.line.id);
  const { page } = await signIn(workerAdmin, IPAD);
  await page.goto('/kiosk');
  await pickLine(page, made);
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByTestId('mobile-shell')).toHaveCount(0);
  const card = workCard(page, made.product.code, 1);
  await expect(card.getByTestId('kiosk-work-target')).toHaveText('10');
  // Nothing runs off the side of an upright tablet.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'kiosk-tablet-kr-light');
  await card.getByTestId('kiosk-start-button').click();
  await shot(page, 'kiosk-tablet-start-kr-light');
  await page.getByTestId('kiosk-start-cancel').click();
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('kiosk-lang-en').click();
  await expect(card.getByTestId('kiosk-work-status')).toHaveText('Plan completed');
  await shot(page, 'kiosk-tablet-en-dark');
  await page.getByTestId('kiosk-lang-kr').click();
  await page.getByTestId('kiosk-theme').click();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'light');
});
