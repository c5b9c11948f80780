import type { HistoryEntry } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

// The change history by date range and service (SPEC §7 History), paged on the server, newest first.
export type HistoryListParams = { from: string; to: string; service?: string; page: number; size: number };

export const historyKeys = {
  all: ['history'] as const,
  list: (p: HistoryListParams) => ['history', 'list', p] as const,
};

export function useHistoryList(params: HistoryListParams | null) {
  return useQuery({
    queryKey: historyKeys.list(params ?? { from: '', to: '', page: 1, size: 0 }),
    queryFn: ({ signal }) => {
      const p = params as HistoryListParams;
      const url = p.service
        ? `/history/date/${p.from}/${p.to}/service/${encodeURIComponent(p.service)}`
        : `/history/service/date/${p.from}/${p.to}`;
      return api.page<HistoryEntry>(url, { query: { page: p.page, size: p.size }, signal });
    },
    enabled: !!params,
    placeholderData: keepPreviousData,
  });
}
