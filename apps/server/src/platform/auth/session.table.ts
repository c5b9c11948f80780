import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { usersKey } from './users-key.ts';

// Server-side sessions (ARCHITECTURE §5): platform, like the rest of authentication. Not a business table: no change
// history. A session goes with its user (cascade).
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersKey.id, { onDelete: 'cascade' }),
    /** sha256 of the current refresh secret; a different presented secret is a reuse. */
    refreshHash: text('refresh_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_access_idx').on(t.lastAccessAt)],
);

/**
 * One row counting every committed change to what a request's principal is made of: a session revoked or deleted,
 * a user's id, name or enabled flag, a role's rights, a user's roles. Triggers bump it (migration
 * 0010_issue10_auth_epoch_triggers) at commit, in the changing transaction, so a reader sees the new count together
 * with the change. The guard reads only this count per request and reloads a session when it moved (sessions.ts).
 */
export const authEpoch = pgTable(
  'auth_epoch',
  {
    id: integer('id').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('auth_epoch_one_row', sql`${t.id} = 1`)],
);
