import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { ADMIN, apiToken, login, setLocale, shot, uniq } from './helpers';

// The web shell end to end: login (success, wrong password, redirect query), guards (no token, role, 404,
// phone), the desktop layout (menu by role, language, theme, breadcrumbs, title, full-size and fromMobile
// queries), the profile dialog, settings drawer, OSS notice and logout. The login page's looks in both languages
// and themes are in look-through.spec.ts.

const QC = { userId: 'qc01', password: 'demo1234' };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function setServerTheme(request: APIRequestContext, token: string, theme: 'light' | 'dark', themeColor = 'blue') {
  const res = await request.put('/api/settings/user/theme', {
    headers: auth(token),
    data: { options: { theme, themeColor } },
  });
  expect(res.status()).toBe(200);
}

/** A fresh user with the demo quality role, so profile changes never touch the demo accounts. */
async function makeQualityUser(request: APIRequestContext, token: string) {
  const roles = await (await request.get('/api/role/roles', { headers: auth(token) })).json();
  const quality = (roles.data as { id: number; name: string }[]).find((r) => r.name === '품질');
  expect(quality).toBeTruthy();
  const userId = uniq('shell');
  const res = await request.post('/api/user', {
    headers: auth(token),
    data: { userId, username: '테스트 사용자', password: 'test1234', roleIds: [quality!.id], enabled: true },
  });
  expect(res.status()).toBe(200);
  return { userId, password: 'test1234' };
}

/** A solid-colour PNG of the given size in pixels (uncompressed rows, so the byte size follows the size). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      rows[o] = (x * 7 + y * 13) & 0xff;
      rows[o + 1] = 0x76;
      rows[o + 2] = 0xd2;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('login page', () => {
  test.use({ loggedIn: false });

  test('shows the contract message for a wrong password, in both languages', async ({ page }) => {
    await page.goto('/auth/loginForm');
    await expect(page.getByTestId('login-tagline')).toHaveText('공장 생산·품질·HACCP 통합 관리');
    await page.getByTestId('login-user-id').fill(QC.userId);
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-password').press('Enter');
    await expect(page.getByTestId('login-error')).toContainText('아이디와 비밀번호를 확인하세요.');
    await expect(page).toHaveURL(/\/auth\/loginForm$/);
    await page.getByTestId('login-lang-en').click();
    await expect(page.getByTestId('login-error')).toContainText('Please check your ID and password.');
    await expect(page.getByTestId('login-tagline')).toHaveText('Manufacturing, quality and HACCP for your factory');
    await shot(page, 'shell-login-error-en');
  });

  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/auth/loginForm');
    await page.getByTestId('login-lang-en').click();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('This field is required.')).toHaveCount(2);
  });

  test('logs in and opens the start page; a reload keeps the session', async ({ page }) => {
    await login(page);
    await expect(page.getByTestId('desktop-shell')).toBeVisible();
    // The demo administrator's home path is its dashboard (issue 17 "Home").
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
    await expect(page.getByTestId('widget-today-prod-status')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('eqms.accessToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('eqms.userId'))).toBe('admin');
    await page.reload();
    await expect(page.getByTestId('desktop-shell')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
  });

  test('honours the redirect query after login', async ({ page }) => {
    await login(page, ADMIN.userId, ADMIN.password, '/admin/code?from=e2e');
    await expect(page).toHaveURL(/\/admin\/code\?from=e2e$/);
    await expect(page.getByTestId('page-code')).toBeVisible();
  });

  test('sends a visitor without a token to login with the requested page, and back after login', async ({ page }) => {
    await page.goto('/admin/user?q=kim');
    await expect(page).toHaveURL(`/auth/loginForm?redirect=${encodeURIComponent('/admin/user?q=kim')}`);
    await page.getByTestId('login-user-id').fill(ADMIN.userId);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/admin\/user\?q=kim$/);
  });

  test('/auth goes to the login form', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/loginForm$/);
  });
});

test.describe('guards and menu', () => {
  test('the quality user sees their menu, not the admin menu; an admin page is /403', async ({ signIn }) => {
    const { page } = await signIn(QC);
    await page.goto('/notice');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-notice')).toBeVisible();
    await expect(menu.getByTestId('menu-baseinfo')).toBeVisible();
    await expect(menu.getByTestId('menu-system')).toHaveCount(0);
    await expect(menu.getByTestId('menu-user')).toHaveCount(0);
    await shot(page, 'shell-menu-qc01');
    await page.goto('/admin/user');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByTestId('error-403')).toBeVisible();
    await expect(page.getByTestId('snackbar').last()).toContainText('권한이 없습니다.');
    await shot(page, 'shell-403-kr');
    // Home: qc01's home dashboard (the demo seed's home path).
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
    // A group path the user has nothing in is denied too.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/403$/);
  });

  test('an unknown path is /404', async ({ page, request, adminToken }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByTestId('error-404')).toHaveText('페이지를 찾을 수 없습니다');
    await expect(page.getByText('페이지를 찾을 수 없습니다. 경로를 확인하세요.')).toBeVisible();
    await setLocale(page, request, adminToken, 'en');
    await expect(page.getByText('Page Not Found; please check route')).toBeVisible();
    await shot(page, 'shell-404-en');
  });

  test('a group path opens its first page; the title and breadcrumbs follow the page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/user$/);
    await expect(page).toHaveTitle('사용자 관리 - eQMS');
    await expect(page.getByTestId('breadcrumbs')).toContainText('시스템 관리');
    await expect(page.getByTestId('breadcrumbs')).toContainText('사용자 관리');
  });

  test('a phone on a desktop path goes to the mobile notice page', async ({ signIn, request }) => {
    const { page, context } = await signIn(QC, PHONE);
    await page.goto('/');
    await expect(page).toHaveURL(/\/m\/notice$/);
    await expect(page.getByTestId('mobile-shell')).toBeVisible();
    await page.goto('/admin/code');
    await expect(page).toHaveURL(/\/m\/notice$/);
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByTestId('mobile-menu').getByText('공지사항')).toBeVisible();
    await shot(page, 'shell-mobile-menu-kr');
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-settings-button').click();
    await page.getByTestId('mobile-settings').getByText('English').click();
    await page.getByTestId('mobile-settings').getByText('Dark').click();
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape');
    await shot(page, 'shell-mobile-en-dark');
    await context.close();
    await setServerTheme(request, await apiToken(request, QC.userId, QC.password), 'light');
  });
});

test.describe('desktop shell', () => {
  test('the language switch changes the menu labels', async ({ page }) => {
    await page.goto('/notice');
    const notice = page.getByTestId('side-menu').getByTestId('menu-notice');
    await expect(notice).toHaveText('공지사항');
    await page.getByTestId('lang-en').click();
    await expect(notice).toHaveText('Notices');
    await expect(page).toHaveTitle('Notices - eQMS');
    await shot(page, 'shell-desktop-en-light');
    await page.getByTestId('lang-kr').click();
    await expect(notice).toHaveText('공지사항');
    await shot(page, 'shell-desktop-kr-light');
  });

  test('the theme switch paints the page dark and is saved for the user', async ({
    page,
    request,
    adminToken,
    workerAdmin,
  }) => {
    await page.goto('/notice');
    const shell = page.getByTestId('desktop-shell');
    const background = () => shell.evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await background();
    await page.getByTestId('theme-button').click();
    await expect(page.getByTestId('settings-drawer')).toBeVisible();
    await shot(page, 'shell-settings-drawer-kr');
    await page.getByTestId('theme-dark').click();
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(background).not.toBe(light);
    await page.getByTestId('theme-color-teal').click();
    await expect(page.getByTestId('theme-color-teal')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('settings-tab-online').click();
    await expect(page.getByTestId('online-users')).toContainText(workerAdmin.userId);
    await shot(page, 'shell-online-users-dark');
    await page.keyboard.press('Escape');
    await shot(page, 'shell-desktop-kr-dark');
    const token = adminToken;
    const settings = await (await request.get('/api/settings/user', { headers: auth(token) })).json();
    expect(settings.data.options).toEqual({ theme: 'dark', themeColor: 'teal' });
    // A new session starts with the saved theme.
    await page.evaluate(() => localStorage.removeItem('eqms.theme'));
    await page.reload();
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('lang-en').click();
    await shot(page, 'shell-desktop-en-dark');
    await setServerTheme(request, token, 'light');
  });

  test('the start page can be set to the current page', async ({ signIn, request, adminToken }) => {
    const user = await makeQualityUser(request, adminToken);
    const { page } = await signIn(user);
    await page.goto('/baseinfo/location');
    await page.getByTestId('theme-button').click();
    await page.getByTestId('set-home').click();
    await expect(page.getByTestId('home-path')).toHaveText('/baseinfo/location');
    await page.goto('/');
    await expect(page).toHaveURL(/\/baseinfo\/location$/);
  });

  test('fullSizeYn=Y (and fullSizyYn=Y) hide the menu and top bar; fromMobile=Y collapses the menu and leaves the URL', async ({
    page,
  }) => {
    await page.goto('/notice?fullSizeYn=Y');
    await expect(page.getByTestId('shell-full-size')).toBeVisible();
    await expect(page.getByTestId('top-bar')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.goto('/notice?fullSizyYn=Y');
    await expect(page.getByTestId('shell-full-size')).toBeVisible();
    await page.goto('/notice?fromMobile=Y&x=1');
    await expect(page).toHaveURL(/\/notice\?x=1$/);
    await expect(page.getByTestId('side-drawer')).toHaveAttribute('data-collapsed', 'true');
    await shot(page, 'shell-desktop-mini');
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('side-drawer')).toHaveAttribute('data-collapsed', 'false');
  });

  test('a page visit is recorded after a second', async ({ page, request, adminToken }) => {
    await page.goto('/admin/code');
    await expect(page.getByTestId('page-code')).toBeVisible();
    // The app records a visit a second after the screen opened: asked until it is there (no fixed pause).
    const recorded = async () => {
      const from = new Date(Date.now() - 60_000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const res = await request.get('/api/system/page-hits', {
        headers: auth(adminToken),
        params: { from, to, page: 1, size: 100 },
      });
      expect(res.status()).toBe(200);
      const hits = (await res.json()).data as { name: string; path: string; app: string }[];
      return hits.some((h) => h.name === 'code' && h.path === '/admin/code' && h.app === 'eqms');
    };
    await expect.poll(recorded, { intervals: [250] }).toBe(true);
  });

  test('the scroll-to-top button appears after scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 400 });
    await page.goto('/OSS');
    await expect(page.getByTestId('oss-table')).toContainText('@ant-design');
    await expect(page.getByTestId('scroll-top')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(page.getByTestId('scroll-top')).toBeVisible();
    await page.getByTestId('scroll-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  });

  test('the OSS notice lists the shipped packages with their licences', async ({ page }) => {
    await page.goto('/notice');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-oss').click();
    await expect(page).toHaveURL(/\/OSS$/);
    const table = page.getByTestId('oss-table');
    await expect(table).toContainText('@ant-design/icons');
    await table.getByTestId('oss-table-filter').fill('react-dom');
    await expect(table).toContainText('react-dom');
    await expect(table).toContainText('MIT');
    await shot(page, 'shell-oss-kr');
  });
});

test.describe('profile dialog', () => {
  test('validates with the contract messages and saves the profile', async ({ signIn, request, adminToken }) => {
    const user = await makeQualityUser(request, adminToken);
    const { page } = await signIn(user);
    await page.goto('/notice');
    await page.getByTestId('lang-en').click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    const dialog = page.getByTestId('profile-dialog');
    await expect(dialog.getByTestId('profile-user-id')).toHaveValue(user.userId);
    await expect(dialog.getByTestId('profile-user-id')).toBeDisabled();
    await dialog.getByTestId('profile-phone').fill('010-123-4567');
    await dialog.getByTestId('profile-phone').blur();
    await expect(dialog.getByText('Invalid phone number.[000-0000-0000]')).toBeVisible();
    await dialog.getByTestId('profile-username').fill('');
    await dialog.getByTestId('profile-password').fill('short');
    await dialog.getByTestId('profile-password-confirm').fill('other');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar').last()).toContainText('Invalid input value');
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await expect(dialog.getByText('The password needs at least 8 characters with letters and digits.')).toBeVisible();
    await expect(dialog.getByText('The passwords do not match.')).toBeVisible();
    await shot(page, 'shell-profile-invalid-en');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('lang-kr').click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await dialog.getByTestId('profile-phone').fill('0101234567');
    await dialog.getByTestId('profile-phone').blur();
    await expect(dialog.getByText('잘못된 전화번호입니다.[000-0000-0000]')).toBeVisible();
    await shot(page, 'shell-profile-invalid-kr');

    await dialog.getByTestId('profile-username').fill('새 이름');
    await dialog.getByTestId('profile-phone').fill('010-1234-5678');
    await dialog.getByTestId('profile-password').fill('newpass123');
    await dialog.getByTestId('profile-password-confirm').fill('newpass123');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('snackbar').last()).toContainText('저장되었습니다.');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('user-menu')).toContainText('새 이름');
    // The new password works; the form opens again with the password blank.
    expect(
      (await request.post('/api/auth/login', { data: { userId: user.userId, password: 'newpass123' } })).status(),
    ).toBe(200);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await expect(dialog.getByTestId('profile-phone')).toHaveValue('010-1234-5678');
    await expect(dialog.getByTestId('profile-password')).toHaveValue('');
  });

  test('accepts only images of at most 100 KB as the photo', async ({ signIn, request, adminToken }) => {
    const user = await makeQualityUser(request, adminToken);
    const { page } = await signIn(user);
    await page.goto('/notice');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    const input = page.getByTestId('profile-dialog').locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByTestId('snackbar').last()).toContainText('이미지만 업로드할 수 있습니다.');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(200, 200) });
    await expect(page.getByTestId('snackbar').last()).toContainText('100KB');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(24, 24) });
    await expect(page.getByTestId('profile-dialog').locator('.ant-avatar img')).toBeVisible();
    await expect(page.getByTestId('user-menu').locator('.ant-avatar img')).toBeVisible();
    await shot(page, 'shell-profile-photo-kr');
    await page.getByTestId('profile-photo-remove').click();
    await expect(page.getByTestId('user-menu').locator('.ant-avatar img')).toHaveCount(0);
  });
});

test('logout asks for confirmation, then ends the session', async ({ signIn, workerAdmin }) => {
  // A session of its own: the shared one of this worker must live on.
  const { page } = await signIn(workerAdmin);
  await page.goto('/notice');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page.getByTestId('confirm-ok')).toBeVisible();
  await expect(page.getByText('로그아웃 하시겠습니까?')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('desktop-shell')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/auth\/loginForm$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('eqms.accessToken'))).toBeNull();
  await page.goto('/notice');
  await expect(page).toHaveURL(/\/auth\/loginForm\?redirect=%2Fnotice$/);
  // This login page runs inside the loaded app (the router's), not as the standalone first page: it goes on too.
  await page.getByTestId('login-user-id').fill(workerAdmin.userId);
  await page.getByTestId('login-password').fill(workerAdmin.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/notice$/);
  await expect(page.getByTestId('desktop-shell')).toBeVisible();
});
