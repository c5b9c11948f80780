import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openEmbedded, openPostgres } from './db/client.ts';
import { scheduleBackups } from './db/backup-schedule.ts';
import { EmbeddedPostgresError } from './db/embedded.ts';
import { DataDirLockedError } from './db/lock.ts';
import { DEMO_LOGINS } from './db/seed/demo-logins.ts';
import { hasDemoLogins, initialData } from './db/seed/index.ts';

async function main() {
  let database: Database | null = null;
  try {
    const config = loadConfig();
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openEmbedded(config.dataDir, config.embeddedPgUser);
    await migrateDatabase(database);
    const seeded = await initialData(database, config);
    const app = await buildApp({ config, database });
    const db = database;
    const stopBackups = db.url ? scheduleBackups(db.url, config, app.log) : () => {};
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      stopBackups();
      await app.close().catch(() => {});
      await db.close().catch(() => {});
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    await app.listen({ port: config.port, host: config.host });
    const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    const lines = [
      '',
      `  eQMS is running: http://${shown}:${config.port}`,
      `  database: ${database.kind === 'embedded' ? `embedded PostgreSQL (${config.dataDir})` : 'PostgreSQL'}`,
    ];
    if (seeded === 'demo' || (seeded === 'existing' && (await hasDemoLogins(db)))) {
      lines.push('  demo logins (user id / password):');
      for (const l of DEMO_LOGINS) lines.push(`    ${l.userId.padEnd(12)} ${l.password.padEnd(12)} ${l.role}`);
    } else if (seeded === 'admin' && !config.adminPassword) {
      lines.push('  first login: admin / admin1234 (change the password in the profile)');
    }
    console.log(`${lines.join('\n')}\n`);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof DataDirLockedError || e instanceof EmbeddedPostgresError) {
      console.error(`eQMS cannot start: ${e.message}`);
      // The lock belongs to the other process: do not touch the data directory.
      if (database && !(e instanceof DataDirLockedError)) await database.close().catch(() => {});
      process.exit(1);
    }
    console.error(e);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

void main();
