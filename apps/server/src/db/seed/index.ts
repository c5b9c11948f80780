import type { Config } from '../../config.ts';
import { ConfigError } from '../../config.ts';
import { inArray } from 'drizzle-orm';
import { users } from '../../modules/user/user.table.ts';
import type { Database } from '../client.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { isEmptyDatabase, seedAdmin } from './admin.ts';
import { seedDemo } from './demo.ts';

export type SeedResult = 'existing' | 'admin' | 'demo';

/**
 * First start on an empty database. Production needs ADMIN_PASSWORD and never gets demo data; the embedded
 * engine gets the demo factory unless DEMO_DATA=0; PostgreSQL only with DEMO_DATA=1.
 */
export async function initialData(database: Database, config: Config): Promise<SeedResult> {
  if (!(await isEmptyDatabase(database.db))) return 'existing';
  if (config.production) {
    if (!config.adminPassword) {
      throw new ConfigError(
        'The database is empty: set ADMIN_PASSWORD for the first administrator (NODE_ENV=production).',
      );
    }
    await seedAdmin(database.db, config.adminPassword);
    return 'admin';
  }
  const demo = config.demoData ?? database.kind === 'pglite';
  await seedAdmin(database.db, config.adminPassword ?? 'admin1234');
  if (!demo) return 'admin';
  await seedDemo(database.db, config.timeZone);
  return 'demo';
}

/** Whether the demo accounts exist (so a restart prints them again, and a real database never does). */
export async function hasDemoLogins(database: Database) {
  const ids = DEMO_LOGINS.filter((l) => l.userId !== 'admin').map((l) => l.userId);
  const rows = await database.db.select({ id: users.id }).from(users).where(inArray(users.userId, ids));
  return rows.length === ids.length;
}
