import { expect, test } from './fixtures';
import { SHORT_SESSION_URL } from '../playwright.config';
import { login, shot } from './helpers';

// SPEC §4 session idle timeout on the server whose idle limit is 20 s: the countdown, the warning with its
// refresh button from 300 s (so at once here), refresh extending the session, and at zero the logout with the
// session-expired alert whose OK goes to login with the redirect query.
// Signed out: the worker's session belongs to the other server; this test signs in on the short-session one.
test.use({ baseURL: SHORT_SESSION_URL, loggedIn: false });

const seconds = (text: string | null) => {
  const m = /(\d\d):(\d\d)/.exec(text ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

test('the idle countdown warns, extends, and expires the session', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'admin', 'admin1234', '/admin/code');
  const countdown = page.getByTestId('session-countdown');
  await expect(countdown).toBeVisible();
  const first = seconds(await countdown.textContent());
  expect(first).toBeGreaterThan(10);
  expect(first).toBeLessThanOrEqual(20);
  await expect(page.getByTestId('session-warning')).toBeVisible();
  await expect(page.getByTestId('session-extend')).toBeVisible();
  await shot(page, 'session-warning-kr');

  // Idle time runs down; refresh extends the session on the server and resets the countdown.
  await expect.poll(async () => seconds(await countdown.textContent()), { timeout: 15_000 }).toBeLessThanOrEqual(12);
  await page.getByTestId('session-extend').click();
  await expect.poll(async () => seconds(await countdown.textContent())).toBeGreaterThanOrEqual(17);

  // At zero: logged out, the alert, and OK goes to login with the page to come back to.
  await expect(page.getByTestId('alert-text')).toHaveText('세션이 만료되었습니다. 다시 로그인하세요.', {
    timeout: 30_000,
  });
  expect(await page.evaluate(() => localStorage.getItem('eqms.accessToken'))).toBeNull();
  await shot(page, 'session-expired-kr');
  await page.getByTestId('alert-ok').click();
  await expect(page).toHaveURL(`/auth/loginForm?redirect=${encodeURIComponent('/admin/code')}`);
  await expect(page.getByTestId('login-submit')).toBeVisible();
});
