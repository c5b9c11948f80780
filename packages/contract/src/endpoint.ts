import type { z } from 'zod';
import type { Action } from './permissions.ts';
import { strictObjects } from './strict.ts';

// Every HTTP endpoint is data, defined once here (ARCHITECTURE §4): the server binds a handler to it
// (apps/server platform/endpoints.ts), the web calls it through one typed client (apps/web api/call.ts), and the
// OpenAPI document is generated from the same objects. A thin layer of our own over zod rather than ts-rest: the
// server keeps fastify-type-provider-zod (validation, serialization, OpenAPI) unchanged, multipart and file
// responses stay plain Fastify, and nothing new ships to the browser.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: a menu and action, `authenticated` for shared look-ups, `public` for the five open routes. */
/** `ingestKey`: a machine's ingest key (x-api-key), not a user session; only the routes guard.ts lists. */
/** `apiToken`: a user's personal API token (Authorization: Bearer eqms_…), only the routes guard.ts lists (MCP). */
export type EndpointPermission =
  | { menu: string; action: Action }
  | 'authenticated'
  | 'public'
  | 'ingestKey'
  | 'apiToken';

/** A body the handler reads as multipart/form-data (uploads); the web sends a FormData. */
export const MULTIPART = 'multipart' as const;
/** A response that is a file (bytes with a content type), not a JSON envelope. */
export const FILE = 'file' as const;

type Schema = z.ZodType;

export type Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | typeof MULTIPART | undefined = Schema | typeof MULTIPART | undefined,
  R extends Schema | typeof FILE = Schema | typeof FILE,
> = {
  method: M;
  /** Below /api, OpenAPI style: `/product/{id}`; `{ids}` segments are comma-separated lists. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  permission: EndpointPermission;
  summary: string;
  /** `<group>.<key>`, the OpenAPI operationId; set by `endpoints()`. */
  id: string;
  /** The menu group the endpoint belongs to (one OpenAPI tag per group); set by `endpoints()`. */
  tag: string;
  /** A larger request body than the server's default (bytes), e.g. an Excel save. */
  bodyLimit?: number;
};

/** An endpoint as written in a group, before `endpoints()` stamps its id and tag. */
export type EndpointSpec<
  M extends HttpMethod = HttpMethod,
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | typeof MULTIPART | undefined = Schema | typeof MULTIPART | undefined,
  R extends Schema | typeof FILE = Schema | typeof FILE,
> = Omit<Endpoint<M, P, Q, B, R>, 'id' | 'tag'>;

/** The optional parts of an endpoint: path parameters, query, body and a larger body limit. */
export type EndpointParts = {
  params?: Schema;
  query?: Schema;
  body?: Schema | typeof MULTIPART;
  bodyLimit?: number;
};

/**
 * One endpoint on one line: `list: endpoint('GET', '/product/products', productPageResponse, 'authenticated',
 * 'Products, one page', { query: productListQuery })`.
 */
export function endpoint<
  M extends HttpMethod,
  R extends Schema | typeof FILE,
  X extends EndpointParts = Record<never, never>,
>(
  method: M,
  path: string,
  response: R,
  permission: EndpointPermission,
  summary: string,
  parts?: X,
): { method: M; path: string; response: R; permission: EndpointPermission; summary: string } & X {
  return { method, path, response, permission, summary, ...(parts as X) };
}

/** A property's type, or undefined when the spec leaves it out (so `params`-less endpoints take no params). */
type Prop<S, K extends string> = S extends { [k in K]: infer V } ? V : undefined;

/** A group as `endpoints()` answers it: each spec stamped with its id and tag. */
export type Stamped<G> = {
  [K in keyof G]: G[K] extends { method: infer M extends HttpMethod; response: infer R extends Schema | typeof FILE }
    ? Endpoint<
        M,
        Extract<Prop<G[K], 'params'>, Schema | undefined>,
        Extract<Prop<G[K], 'query'>, Schema | undefined>,
        Extract<Prop<G[K], 'body'>, Schema | typeof MULTIPART | undefined>,
        R
      >
    : never;
};

/**
 * A group of endpoints under one tag: `endpoints('product', { list: {...}, get: {...} })`. Each gets the
 * operationId `<tag>.<key>`; its JSON body is made strict (strict.ts). The key names are what the server's handler map and the web's calls use.
 */
export function endpoints<const G extends Record<string, EndpointSpec>>(tag: string, group: G): Stamped<G> {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(group)) {
    // JSON bodies are strict objects (ARCHITECTURE §4): an unknown key is a 400, not dropped in silence.
    const body = spec.body && spec.body !== MULTIPART ? strictObjects(spec.body) : spec.body;
    out[key] = { ...spec, ...(body ? { body } : {}), id: `${tag}.${key}`, tag } as Endpoint;
  }
  return out as Stamped<G>;
}

export type AnyEndpoint = Endpoint<HttpMethod, any, any, any, any>;
export type EndpointGroup = Record<string, AnyEndpoint>;

// Types the two sides derive from an endpoint.
export type ParamsOf<E> =
  E extends Endpoint<any, infer P, any, any, any> ? (P extends Schema ? z.output<P> : Record<string, never>) : never;
export type QueryOf<E> =
  E extends Endpoint<any, any, infer Q, any, any> ? (Q extends Schema ? z.output<Q> : Record<string, never>) : never;
export type BodyOf<E> =
  E extends Endpoint<any, any, any, infer B, any>
    ? B extends Schema
      ? z.output<B>
      : B extends typeof MULTIPART
        ? unknown
        : undefined
    : never;
/** What a handler returns: the response schema's input (the serializer parses it), or anything for a file. */
export type ReplyOf<E> =
  E extends Endpoint<any, any, any, any, infer R> ? (R extends Schema ? z.input<R> : unknown) : never;
/** What the web receives: the whole envelope `{ data, total? }`. */
export type ResponseOf<E> =
  E extends Endpoint<any, any, any, any, infer R> ? (R extends Schema ? z.output<R> : Blob) : never;
/** The `data` of the envelope. */
export type DataOf<E> = ResponseOf<E> extends { data: infer D } ? D : never;

/** Path parameters as the web gives them: a number, a text, or a list for `{ids}` segments. */
type PathValue = string | number | readonly (string | number)[];
export type PathArgsOf<E> =
  E extends Endpoint<any, infer P, any, any, any>
    ? P extends Schema
      ? { [K in keyof z.input<P>]: PathValue }
      : undefined
    : never;
export type QueryArgsOf<E> =
  E extends Endpoint<any, any, infer Q, any, any>
    ? Q extends Schema
      ? Partial<{ [K in keyof z.input<Q>]: z.input<Q>[K] | null }>
      : undefined
    : never;
export type BodyArgsOf<E> =
  E extends Endpoint<any, any, any, infer B, any>
    ? B extends Schema
      ? z.input<B>
      : B extends typeof MULTIPART
        ? FormData
        : undefined
    : never;

/** `/product/{id}` with `{ id: 3 }` → `/product/3`; lists are joined with commas. Unknown or missing → throws. */
export function fillPath(path: string, params: Record<string, PathValue> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v)).replace(/%2C/g, ',');
  });
}

/** The Fastify form of a path: `/product/{id}` → `/api/product/:id`. */
export const serverPath = (path: string) => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
