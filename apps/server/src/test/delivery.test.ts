import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSecurityHeaders } from '../platform/security-headers.ts';
import { createTestApp, uniq } from './harness.ts';

// Compression on the whole app (issue 10 §1): the OpenAPI document (229 KB raw) goes compressed, a workbook
// download is never compressed a second time. The rules alone: platform/delivery.test.ts.

const t = await createTestApp();
let token: string;
beforeAll(async () => {
  ({ token } = await t.admin());
});

describe('GET /api/openapi.json', () => {
  it('is brotli-compressed for a browser that accepts br', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(doc)) / 5);
  });

  it('is gzip-compressed for a gzip-only client and plain without Accept-Encoding', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).openapi).toBe('3.1.0');
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBe('3.1.0');
  });
});

describe('an authenticated list', () => {
  it('is compressed above the threshold and plain under it', async () => {
    // A few users make the list well over the threshold.
    for (let i = 0; i < 4; i++) await t.makeUser({}, { email: `${uniq('mail')}@eqms.example` });
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const big = await t.app.inject({ method: 'GET', url: '/api/user/users', headers });
    expect(big.statusCode).toBe(200);
    const raw = brotliDecompressSync(big.rawPayload).toString('utf8');
    expect(big.headers['content-encoding']).toBe('br');
    expect(Buffer.byteLength(raw)).toBeGreaterThan(1024);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.status).toBe('ok');
  });
});

describe('GET /api/code/excel/export', () => {
  it('sends the workbook as it is, even to a browser that accepts br and gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/code/excel/export',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // An xlsx is a zip: it starts with PK\x03\x04 on the wire, not with a compression header.
    expect(res.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
  });
});

describe('the web app beside the API', async () => {
  // A made-up build: a hashed script and the page.
  const dist = mkdtempSync(path.join(tmpdir(), 'eqms-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'export {};');
  const web = await createTestApp({ WEB_DIST: dist });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends a hashed file with the subresource headers only; the page keeps every security header', async () => {
    const script = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-request-id'])
      expect(script.headers[name], name).toBeUndefined();
    const page = await web.app.inject({ method: 'GET', url: '/notice' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // The camera scanner's decoder is WebAssembly; scripts still cannot eval().
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(page.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers (platform/security-headers.ts)', () => {
  it('an API answer carries the headers of a response that is not a document, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/user/users' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-powered-by'])
        expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('the API documentation is a page and keeps the document policies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('are read once at start-up, so a per-request CSP directive (a nonce) is refused, not frozen', () => {
    const app = Fastify();
    const nonce = () => `'nonce-${Math.random()}'`;
    expect(() =>
      installSecurityHeaders(app, { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow(/per-request CSP directive/);
  });

  it('every answer has its own request id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(20);
  });
});
