import { historyEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callPage } from '../../api/http.ts';

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
      const query = { page: p.page, size: p.size };
      return p.service
        ? callPage(ep.byService, { params: { from: p.from, to: p.to, name: p.service }, query, signal })
        : callPage(ep.byDates, { params: { from: p.from, to: p.to }, query, signal });
    },
    enabled: !!params,
    placeholderData: keepPreviousData,
  });
}
