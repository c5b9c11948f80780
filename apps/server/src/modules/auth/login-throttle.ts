import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { loginFailures } from './auth.table.ts';

/**
 * Per-account backoff: the first FREE_TRIES failed logins of an account cost nothing; from the FREE_TRIES-th on,
 * each counted try blocks the account for BASE_DELAY_MS × 2^(n − FREE_TRIES), at most MAX_DELAY_MS
 * (5 → 30 s, 6 → 1 min, … 10 and beyond → 15 min). The count starts over after QUIET_MS without a failure
 * outside a block. At the 15-minute cap a guesser gets about four tries an hour, whatever its addresses.
 */
export const FREE_TRIES = 5;
export const BASE_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const QUIET_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** The throttle key: the user id as typed, trimmed and lower-cased, so `Admin` and `admin ` share one count. */
export const loginKey = (userId: string) => userId.trim().toLowerCase();

/**
 * Counts in the database, on the database's clock, so every app instance on one PostgreSQL shares the count and
 * the block (ARCHITECTURE §1: instances keep no state). A try is counted *before* the password is checked and
 * forgiven by `succeed`: counting after the check would let a burst of parallel tries all pass the gate before the
 * first failure is written.
 */
export class LoginThrottle {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  /**
   * Takes a try for this account in one statement (the upsert's row lock orders concurrent tries): refused while
   * the account is blocked (the refused try is not counted and does not extend the block); otherwise counted, and
   * from the FREE_TRIES-th counted try on it starts the next block. A blocked row is left alone by the upsert's
   * `where`, so it returns no row: "counted" is "a row came back", never a comparison of timestamps (two
   * transactions can start in the same microsecond, and a refused try read as counted let a sixth guess through).
   */
  async attempt(userId: string): Promise<ThrottleVerdict> {
    const key = loginKey(userId);
    // A block always ends after the failure that started it, so the later of the two is coalesce(blocked, last).
    const quiet = sql`coalesce(f.blocked_until, f.last_failed_at) < now() - make_interval(secs => ${QUIET_MS / 1000})`;
    const next = sql`(case when ${quiet} then 1 else f.failures + 1 end)`;
    const delayS = sql`least(${MAX_DELAY_MS / 1000}::float8, ${BASE_DELAY_MS / 1000}::float8 * power(2::float8, ${next} - ${FREE_TRIES}))`;
    const counted = await this.db.execute(sql`
      insert into login_failures as f (login_id, failures, last_failed_at, blocked_until)
      values (${key}, 1, now(), null)
      on conflict (login_id) do update set
        failures = ${next},
        last_failed_at = now(),
        blocked_until = case when ${next} >= ${FREE_TRIES} then now() + make_interval(secs => ${delayS}) else null end
      where f.blocked_until is null or f.blocked_until <= now()
      returning 1`);
    if (rowsOf(counted).length > 0) return { allowed: true };
    const [row] = await this.db
      .select({
        retryAfter: sql<number | null>`ceil(extract(epoch from (${loginFailures.blockedUntil} - now())))::int`,
      })
      .from(loginFailures)
      .where(eq(loginFailures.loginId, key));
    // The block may have ended (or a right password cleared it) between the two statements: wait a second, then.
    return { allowed: false, retryAfterS: Math.max(1, Number(row?.retryAfter ?? 0)) };
  }

  /** A correct password (of an enabled user): the account's count and block are forgotten. */
  async succeed(userId: string) {
    await this.db.delete(loginFailures).where(eq(loginFailures.loginId, loginKey(userId)));
  }

  /**
   * Rows past their quiet window count as nothing (the next failure starts over), so they are deleted now and then:
   * unknown user ids get rows too (a 429 must not tell which ids exist), bounded by the per-address limit.
   */
  async prune(now = Date.now()) {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.db.execute(sql`
      delete from login_failures
      where last_failed_at < now() - make_interval(secs => ${QUIET_MS / 1000})
        and coalesce(blocked_until, last_failed_at) < now() - make_interval(secs => ${QUIET_MS / 1000})`);
  }
}
