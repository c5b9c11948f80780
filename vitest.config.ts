import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The web's test files that mock a module (vi.mock) get a module graph of their own; the others share their worker's
// (antd and the app evaluated once per worker, not once per file: imports were 523 of the unit phase's 730 s).
const WEB_SRC = 'apps/web/src';
const webTests = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.posix.join(WEB_SRC, f.split(path.sep).join('/')));
const mocking = webTests.filter((f) => /\bvi\.mock\(/.test(readFileSync(f, 'utf8')));
const web = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  testTimeout: 20_000,
  // Spies and stubbed globals end with their test, so none reaches the next file of a shared worker.
  restoreMocks: true,
  unstubGlobals: true,
} as const;

// Three projects: the pure contract, the server through HTTP on a real database, the web's components.
export default defineConfig({
  test: {
    // Two workers fit this 2-core machine (PGlite is single-threaded WASM).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Files share a worker's module graph: the app and its modules are evaluated once per worker rather than
          // once per file (most of this project's time was imports). Each file still builds its own app on its own
          // database, and no server module keeps state outside the app.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'web',
          include: webTests.filter((f) => !mocking.includes(f)),
          isolate: false,
          ...web,
          setupFiles: [...web.setupFiles, 'apps/web/src/test/shared-worker.ts'],
        },
      },
      { test: { name: 'web-mocked', include: mocking, ...web } },
    ],
  },
});
