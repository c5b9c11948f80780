import type { AnyEndpoint } from '@eqms/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callPage } from '../../api/http.ts';
import type { MasterEndpoints, MasterRow } from './master-def.ts';

// The master kit's reads over a contract endpoint group: its query keys and its list (one page or whole). Apart
// from the writes (master-api.ts), so another screen's pick-list of the same rows shares the query cheaply.

type Query = Record<string, unknown>;

/** Query keys under the group's tag (`['product']`, `['product', 'list', query]`), shared with other screens. */
export function masterKeys(endpoints: MasterEndpoints) {
  const root = endpoints.list.tag;
  return {
    all: [root] as const,
    list: (query?: Query) => (query === undefined ? ([root, 'list'] as const) : ([root, 'list', query] as const)),
  };
}

/** The list query's options: `{ data }`, or `{ data, total }` for a paged list; the last page stays while the next loads. */
export function masterListQuery<G extends MasterEndpoints>(endpoints: G, query?: Query, enabled = true) {
  return queryOptions({
    queryKey: masterKeys(endpoints).list(query),
    queryFn: ({ signal }) =>
      (callPage as (ep: AnyEndpoint, args: object) => Promise<unknown>)(endpoints.list, { query, signal }) as Promise<{
        data: MasterRow<G>[];
        total?: number;
      }>,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMasterList<G extends MasterEndpoints>(endpoints: G, query?: Query, enabled = true) {
  return useQuery(masterListQuery(endpoints, query, enabled));
}

/** The list's filters as the export's query: everything but the paging. */
export function filterQuery<T extends Query>(params: T): Omit<T, 'page' | 'size'> {
  const { page: _page, size: _size, ...filters } = params;
  return filters;
}
