import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_PASS, serverProcesses } from '../test/server-process.ts';
import { openEmbedded } from './client.ts';
import { type EmbeddedPostgres, embeddedPaths, runAsUser, startEmbeddedPostgres } from './embedded.ts';

const servers = serverProcesses();
const running: EmbeddedPostgres[] = [];
const tempDir = () => servers.tempDir('eqms-embedded-');
const quiet = () => undefined;

const start = async (dataDir: string) => {
  const server = await startEmbeddedPostgres({ dataDir, log: quiet });
  running.push(server);
  return server;
};

async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const waitFor = async (what: () => boolean | Promise<boolean>, ms = 30_000) => {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    if (await what()) return;
  }
  throw new Error('timed out');
};

afterAll(async () => {
  for (const server of running) await server.stop();
  await servers.cleanUp();
}, 60_000);

describe.skipIf(POSTGRES_PASS)('embedded PostgreSQL', () => {
  it('runs with fsync, synchronous commit and full-page writes on, on loopback only, with a password', async () => {
    const dir = tempDir();
    const server = await start(dir);
    const [settings] = await query<Record<string, string>>(
      server.url,
      `select current_setting('fsync') fsync, current_setting('synchronous_commit') sync,
              current_setting('full_page_writes') fpw, current_setting('listen_addresses') listen,
              current_setting('unix_socket_directories') sockets, current_database() db`,
    );
    expect(settings).toEqual({ fsync: 'on', sync: 'on', fpw: 'on', listen: '127.0.0.1', sockets: '', db: 'eqms' });

    const password = readFileSync(embeddedPaths(dir).password, 'utf8');
    expect(server.url).toContain(`:${password}@127.0.0.1:`);
    expect(statSync(embeddedPaths(dir).password).mode & 0o077).toBe(0);
    await expect(query(server.url.replace(password, 'wrong'), 'select 1')).rejects.toThrow(/password authentication/);

    // Run as root (CI, containers), PostgreSQL runs as an unprivileged user who owns its data directory.
    const as = runAsUser(null);
    const owner = statSync(embeddedPaths(dir).pgdata).uid;
    expect(owner).toBe(as ? as.uid : process.getuid?.());
    expect(owner).not.toBe(0);
    await server.stop();
    expect(existsSync(path.join(embeddedPaths(dir).pgdata, 'postmaster.pid'))).toBe(false);
  });

  it('keeps committed rows across a stop and a start, and starts again after its postmaster is killed', async () => {
    const dir = tempDir();
    let server = await start(dir);
    await query(server.url, 'create table t (n int); insert into t values (1)');
    await server.stop();
    server = await start(dir);
    expect(await query(server.url, 'select n from t')).toEqual([{ n: 1 }]);

    const first = server.pid()!;
    process.kill(first, 'SIGKILL');
    await waitFor(() => server.pid() !== undefined && server.pid() !== first);
    await waitFor(() =>
      query(server.url, 'select 1').then(
        () => true,
        () => false,
      ),
    );
    await query(server.url, 'insert into t values (2)');
    expect(await query(server.url, 'select n from t order by n')).toEqual([{ n: 1 }, { n: 2 }]);
    await server.stop();
  });

  it('stops a postmaster left running by a killed app, and ignores a pid file whose pid went to another process', async () => {
    const dir = tempDir();
    // An app that is killed: its PostgreSQL runs on.
    const app = await servers.start(dir);
    await servers.ready(app);
    const pidFile = path.join(embeddedPaths(dir).pgdata, 'postmaster.pid');
    const orphan = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    await servers.kill(app, 'SIGKILL');
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const server = await start(dir);
    expect(() => process.kill(orphan, 0)).toThrow();
    await server.stop();

    // A crash of the whole machine: the pid in postmaster.pid now belongs to some other process.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(pidFile, `${other.pid}\n${embeddedPaths(dir).pgdata}\n`);
      const again = await start(dir);
      expect(await query(again.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(() => process.kill(other.pid!, 0)).not.toThrow();
      await again.stop();
    } finally {
      other.kill('SIGKILL');
    }
  }, 120_000);

  it('makes a data directory again when a first start was killed during initdb', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'postgres.init/data'), { recursive: true });
    writeFileSync(path.join(dir, 'postgres.init/data/PG_VERSION'), '18');
    const server = await start(dir);
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(existsSync(path.join(dir, 'postgres.init'))).toBe(false);
    await server.stop();
  });

  it('refuses a data directory of an earlier version (PGlite) and names the command that copies it', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'pg'));
    writeFileSync(path.join(dir, 'pg/PG_VERSION'), '17');
    await expect(openEmbedded(dir)).rejects.toThrow(/npm run db:from-pglite/);
    expect(existsSync(embeddedPaths(dir).pgdata)).toBe(false);
    expect(existsSync(path.join(dir, 'eqms.lock'))).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('as root, refuses a data directory its PostgreSQL user cannot reach', async () => {
    const closed = tempDir();
    chmodSync(closed, 0o700);
    await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'data'), log: quiet })).rejects.toThrow(
      /cannot reach .*Set DATA_DIR to a folder outside it, or EMBEDDED_PG_USER/,
    );
    expect(() => runAsUser('no-such-user-here')).toThrow(/no user "no-such-user-here"/);
    expect(() => runAsUser('root')).toThrow(/must not be root/);
  });
});
