import { type BodyArgsOf, testReportEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, callPage } from '../../api/http.ts';

// Test report calls (SPEC §7 "Test report"): the list of a period, one report with its items, the design image of its
// product, and the writes. Files go through the generic report routes (inspection-report.queries downloadReport).

export type TestReportCreateValues = BodyArgsOf<typeof ep.create>;
export type TestReportUpdateValues = BodyArgsOf<typeof ep.update>;
export type TestReportListArgs = { startDt?: string; endDt?: string; productId?: number; q?: string };

export const testReportKeys = { all: ['test-report'] as const };

export function useTestReports(args: TestReportListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...testReportKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useTestReport(id: number | null) {
  return useQuery({
    queryKey: [...testReportKeys.all, 'one', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** The design image as an object URL (the path needs the bearer token, so an <img src> cannot fetch it itself). */
export function useDesignImageUrl(id: number | null) {
  const query = useQuery({
    queryKey: [...testReportKeys.all, 'design-image', id],
    queryFn: ({ signal }) => callBlob(ep.designImage, { params: { id: id! }, signal }),
    enabled: id != null,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, loading: query.isFetching };
}

export function useTestReportApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: testReportKeys.all });
  return {
    create: async (body: TestReportCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: TestReportUpdateValues) => {
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
