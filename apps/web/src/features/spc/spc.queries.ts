import { type SpcChartType, spcEndpoints as ep } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// SPC reads (issue 15). An inspection item's chart is read under its side's results screen, a parameter's under the
// trend screen; the answer is a computation over a period, never cached long.

/** What a chart is of: a standard item (product by default, or material) or a machine parameter. */
export type SpcSubjectRef =
  | { kind: 'item'; standardId: number; side?: 'PRODUCT' | 'MATERIAL' }
  | { kind: 'parameter'; parameterId: number };

/** Items: days yyyy-MM-dd; parameters: ISO instants. */
export type SpcArgs = { startDt: string; endDt: string; chartType?: SpcChartType; subgroupSize?: number };

export const spcKeys = {
  all: ['spc'] as const,
  one: (s: SpcSubjectRef, a: SpcArgs) => ['spc', s, a] as const,
};

function fetchSpc(s: SpcSubjectRef, a: SpcArgs, signal: AbortSignal) {
  if (s.kind === 'parameter') {
    return call(ep.parameter, {
      params: { parameterId: s.parameterId },
      query: { startDt: a.startDt, endDt: a.endDt, chartType: a.chartType, subgroupSize: a.subgroupSize },
      signal,
    });
  }
  const query = { startDt: a.startDt, endDt: a.endDt, chartType: a.chartType };
  return s.side === 'MATERIAL'
    ? call(ep.materialItem, { params: { standardId: s.standardId }, query, signal })
    : call(ep.productItem, { params: { standardId: s.standardId }, query, signal });
}

/** The chart, capability and histogram (null: nothing to ask yet). */
export function useSpc(subject: SpcSubjectRef | null, args: SpcArgs | null) {
  return useQuery({
    queryKey: subject && args ? spcKeys.one(subject, args) : spcKeys.all,
    queryFn: ({ signal }) => fetchSpc(subject!, args!, signal),
    enabled: !!subject && !!args,
    placeholderData: (prev) => prev,
    staleTime: 0,
  });
}
