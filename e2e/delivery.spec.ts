import { expect, test } from '@playwright/test';
import { FIRST_PAGE_JS_BUDGET, LOGIN_JS_BUDGET, measureTransfer, transferTable } from '../bench/transfer';
import { BASE_URL } from '../playwright.config';
import { ADMIN } from './helpers';

// Issue 10 §1: what a browser downloads. At most 150 KB of compressed JavaScript for a cold login page, at most 350 KB
// more for signing in and the first desktop page, and no script uncompressed. The same measurement is `npm run
// bench`'s transfer table (bench/transfer.ts); its numbers are in bench/RESULTS.md.

test('the login page and the first page after sign-in stay within their JavaScript budget', async ({ browser }) => {
  const report = await measureTransfer(browser, BASE_URL, ADMIN);
  const table = transferTable(report);
  await test.info().attach('transfer.md', { body: table, contentType: 'text/markdown' });
  console.log(table);

  expect(report.landedOn).not.toMatch(/^\/auth/);
  expect(report.login.uncompressedJs, 'JavaScript files sent without content-encoding').toBe(0);
  expect(report.afterLogin.uncompressedJs, 'JavaScript files sent without content-encoding').toBe(0);
  expect(report.login.js, 'compressed JS bytes of a cold /auth/loginForm').toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  expect(report.afterLogin.js, 'compressed JS bytes that sign-in and the first page add').toBeLessThanOrEqual(
    FIRST_PAGE_JS_BUDGET,
  );
});
