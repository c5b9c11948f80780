import { and, eq } from 'drizzle-orm';
import { compactVerify } from 'jose';
import { authEndpoints } from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from '../../platform/auth/sessions.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/auth/password.ts';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError } from '../../platform/errors.ts';
import { sameKey } from '../../platform/crud.ts';
import { users } from '../user/user.table.ts';
import { userViewById } from '../user/user.view.ts';
import { LoginLimiter } from './login-limiter.ts';
import { LoginThrottle } from './login-throttle.ts';

export const REFRESH_COOKIE = 'eqms_refresh';

/** The refresh cookie's attributes, the same when it is set and when it is cleared (or browsers keep both). */
const refreshCookie = (req: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'strict', path: '/api/auth', secure: req.protocol === 'https' }) as const;

const tooMany = (reply: FastifyReply, retryAfterS: number) => {
  reply.header('retry-after', String(retryAfterS));
  return new AppError(429, 'TOO_MANY_REQUESTS', `Too many failed logins. Try again in ${retryAfterS} seconds.`, {
    retryAfter: retryAfterS,
  });
};

export const authRoutes: ModuleRoutes = (app, { db, sessions, config }) => {
  const limiter = new LoginLimiter();
  const throttle = new LoginThrottle(db);
  const jwtKey = new TextEncoder().encode(config.jwtSecret);
  // The cookie plugin runs no hook (app.ts): these three routes are the only ones with a cookie to read or set.
  const refreshOf = (req: FastifyRequest) => {
    const header = req.headers.cookie;
    return header ? app.parseCookie(header)[REFRESH_COOKIE] : undefined;
  };
  const setRefresh = (req: FastifyRequest, reply: FastifyReply, token: string, maxAge = 12 * 60 * 60) =>
    reply.header(
      'set-cookie',
      app.serializeCookie(REFRESH_COOKIE, token, {
        ...refreshCookie(req),
        maxAge,
        ...(maxAge === 0 ? { expires: new Date(0) } : {}),
      }),
    );
  /**
   * The session of the request's access token, for logout. Only the signature is checked, not the expiry: a token
   * we signed names its session whether or not it is still fresh, and ending a session is never a privilege.
   */
  const sessionOfBearer = async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    try {
      const { payload } = await compactVerify(header.slice(7).trim(), jwtKey, { algorithms: ['HS256'] });
      const sid = (JSON.parse(new TextDecoder().decode(payload)) as { sid?: unknown }).sid;
      return typeof sid === 'string' ? sid : null;
    } catch {
      return null;
    }
  };
  const withPermissions = async (id: number) => {
    const user = await userViewById(db, id);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', 'The user no longer exists.');
    return user;
  };

  bindEndpoints(app, authEndpoints, {
    login: async (req, reply) => {
      const { userId, password } = req.body;
      // The address first (memory, no write), then the account (the database, shared by every instance). A
      // blocked account is refused before its password is checked, so the right password does not get in either.
      const addressWait = limiter.retryAfterS(req.ip);
      if (addressWait) throw tooMany(reply, addressWait);
      const verdict = await throttle.attempt(userId);
      if (!verdict.allowed) throw tooMany(reply, verdict.retryAfterS);
      // The id exactly as typed; `sameKey` first so the lookup uses the unique index on lower(user_id).
      const [row] = await db
        .select()
        .from(users)
        .where(and(sameKey(users.userId, userId), eq(users.userId, userId)));
      const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !ok || !row.enabled) {
        limiter.fail(req.ip);
        await throttle.prune();
        throw new AppError(401, 'ID_PASSWORD_INVALID', 'Please check your ID and password.');
      }
      await throttle.succeed(userId);
      const { accessToken, refreshToken } = await sessions.create(row.id, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setRefresh(req, reply, refreshToken);
      reply.header('authorization', `Bearer ${accessToken}`);
      req.principal = await sessions.authenticate(accessToken);
      return { data: { ...(await withPermissions(row.id)), permissions: req.principal.permissions } };
    },
    reissue: async (req, reply) => {
      const result = await sessions.reissue(refreshOf(req));
      setRefresh(req, reply, result.refreshToken);
      reply.header('authorization', `Bearer ${result.accessToken}`);
      return { data: { ...(await withPermissions(result.principal.id)), permissions: result.principal.permissions } };
    },
    logout: async (req, reply) => {
      // Both the refresh cookie's session and the access token's: a client that lost its cookie (or never sent it,
      // as an API client) still ends the session it is using.
      const ids = new Set([SessionService.sessionIdOf(refreshOf(req)), await sessionOfBearer(req)]);
      for (const sid of ids) if (sid) await sessions.revoke(sid, 'logout');
      setRefresh(req, reply, '', 0);
      return { data: { ok: true as const } };
    },
  });
};
