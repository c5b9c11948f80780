// `npm start`: build the web app and the server when their sources are newer than their builds, then run the server
// in this process (plain Node, no TypeScript tooling and no second process at run time; issue 11).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, isStale, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
  'package-lock.json',
];
if (isStale(path.join(root, 'apps/web/dist/index.html'), web)) {
  console.log('Building the web app (first start or changed sources)…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await buildServerIfStale();
await import(pathToFileURL(SERVER_BUNDLE).href);
