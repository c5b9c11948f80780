// Starts the server for browser tests on a fresh data directory (so every run begins with the demo factory): what
// `npm start` runs, in this process.
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, process.env.DATA_DIR || `.tmp/e2e-data-${process.argv[2]}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, { DATA_DIR: dataDir, DEMO_DATA: '1', NODE_ENV: 'test' });
await import('./start.mjs');
