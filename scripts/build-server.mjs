// The server as one ES module (issue 11): `node apps/server/dist/main.mjs` runs it with plain Node, no TypeScript
// tooling at run time. Our code (the server and the contract package) is bundled; the npm packages stay imports,
// resolved from node_modules, so their own files (PGlite's WASM, Swagger UI's assets) are found as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');
/** The command-line tools (backup, restore, db:from-pglite): a bundle of their own, built with the server's. */
export const CLI_BUNDLE = path.join(root, 'apps/server/dist/cli.mjs');
/** What the bundle is made of: a change here means the bundle is out of date (scripts/start.mjs). */
export const SERVER_SOURCES = [
  'apps/server/src',
  'packages/contract/src',
  'package-lock.json',
  'scripts/build-server.mjs',
];

const depsOf = (pkg) => Object.keys(JSON.parse(readFileSync(path.join(root, pkg), 'utf8')).dependencies ?? {});

export async function buildServer() {
  const external = [...depsOf('apps/server/package.json'), ...depsOf('packages/contract/package.json')].filter(
    (d) => d !== '@eqms/contract',
  );
  const { outputFiles } = await build({
    write: false,
    entryPoints: [path.join(root, 'apps/server/src/main.ts'), path.join(root, 'apps/server/src/cli.ts')],
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // A package's subpaths (drizzle-orm/pg-core, zod/v4/core) are that package too.
    external: external.flatMap((d) => [d, `${d}/*`]),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Each file written aside and renamed into place: two servers starting at once (the browser tests start two) may
  // both build, and neither may load a half-written bundle.
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  // esbuild's service process would otherwise live as long as the server that `npm start` runs in this process.
  await stop();
}

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p))
    if (e !== 'node_modules' && e !== 'generated') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** Whether a build is missing or older than any of its sources (paths from the repository's root). */
export function isStale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return !built || sources.some((s) => newest(path.join(root, s)) > built);
}

/** Builds the server bundles when they are missing or older than their sources. */
export async function buildServerIfStale() {
  if (isStale(SERVER_BUNDLE, SERVER_SOURCES) || isStale(CLI_BUNDLE, SERVER_SOURCES)) {
    console.log('Building the server (first start or changed sources)…');
    await buildServer();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
