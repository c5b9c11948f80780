import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests against the built app served by the real server on a fresh embedded database with the
// demo factory. A second server with a 20-second idle timeout serves the session-expiry test.
// E2E_PORT moves the servers (PORT to PORT + 3), so a second run on this machine (a helper's copy) does not collide.
const PORT = Number(process.env.E2E_PORT) || 3100;
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const SHORT_SESSION_URL = `http://127.0.0.1:${PORT + 1}`;
/** A third server, the administrator only, with the AI chat configured (its floating button on every screen). */
export const CHAT_URL = `http://127.0.0.1:${PORT + 2}`;
/** The stand-in for a Flowise server (e2e/global-setup.ts) that the third server's AI chat asks. */
export const FLOWISE_DOUBLE_PORT = PORT + 3;

// Specs that change what every user sees (the menu configuration, custom fields on users and locations) or measure
// frame times: they run in their own project, one at a time, after the others, so no parallel test sees a
// half-changed setting and no second browser paints beside a timing.
const GLOBAL_SPECS = ['menu-config.spec.ts', 'custom-ext.spec.ts', 'datatable-scroll.spec.ts'];
// Every screen in every look, with axe-core (e2e/look-through.spec.ts).
const LOOK_THROUGH = 'look-through.spec.ts';

// Debian's chromium-headless-shell (the old headless, without the browser UI) ran the same 11 feature tests in 166 s
// where the full chromium took 216 s on 2026-11-27: the renderers are what keeps both cores busy. The full chromium
// stays the fallback for a machine without it.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const server = (port: number, extraEnv: Record<string, string>) => ({
  command: `node scripts/e2e-server.mjs ${port}`,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  // SIGTERM lets the app stop its PostgreSQL (a child in its own process group, which a kill of the group misses).
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  // No daily backup at start-up (the backup screen's test makes its own).
  env: { PORT: String(port), DATA_DIR: `.tmp/e2e-data-${port}`, LOG_LEVEL: 'warn', BACKUP_HOUR: 'off', ...extraEnv },
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // A test's whole budget: the longest feature tests (a package received, sold, corrected and its ledger read; six admin
  // screens in two windows) took 59–60 s on the CI of 2026-11-27 with every worker busy; 90 s is their margin.
  timeout: 90_000,
  // A list page's first rows take 2–5 s on this 2-core machine with two workers and their servers busy, and more on a
  // slow day (2026-11-25: the same build ran 2.5× slower than the day before, a bare Fastify route too).
  expect: { timeout: 15_000 },
  // Two workers, each with its own administrator (e2e/fixtures.ts); the tests of one file run in order in one worker.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  globalSetup: './e2e/global-setup.ts',
  projects: [
    { name: 'main', testIgnore: [...GLOBAL_SPECS, LOOK_THROUGH] },
    // Beside main: both workers busy until both are done.
    { name: 'look', testMatch: LOOK_THROUGH },
    // After main and the looks, alone: a look still painting in the other worker made a frame-time test fail. A
    // failure in either skips these (Playwright skips dependents), which the summary shows as skipped.
    { name: 'global', testMatch: GLOBAL_SPECS, workers: 1, dependencies: ['main', 'look'] },
  ],
  // The short-session server seeds the administrator only (e2e/session.spec.ts signs in as admin and opens a code list).
  webServer: [
    server(PORT, {}),
    server(PORT + 1, { EQMS_TEST_SESSION_IDLE_MS: '20000', DEMO_DATA: '0' }),
    // The AI chat configured here only: its floating button stays off the main server's screens and photos. The same
    // deployment flavour lists the dashboard in the phone's menu (MOBILE_DASHBOARD).
    server(PORT + 2, {
      DEMO_DATA: '0',
      MOBILE_DASHBOARD: '1',
      CHATFLOW_ID: 'e2e-flow',
      CHAT_API_HOST: `http://127.0.0.1:${FLOWISE_DOUBLE_PORT}`,
    }),
  ],
});
