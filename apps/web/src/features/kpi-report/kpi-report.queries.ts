import { atelierKpiEndpoints as atelier, kpiReportEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// The KPI report's calls (SPEC §7 "Reports and KPI → KPI"): the month report, and the atelier page's seven. PDF and
// Excel: the generic report files `kpi-report/monthly` and `kpi-report/atelier` (downloadReport).

export const kpiKeys = { all: ['kpi-report'] as const };
const opts = { placeholderData: keepPreviousData } as const;

export function useKpiReport(args: { date: string; workingTime: number } | null) {
  return useQuery({
    queryKey: [...kpiKeys.all, 'report', args],
    queryFn: ({ signal }) => call(ep.report, { query: args!, signal }),
    enabled: !!args,
    ...opts,
  });
}

export type DayPeriod = { startDt: string; endDt: string };
export type MonthPeriod = { startMonth: string; endMonth: string };

export const useAtelierDaily = (p: DayPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'daily', p],
    queryFn: ({ signal }) => call(atelier.daily, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierHourly = (p: DayPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'hourly', p],
    queryFn: ({ signal }) => call(atelier.hourly, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierInspectionMinutes = (p: DayPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'minutes', p],
    queryFn: ({ signal }) => call(atelier.minutesPerProduct, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierOperationDefects = (p: MonthPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'operation', p],
    queryFn: ({ signal }) => call(atelier.defectRateOperation, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierProductDefects = (p: MonthPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'product', p],
    queryFn: ({ signal }) => call(atelier.defectRateProduct, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierInspectionRate = (p: MonthPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'inspection', p],
    queryFn: ({ signal }) => call(atelier.inspectionRate, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
export const useAtelierClaimCount = (p: MonthPeriod | null) =>
  useQuery({
    queryKey: [...kpiKeys.all, 'claims', p],
    queryFn: ({ signal }) => call(atelier.claimCount, { query: p!, signal }),
    enabled: !!p,
    ...opts,
  });
