import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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

// How the build is cut into files (issue 10 §1, bench/transfer.ts measures it). Each response costs about 0.3 KB
// of headers and a small file compresses worse than the same code in a larger one, so the count of files is bytes.
// - startup: what the login page needs before its first paint, React and the store; the login page itself is drawn
//   without antd, router or i18next (features/auth/pages/LoginPage.tsx).
// - signed-in: what every signed-in page needs: router, i18next, TanStack Query, zod (the contract's schemas), dayjs,
//   antd's style engine and the components of the shell and the list kit (table, select, menu, tree select…). One
//   file of ~266 KB instead of ~45 fragments: the first page after sign-in went from 394.9 to 349.8 KB, and every
//   list page after it finds its components cached. Components that only forms and dialogs use (Form, DatePicker,
//   Upload…) stay in the pages' own chunks.
// - icons: the icons that two or more chunks import, in one file instead of one per icon. At three, issue 15's screens
//   left the first page after sign-in fetching five icons one file each (351.2 KB); at two it is 347.9 KB, the icons
//   file 11.7 KB instead of 9.1 (cached after the first page). Six: 354.0 KB. A group for the shell's own small
//   modules without their dependencies (includeDependenciesRecursively: false) stopped the app after sign-in, tried.
// A group built from a page's import graph pulls in whole barrels (antd, the contract, icons): 444 KB, tried; grouping
// every antd module by the chunks that share it (entriesAware) gave more and bigger files (452.6 KB), tried.
const STARTUP_LIBS = /node_modules[\\/](?:react|react-dom|scheduler|zustand|use-sync-external-store)[\\/]/;
const SIGNED_IN_LIBS = [
  /node_modules[\\/](?:react-router|react-is|i18next|react-i18next|zod|@tanstack[\\/](?:query-core|react-query)|dayjs|stylis|@emotion[\\/][^\\/]+|@babel[\\/]runtime|clsx|classnames|throttle-debounce|is-mobile)[\\/]/,
  /node_modules[\\/]@ant-design[\\/](?:cssinjs|cssinjs-utils|colors|fast-color|icons[\\/]es[\\/](?:components|utils|IconBase|context))/,
  /node_modules[\\/]antd[\\/]es[\\/](?:_util|style|theme|config-provider|locale|app|message|notification|layout|menu|breadcrumb|avatar|badge|dropdown|popover|tooltip|segmented|button|typography|space|flex|grid|row|col|divider|spin|skeleton|empty|tag|modal|watermark|input|checkbox|select|tree|tree-select|table|pagination)[\\/]/,
  /node_modules[\\/]@rc-component[\\/](?:util|motion|portal|resize-observer|trigger|overflow|menu|dropdown|tooltip|segmented|notification|dialog|input|textarea|checkbox|select|virtual-list|tree|tree-select|table|pagination)[\\/]/,
];
const ICONS = /@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/]/;

const RC_FORM_PARTS = '\0eqms-rc-form-parts';

/**
 * rc-form's index attaches Field, List, useForm and useWatch to its default export as statements, so any module that
 * imports one name from it (antd's inputs take the form context's FormProvider) keeps the whole form library and its
 * validator: about 12 KB compressed on every signed-in page, most of which have no form open. Every importer but
 * antd's Form itself gets the same names as plain re-exports, which tree-shake.
 */
function rcFormParts(): Plugin {
  return {
    name: 'eqms-rc-form-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer) return null;
      if (/[\\/]antd[\\/]es[\\/]form[\\/]Form\.js$/.test(importer)) return null;
      return RC_FORM_PARTS;
    },
    load(id) {
      if (id !== RC_FORM_PARTS) return null;
      const from = (file: string) => `@rc-component/form/es/${file}`;
      return [
        `export { default as Field } from '${from('Field')}';`,
        `export { default as List } from '${from('List')}';`,
        `export { default as useForm } from '${from('hooks/useForm')}';`,
        `export { FormProvider } from '${from('FormContext')}';`,
        `export { default as FieldContext } from '${from('FieldContext')}';`,
        `export { default as ListContext } from '${from('ListContext')}';`,
        `export { default as useWatch } from '${from('hooks/useWatch')}';`,
      ].join('\n');
    },
  };
}

/**
 * With EQMS_CHUNKS=1, writes each output file's modules and their sizes (before minifying, largest first) to
 * `.tmp/chunks.json` at the project root: what a chunk in bench/transfer.ts's list is made of.
 */
function chunkReport(): Plugin {
  return {
    name: 'eqms-chunk-report',
    apply: () => Boolean(process.env.EQMS_CHUNKS),
    async generateBundle(_options, bundle) {
      const report: Record<string, [string, number][]> = {};
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue;
        report[file] = Object.entries(out.modules)
          .map(([id, m]): [string, number] => [
            path.relative(path.resolve(import.meta.dirname, '../..'), id),
            m.renderedLength,
          ])
          .sort((a, b) => b[1] - a[1]);
      }
      const target = path.resolve(import.meta.dirname, '../../.tmp/chunks.json');
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, JSON.stringify(report, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [react(), rcFormParts(), precompress(), chunkReport()],
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
      output: {
        codeSplitting: {
          groups: [
            { name: 'startup', test: STARTUP_LIBS },
            { name: 'signed-in', test: (id: string) => SIGNED_IN_LIBS.some((re) => re.test(id)) },
            { name: 'icons', test: ICONS, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
