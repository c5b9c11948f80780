import { type BodyArgsOf, dailyQualityResultEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Daily quality result calls (SPEC §7 "Daily quality result"): the list of a period, the fill from the day's results,
// and the writes.

export type DailyQualityCreateValues = BodyArgsOf<typeof ep.create>;
export type DailyQualityUpdateValues = BodyArgsOf<typeof ep.update>;
export type DailyQualityListArgs = {
  startDt?: string;
  endDt?: string;
  lineId?: number;
  productId?: number;
  q?: string;
};

export const dailyQualityKeys = { all: ['daily-quality'] as const };

export function useDailyQualityResults(args: DailyQualityListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...dailyQualityKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useDailyQualityApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: dailyQualityKeys.all });
  return {
    /** The day's production results and inspections of a line and product, with the counts they give. */
    fill: (query: { day: string; lineId: number; productId: number }) => call(ep.fill, { query }),
    create: async (body: DailyQualityCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: DailyQualityUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
        else await call(ep.removeMany, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}
