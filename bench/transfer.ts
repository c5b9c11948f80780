// What a browser actually downloads (ARCHITECTURE §9, issue 10 §1): a cold Chromium opens /auth/loginForm, then
// logs in and lands on the first page; for each step the bytes on the wire (compressed, headers included, as
// Chromium's network layer counts them) are summed per kind. `npm run bench` prints it; `tsx bench/transfer.ts`
// runs it alone against the built web app (`npm run build` first), or against a running server with
// TRANSFER_URL=http://127.0.0.1:3000; TRANSFER_FILES=1 also lists each script with its bytes. e2e/delivery.spec.ts
// holds the same numbers to their bounds.
import type { Browser, CDPSession, Page } from '@playwright/test';

/** Bytes on the wire for one step, by kind (KB in the output are 1,024 bytes). */
export type Transfer = {
  js: number;
  css: number;
  html: number;
  api: number;
  other: number;
  total: number;
  jsFiles: number;
  /** JS responses that came without content-encoding (should be none). */
  uncompressedJs: number;
  /** Each JavaScript file and its bytes, largest first (TRANSFER_FILES=1 prints them). */
  jsByFile: [string, number][];
};
export type TransferReport = { login: Transfer; afterLogin: Transfer; landedOn: string };

/**
 * The bounds of issue 10 §1: compressed JavaScript of a cold login page, and what signing in and opening the first
 * desktop page (the notice list) add to it. Measured 73.3 KB and 340.6 KB (bench/RESULTS.md); e2e/delivery.spec.ts
 * fails above them. 2026-11-27: 79.3 and 352.0 KB. The first page grew by the route registry's preload lists (each
 * lazy screen's chunk list, ~0.3 KB a screen: issue 16 added ten) and the shell's alert button with its two calls
 * (its dialog and tables load only when it opens); hence 360. Later that day: the administrator of the demo factory has
 * alerts, so the dialog opens by itself after sign-in and loads its views; the measurement counted them only when they
 * came before the network went quiet (352–364 KB, and CI failed on 363.9). It now waits for them always: 361.6–363.0 KB
 * after the part-replacement view stopped loading the vehicle calls' schemas (−2 KB); hence 370. The first page is now
 * the dashboard screen (issue 17: the start page of a user without a home path): 362.3 KB for an empty one once its grid
 * and dialogs load only when needed (408.5 before). The lever when it next presses: split the registry by menu group,
 * or `build.modulePreload.resolveDependencies` keeping only what a screen shares with no other.
 */
export const LOGIN_JS_BUDGET = 150 * 1024;
export const FIRST_PAGE_JS_BUDGET = 370 * 1024;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Kind = 'js' | 'css' | 'html' | 'api' | 'other';
type Seen = { type: string; mime: string; encoded: boolean; url: string };

/** Counts every response of a page through the DevTools protocol until `take()` is called. */
async function recorder(cdp: CDPSession) {
  const seen = new Map<string, Seen>();
  let bytes: { kind: Kind; n: number; encoded: boolean; url: string }[] = [];
  await cdp.send('Network.enable');
  // The browser cache would hide bytes a first visit pays; a new context starts empty, this keeps it so.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(e.requestId, {
      type: e.type,
      mime: e.response.mimeType,
      encoded: Boolean(headers['content-encoding'] && headers['content-encoding'] !== 'identity'),
      url: e.response.url,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = seen.get(e.requestId);
    if (!s) return;
    const kind: Kind =
      s.type === 'Script' || s.mime.includes('javascript')
        ? 'js'
        : s.type === 'Stylesheet' || s.mime === 'text/css'
          ? 'css'
          : s.type === 'Document'
            ? 'html'
            : s.type === 'Fetch' || s.type === 'XHR'
              ? 'api'
              : 'other';
    bytes.push({ kind, n: e.encodedDataLength, encoded: s.encoded, url: s.url });
  });
  return {
    take(): Transfer {
      const t: Transfer = {
        js: 0,
        css: 0,
        html: 0,
        api: 0,
        other: 0,
        total: 0,
        jsFiles: 0,
        uncompressedJs: 0,
        jsByFile: [],
      };
      for (const b of bytes) {
        t[b.kind] += b.n;
        t.total += b.n;
        if (b.kind === 'js') {
          t.jsFiles++;
          if (!b.encoded) t.uncompressedJs++;
          t.jsByFile.push([new URL(b.url).pathname.replace('/assets/', ''), b.n]);
        }
      }
      t.jsByFile.sort((a, b) => b[1] - a[1]);
      bytes = [];
      return t;
    },
  };
}

/** Lets lazy chunks and the page's first queries finish: network quiet for a moment. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle');
}

/**
 * The shell's alert calls (apps/web/src/app/shell-alerts/registry.ts; shell-alerts.test.ts holds the two lists equal).
 * When one answers rows, the alert dialog opens by itself and loads its views: part of the first page, so the
 * measurement waits for it (it once finished after the network went quiet and was counted on some runs only).
 */
export const SHELL_ALERT_PATHS = ['/equipment/insufficient-list', '/vehicle/maintenance-alerts'];

/**
 * Opens the login page in a new (cold) context, then signs in through the form and waits for the first page.
 * `afterLogin` counts only what the sign-in and the first page added to what the login page had loaded.
 */
export async function measureTransfer(
  browser: Browser,
  baseUrl: string,
  credentials = { userId: 'admin', password: 'admin1234' },
): Promise<TransferReport> {
  const context = await browser.newContext({
    // Cold: inside a Playwright test a new context would otherwise start from the test's signed-in storage state.
    storageState: { cookies: [], origins: [] },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = await context.newPage();
    const rec = await recorder(await context.newCDPSession(page));
    await page.goto(`${baseUrl}/auth/loginForm`);
    await page.getByTestId('login-submit').waitFor();
    await settle(page);
    const login = rec.take();
    const alertAnswers: Promise<unknown>[] = [];
    page.on('response', (r) => {
      if (SHELL_ALERT_PATHS.some((p) => new URL(r.url()).pathname === `/api${p}`)) {
        alertAnswers.push(r.json().catch(() => null));
      }
    });
    await page.getByTestId('login-user-id').fill(credentials.userId);
    await page.getByTestId('login-password').fill(credentials.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.locator('[data-testid=desktop-shell]').waitFor();
    await settle(page);
    const answers = (await Promise.all(alertAnswers)) as { data?: unknown[] }[];
    if (answers.some((a) => (a?.data?.length ?? 0) > 0)) {
      await page.getByTestId('shell-alerts-close').waitFor();
      await settle(page);
    }
    const afterLogin = rec.take();
    return { login, afterLogin, landedOn: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;

/** Markdown rows for RESULTS.md and the bench output. */
export function transferTable(r: TransferReport): string {
  const both: Transfer = { ...r.login, jsByFile: [...r.login.jsByFile, ...r.afterLogin.jsByFile] };
  for (const k of ['js', 'css', 'html', 'api', 'other', 'total', 'jsFiles', 'uncompressedJs'] as const) {
    both[k] = r.login[k] + r.afterLogin[k];
  }
  const row = (name: string, t: Transfer) =>
    `| ${name} | ${kb(t.js)} (${t.jsFiles} files${t.uncompressedJs ? `, ${t.uncompressedJs} uncompressed` : ''}) | ${kb(t.css)} | ${kb(t.html)} | ${kb(t.api)} | ${kb(t.other)} | ${kb(t.total)} |`;
  return [
    '| step (KB on the wire) | JS | CSS | HTML | API | other | total |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('cold /auth/loginForm', r.login),
    row(`sign in → ${r.landedOn} (added)`, r.afterLogin),
    row('login page + first page', both),
  ].join('\n');
}

/** Starts the app (embedded PGlite, admin/admin1234, the built web app) on a free port; returns its URL. */
export async function startApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { migrateDatabase, openPglite } = await import('../apps/server/src/db/client.ts');
  const { seedAdmin } = await import('../apps/server/src/db/seed/admin.ts');
  const database = await openPglite(null);
  await migrateDatabase(database);
  await seedAdmin(database.db, 'admin1234');
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench', LOG_LEVEL: 'silent' });
  if (!config.webDist) throw new Error('no web build');
  const app = await buildApp({ config, database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Runs the measurement with its own server and browser; null when the web app is not built. */
export async function benchTransfer(): Promise<TransferReport | null> {
  const { existsSync } = await import('node:fs');
  const path = await import('node:path');
  const external = process.env.TRANSFER_URL;
  if (!external && !existsSync(path.resolve(import.meta.dirname, '../apps/web/dist/index.html'))) return null;
  const { chromium } = await import('@playwright/test');
  const server = external ? { url: external.replace(/\/$/, ''), close: async () => {} } : await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    return await measureTransfer(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1])) {
  const r = await benchTransfer();
  console.log(r ? transferTable(r) : 'web app not built (npm run build)');
  if (r && process.env.TRANSFER_FILES) {
    for (const [step, t] of [
      ['login', r.login],
      ['after login', r.afterLogin],
    ] as const) {
      console.log(`\n${step}:`);
      for (const [file, n] of t.jsByFile) console.log(`  ${kb(n).padStart(7)}  ${file}`);
    }
  }
  process.exit(0);
}
