import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../platform/error-handler.ts';
import { nulPath } from '../platform/input.ts';
import { createTestApp, uniq } from './harness.ts';

// Issue 10 §2, each class the bad-input run found on main, through the real routes: ids beyond the id column's
// range, NUL text in a path, query, JSON or multipart body, bodies that are not strict objects; and the error
// handler's safety net for the database's own refusals. fuzz.test.ts covers every route; these name the fields.

const t = await createTestApp();
const { token } = await t.admin();
const EN = { 'accept-language': 'en' };
const fieldsOf = (body: any) => (body?.extraData?.fields ?? []) as { field: string; message: string }[];

describe('ids are bounded to the id column (int4)', () => {
  it.each([
    '/api/notice/notices/9999999999999999999999999999999999999999',
    '/api/tool/tool-inspect-historys/9999999999999999999999999999999999999999',
    '/api/operation/operations/1,2147483648',
    '/api/operation/operations/0',
  ])('DELETE %s → 400 on ids, not a 500', async (url) => {
    const res = await t.inject({ method: 'DELETE', url, token, headers: EN });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res.body)).toEqual([{ field: 'ids', message: 'An id is a whole number from 1 to 2147483647.' }]);
  });

  it('a single id in a path, and an id in a JSON body, the same', async () => {
    const get = await t.inject({ method: 'GET', url: '/api/code/2147483648', token });
    expect(get.status).toBe(400);
    expect(fieldsOf(get.body).map((f) => f.field)).toEqual(['id']);
    const put = await t.inject({
      method: 'PUT',
      url: '/api/operation',
      token,
      payload: { id: 2 ** 31, code: uniq('op'), name: 'x' },
    });
    expect(put.status).toBe(400);
    expect(fieldsOf(put.body).map((f) => f.field)).toEqual(['id']);
  });

  it('the largest id is valid input (a 404, not a 400)', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/api/notice/notices/2147483647', token });
    expect(res.status).toBe(404);
  });

  it('no token is still a 401 before any input is looked at', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/api/notice/notices/99999999999999999999' });
    expect(res.status).toBe(401);
  });
});

describe('text holding NUL is a 400 naming the field', () => {
  it('in a path parameter: GET /api/code/%00/codes', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/code/%00/codes', token, headers: EN });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'category', message: 'Contains a character that is not allowed (NUL).' },
    ]);
  });

  it('in a query: GET /api/biz-partner/biz-partners?q=%00', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/biz-partner/biz-partners?q=%00&type=CUSTOMER', token });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual([{ field: 'q', message: '허용되지 않는 문자(NUL)가 들어 있습니다.' }]);
  });

  it('in a JSON body, nested or as a key', async () => {
    const value = await t.inject({
      method: 'POST',
      url: '/api/operation',
      token,
      payload: { code: uniq('op'), name: 'a\u0000b' },
    });
    expect(value.status).toBe(400);
    expect(fieldsOf(value.body).map((f) => f.field)).toEqual(['name']);
    const key = await t.inject({
      method: 'POST',
      url: '/api/operation',
      token,
      payload: { code: uniq('op'), name: 'x', ext: { 'a\u0000': 1 } },
    });
    expect(key.status).toBe(400);
    expect(fieldsOf(key.body).map((f) => f.field)).toEqual(['ext.a\u0000']);
  });

  it('in a multipart text field (a notice)', async () => {
    const boundary = '----nul';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="contents"\r\n\r\n<p>x</p>\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.inject({
      method: 'POST',
      url: '/api/notice',
      token,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.field)).toEqual(['title']);
  });

  it('nulPath finds the first NUL in values and keys, and survives a deeply nested body', () => {
    expect(nulPath({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.2.c');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(nulPath('\u0000')).toBe('');
    expect(nulPath({ a: ['x'], b: null, c: 1, d: true })).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulPath(deep)?.split('.').length).toBe(200_000);
  });
});

describe('JSON bodies are strict', () => {
  it('an unknown key is a 400 naming the key, not dropped in silence', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/operation',
      token,
      headers: EN,
      payload: { code: uniq('op'), name: 'x', lcoationId: 3 },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body).map((f) => f.field)).toEqual(['lcoationId']);
  });

  it('an array or text where an object is expected is a 400', async () => {
    for (const payload of [[{ code: uniq('op'), name: 'x' }], 'x', 1]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/operation',
        token,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('PUT /api/system/menu: the list body holds at least one strict entry', async () => {
    const put = (payload: unknown) =>
      t.inject({
        method: 'PUT',
        url: '/api/system/menu',
        token,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
    expect((await put([])).status).toBe(400);
    expect((await put({ name: 'notice', sort: 1, visible: true })).status).toBe(400);
    expect((await put([null])).status).toBe(400);
    expect((await put([[{ name: 'notice', sort: 1, visible: true }]])).status).toBe(400);
    const extra = await put([{ name: 'notice', sort: 1, visible: true, hidden: true }]);
    expect(extra.status).toBe(400);
    expect(fieldsOf(extra.body).map((f) => f.field)).toEqual(['0.hidden']);
  });

  it('the OpenAPI document says so (additionalProperties: false)', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const body = doc.paths['/api/operation'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
  });
});

describe('the error handler: the database refusing input is a 400, never a 500', () => {
  // A bare app on the test database: these are what validation should have caught, reached on purpose.
  const probe = Fastify();
  installErrorHandler(probe);
  const statements: Record<string, ReturnType<typeof sql>> = {
    '22P02': sql`select 'abc'::int4`,
    '22003': sql`select 2147483648::int4`,
    '22021': sql`select ${'a\u0000b'}::text`,
    '22001': sql`do $$ begin raise exception 'value too long' using errcode = '22001'; end $$`,
    '22007': sql`select '2024-13-45'::date`,
    '54000': sql`do $$ begin raise exception 'index row too large' using errcode = '54000'; end $$`,
  };
  probe.get('/probe/:code', async (req) => t.db.execute(statements[(req.params as { code: string }).code]));
  probe.get('/bug', async () => t.db.execute(sql`select * from no_such_table`));

  it.each(Object.keys(statements))('SQLSTATE %s → 400 VALIDATION_ERROR', async (code) => {
    const res = await probe.inject({ method: 'GET', url: `/probe/${code}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('a real server error stays a 500', async () => {
    const res = await probe.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
  });
});
