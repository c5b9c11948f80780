import type { APIRequestContext, Page } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { applyVariant, closeByEscape, confirmOk, saveLocale, seriousA11y, setTheme, shot, uniq } from './helpers';

// Issue 17, the MCP server's API tokens: a user makes one in the profile dialog (the phone's settings on /m), sees it
// once, connects to /api/mcp with it as an assistant would, and revokes it; the server then refuses it.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** What an MCP client sends first after connecting: the list of tools (7, modules/mcp/README.md). */
function listTools(request: APIRequestContext, token: string) {
  return request.post('/api/mcp', {
    headers: {
      ...auth(token),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });
}

async function openFromProfile(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await page.getByTestId('profile-api-tokens-open').click();
  const dialog = page.getByTestId('api-tokens-dialog');
  // The test id is on the modal's root, which has no box of its own: a field inside tells it is open.
  await expect(dialog.getByTestId('api-token-name')).toBeVisible();
  return dialog;
}

const rowNamed = (page: Page, name: string) =>
  page.getByTestId('api-tokens-dialog').locator('[data-testid^=api-token-row-]', { hasText: name });

test('creates a token shown once, connects an MCP client with it, revokes it after a confirmation', async ({
  page,
  context,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/notice');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page.getByTestId('profile-api-tokens')).toContainText('API 토큰');
  await shot(page, 'api-tokens-profile-kr-light');
  await page.getByTestId('profile-api-tokens-open').click();
  let dialog = page.getByTestId('api-tokens-dialog');
  await expect(dialog.getByTestId('api-token-name')).toBeFocused();
  await expect(dialog).toContainText('AI 도우미(MCP 클라이언트)');

  // Enter with no name: the contract's message on the field, nothing made.
  await dialog.getByTestId('api-token-name').press('Enter');
  await expect(dialog.getByText('필수 입력 항목입니다.')).toBeVisible();
  await expect(dialog.getByTestId('api-token-secret')).toHaveCount(0);

  const name = uniq('Claude ');
  await dialog.getByTestId('api-token-name').fill(name);
  await expect(dialog.getByTestId('api-token-expiry')).toContainText('90일');
  await dialog.getByTestId('api-token-name').press('Enter');
  const secret = dialog.getByTestId('api-token-secret');
  await expect(secret).toHaveValue(/^eqms_[A-Za-z0-9_-]{43}$/);
  const token = await secret.inputValue();
  await expect(dialog.getByTestId('api-token-secret-warning')).toContainText('한 번만 표시됩니다');
  const origin = new URL(page.url()).origin;
  await expect(dialog.getByTestId('api-token-mcp-url')).toHaveText(`${origin}/api/mcp`);
  await expect(dialog.getByTestId('api-token-mcp-header')).toHaveText(`Authorization: Bearer ${token.slice(0, 11)}…`);
  await dialog.getByTestId('api-token-copy').click();
  await expect(page.getByTestId('snackbar').last()).toContainText('토큰을 복사했습니다.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const row = rowNamed(page, name);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(`${token.slice(0, 11)}…`);
  await expect(row).toContainText('사용 중');
  await expect(row).toContainText('사용 안 함');
  // 90 days by default, in the browser's day (Asia/Seoul).
  const in90Days = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(Date.now() + 90 * 86_400_000);
  await expect(row).toContainText(in90Days);
  await expect(dialog.getByTestId('api-token-name')).toHaveValue('');
  expect(await seriousA11y(page)).toEqual([]);
  await shot(page, 'api-tokens-created-kr-light');

  // The token opens the MCP server as its user: the seven read-only tools.
  const tools = await listTools(request, token);
  expect(tools.status()).toBe(200);
  expect(((await tools.json()).result.tools as unknown[]).length).toBe(7);

  // Shown once: after "copied" (or closing) it is gone for good; the list now says when it was used.
  await dialog.getByTestId('api-token-secret-done').click();
  await expect(dialog.getByTestId('api-token-secret')).toHaveCount(0);
  await dialog.getByTestId('api-tokens-close').click();
  await expect(dialog.getByTestId('api-token-name')).toBeHidden();
  // Back in the profile dialog, which stayed open under it.
  await page.getByTestId('profile-api-tokens-open').click();
  await expect(dialog.getByTestId('api-token-name')).toBeVisible();
  await expect(rowNamed(page, name)).not.toContainText('사용 안 함');
  await expect(dialog.getByTestId('api-token-secret')).toHaveCount(0);

  // Revoking asks first: cancel keeps it working.
  const revoke = rowNamed(page, name).getByRole('button', { name: /폐기/ });
  await revoke.click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(name);
  await page.getByTestId('confirm-cancel').click();
  await expect(rowNamed(page, name)).toHaveAttribute('data-status', 'active');
  expect((await listTools(request, token)).status()).toBe(200);

  await revoke.click();
  await confirmOk(page);
  await expect(page.getByTestId('snackbar').last()).toContainText('토큰을 폐기했습니다.');
  await expect(rowNamed(page, name)).toHaveAttribute('data-status', 'revoked');
  await expect(rowNamed(page, name)).toContainText('폐기됨');
  await expect(rowNamed(page, name).getByRole('button')).toHaveCount(0);
  expect((await listTools(request, token)).status()).toBe(401);

  // English and dark: the same list, the revoked row kept and greyed; the validation message in English.
  await applyVariant(page, request, adminToken, { locale: 'en', theme: 'dark' });
  dialog = await openFromProfile(page);
  await expect(rowNamed(page, name)).toContainText('Revoked');
  await dialog.getByTestId('api-token-create').click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  expect(await seriousA11y(page)).toEqual([]);
  await shot(page, 'api-tokens-en-dark');
  // Escape closes the token dialog only: the profile dialog under it stays.
  await closeByEscape(page, dialog.getByTestId('api-token-name'));
  await expect(page.getByTestId('profile-api-tokens-open')).toBeVisible();
});

test('on a phone the settings lead to the tokens; kr light and en dark', async ({
  signIn,
  workerAdmin,
  request,
  adminToken: session,
}) => {
  test.setTimeout(120_000);
  // A revoked token beside the ones made on the phone, so the narrow rows show both states.
  const old = await request.post('/api/api-tokens', {
    headers: auth(session),
    data: { name: uniq('old laptop '), expiresInDays: 30 },
  });
  expect(old.status()).toBe(200);
  const oldId = (await old.json()).data.id;
  expect((await request.delete(`/api/api-tokens/${oldId}`, { headers: auth(session) })).status()).toBe(200);

  for (const v of [
    { locale: 'kr', theme: 'light' },
    { locale: 'en', theme: 'dark' },
  ] as const) {
    await setTheme(request, session, v.theme);
    await saveLocale(request, session, v.locale);
    const { page, context } = await signIn(workerAdmin, PHONE);
    await page.goto('/m');
    await expect(page.getByTestId('mobile-shell')).toBeVisible();
    await page.getByTestId('mobile-settings-button').click();
    await page.getByTestId('mobile-api-tokens').click();
    const dialog = page.getByTestId('api-tokens-dialog');
    await expect(dialog.getByTestId('api-token-name')).toBeVisible();
    await expect(page.getByTestId('mobile-api-tokens')).toBeHidden();
    const name = uniq('phone ');
    await dialog.getByTestId('api-token-name').fill(name);
    await dialog.getByTestId('api-token-name').press('Enter');
    await expect(dialog.getByTestId('api-token-secret')).toHaveValue(/^eqms_/);
    await expect(rowNamed(page, name)).toHaveAttribute('data-status', 'active');
    await expect(dialog.locator(`[data-testid=api-token-row-${oldId}]`)).toHaveAttribute('data-status', 'revoked');
    // Nothing wider than the phone: the dialog and its table fit the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.viewport!.width);
    await shot(page, `api-tokens-phone-${v.locale}-${v.theme}`);
    await dialog.getByTestId('api-token-secret-done').click();
    await shot(page, `api-tokens-phone-list-${v.locale}-${v.theme}`);
    await context.close();
  }
  await setTheme(request, session, 'light');
  await saveLocale(request, session, 'kr');
});
