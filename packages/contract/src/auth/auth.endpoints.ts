import { okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { loginBody, loginResponse } from './auth.schemas.ts';

// SPEC §4 session: the three open routes. The access token travels in the `authorization` response header, the
// refresh token in an httpOnly cookie on /api/auth.
// biome-ignore format: a routing table, one endpoint per line
export const authEndpoints = endpoints('auth', {
  login: endpoint('POST', '/auth/login', loginResponse, 'public', 'Sign in: the user with permissions, the token in the authorization header', { body: loginBody }),
  reissue: endpoint('POST', '/auth/reissue-access-token', loginResponse, 'public', 'A fresh access token (authorization header) from the refresh cookie, with the current permissions'),
  logout: endpoint('POST', '/auth/logout', okSchema, 'public', 'Sign out: revoke the session of the refresh cookie and clear it'),
});
