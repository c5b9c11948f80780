import * as contract from '@eqms/contract';
import { type AnyEndpoint, serverPath } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './harness.ts';

// The contract ↔ server ↔ OpenAPI enumeration (ARCHITECTURE §4): every endpoint the contract defines is served,
// nothing else is, and the OpenAPI document describes each with a summary and an operationId.

const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'id' in v && 'tag' in v;

/** Every endpoint group the contract exports (`xxxEndpoints`), found by shape, so a new group needs no list. */
const groups = Object.entries(contract).filter(
  ([name, v]) => name.endsWith('Endpoints') && typeof v === 'object' && v && Object.values(v).every(isEndpoint),
) as [string, Record<string, AnyEndpoint>][];
const all = groups.flatMap(([, g]) => Object.values(g));
const key = (method: string, url: string) => `${method} ${url}`;
/** The document describing the contract is the one route outside it. */
const OUTSIDE = new Set(['GET /api/openapi.json']);

const t = await createTestApp();

describe('contract endpoints', () => {
  it('are many groups with unique ids and unique method + path', () => {
    expect(groups.length).toBeGreaterThan(15);
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = all.map((e) => key(e.method, serverPath(e.path)));
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('are exactly the routes the server registers, with the same permission', () => {
    const served = new Map(t.app.registeredRoutes.map((r) => [key(r.method, r.url), r]));
    const missing = all.filter((e) => !served.has(key(e.method, serverPath(e.path)))).map((e) => e.id);
    expect(missing).toEqual([]);
    const defined = new Set(all.map((e) => key(e.method, serverPath(e.path))));
    const extra = [...served.keys()].filter((k) => !defined.has(k) && !OUTSIDE.has(k));
    expect(extra).toEqual([]);
    const wrongPermission = all
      .filter(
        (e) =>
          JSON.stringify(served.get(key(e.method, serverPath(e.path)))?.permission) !== JSON.stringify(e.permission),
      )
      .map((e) => e.id);
    expect(wrongPermission).toEqual([]);
  });

  it('are each an OpenAPI operation with a summary, an operationId and one tag of its group', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.body as {
      paths: Record<string, Record<string, { summary?: string; operationId?: string; tags?: string[] }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(ops.length).toBe(all.length);
    expect(ops.filter((o) => !o.summary || !o.operationId).map((o) => o.route)).toEqual([]);
    const byId = new Map(all.map((e) => [e.id, e]));
    const wrong = ops.filter((o) => {
      const e = byId.get(o.operationId ?? '');
      return !e || o.tags?.length !== 1 || o.tags[0] !== e.tag;
    });
    expect(wrong.map((o) => o.route)).toEqual([]);
  });

  it('refer only to schemas the document defines (the recursive trees are named components)', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    const text = JSON.stringify(res.body);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    const defined = Object.keys((res.body as { components?: { schemas?: object } }).components?.schemas ?? {});
    expect([...refs].filter((r) => !defined.includes(r))).toEqual([]);
    expect(defined).toEqual(expect.arrayContaining(['CodeTreeNode', 'LocationTreeNode', 'BomNode', 'RoleItemNode']));
  });

  it("each state their permission as x-permission, the route's own; public ones need no token", async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.body as {
      security: unknown[];
      paths: Record<string, Record<string, { operationId: string; 'x-permission'?: unknown; security?: unknown[] }>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, ...op })),
    );
    const served = new Map(t.app.registeredRoutes.map((r) => [key(r.method, r.url), r.permission]));
    const byId = new Map(all.map((e) => [e.id, e]));
    const mismatched = ops.filter((o) => {
      const e = byId.get(o.operationId)!;
      const routePermission = served.get(key(e.method, serverPath(e.path)));
      return (
        o['x-permission'] === undefined ||
        JSON.stringify(o['x-permission']) !== JSON.stringify(routePermission) ||
        JSON.stringify(o['x-permission']) !== JSON.stringify(e.permission)
      );
    });
    expect(mismatched.map((o) => o.route)).toEqual([]);
    // Every form appears: a menu and action, a shared look-up, and the few public operations.
    const kinds = new Set(ops.map((o) => (typeof o['x-permission'] === 'object' ? 'menu' : o['x-permission'])));
    expect([...kinds].sort()).toEqual(['apiToken', 'authenticated', 'ingestKey', 'menu', 'public']);
    const menuActions = ops.map((o) => o['x-permission']).filter((p) => typeof p === 'object');
    expect(
      menuActions.every(
        (p) =>
          Object.keys(p as object)
            .sort()
            .join() === 'action,menu',
      ),
    ).toBe(true);
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicOps = ops.filter((o) => o['x-permission'] === 'public');
    expect(publicOps.map((o) => o.route).sort()).toEqual(
      [
        'GET /api/health',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/reissue-access-token',
      ].sort(),
    );
    expect(publicOps.every((o) => Array.isArray(o.security) && o.security.length === 0)).toBe(true);
    // The ingest route takes an ingest key (x-api-key) instead of the bearer token, and says so.
    const keyOps = ops.filter((o) => o['x-permission'] === 'ingestKey');
    expect(keyOps.map((o) => [o.route, o.security])).toEqual([['POST /api/trace-data/ingest', [{ ingestKey: [] }]]]);
    // The MCP server takes a user's API token instead of a session's.
    const tokenOps = ops.filter((o) => o['x-permission'] === 'apiToken');
    expect(tokenOps.map((o) => [o.route, o.security])).toEqual([
      ['POST /api/mcp', [{ apiToken: [] }]],
      ['GET /api/mcp', [{ apiToken: [] }]],
      ['DELETE /api/mcp', [{ apiToken: [] }]],
    ]);
    expect(
      ops
        .filter((o) => !['public', 'ingestKey', 'apiToken'].includes(o['x-permission'] as string) && o.security)
        .map((o) => o.route),
    ).toEqual([]);
  });
});
