import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|map|wasm)$/;

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the strongest settings (done once here,
 * not per request): the server sends them with `preCompressed` (apps/server/src/platform/delivery.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'eqms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

// The libraries every page needs before the first paint, the login page included: one chunk instead of a dozen
// fragments. Each response costs about 1 KB of headers (helmet's CSP and friends) and compresses worse alone, so on
// a cold login page the count of files is bytes too (issue 10 §1, bench/transfer.ts). A group built from the login
// page's import graph instead pulls in whole barrels (antd, the contract, icons): 444 KB, tried.
const STARTUP_LIBS =
  /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-is|i18next|react-i18next|zustand|use-sync-external-store|stylis|@emotion[\\/][^\\/]+|@babel[\\/]runtime|@ant-design[\\/](?:cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](?:util|motion|portal|resize-observer)|clsx|classnames|throttle-debounce|is-mobile)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // antd's Input reaches rc-form's index through its form context; these packages declare no side effects
      // field, so without this the login page would carry the whole form library and its validator.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/@rc-component\/(?:form|async-validator)\//, sideEffects: false }],
      },
      output: { codeSplitting: { groups: [{ name: 'startup', test: STARTUP_LIBS }] } },
    },
  },
});
