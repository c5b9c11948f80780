import { okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import { loginBody, loginResponse } from './auth.schemas.ts';

// SPEC §4 session: the three open routes. The access token travels in the `authorization` response header, the
// refresh token in an httpOnly cookie on /api/auth.
export const authEndpoints = endpoints('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    body: loginBody,
    response: loginResponse,
    permission: 'public',
    summary: 'Sign in: the user with permissions, the token in the authorization header',
  },
  reissue: {
    method: 'POST',
    path: '/auth/reissue-access-token',
    response: loginResponse,
    permission: 'public',
    summary: 'A fresh access token (authorization header) from the refresh cookie, with the current permissions',
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    response: okSchema,
    permission: 'public',
    summary: 'Sign out: revoke the session of the refresh cookie and clear it',
  },
});
