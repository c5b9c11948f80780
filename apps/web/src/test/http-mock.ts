import { fillPath } from '@eqms/contract';

type Spy = (...args: unknown[]) => unknown;
export type PathSpies = Partial<Record<'get' | 'post' | 'put' | 'del' | 'page', Spy>>;
type Args = { params?: Record<string, string | number>; body?: unknown; [flag: string]: unknown };

/**
 * The typed client (`call`, `callPage`) of api/http.ts for a `vi.mock`, sending each contract call to a spy by
 * method with the filled path: get/del/page(url, options), post/put(url, body, options). A DELETE without options
 * is (url) alone. Tests then assert paths and bodies as the server sees them.
 */
export function httpMock(spies: PathSpies) {
  const spy = (name: keyof PathSpies, url: string) => {
    const s = spies[name];
    if (!s) throw new Error(`unexpected ${name} ${url}`);
    return s;
  };
  const call = (ep: { method: string; path: string }, { params, body, ...opts }: Args = {}) => {
    const url = fillPath(ep.path, params);
    if (ep.method === 'GET') return spy('get', url)(url, opts);
    if (ep.method === 'POST') return spy('post', url)(url, body, opts);
    if (ep.method === 'PUT') return spy('put', url)(url, body, opts);
    return Object.keys(opts).length ? spy('del', url)(url, opts) : spy('del', url)(url);
  };
  const callPage = (ep: { path: string }, { params, ...opts }: Args = {}) => {
    const url = fillPath(ep.path, params);
    return spy('page', url)(url, opts);
  };
  return { call, callPage, ApiError: class ApiError extends Error {}, reportError: () => undefined };
}
