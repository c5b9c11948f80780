import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  mergeRoleItems,
  type Permissions,
  type RoleItemNode,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '@eqms/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { authEpoch, sessions } from './session.table.ts';
import { AppError, unauthorized } from '../errors.ts';
import type { TokenService } from './tokens.ts';

export type Principal = {
  id: number;
  userId: string;
  username: string;
  sessionId: string;
  permissions: Permissions;
};

export type SessionLimits = { idleMs: number; absoluteMs: number };
export const DEFAULT_LIMITS: SessionLimits = { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS };

/** Activity is written at most this often per session, so every request does not cost a write. */
const TOUCH_EVERY_MS = 5_000;
/** Live sessions kept in memory per instance; past this the oldest loaded is dropped (it reloads when used). */
const CACHE_MAX = 10_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type SessionRow = {
  session_id: string;
  created_at: Date | string;
  last_access_at: Date | string;
  revoked_at: Date | string | null;
  refresh_hash: string;
  user_pk: number;
  user_id: string;
  username: string;
  enabled: boolean;
  role_items: RoleItemNode[][] | string | null;
  /** The auth epoch in the same statement's snapshot as the rest of the row. */
  epoch?: number | string | null;
};

/** A live session as this instance last read it, with the epoch it was read at. */
type Cached = { epoch: number; principal: Principal; createdMs: number; lastAccessMs: number };

// Server-side sessions (ARCHITECTURE §5): 30-minute idle and 12-hour absolute limits, enforced here whatever the
// client does; a rotating refresh secret whose reuse revokes the session.
//
// What a request costs: the signed token, then one read of the auth epoch (a one-row count that triggers bump at the
// commit of every change to sessions' revocation, users' id/name/enabled, roles and role assignments; migration
// 0011). While the epoch has not moved, the session's principal (user and merged rights) read earlier by this
// instance is still what the database holds, so it is used as is; when it moved, the session is read again. A
// revocation or a role change made anywhere therefore takes effect on the next request on every instance. Idle and
// absolute limits are checked against the cached times, and a timeout is decided only on a freshly read row (another
// instance may have recorded later activity).
export class SessionService {
  private readonly cache = new Map<string, Cached>();
  /** The newest epoch seen: entries read at an older one are stale and dropped. */
  private cacheEpoch = Number.NEGATIVE_INFINITY;
  private readonly epochQuery;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly limits: SessionLimits = DEFAULT_LIMITS,
  ) {
    this.epochQuery = db
      .select({ n: authEpoch.n })
      .from(authEpoch)
      .where(eq(authEpoch.id, 1))
      .prepare('eqms_auth_epoch');
  }

  async create(userPk: number, meta: { ip?: string; userAgent?: string }) {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({
      id,
      userId: userPk,
      refreshHash: sha256(secret),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { accessToken: await this.tokens.sign({ sid: id, uid: userPk }), refreshToken: `${id}.${secret}` };
  }

  /** Resolves an access token to the signed-in user with fresh permissions, or throws the right 401. */
  async authenticate(accessToken: string): Promise<Principal> {
    const result = await this.tokens.verify(accessToken);
    if (!result.ok) {
      if (result.reason === 'expired') throw unauthorized('ACCESS_TOKEN_EXPIRED', 'The access token has expired.');
      throw unauthorized('UNAUTHORIZED', 'Invalid access token.');
    }
    const sid = result.claims.sid;
    const [current] = await this.epochQuery.execute();
    let entry = current ? this.cache.get(sid) : undefined;
    let fresh = false;
    if (!entry || entry.epoch !== current.n) {
      entry = await this.loadLive(sid);
      fresh = true;
    }
    const now = Date.now();
    if (this.timedOut(entry, now)) {
      if (!fresh) entry = await this.loadLive(sid);
      this.assertNotTimedOut(entry, now);
    }
    if (now - entry.lastAccessMs > TOUCH_EVERY_MS) {
      // Set first: concurrent requests of this session then write once, not each.
      entry.lastAccessMs = now;
      await this.db
        .update(sessions)
        .set({ lastAccessAt: laterOf(now) })
        .where(eq(sessions.id, sid));
    }
    return entry.principal;
  }

  /** Reads the session with its epoch; a live one is cached, any other ends the request with the right 401. */
  private async loadLive(sid: string): Promise<Cached> {
    this.cache.delete(sid);
    const row = await this.load(sid);
    this.assertLive(row, Date.now());
    const epoch = row.epoch == null ? null : Number(row.epoch);
    const entry: Cached = {
      epoch: epoch ?? Number.NaN,
      principal: toPrincipal(row),
      createdMs: toMs(row.created_at),
      lastAccessMs: toMs(row.last_access_at),
    };
    // Without an epoch row nothing can tell the entry is stale: never cache then.
    if (epoch == null || epoch < this.cacheEpoch) return entry;
    if (epoch > this.cacheEpoch) {
      this.cache.clear();
      this.cacheEpoch = epoch;
    }
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(sid, entry);
    return entry;
  }

  private timedOut(entry: Cached, now: number) {
    return now - entry.lastAccessMs > this.limits.idleMs || now - entry.createdMs > this.limits.absoluteMs;
  }

  private assertNotTimedOut(entry: Cached, now: number) {
    const idle = now - entry.lastAccessMs > this.limits.idleMs;
    const absolute = now - entry.createdMs > this.limits.absoluteMs;
    if (idle || absolute) {
      this.cache.delete(entry.principal.sessionId);
      void this.revoke(entry.principal.sessionId, idle ? 'idle timeout' : 'absolute timeout').catch(() => {});
      throw new AppError(401, 'SESSION_TIMEOUT', 'The session has timed out. Please log in again.');
    }
  }

  /** Rotates the refresh secret; a stale secret means the token was stolen or replayed: the session ends. */
  async reissue(refreshToken: string | undefined) {
    const [sid, secret] = (refreshToken ?? '').split('.');
    if (!sid || !secret) throw unauthorized('UNAUTHORIZED', 'No refresh token.');
    const row = await this.load(sid);
    const now = Date.now();
    this.assertLive(row, now);
    const next = randomBytes(32).toString('base64url');
    const rotated = await this.db
      .update(sessions)
      .set({ refreshHash: sha256(next), lastAccessAt: laterOf(now) })
      .where(and(eq(sessions.id, sid), eq(sessions.refreshHash, sha256(secret)), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (rotated.length === 0) {
      await this.revoke(sid, 'refresh token reuse');
      throw unauthorized('UNAUTHORIZED', 'The refresh token was already used; the session has been ended.');
    }
    const principal = toPrincipal(row!);
    return {
      principal,
      accessToken: await this.tokens.sign({ sid, uid: principal.id }),
      refreshToken: `${sid}.${next}`,
    };
  }

  async revoke(sessionId: string, reason: string) {
    this.cache.delete(sessionId);
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllOfUser(userPk: number, reason: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.userId, userPk), isNull(sessions.revokedAt)));
  }

  /** Session id from a refresh cookie, for logout. */
  static sessionIdOf(refreshToken: string | undefined) {
    return refreshToken?.split('.')[0] || null;
  }

  private assertLive(row: SessionRow | undefined, now: number): asserts row is SessionRow {
    if (!row || row.revoked_at || !row.enabled) throw unauthorized('UNAUTHORIZED', 'The session has ended.');
    const idle = now - toMs(row.last_access_at) > this.limits.idleMs;
    const absolute = now - toMs(row.created_at) > this.limits.absoluteMs;
    if (idle || absolute) {
      void this.revoke(row.session_id, idle ? 'idle timeout' : 'absolute timeout').catch(() => {});
      throw new AppError(401, 'SESSION_TIMEOUT', 'The session has timed out. Please log in again.');
    }
  }

  private async load(sessionId: string): Promise<SessionRow | undefined> {
    const res = await this.db.execute<SessionRow>(sql`
      select s.id as session_id, s.created_at, s.last_access_at, s.revoked_at, s.refresh_hash,
             u.id as user_pk, u.user_id, u.username, u.enabled, ${roleItemsOfUser} as role_items,
             (select e.n::float8 from auth_epoch e where e.id = 1) as epoch
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId}`);
    return rowsOf<SessionRow>(res)[0];
  }
}

/**
 * Activity only moves forward, whichever instance writes last: a step back would count as a change of the session
 * (migration 0011's trigger) and make every instance read its sessions again.
 */
const laterOf = (now: number) => sql`greatest(${sessions.lastAccessAt}, ${new Date(now).toISOString()}::timestamptz)`;

const toMs = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

/** The role items of every role of the user `u` (a column list's subquery; a session's and an API token's user). */
export const roleItemsOfUser = sql`(select coalesce(json_agg(r.role_item), '[]'::json)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id)`;

/** The merged rights of the role items as either driver returns them (json, or its text). */
export function permissionsOf(roleItems: RoleItemNode[][] | string | null): Permissions {
  const items = typeof roleItems === 'string' ? JSON.parse(roleItems) : (roleItems ?? []);
  return mergeRoleItems(items as RoleItemNode[][]);
}

/** Frozen: one principal now serves many requests, so a handler changing it would leak into the next. */
function toPrincipal(row: SessionRow): Principal {
  const permissions = permissionsOf(row.role_items);
  for (const flags of Object.values(permissions)) Object.freeze(flags);
  return Object.freeze({
    id: row.user_pk,
    userId: row.user_id,
    username: row.username,
    sessionId: row.session_id,
    permissions: Object.freeze(permissions),
  });
}
