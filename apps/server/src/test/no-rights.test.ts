import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, locationBranch, uniq } from './harness.ts';

// Issue 10 §3: a signed-in user whose role grants nothing walks EVERY operation of the OpenAPI document, with path
// parameters filled from rows that exist (the seeded users, their location, their role) and plausible bodies made
// from each operation's schema. No write may be accepted except the few below, and no answer may carry another
// user's personal data (the seeded users' emails, phones and custom-field values). New routes are covered without
// an edit here.

/**
 * Writes a user without rights may make, each for a reason. Everything else must be refused. Only 'public' and
 * 'authenticated' operations can be listed (checked below), so a menu-guarded write can never hide here.
 */
const ALLOWED_WRITES: Record<string, string> = {
  'POST /api/auth/login': 'public: signing in',
  'POST /api/auth/reissue-access-token': 'public: renews the caller’s own session',
  'POST /api/auth/logout': 'public: ends the caller’s own session (run last)',
  'PUT /api/user/profile': "the caller's own profile",
  'POST /api/user/profile/photo': "the caller's own photo",
  'DELETE /api/user/profile/photo': "the caller's own photo",
  'PUT /api/settings/user/homepath': "the caller's own settings",
  'PUT /api/settings/user/theme': "the caller's own settings",
  'PUT /api/settings/user/locale': "the caller's own settings",
  'PUT /api/settings/table/{screen}': "the caller's own column preferences",
  'DELETE /api/settings/table/{screen}': "the caller's own column preferences",
  'POST /api/condition': "the caller's own saved searches",
  'DELETE /api/condition/{id}': "the caller's own saved searches (another's → 404)",
  'POST /api/system/page-hits/page-hit': "records the caller's own page hit",
  'POST /api/notice/{id}/read': "the caller's own read mark",
  'POST /api/api-tokens': "the caller's own API tokens (they open only what the caller may view)",
  'DELETE /api/api-tokens/{id}': "the caller's own API tokens (another's → 404)",
};
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  operationId: string;
  'x-permission': unknown;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const t = await createTestApp();

// The people whose data must not leak: three users at one line, with contact data and a custom-field value.
const { line } = await locationBranch(t.db);
const digits = () => String(randomInt(1000, 9999));
const seeded = await Promise.all(
  [0, 1, 2].map(() => {
    const tag = uniq('pii');
    return t.makeUser(
      { notice: { view: true } },
      {
        email: `${tag}@secret.example.com`,
        phone: `010-${digits()}-${digits()}`,
        locationId: line.id,
        ext: { employeeNo: `EMP-${tag}` },
      },
    );
  }),
);
const secrets = seeded.flatMap((s) => [s.user.email!, s.user.phone!, `EMP-${s.user.email!.split('@')[0]}`]);
const nobody = await t.makeUser({});

/** Integers that name rows that exist: the line, the seeded users, their roles. */
const ids = [line.id, ...seeded.map((s) => s.user.id), seeded[0].role.id];
/** Strings a caller might put in a path: a table and a screen of personal data, a location type, a user id. */
const words = ['users', 'user', 'LINE', seeded[0].userId, 'x1'];

function resolver(doc: Doc) {
  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]);
    if (s.allOf?.length) return Object.assign({}, ...s.allOf.map(resolve));
    return s;
  };
  return resolve;
}

/** Candidate values of one parameter, as strings for a path or query. */
function candidates(schema: Schema, resolve: (s: Schema) => Schema): string[] {
  const s = resolve(schema);
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return [...new Set(alt.flatMap((a) => candidates(a, resolve)))];
  if (s.enum) return s.enum.slice(0, 12).map(String);
  if (s.const !== undefined) return [String(s.const)];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'integer' || type === 'number') return ids.map(String);
  if (type === 'array') return candidates(s.items ?? {}, resolve);
  if (type === 'boolean') return ['true'];
  if (s.format === 'date') return ['2020-01-01'];
  if (s.format === 'date-time') return ['2020-01-01T00:00:00.000Z'];
  const re = s.pattern ? new RegExp(s.pattern) : null;
  const fits = words.filter((w) => !re || re.test(w));
  // Numbers in a string (comma-separated id lists, epoch milliseconds) when no word fits the pattern.
  return fits.length ? fits : ids.map(String).filter((v) => !re || re.test(v));
}

/** A plausible JSON value for a schema: required fields, the first enum value, ids that exist. */
function sample(schema: Schema | undefined, resolve: (s: Schema) => Schema, depth = 0): unknown {
  const s = resolve(schema ?? {});
  if (depth > 6) return null;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sample(alt.find((a) => resolve(a).type !== 'null') ?? alt[0], resolve, depth + 1);
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, resolve, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, resolve, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? ids[0], ids[0]));
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'date') return '2020-01-01';
      if (s.format === 'date-time') return '2020-01-01T00:00:00.000Z';
      if (s.format === 'email') return 'someone@example.com';
      return 'Abcd1234'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 100);
    default:
      return null;
  }
}

/** Every combination of the candidates (bounded: the first few of each), one URL each. */
function urlsOf(path: string, op: Operation, resolve: (s: Schema) => Schema): string[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const query = new URLSearchParams();
  for (const p of (op.parameters ?? []).filter((x) => x.in === 'query' && x.required)) {
    query.set(p.name, candidates(p.schema, resolve)[0] ?? 'x');
  }
  let urls = [path];
  for (const p of pathParams) {
    const values = candidates(p.schema, resolve);
    urls = urls.flatMap((u) => values.map((v) => u.replace(`{${p.name}}`, encodeURIComponent(v))));
  }
  const qs = query.toString();
  return urls.slice(0, 60).map((u) => (qs ? `${u}?${qs}` : u));
}

describe('a signed-in user whose role grants nothing', () => {
  it('can write nothing but their own session and settings, and reads no personal data of others', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body as Doc;
    const resolve = resolver(doc);
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    // Logout ends the session the walk uses: last.
    ops.sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));

    const accepted: string[] = [];
    const leaks: string[] = [];
    const seen = new Map<string, number[]>();
    /** Operations that answered 2xx at least once: their bodies were scanned. */
    const scanned = new Set<string>();
    for (const { method, path, op } of ops) {
      const route = `${method} ${path}`;
      const json = op.requestBody?.content['application/json']?.schema;
      const multipart = op.requestBody?.content['multipart/form-data'];
      for (const url of urlsOf(path, op, resolve)) {
        const res = await t.inject({
          method,
          url,
          token: nobody.token,
          ...(json ? { payload: sample(json, resolve) } : {}),
          ...(multipart
            ? {
                payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--b--\r\n',
                headers: { 'content-type': 'multipart/form-data; boundary=b' },
              }
            : {}),
        });
        seen.set(route, [...(seen.get(route) ?? []), res.status]);
        if (res.status >= 200 && res.status < 300) {
          scanned.add(route);
          if (WRITES.has(method)) accepted.push(route);
          const text = res.raw.body;
          for (const secret of secrets) if (text.includes(secret)) leaks.push(`${route} (${url}) shows ${secret}`);
        }
      }
    }

    expect(seen.size).toBe(ops.length);
    expect(leaks).toEqual([]);
    const unexpected = [...new Set(accepted)].filter((r) => !ALLOWED_WRITES[r]);
    expect(unexpected).toEqual([]);
    // The exceptions are shared or public operations only: no menu-guarded write can be waved through here.
    const permissionOf = new Map(ops.map(({ method, path, op }) => [`${method} ${path}`, op['x-permission']]));
    const guarded = Object.keys(ALLOWED_WRITES).filter((r) => typeof permissionOf.get(r) !== 'string');
    expect(guarded).toEqual([]);
    // Every menu-guarded operation refused with 403 each time.
    const notRefused = ops
      .filter(({ op }) => typeof op['x-permission'] === 'object')
      .map(({ method, path }) => `${method} ${path}`)
      .filter((r) => seen.get(r)!.some((s) => s !== 403));
    expect(notRefused).toEqual([]);

    // The walk reached the shared reads with rows that exist: the workers pick-list of the line answered, with
    // the seeded users in it (by name), and the user screen's own reads were refused.
    expect(seen.get('GET /api/user/workers/{locationId}')).toContain(200);
    expect(scanned.size, [...scanned].join('\n')).toBeGreaterThan(25);
    // The walk's last call, the logout with the bearer token alone, ended the walk's session.
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: nobody.token })).status).toBe(401);
    const token = await t.login(nobody.userId);
    const workers = await t.inject({ method: 'GET', url: `/api/user/workers/${line.id}`, token });
    expect(workers.body.data.map((u: { id: number }) => u.id).sort()).toEqual(seeded.map((s) => s.user.id).sort());
    expect(seen.get('GET /api/system/online-users')).toEqual([403]);
  });

  it('is a test that can see a leak: the same scan finds the secrets in what the user screen shows', async () => {
    const viewer = await t.makeUser({ user: { view: true } });
    const res = await t.inject({ method: 'GET', url: `/api/user/users/${seeded[0].user.id}`, token: viewer.token });
    expect(res.status).toBe(200);
    expect(secrets.filter((s) => res.raw.body.includes(s))).toHaveLength(3);
  });
});
