import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer, its middleware built once: @fastify/helmet built it again for each
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
  const forDocuments = helmet(options);
  const forApi = helmet({
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
  app.addHook('onRequest', (req, reply, done) => {
    const middleware = isApiAnswer(req.url) ? forApi : forDocuments;
    middleware(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}

/** The API's JSON (and file) answers; the API documentation page is a document. */
export const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
