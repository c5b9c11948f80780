import {
  type AnyEndpoint,
  API_BASE,
  authEndpoints,
  type BodyArgsOf,
  type DataOf,
  type ErrorBody,
  type ErrorCode,
  SESSION_IDLE_MS,
  TOKEN_STORAGE_KEY,
  fillPath,
  type PathArgsOf,
  type QueryArgsOf,
  type ResponseOf,
  USER_ID_STORAGE_KEY,
} from '@eqms/contract';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';
import { errorText } from './error-text.ts';

// The one API client (ARCHITECTURE §7): token, reissue-once queue, the SPEC §8 error catalogue, spinner.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly extraData?: ErrorBody['extraData'],
  ) {
    super(message);
  }
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  body?: unknown;
  /** Show the spinner overlay (default: on for writes, off for reads). */
  spinner?: boolean;
  /** Skip the global snackbar for errors the caller shows itself. */
  silent?: boolean;
  signal?: AbortSignal;
};

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (t: string) => localStorage.setItem(TOKEN_STORAGE_KEY, t),
  clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
};

let navigateTo: (path: string) => void = (path) => window.location.assign(path);
/** The router registers its navigate function so the client can send the user to login. */
export function setNavigator(fn: (path: string) => void) {
  navigateTo = fn;
}

export function buildUrl(url: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    // Query arrays repeat the parameter (ARCHITECTURE §4).
    if (Array.isArray(v)) {
      for (const x of v) params.append(k, String(x));
    } else params.append(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${url}${qs ? `?${qs}` : ''}`;
}

let reissuing: Promise<boolean> | null = null;
/** Concurrent requests that meet an expired token share one reissue, then retry. */
function reissueOnce(): Promise<boolean> {
  reissuing ??= (async () => {
    try {
      const res = await fetch(`${API_BASE}${authEndpoints.reissue.path}`, {
        method: authEndpoints.reissue.method,
        credentials: 'same-origin',
      });
      const token = res.headers.get('authorization')?.replace(/^Bearer /, '');
      if (res.ok && token) {
        tokenStore.set(token);
        return true;
      }
      return false;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        reissuing = null;
      }, 0);
    }
  })();
  return reissuing;
}

let sessionAlertShown = false;
/** SPEC §8 "other 401" and a session that timed out before a request: logout, alert, OK → login. */
export function expireSession() {
  const store = useAppStore.getState();
  store.hideSpinner(true);
  clearSession();
  if (sessionAlertShown) return;
  sessionAlertShown = true;
  const redirect = window.location.pathname + window.location.search;
  store.showAlert({
    title: i18n.t('common:session.expiredTitle'),
    text: i18n.t('common:session.expiredText'),
    icon: 'warning',
    onOk: () => {
      sessionAlertShown = false;
      navigateTo(`/auth/loginForm?redirect=${encodeURIComponent(redirect)}`);
    },
  });
}

export function clearSession() {
  tokenStore.clear();
  localStorage.removeItem(USER_ID_STORAGE_KEY);
  useAppStore.getState().setUser(null);
}

export async function parseError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    body = await res.json();
  } catch {
    /* a proxy's HTML error page */
  }
  return new ApiError(
    res.status,
    body.code ?? (res.status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNKNOWN'),
    body.message ?? res.statusText,
    body.extraData,
  );
}

/** The SPEC §8 catalogue: what the user sees for an error, in the UI language (error-text.ts). */
export function reportError(err: ApiError) {
  const store = useAppStore.getState();
  store.hideSpinner(true);
  const text = errorText(err, store.locale);
  if (err.code === 'ERROR_CONSTRAINT_VIOLATION') {
    store.notify(text, 'error');
    if (err.extraData?.datas?.length) store.setRelationData(err.extraData.datas);
    return;
  }
  store.notify(text, err.code === 'VALIDATION_ERROR' ? 'warning' : 'error');
}

async function send(
  method: string,
  url: string,
  opts: RequestOptions,
  isForm: boolean,
  retried = false,
): Promise<Response> {
  const store = useAppStore.getState();
  const token = tokenStore.get();
  if (token && Date.now() - store.lastAccess > (store.sessionIdleMs || SESSION_IDLE_MS)) {
    expireSession();
    throw new ApiError(401, 'SESSION_TIMEOUT', 'Session timed out');
  }
  const headers: Record<string, string> = { 'accept-language': store.locale === 'en' ? 'en' : 'ko' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (isForm) body = opts.body as FormData;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(buildUrl(url, opts.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: opts.signal,
  });
  store.touch();
  if (res.status === 401 && !retried) {
    const err = await parseError(res.clone());
    if (err.code === 'ACCESS_TOKEN_EXPIRED') {
      if (await reissueOnce()) return send(method, url, opts, isForm, true);
      expireSession();
      throw err;
    }
  }
  return res;
}

async function request<T>(
  method: string,
  url: string,
  opts: RequestOptions = {},
  isForm = false,
): Promise<{ data: T; total?: number }> {
  const store = useAppStore.getState();
  const spinner = opts.spinner ?? method !== 'GET';
  if (spinner) store.showSpinner();
  try {
    const res = await send(method, url, opts, isForm);
    if (!res.ok) {
      const err = await parseError(res);
      if (err.status === 401 && err.code !== 'ID_PASSWORD_INVALID') expireSession();
      else if (!opts.silent && err.code !== 'ID_PASSWORD_INVALID') reportError(err);
      throw err;
    }
    if (res.status === 204) return { data: undefined as T };
    return (await res.json()) as { data: T; total?: number };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if ((e as Error).name === 'AbortError') throw e;
    const err = new ApiError(0, 'INTERNAL_SERVER_ERROR', (e as Error).message);
    if (!opts.silent) reportError(err);
    throw err;
  } finally {
    if (spinner) store.hideSpinner();
  }
}

/**
 * GET of a path an administrator configured as data (a custom field's service list, SPEC custom fields): the one
 * call by path, since no code names that endpoint. The server still checks the caller's right on it.
 */
export async function getConfiguredPath(path: string, opts: Pick<RequestOptions, 'query' | 'silent' | 'signal'>) {
  return (await request<unknown>('GET', path, opts)).data;
}

type Flags = Pick<RequestOptions, 'spinner' | 'silent' | 'signal'>;
/**
 * What a call of endpoint E takes: its path parameters and body when it has them (then required), its query
 * (optional fields), and the request flags.
 */
export type CallArgs<E> = (PathArgsOf<E> extends undefined ? { params?: undefined } : { params: PathArgsOf<E> }) &
  (QueryArgsOf<E> extends undefined ? { query?: undefined } : { query?: QueryArgsOf<E> }) &
  (BodyArgsOf<E> extends undefined ? { body?: undefined } : { body: BodyArgsOf<E> }) &
  Flags;
/** The argument list of a call: optional when the endpoint needs no parameters and no body. */
export type CallArgList<E> = Record<string, never> extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

const argsOf = (list: unknown[]) => (list[0] ?? {}) as CallArgs<AnyEndpoint> & { params?: Record<string, never> };
const pathOf = (ep: AnyEndpoint, a: { params?: Record<string, never> }) => fillPath(ep.path, a.params);

/** One call of a contract endpoint (ARCHITECTURE §7): the whole answer, `{ data }` or `{ data, total }`. */
async function callEnvelope<E extends AnyEndpoint>(ep: E, list: unknown[]): Promise<ResponseOf<E>> {
  const a = argsOf(list);
  const opts: RequestOptions = { ...a, query: a.query as RequestOptions['query'] };
  return (await request(ep.method, pathOf(ep, a), opts, a.body instanceof FormData)) as ResponseOf<E>;
}

/** The raw response of an endpoint: login and reissue read its token header; files are read as blobs. */
export function callRaw<E extends AnyEndpoint>(ep: E, ...list: CallArgList<E>): Promise<Response> {
  const a = argsOf(list);
  return send(ep.method, pathOf(ep, a), { ...a, query: a.query as RequestOptions['query'] }, false);
}

/** Calls an endpoint and answers its `data`. */
export async function call<E extends AnyEndpoint>(ep: E, ...list: CallArgList<E>): Promise<DataOf<E>> {
  return ((await callEnvelope(ep, list)) as { data: DataOf<E> }).data;
}

/** Calls a paged endpoint and answers `{ data, total }`. */
export function callPage<E extends AnyEndpoint>(ep: E, ...list: CallArgList<E>): Promise<ResponseOf<E>> {
  return callEnvelope(ep, list);
}

/** A file endpoint's bytes, or null when it answers an error (e.g. no image). */
export async function callBlob<E extends AnyEndpoint>(ep: E, ...list: CallArgList<E>): Promise<Blob | null> {
  const res = await callRaw(ep, ...list);
  return res.ok ? res.blob() : null;
}

/** Downloads a file endpoint with the token and saves it under the server's name. */
export async function download<E extends AnyEndpoint>(ep: E, fallbackName: string, ...list: CallArgList<E>) {
  const res = await callRaw(ep, ...list);
  await saveResponse(res, fallbackName);
}

async function saveResponse(res: Response, fallbackName: string) {
  if (!res.ok) {
    const err = await parseError(res);
    reportError(err);
    throw err;
  }
  const blob = await res.blob();
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*=UTF-8''([^;]+)/i.exec(cd) ?? /filename="?([^";]+)"?/i.exec(cd);
  const name = m ? decodeURIComponent(m[1]) : fallbackName;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
