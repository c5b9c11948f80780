import { defineConfig } from '@playwright/test';

// Browser tests against the built app served by the real server on a fresh embedded database with the
// demo factory. A second server with a 20-second idle timeout serves the session-expiry test.
export const BASE_URL = 'http://127.0.0.1:3100';
export const SHORT_SESSION_URL = 'http://127.0.0.1:3101';

const server = (port: number, extraEnv: Record<string, string>) => ({
  command: `node scripts/e2e-server.mjs ${port}`,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { PORT: String(port), DATA_DIR: `.tmp/e2e-data-${port}`, LOG_LEVEL: 'warn', ...extraEnv },
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
  webServer: [server(3100, {}), server(3101, { EQMS_TEST_SESSION_IDLE_MS: '20000' })],
});
