import { defineConfig } from 'vitest/config';

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
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
