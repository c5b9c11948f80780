import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, registerDelivery } from './delivery.ts';
import { XLSX_MIME } from './excel/excel-write.ts';

// The delivery rules on a bare Fastify with a made-up web build, so each rule is seen alone; the whole app (the
// OpenAPI document, a real Excel export) is checked in src/test/delivery.test.ts.

const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `품목 ${i}` })) };
const small = { data: { status: 'ok' } };
// Bytes that compress extremely well, so a compression nobody asked for would show at once.
const zeros = Buffer.alloc(64 * 1024);

const JS = 'export const answer = 42;\n'.repeat(200);
const HTML = `<!doctype html><html><head><title>eQMS</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(100)}</body></html>`;

let dir: string;
let app: FastifyInstance;

function writeWithSiblings(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'eqms-delivery-'));
  mkdirSync(path.join(dir, 'assets'));
  writeWithSiblings(path.join(dir, 'index.html'), HTML);
  writeWithSiblings(path.join(dir, 'assets', 'app-abc123.js'), JS);
  // A file the build did not pre-compress: served as it is, or compressed on the fly.
  writeFileSync(path.join(dir, 'assets', 'plain-abc123.css'), 'body{margin:0}'.repeat(200));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  app = Fastify();
  await registerDelivery(app, dir);
  app.get('/api/big', async () => big);
  app.get('/api/small', async () => small);
  app.get('/api/xlsx', async (_req, reply) => reply.type(XLSX_MIME).send(zeros));
  app.get('/api/octet', async (_req, reply) => reply.type('application/octet-stream').send(zeros));
  app.get('/api/png', async (_req, reply) => reply.type('image/png').send(zeros));
  app.get('/api/pdf', async (_req, reply) => reply.type('application/pdf').send(zeros));
  app.get('/api/zip', async (_req, reply) => reply.type('application/zip').send(zeros));
  app.get('/api/jpeg', async (_req, reply) => reply.type('image/jpeg').send(zeros));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API answers', () => {
  it('are brotli-compressed above the threshold when the browser accepts br', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await get('/api/big', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 2);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('are gzip-compressed when the browser accepts only gzip', async () => {
    const res = await get('/api/big', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('go as they are without Accept-Encoding', async () => {
    const res = await get('/api/big');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(big);
  });

  it('go as they are under the threshold', async () => {
    const res = await get('/api/small', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual(small);
  });

  it.each([
    ['xlsx', '/api/xlsx'],
    ['octet-stream', '/api/octet'],
    ['png', '/api/png'],
    ['jpeg', '/api/jpeg'],
    ['pdf', '/api/pdf'],
    ['zip', '/api/zip'],
  ])('never compress %s files again', async (_name, url) => {
    const res = await get(url, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(zeros)).toBe(true);
  });

  it('unknown API paths answer ROUTE_NOT_FOUND, not the web app', async () => {
    const res = await get('/api/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('the web app', () => {
  it('sends the pre-compressed .br file with content-encoding br', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(JS);
    // Never revalidated nor fetched in ranges: the validators would be bytes on every file of a cold page.
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(res.headers[name], name).toBeUndefined();
  });

  it('sends the .gz file to a gzip-only browser and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(JS);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('compresses a text file the build left plain on the fly', async () => {
    const res = await get('/assets/plain-abc123.css', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe('body{margin:0}'.repeat(200));
  });

  it('serves index.html compressed for a client-side route, revalidated on every visit', async () => {
    const res = await get('/auth/loginForm', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag, 'index.html is revalidated by its etag').toBeDefined();
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(HTML);
    const plain = await get('/notice');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HTML);
  });

  it('does not mark files without a content hash immutable', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not expose the compressed siblings by their own address', async () => {
    const res = await get('/assets/app-abc123.js.br', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers ROUTE_NOT_FOUND for a missing file (a path with an extension)', async () => {
    const res = await get('/assets/missing-123.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('without a web build', () => {
  it('answers ROUTE_NOT_FOUND for every unknown path and still compresses the API', async () => {
    const bare = Fastify();
    await registerDelivery(bare, path.join(dir, 'does-not-exist'));
    bare.get('/api/big', async () => big);
    const page = await bare.inject({ method: 'GET', url: '/notice' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const api = await bare.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'br' } });
    expect(api.headers['content-encoding']).toBe('br');
    await bare.close();
  });
});
