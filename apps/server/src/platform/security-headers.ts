import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { ASSETS_URL } from './delivery.ts';

/**
 * helmet's security headers on every answer, read once at start-up: @fastify/helmet built its middleware again for each
 * request (parsing the CSP directives every time) in two promise-returning hooks, 15% of the CPU of a health check
 * under load (issue 10 §6, bench/RESULTS.md).
 *
 * A JSON answer of the API is not a document: it runs no script, loads nothing, opens no window, so the policies
 * that steer a document (what it may load, its referrer, DNS prefetch, its browsing-context group, IE's download
 * prompt, Flash's cross-domain file) do nothing on it. It gets what protects a response that is not meant to be
 * shown: no MIME sniffing, no embedding in a frame of another site, no loading by another origin, and a CSP that
 * allows nothing, in case a browser is tricked into rendering one. Over HTTP/1.1 the headers are the larger part of a
 * small answer: 700 bytes of document headers on a 70-byte health answer.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const forDocuments = headersOf(options);
  const forApi = headersOf({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // One callback hook for every header an answer gets before its handler: each hook is a step of every request.
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    const headers = isApiAnswer(url) ? forApi : forDocuments;
    for (let i = 0; i < headers.length; i++) reply.raw.setHeader(headers[i][0], headers[i][1]);
    // Every answer, errors and 404s included, carries the id its log line has; the web app's hashed files go
    // without (platform/delivery.ts).
    if (!url.startsWith(ASSETS_URL)) reply.raw.setHeader('x-request-id', req.id);
    done();
  });
}

/**
 * The headers a helmet middleware sets, read once at start-up: with the static options given here they are the same
 * for every request, and running the middleware per request (a chain of eight to twelve functions) cost more than
 * the health route itself. A directive given as a function (a per-request nonce) would be frozen by this, so it is
 * refused.
 */
function headersOf(options: HelmetOptions): [string, string][] {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((v) => typeof v === 'function' || (Array.isArray(v) && v.some((e) => typeof e === 'function')))) {
    throw new Error('A per-request CSP directive cannot be read once at start-up.');
  }
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      headers.push([name, value]);
    },
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** The API's JSON (and file) answers; the API documentation page is a document. */
export const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
