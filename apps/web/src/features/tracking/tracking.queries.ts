import { type TrackingKind, trackingEndpoints as ep } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../api/http.ts';

// Requirement tracking's reads (SPEC §7 "Tracking"): the report of a period per product or material, and its
// workbook. The keys start with 'tracking'; the report is a read of many modules, so it is never kept long.

/** `rows: 'N'`: the items' sums and counts only (every item of a period); an opened item asks its rows by its id. */
export type TrackingArgs = { kind: TrackingKind; id: number | 'all'; startDt: string; endDt: string; rows?: 'N' };

export const trackingKeys = {
  all: ['tracking'] as const,
  report: (a: TrackingArgs) => ['tracking', a.kind, a.id, a.startDt, a.endDt, a.rows ?? 'Y'] as const,
};

const parts = (a: TrackingArgs) => ({
  params: { kind: a.kind, id: a.id },
  query: { startDt: a.startDt, endDt: a.endDt },
});

/** The report (null args: the period cannot be asked). */
export function useTracking(args: TrackingArgs | null) {
  return useQuery({
    queryKey: args ? trackingKeys.report(args) : trackingKeys.all,
    queryFn: ({ signal }) =>
      call(ep.get, { ...parts(args!), query: { ...parts(args!).query, rows: args!.rows }, signal }),
    enabled: !!args,
    // The last report stays on screen while another period or item loads, never one of the other kind.
    placeholderData: (prev) => (prev && args && prev.kind === args.kind ? prev : undefined),
    staleTime: 0,
  });
}

/** The report as the server's workbook. */
export const downloadTracking = (args: TrackingArgs, fileName: string) => download(ep.getExport, fileName, parts(args));
