import { createHash, type Hash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_DIR, migrateDatabase, openPostgres } from './client.ts';

// Logical backups (issue 11): every table's rows, read with COPY in one snapshot, in one gzip file with the migration
// level; restored with COPY into an empty database. Works the same on the embedded PostgreSQL and on a server.
//
// File layout (gzip of UTF-8 text, one item per line):
//   {"format":"eqms-backup","version":1,"createdAt":"…","migration":12}          the header
//   {"table":"drizzle.__drizzle_migrations","columns":["id","hash","created_at"]} per table: its columns,
//   …COPY text rows…                                                            its rows as COPY … TO STDOUT wrote
//   \.                                                                            them, and the end mark (a data row
//   {"table":"users","columns":[…]}                                               can never be `\.`: COPY writes a
//   …                                                                             backslash as `\\`)
//   {"end":"eqms-backup","tables":[{"name","rows","sha256"}…],"sequences":[…],"sha256":"…"}   the trailer
// Each table's sha256 is over its COPY bytes; the trailer's own sha256 is over every byte before the trailer line (so
// a changed header or column list is caught too); gzip's CRC covers the whole. A file without its trailer is
// incomplete. Public tables are named as they are, the migration journal by its schema-qualified name.

export class BackupError extends Error {}

export type BackupTable = { name: string; rows: number; sha256: string };
export type BackupSummary = {
  file: string;
  createdAt: string;
  /** Index of the last applied migration (in meta/_journal.json); -1 for none. */
  migration: number;
  tables: BackupTable[];
  bytes: number;
};

/** An identity or serial sequence's state, kept so that ids of deleted rows are not handed out again after a restore. */
type SequenceState = { table: string; column: string; lastValue: string; isCalled: boolean };

const FORMAT = 'eqms-backup';
const VERSION = 1;
const JOURNAL_TABLE = 'drizzle.__drizzle_migrations';
const MAX_JSON_LINE = 16 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Names. The time in a file's name is UTC (the header's createdAt is the same instant in ISO form): names sort by
// time and never repeat or jump back at a daylight-saving change. A second backup within the same second gets `-2`….

const NAME = /^eqms-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.eqmsbak\.gz(\.partial)?$/;

function backupName(now: Date, n: number) {
  const p = (v: number, w = 2) => String(v).padStart(w, '0');
  const stamp = `${p(now.getUTCFullYear(), 4)}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `eqms-backup-${stamp}${n > 1 ? `-${n}` : ''}.eqmsbak.gz`;
}

function parseName(name: string) {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, n, partial] = m;
  const time = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  if (Number.isNaN(time)) return null;
  return { time, n: n ? Number(n) : 1, partial: Boolean(partial) };
}

/** Backup files in dir (not the ones being written), newest first; createdAt is read from the name. */
export function listBackups(dir: string): { name: string; bytes: number; createdAt: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const found: { name: string; bytes: number; createdAt: string; time: number; n: number }[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (!parsed || parsed.partial) continue;
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(path.join(dir, name));
    } catch {
      continue;
    }
    if (!st.isFile()) continue;
    found.push({ name, bytes: st.size, createdAt: new Date(parsed.time).toISOString(), ...parsed });
  }
  found.sort((a, b) => b.time - a.time || b.n - a.n);
  return found.map(({ name, bytes, createdAt }) => ({ name, bytes, createdAt }));
}

/**
 * Deletes the backups in dir made more than keepDays before now, except the newest backup, which is always kept (a
 * backup job that stopped for longer than keepDays must not leave no backup at all). Leftovers of an interrupted
 * backup (`….partial`) go once they are as old (at least a day). Only files named like ours are touched.
 */
export function pruneBackups(dir: string, keepDays: number, now: Date = new Date()): string[] {
  if (!Number.isFinite(keepDays) || keepDays < 0) {
    throw new BackupError(`BACKUP_KEEP must be a number of days (0 or more), not ${keepDays}.`);
  }
  const day = 86_400_000;
  const deleted: string[] = [];
  const remove = (name: string) => {
    try {
      unlinkSync(path.join(dir, name));
      deleted.push(name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  };
  for (const b of listBackups(dir).slice(1)) {
    if (Date.parse(b.createdAt) < now.getTime() - keepDays * day) remove(b.name);
  }
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {}
  for (const name of names) {
    const parsed = parseName(name);
    if (parsed?.partial && parsed.time < now.getTime() - Math.max(keepDays, 1) * day) remove(name);
  }
  return deleted;
}

// ---------------------------------------------------------------------------------------------------------------
// Connections and the catalog.

/** `"eqms" on 127.0.0.1:5432`, for messages (never the password). */
function describeUrl(url: string) {
  try {
    const u = new URL(url);
    return `the database "${decodeURIComponent(u.pathname.replace(/^\//, '')) || u.username}" on ${u.host || 'localhost'}`;
  } catch {
    return 'the database';
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// The same text forms on both sides: what COPY writes is read back exactly (dates in ISO, bytea in hex, floats exact).
const SESSION = `set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 3;
  set bytea_output = 'hex'; set timezone = 'UTC'; set client_encoding = 'UTF8'`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(SESSION);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw new BackupError(`Cannot connect to ${describeUrl(url)}: ${(e as Error).message}`);
  }
  return client;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) =>
  name === JOURNAL_TABLE ? 'drizzle."__drizzle_migrations"' : `public.${ident(name)}`;

type CatalogTable = { name: string; columns: string[] };

/** What a backup reads from: node-postgres (a server, the embedded PostgreSQL) or PGlite (an earlier eQMS's data). */
type Queryable = {
  query: <R>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>;
};
type BackupSource = Queryable & {
  /** The bytes of a `copy … to stdout`. */
  copyOut: (copy: string) => AsyncIterable<Buffer>;
  /** For messages: `the database "eqms" on 127.0.0.1:5432`. */
  describe: string;
};

/** A table's columns in order, generated columns left out (COPY lists them explicitly). */
const COLUMNS = `array(select a.attname::text from pg_attribute a
  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum)`;

/** Every table of the public schema (so a new module's tables are covered by themselves), by name. */
async function publicTables(client: Queryable): Promise<CatalogTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name, ${COLUMNS} as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname collate "C"`,
  );
  return rows;
}

async function journalTable(client: Queryable): Promise<CatalogTable> {
  const { rows } = await client.query<{ columns: string[] }>(
    `select ${COLUMNS} as columns from pg_class c where c.oid = 'drizzle.__drizzle_migrations'::regclass`,
  );
  return { name: JOURNAL_TABLE, columns: rows[0].columns };
}

/** created_at of every applied migration, in order, or null when the database has no migration journal. */
async function appliedMigrations(client: Queryable): Promise<number[] | null> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!rows[0].exists) return null;
  const applied = await client.query<{ created_at: string }>(
    'select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return applied.rows.map((r) => Number(r.created_at));
}

type JournalEntry = { idx: number; when: number; tag: string };
const readJournal = (dir = MIGRATIONS_DIR): JournalEntry[] =>
  JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')).entries;

// ---------------------------------------------------------------------------------------------------------------
// Writing.

function countLines(buf: Buffer) {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

function fsyncPath(file: string) {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    // Windows opens no directory as a file; its rename is durable once the file's own data is.
    if (process.platform === 'win32') return;
    throw e;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The first free name for now's second, with its `.partial` created exclusively (two backups in one second differ). */
function reserveName(dir: string, now: Date) {
  for (let n = 1; ; n++) {
    const name = backupName(now, n);
    const file = path.join(dir, name);
    if (existsSync(file)) continue;
    try {
      closeSync(openSync(`${file}.partial`, 'wx'));
      return file;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/**
 * Writes one backup file of every table's rows of the database at url into dir (made if missing) and returns its
 * summary. The rows are read in one REPEATABLE READ, READ ONLY transaction: one consistent snapshot, while the app
 * goes on writing. The file is written as `<name>.partial`, fsynced, renamed into place and the folder fsynced, so a
 * crash leaves either the whole file or a `.partial` that pruneBackups removes later.
 */
export async function writeBackup(url: string, dir: string, now: Date = new Date()): Promise<BackupSummary> {
  const client = await connect(url);
  try {
    const source: BackupSource = {
      query: async <R>(text: string, params?: unknown[]) =>
        (await client.query(text, params)) as unknown as { rows: R[] },
      copyOut: (copy) => client.query(copyTo(copy)) as AsyncIterable<Buffer>,
      describe: describeUrl(url),
    };
    return await writeBackupFrom(source, dir, now);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A backup of an earlier eQMS's PGlite data (its own folder, opened by the caller), in the same format: how
 * `npm run db:from-pglite` moves it into PostgreSQL (with restoreBackup).
 */
export async function writeBackupOfPglite(pglite: PGlite, dir: string, now: Date = new Date()): Promise<BackupSummary> {
  await pglite.exec(SESSION);
  const source: BackupSource = {
    query: async <R>(text: string, params?: unknown[]) => pglite.query<R>(text, params),
    copyOut: async function* (copy) {
      const { blob } = await pglite.query(copy.replace(/ to stdout$/, " to '/dev/blob'"));
      if (blob) yield Buffer.from(await blob.arrayBuffer());
    },
    describe: 'the PGlite data',
  };
  return writeBackupFrom(source, dir, now);
}

async function writeBackupFrom(client: BackupSource, dir: string, now: Date): Promise<BackupSummary> {
  mkdirSync(dir, { recursive: true });
  let file: string | null = null;
  try {
    await client.query('begin isolation level repeatable read, read only');
    const applied = await appliedMigrations(client);
    if (!applied) {
      throw new BackupError(
        `${capital(client.describe)} holds no eQMS data (it has no migration journal, drizzle.__drizzle_migrations): nothing to back up.`,
      );
    }
    const tables: CatalogTable[] = [await journalTable(client), ...(await publicTables(client))];
    const sequences: SequenceState[] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ column: string; seq: string }>(
        `select a.attname::text as column, pg_get_serial_sequence($1, a.attname) as seq
           from pg_attribute a
          where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence($1, a.attname) is not null
          order by a.attnum`,
        [qualified(table.name)],
      );
      for (const { column, seq } of rows) {
        const state = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text as last_value, is_called from ${seq}`,
        );
        sequences.push({
          table: table.name,
          column,
          lastValue: state.rows[0].last_value,
          isCalled: state.rows[0].is_called,
        });
      }
    }

    file = reserveName(dir, now);
    const partial = `${file}.partial`;
    const done: BackupTable[] = [];
    const whole = createHash('sha256');
    async function* content() {
      const line = (value: unknown) => {
        const buf = Buffer.from(`${JSON.stringify(value)}\n`);
        whole.update(buf);
        return buf;
      };
      yield line({ format: FORMAT, version: VERSION, createdAt: now.toISOString(), migration: applied!.length - 1 });
      for (const table of tables) {
        yield line({ table: table.name, columns: table.columns });
        const hash = createHash('sha256');
        let rows = 0;
        const columns = table.columns.map(ident).join(', ');
        for await (const chunk of client.copyOut(`copy ${qualified(table.name)} (${columns}) to stdout`)) {
          hash.update(chunk);
          whole.update(chunk);
          rows += countLines(chunk);
          yield chunk;
        }
        done.push({ name: table.name, rows, sha256: hash.digest('hex') });
        const end = Buffer.from('\\.\n');
        whole.update(end);
        yield end;
      }
      yield Buffer.from(`${JSON.stringify({ end: FORMAT, tables: done, sequences, sha256: whole.digest('hex') })}\n`);
    }
    await pipeline(Readable.from(content()), createGzip(), createWriteStream(partial));
    await client.query('commit');
    fsyncPath(partial);
    renameSync(partial, file);
    fsyncPath(dir);
    return {
      file,
      createdAt: now.toISOString(),
      migration: applied.length - 1,
      tables: done,
      bytes: statSync(file).size,
    };
  } catch (e) {
    if (file) rmSync(`${file}.partial`, { force: true });
    await client.query('rollback').catch(() => undefined);
    if (e instanceof BackupError) throw e;
    throw new BackupError(`The backup of ${client.describe} into ${dir} failed: ${(e as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading.

type Header = { format: string; version: number; createdAt: string; migration: number };
type Trailer = { end: string; tables: BackupTable[]; sequences: SequenceState[]; sha256: string };

/** What a reader does with the file's tables (the checks are the parser's). */
type Sink = {
  table?: (name: string, columns: string[]) => Promise<void> | void;
  data?: (chunk: Buffer) => Promise<void> | void;
  endTable?: () => Promise<void> | void;
};

const damaged = (file: string, why: string) =>
  new BackupError(
    `${file} is incomplete or damaged (${why}). Nothing was restored from it: use another backup, or copy this one again if it came from another disk.`,
  );
const notOurs = (file: string, why: string) =>
  new BackupError(`${file} is not an eQMS backup (${why}). Choose a file named eqms-backup-….eqmsbak.gz.`);

/** Splits the decompressed stream into the header, the tables' rows and the trailer, checking everything on the way. */
class Parser {
  private mode: 'header' | 'json' | 'data' | 'after' = 'header';
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private atLineStart = true;
  private carry: Buffer | null = null;
  private whole = createHash('sha256');
  private tableHash: Hash | null = null;
  private current: { name: string; columns: string[]; rows: number } | null = null;
  header: Header | null = null;
  trailer: Trailer | null = null;
  tables: BackupTable[] = [];
  columns = new Map<string, string[]>();

  constructor(
    private file: string,
    private sink: Sink,
  ) {}

  async push(chunk: Buffer) {
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = null;
    }
    let i = 0;
    while (i < buf.length) {
      if (this.mode === 'data') i = await this.data(buf, i);
      else if (this.mode === 'after') throw damaged(this.file, 'there is data after its end');
      else i = await this.jsonLine(buf, i);
    }
  }

  /** Consumes table rows from buf[i…] up to the end mark or the end of buf; returns where it stopped. */
  private async data(buf: Buffer, start: number) {
    let i = start;
    while (i < buf.length) {
      if (this.atLineStart && buf[i] === 0x5c) {
        const rest = buf.length - i;
        if (rest < 3 && (rest === 1 || buf[i + 1] === 0x2e)) {
          // `\` or `\.` at the end of a chunk: the next chunk says whether it is the end mark.
          await this.flush(buf.subarray(start, i));
          this.carry = Buffer.from(buf.subarray(i));
          return buf.length;
        }
        if (buf[i + 1] === 0x2e && buf[i + 2] === 0x0a) {
          await this.flush(buf.subarray(start, i));
          this.whole.update(buf.subarray(i, i + 3));
          await this.endTable();
          return i + 3;
        }
      }
      const nl = buf.indexOf(0x0a, i);
      if (nl === -1) {
        this.atLineStart = false;
        i = buf.length;
      } else {
        this.current!.rows++;
        this.atLineStart = true;
        i = nl + 1;
      }
    }
    await this.flush(buf.subarray(start, i));
    return i;
  }

  private async flush(part: Buffer) {
    if (!part.length) return;
    this.tableHash!.update(part);
    this.whole.update(part);
    await this.sink.data?.(part);
  }

  private async endTable() {
    const t = this.current!;
    const table = { name: t.name, rows: t.rows, sha256: this.tableHash!.digest('hex') };
    this.tables.push(table);
    this.current = null;
    this.tableHash = null;
    this.mode = 'json';
    await this.sink.endTable?.();
  }

  /** Consumes one JSON line (header, table start or trailer), possibly across chunks. */
  private async jsonLine(buf: Buffer, start: number) {
    const nl = buf.indexOf(0x0a, start);
    const part = buf.subarray(start, nl === -1 ? buf.length : nl + 1);
    this.pending.push(part);
    this.pendingBytes += part.length;
    const limit = this.mode === 'header' ? 4096 : MAX_JSON_LINE;
    if (nl === -1) {
      if (this.pendingBytes > limit) {
        throw this.mode === 'header'
          ? notOurs(this.file, 'it does not begin with an eQMS backup header')
          : damaged(this.file, 'a line is far too long');
      }
      return buf.length;
    }
    const bytes = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.line(bytes);
    return nl + 1;
  }

  private async line(bytes: Buffer) {
    let value: any;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      value = undefined;
    }
    if (this.mode === 'header') {
      if (value?.format !== FORMAT) {
        // A header mangled by damage still names the format; anything else is some other file.
        throw bytes.includes(FORMAT)
          ? damaged(this.file, 'its header cannot be read')
          : notOurs(this.file, 'it does not begin with an eQMS backup header');
      }
      if (typeof value.version !== 'number' || value.version > VERSION) {
        throw new BackupError(
          `${this.file} was made by a newer eQMS (backup format ${value.version}; this eQMS reads format ${VERSION}): update eQMS first, then restore.`,
        );
      }
      if (!Number.isInteger(value.migration) || typeof value.createdAt !== 'string') {
        throw damaged(this.file, 'its header is incomplete');
      }
      this.header = value;
      this.whole.update(bytes);
      this.mode = 'json';
      return;
    }
    if (value && typeof value.table === 'string' && Array.isArray(value.columns)) {
      if (this.columns.has(value.table)) throw damaged(this.file, `the table ${value.table} appears twice`);
      this.whole.update(bytes);
      this.columns.set(value.table, value.columns);
      this.current = { name: value.table, columns: value.columns, rows: 0 };
      this.tableHash = createHash('sha256');
      this.atLineStart = true;
      this.mode = 'data';
      await this.sink.table?.(value.table, value.columns);
      return;
    }
    if (value?.end === FORMAT && Array.isArray(value.tables)) {
      this.check(value);
      this.trailer = value;
      this.mode = 'after';
      return;
    }
    throw damaged(this.file, `unexpected content after ${this.tables.at(-1)?.name ?? 'the header'}`);
  }

  private check(trailer: Trailer) {
    if (trailer.tables.length !== this.tables.length) {
      throw damaged(this.file, `it lists ${trailer.tables.length} tables but holds ${this.tables.length}`);
    }
    trailer.tables.forEach((expected, i) => {
      const got = this.tables[i];
      if (expected.name !== got.name) throw damaged(this.file, `the table ${expected.name} is missing`);
      if (expected.rows !== got.rows) {
        throw damaged(this.file, `the table ${got.name} should have ${expected.rows} rows but has ${got.rows}`);
      }
      if (expected.sha256 !== got.sha256) {
        throw damaged(this.file, `the checksum of the table ${got.name} does not match`);
      }
    });
    // Last: a changed header or column list, which no table's checksum covers.
    if (trailer.sha256 !== this.whole.digest('hex')) throw damaged(this.file, 'its checksum does not match');
    if (!Array.isArray(trailer.sequences)) throw damaged(this.file, 'its list of sequences is missing');
  }

  finish() {
    if (this.mode === 'header') {
      throw this.pendingBytes
        ? notOurs(this.file, 'it does not begin with an eQMS backup header')
        : notOurs(this.file, 'it is empty');
    }
    if (!this.trailer) {
      throw damaged(
        this.file,
        this.current
          ? `it ends inside the table ${this.current.name}`
          : `it ends after ${this.tables.at(-1)?.name ?? 'the header'}, before its end mark`,
      );
    }
  }
}

/** Reads the whole file through sink; every check (format, gzip, per-table and whole checksums, trailer) applies. */
async function scan(file: string, sink: Sink = {}) {
  let magic: Buffer;
  try {
    const fd = openSync(file, 'r');
    try {
      magic = Buffer.alloc(2);
      magic = magic.subarray(0, readSync(fd, magic, 0, 2, 0));
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist: give the path of a backup file.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder: give the path of a backup file in it.`);
    throw new BackupError(`${file} cannot be read: ${(e as Error).message}`);
  }
  if (magic.length === 0) throw notOurs(file, 'it is empty');
  if (magic.length < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) throw notOurs(file, 'it is not gzip-compressed');
  const parser = new Parser(file, sink);
  // The consumer's own error: pipeline rejects with an AbortError (the source it ended) instead on Node 20.
  let failure: unknown = null;
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      try {
        for await (const chunk of source) await parser.push(chunk);
      } catch (e) {
        failure = e;
        throw e;
      }
    });
  } catch (e) {
    if (failure instanceof BackupError || e instanceof BackupError) throw failure ?? e;
    const err = (failure ?? e) as NodeJS.ErrnoException;
    if (err.code === 'Z_BUF_ERROR') throw damaged(file, 'the compressed data ends early');
    if (typeof err.code === 'string' && err.code.startsWith('Z_')) {
      throw damaged(file, `the compressed data is corrupt: ${err.message}`);
    }
    throw err;
  }
  parser.finish();
  return parser;
}

function summaryOf(file: string, parser: Parser): BackupSummary {
  return {
    file,
    createdAt: parser.header!.createdAt,
    migration: parser.header!.migration,
    tables: parser.tables,
    bytes: statSync(file).size,
  };
}

/** Reads a backup file and checks it (format, completeness, per-table checksums) without a database. */
export async function readBackupSummary(file: string): Promise<BackupSummary> {
  const resolved = path.resolve(file);
  return summaryOf(resolved, await scan(resolved));
}

// ---------------------------------------------------------------------------------------------------------------
// Restoring.

/**
 * Tables a migration fills by itself (a top-level INSERT in a migration file, such as 0011's auth_epoch row): their
 * rows do not make a database "hold data", and they are replaced by the backup's rows.
 */
function tablesFilledByMigrations(): Set<string> {
  const names = new Set<string>();
  for (const entry of readJournal()) {
    const text = readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      const code = statement.replace(/^(\s*--[^\n]*\n)*\s*/, '');
      const m = /^insert\s+into\s+(?:"?public"?\.)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(code);
      if (m) names.add(m[1]);
    }
  }
  return names;
}

/** The public tables holding rows that are not a migration's own (an empty list: the database counts as empty). */
async function tablesWithData(client: pg.Client, filledByMigrations: Set<string>) {
  const found: string[] = [];
  for (const { name } of await publicTables(client)) {
    if (filledByMigrations.has(name)) continue;
    const { rows } = await client.query(`select 1 from public.${ident(name)} limit 1`);
    if (rows.length) found.push(name);
  }
  return found;
}

/** Applies this code's migrations up to index `level` (a copy of the folder with the journal cut there). */
async function migrateUpTo(url: string, level: number) {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const folder = mkdtempSync(path.join(os.tmpdir(), 'eqms-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    journal.entries = journal.entries.slice(0, level + 1);
    for (const entry of journal.entries as JournalEntry[]) {
      copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    const database = await openPostgres(url);
    try {
      await migratePg(database.db as any, { migrationsFolder: folder });
      // As at the end of every migration run of that eQMS (migrateDatabase): the audit trigger on every table.
      await database.db.execute(
        sql`select eqms_attach_audit() where to_regprocedure('eqms_attach_audit()') is not null`,
      );
    } finally {
      await database.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Writes a chunk to a COPY FROM stream with backpressure; rejects when the stream fails meanwhile. */
async function write(stream: Writable, chunk: Buffer) {
  if (stream.write(chunk)) return;
  const stop = new AbortController();
  const { signal } = stop;
  try {
    await Promise.race([
      once(stream, 'drain', { signal }),
      once(stream, 'close', { signal }).then(() => Promise.reject(stream.errored ?? new Error('COPY ended early'))),
    ]);
  } finally {
    stop.abort();
  }
}

/**
 * Restores a backup into the EMPTY database at url: one without eQMS tables, or whose tables hold no rows (apart
 * from the rows migrations put there themselves); refuses otherwise, and refuses a backup from a newer eQMS. Steps:
 * 1. the whole file is read and checked before the database is touched;
 * 2. this code's migrations are applied up to the backup's level (so its rows fit the tables as they were);
 * 3. every table is loaded with COPY FROM in one transaction with `session_replication_role = replica`: no foreign
 *    key order to follow and no trigger fires (no change-history rows for the load; change_history's own rows are
 *    inserted, which it allows). That setting needs a PostgreSQL superuser (or, from PostgreSQL 15, a role granted
 *    SET on it); the table owner alone is not enough. The embedded PostgreSQL's user is a superuser. Identity and
 *    serial sequences are set to the backup's value or their column's max, whichever is higher;
 * 4. then this function itself runs the remaining migrations (migrateDatabase), so the database is at this eQMS's
 *    level when it returns and the app starts on it as on any older database.
 * A failure in step 3 leaves the database migrated but empty: the restore can simply be run again.
 */
export async function restoreBackup(url: string, file: string): Promise<BackupSummary> {
  const resolved = path.resolve(file);
  let journalRows: Buffer[] = [];
  let reading = '';
  const checked = await scan(resolved, {
    table: (name) => {
      reading = name;
    },
    data: (chunk) => {
      if (reading === JOURNAL_TABLE) journalRows.push(chunk);
    },
  });
  const summary = summaryOf(resolved, checked);
  const trailer = checked.trailer!;

  // The migration level: refuse a newer one, and a history that is not this code's (another build or a fork).
  const ours = readJournal();
  const level = summary.migration;
  if (level > ours.length - 1) {
    throw new BackupError(
      `${resolved} was made by a newer eQMS (its database is at migration ${level}, this eQMS knows migrations up to ${ours.length - 1}): update eQMS first, then restore.`,
    );
  }
  const createdAt = checked.columns.get(JOURNAL_TABLE)?.indexOf('created_at') ?? -1;
  if (createdAt === -1) throw damaged(resolved, 'its migration journal is missing');
  const backupMigrations = Buffer.concat(journalRows)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => Number(row.split('\t')[createdAt]))
    .sort((a, b) => a - b);
  journalRows = [];
  if (backupMigrations.length !== level + 1) {
    throw damaged(resolved, `its header says migration ${level} but it holds ${backupMigrations.length} migrations`);
  }
  const foreign = backupMigrations.findIndex((when, i) => when !== ours[i]?.when);
  if (foreign !== -1) {
    throw new BackupError(
      `${resolved} was made by a different eQMS build: its migration ${foreign} is not this eQMS's ${ours[foreign].tag}. Restore it with the eQMS version that made it.`,
    );
  }

  const where = describeUrl(url);
  const filled = tablesFilledByMigrations();
  const client = await connect(url);
  try {
    // Checks that change nothing come first: emptiness, the target's own level, the right to skip triggers.
    const holding = await tablesWithData(client, filled);
    if (holding.length) {
      const list =
        holding.length > 5 ? `${holding.slice(0, 5).join(', ')} and ${holding.length - 5} more` : holding.join(', ');
      throw new BackupError(
        `${capital(where)} already holds data (in ${list}): restore needs an empty database; nothing was changed. Restore into a new DATA_DIR, or create a new database and give its URL.`,
      );
    }
    const targetApplied = await appliedMigrations(client);
    const targetTables = (await publicTables(client)).map((t) => t.name);
    if (targetApplied) {
      if (targetApplied.length - 1 > level || targetApplied.some((when, i) => when !== ours[i]?.when)) {
        throw new BackupError(
          `${capital(where)} is empty but its tables were made by ${targetApplied.length - 1 > level ? 'a newer migration than the backup' : 'another eQMS build'} (migration ${targetApplied.length - 1}; the backup is at ${level}): restore needs a new database without eQMS tables; nothing was changed.`,
        );
      }
    } else if (targetTables.length) {
      throw new BackupError(
        `${capital(where)} has tables that are not eQMS's (${targetTables.slice(0, 5).join(', ')}): restore needs an empty database; nothing was changed.`,
      );
    }
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('rollback');
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      const user = (() => {
        try {
          return decodeURIComponent(new URL(url).username);
        } catch {
          return '';
        }
      })();
      throw new BackupError(
        `Restore needs a PostgreSQL superuser (it loads the tables without their triggers and foreign-key checks); the user "${user}" of ${where} is not one (${(e as Error).message}). Connect as a superuser (the embedded PostgreSQL's user is one) and try again; nothing was changed.`,
      );
    }

    await migrateUpTo(url, level).catch((e) => {
      throw new BackupError(`Preparing the tables of ${where} failed: ${(e as Error).message}`);
    });

    await client.query('begin');
    try {
      await client.query('set local session_replication_role = replica');
      // Again inside the transaction (someone may have written since), then the migrations' own rows make way.
      const late = await tablesWithData(client, filled);
      if (late.length)
        throw new BackupError(`${capital(where)} received data while the restore ran (${late.join(', ')}).`);
      const madeTables = new Map((await publicTables(client)).map((t) => [t.name, t]));
      for (const name of checked.columns.keys()) {
        if (name === JOURNAL_TABLE) continue;
        if (!madeTables.has(name)) {
          throw new BackupError(
            `${resolved} has the table ${name}, which this eQMS's migration ${level} does not make: it was made by a different eQMS build.`,
          );
        }
        if (filled.has(name)) await client.query(`delete from public.${ident(name)}`);
      }
      // The journal the migrator just wrote is replaced by the backup's own (the same migrations, rows as they were).
      await client.query('delete from drizzle.__drizzle_migrations');

      const load: { copy: Writable | null; table: string } = { copy: null, table: '' };
      const failed = (e: unknown) =>
        new BackupError(`Loading the table ${load.table} into ${where} failed: ${(e as Error).message}`);
      try {
        await scan(resolved, {
          table: (name, columns) => {
            load.table = name;
            load.copy = client.query(copyFrom(`copy ${qualified(name)} (${columns.map(ident).join(', ')}) from stdin`));
            // An error is reported by `write` or `finished` below; this keeps it from being an unhandled 'error' event.
            load.copy.on('error', () => undefined);
          },
          data: (chunk) => write(load.copy!, chunk).catch((e) => Promise.reject(failed(e))),
          endTable: async () => {
            const copy = load.copy!;
            load.copy = null;
            copy.end();
            await finished(copy).catch((e) => Promise.reject(failed(e)));
          },
        });
      } catch (e) {
        // A COPY left open would hold the connection: cancel it (CopyFail) so that the rollback can run.
        const copy = load.copy as Writable | null;
        if (copy) {
          copy.destroy(e as Error);
          await finished(copy).catch(() => undefined);
        }
        throw e;
      }

      // Sequences: the backup's value, or the column's max when higher (never an id that a restored row holds).
      const saved = new Map(trailer.sequences.map((s) => [`${s.table}\0${s.column}`, s]));
      for (const name of checked.columns.keys()) {
        const { rows } = await client.query<{ column: string; seq: string }>(
          `select a.attname::text as column, pg_get_serial_sequence($1, a.attname) as seq
             from pg_attribute a
            where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
              and pg_get_serial_sequence($1, a.attname) is not null`,
          [qualified(name)],
        );
        for (const { column, seq } of rows) {
          const state = saved.get(`${name}\0${column}`);
          const fromBackup = state?.isCalled ? state.lastValue : null;
          await client.query(
            `select case when v is null then setval($1, (select seqstart from pg_sequence where seqrelid = $1::regclass), false)
                         else setval($1, v, true) end
               from (select greatest($2::bigint, (select max(${ident(column)})::bigint from ${qualified(name)})) as v) s`,
            [seq, fromBackup],
          );
        }
      }
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    }
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`The restore of ${resolved} into ${where} failed: ${(e as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }

  // The remaining migrations, as at any start of the app on an older database.
  const database = await openPostgres(url);
  try {
    await migrateDatabase(database);
  } catch (e) {
    throw new BackupError(
      `The rows of ${resolved} are restored into ${where}, but this eQMS's later migrations failed on them: ${(e as Error).message}`,
    );
  } finally {
    await database.close();
  }
  return summary;
}
