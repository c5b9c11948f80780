import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

// A list screen's state (filters, sort, page) lives in the URL's search params, so a link or a reload reproduces
// the view (issue 3 §7).

export type UrlValues = Record<string, string | number | undefined>;

export type UrlStateOptions<T extends UrlValues> = {
  /** Prefix of the param names (`<prefix>.<key>`) when two tables share a page. */
  prefix?: string;
  /** Keys whose default is undefined but whose value is a number (e.g. an optional id filter). */
  numbers?: (keyof T & string)[];
};

export type SetUrlState<T> = (patch: Partial<T>, opts?: { push?: boolean }) => void;

/**
 * Several setters may run in one tick (a table and its page, or two calls in one handler) before the router has
 * rendered the first navigation. Each builds on the search the last one asked for while the location still shows
 * the search that one started from; a different location (back button, a link) wins over it.
 */
let pending: { pathname: string; from: string; to: string } | null = null;

/** Reads one value, typed like its default (or as a number for `numbers` keys); unparsable numbers are ignored. */
function parse(raw: string | null, def: string | number | undefined, numeric: boolean): string | number | undefined {
  if (raw === null) return def;
  if (typeof def === 'number' || numeric) {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : def;
  }
  return raw;
}

export function paramName(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

/**
 * `useUrlState(defaults)` → `[values, set]`. Values come from the URL (numbers parsed back by the default's type);
 * a value equal to its default, undefined or '' is removed from the URL, so a plain link shows the defaults.
 * `set` replaces the history entry (typing must not spam history) unless `{ push: true }`; other params of the
 * URL (another table's, the shell's) are kept.
 */
export function useUrlState<T extends UrlValues>(defaults: T, options: UrlStateOptions<T> = {}): [T, SetUrlState<T>] {
  const location = useLocation();
  const navigate = useNavigate();
  const { prefix } = options;
  const defaultsKey = JSON.stringify(defaults);
  const numbersKey = (options.numbers ?? []).join(',');
  // Keys whose default is undefined are dropped by JSON; they are read from the URL all the same.
  const keysKey = [...Object.keys(defaults), ...(options.numbers ?? [])].join(',');

  const values = useMemo(() => {
    const params = new URLSearchParams(location.search);
    const numeric = new Set(numbersKey ? numbersKey.split(',') : []);
    const defs = JSON.parse(defaultsKey) as T;
    const out: UrlValues = { ...defs };
    for (const key of new Set(keysKey.split(',').filter(Boolean))) {
      out[key] = parse(params.get(paramName(prefix, key)), defs[key], numeric.has(key));
    }
    return out as T;
    // `defaults` is read through its JSON text: pages pass a new object every render.
  }, [location.search, defaultsKey, keysKey, numbersKey, prefix]);

  const latest = useRef({ location, defaults, prefix });
  latest.current = { location, defaults, prefix };

  useEffect(() => {
    if (pending && (pending.pathname !== location.pathname || pending.to === location.search)) pending = null;
  }, [location.pathname, location.search]);

  const set = useCallback<SetUrlState<T>>(
    (patch, opts) => {
      const { location: loc, defaults: defs, prefix: pre } = latest.current;
      const base =
        pending && pending.pathname === loc.pathname && pending.from === loc.search ? pending.to : loc.search;
      const params = new URLSearchParams(base);
      for (const [key, value] of Object.entries(patch)) {
        const name = paramName(pre, key);
        if (value === undefined || value === null || value === '' || value === defs[key]) params.delete(name);
        else params.set(name, String(value));
      }
      const qs = params.toString();
      const search = qs ? `?${qs}` : '';
      if (search === base) return;
      pending = { pathname: loc.pathname, from: loc.search, to: search };
      // The page stays where it is scrolled: this is the same screen, only its view changed.
      navigate({ pathname: loc.pathname, search, hash: loc.hash }, { replace: !opts?.push, preventScrollReset: true });
    },
    [navigate],
  );

  return [values, set];
}
