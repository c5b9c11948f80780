import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp } from './harness.ts';

// Issue 10 §4: one log line per request at info (method, path, status, ms, user) with its request id, not
// Fastify's two. The app is built on the harness's database with its log lines captured.
const t = await createTestApp();
const lines: Record<string, unknown>[] = [];
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    WEB_DIST: '',
    LOG_LEVEL: 'info',
  }),
  database: t.database,
  logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
});
await app.ready();
// Registered after the harness's: runs first (after-hooks run in reverse), while the database is still open.
afterAll(() => app.close());

/** The lines logged while one request ran, and its response. */
async function logged(method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: unknown } = {}) {
  const from = lines.length;
  const res = await app.inject({
    method,
    url,
    payload: opts.payload as never,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  return { res, lines: lines.slice(from) };
}

describe('request log', () => {
  it('writes one info line per request: method, path, status, ms, user and the request id', async () => {
    const s = await t.makeUser({ user: { view: true } });
    const { res, lines: out } = await logged('GET', `/api/user/users/${s.user.id}?x=secret-search`, {
      token: s.token,
    });
    expect(res.statusCode).toBe(200);
    expect(out).toHaveLength(1);
    const [line] = out;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      path: `/api/user/users/${s.user.id}`,
      status: 200,
      user: s.userId,
      reqId: res.headers['x-request-id'],
    });
    expect(typeof line.ms).toBe('number');
    // The query string (what users searched for) stays out of the log.
    expect(JSON.stringify(line)).not.toContain('secret-search');
  });

  it('logs public requests without a user, and refused and unknown ones with their status, once each', async () => {
    const s = await t.makeUser();
    const cases: [string, Awaited<ReturnType<typeof logged>>, number, string | undefined][] = [
      ['health', await logged('GET', '/api/health'), 200, undefined],
      ['no token', await logged('GET', '/api/user/users/1'), 401, undefined],
      ['no right', await logged('GET', '/api/user/users/1', { token: s.token }), 403, s.userId],
      ['unknown route', await logged('GET', '/api/nothing-here'), 404, undefined],
      ['bad input', await logged('GET', '/api/user/users/abc', { token: s.token }), 403, s.userId],
      [
        'bad login',
        await logged('POST', '/api/auth/login', { payload: { userId: s.userId, password: 'nope' } }),
        401,
        undefined,
      ],
    ];
    for (const [name, { res, lines: out }, status, user] of cases) {
      expect(out, name).toHaveLength(1);
      expect(out[0], name).toMatchObject({ msg: 'request', status, reqId: res.headers['x-request-id'] });
      expect(res.statusCode, name).toBe(status);
      expect(out[0].user, name).toBe(user);
    }
  });

  it('keeps a request id the caller sends', async () => {
    const from = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-77' } });
    expect(res.headers['x-request-id']).toBe('req-77');
    expect(lines.slice(from)).toEqual([expect.objectContaining({ reqId: 'req-77', msg: 'request' })]);
  });

  it('says nothing at a level above info', async () => {
    const quiet: string[] = [];
    const silent = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'test-secret-test-secret-test-secret',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
      }),
      database: t.database,
      logStream: { write: (line: string) => void quiet.push(line) },
    });
    await silent.ready();
    expect((await silent.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(quiet).toEqual([]);
    await silent.close();
  });
});
