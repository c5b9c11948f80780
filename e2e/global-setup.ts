import { rmSync } from 'node:fs';
import path from 'node:path';
import { startFlowiseDouble } from '../apps/server/src/modules/chat/flowise-double.ts';
import { FLOWISE_DOUBLE_PORT } from '../playwright.config';

// A run starts without the previous run's accessibility findings, so .tmp/axe-report.json lists this run's only.
// The second server's AI chat asks a local stand-in for Flowise (no LLM is reachable here): it runs for the whole run.
export default async function globalSetup() {
  rmSync(path.resolve(import.meta.dirname, '../.tmp/axe'), { recursive: true, force: true });
  const flowise = await startFlowiseDouble(FLOWISE_DOUBLE_PORT);
  return () => flowise.close();
}
