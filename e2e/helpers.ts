import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContextOptions, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { userId: 'admin', password: 'admin1234' };
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Logs in through the login form like a user and waits for the shell. */
export async function login(
  page: Page,
  userId = ADMIN.userId,
  password = ADMIN.password,
  redirect?: string,
  opts: { shellAlerts?: boolean } = {},
) {
  await page.goto(`/auth/loginForm${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  // The shell's alert dialog (equipment shortages in the demo) opens once a day on login: marked as shown today so it
  // does not cover the screens under test, unless the test is about it (e2e/equipment.spec.ts).
  if (!opts.shellAlerts) await page.evaluate((key) => localStorage.setItem(key, '["*"]'), shellAlertsKey(userId));
  await page.getByTestId('login-user-id').fill(userId);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/auth\/loginForm/);
}

/** The localStorage key of the shell alerts shown today (web app/shell-alerts), in the browser's day (Asia/Seoul). */
export function shellAlertsKey(userId: string) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
  return `eqms.shellAlerts.${userId}.${day}`;
}

/**
 * Switches the UI language (kr | en) as the top bar's switch does: on the device and, since the user's language is kept
 * on the server and applied when the session is restored, for the signed-in user (`token`) too; then reloads.
 */
export async function setLocale(page: Page, request: APIRequestContext, token: string, locale: 'kr' | 'en') {
  await saveLocale(request, token, locale);
  await page.evaluate((l) => localStorage.setItem('eqms.locale', l), locale);
  await page.reload();
}

/** Saves the user's language through the settings API (the shell applies it on the next load). */
export async function saveLocale(request: APIRequestContext, token: string, locale: 'kr' | 'en') {
  const res = await request.put('/api/settings/user/locale', {
    headers: { authorization: `Bearer ${token}` },
    data: { locale },
  });
  expect(res.status()).toBe(200);
}

/**
 * Waits until every running animation that ends (antd motion: a drawer sliding, a modal zooming, colours after a theme
 * change; not a spinner's endless one) has finished, and a frame is painted after it. A condition, where a fixed
 * 300 ms pause cost every screenshot its 300 ms and still missed a slow animation on a busy machine.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let round = 0; round < 5; round++) {
      const ending = document.getAnimations().filter((a) => {
        const end = a.effect?.getComputedTiming().endTime;
        return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
      });
      if (!ending.length) break;
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * axe-core's critical and serious findings (as e2e/look-through.spec.ts fails on), one line each, of the page at rest:
 * the pointer off whatever it last clicked (a hover colour is not the screen's) and the colours settled. `only`: one
 * rule. Legacy mode runs axe in the page itself, and only violations come back (see look-through's checkAccessibility).
 */
export async function seriousA11y(page: Page, only?: string) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const { violations } = await (only ? builder.withRules([only]) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Full-page screenshot into e2e/screenshots/<name>.png (ignored by git; look at them), once animations are done. */
export async function shot(page: Page, name: string) {
  await settleAnimations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** An access token through the API, for setting up data quickly. */
export async function apiToken(request: APIRequestContext, userId = ADMIN.userId, password = ADMIN.password) {
  const res = await request.post('/api/auth/login', { data: { userId, password } });
  expect(res.status()).toBe(200);
  return String(res.headers().authorization).replace('Bearer ', '');
}

let n = 0;
export const uniq = (prefix = 'e2e') => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

/** The four looks every screen is photographed in by look-through.spec.ts (feature specs use one). */
export const VARIANTS = [
  { locale: 'kr', theme: 'light' },
  { locale: 'en', theme: 'light' },
  { locale: 'kr', theme: 'dark' },
  { locale: 'en', theme: 'dark' },
] as const;
export type Variant = (typeof VARIANTS)[number];

/** Saves the user's theme through the settings API (the shell applies it on the next load). */
export async function setTheme(request: APIRequestContext, token: string, theme: 'light' | 'dark') {
  const res = await request.put('/api/settings/user/theme', {
    headers: { authorization: `Bearer ${token}` },
    data: { options: { theme, themeColor: 'blue' } },
  });
  expect(res.status()).toBe(200);
}

/** Theme and language of one variant, applied by a reload once the session is restored (a reload mid-restore loses it). */
export async function applyVariant(page: Page, request: APIRequestContext, token: string, v: Variant) {
  const shell = page.locator('[data-testid=desktop-shell], [data-testid=mobile-shell]');
  await expect(shell).toBeVisible();
  await setTheme(request, token, v.theme);
  await setLocale(page, request, token, v.locale);
  await expect(shell).toBeVisible();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', v.theme);
}

/** The open dropdown of a select (antd keeps closed ones in the page, hidden). */
export const visibleDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Closes a dialog with Escape as a user does. antd hands Escape to the top of its stack of open layers, and a nested
 * dialog that just closed leaves that stack a moment later: an Escape in that moment is taken by it, so the key is
 * pressed again until the dialog is gone.
 */
export async function closeByEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Presses OK in the confirm dialog; a click during its opening motion can be lost, so it is repeated until it closes. */
export async function confirmOk(page: Page) {
  const ok = page.getByTestId('confirm-ok');
  // Open first: a check before the dialog shows would find nothing to press and "closed" at once.
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2000 });
    await expect(ok).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Clicks `trigger` until `shown` is visible: a click while the list under it redraws can land on a replaced node. */
export async function openWith(trigger: Locator, shown: Locator) {
  await expect(async () => {
    if (!(await shown.isVisible())) await trigger.click({ timeout: 2000 });
    await expect(shown).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Picks an option of a select; retried, as a click can land while the dropdown is still moving in. `type` types the
 * option into a searchable select first (the dropdown renders only the options in view); `exact` matches the whole
 * label.
 */
export async function chooseOption(
  page: Page,
  testId: string,
  option: string,
  how: { type?: boolean; exact?: boolean } = {},
) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    const input = select.locator('input').first();
    if (how.type && (await input.isEditable())) await input.fill(option);
    await visibleDropdown(page)
      .locator('.ant-select-item-option', { hasText: how.exact ? exactly(option) : option })
      .first()
      .click({ timeout: 2000 });
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks a node of a searchable antd TreeSelect by its text (typed first: the list is virtual) and checks that it
 * shows. A click during the popup's opening motion can be lost, so it is retried until the choice shows; the text is
 * typed on each try, as a popup closed between tries forgets its search.
 */
export async function chooseInTree(page: Page, select: Locator, text: string) {
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(text);
    await visibleDropdown(page)
      .locator(
        '.ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled) .ant-select-tree-node-content-wrapper',
        { hasText: text },
      )
      .first()
      .click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Drags a row's handle onto another row (dnd-kit needs several pointer moves past its activation distance). */
export async function drag(page: Page, handle: Locator, target: Locator) {
  // Let the list settle (column widths follow loaded code names) before measuring.
  await handle.hover();
  await page.waitForTimeout(400);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  const y1 = to.y + to.height / 2;
  await page.mouse.move(x, y0);
  await page.mouse.down();
  // Small steps with pauses: the sensor activates after a few pixels and the list animates under the pointer.
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(x, y0 + ((y1 - y0) * i) / 20);
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(200);
  await page.mouse.up();
}

/** POSTs test data through the API as the token's user; fails the test on anything but 200 and answers `data`. */
export async function postData<T = { id: number; name: string; code: string }>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
): Promise<T> {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** A 360 px Android phone with touch (the narrowest the phone pages are made for). */
export const PHONE_360: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};
