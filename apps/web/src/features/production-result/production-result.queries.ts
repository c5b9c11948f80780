import {
  type ProductionResult,
  type ProductionResultDetail,
  productionResultEndpoints as ep,
  type ResultSave,
  userEndpoints,
  type WorkStatus,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, callPage } from '../../api/http.ts';

// Production result calls (SPEC §7 "Production profit"): the results of a period, one result with what it consumed
// and where its product went, its edit history, the save; and the pick-lists of the result dialog — the line's
// workers and the factory's shelves (GET /kiosk/works, the same menu's right) and the factory's users.

export const resultKeys = {
  all: ['productionResult'] as const,
  list: (args: object) => ['productionResult', 'list', args] as const,
  one: (id: number) => ['productionResult', 'one', id] as const,
  history: (id: number) => ['productionResult', 'history', id] as const,
  factories: ['productionResult', 'factories'] as const,
  crew: (fabId: number, lineId: number) => ['productionResult', 'crew', fabId, lineId] as const,
  users: (locationId: number) => ['productionResult', 'users', locationId] as const,
};

/** The list's filters as the URL keeps them (statuses as comma-separated text). */
export type ResultListArgs = {
  startDt: string;
  endDt: string;
  q?: string;
  locationId?: number;
  status?: string;
};

export const resultListQuery = (a: ResultListArgs) => ({
  startDt: a.startDt,
  endDt: a.endDt,
  q: a.q || undefined,
  locationId: a.locationId,
  status: a.status ? (a.status.split(',').filter(Boolean) as WorkStatus[]) : undefined,
});

export function useResults(args: ResultListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: resultKeys.list({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(ep.results, { query: { ...resultListQuery(args!), page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** The largest page the list endpoint gives (its `size` maximum). */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every result of the filter, page after page up to the total (the list has no server workbook): what the Excel export
 * writes. A period is at most 93 days, so this stays a bounded number of requests.
 */
export async function fetchAllResults(args: ResultListArgs): Promise<ProductionResult[]> {
  const out: ProductionResult[] = [];
  for (let page = 1; ; page++) {
    const res = await callPage(ep.results, { query: { ...resultListQuery(args), page, size: EXPORT_PAGE_SIZE } });
    out.push(...res.data);
    if (res.data.length < EXPORT_PAGE_SIZE || out.length >= res.total) return out;
  }
}

export function useResult(id: number | null) {
  return useQuery({
    queryKey: resultKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal, silent: true }),
    enabled: id != null,
    retry: false,
  });
}

/** The result's edit history: the change history of its daily plan, oldest first. */
export function useResultHistory(id: number | null) {
  return useQuery({
    queryKey: resultKeys.history(id ?? 0),
    queryFn: ({ signal }) => call(ep.history, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export type PickUser = { id: number; userId: string; username: string };

/**
 * Who can be named as a result's worker and where its product can go: the line's workers (worker module) and the
 * factory's warehouse shelves, then the other users of the factory (a helper from another line).
 */
export function useLineCrew(lineId: number | null) {
  const factories = useQuery({
    queryKey: resultKeys.factories,
    queryFn: ({ signal }) => call(ep.kioskLocations, { signal }),
    staleTime: 60_000,
    enabled: lineId != null,
  });
  const fabId = useMemo(
    () => factories.data?.find((f) => f.lines.some((l) => l.id === lineId))?.id ?? null,
    [factories.data, lineId],
  );
  const works = useQuery({
    queryKey: resultKeys.crew(fabId ?? 0, lineId ?? 0),
    queryFn: ({ signal }) => call(ep.kioskWorks, { query: { fabId: fabId!, lineId: lineId! }, signal }),
    enabled: fabId != null && lineId != null,
    staleTime: 30_000,
  });
  // Users of the factory (or of the line, when it is under no factory the kiosk knows).
  const place = fabId ?? (factories.isFetched ? lineId : null);
  const users = useQuery({
    queryKey: resultKeys.users(place ?? 0),
    queryFn: ({ signal }) => call(userEndpoints.workers, { params: { locationId: place! }, signal }),
    enabled: place != null,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const lineWorkers: PickUser[] = works.data?.workers ?? [];
    const onLine = new Set(lineWorkers.map((w) => w.id));
    const others: PickUser[] = (users.data ?? []).filter((u) => !onLine.has(u.id));
    return {
      lineWorkers,
      others,
      shelves: works.data?.shelves ?? [],
      loading: factories.isLoading || works.isLoading || users.isLoading,
    };
  }, [works.data, users.data, factories.isLoading, works.isLoading, users.isLoading]);
}

/** The save: the answer is the result; the list and its history are read again. Silent: the dialog shows a refusal. */
export function useResultApi() {
  const qc = useQueryClient();
  return {
    save: async (body: ResultSave): Promise<ProductionResultDetail> => {
      const saved = await call(ep.save, { body, silent: true });
      qc.setQueryData(resultKeys.one(saved.id), saved);
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['productionResult', 'list'] }),
        qc.invalidateQueries({ queryKey: resultKeys.history(saved.id) }),
        // The plan screen's goods and statuses follow results.
        qc.invalidateQueries({ queryKey: ['productionPlan'] }),
      ]);
      return saved;
    },
  };
}
