import { type BodyArgsOf, type CcpType, ccpEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// CCP monitoring calls (SPEC §7 "HACCP and records" — CCP): the period's records and missing checks, the CCPs, one
// record with its amendment chain, and the writes (sign, review and amend re-send the user's password).

export type MonitoringValues = BodyArgsOf<typeof ep.create>;
export type AmendValues = BodyArgsOf<typeof ep.amend>;
export type PointValues = BodyArgsOf<typeof ep.createPoint>;
export type MonitoringListArgs = { startDt: string; endDt: string; type?: CcpType };
/** The list's page (the server pages the records; the missing checks come whole). */
export type PageArgs = { page: number; size: number };

export const haccpKeys = { all: ['haccp'] as const };

export function useMonitorings(args: MonitoringListArgs | null, page: PageArgs) {
  return useQuery({
    queryKey: [...haccpKeys.all, 'list', args, page],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, ...page }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useCcps() {
  return useQuery({
    queryKey: [...haccpKeys.all, 'points'],
    queryFn: ({ signal }) => call(ep.points, { query: {}, signal }),
  });
}

export function useMonitoringDetail(id: number | null) {
  return useQuery({
    queryKey: [...haccpKeys.all, 'detail', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export function useHaccpApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: haccpKeys.all });
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    create: (body: MonitoringValues) => after(() => call(ep.create, { body, silent: true })),
    update: (body: MonitoringValues & { id: number }) => after(() => call(ep.update, { body, silent: true })),
    remove: (id: number) => after(() => call(ep.remove, { params: { id } })),
    sign: (id: number, password: string) =>
      after(() => call(ep.sign, { params: { id }, body: { password }, silent: true })),
    review: (id: number, password: string) =>
      after(() => call(ep.review, { params: { id }, body: { password }, silent: true })),
    amend: (id: number, body: AmendValues) => after(() => call(ep.amend, { params: { id }, body, silent: true })),
    createPoint: (body: PointValues) => after(() => call(ep.createPoint, { body, silent: true })),
    updatePoint: (body: PointValues & { id: number }) => after(() => call(ep.updatePoint, { body, silent: true })),
    removePoint: (id: number) => after(() => call(ep.removePoint, { params: { id } })),
  };
}
