// `npm test`: typecheck, lint, contract + server + web unit tests (Vitest, real database), build, browser tests
// (Playwright, Debian chromium). Ends with one line `N passed, N failed` over everything it ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playwrightCounts, playwrightFailures, vitestCounts, vitestFailures } from './summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
const failures = [];
/** The tests that failed, by name: the last lines of a CI log must say which. */
const failedTests = [];
/** Seconds per step, printed at the end so a slow phase is seen at once. */
const timings = [];

function run(name, cmd, args) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  timings.push([name, Math.round((Date.now() - started) / 1000)]);
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}
/** A step that is not a test suite (typecheck, lint, build) counts as one check. */
function check(ok) {
  if (ok) passed++;
  else failed++;
}

if (want('typecheck')) check(run('typecheck', 'npm', ['run', 'typecheck']));
if (want('lint')) check(run('lint', 'npx', ['biome', 'check', '.']));
if (want('unit')) {
  const out = path.join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  run('unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  const c = vitestCounts(out) ?? { passed: 0, failed: 1 };
  passed += c.passed;
  failed += c.failed;
  failedTests.push(...vitestFailures(out));
}
if (want('e2e')) {
  const built = run('build', 'npm', ['run', 'build']);
  check(built);
  if (built) {
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    run('browser tests', 'npx', ['playwright', 'test']);
    const c = playwrightCounts(out) ?? { passed: 0, failed: 1 };
    passed += c.passed;
    failed += c.failed;
    failedTests.push(...playwrightFailures(out));
  }
}
writeFileSync(path.join(tmp, 'test-summary.json'), JSON.stringify({ passed, failed, failures, failedTests, timings }));
console.log(`\nTime per step: ${timings.map(([name, s]) => `${name} ${s} s`).join(' · ')}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
for (const t of failedTests) console.log(`FAILED ${t}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
