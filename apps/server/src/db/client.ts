import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.ts';
import { EmbeddedPostgresError, embeddedPaths, startEmbeddedPostgres } from './embedded.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: what a service query runs on. */
export type Executor = Db | Tx;

/** The engine: PGlite (tests), a PostgreSQL server (DATABASE_URL) or the app's own PostgreSQL (`npm start`). */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres' | 'embedded';
  /** The connection string of a PostgreSQL engine (backups connect with it); none for PGlite. */
  url?: string;
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');

// pg returns numeric/bigint as strings; quantities are JSON numbers on the wire (ARCHITECTURE §6).
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string): Promise<Database> {
  // A connection attempt that hangs (a server killed in mid-handshake) fails after 10 s instead of holding a request and
  // its pool slot for ever; keep-alive finds a peer that vanished without closing the socket.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true });
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is an 'error' event on
  // the pool, which crashes the process when nobody listens. The pool has already dropped that client and opens a new
  // one on the next query; a query that was running gets its own error.
  pool.on('error', () => undefined);
  // A client in use (a transaction between two statements) that the server ends — "terminating connection due to
  // unexpected postmaster exit" when the embedded PostgreSQL is killed — emits 'error' too, and the pool listens only
  // to idle ones: without a listener of its own the process would crash. Its next query fails, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', url, close: () => pool.end() };
}

/**
 * `npm start`'s engine: the PostgreSQL of DATA_DIR, started for this app (DATA_DIR locked against a second app) and
 * stopped after the pool on close.
 */
export async function openEmbedded(dataDir: string, runAs: string | null = null): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    if (isPgliteDir(dataDir) && !existsSync(embeddedPaths(dataDir).pgdata)) {
      throw new EmbeddedPostgresError(
        `${dataDir} holds the data of an earlier eQMS (PGlite, without a flush to disk on commit). Copy it into PostgreSQL once with: npm run db:from-pglite (the old folder is kept). To start empty instead, set DATA_DIR to another folder.`,
      );
    }
    const server = await startEmbeddedPostgres({ dataDir, runAs });
    const database = await openPostgres(server.url);
    return {
      db: database.db,
      kind: 'embedded',
      url: server.url,
      close: async () => {
        try {
          await database.close();
          await server.stop();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** Where earlier versions kept their PGlite data (DATA_DIR/pg). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pg');
export const isPgliteDir = (dataDir: string) => existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

/** PGlite: data in dataDir (locked), or in memory when dataDir is null. The tests' engine (and db:from-pglite's source). */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    // Loaded here, not at start-up: PGlite is the tests' engine, not the running app's.
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
    ]);
    const client = new PGlite({ dataDir: dataDir ? pgliteDir(dataDir) : undefined, loadDataDir });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    // Checkpoints keep the WAL bounded on a long-running embedded server (ARCHITECTURE §2 trap).
    const timer = dataDir ? setInterval(() => void client.exec('CHECKPOINT').catch(() => {}), 10 * 60_000) : null;
    timer?.unref();
    return {
      db,
      kind: 'pglite',
      close: async () => {
        if (timer) clearInterval(timer);
        try {
          if (dataDir) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  await database.db.execute(sql`select eqms_attach_audit()`);
}
