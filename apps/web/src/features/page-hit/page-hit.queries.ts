import { type PageHitUnit, systemEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

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
      call(ep.pageHitsByTime, { params: { type: unit!, fromMs: period!.fromMs, toMs: period!.toMs }, signal }),
    enabled: !!unit && !!period,
    placeholderData: keepPreviousData,
  });
}

export function usePageHitsByFunction(period: Period | null) {
  return useQuery({
    queryKey: pageHitKeys.functions(period ?? { fromMs: 0, toMs: 0 }),
    queryFn: ({ signal }) =>
      call(ep.pageHitsByFunction, { params: { from: period!.fromMs, to: period!.toMs }, signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
  });
}

export function usePageHitsByUser(period: Period | null) {
  return useQuery({
    queryKey: pageHitKeys.users(period ?? { fromMs: 0, toMs: 0 }),
    queryFn: ({ signal }) => call(ep.pageHitsByUser, { params: { from: period!.fromMs, to: period!.toMs }, signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
  });
}
