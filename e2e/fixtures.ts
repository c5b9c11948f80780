import { LOCALE_STORAGE_KEY, TOKEN_STORAGE_KEY, USER_ID_STORAGE_KEY } from '@eqms/contract';
import {
  type APIRequestContext,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { ADMIN, shellAlertsKey } from './helpers';

/*
 * The fixtures every spec uses (import { test, expect } from './fixtures').
 *
 *   test('…', async ({ page, workerAdmin, adminToken, signIn }) => { await page.goto('/admin/user'); … });
 *
 * - `page` is already signed in as this worker's own administrator (`workerAdmin`, user id `e2e-admin-<n>`, the
 *   administrator role), in Korean, light theme, 1440×900. Open a screen with `page.goto(path)`: no login form.
 *   Each Playwright worker has its own administrator, so two workers never share a theme, saved table layout or
 *   session. The server theme of that administrator is put back to light before each test.
 * - `adminToken`: a bearer token of the same administrator, for setting up data through the API
 *   (`headers: { authorization: \`Bearer ${adminToken}\` }`).
 * - `signIn(user, contextOptions?)`: a new browser context signed in as any user through the API (pass
 *   `{ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }` for a phone); close it yourself.
 * - `test.use({ loggedIn: false })` in a file or describe: `page` starts signed out (login page tests).
 * - Tests that change what every user sees (menu configuration, custom fields, system settings, roles held by
 *   others) belong to the serial project: name the file in GLOBAL_SPECS in playwright.config.ts.
 * - Never log the shared page out: a test about logout signs in its own context (signIn or the login form).
 */

export type Account = { id: number; userId: string; password: string; username: string };
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Session = { state: StorageState; token: string; at: number };

const THEME_STORAGE_KEY = 'eqms.theme';
// The access token lives 15 minutes (ACCESS_TOKEN_TTL_S); a session older than this is replaced before a test, so
// the app never has to reissue (a reissue rotates the refresh cookie, and the stored one would then end the session).
const SESSION_MAX_AGE_MS = 10 * 60_000;

/** Signs in through the API and builds the storage state a browser context starts signed in with. */
export async function apiSession(userId: string, password: string, baseURL = BASE_URL): Promise<Session> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await ctx.post('/api/auth/login', { data: { userId, password } });
    expect(res.status(), `login of ${userId}`).toBe(200);
    const token = String(res.headers().authorization).replace('Bearer ', '');
    const { cookies } = await ctx.storageState();
    const origin = new URL(baseURL).origin;
    const localStorage = [
      { name: TOKEN_STORAGE_KEY, value: token },
      { name: USER_ID_STORAGE_KEY, value: userId },
      { name: LOCALE_STORAGE_KEY, value: 'kr' },
      { name: THEME_STORAGE_KEY, value: 'light' },
      // The shell's alert dialog (equipment shortages in the demo) counts as shown today: it would cover every screen.
      { name: shellAlertsKey(userId), value: '["*"]' },
    ];
    return { state: { cookies, origins: [{ origin, localStorage }] }, token, at: Date.now() };
  } finally {
    await ctx.dispose();
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates (or finds, after a worker restart) the worker's administrator, made by the seeded admin. */
async function ensureWorkerAdmin(api: APIRequestContext, workerIndex: number): Promise<Account> {
  const { token } = await apiSession(ADMIN.userId, ADMIN.password);
  const roles = (await (await api.get('/api/role/roles', { headers: auth(token) })).json()).data as {
    id: number;
    name: string;
  }[];
  const adminRole = roles.find((r) => r.name === '관리자');
  expect(adminRole, 'the seeded administrator role').toBeTruthy();
  const account = {
    userId: `e2e-admin-${workerIndex}`,
    password: 'e2eAdmin1234',
    username: `E2E 관리자 ${workerIndex}`,
  };
  const created = await api.post('/api/user', {
    headers: auth(token),
    data: { ...account, roleIds: [adminRole!.id], enabled: true },
  });
  if (created.status() === 200) return { ...account, id: (await created.json()).data.id };
  // Already there: a worker restarted after a failure with the same index on the same server.
  const found = await api.get('/api/user/users', { headers: auth(token), params: { q: account.userId, size: 5 } });
  const row = ((await found.json()).data as { id: number; userId: string }[]).find((u) => u.userId === account.userId);
  expect(row, `worker administrator ${account.userId}`).toBeTruthy();
  const reset = await api.put(`/api/user/${row!.id}/password`, {
    headers: auth(token),
    data: { password: account.password },
  });
  expect(reset.status()).toBe(200);
  return { ...account, id: row!.id };
}

type WorkerFixtures = {
  workerAdmin: Account;
  /** The worker administrator's current session (replaced when old or ended), and its server-side theme. */
  adminSession: {
    get: () => Promise<Session>;
    setTheme: (theme: 'light' | 'dark') => Promise<void>;
    setLocale: (locale: 'kr' | 'en') => Promise<void>;
  };
};

type TestFixtures = {
  /** false: `page` starts signed out. */
  loggedIn: boolean;
  adminToken: string;
  signIn: (user: { userId: string; password: string }, options?: BrowserContextOptions) => Promise<SignedIn>;
};

export type SignedIn = { context: BrowserContext; page: Page };

/** A new context signed in as the user through the API (no login form), Korean and light. */
export async function signInContext(
  browser: Browser,
  user: { userId: string; password: string },
  options: BrowserContextOptions = {},
): Promise<SignedIn> {
  const { state } = await apiSession(user.userId, user.password);
  const context = await browser.newContext({ ...options, storageState: state });
  return { context, page: await context.newPage() };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerAdmin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
      const account = await ensureWorkerAdmin(api, workerInfo.workerIndex);
      await api.dispose();
      await use(account);
    },
    { scope: 'worker' },
  ],
  adminSession: [
    async ({ workerAdmin }, use) => {
      let current: Session | null = null;
      const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
      const get = async () => {
        if (current && Date.now() - current.at < SESSION_MAX_AGE_MS) {
          // One cheap request tells whether a test ended the session (logout, user disabled).
          const me = await api.get('/api/user/me', { headers: auth(current.token) });
          if (me.status() === 200) return current;
        }
        current = await apiSession(workerAdmin.userId, workerAdmin.password);
        return current;
      };
      const setTheme = async (theme: 'light' | 'dark') => {
        const res = await api.put('/api/settings/user/theme', {
          headers: auth((await get()).token),
          data: { options: { theme, themeColor: 'blue' } },
        });
        expect(res.status()).toBe(200);
      };
      // The language is kept per user on the server and wins at sign-in: a look in English must not leak into the
      // next test of this worker.
      const setLocale = async (locale: 'kr' | 'en') => {
        const res = await api.put('/api/settings/user/locale', {
          headers: auth((await get()).token),
          data: { locale },
        });
        expect(res.status()).toBe(200);
      };
      await use({ get, setTheme, setLocale });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  loggedIn: [true, { option: true }],
  // Not the `request` fixture here: it would be made before Playwright applies baseURL, and tests would get it so.
  storageState: async ({ loggedIn, adminSession, storageState }, use) => {
    if (!loggedIn) return use(storageState);
    // The shell applies the server's theme after restoring the session: start every test from light.
    await adminSession.setTheme('light');
    await adminSession.setLocale('kr');
    await use((await adminSession.get()).state);
  },
  adminToken: async ({ adminSession }, use) => {
    await use((await adminSession.get()).token);
  },
  signIn: async ({ browser, adminSession }, use) => {
    // A sign-in applies the user's server-side language: start from Korean, as the tests expect.
    await adminSession.setLocale('kr');
    const opened: BrowserContext[] = [];
    await use(async (user, options) => {
      const signed = await signInContext(browser, user, options);
      opened.push(signed.context);
      return signed;
    });
    for (const c of opened) await c.close().catch(() => {});
  },
});

export { expect };

/** A phone's context options (SPEC §2: a mobile device is sent to the /m pages). */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
