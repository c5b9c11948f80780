import { rmSync } from 'node:fs';
import path from 'node:path';

// A run starts without the previous run's accessibility findings, so .tmp/axe-report.json lists this run's only.
export default function globalSetup() {
  rmSync(path.resolve(import.meta.dirname, '../.tmp/axe'), { recursive: true, force: true });
}
