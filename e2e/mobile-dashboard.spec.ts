import { expect, test } from './fixtures';
import { CHAT_URL } from '../playwright.config';
import { login, PHONE_360 } from './helpers';

// SPEC §2: /m/dashboard is routable everywhere but listed in the phone's menu only for the deployment flavour that
// turns it on (MOBILE_DASHBOARD=1, the third e2e server; the main server's drawer is checked in mobile-material.spec).
test.use({ baseURL: CHAT_URL, loggedIn: false });

test('the phone menu lists the dashboard when MOBILE_DASHBOARD is on, and it opens', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE_360, baseURL: CHAT_URL });
  const page = await context.newPage();
  await login(page, 'admin', 'admin1234', '/m/notice');
  await expect(page.getByTestId('mobile-shell')).toBeVisible();
  await page.getByTestId('mobile-menu-button').click();
  const menu = page.getByTestId('mobile-menu-items');
  await expect(menu.getByRole('menuitem').last()).toHaveText('대시보드');
  await menu.getByRole('menuitem', { name: '대시보드' }).click();
  await expect(page).toHaveURL(/\/m\/dashboard$/);
  await expect(page).toHaveTitle('대시보드 - eQMS');
  await context.close();
});
