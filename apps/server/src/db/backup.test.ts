import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { serverProcesses } from '../test/server-process.ts';
import {
  BackupError,
  type BackupSummary,
  listBackups,
  pruneBackups,
  readBackupSummary,
  restoreBackup,
  writeBackup,
} from './backup.ts';
import { MIGRATIONS_DIR, migrateDatabase, openPostgres } from './client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts';
import { initialData } from './seed/index.ts';

// Real PostgreSQL on both sides: the embedded one — or, in CI's PostgreSQL pass (TEST_DATABASE_URL), that server:
// backups work the same against an external PostgreSQL — with one database per scenario (the source `eqms`, migrated
// and filled with the demo factory plus rows that are hard to copy; restore targets made with `create database`).
// On the shared server every database and role of this file carries a prefix of its own and is dropped afterwards.

const temp = serverProcesses();
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
const LAST = journal.entries.length - 1;

let server: EmbeddedPostgres;
let backupDir: string;
let made: BackupSummary;
const external = process.env.TEST_DATABASE_URL;
const prefix = `eqms_bk_${process.pid}_`;
/** A scenario's database name as the server knows it (`postgres`: where databases are made). */
const dbName = (db: string) => {
  if (!external) return db;
  if (db === 'postgres') return new URL(external).pathname.slice(1);
  return db.startsWith(prefix) ? db : `${prefix}${db}`;
};
const urlOf = (db: string) => {
  const url = new URL(external ?? server.url);
  url.pathname = `/${dbName(db)}`;
  return url.toString();
};
const LIMITED = external ? `${prefix}limited` : 'limited';

async function query<T = any>(db: string, text: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

let databases = 0;
/** A new database (empty, or a copy of `template`); returns its name. */
async function createDatabase(template?: string) {
  const name = dbName(`t${++databases}`);
  await query('postgres', `create database ${name}${template ? ` template ${dbName(template)}` : ''}`);
  return name;
}

/** Every table's row count and a checksum of its rows in order: what must be equal after a restore. */
async function fingerprint(db: string) {
  const client = new pg.Client({ connectionString: urlOf(db) });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where (table_schema = 'public' and table_type = 'BASE TABLE')
           or (table_schema = 'drizzle' and table_name = '__drizzle_migrations')
        order by 1`,
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const [r] = (
        await client.query(
          `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`,
        )
      ).rows;
      result[name] = r;
    }
    return result;
  } finally {
    await client.end();
  }
}

const sequences = (db: string) =>
  query<{ name: string; last: string | null }>(
    db,
    `select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences
      where schemaname in ('public', 'drizzle') order by 1`,
  );

const tableCount = async (db: string) =>
  (
    await query<{ n: number }>(
      db,
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind = 'r'`,
    )
  )[0].n;

/** Migrates the database db with this code's migrations up to index level only (as an older eQMS left it). */
async function migrateTo(db: string, level: number) {
  const folder = temp.tempDir('eqms-cut-');
  mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, level + 1);
  for (const e of entries) copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const database = await openPostgres(urlOf(db));
  try {
    await migratePg(database.db as any, { migrationsFolder: folder });
  } finally {
    await database.close();
  }
}

/** The backup's decompressed lines, to make damaged copies of it. */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n');
const writeGz = (name: string, text: string | Buffer) => {
  const file = path.join(temp.tempDir('eqms-bad-'), name);
  writeFileSync(file, gzipSync(text));
  return file;
};

beforeAll(async () => {
  if (external) await query('postgres', `create database ${dbName('eqms')}`);
  else server = await startEmbeddedPostgres({ dataDir: temp.tempDir('eqms-backup-'), log: () => {} });
  const database = await openPostgres(urlOf('eqms'));
  try {
    await migrateDatabase(database);
    const dataDir = temp.tempDir('eqms-config-');
    await initialData(
      database,
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: '1', DEMO_TRACE_HOURS: '6' }),
    );
  } finally {
    await database.close();
  }
  // Rows COPY must carry exactly: tabs, newlines, backslashes, a line that reads `\.`, Hangul and emoji, NULLs, bytes.
  await query(
    'eqms',
    `insert into notices (title, contents, start_dt, end_dt, author_id)
       select $1, $2, '2025-01-01', '2025-12-31', id from users where user_id = 'admin'`,
    ['탭\t줄\n바꿈 \\ 😀', 'first line\n\\.\n\\\\.\nlast line\r\n'],
  );
  await query(
    'eqms',
    `insert into files (name, mime_type, size, data) values ('b.bin', 'application/octet-stream', 256, $1)`,
    [Buffer.from([...Array(256).keys()])],
  );
  // A row made and deleted: the sequence is beyond the column's max, and its id must not be handed out again.
  await query('eqms', `insert into code_categories (category, name) values ('GONE', 'deleted again')`);
  await query('eqms', `delete from code_categories where category = 'GONE'`);

  backupDir = temp.tempDir('eqms-backups-');
  made = await writeBackup(urlOf('eqms'), backupDir, new Date('2025-03-04T05:06:07.890Z'));
  // An embedded PostgreSQL started, migrated and seeded with the demo factory: 30–50 s on a quiet 2-core machine, more
  // beside a browser run.
}, 180_000);

afterAll(async () => {
  if (external) {
    const leftover = await query<{ datname: string }>(
      'postgres',
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of leftover) await query('postgres', `drop database if exists ${datname} with (force)`);
    await query('postgres', `drop role if exists ${LIMITED}`);
  }
  await server?.stop();
  await temp.cleanUp();
}, 60_000);

describe('writeBackup and readBackupSummary', () => {
  it('writes one gzip file named by its UTC time, with every table, the migration level and checksums', async () => {
    expect(made.file).toBe(path.join(backupDir, 'eqms-backup-20250304-050607.eqmsbak.gz'));
    expect(readdirSync(backupDir)).toEqual(['eqms-backup-20250304-050607.eqmsbak.gz']); // no .partial left
    expect(made.createdAt).toBe('2025-03-04T05:06:07.890Z');
    expect(made.migration).toBe(LAST);

    const source = await fingerprint('eqms');
    const expected = Object.entries(source).map(([name, { rows }]) => ({
      name: name.replace(/^public\./, ''),
      rows,
    }));
    expect(made.tables.map(({ name, rows }) => ({ name, rows })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      expected.sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(made.tables.find((t) => t.name === 'users')!.rows).toBeGreaterThan(1);
    expect(made.tables.every((t) => /^[0-9a-f]{64}$/.test(t.sha256))).toBe(true);

    const lines = linesOf(made.file);
    expect(JSON.parse(lines[0])).toEqual({
      format: 'eqms-backup',
      version: 1,
      createdAt: made.createdAt,
      migration: LAST,
    });
    expect(JSON.parse(lines.at(-2)!)).toMatchObject({ end: 'eqms-backup', tables: made.tables });
    expect(lines.at(-1)).toBe('');

    // Read back without a database: the same summary.
    expect(await readBackupSummary(made.file)).toEqual(made);
  });

  it('covers a new table by itself, without its generated columns', async () => {
    const db = await createDatabase('eqms');
    await query(
      db,
      'create table extra (a int, b int generated always as (a * 2) stored, c text); insert into extra (a, c) values (1, $$x$$)',
    );
    const summary = await writeBackup(urlOf(db), temp.tempDir('eqms-backups-'));
    expect(summary.tables.find((t) => t.name === 'extra')).toMatchObject({ rows: 1 });
    const lines = linesOf(summary.file);
    const at = lines.indexOf('{"table":"extra","columns":["a","c"]}');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 3)).toEqual(['1\tx', '\\.']);
  });

  it('gives a second backup in the same second its own name', async () => {
    const dir = temp.tempDir('eqms-backups-');
    const at = new Date('2025-03-04T05:06:07Z');
    const a = await writeBackup(urlOf('eqms'), dir, at);
    const b = await writeBackup(urlOf('eqms'), dir, at);
    expect(path.basename(a.file)).toBe('eqms-backup-20250304-050607.eqmsbak.gz');
    expect(path.basename(b.file)).toBe('eqms-backup-20250304-050607-2.eqmsbak.gz');
    expect(listBackups(dir).map((x) => x.name)).toEqual([path.basename(b.file), path.basename(a.file)]);
  });
});

describe('restoreBackup', () => {
  it('restores every row byte for byte into an empty database, and the sequences go on from where they were', async () => {
    const target = await createDatabase();
    const summary = await restoreBackup(urlOf(target), made.file);
    expect(summary).toEqual(made);
    expect(await fingerprint(target)).toEqual(await fingerprint('eqms'));
    expect(await sequences(target)).toEqual(await sequences('eqms'));

    // The next id is new (not one a restored row or the deleted row had), and the audit trigger works again.
    const [{ max }] = await query('eqms', 'select max(id) as max from code_categories');
    const [{ id }] = await query(
      target,
      `insert into code_categories (category, name) values ('AFTER', 'after the restore') returning id`,
    );
    expect(id).toBe(max + 2);
    const history = await query(
      target,
      `select 1 from change_history where table_name = 'code_categories' and row_id = $1`,
      [String(id)],
    );
    expect(history).toHaveLength(1);
  });

  it('accepts a database that is migrated but holds no data (only rows the migrations made)', async () => {
    const target = await createDatabase();
    const database = await openPostgres(urlOf(target));
    await migrateDatabase(database);
    await database.close();
    expect(await query(target, 'select id from auth_epoch')).toHaveLength(1);
    await restoreBackup(urlOf(target), made.file);
    expect(await fingerprint(target)).toEqual(await fingerprint('eqms'));
  });

  it("restores a backup of an older eQMS at its level and runs this eQMS's later migrations on it", async () => {
    const old = await createDatabase();
    const level = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0009_'));
    expect(level).toBeGreaterThan(0);
    await migrateTo(old, level);
    await query(old, `insert into code_categories (category, name) values ('OLD', 'from an older eQMS')`);
    const oldBackup = await writeBackup(urlOf(old), temp.tempDir('eqms-backups-'));
    expect(oldBackup.migration).toBe(level);
    expect(oldBackup.tables.map((t) => t.name)).not.toContain('auth_epoch'); // made by a later migration

    const target = await createDatabase();
    await restoreBackup(urlOf(target), oldBackup.file);
    const applied = await query(target, 'select created_at from drizzle.__drizzle_migrations order by id');
    expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e: { when: number }) => e.when));
    expect(await query(target, 'select id, n from auth_epoch')).toEqual([{ id: 1, n: 0 }]);
    expect((await fingerprint(target))['public.code_categories']).toEqual(
      (await fingerprint(old))['public.code_categories'],
    );
    const triggers = await query(
      target,
      `select 1 from pg_trigger where tgname = 'eqms_audit' and tgrelid = 'code_categories'::regclass`,
    );
    expect(triggers).toHaveLength(1);
  });

  it('refuses a backup from a newer eQMS, or from another build, and changes nothing', async () => {
    const newer = await createDatabase('eqms');
    await query(newer, `insert into drizzle.__drizzle_migrations (hash, created_at) values ('next', $1)`, [
      journal.entries[LAST].when + 1000,
    ]);
    const newerBackup = await writeBackup(urlOf(newer), temp.tempDir('eqms-backups-'));
    expect(newerBackup.migration).toBe(LAST + 1);
    const target = await createDatabase();
    const refused = restoreBackup(urlOf(target), newerBackup.file);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/was made by a newer eQMS .*: update eQMS first/);

    const other = await createDatabase('eqms');
    await query(other, 'update drizzle.__drizzle_migrations set created_at = created_at + 1 where id = 3');
    const otherBackup = await writeBackup(urlOf(other), temp.tempDir('eqms-backups-'));
    await expect(restoreBackup(urlOf(target), otherBackup.file)).rejects.toThrow(/was made by a different eQMS build/);
    expect(await tableCount(target)).toBe(0);
  });

  it('refuses a database that already holds data, and changes nothing in it', async () => {
    const before = await fingerprint('eqms');
    const refused = restoreBackup(urlOf('eqms'), made.file);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(
      /^The database "(eqms|eqms_bk_\d+_eqms)" on 127\.0\.0\.1:\d+ already holds data \(in [a-z_, ]+ and \d+ more\): restore needs an empty database; nothing was changed/,
    );
    expect(await fingerprint('eqms')).toEqual(before);

    // Any table with a row counts, ours or not; the migrations are not run on it either.
    const busy = await createDatabase();
    await query(busy, 'create table notes (t text); insert into notes values ($$keep me$$)');
    await expect(restoreBackup(urlOf(busy), made.file)).rejects.toThrow(/already holds data \(in notes\)/);
    expect(await query(busy, 'select t from notes')).toEqual([{ t: 'keep me' }]);
    expect(await tableCount(busy)).toBe(1);
  });

  it('refuses a user who is not a superuser before changing anything', async () => {
    await query('postgres', `create role ${LIMITED} login password 'limited'`);
    const db = await createDatabase();
    await query('postgres', `alter database ${db} owner to ${LIMITED}`);
    const url = urlOf(db).replace(/\/\/[^@]*@/, `//${LIMITED}:limited@`);
    await expect(restoreBackup(url, made.file)).rejects.toThrow(
      /Restore needs a PostgreSQL superuser.*nothing was changed/,
    );
    expect(await tableCount(db)).toBe(0);
  });
});

describe('damaged and foreign files', () => {
  const refuse = async (file: string, message: RegExp) => {
    const read = readBackupSummary(file);
    await expect(read).rejects.toThrow(BackupError);
    await expect(read).rejects.toThrow(message);
  };

  it('refuses a truncated file, whether cut in its compressed data or before its trailer', async () => {
    const bytes = readFileSync(made.file);
    const cut = path.join(temp.tempDir('eqms-bad-'), 'cut.eqmsbak.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refuse(cut, /cut\.eqmsbak\.gz is incomplete or damaged \(the compressed data ends early\)/);

    const lines = linesOf(made.file);
    const noTrailer = writeGz('no-trailer.gz', `${lines.slice(0, -2).join('\n')}\n`);
    await refuse(noTrailer, /is incomplete or damaged \(it ends after .*, before its end mark\)/);
    const midTable = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const inTable = writeGz('in-table.gz', `${lines.slice(0, midTable + 2).join('\n')}\n`);
    await refuse(inTable, /is incomplete or damaged \(it ends inside the table users\)/);

    // Restore reads the whole file before it touches the database.
    const target = await createDatabase();
    await expect(restoreBackup(urlOf(target), inTable)).rejects.toThrow(/incomplete or damaged/);
    expect(await tableCount(target)).toBe(0);
  });

  it('refuses a file with a changed byte: in the compressed data, in a row, or in the header', async () => {
    const bytes = Buffer.from(readFileSync(made.file));
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    const flipped = path.join(temp.tempDir('eqms-bad-'), 'flipped.gz');
    writeFileSync(flipped, bytes);
    await refuse(flipped, /flipped\.gz is incomplete or damaged/);

    // Valid gzip, one row changed (same length): the table's checksum catches it.
    const lines = linesOf(made.file);
    // The administrator's row, wherever the dump put it (a row updated after it was made moves in the table's order).
    const users = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const row = lines.findIndex((l, i) => i > users && l.includes('\tadmin\t'));
    const changed = [...lines];
    changed[row] = changed[row].replace(/admin/, 'admiN');
    expect(changed[row]).not.toBe(lines[row]);
    await refuse(
      writeGz('row.gz', changed.join('\n')),
      /is incomplete or damaged \(the checksum of the table users does not match\)/,
    );

    // Valid gzip, an older migration level in the header: the checksum over everything before the trailer catches it.
    const header = [...lines];
    header[0] = header[0].replace(`"migration":${LAST}`, `"migration":${LAST - 1}`);
    expect(header[0]).not.toBe(lines[0]);
    await refuse(writeGz('header.gz', header.join('\n')), /is incomplete or damaged \(its checksum does not match\)/);
  });

  it('refuses a file that is not an eQMS backup', async () => {
    const dir = temp.tempDir('eqms-bad-');
    const plain = path.join(dir, 'notes.txt');
    writeFileSync(plain, 'just some text\n');
    await refuse(plain, /notes\.txt is not an eQMS backup \(it is not gzip-compressed\)/);
    await refuse(
      writeGz('other.gz', 'hello\nworld\n'),
      /other\.gz is not an eQMS backup \(it does not begin with an eQMS backup header\)/,
    );
    await refuse(writeGz('json.gz', '{"format":"something-else"}\n'), /is not an eQMS backup/);
    await refuse(writeGz('binary.gz', randomBytes(100_000)), /is not an eQMS backup/);
    const empty = path.join(dir, 'empty.gz');
    writeFileSync(empty, '');
    await refuse(empty, /empty\.gz is not an eQMS backup \(it is empty\)/);
    await refuse(path.join(dir, 'missing.gz'), /missing\.gz does not exist/);
    await expect(restoreBackup(urlOf('postgres'), plain)).rejects.toThrow(/is not an eQMS backup/);
  });
});

describe('listBackups and pruneBackups', () => {
  it('lists our files newest first and deletes only ours older than the days kept, never the newest', () => {
    const dir = temp.tempDir('eqms-prune-');
    const put = (name: string, bytes = 10) => writeFileSync(path.join(dir, name), Buffer.alloc(bytes));
    put('eqms-backup-20250301-020000.eqmsbak.gz', 11);
    put('eqms-backup-20250225-020000.eqmsbak.gz', 12);
    put('eqms-backup-20250222-020000.eqmsbak.gz', 13);
    put('eqms-backup-20250222-020000-2.eqmsbak.gz', 14);
    put('eqms-backup-20250201-020000.eqmsbak.gz.partial'); // an interrupted backup, long ago
    put('eqms-backup-20250301-030000.eqmsbak.gz.partial'); // one being written
    put('notes.txt');
    put('eqms-backup-20250101.gz');
    put('my-eqms-backup-20250101-020000.eqmsbak.gz');
    put('eqms-backup-20250101-020000.eqmsbak.gz.old');
    mkdirSync(path.join(dir, 'eqms-backup-20250102-020000.eqmsbak.gz'));

    expect(listBackups(dir)).toEqual([
      { name: 'eqms-backup-20250301-020000.eqmsbak.gz', bytes: 11, createdAt: '2025-03-01T02:00:00.000Z' },
      { name: 'eqms-backup-20250225-020000.eqmsbak.gz', bytes: 12, createdAt: '2025-02-25T02:00:00.000Z' },
      { name: 'eqms-backup-20250222-020000-2.eqmsbak.gz', bytes: 14, createdAt: '2025-02-22T02:00:00.000Z' },
      { name: 'eqms-backup-20250222-020000.eqmsbak.gz', bytes: 13, createdAt: '2025-02-22T02:00:00.000Z' },
    ]);
    expect(listBackups(path.join(dir, 'nowhere'))).toEqual([]);

    // Kept 7 days on 2025-03-02 03:00 UTC: the two of 02-22 and the old partial go.
    const deleted = pruneBackups(dir, 7, new Date('2025-03-02T03:00:00Z'));
    expect(deleted.sort()).toEqual([
      'eqms-backup-20250201-020000.eqmsbak.gz.partial',
      'eqms-backup-20250222-020000-2.eqmsbak.gz',
      'eqms-backup-20250222-020000.eqmsbak.gz',
    ]);
    expect(readdirSync(dir).sort()).toEqual(
      [
        'eqms-backup-20250101-020000.eqmsbak.gz.old',
        'eqms-backup-20250101.gz',
        'eqms-backup-20250102-020000.eqmsbak.gz',
        'eqms-backup-20250225-020000.eqmsbak.gz',
        'eqms-backup-20250301-020000.eqmsbak.gz',
        'eqms-backup-20250301-030000.eqmsbak.gz.partial',
        'my-eqms-backup-20250101-020000.eqmsbak.gz',
        'notes.txt',
      ].sort(),
    );

    // A year later, everything is past 7 days: the newest backup stays all the same.
    expect(pruneBackups(dir, 7, new Date('2026-03-02T03:00:00Z')).sort()).toEqual([
      'eqms-backup-20250225-020000.eqmsbak.gz',
      'eqms-backup-20250301-030000.eqmsbak.gz.partial',
    ]);
    expect(listBackups(dir).map((b) => b.name)).toEqual(['eqms-backup-20250301-020000.eqmsbak.gz']);
    expect(() => pruneBackups(dir, -1)).toThrow(BackupError);
  });
});
