import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from where this code runs: its sources (src/…) under tsx and the
 * tests, or the one-file bundle (dist/main.mjs) under plain Node. Files the server reads beside its code (the
 * migrations, the built web app) are named from here, never from the running file's own folder.
 */
export const SERVER_ROOT = (() => {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${import.meta.dirname}`);
    dir = up;
  }
  return dir;
})();
