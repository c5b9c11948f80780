// The server as one ES module (issue 11): `node apps/server/dist/main.mjs` runs it with plain Node, no TypeScript
// tooling at run time. Our code (the server and the contract package) is bundled; the npm packages stay imports,
// resolved from node_modules, so their own files (PGlite's WASM, Swagger UI's assets) are found as before.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');
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
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
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

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
