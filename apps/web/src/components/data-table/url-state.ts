import { useMemo } from 'react';
import { useUrlState } from '../../app/url-state.ts';
import { filterKeysOf } from './columns.ts';
import { useDebouncedText } from './debounced-text.ts';

// The list's view state lives in the URL so a link reproduces it: `sort`, the quick filter `filter` and one
// `filter.<column>` per filterable column (each under the table's prefix when a page has two tables).

type TableState = Record<string, string>;

export type SortState = { key: string; order: 'ascend' | 'descend' } | null;

/** `name` ascending, `-name` descending, in the URL. */
function parseSort(text: string): SortState {
  if (!text) return null;
  return text.startsWith('-') ? { key: text.slice(1), order: 'descend' } : { key: text, order: 'ascend' };
}

/** The URL text of a sort (empty: unsorted). */
export function sortParam(order: 'ascend' | 'descend' | null | undefined, key: unknown): string {
  return order && key ? `${order === 'descend' ? '-' : ''}${String(key)}` : '';
}

export function useTableUrlState(columnSig: string, urlKey: string | undefined) {
  const filterKeys = useMemo(() => filterKeysOf(columnSig), [columnSig]);
  const urlDefaults = useMemo(() => {
    const d: TableState = { sort: '', filter: '' };
    for (const k of filterKeys) d[`filter.${k}`] = '';
    return d;
  }, [filterKeys]);
  const [url, setUrl] = useUrlState<TableState>(urlDefaults, { prefix: urlKey });
  const sort = parseSort(url.sort ?? '');
  // The quick filter's box shows what is typed at once; the URL follows after a pause.
  const [query, setQuery] = useDebouncedText(url.filter ?? '', (filter) => setUrl({ filter }));
  const colFilters = useMemo(() => {
    const out: [string, string][] = [];
    for (const k of filterKeys) {
      const v = url[`filter.${k}`];
      if (v) out.push([k, v]);
    }
    return out;
  }, [filterKeys, url]);
  return {
    sort,
    setUrl,
    /** The quick filter in the box, and its setter. */
    query,
    setQuery,
    /** The quick filter as applied (in the URL). */
    urlQuery: url.filter ?? '',
    /** The column filters as applied, `[key, text][]` in JSON: one string for memo dependencies. */
    colFilterSig: JSON.stringify(colFilters),
  };
}
