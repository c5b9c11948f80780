import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Failed logins per account, in the database so that every app instance on one PostgreSQL counts the same tries
// (an in-memory count lets N instances allow N times the guesses). Keyed by the user id as typed, lower-cased, not
// by a foreign key: an unknown id is throttled like a known one, so a 429 does not tell which ids exist. Not a
// business table: no change history (migration 0008 excludes it from the audit trigger), and a successful login
// deletes the row.
export const loginFailures = pgTable(
  'login_failures',
  {
    loginId: text('login_id').primaryKey(),
    /** Failures since the count last started; reset after a quiet window (see login-throttle.ts). */
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** No login of this account, right password or not, is checked before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('login_failures_last_failed_idx').on(t.lastFailedAt)],
);
