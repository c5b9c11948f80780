import type { PageHitBucket, PageHitFunction, PageHitUnit, PageHitUser } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

// Page-hit statistics (SPEC §7 System /system/page-hits/*) for a period given as epoch milliseconds, both ends
// inclusive. Every query is bounded by the period (the server refuses more than 366 days).
export type Period = { fromMs: number; toMs: number };

export const pageHitKeys = {
  all: ['pageHit'] as const,
  time: (unit: PageHitUnit, p: Period) => ['pageHit', 'type', unit, p.fromMs, p.toMs] as const,
  functions: (p: Period) => ['pageHit', 'function', p.fromMs, p.toMs] as const,
  users: (p: Period) => ['pageHit', 'user', p.fromMs, p.toMs] as const,
};

export function usePageHitsByTime(unit: PageHitUnit | null, period: Period | null) {
  return useQuery({
    queryKey: pageHitKeys.time(unit ?? 'daily', period ?? { fromMs: 0, toMs: 0 }),
    queryFn: ({ signal }) =>
      api.get<PageHitBucket[]>(`/system/page-hits/type/${unit}/${period?.fromMs}/${period?.toMs}`, { signal }),
    enabled: !!unit && !!period,
    placeholderData: keepPreviousData,
  });
}

export function usePageHitsByFunction(period: Period | null) {
  return useQuery({
    queryKey: pageHitKeys.functions(period ?? { fromMs: 0, toMs: 0 }),
    queryFn: ({ signal }) =>
      api.get<PageHitFunction[]>(`/system/page-hits/function/${period?.fromMs}/${period?.toMs}`, { signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
  });
}

export function usePageHitsByUser(period: Period | null) {
  return useQuery({
    queryKey: pageHitKeys.users(period ?? { fromMs: 0, toMs: 0 }),
    queryFn: ({ signal }) =>
      api.get<PageHitUser[]>(`/system/page-hits/user/${period?.fromMs}/${period?.toMs}`, { signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
  });
}
