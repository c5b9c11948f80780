import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { MENU_INDEX, MENU_TREE } from '@eqms/contract';
import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE, test } from './fixtures';
import { SCREENSHOTS, settleAnimations, type Variant, VARIANTS } from './helpers';

// One look at every screen in every variant: Korean and English, light and dark at 1,440×900, the mobile pages
// at phone size, a sample of desktop pages on a tablet-wide window and the login page. Each look checks that the
// screen renders (its frame shows, no error page, no console error, no failed request, no error message) and
// takes the screenshot e2e/screenshots/<screen>-<variant>.png; axe-core then checks it for accessibility (see `Axe`)
// and the test fails on any critical or serious violation. All violations (of every impact) are gathered into
// .tmp/axe-report.json. Feature specs test behaviour in one variant; the looks live here.
//
// Cost: a page load (new context, every chunk, the session restored) costs more than a look, so a test opens one
// page and does as much as it can in it. The desktop screens are opened a few per test inside the running app (RUN),
// each screen is seen in all four variants by switching language and theme in the page as a user does (top bar, settings
// drawer; `CYCLE`), and every run starts from a page load in another variant, so each variant is also seen from a
// fresh load. The phone pages of one variant share a signed-in phone, the login page switches in the page too.
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
/** A phone page's title key (common mobile.routes), read from the same list. */
const mobileLabels = new Map(
  [...registry.matchAll(/path:\s*'(\/m\/[^']+)',\s*label:\s*'([^']+)'/g)].map((m) => [m[1], m[2]] as const),
);
const common = {
  kr: JSON.parse(readFileSync(path.join(ROOT, 'apps/web/src/i18n/locales/common.kr.json'), 'utf8')),
  en: JSON.parse(readFileSync(path.join(ROOT, 'apps/web/src/i18n/locales/common.en.json'), 'utf8')),
};
const mobileTitle = (mobilePath: string, locale: 'kr' | 'en') =>
  `${common[locale].mobile.routes[mobileLabels.get(mobilePath)!]} - eQMS`;
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

type Look = Variant;
const look$ = (locale: Look['locale'], theme: Look['theme']) =>
  VARIANTS.find((v) => v.locale === locale && v.theme === theme)!;
/** The four variants in a ring where each step changes one thing, the language or the theme. */
const CYCLE: Look[] = [look$('kr', 'light'), look$('en', 'light'), look$('en', 'dark'), look$('kr', 'dark')];
const nameOf = (lk: Look) => `${lk.locale}-${lk.theme}`;

const TABLET = { viewport: { width: 800, height: 1100 } };

test('the screen list is read from the menu and the web app', () => {
  // Guards against a silent empty look-through when registry.ts changes shape.
  expect(SCREENS.length).toBeGreaterThanOrEqual(15);
  for (const name of routedNames) expect(MENU_INDEX.has(name), `${name} is a menu entry`).toBe(true);
  expect(mobilePaths).toContain('/m/notice');
  for (const p of mobilePaths)
    for (const l of ['kr', 'en'] as const) expect(mobileTitle(p, l)).not.toMatch(/undefined/);
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
  // Fonts and the theme's colour transitions (antd motion) before the picture and the contrast check.
  await settleAnimations(page);
}

/** Switches the signed-in desktop app from one variant to another as a user does: the top bar's language switch,
 * the theme in the settings drawer. */
async function switchDesktop(page: Page, from: Look, to: Look) {
  if (from.locale !== to.locale) await page.getByTestId(`lang-${to.locale}`).click();
  if (from.theme !== to.theme) {
    await page.getByTestId('theme-button').click();
    const drawer = page.getByTestId('settings-drawer');
    await expect(drawer).toBeVisible();
    await page.getByTestId(`theme-${to.theme}`).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', to.theme);
  await expect(page.locator('html')).toHaveAttribute('lang', to.locale === 'kr' ? 'ko' : 'en');
  // The pointer off the switch (and the table under the closed drawer) and the focus off the button the drawer gave it
  // back to: no hover tooltip, row highlight or focus ring in the look.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
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

/** A desktop page the look-through opens: how to tell it is showing, in the given variant. */
type Target = { key: string; path: string; shows: (page: Page, lk: Look) => Promise<void> };
const screenTarget = (screen: Screen): Target => ({
  key: screen.name,
  path: screen.path,
  shows: async (page, lk) => {
    await expect(page.getByTestId(`page-${screen.name}`)).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(MENU_INDEX.get(screen.name)!.label[lk.locale]);
  },
});
const NOT_FOUND: Target = {
  key: '404',
  path: '/no/such/screen',
  shows: async (page) => {
    await expect(page.getByTestId('error-404')).toBeVisible();
  },
};

/**
 * The desktop screens in runs of a few per test: one page load in the run's first variant, then each screen opened
 * inside the app like a menu click and seen in all four variants, switched in the page. A full load per screen and
 * variant (new context, every chunk, the session restored, the data fetched again) cost more than the look itself.
 */
const RUN = 5;
const RUNS: Target[][] = Array.from({ length: Math.ceil(SCREENS.length / RUN) }, (_, i) =>
  SCREENS.slice(i * RUN, (i + 1) * RUN).map(screenTarget),
);
// The not-found page (in the desktop frame for a signed-in user) is a run of its own, loaded fresh at an unknown path.
RUNS.push([NOT_FOUND]);

RUNS.forEach((run, i) => {
  // Each run starts from a page load in the next variant of the ring: every variant is also seen straight after a load.
  const start = CYCLE[i % CYCLE.length];
  test(`desktop, 4 variants from ${nameOf(start)}: ${run.map((t) => t.key).join(', ')}`, async ({
    page,
    adminSession,
  }, testInfo) => {
    test.setTimeout(4 * 30_000 * run.length);
    const errors = watchErrors(page);
    const network = watchNetwork(page);
    await adminSession.setTheme(start.theme);
    await adminSession.setLocale(start.locale);
    await applyLook(page, start);
    await page.goto(run[0].path);
    let at = CYCLE.indexOf(start);
    for (const target of run) {
      if (target !== run[0]) await openInApp(page, target.path);
      for (let k = 0; k < CYCLE.length; k++) {
        const lk = CYCLE[(at + k) % CYCLE.length];
        await test.step(`${target.key} ${nameOf(lk)} (${target.path})`, async () => {
          if (k > 0) await switchDesktop(page, CYCLE[(at + k - 1) % CYCLE.length], lk);
          await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', lk.theme);
          await target.shows(page, lk);
          await look(page, testInfo, `${target.key}-${nameOf(lk)}`, errors, network, axeOf(lk));
        });
      }
      // The next screen starts in the variant this one ended in.
      at = (at + CYCLE.length - 1) % CYCLE.length;
    }
  });
});

test.describe('signed out', () => {
  test.use({ loggedIn: false });
  for (const device of ['desktop', 'phone'] as const) {
    test(`login page on a ${device}, 4 variants`, async ({ browser }, testInfo) => {
      const context = await browser.newContext(device === 'phone' ? PHONE : {});
      const page = await context.newPage();
      const errors = watchErrors(page);
      const network = watchNetwork(page);
      await applyLook(page, CYCLE[0]);
      await page.goto('/auth/loginForm');
      for (const [k, lk] of CYCLE.entries()) {
        await test.step(nameOf(lk), async () => {
          // The login page's own switches (language buttons, the theme toggle), as a visitor uses them.
          const from = CYCLE[(k + CYCLE.length - 1) % CYCLE.length];
          if (k > 0 && from.locale !== lk.locale) await page.getByTestId(`login-lang-${lk.locale}`).click();
          if (k > 0 && from.theme !== lk.theme) await page.getByTestId('login-theme').click();
          // The login page is drawn without the app (and its root) around it: its own element carries the theme.
          await expect(page.getByTestId('login-page')).toHaveAttribute('data-mode', lk.theme);
          await expect(page.getByTestId('login-submit')).toHaveText(lk.locale === 'kr' ? '로그인' : 'Log in');
          const key = `login-${nameOf(lk)}${device === 'phone' ? '-phone' : ''}`;
          await look(page, testInfo, key, errors, network, axeOf(lk));
        });
      }
      await context.close();
    });
  }
});

/** The phone pages of one variant in one signed-in phone, each opened inside the app after the first load. */
for (const lk of CYCLE) {
  const variant = nameOf(lk);
  test(`phone ${variant}: ${mobilePaths.join(', ')}`, async ({ adminSession, signIn, workerAdmin }, testInfo) => {
    test.setTimeout(30_000 * mobilePaths.length);
    await adminSession.setTheme(lk.theme);
    const { page } = await signIn(workerAdmin, PHONE);
    await adminSession.setLocale(lk.locale);
    const errors = watchErrors(page);
    const network = watchNetwork(page);
    await applyLook(page, lk);
    await page.goto(mobilePaths[0]);
    for (const mobilePath of mobilePaths) {
      const name = mobilePath.replace(/^\//, '').replaceAll('/', '-');
      await test.step(mobilePath, async () => {
        if (mobilePath !== mobilePaths[0]) await openInApp(page, mobilePath);
        await expect(page.getByTestId('mobile-shell')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${mobilePath}$`));
        await expect(page).toHaveTitle(mobileTitle(mobilePath, lk.locale));
        await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', lk.theme);
        await look(page, testInfo, `${name}-${variant}-phone`, errors, network, axeOf(lk));
      });
    }
  });
}

test.describe('tablet width (800 px), kr-light', () => {
  const TABLET_RUNS = Array.from({ length: Math.ceil(SAMPLE.length / RUN) }, (_, i) =>
    SAMPLE.slice(i * RUN, (i + 1) * RUN),
  );
  for (const run of TABLET_RUNS) {
    test(run.map((s) => s.name).join(', '), async ({ signIn, workerAdmin }, testInfo) => {
      test.setTimeout(30_000 * run.length);
      const { page } = await signIn(workerAdmin, TABLET);
      const errors = watchErrors(page);
      const network = watchNetwork(page);
      await page.goto(run[0].path);
      for (const screen of run) {
        await test.step(`${screen.name} (${screen.path})`, async () => {
          if (screen !== run[0]) await openInApp(page, screen.path);
          await expect(page.getByTestId(`page-${screen.name}`)).toBeVisible();
          await look(page, testInfo, `${screen.name}-kr-light-tablet`, errors, network, 'all');
        });
      }
    });
  }
});
