// Starts the server for browser tests on a fresh data directory (so every run begins with the demo factory).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR || `.tmp/e2e-data-${process.argv[2]}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'apps/server/src/main.ts')],
  {
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1', NODE_ENV: 'test' },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
