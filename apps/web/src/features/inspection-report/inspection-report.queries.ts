import {
  type BodyArgsOf,
  inspectionReportEndpoints as ep,
  type ReportFormat,
  reportEndpoints,
  reportParamsQuery,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage, download } from '../../api/http.ts';

// Inspection report calls (SPEC §7 "Inspection report"): the list of a period, one report, the results a report can be
// built from, the writes, and the report files through the generic routes (/report/pdf|excel/{name}/{type}).

export type InspectionReportCreateValues = BodyArgsOf<typeof ep.create>;
export type InspectionReportUpdateValues = BodyArgsOf<typeof ep.update>;
export type InspectionReportListArgs = {
  startDt?: string;
  endDt?: string;
  bizPartnerId?: number;
  productId?: number;
  q?: string;
};

export const inspectionReportKeys = { all: ['inspection-report'] as const };

export function useInspectionReports(args: InspectionReportListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...inspectionReportKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useInspectionReport(id: number | null) {
  return useQuery({
    queryKey: [...inspectionReportKeys.all, 'one', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** The product quality results a report can be built from (a lot's final ones when a LOT ID is given). */
export function useReportResults(
  results: typeof ep.results,
  productId: number | null | undefined,
  lotId: string | null | undefined,
) {
  return useQuery({
    queryKey: ['report-results', results.id, productId, lotId ?? ''],
    queryFn: ({ signal }) =>
      call(results, { query: { productId: productId!, lotId: lotId || undefined }, signal, silent: true }),
    enabled: productId != null,
    retry: false,
  });
}

/** A report file through the generic route: `name/type` as PDF or Excel, with its parameters. */
export const downloadReport = (
  format: ReportFormat,
  name: string,
  type: string,
  params: Record<string, unknown>,
  fallbackName: string,
) =>
  download(format === 'pdf' ? reportEndpoints.pdf : reportEndpoints.excel, fallbackName, {
    params: { name, type },
    query: reportParamsQuery(params),
  });

export function useInspectionReportApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: inspectionReportKeys.all });
  return {
    create: async (body: InspectionReportCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: InspectionReportUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      try {
        await call(ep.remove, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}
