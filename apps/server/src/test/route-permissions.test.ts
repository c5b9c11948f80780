import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';
import type { SessionService } from '../platform/auth/sessions.ts';
import { installErrorHandler } from '../platform/error-handler.ts';
import { installGuard, PUBLIC_ROUTES, type RegisteredRoute } from '../platform/guard.ts';

const t = await createTestApp();
const routes = t.app.registeredRoutes;
const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
/** Path parameters filled with 1 (and a wildcard with x), as a client that knows nothing would send. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const unusedSessions = {} as SessionService;

describe('route permissions', () => {
  it('registers the /api routes, each with a permission declaration', () => {
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.size);
    const undeclared = routes.filter((r) => !r.permission).map(key);
    expect(undeclared).toEqual([]);
    expect(routes.every((r) => r.url.startsWith('/api/'))).toBe(true);
  });

  it('has exactly login, reissue, logout, health and the OpenAPI document as public routes', () => {
    const publicRoutes = routes
      .filter((r) => r.permission === 'public')
      .map(key)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'POST /api/auth/login',
        'POST /api/auth/reissue-access-token',
        'POST /api/auth/logout',
        'GET /api/health',
        'GET /api/openapi.json',
      ].sort(),
    );
  });

  it('answers 401 on every non-public route called without a token', async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((x) => x.permission !== 'public')) {
      const res = await t.inject({
        method: r.method,
        url: concrete(r.url),
        ...(WRITES.has(r.method) ? { payload: {} } : {}),
      });
      if (res.status !== 401) wrong.push(`${key(r)} → ${res.status} ${res.body?.code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 on every menu-guarded route to a signed-in user without rights, before reading the input', async () => {
    const { token } = await t.makeUser();
    const wrong: string[] = [];
    for (const r of routes.filter((x) => typeof x.permission === 'object')) {
      const res = await t.inject({
        method: r.method,
        url: concrete(r.url),
        token,
        ...(WRITES.has(r.method) ? { payload: {} } : {}),
      });
      if (res.status !== 403 || res.body?.code !== 'FORBIDDEN')
        wrong.push(`${key(r)} → ${res.status} ${res.body?.code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 with a garbage token too', async () => {
    const r = routes.find((x) => x.permission !== 'public')!;
    const res = await t.inject({
      method: r.method,
      url: concrete(r.url),
      token: 'not-a-jwt',
      ...(WRITES.has(r.method) ? { payload: {} } : {}),
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});

describe('the guard at registration', () => {
  const tiny = () => {
    const app = Fastify({ logger: false });
    installGuard(app, unusedSessions, []);
    return app;
  };

  it('refuses a route without a permission declaration', async () => {
    const app = tiny();
    let failure: unknown = null;
    try {
      app.get('/api/undeclared', async () => ({ data: 1 }));
      await app.ready();
    } catch (e) {
      failure = e;
    }
    expect(String(failure)).toMatch(/GET \/api\/undeclared does not declare its permission/);
    await app.close().catch(() => {});
  });

  it('refuses a public route outside the allowed list and an unknown menu name', async () => {
    for (const permission of ['public', { menu: 'noSuchMenu', action: 'view' }] as const) {
      const app = tiny();
      let failure: unknown = null;
      try {
        app.get('/api/sneaky', { config: { permission } }, async () => ({ data: 1 }));
        await app.ready();
      } catch (e) {
        failure = e;
      }
      expect(String(failure)).toMatch(/may not be public|unknown menu 'noSuchMenu'/);
      await app.close().catch(() => {});
    }
  });

  it('refuses an /api route that is not an endpoint of the contract', async () => {
    const app = tiny();
    let failure: unknown = null;
    try {
      app.get('/api/extra', { config: { permission: 'authenticated' } }, async () => ({ data: 1 }));
      await app.ready();
    } catch (e) {
      failure = e;
    }
    expect(String(failure)).toMatch(/GET \/api\/extra is not an endpoint of the contract/);
    await app.close().catch(() => {});
  });

  it('leaves routes outside /api (the web app) alone', async () => {
    const app = tiny();
    app.get('/index.html', async () => 'ok');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every registered route', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    const paths: Record<string, Record<string, unknown>> = res.body.paths;
    const missing = routes
      .filter((r) => r.url !== '/api/openapi.json')
      .filter((r) => !paths[r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[r.method.toLowerCase()])
      .map(key);
    expect(missing).toEqual([]);
    // The other direction: nothing in the document escaped the guard's registry.
    const registered = new Set(routes.map(key));
    const unguarded = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .map((m) => `${m.toUpperCase()} ${p.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`)
        .filter((k) => !k.includes(' /api/docs') && !registered.has(k)),
    );
    expect(unguarded).toEqual([]);
  });
});

describe('errors outside any route', () => {
  it('answers an unknown /api route with 404 ROUTE_NOT_FOUND, signed in or not', async () => {
    const { token } = await t.makeUser();
    for (const tok of [null, token]) {
      const res = await t.inject({ method: 'GET', url: '/api/no/such/route', token: tok });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers an internal error with 500 INTERNAL_SERVER_ERROR and no stack or detail', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/api/boom', async () => {
      throw new Error('secret detail at db/password.ts:12');
    });
    app.get('/api/boom-typed', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    await app.ready();
    for (const url of ['/api/boom', '/api/boom-typed']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-42' } });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status']);
      expect(body.code).toBe('INTERNAL_SERVER_ERROR');
      expect(body.status).toBe(500);
      expect(res.body).not.toMatch(/secret|password\.ts|Cannot read|stack|at /);
    }
    await app.close();
  });
});
