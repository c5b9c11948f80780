// `npm start`: build the web app and the server when their sources are newer than their builds, then run the server
// in this process (plain Node, no TypeScript tooling and no second process at run time; issue 11).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p))
    if (e !== 'node_modules' && e !== 'generated') max = Math.max(max, newest(path.join(p, e)));
  return max;
}
/** Whether a build is missing or older than any of its sources. */
const stale = (output, sources) => {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return !built || sources.some((s) => newest(path.join(root, s)) > built);
};

const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contract/src',
  'package-lock.json',
];
if (stale(path.join(root, 'apps/web/dist/index.html'), web)) {
  console.log('Building the web app (first start or changed sources)…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (stale(SERVER_BUNDLE, SERVER_SOURCES)) {
  console.log('Building the server (first start or changed sources)…');
  await buildServer();
}
await import(pathToFileURL(SERVER_BUNDLE).href);
