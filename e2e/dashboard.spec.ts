import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { confirmOk, postData, saveLocale, seriousA11y, setLocale, setTheme, shot, uniq } from './helpers';

// Dashboards (issue 17): a dashboard is created on the page, gets three widgets, one is resized and one moved, the
// layout is saved and kept over a reload; it is renamed (the side menu follows) and deleted after a confirmation — in
// Korean (light). The slideshow cycles two dashboards every 5 s and Escape leaves it; a dashboard in English (dark) and
// /m/dashboard at phone width fit their windows.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Saved = { id: string; x: number; y: number; w: number; h: number };

async function savedWidgets(request: APIRequestContext, token: string, id: number): Promise<Saved[]> {
  const res = await request.get(`/api/dashboard/${id}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.widgets;
}

const widgetAt = (i: number) => ({
  id: `e2e-${crypto.randomUUID()}`,
  type: 'today-prod-status',
  x: (i % 2) * 6,
  y: Math.floor(i / 2) * 3,
  w: 6,
  h: 3,
  settings: {},
  refreshMinutes: 5,
});

async function makeDashboard(request: APIRequestContext, token: string, name: string, widgets = 2) {
  return postData<{ id: number; name: string }>(request, token, '/api/dashboard', {
    name,
    widgets: Array.from({ length: widgets }, (_, i) => widgetAt(i)),
  });
}

async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 15; i++) {
    await page.mouse.move(from.x + (dx * i) / 15, from.y + (dy * i) / 15);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** Every widget has its data (no skeleton left) before a screenshot. */
const loaded = (page: Page) => expect(page.locator('[data-testid^=widget-] .ant-skeleton')).toHaveCount(0);

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('creates a dashboard, places three widgets, keeps the layout, renames and deletes it', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const name = uniq('e2e 대시보드 ');
  await page.goto('/dashboard');
  await expect(page.getByTestId('page-dashboard')).toBeVisible();
  await page.getByTestId('dashboard-create').first().click();
  await page.getByTestId('dashboard-name-input').fill(name);
  await page.getByTestId('dashboard-name-form-submit').click();
  await expect(page.getByTestId('page-title')).toHaveText(name);
  await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('dashboard-no-widgets')).toBeVisible();
  // The side menu lists it under the dashboard entry.
  await expect(page.getByTestId(`menu-dashboard-${id}`)).toHaveText(name);

  // Edit: three widgets from the dialog (the offered types' first, today's production status, unless changed).
  await page.getByTestId('dashboard-edit').click();
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('dashboard-add-widget').click();
    await expect(page.getByTestId('widget-form-type')).toBeVisible();
    await page.getByTestId('widget-form-submit').click();
    await expect(page.getByTestId('widget-form-type')).toBeHidden();
  }
  const cards = page.locator('[data-testid=dashboard-grid] .react-grid-item');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('widget-today-prod-status').first()).toBeVisible();

  // Resize the first widget from 6 to about 9 columns by its bottom-right corner.
  const first = cards.first();
  await first.hover();
  const box = (await first.boundingBox())!;
  const column = box.width / 6;
  await dragBy(page, { x: box.x + box.width - 4, y: box.y + box.height - 4 }, column * 3, 0);
  await expect.poll(async () => Number(await first.getAttribute('data-grid-w'))).toBeGreaterThan(6);
  // Move the third widget to the top by its title bar.
  const third = cards.nth(2);
  const handle = third.locator('.dashboard-drag-handle');
  const hb = (await handle.boundingBox())!;
  const top = (await first.boundingBox())!;
  await dragBy(page, { x: hb.x + 20, y: hb.y + hb.height / 2 }, 0, top.y - hb.y - 40);
  // The handle takes the keyboard too: Shift+ArrowDown makes the widget a row taller.
  const rows = Number(await first.getAttribute('data-grid-h'));
  await first.getByTestId('widget-handle').focus();
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => Number(await first.getAttribute('data-grid-h'))).toBe(rows + 1);
  await shot(page, 'dashboard-edit-kr-light');
  expect(await seriousA11y(page)).toEqual([]);
  // Leaving with the unsaved layout asks first; staying keeps the edit.
  await page.getByTestId('menu-notice').click();
  await expect(page.getByTestId('confirm-cancel')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${id}$`));
  await expect(page.getByTestId('dashboard-save')).toBeVisible();
  await page.getByTestId('dashboard-save').click();
  await expect(page.getByTestId('dashboard-edit')).toBeVisible();

  const saved = await savedWidgets(request, token, id);
  expect(saved).toHaveLength(3);
  const widest = Math.max(...saved.map((w) => w.w));
  expect(widest).toBeGreaterThan(6);
  for (const w of saved) expect(w.x + w.w).toBeLessThanOrEqual(12);

  // A reload shows the saved layout.
  await page.reload();
  await expect(cards).toHaveCount(3);
  const shown = await cards.evaluateAll((els) =>
    els.map((e) => ({ w: Number(e.getAttribute('data-grid-w')), y: Number(e.getAttribute('data-grid-y')) })),
  );
  expect(shown.map((s) => s.w).sort()).toEqual(saved.map((s) => s.w).sort());
  await loaded(page);
  await shot(page, 'dashboard-layout-kr-light');
  expect(await seriousA11y(page)).toEqual([]);

  // Rename: the title and the side menu follow.
  const renamed = `${name} 2`;
  await page.getByTestId('dashboard-rename').click();
  await page.getByTestId('dashboard-name-input').fill(renamed);
  await page.getByTestId('dashboard-name-form-submit').click();
  await expect(page.getByTestId('page-title')).toHaveText(renamed);
  await expect(page.getByTestId(`menu-dashboard-${id}`)).toHaveText(renamed);

  // The dots menu offers create, the slideshow and a new window.
  await page.getByTestId('dashboard-menu-more').click();
  await expect(page.getByRole('menuitem', { name: '슬라이드쇼' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '새 창으로 열기' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete after the confirmation: gone from the menu and the server.
  await page.getByTestId('dashboard-delete').click();
  await confirmOk(page);
  await expect(page.getByTestId(`menu-dashboard-${id}`)).toHaveCount(0);
  const gone = await request.get(`/api/dashboard/${id}`, { headers: auth(token) });
  expect(gone.status()).toBe(404);
});

test('the slideshow cycles two dashboards every 5 s and Escape leaves it', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(90_000);
  const a = await makeDashboard(request, token, uniq('e2e 슬라이드A '));
  const b = await makeDashboard(request, token, uniq('e2e 슬라이드B '), 1);
  await page.goto('/dashboard/slides');
  await expect(page.getByTestId('slides-form')).toBeVisible();
  const boxes = page.getByTestId('slides-dashboards');
  // Only these two (earlier runs may have left others chosen).
  for (const box of await boxes.locator('input[type=checkbox]').all()) if (await box.isChecked()) await box.uncheck();
  await boxes.getByLabel(a.name).check();
  await boxes.getByLabel(b.name).check();
  await page.getByTestId('slides-cycle').getByText('5초').click();
  await page.getByTestId('slides-start').click();
  const show = page.getByTestId('slideshow');
  await expect(show).toBeVisible();
  await expect(page.getByTestId('slide-title')).toHaveText(a.name);
  await loaded(page);
  await shot(page, 'dashboard-slides-kr-light');
  expect(await seriousA11y(page)).toEqual([]);
  await expect(page.getByTestId('slide-title')).toHaveText(b.name, { timeout: 12_000 });
  await expect(page.getByTestId('slide-title')).toHaveText(a.name, { timeout: 12_000 });
  await page.keyboard.press('Escape');
  await expect(show).toBeHidden();
  // The choice is kept in local storage.
  await page.reload();
  await expect(page.getByTestId('slides-cycle').locator('.ant-radio-button-wrapper-checked')).toHaveText('5초');
  await expect(page.getByTestId('slides-dashboards').getByLabel(a.name)).toBeChecked();
});

test('a dashboard in English (dark) fits 1440×900, and /m/dashboard fits a phone', async ({
  page,
  request,
  adminToken: token,
  signIn,
  workerAdmin,
}) => {
  test.setTimeout(90_000);
  const d = await makeDashboard(request, token, uniq('e2e board '), 3);
  await page.goto(`/dashboard/${d.id}`);
  await expect(page.getByTestId('page-title')).toHaveText(d.name);
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('dashboard-edit')).toHaveText('Edit');
  await expect(page.locator('[data-testid=dashboard-grid] .react-grid-item')).toHaveCount(3);
  await expect(page.getByTestId('widget-today-prod-status').first()).toBeVisible();
  // The grid is laid out once its width is measured (a frame after the cards appear).
  await expect.poll(() => noSideScroll(page)).toBe(true);
  const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
  expect(grid.width).toBeGreaterThan(900);
  await loaded(page);
  await shot(page, 'dashboard-board-en-dark');
  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');

  const { page: phone } = await signIn(workerAdmin, PHONE);
  await phone.goto('/m/dashboard');
  await expect(phone.getByTestId('mobile-dashboard-name')).toBeVisible();
  await expect(phone.getByTestId('dashboard-column')).toBeVisible();
  await expect.poll(() => noSideScroll(phone)).toBe(true);
  const col = (await phone.getByTestId('dashboard-column').boundingBox())!;
  expect(col.width).toBeLessThanOrEqual(390);
  await loaded(phone);
  await shot(phone, 'dashboard-mobile-kr-light');
});
