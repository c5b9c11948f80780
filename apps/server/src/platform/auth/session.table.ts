import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The users' key as the sessions' foreign key names it. `platform/` imports no module, so the user module's `users`
 * table is not imported here: this stand-in (never exported, never queried) gives drizzle-kit the referenced table
 * and column, `users.id`, and the constraint stays `sessions_user_id_users_id_fk` as before.
 */
const usersKey = pgTable('users', { id: integer('id') });

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
