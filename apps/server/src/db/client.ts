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

/**
 * drizzle-orm 0.45's `transaction()` on a pool sends BEGIN before the try/finally that gives its client back
 * (drizzle-orm issues #6241, #6023, open): a BEGIN that fails leaves the client checked out for the life of the
 * process. It fails when PostgreSQL is killed or restarted and a request checks a client out in the moment between the
 * server ending its connection and the pool hearing of it (3 or 4 clients in the 30 kills of crash-postgres.test.ts).
 * Ten of them fill the pool (`max: 10`): every request then waits 10 s for a client that never comes and fails, and
 * the app writes nothing again though PostgreSQL is back.
 *
 * A client checked out here is therefore given back (and dropped, its connection being dead) as soon as its
 * connection fails or ends, whatever its holder does; the holder's own release later does nothing. pool.query's
 * checkouts (callback form) release their clients themselves and are left alone.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: any) => void) => void,
  ): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(releasedWhenDead);
    super.connect(callback);
    return undefined;
  }
}

function releasedWhenDead(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const dead = (e?: Error) => giveBack(e ?? new Error('Connection ended'));
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', dead);
    client.removeListener('end', dead);
    release(err);
  };
  client.once('error', dead);
  client.once('end', dead);
  client.release = giveBack;
  return client;
}

export async function openPostgres(url: string): Promise<Database> {
  // A connection attempt that hangs (a server killed in mid-handshake) fails after 10 s instead of holding a request and
  // its pool slot for ever; keep-alive finds a peer that vanished without closing the socket. No query_timeout: drizzle
  // gives a transaction's client back without an error, and a client whose query timed out would go back to the pool
  // with that query still running (drizzle-orm #6114); no statement_timeout: migrations and restores run on this pool.
  //
  // JIT off on every connection: the planner's estimates for our reports (a trace's recursive query, the trend's
  // 1,500 lateral columns) pass jit_above_cost while they read little, and compiling cost 70 ms to a second each
  // (bench/RESULTS.md); nothing here scans enough to gain from it. A startup option, so no statement or transaction
  // is spent on it; options the URL already gives are kept.
  const { connectionString, options } = withStartupOptions(url, '-c jit=off');
  const pool = new Pool({
    connectionString,
    options,
    max: 10,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is an 'error' event on
  // the pool, which crashes the process when nobody listens. The pool has already dropped that client and opens a new
  // one on the next query; a query that was running gets its own error.
  pool.on('error', () => undefined);
  // A client in use (a transaction between two statements) that the server ends — "terminating connection due to
  // unexpected postmaster exit" when the embedded PostgreSQL is killed — emits 'error' too, and the pool listens only
  // to idle ones: without a listener of its own the process would crash. Its next query fails, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (process.env.EQMS_POOL_TRACE) tracePool(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', url, close: () => pool.end() };
}

/** The URL's own `options` parameter would replace the pool's (pg reads the URL last), so it moves into ours. */
export function withStartupOptions(url: string, ours: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: ours };
  }
  const given = parsed.searchParams.get('options');
  if (!given) return { connectionString: url, options: ours };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${given} ${ours}` };
}

/**
 * EQMS_POOL_TRACE=1 (the crash tests set it): a line on stderr whenever the pool's state changes, looked at every
 * 0.5 s — its clients, the idle ones, the requests waiting for one, and the last connection error — for their failure
 * messages.
 */
function tracePool(pool: pg.Pool) {
  const now = () => new Date().toISOString().slice(11, 23);
  let lastError = 'none';
  let last = '';
  const noted = (e: Error) => {
    lastError = `${e.message} (at ${now()})`;
  };
  pool.on('error', noted);
  pool.on('connect', (client) => client.on('error', noted));
  const timer = setInterval(() => {
    const state = `${pool.totalCount} clients, ${pool.idleCount} idle, ${pool.waitingCount} waiting; last connection error: ${lastError}`;
    if (state !== last) console.error(`eQMS pool at ${now()}: ${state}`);
    last = state;
  }, 500);
  timer.unref();
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
    rawTextParsersOnce(client as unknown as PgliteClient);
    nativeBytea(client as unknown as PgliteClient);
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

/** Types drizzle-orm's PGlite driver reads as the text PostgreSQL sends (it maps them itself): date, timestamp,
 * timestamptz, interval, and the arrays of those and of numeric. */
const DRIZZLE_RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
type PgliteQuery = (
  text: string,
  params?: unknown[],
  options?: { parsers?: Record<number, unknown> },
) => Promise<unknown>;
type PgliteClient = {
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  serializers: Record<number, (value: unknown) => string>;
  query: PgliteQuery;
  transaction: <T>(fn: (tx: { query: PgliteQuery }) => Promise<T>) => Promise<T>;
};

/**
 * drizzle's PGlite driver hands every query its parsers for DRIZZLE_RAW_TYPES, and PGlite copies its own 300-odd
 * parsers into a new map to merge them, on each query: 0.2–0.4 ms a statement, more than many statements take (issue
 * 13 speed, bench/RESULTS.md). The same parsers are made PGlite's own once (after start-up, which sets the array
 * types' parsers) and the per-query copy left out: the answers are the same.
 */
function rawTextParsersOnce(client: PgliteClient) {
  const raw = (value: string) => value;
  for (const type of DRIZZLE_RAW_TYPES) client.parsers[type] = raw;
  const drizzles = (options?: { parsers?: Record<number, unknown> }) =>
    options?.parsers !== undefined && Object.keys(options.parsers).every((t) => DRIZZLE_RAW_TYPES.has(Number(t)));
  const lean =
    (query: PgliteQuery): PgliteQuery =>
    (text, params, options) =>
      query(text, params, drizzles(options) ? { ...options, parsers: undefined } : options);
  client.query = lean(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      tx.query = lean(tx.query);
      return fn(tx);
    });
}

/**
 * bytea (type 17) in and out through Buffer's native hex codec. PGlite's own converts byte by byte in JavaScript
 * (an array of 3 million two-letter strings for a 3 MB file, and a parseInt per byte back): about 2 s each way for a
 * 3 MB attachment, most of a file upload test's time. The text on the wire and the bytes read back are the same.
 */
const BYTEA = 17;
function nativeBytea(client: PgliteClient) {
  client.serializers[BYTEA] = (value) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  };
  client.parsers[BYTEA] = (value) => Buffer.from(value.slice(2), 'hex');
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else await migratePg(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  await database.db.execute(sql`select eqms_attach_audit()`);
}
