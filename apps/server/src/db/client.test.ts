import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { openPostgres } from './client.ts';
import { rowsOf } from './rows.ts';

const t = await createTestApp();

describe.skipIf(!t.databaseUrl)('PostgreSQL connection pool', () => {
  it('outlives an idle connection the server ends, and the next query opens a new one', async () => {
    const database = await openPostgres(t.databaseUrl!);
    try {
      const pid = (db: typeof database.db) =>
        db.execute(sql`select pg_backend_pid() as pid`).then((r) => rowsOf<{ pid: number }>(r)[0].pid);
      const first = await pid(database.db);
      // Ended from another connection while idle in the pool: an unhandled 'error' event would end this process.
      await t.db.execute(sql`select pg_terminate_backend(${first})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pid(database.db)).not.toBe(first);
    } finally {
      await database.close();
    }
  });
});
