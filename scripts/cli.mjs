// `npm run backup`, `npm run restore FILE`, `npm run db:from-pglite`: the server's command-line tools, run from the
// server bundle (built first when missing or out of date, as `npm start` does).
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, CLI_BUNDLE } from './build-server.mjs';

await buildServerIfStale();
await import(pathToFileURL(CLI_BUNDLE).href);
