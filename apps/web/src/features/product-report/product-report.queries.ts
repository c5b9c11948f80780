import { type ProductReportBucket, productReportBucketLabel, productReportEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// The product report's read (SPEC §7 "Reports and KPI → Product"). Its PDF and workbook are the generic report files
// `product-report/period` with the same arguments as parameters.

export type ProductReportArgs = { startDt: string; endDt: string; bucket: ProductReportBucket; productId?: number };

export const productReportKeys = {
  all: ['product-report'] as const,
  report: (a: ProductReportArgs) => ['product-report', a] as const,
};

/** The report (null args: the period cannot be asked). The last one stays on screen while the next loads. */
export function useProductReport(args: ProductReportArgs | null) {
  return useQuery({
    queryKey: args ? productReportKeys.report(args) : productReportKeys.all,
    queryFn: ({ signal }) => call(ep.report, { query: args!, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A bucket's caption (contract). */
export const bucketLabel = productReportBucketLabel;

export const rateText = (v: number | null, places: number) => (v == null ? '-' : v.toFixed(places));
