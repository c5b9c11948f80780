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
import { sessions } from './session.table.ts';
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
};

// Server-side sessions (ARCHITECTURE §5): 30-minute idle and 12-hour absolute limits, enforced here whatever the
// client does; a rotating refresh secret whose reuse revokes the session.
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly limits: SessionLimits = DEFAULT_LIMITS,
  ) {}

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
    const row = await this.load(result.claims.sid);
    const now = Date.now();
    this.assertLive(row, now);
    if (now - toMs(row!.last_access_at) > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastAccessAt: new Date(now) })
        .where(eq(sessions.id, row!.session_id));
    }
    return toPrincipal(row!);
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
      .set({ refreshHash: sha256(next), lastAccessAt: new Date(now) })
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
             u.id as user_pk, u.user_id, u.username, u.enabled,
             (select coalesce(json_agg(r.role_item), '[]'::json) from user_roles ur join roles r on r.id = ur.role_id
               where ur.user_id = u.id) as role_items
      from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionId}`);
    return rowsOf<SessionRow>(res)[0];
  }
}

const toMs = (v: Date | string) => (v instanceof Date ? v.getTime() : Date.parse(v));

function toPrincipal(row: SessionRow): Principal {
  const items = typeof row.role_items === 'string' ? JSON.parse(row.role_items) : (row.role_items ?? []);
  return {
    id: row.user_pk,
    userId: row.user_id,
    username: row.username,
    sessionId: row.session_id,
    permissions: mergeRoleItems(items as RoleItemNode[][]),
  };
}
