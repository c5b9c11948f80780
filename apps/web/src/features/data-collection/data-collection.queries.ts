import {
  dataCollectionEndpoints as ep,
  type IngestKeyCreate,
  type Parameter,
  parameterEndpoints,
  type SpecOutSource,
} from '@eqms/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callPage, download } from '../../api/http.ts';

// Machine data's reads (issue 15, server module data-collection): the parameters to pick from, the trend (M4 to the
// chart's width), the correlation, the spec-out rows and the raw data history with its workbook; and the ingest keys
// of the parameter screen. Keys start with 'dataCollection'. The trend and correlation keep the previous answer on
// screen while a new window or period loads (a zoom must not blank the chart).

export type TrendArgs = { parameterIds: number[]; startDt: string; endDt: string; width: number };
export type CorrelationArgs = { xParameterId: number; yParameterId: number; startDt: string; endDt: string };
export type PeriodListArgs = {
  parameterIds: number[];
  startDt: string;
  endDt: string;
  page: number;
  size: number;
  /** Spec-out only: one source (both when absent). */
  source?: SpecOutSource;
};

export const dataCollectionKeys = {
  all: ['dataCollection'] as const,
  trend: (a: TrendArgs) => ['dataCollection', 'trend', a] as const,
  correlation: (a: CorrelationArgs) => ['dataCollection', 'correlation', a] as const,
  specOuts: (a: PeriodListArgs) => ['dataCollection', 'specOuts', a] as const,
  history: (a: PeriodListArgs) => ['dataCollection', 'history', a] as const,
  keys: ['dataCollection', 'ingestKeys'] as const,
};

/** A 400 the page shows on its own fields (period too long, same parameter twice): no snackbar, no retry. */
export const isFieldError = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code === 'VALIDATION_ERROR' && !!err.extraData?.fields?.length;

/** Every parameter (any signed-in user may read them), grouped on screen by tool. */
export function useAllParameters() {
  return useQuery({
    queryKey: ['parameter', 'all-for-data'],
    queryFn: ({ signal }) => call(parameterEndpoints.list, { signal }),
    staleTime: 60_000,
  });
}

export function useTrend(args: TrendArgs | null) {
  return useQuery({
    queryKey: args ? dataCollectionKeys.trend(args) : [...dataCollectionKeys.all, 'trend'],
    queryFn: ({ signal }) => call(ep.trend, { query: args!, signal, silent: true }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCorrelation(args: CorrelationArgs | null) {
  return useQuery({
    queryKey: args ? dataCollectionKeys.correlation(args) : [...dataCollectionKeys.all, 'correlation'],
    queryFn: ({ signal }) => call(ep.correlation, { query: args!, signal, silent: true }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSpecOuts(args: PeriodListArgs | null) {
  return useQuery({
    queryKey: args ? dataCollectionKeys.specOuts(args) : [...dataCollectionKeys.all, 'specOuts'],
    queryFn: ({ signal }) => callPage(ep.specOuts, { query: args!, signal, silent: true }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDataHistory(args: PeriodListArgs | null) {
  return useQuery({
    queryKey: args ? dataCollectionKeys.history(args) : [...dataCollectionKeys.all, 'history'],
    queryFn: ({ signal }) =>
      callPage(ep.dataHistory, { params: { TYPE: 'TRACE' }, query: args!, signal, silent: true }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The period's raw rows as the server's workbook (at most 50,000 rows; more is a 400 the client reports). */
export const downloadDataHistory = (a: Omit<PeriodListArgs, 'page' | 'size'>, fileName: string) =>
  download(ep.dataHistoryExport, fileName, {
    params: { TYPE: 'TRACE' },
    query: { parameterIds: a.parameterIds, startDt: a.startDt, endDt: a.endDt },
  });

// ---------------------------------------------------------------- ingest keys (parameter screen)

export function useIngestKeys(enabled: boolean) {
  return useQuery({
    queryKey: dataCollectionKeys.keys,
    queryFn: ({ signal }) => call(ep.keys, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useCreateIngestKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IngestKeyCreate) => call(ep.createKey, { body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: dataCollectionKeys.keys }),
  });
}

export function useRevokeIngestKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ep.revokeKey, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: dataCollectionKeys.keys }),
  });
}

/** Parameters by tool, for grouped selects: tools in code order, each with its parameters in sort order. */
export function byTool(parameters: Parameter[]) {
  const tools = new Map<number, { toolId: number; toolCode: string; toolName: string; parameters: Parameter[] }>();
  for (const p of parameters) {
    const t = tools.get(p.toolId) ?? { toolId: p.toolId, toolCode: p.toolCode, toolName: p.toolName, parameters: [] };
    t.parameters.push(p);
    tools.set(p.toolId, t);
  }
  return [...tools.values()].sort((a, b) => a.toolCode.localeCompare(b.toolCode));
}
