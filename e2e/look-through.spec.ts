import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { MENU_INDEX, MENU_TREE } from '@eqms/contract';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { SCREENSHOTS, type Variant, VARIANTS } from './helpers';

// One look at every screen in every variant: Korean and English, light and dark at 1,440×900, the mobile pages
// at phone size, a sample of desktop pages on a tablet-wide window and the login page. Each look checks that the
// screen renders (its frame shows, no error page, no console error, no failed request, no error message) and
// takes the screenshot e2e/screenshots/<screen>-<variant>.png; axe-core then checks it for accessibility (see `Axe`)
// and the test fails on any critical or serious violation. All violations (of every impact) are gathered into
// .tmp/axe-report.json. Feature specs test behaviour in one variant; the looks live here. The desktop screens of one
// variant are opened a few per test inside one running app (RUN), not by a page load each.
//
// The screens come from the contract's menu and the web app's screen list (apps/web/src/features/registry.ts),
// so a new screen is looked at without an edit here; menu entries without a screen yet are skipped.
test.describe.configure({ mode: 'parallel' });

const ROOT = path.resolve(import.meta.dirname, '..');
const AXE_DIR = path.join(ROOT, '.tmp/axe');
const AXE_REPORT = path.join(ROOT, '.tmp/axe-report.json');

const registry = readFileSync(path.join(ROOT, 'apps/web/src/features/registry.ts'), 'utf8');
const routedNames = new Set([...registry.matchAll(/\{\s*name:\s*'([^']+)'/g)].map((m) => m[1]));
const mobilePaths = [...registry.matchAll(/path:\s*'(\/m\/[^']+)'/g)].map((m) => m[1]);
const router = readFileSync(path.join(ROOT, 'apps/web/src/app/router.tsx'), 'utf8');

type Screen = { name: string; path: string };
/** Menu order; the OSS notice is routed by the router itself rather than the feature list. */
const SCREENS: Screen[] = [...MENU_INDEX.values()]
  .filter((m) => routedNames.has(m.name) || (m.name === 'OSS' && router.includes(`path: '${m.path}'`)))
  .map((m) => ({ name: m.name, path: m.path }));
/** The first screen of each top-level menu group (and top-level screens): the tablet-width sample. */
const SAMPLE = MENU_TREE.map((top) => SCREENS.find((s) => s.name === top.name || menuTopOf(s.name) === top.name))
  .filter((s): s is Screen => Boolean(s))
  .filter((s, i, all) => all.indexOf(s) === i);

function menuTopOf(name: string) {
  let cur = MENU_INDEX.get(name);
  while (cur?.parentName) cur = MENU_INDEX.get(cur.parentName);
  return cur?.name;
}

const LOOKS = VARIANTS;
type Look = Variant;

const TABLET = { viewport: { width: 800, height: 1100 } };

test('the screen list is read from the menu and the web app', () => {
  // Guards against a silent empty look-through when registry.ts changes shape.
  expect(SCREENS.length).toBeGreaterThanOrEqual(15);
  for (const name of routedNames) expect(MENU_INDEX.has(name), `${name} is a menu entry`).toBe(true);
  expect(mobilePaths).toContain('/m/notice');
  expect(SCREENS.map((s) => s.name)).toContain('OSS');
});

/** Starts every page load in the look's language and theme (what the app reads from the device). */
async function applyLook(page: Page, look: Look) {
  await page.addInitScript(
    ([locale, theme]) => {
      localStorage.setItem('eqms.locale', locale);
      localStorage.setItem('eqms.theme', theme);
    },
    [look.locale, look.theme],
  );
}

/** Listens for what a healthy screen never shows: console errors, uncaught errors and failed API requests. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) errors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return errors;
}

/**
 * Counts the page's requests in flight. A screen opened by client-side navigation reaches no new load state, so
 * "settled" is no request in flight for 300 ms.
 */
function watchNetwork(page: Page) {
  let inflight = 0;
  let changed = Date.now();
  page.on('request', () => {
    inflight++;
    changed = Date.now();
  });
  const done = () => {
    inflight--;
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { quiet: () => inflight <= 0 && Date.now() - changed >= 300 };
}
type Network = ReturnType<typeof watchNetwork>;

/** Waits until the screen has loaded its data and settled (no request for 300 ms, no spinner, no route bar). */
async function settle(page: Page, network: Network) {
  await expect.poll(() => network.quiet(), { intervals: [100], timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId('route-progress')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // Fonts and the theme's colour transition (antd motion) before the picture and the contrast check.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

/** Opens a path inside the running app, as a menu click does (React Router follows popstate): no reload. */
async function openInApp(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
};

/** Runs axe, stores its findings for the report, and returns the critical and serious ones. */
async function checkAccessibility(page: Page, key: string, testInfo: TestInfo, axe: Axe) {
  // Legacy mode runs axe in the page itself (the default finishes every run in a new blank page, about a second), and
  // only violations come back whole (the passing nodes of a big table, serialized out of the page, cost more than the
  // audit): a full audit of a list screen went from 2.5–6.5 s to 0.8–2.2 s. The app has no frames, which legacy mode
  // would not enter.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const result = await (axe === 'contrast' ? builder.withRules(['color-contrast']) : builder).analyze();
  const violations = (result.violations as AxeViolation[]).map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    count: v.nodes.length,
    nodes: v.nodes
      .slice(0, 8)
      .map((n) => ({ target: n.target, html: n.html.slice(0, 200), summary: n.failureSummary })),
  }));
  mkdirSync(AXE_DIR, { recursive: true });
  writeFileSync(
    path.join(AXE_DIR, `${key}.json`),
    JSON.stringify({ key, url: page.url(), title: testInfo.title, violations }, null, 1),
  );
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}

/** The per-look files gathered into one report, by rule then by screen (the last worker to finish writes it whole). */
test.afterAll(() => {
  mkdirSync(AXE_DIR, { recursive: true });
  const looks = readdirSync(AXE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        JSON.parse(readFileSync(path.join(AXE_DIR, f), 'utf8')) as {
          key: string;
          url: string;
          violations: (Omit<AxeViolation, 'nodes'> & { count: number; nodes: unknown[] })[];
        },
    )
    .sort((a, b) => a.key.localeCompare(b.key));
  const byRule: Record<string, { impact: string | null; help: string; looks: number; nodes: number }> = {};
  const byImpact: Record<string, number> = {};
  for (const look of looks) {
    for (const v of look.violations) {
      byRule[v.id] ??= { impact: v.impact, help: v.help, looks: 0, nodes: 0 };
      byRule[v.id].looks++;
      byRule[v.id].nodes += v.count;
      byImpact[v.impact ?? 'unknown'] = (byImpact[v.impact ?? 'unknown'] ?? 0) + v.count;
    }
  }
  const report = { generatedAt: new Date().toISOString(), looks: looks.length, byImpact, byRule, details: looks };
  const tmp = `${AXE_REPORT}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify(report, null, 1));
  renameSync(tmp, AXE_REPORT);
});

/**
 * How much of axe a look runs. axe is the slowest part of a look (seconds on an antd page): all rules in Korean light
 * (and on the phone and the tablet width), only colour contrast in Korean dark (the theme changes colours, not
 * structure), none in English (the language changes neither), where the look is a picture and a render check.
 */
type Axe = 'all' | 'contrast' | 'none';
const axeOf = (look: Look): Axe => (look.locale !== 'kr' ? 'none' : look.theme === 'light' ? 'all' : 'contrast');

/** The whole look of one screen: renders cleanly, photographed, and accessible as far as `axe` asks. */
async function look(page: Page, testInfo: TestInfo, key: string, errors: string[], network: Network, axe: Axe) {
  await settle(page, network);
  await expect(page.getByTestId('error-500')).toHaveCount(0);
  await expect(page.locator('[data-testid=snackbar][data-type=error]')).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${key}.png`) });
  const serious = axe === 'none' ? [] : await checkAccessibility(page, key, testInfo, axe);
  expect(errors.splice(0), 'console errors, uncaught errors and 5xx answers').toEqual([]);
  expect(
    serious.map((v) => `${v.impact} ${v.id} ×${v.count}: ${v.help} — ${v.nodes[0]?.target.join(' ')}`),
    'critical and serious accessibility violations (details in .tmp/axe-report.json)',
  ).toEqual([]);
}

/**
 * The desktop screens in runs of a few per test: one page load, then each screen opened inside the app like a menu
 * click. A full load per screen (new context, every chunk, the session restored) cost more than the look itself.
 */
const RUN = 5;
const RUNS = Array.from({ length: Math.ceil(SCREENS.length / RUN) }, (_, i) => SCREENS.slice(i * RUN, (i + 1) * RUN));

for (const lk of LOOKS) {
  const variant = `${lk.locale}-${lk.theme}`;
  const axe = axeOf(lk);
  test.describe(`desktop ${variant}`, () => {
    for (const run of RUNS) {
      test(run.map((s) => s.name).join(', '), async ({ page, adminSession }, testInfo) => {
        test.setTimeout(30_000 * run.length);
        const errors = watchErrors(page);
        const network = watchNetwork(page);
        await adminSession.setTheme(lk.theme);
        await adminSession.setLocale(lk.locale);
        await applyLook(page, lk);
        await page.goto(run[0].path);
        for (const screen of run) {
          await test.step(`${screen.name} (${screen.path})`, async () => {
            if (screen !== run[0]) await openInApp(page, screen.path);
            await expect(page.getByTestId(`page-${screen.name}`)).toBeVisible();
            await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', lk.theme);
            await expect(page.getByTestId('page-title')).toHaveText(MENU_INDEX.get(screen.name)!.label[lk.locale]);
            await look(page, testInfo, `${screen.name}-${variant}`, errors, network, axe);
          });
        }
      });
    }

    test('not-found page', async ({ page, adminSession }, testInfo) => {
      const errors = watchErrors(page);
      const network = watchNetwork(page);
      await adminSession.setTheme(lk.theme);
      await adminSession.setLocale(lk.locale);
      await applyLook(page, lk);
      await page.goto('/no/such/screen');
      await expect(page.getByTestId('error-404')).toBeVisible();
      await look(page, testInfo, `404-${variant}`, errors, network, axe);
    });

    test.describe('signed out', () => {
      test.use({ loggedIn: false });
      for (const device of ['desktop', 'phone'] as const) {
        test(`login page on a ${device}`, async ({ browser }, testInfo) => {
          const context = await browser.newContext(device === 'phone' ? PHONE : {});
          const page = await context.newPage();
          const errors = watchErrors(page);
          const network = watchNetwork(page);
          await applyLook(page, lk);
          await page.goto('/auth/loginForm');
          // The login page is drawn without the app (and its root) around it: its own element carries the theme.
          await expect(page.getByTestId('login-page')).toHaveAttribute('data-mode', lk.theme);
          await expect(page.getByTestId('login-submit')).toHaveText(lk.locale === 'kr' ? '로그인' : 'Log in');
          await look(page, testInfo, `login-${variant}${device === 'phone' ? '-phone' : ''}`, errors, network, axe);
          await context.close();
        });
      }
    });

    test.describe('phone', () => {
      for (const mobilePath of mobilePaths) {
        const name = mobilePath.replace(/^\//, '').replaceAll('/', '-');
        test(`${mobilePath}`, async ({ adminSession, signIn, workerAdmin }, testInfo) => {
          await adminSession.setTheme(lk.theme);
          const { page } = await signIn(workerAdmin, PHONE);
          await adminSession.setLocale(lk.locale);
          const errors = watchErrors(page);
          const network = watchNetwork(page);
          await applyLook(page, lk);
          await page.goto(mobilePath);
          await expect(page.getByTestId('mobile-shell')).toBeVisible();
          await expect(page).toHaveURL(new RegExp(`${mobilePath}$`));
          await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', lk.theme);
          await look(page, testInfo, `${name}-${variant}-phone`, errors, network, axe);
        });
      }
    });
  });
}

test.describe('tablet width (800 px), kr-light', () => {
  for (const screen of SAMPLE) {
    test(`${screen.name} (${screen.path})`, async ({ signIn, workerAdmin }, testInfo) => {
      const { page } = await signIn(workerAdmin, TABLET);
      const errors = watchErrors(page);
      const network = watchNetwork(page);
      await page.goto(screen.path);
      await expect(page.getByTestId(`page-${screen.name}`)).toBeVisible();
      await look(page, testInfo, `${screen.name}-kr-light-tablet`, errors, network, 'all');
    });
  }
});
