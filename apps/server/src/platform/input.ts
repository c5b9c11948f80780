import { ruleMessage } from '@eqms/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField } from './errors.ts';

// Input checks every route gets before its schema runs (ARCHITECTURE §4: bad input is a 400 naming the field,
// never a 500). PostgreSQL's text cannot hold U+0000 — it refuses the whole statement — and a schema would have to
// say so on every string, so the platform refuses it once, wherever it is: path, query or JSON body.

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * The path of the first string (or object key) holding U+0000, in the error body's field form (`items.0.name`);
 * '' for the value itself; null when there is none. Iterative: a 2 MB body of nested arrays must not overflow
 * the stack of the check meant to protect the server.
 */
export function nulPath(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\0') ? '' : null;
  if (value === null || typeof value !== 'object') return null;
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [cur, path] = stack.pop()!;
    if (typeof cur === 'string') {
      if (cur.includes('\0')) return path;
    } else if (Array.isArray(cur)) {
      for (let i = cur.length - 1; i >= 0; i--) stack.push([cur[i], join(path, i)]);
    } else if (cur !== null && typeof cur === 'object') {
      const entries = Object.entries(cur);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i];
        if (key.includes('\0')) return join(path, key);
        stack.push([v, join(path, key)]);
      }
    }
  }
  return null;
}

/**
 * Throws 400 VALIDATION_ERROR `nulChar` on the field holding U+0000. For what the platform cannot see before the
 * handler: the text fields of a multipart form (`part` names the field when the value itself is the text).
 */
export function assertNoNul(value: unknown, part = 'body'): void {
  const path = nulPath(value);
  if (path !== null) throw invalidField(path || part, ruleMessage('nulChar'));
}

/** Installs the checks on every route registered after it (call before the modules' routes). */
export function installInputChecks(app: FastifyInstance): void {
  // preValidation: after the guard (a caller without a token or right learns nothing) and body parsing, before the
  // route's schema, so the field is named even where the schema would coerce or strip the value.
  // A callback hook: it runs on every request, and an async one would cost a promise each (issue 10 §6).
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      // Path and query come from the URL, where U+0000 can only be written %00 (the HTTP parser refuses a raw one):
      // most requests skip walking them.
      if (req.url.includes('%00')) {
        assertNoNul(req.params, 'params');
        assertNoNul(req.query, 'query');
      }
      if (req.body !== undefined) assertNoNul(req.body, 'body');
    } catch (e) {
      done(e as Error);
      return;
    }
    done();
  });
}
