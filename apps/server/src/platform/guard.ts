import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { type Action, can, MENU_INDEX } from '@eqms/contract';
import type { Principal, SessionService } from './auth/sessions.ts';
import { authenticateApiToken } from './auth/api-tokens.ts';
import { authenticateIngestKey, type IngestKeyCheck } from './auth/ingest-key.ts';
import { AppError, forbidden } from './errors.ts';
import type { Actor } from './tx.ts';

/**
 * What every route declares (ARCHITECTURE §4): a menu and action, 'authenticated' for shared look-ups,
 * or 'public' (only login, reissue, logout, health and the OpenAPI document).
 */
export type RoutePermission = { menu: string; action: Action } | 'authenticated' | 'public' | 'ingestKey' | 'apiToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

export const PUBLIC_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/reissue-access-token',
  'POST /api/auth/logout',
  'GET /api/health',
  'GET /api/openapi.json',
]);

/**
 * The one exception to user sessions: machines push data with an ingest key (x-api-key, platform/auth/ingest-key.ts,
 * answered by the data collection module). A route declaring 'ingestKey' outside this list fails at start-up.
 */
export const INGEST_KEY_ROUTES = new Set(['POST /api/trace-data/ingest']);

/**
 * The routes a user's personal API token opens instead of a session (api-tokens.ts): the MCP server. Its tools check
 * the token user's view rights themselves. A route declaring 'apiToken' outside this list fails at start-up.
 */
export const API_TOKEN_ROUTES = new Set(['POST /api/mcp', 'GET /api/mcp', 'DELETE /api/mcp']);

/** The OpenAPI document describes the contract and is the one /api route outside it. */
export const OPENAPI_ROUTE = 'GET /api/openapi.json';

export type RegisteredRoute = { method: string; url: string; permission: RoutePermission | undefined };

/**
 * Installs the guard on every /api route as it is registered. A route without a declaration, an unknown menu
 * name, or a 'public' route outside the allowed list fails at start-up, so nothing ships unguarded.
 */
export function installGuard(
  app: FastifyInstance,
  sessions: SessionService,
  registry: RegisteredRoute[],
  /** The providers and database the ingest key and API token checks ask. */
  keys?: IngestKeyCheck,
) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const permission = route.config?.permission;
    for (const method of methods) {
      registry.push({ method, url: route.url, permission });
      const key = `${method} ${route.url}`;
      if (!permission) throw new Error(`Route ${key} does not declare its permission.`);
      if (permission === 'public' && !PUBLIC_ROUTES.has(key)) throw new Error(`Route ${key} may not be public.`);
      if (permission === 'ingestKey' && !INGEST_KEY_ROUTES.has(key)) {
        throw new Error(`Route ${key} may not take an ingest key.`);
      }
      if (permission === 'apiToken' && !API_TOKEN_ROUTES.has(key)) {
        throw new Error(`Route ${key} may not take an API token.`);
      }
      if (typeof permission === 'object' && !MENU_INDEX.has(permission.menu)) {
        throw new Error(`Route ${key} names an unknown menu '${permission.menu}'.`);
      }
      if (!route.config?.endpointId && key !== OPENAPI_ROUTE) {
        throw new Error(`Route ${key} is not an endpoint of the contract (bind it with bindEndpoints).`);
      }
    }
    if (permission === 'public') return;
    if (permission === 'ingestKey') {
      // No session: the key (401 when missing, unknown or revoked); which tools it may write, the handler checks (403).
      const keyGuard = async (req: FastifyRequest) => {
        await authenticateIngestKey(req, keys);
      };
      route.onRequest = [keyGuard, ...(route.onRequest ? [route.onRequest].flat() : [])];
      return;
    }
    if (permission === 'apiToken') {
      // No session: the token's user with the rights they have now (401 when missing, unknown, expired or revoked).
      const tokenGuard = async (req: FastifyRequest) => {
        const token = bearerOf(req);
        const principal = token && keys ? await authenticateApiToken(keys.db, token) : null;
        if (!principal)
          throw new AppError(401, 'UNAUTHORIZED', 'A valid API token is required (Authorization: Bearer).');
        req.principal = principal;
      };
      route.onRequest = [tokenGuard, ...(route.onRequest ? [route.onRequest].flat() : [])];
      return;
    }
    const guard = async (req: FastifyRequest) => {
      const principal = await authenticate(req, sessions);
      if (typeof permission === 'object' && !can(principal.permissions, permission.menu, permission.action)) {
        throw forbidden();
      }
    };
    // onRequest, before body parsing and validation: a caller without a token or the right learns nothing about
    // the route's input (401/403, never a 400 that describes the schema).
    route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}

export async function authenticate(req: FastifyRequest, sessions: SessionService): Promise<Principal> {
  if (req.principal) return req.principal;
  const token = bearerOf(req);
  if (!token) throw new AppError(401, 'UNAUTHORIZED', 'Authentication is required.');
  req.principal = await sessions.authenticate(token);
  return req.principal;
}

function bearerOf(req: FastifyRequest): string {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** The signed-in user of a guarded route, as the actor of its writes. */
export function actorOf(req: FastifyRequest): Actor & { permissions: Principal['permissions'] } {
  const p = req.principal;
  if (!p) throw new AppError(401, 'UNAUTHORIZED', 'Authentication is required.');
  return { id: p.id, userId: p.userId, username: p.username, permissions: p.permissions };
}
