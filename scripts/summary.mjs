// Counts passed/failed tests from the reports the runners wrote, so one line can sum every suite.
import { existsSync, readFileSync } from 'node:fs';

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
