import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ConfigError, loadConfig } from './config.ts';
import {
  BackupError,
  type BackupSummary,
  pruneBackups,
  readBackupSummary,
  restoreBackup,
  writeBackup,
  writeBackupOfPglite,
} from './db/backup.ts';
import { isPgliteDir, pgliteDir } from './db/client.ts';
import {
  EMBEDDED_DATABASE,
  EMBEDDED_USER,
  EmbeddedPostgresError,
  embeddedPaths,
  startEmbeddedPostgres,
} from './db/embedded.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';

// The server's command-line tools (issue 11), run by scripts/cli.mjs from the bundle:
//   npm run backup            a backup of the database now, into BACKUP_DIR (the app may be running)
//   npm run restore FILE      a backup into an empty DATA_DIR, or an empty database at DATABASE_URL
//   npm run db:from-pglite    an earlier eQMS's PGlite data (DATA_DIR/pg) copied into the embedded PostgreSQL

let config: ReturnType<typeof loadConfig>;
const say = (line: string) => console.log(line);

const rowsOf = (s: BackupSummary) => s.tables.reduce((n, t) => n + t.rows, 0);
const describe = (s: BackupSummary) =>
  `${s.tables.length} tables, ${rowsOf(s).toLocaleString('en')} rows, migration level ${s.migration}`;

/**
 * The database to work on and what to do after: DATABASE_URL, or the embedded PostgreSQL — the one a running app
 * has started (found by its pid file and password; only for `backup`), else started here with DATA_DIR locked.
 */
async function withDatabase<T>(work: (url: string) => Promise<T>, allowRunning: boolean): Promise<T> {
  if (config.databaseUrl) return work(config.databaseUrl);
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (e) {
    if (!(e instanceof DataDirLockedError) || !allowRunning) throw e;
    return work(runningUrl());
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir, runAs: config.embeddedPgUser });
    try {
      return await work(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    release();
  }
}

/** The URL of the embedded PostgreSQL a running app started: the port is in its postmaster.pid (line 4). */
function runningUrl(): string {
  const paths = embeddedPaths(config.dataDir);
  const port = readFileSync(path.join(paths.pgdata, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(paths.password, 'utf8').trim();
  return `postgres://${EMBEDDED_USER}:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

async function backup() {
  if (!config.databaseUrl && !existsSync(path.join(embeddedPaths(config.dataDir).pgdata, 'PG_VERSION'))) {
    throw new BackupError(`${config.dataDir} holds no embedded database yet: nothing to back up.`);
  }
  const summary = await withDatabase((url) => writeBackup(url, config.backup.dir), true);
  say(`Backup written: ${summary.file}`);
  say(`  ${describe(summary)}, ${(summary.bytes / 1024).toFixed(0)} KB`);
  const pruned = pruneBackups(config.backup.dir, config.backup.keepDays);
  if (pruned.length) say(`  removed ${pruned.length} backup(s) older than ${config.backup.keepDays} days`);
}

async function restore(file: string | undefined) {
  if (!file) throw new BackupError('Name the backup file: npm run restore FILE');
  const checked = await readBackupSummary(path.resolve(file));
  say(`Restoring ${checked.file} (${describe(checked)})…`);
  const summary = await withDatabase((url) => restoreBackup(url, checked.file), false);
  say(`Restored: ${describe(summary)}. Start eQMS with npm start.`);
}

async function fromPglite() {
  if (config.databaseUrl) throw new ConfigError('db:from-pglite fills the embedded database: unset DATABASE_URL.');
  if (!isPgliteDir(config.dataDir)) {
    throw new BackupError(`${pgliteDir(config.dataDir)} holds no data of an earlier eQMS (PGlite): nothing to copy.`);
  }
  const release = lockDataDir(config.dataDir);
  try {
    say(`Reading ${pgliteDir(config.dataDir)}…`);
    const pglite = new PGlite({ dataDir: pgliteDir(config.dataDir) });
    let copy: BackupSummary;
    try {
      await pglite.waitReady;
      // The copy goes through a backup file, kept in BACKUP_DIR: the old data in a form any later eQMS restores.
      copy = await writeBackupOfPglite(pglite, config.backup.dir);
    } finally {
      await pglite.close();
    }
    say(`  ${describe(copy)}; written to ${copy.file}`);
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir, runAs: config.embeddedPgUser });
    try {
      await restoreBackup(server.url, copy.file);
      await verifyCounts(server.url, copy);
    } finally {
      await server.stop();
    }
    say(`Copied into the embedded PostgreSQL (${embeddedPaths(config.dataDir).pgdata}); every table's rows counted.`);
    say(`The old folder ${pgliteDir(config.dataDir)} is kept: delete it once eQMS runs well. Start with npm start.`);
  } finally {
    release();
  }
}

/** Each table holds as many rows as the copy says (migrations after the copy's level may add rows of their own). */
async function verifyCounts(url: string, copy: BackupSummary) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of copy.tables) {
      const name = table.name.includes('.') ? table.name : `public."${table.name}"`;
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
      if (Number(rows[0].n) < table.rows) {
        throw new BackupError(
          `${table.name}: ${table.rows} rows copied, ${rows[0].n} found. The old folder is untouched.`,
        );
      }
    }
  } finally {
    await client.end();
  }
}

const commands: Record<string, (arg?: string) => Promise<void>> = {
  backup,
  restore,
  'from-pglite': fromPglite,
};

const [command, arg] = process.argv.slice(2);
const run = commands[command];
if (!run) {
  console.error(`Unknown command "${command ?? ''}": backup, restore FILE or from-pglite.`);
  process.exit(2);
}
try {
  config = loadConfig();
  await run(arg);
  process.exit(0);
} catch (e) {
  const known = [BackupError, ConfigError, DataDirLockedError, EmbeddedPostgresError].some((k) => e instanceof k);
  console.error(known ? `eQMS: ${(e as Error).message}` : e);
  process.exit(1);
}
