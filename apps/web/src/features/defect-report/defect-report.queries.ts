import { type DefectReportGroup, defectReportEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// The defect report's read (SPEC §7 "Reports and KPI → Defect"). Its PDF and workbook are the generic report files
// `defect-report/period` (inspection-report.queries downloadReport) with the same arguments as parameters.

export type DefectReportArgs = {
  groupBy: DefectReportGroup;
  startDt: string;
  endDt: string;
  productId?: number;
  operationId?: number;
  defectCode?: string;
};

export const defectReportKeys = {
  all: ['defect-report'] as const,
  report: (a: DefectReportArgs) => ['defect-report', a] as const,
};

/** The report (null args: the period cannot be asked). The last one stays on screen while the next loads. */
export function useDefectReport(args: DefectReportArgs | null) {
  return useQuery({
    queryKey: args ? defectReportKeys.report(args) : defectReportKeys.all,
    queryFn: ({ signal }) =>
      call(ep.get, {
        params: { groupBy: args!.groupBy, startDt: args!.startDt, endDt: args!.endDt },
        query: { productId: args!.productId, operationId: args!.operationId, defectCode: args!.defectCode },
        signal,
      }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The report's file parameters: the arguments without the empty filters. */
export const fileParams = (a: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== null && v !== ''));
