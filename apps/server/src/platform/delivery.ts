import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@eqms/contract';

// What goes over the wire (issue 10 §1): the web app's files pre-compressed at build time (apps/web/vite.config.ts
// writes .br and .gz beside each one), API answers compressed on the fly above a threshold, br or gzip as the
// browser accepts. Register before the routes: the compression attaches itself to each route as it is added.

/** Answers smaller than this go as they are: compressing them costs more time than it saves bytes. */
export const COMPRESS_THRESHOLD = 1024;

// Text-like answers only. Anything else falls back to mime-db's verdict, which says no to the formats that are
// compressed already (xlsx, zip, png, jpeg, pdf); @fastify/compress's own default would also squeeze
// application/octet-stream, i.e. any uploaded file served back.
const TEXT_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;

// Hashed build outputs never change under their name; everything else (index.html, favicon) is revalidated.
const IMMUTABLE_DIR = `${path.sep}assets${path.sep}`;
/** Where the web app's hashed files are served: they never change, and go without the document-only headers. */
export const ASSETS_URL = '/assets/';

/**
 * Headers that only mean something on a document: a hashed script or style sheet goes without them. Over HTTP/1.1
 * each response repeats its headers uncompressed, and on a cold login page of 35 small files they were about 1 KB
 * each, as much as the smaller files themselves. What a subresource needs stays: nosniff, the resource policy, the
 * content headers, vary and cache-control (the request id too is left off, in app.ts). Named for the documents, it
 * also holds the validators, which a file cached as immutable never uses.
 */
const DOCUMENT_ONLY_HEADERS = [
  // A hashed file is never revalidated (immutable) nor fetched in ranges (scripts and styles): no validators.
  'accept-ranges',
  'etag',
  'last-modified',
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function registerDelivery(app: FastifyInstance, webDist: string | null) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: (type: string) => TEXT_TYPES.test(type),
    // Request bodies stay plain: a compressed body would let a small upload expand past the body limit checks.
    globalDecompression: false,
  });

  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz files are picked by content negotiation, never addressed by URL.
      allowedPath: (p) => !/\.(?:br|gz)$/.test(p),
      cacheControl: false,
      setHeaders: (res, file) => {
        // The answer depends on Accept-Encoding (a .br, a .gz or the plain file): caches must keep them apart.
        res.setHeader('vary', 'Accept-Encoding');
        const immutable = file.includes(IMMUTABLE_DIR);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // After the static handler has set its validators (they come after setHeaders), the whole list goes at once. A
    // callback hook: it runs on every answer, and an async one would cost a promise each.
    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.url.startsWith(ASSETS_URL) && String(reply.getHeader('cache-control')).endsWith('immutable')) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      }
      done(null, payload);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (root && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      // The SPA's client-side routes: the browser router decides what to show. Served like any static file, so
      // the pre-compressed index.html goes when the browser accepts it.
      return reply.sendFile('index.html');
    }
    const body: ErrorBody = { status: 404, code: 'ROUTE_NOT_FOUND', message: `Route ${req.method} ${url} not found.` };
    return reply.status(404).send(body);
  });
}
