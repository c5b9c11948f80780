import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { rowsOf } from './rows.ts';

const t = await createTestApp();

// Indexes whose INCLUDE columns drizzle cannot say: hand-written migrations made them, and the schema keeps a plain
// index of the same name, so a regenerated migration would not bring them back. Each serves a measured read
// (bench/RESULTS.md): losing the INCLUDE silently would only show as a slower list.
const COVERING: [index: string, include: string][] = [
  ['trace_data_parameter_id_ts_pk', 'INCLUDE (value)'], // 0025: trend and data history read the key alone
  ['daily_plans_oper_plan_idx', 'INCLUDE (good_qty, bad_qty)'], // 0044: what an operation plan made (tracking)
];

describe('covering indexes of hand-written migrations', () => {
  it.each(COVERING)('%s carries its columns', async (index, include) => {
    const [row] = rowsOf<{ def: string }>(
      await t.db.execute(
        sql`select indexdef as def from pg_indexes where schemaname = 'public' and indexname = ${index}`,
      ),
    );
    expect(row?.def).toContain(include);
  });
});
