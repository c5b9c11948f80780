// Smoke test of the built app under another Node release (CI runs it under Node 24 LTS, the release a new PC gets):
// `node scripts/smoke.mjs <path-to-node>` starts `npm start`'s script with that node on a fresh data directory, then
// logs in, reads a list, writes, reads the OpenAPI document, and stops it. Prints `smoke: N passed, N failed`.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const node = process.argv[2] || process.execPath;
const port = Number(process.env.SMOKE_PORT || 3190);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.tmp/smoke-data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(node, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
});

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`  ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`  FAIL ${name}: ${e.message}`);
  }
}
function expect(cond, message) {
  if (!cond) throw new Error(message);
}

async function ready(deadline) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

const version = await new Promise((resolve) => {
  const v = spawn(node, ['-v']);
  let out = '';
  v.stdout.on('data', (d) => {
    out += d;
  });
  v.on('close', () => resolve(out.trim()));
});
console.log(`Smoke test under Node ${version}`);
const started = Date.now();
try {
  await check('starts and answers health', async () => {
    await ready(Date.now() + 120_000);
    console.log(`       ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  let auth = '';
  await check('logs in', async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'admin', password: 'admin1234' }),
    });
    expect(res.status === 200, `login answered ${res.status}`);
    auth = res.headers.get('authorization') ?? '';
    expect(auth.startsWith('Bearer '), 'no access token');
  });
  const headers = () => ({ authorization: auth, 'content-type': 'application/json' });
  await check('reads a list (notices of the demo factory)', async () => {
    const res = await fetch(`${base}/api/notice/notices?page=1&size=10`, { headers: headers() });
    expect(res.status === 200, `answered ${res.status}`);
    const body = await res.json();
    expect(Array.isArray(body.data) && body.data.length > 0, 'the demo notices are missing');
  });
  await check('writes (a code category) and reads it back', async () => {
    const category = `SMOKE_${Date.now().toString(36).toUpperCase()}`;
    const res = await fetch(`${base}/api/code/cateogry`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ category, name: 'smoke' }),
    });
    expect(res.status === 200, `create answered ${res.status} ${await res.text()}`);
    const list = await fetch(`${base}/api/code/categories`, { headers: headers() });
    expect(list.status === 200, `read answered ${list.status}`);
    expect(JSON.stringify(await list.json()).includes(category), 'the written category is not listed');
  });
  await check('serves the OpenAPI document and the web app', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status === 200, `answered ${res.status}`);
    const doc = await res.json();
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p)).length;
    expect(operations >= 200, `only ${operations} operations`);
    console.log(`       ${operations} operations`);
    const page = await fetch(`${base}/auth/loginForm`);
    expect(page.status === 200 && (await page.text()).includes('<div id="root">'), 'no web app');
  });
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => {
    const t = setTimeout(() => {
      server.kill('SIGKILL');
      r();
    }, 10_000);
    server.on('exit', () => {
      clearTimeout(t);
      r();
    });
  });
}
console.log(`smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
