import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { openPostgres, withStartupOptions } from './client.ts';
import { rowsOf } from './rows.ts';

const t = await createTestApp();

describe('startup options', () => {
  it("keeps the URL's own options beside ours, and leaves a URL without them as it is", () => {
    expect(withStartupOptions('postgres://u@h:5432/db', '-c jit=off')).toEqual({
      connectionString: 'postgres://u@h:5432/db',
      options: '-c jit=off',
    });
    expect(
      withStartupOptions('postgres://u@h:5432/db?options=-c%20search_path%3Dq&sslmode=disable', '-c jit=off'),
    ).toEqual({
      connectionString: 'postgres://u@h:5432/db?sslmode=disable',
      options: '-c search_path=q -c jit=off',
    });
  });
});

describe.skipIf(!t.databaseUrl)('PostgreSQL connection pool', () => {
  it('opens its connections with JIT off, and with the options the URL gives', async () => {
    const url = new URL(t.databaseUrl!);
    url.searchParams.set('options', '-c application_name=eqms-options-test');
    const database = await openPostgres(url.toString());
    try {
      const [row] = rowsOf<{ jit: string; app: string }>(
        await database.db.execute(
          sql`select current_setting('jit') as jit, current_setting('application_name') as app`,
        ),
      );
      expect(row).toEqual({ jit: 'off', app: 'eqms-options-test' });
    } finally {
      await database.close();
    }
  });

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

  it('gets back a client whose connection ends before its transaction began, and serves again with a full pool', async () => {
    const database = await openPostgres(t.databaseUrl!);
    const pool = (database.db as any).$client as pg.Pool;
    // The connection ends right after the checkout, as when PostgreSQL is killed: the BEGIN that drizzle sends before
    // its try/finally fails, and without client.ts's guard the client stays checked out for ever.
    let cut = true;
    pool.on('acquire', (client) => {
      if (cut) (client as any).connection.stream.destroy();
    });
    const write = () => database.db.transaction((tx) => tx.execute(sql`select 1`));
    try {
      for (let i = 0; i < 10; i++) await expect(write()).rejects.toThrow();
      expect(pool.waitingCount).toBe(0);
      cut = false;
      // Ten clients kept would fill the pool (max 10): this write would wait 10 s for one and fail.
      await write();
      await expect.poll(() => pool.totalCount).toBeLessThanOrEqual(1);
    } finally {
      // Bounded: pool.end() waits for every client checked out, and a client kept for ever would hold it too.
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
  });
});
