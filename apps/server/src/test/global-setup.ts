import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openPglite, openPostgres } from '../db/client.ts';

export const SNAPSHOT = path.resolve(import.meta.dirname, '../../../../.tmp/test-db.tar.gz');

// Migrate once: a PGlite snapshot that each test file loads (faster than migrating per file), or the
// PostgreSQL test database made empty and migrated when TEST_DATABASE_URL is set.
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openPostgres(url);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await migrateDatabase(database);
    await database.close();
    return;
  }
  const database = await openPglite(null);
  await migrateDatabase(database);
  const client = (database.db as any).$client;
  const blob: Blob = await client.dumpDataDir('gzip');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
