import { lotEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, call, callPage, download } from '../../api/http.ts';

// The lot report's reads (SPEC §7 "Lot"): a period's lots one page at a time, one lot by its LOT ID, its daily plans
// and results, its material packages (backward genealogy), the two trees of a period, and the workbook. The keys
// start with 'lot' so writes elsewhere that change lots (results, product stock) can refresh them by that prefix.

export type LotListArgs = { startDt: string; endDt: string; q?: string; includeStock: boolean };

export const lotKeys = {
  all: ['lot'] as const,
  list: (q: object) => ['lot', 'list', q] as const,
  one: (lotId: string) => ['lot', 'one', lotId] as const,
  dailyPlans: (id: number) => ['lot', 'daily-plans', id] as const,
  materials: (id: number) => ['lot', 'materials', id] as const,
  tree: (kind: 'prod-plans' | 'daily-plans', from: string, to: string) => ['lot', 'tree', kind, from, to] as const,
};

const queryOf = (args: LotListArgs) => ({
  startDt: args.startDt,
  endDt: args.endDt,
  q: args.q || undefined,
  includeStock: args.includeStock ? ('true' as const) : undefined,
});

/** One page of the period's lots (null args: the period cannot be asked). */
export function useLots(args: LotListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: lotKeys.list({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(ep.lots, { query: { ...queryOf(args!), page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Every lot of the filter as the server's workbook. */
export const downloadLots = (args: LotListArgs, fileName: string) =>
  download(ep.lotsExport, fileName, { query: queryOf(args) });

/** One lot by its LOT ID with its stock; null when no lot has it (404). */
export function useLot(lotId: string | null) {
  return useQuery({
    queryKey: lotKeys.one(lotId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await call(ep.byLotId, { query: { lotId: lotId! }, signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: !!lotId,
    retry: false,
  });
}

/** The daily plans of a lot's plan with their results, every operation. */
export function useLotDailyPlans(id: number | null, enabled = true) {
  return useQuery({
    queryKey: lotKeys.dailyPlans(id ?? 0),
    queryFn: ({ signal }) => call(ep.dailyPlans, { params: { id: id! }, signal }),
    enabled: id != null && enabled,
  });
}

/** Backward genealogy: the material packages (supplier lots) a lot consumed. */
export function useLotMaterials(id: number | null, enabled = true) {
  return useQuery({
    queryKey: lotKeys.materials(id ?? 0),
    queryFn: ({ signal }) => call(ep.materials, { params: { id: id! }, signal }),
    enabled: id != null && enabled,
  });
}

/** Products → plans (their lots) of the lots produced in a period. */
export function useProdPlanTree(from: string | undefined, to: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: lotKeys.tree('prod-plans', from ?? '', to ?? ''),
    queryFn: ({ signal }) => call(ep.prodPlanTree, { params: { startDt: from!, endDt: to! }, signal }),
    enabled: enabled && !!from && !!to,
    placeholderData: keepPreviousData,
  });
}

/** Plans (their lots) of a period → their daily plans (at most LOT_DAILY_TREE_MAX_DAYS days). */
export function useDailyPlanTree(from: string | undefined, to: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: lotKeys.tree('daily-plans', from ?? '', to ?? ''),
    queryFn: ({ signal }) => call(ep.dailyPlanTree, { params: { startDt: from!, endDt: to! }, signal }),
    enabled: enabled && !!from && !!to,
    placeholderData: keepPreviousData,
  });
}
