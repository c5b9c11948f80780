import { eq } from 'drizzle-orm';
import { authEndpoints } from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from '../../platform/auth/sessions.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/auth/password.ts';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError } from '../../platform/errors.ts';
import { users } from '../user/user.table.ts';
import { userViewById } from '../user/user.view.ts';
import { LoginLimiter } from './login-limiter.ts';

export const REFRESH_COOKIE = 'eqms_refresh';

export const authRoutes: ModuleRoutes = (app, { db, sessions }) => {
  const limiter = new LoginLimiter();
  const setRefresh = (req: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth',
      secure: req.protocol === 'https',
      maxAge: 12 * 60 * 60,
    });
  const withPermissions = async (id: number) => {
    const user = await userViewById(db, id);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', 'The user no longer exists.');
    return user;
  };

  bindEndpoints(app, authEndpoints, {
    login: async (req, reply) => {
      const { userId, password } = req.body;
      if (limiter.blocked(userId, req.ip)) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many failed logins. Try again in 15 minutes.');
      }
      const [row] = await db.select().from(users).where(eq(users.userId, userId));
      const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
      if (!row || !ok || !row.enabled) {
        limiter.fail(userId, req.ip);
        throw new AppError(401, 'ID_PASSWORD_INVALID', 'Please check your ID and password.');
      }
      limiter.succeed(userId, req.ip);
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
      const result = await sessions.reissue(req.cookies[REFRESH_COOKIE]);
      setRefresh(req, reply, result.refreshToken);
      reply.header('authorization', `Bearer ${result.accessToken}`);
      return { data: { ...(await withPermissions(result.principal.id)), permissions: result.principal.permissions } };
    },
    logout: async (req, reply) => {
      const sid = SessionService.sessionIdOf(req.cookies[REFRESH_COOKIE]);
      if (sid) await sessions.revoke(sid, 'logout');
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return { data: { ok: true as const } };
    },
  });
};
