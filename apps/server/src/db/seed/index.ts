import type { Config } from '../../config.ts';
import { ConfigError } from '../../config.ts';
import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { users } from '../../modules/user/user.table.ts';
import type { Database } from '../client.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { isEmptyDatabase, seedAdminIn } from './admin.ts';
import { demoPasswordHash, seedDemoIn } from './demo.ts';

export type SeedResult = 'existing' | 'admin' | 'demo';

/**
 * First start on an empty database. Production needs ADMIN_PASSWORD and never gets demo data; the embedded
 * engine gets the demo factory unless DEMO_DATA=0; PostgreSQL only with DEMO_DATA=1.
 *
 * One transaction for the administrator and the demo factory (issue 11): a start killed at any moment leaves either
 * nothing, and the next start seeds again, or everything. Two seeding transactions left an administrator without a
 * demo factory for good, since "empty" means "no users". The check is repeated inside the transaction, after an
 * exclusive lock on the users table, so two instances starting together on one database seed once.
 */
export async function initialData(database: Database, config: Config): Promise<SeedResult> {
  if (!(await isEmptyDatabase(database.db))) return 'existing';
  if (config.production && !config.adminPassword) {
    throw new ConfigError(
      'The database is empty: set ADMIN_PASSWORD for the first administrator (NODE_ENV=production).',
    );
  }
  const demo = !config.production && (config.demoData ?? database.kind !== 'postgres');
  // scrypt before the transaction opens: it takes a while and holds nothing.
  const adminHash = await hashPassword(config.adminPassword ?? 'admin1234');
  const demoHash = demo ? await demoPasswordHash() : '';
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    await tx.execute(sql`lock table ${users} in exclusive mode`);
    if (!(await isEmptyDatabase(tx))) return 'existing';
    await seedAdminIn(tx, adminHash);
    if (!demo) return 'admin';
    await seedDemoIn(tx, demoHash, config.timeZone, config.demoTraceHours);
    return 'demo';
  });
}

/** Whether the demo accounts exist (so a restart prints them again, and a real database never does). */
export async function hasDemoLogins(database: Database) {
  const ids = DEMO_LOGINS.filter((l) => l.userId !== 'admin').map((l) => l.userId);
  const rows = await database.db.select({ id: users.id }).from(users).where(inArray(users.userId, ids));
  return rows.length === ids.length;
}
