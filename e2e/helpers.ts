import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const ADMIN = { userId: 'admin', password: 'admin1234' };
export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Logs in through the login form like a user and waits for the shell. */
export async function login(page: Page, userId = ADMIN.userId, password = ADMIN.password, redirect?: string) {
  await page.goto(`/auth/loginForm${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByTestId('login-user-id').fill(userId);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/auth\/loginForm/);
}

/** Switches the UI language through the top bar (kr | en). */
export async function setLocale(page: Page, locale: 'kr' | 'en') {
  await page.evaluate((l) => localStorage.setItem('eqms.locale', l), locale);
  await page.reload();
}

/** Full-page screenshot into e2e/screenshots/<name>.png (ignored by git; look at them). */
export async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
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
