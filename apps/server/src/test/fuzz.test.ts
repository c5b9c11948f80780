import { MENU_TREE } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_ROUTES, INGEST_KEY_ROUTES } from '../platform/guard.ts';
import { createTestApp } from './harness.ts';

// Bad input never gives a 500 (issue 10 §2, ARCHITECTURE §8). Driven by the OpenAPI document, so a route added
// later is fuzzed without an edit here: for every operation, as an administrator holding every right, each path
// and query parameter and each field of a JSON body in turn gets NUL text, 100k-character text, out-of-range,
// negative and fractional numbers, values of the wrong type, arrays for objects and objects for arrays.
// Asserted: no 5xx ever; no 2xx for a body that breaks its schema; a NUL anywhere is a 400 naming its field.
// The file has its own database clone, so the writes and deletes it provokes hurt no other file.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Input = {
  op: string;
  method: string;
  url: string;
  /** JSON body, or a multipart form (text fields) when `form` is set. */
  body?: unknown;
  form?: Record<string, string>;
  /** The body breaks its JSON schema: any 2xx is a failure. */
  invalidBody: boolean;
  /** The field holding a NUL: the answer must be a 400 naming it. */
  nulField?: string;
  what: string;
};

const LONG = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const HUGE = '9999999999999999999999999999999999999999';
/** Values a path or query parameter gets (all text on the wire). */
const PARAM_VALUES: [string, string | string[]][] = [
  ['NUL', NUL],
  ['100k chars', LONG],
  ['huge number', HUGE],
  ['int4 + 1', '2147483648'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['not a number', 'abc'],
];
const QUERY_ONLY: [string, string | string[]][] = [['repeated', ['1', '2']]];

const typesOf = (s: Schema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);
const options = (s: Schema): Schema[] | undefined => s.anyOf ?? s.oneOf;

/** A value the schema accepts as far as the document tells (patterns tried from a few candidates). */
function sample(s: Schema, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const opts = options(s);
  if (opts) return sample(opts.find((o) => !typesOf(o).includes('null')) ?? opts[0], depth);
  if (s.allOf?.length) return sample(s.allOf[0], depth);
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      let n = 1;
      if (s.minimum !== undefined && n < s.minimum) n = s.minimum;
      if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) n = s.exclusiveMinimum + 1;
      if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
      return n;
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !s.items
        ? []
        : Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () => sample(s.items!, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) {
        if (depth < 4 || s.required?.includes(k)) out[k] = sample(p, depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

const STRING_CANDIDATES = [
  '1',
  'abc',
  'FZ-1',
  '2024-01-01',
  '2024-01-01 ~ 2024-01-31',
  '2024-01-01 10:00',
  '2024-01-01T00:00:00.000Z',
  '010-1234-5678',
  '123-45-67890',
  'fuzz@example.com',
  'https://example.com',
  'abcd1234',
];
function sampleString(s: Schema): string {
  if (s.format === 'date') return '2024-01-01';
  if (s.format === 'date-time') return '2024-01-01T00:00:00.000Z';
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'uri') return 'https://example.com';
  const re = s.pattern ? new RegExp(s.pattern, 'u') : null;
  const fits = (v: string) =>
    (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(s.minLength ?? 1, 1));
}

/** Whether the value satisfies the schema, as far as the document tells, with the platform's rule: no NUL. */
function valid(s: Schema, v: unknown): boolean {
  if (s.const !== undefined && v !== s.const) return false;
  if (s.enum && !s.enum.includes(v)) return false;
  const opts = options(s);
  if (opts && !opts.some((o) => valid(o, v))) return false;
  if (s.allOf && !s.allOf.every((o) => valid(o, v))) return false;
  const types = typesOf(s);
  if (types.length > 0 && !types.some((t) => isType(t, v))) return false;
  if (typeof v === 'string') {
    if (v.includes('\0')) return false;
    if (s.minLength !== undefined && v.length < s.minLength) return false;
    if (s.maxLength !== undefined && v.length > s.maxLength) return false;
    if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) return false;
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return false;
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) return false;
    if (s.maxItems !== undefined && v.length > s.maxItems) return false;
    if (s.items && !v.every((x) => valid(s.items!, x))) return false;
  } else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (s.required?.some((k) => !(k in o))) return false;
    for (const [k, x] of Object.entries(o)) {
      if (k.includes('\0')) return false;
      const p = s.properties?.[k];
      if (p ? !valid(p, x) : s.additionalProperties === false) return false;
      if (!p && typeof s.additionalProperties === 'object' && !valid(s.additionalProperties, x)) return false;
    }
  }
  return true;
}
function isType(t: string, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    default:
      return true;
  }
}

/** The breaking values for a field of this schema, by what the field is. */
function badValues(s: Schema): [string, unknown][] {
  const types = new Set(options(s)?.flatMap(typesOf) ?? typesOf(s));
  const out: [string, unknown][] = [];
  if (types.has('string') || types.size === 0) out.push(['NUL', NUL], ['100k chars', LONG], ['number for text', 12345]);
  if (types.has('integer') || types.has('number')) {
    out.push(['int4 + 1', 2 ** 31], ['huge', 1e20], ['negative', -1], ['fraction', 1.5], ['text for number', 'abc']);
  }
  if (types.has('boolean')) out.push(['text for boolean', 'yes']);
  if (types.has('array')) out.push(['object for array', { a: 1 }]);
  if (types.has('object')) out.push(['array for object', [1]]);
  if (!types.has('array') && !types.has('object')) out.push(['object for scalar', { a: 1 }]);
  if (!types.has('null')) out.push(['null', null]);
  return out;
}

/** Each field of a body (down to depth 3, the first item of arrays) with the schema that judges it. */
function fieldsOf(
  s: Schema,
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): [(string | number)[], Schema][] {
  const out: [(string | number)[], Schema][] = [];
  if (depth > 3) return out;
  const opts = options(s);
  const shape = opts ? (opts.find((o) => valid(o, value)) ?? opts[0]) : s;
  if (Array.isArray(value) && shape.items && value.length > 0) {
    out.push([[...path, 0], shape.items], ...fieldsOf(shape.items, value[0], [...path, 0], depth + 1));
  } else if (value !== null && typeof value === 'object' && shape.properties) {
    for (const [k, p] of Object.entries(shape.properties)) {
      if (!(k in (value as object))) continue;
      out.push([[...path, k], p], ...fieldsOf(p, (value as Record<string, unknown>)[k], [...path, k], depth + 1));
    }
  }
  return out;
}

function setAt(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), to);
  return copy;
}

const wire = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));
function urlOf(path: string, params: Record<string, string>, query: Record<string, string | string[]>) {
  const filled = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? '1'));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) qs.append(k, x);
  const q = qs.toString();
  return q ? `${filled}?${q}` : filled;
}

/** Every input for one operation: one part broken at a time, the others left at their sample values. */
function inputsOf(path: string, method: string, op: Operation): Input[] {
  const params = op.parameters ?? [];
  const pathParams = Object.fromEntries(
    params.filter((p) => p.in === 'path').map((p) => [p.name, wire(sample(p.schema))]),
  );
  const query: Record<string, string | string[]> = Object.fromEntries(
    params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, wire(sample(p.schema))]),
  );
  const json = op.requestBody?.content['application/json']?.schema;
  const body = json ? sample(json) : undefined;
  const base = { op: op.operationId, method: method.toUpperCase(), body, invalidBody: false };
  const inputs: Input[] = [];

  for (const p of params) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    for (const [what, v] of p.in === 'query' ? [...PARAM_VALUES, ...QUERY_ONLY] : PARAM_VALUES) {
      const url =
        p.in === 'path'
          ? urlOf(path, { ...pathParams, [p.name]: wire(v) }, query)
          : urlOf(path, pathParams, { ...query, [p.name]: v });
      inputs.push({ ...base, url, what: `${p.in} ${p.name}: ${what}`, nulField: v === NUL ? p.name : undefined });
    }
  }
  const url = urlOf(path, pathParams, query);
  if (json) {
    const roots: [string, unknown][] = [
      ['array for the body', [body]],
      ['object for the body', { a: 1 }],
      ['text for the body', 'x'],
      ['null body', null],
    ];
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      roots.push(['an unknown key', { ...body, fuzzUnknownKey: 1 }]);
    }
    for (const [what, v] of roots) inputs.push({ ...base, url, body: v, invalidBody: !valid(json, v), what });
    for (const [field, s] of fieldsOf(json, body)) {
      for (const [what, v] of badValues(s)) {
        const broken = setAt(body, field, v);
        inputs.push({
          ...base,
          url,
          body: broken,
          invalidBody: !valid(json, broken),
          what: `body ${field.join('.')}: ${what}`,
          nulField: v === NUL ? field.join('.') : undefined,
        });
      }
    }
  } else if (method === 'post' || method === 'put') {
    // A multipart upload (the document lists no JSON body): its text fields broken, no file part.
    for (const [what, v] of [
      ['NUL', NUL],
      ['100k chars', LONG],
      ['huge number', HUGE],
    ]) {
      const form = { title: v, contents: v, id: v, locationId: v, removeFile: v };
      inputs.push({ ...base, url, body: undefined, form, what: `multipart fields: ${what}` });
    }
    inputs.push({ ...base, url, body: { a: 1 }, what: 'JSON for a multipart form' });
  }
  return inputs;
}

function multipart(fields: Record<string, string>) {
  const boundary = '----fuzz';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const t = await createTestApp();
/** Every right on every menu, so each route gets past the guard to its validation and handler. */
const allRights = Object.fromEntries(MENU_TREE.map((n) => [n.name, { all: true }]));
let token = (await t.makeUser(allRights)).token;
/** Machines' routes take an ingest key (for every tool), not a session: so they too get past the guard. */
const ingestKey = (
  await t.inject({ method: 'POST', url: '/api/trace-data/ingest-keys', token, payload: { name: 'fuzz' } })
).body.data.key as string;
const byKey = (input: Input) => INGEST_KEY_ROUTES.has(`${input.method.toUpperCase()} ${input.url.split('?')[0]}`);
/** The MCP server takes a user's API token, not a session. */
const apiToken = (await t.inject({ method: 'POST', url: '/api/api-tokens', token, payload: { name: 'fuzz' } })).body
  .data.token as string;
const byApiToken = (input: Input) => API_TOKEN_ROUTES.has(`${input.method.toUpperCase()} ${input.url.split('?')[0]}`);

async function send(input: Input, retry = true): Promise<{ status: number; body: any }> {
  const form = input.form ? multipart(input.form) : null;
  const keyHeader: Record<string, string> = byKey(input) ? { 'x-api-key': ingestKey } : {};
  const res = await t.inject({
    method: input.method,
    url: input.url,
    token: byKey(input) ? null : byApiToken(input) ? apiToken : token,
    ...(form
      ? { payload: form.payload, headers: { 'content-type': form.type, ...keyHeader } }
      : input.body !== undefined
        ? { payload: JSON.stringify(input.body), headers: { 'content-type': 'application/json', ...keyHeader } }
        : { headers: keyHeader }),
  });
  // A fuzzed input may end the caller's own session (logout, a password change): carry on as a new administrator.
  if (res.status === 401 && retry && !input.url.startsWith('/api/auth/')) {
    token = (await t.makeUser(allRights)).token;
    return send(input, false);
  }
  return res;
}

describe('fuzz: every operation of the OpenAPI document', () => {
  it('answers bad input with a 4xx naming the field, never a 5xx, never a 2xx for a broken body', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    // Ending the caller's session is tried last, so it ends no session the other inputs need.
    const inputs = ops
      .flatMap(({ path, method, op }) => inputsOf(path, method, op))
      .sort((a, b) => Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')));

    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    const started = performance.now();
    for (let i = 0; i < inputs.length; i += 16) {
      const batch = inputs.slice(i, i + 16);
      const answers = await Promise.all(batch.map((input) => send(input)));
      batch.forEach((input, j) => {
        const { status, body } = answers[j];
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const where = `${input.method} ${input.url.slice(0, 120)} (${input.op}, ${input.what}) → ${status} ${JSON.stringify(body).slice(0, 300)}`;
        if (status >= 500) failures.push(`5xx: ${where}`);
        else if (input.invalidBody && status < 300) failures.push(`accepted a broken body: ${where}`);
        else if (input.nulField !== undefined) {
          const named =
            status === 400 && body?.extraData?.fields?.some((f: { field: string }) => f.field === input.nulField);
          if (!named) failures.push(`NUL not refused on ${input.nulField}: ${where}`);
        }
      });
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.info(`fuzz: ${ops.length} operations, ${inputs.length} inputs in ${seconds} s; answers ${statuses}`);
    expect(ops.length).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);
});
