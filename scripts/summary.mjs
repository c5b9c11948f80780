// Counts passed/failed tests from the reports the runners wrote, so one line can sum every suite.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failed = (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
  // An unhandled error (an uncaught exception during the run) fails the run though every test passed.
  return { passed: r.numPassedTests ?? 0, failed: failed || (r.success === false ? 1 : 0) };
}

export function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length && !s.unexpected ? r.errors.length : 0),
  };
}

/** Terminal colour codes (ESC [ … m), which the runners leave in their error messages. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** First line of an error, without colour codes, short enough for the tail of a CI log. */
function firstLine(message) {
  const line =
    String(message ?? '')
      .replace(COLOUR, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 200);
}

/** Names (and first error line) of the tests that failed, so the end of the CI log says which ones. */
export function vitestFailures(file) {
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  for (const f of r.testResults ?? []) {
    const rel = path.relative(process.cwd(), f.name ?? '');
    const failedTests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(`${rel} › ${t.fullName ?? t.title} — ${firstLine(t.failureMessages?.[0])}`);
    if (!failedTests.length && f.status === 'failed') out.push(`${rel} — ${firstLine(f.message)}`);
  }
  return out;
}

export function playwrightFailures(file) {
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.[t.results.length - 1];
        out.push(
          `${spec.file}:${spec.line} [${t.projectName}] ${[...titles, spec.title].join(' › ')} — ${firstLine(last?.error?.message)}`,
        );
      }
    }
    for (const s of suite.suites ?? []) walk(s, s.title && !s.title.endsWith('.ts') ? [...titles, s.title] : titles);
  };
  for (const s of r.suites ?? []) walk(s, []);
  for (const e of r.errors ?? []) out.push(`(run) ${firstLine(e.message)}`);
  return out;
}
