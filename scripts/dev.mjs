// `npm run dev`: the API server with reload (tsx watch) and the Vite dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const procs = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST: '' },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('eQMS dev: web on http://127.0.0.1:5173 (API on :3000)');
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
