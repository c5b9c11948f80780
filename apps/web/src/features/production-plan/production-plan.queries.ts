import {
  type BodyArgsOf,
  type DailyPlan,
  type ProductionOperPlan,
  productionPlanEndpoints as ep,
  type WorkStatus,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';
import { monthGrid } from './calendar/plan-calendar.ts';

// Production plan calls (SPEC §7 "Production plan"): the plan list of a period, one plan with its lot sequence, its
// operation plans, an operation plan's daily plans, and the writes. Writes a form shows on its fields are `silent`.

export type PlanCreateValues = BodyArgsOf<typeof ep.create>;
export type PlanUpdateValues = BodyArgsOf<typeof ep.update>;
export type PlanForceValues = BodyArgsOf<typeof ep.force>;
export type OperPlanAddValues = BodyArgsOf<typeof ep.addOperPlan>;
export type OperPlanUpdateValues = BodyArgsOf<typeof ep.updateOperPlan>;
export type DailySpread = Extract<BodyArgsOf<typeof ep.setDailyPlans>, { spread: unknown }>['spread'];
export type DailyItems = Extract<BodyArgsOf<typeof ep.setDailyPlans>, { dailyPlans: unknown }>['dailyPlans'];

export const planKeys = {
  all: ['productionPlan'] as const,
  list: (args: object) => ['productionPlan', 'list', args] as const,
  one: (id: number) => ['productionPlan', 'plan', id] as const,
  lotSeq: (id: number) => ['productionPlan', 'lotSeq', id] as const,
  operPlans: (planId: number) => ['productionPlan', 'operPlans', planId] as const,
  daily: (operPlanId: number) => ['productionPlan', 'daily', operPlanId] as const,
  calendar: (locationId: number, startDt: string, endDt: string) =>
    ['productionPlan', 'calendar', locationId, startDt, endDt] as const,
};

/** The list's filters as the URL keeps them (statuses as comma-separated text). */
export type PlanListArgs = {
  startDt: string;
  endDt: string;
  q?: string;
  locationId?: number;
  status?: string;
};

export const planListQuery = (a: PlanListArgs) => ({
  startDt: a.startDt,
  endDt: a.endDt,
  q: a.q || undefined,
  locationId: a.locationId,
  status: a.status ? (a.status.split(',').filter(Boolean) as WorkStatus[]) : undefined,
});

export function usePlans(args: PlanListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: planKeys.list({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(ep.plans, { query: { ...planListQuery(args!), page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function usePlan(id: number | null) {
  return useQuery({
    queryKey: planKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal, silent: true }),
    enabled: id != null,
    retry: false,
  });
}

export function useLotSeq(id: number | null) {
  return useQuery({
    queryKey: planKeys.lotSeq(id ?? 0),
    queryFn: ({ signal }) => call(ep.lotSeq, { params: { id: id! }, signal, silent: true }),
    enabled: id != null,
    retry: false,
  });
}

export function useOperPlans(planId: number | null) {
  return useQuery({
    queryKey: planKeys.operPlans(planId ?? 0),
    queryFn: ({ signal }) => call(ep.operPlans, { params: { id: planId! }, signal }),
    enabled: planId != null,
  });
}

export function useDailyPlans(operPlanId: number | null) {
  return useQuery({
    queryKey: planKeys.daily(operPlanId ?? 0),
    queryFn: ({ signal }) => call(ep.operPlanDailyPlans, { params: { id: operPlanId! }, signal }),
    enabled: operPlanId != null,
  });
}

type Period = { startDt: string; endDt: string };
const fetchCalendar = (locationId: number, period: Period, signal?: AbortSignal) =>
  call(ep.locationDailyPlans, { params: { id: locationId }, query: period, signal, silent: true });

/**
 * The calendar's daily plans: one request for a month's grid on a line or below a factory (GET
 * /location/{id}/daily-plans). `refetchInterval` keeps a TV's page current. Silent: the calendar shows its own error.
 */
export function useLocationDailyPlans(
  locationId: number | null,
  period: Period | null,
  opts: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: planKeys.calendar(locationId ?? 0, period?.startDt ?? '', period?.endDt ?? ''),
    queryFn: ({ signal }) => fetchCalendar(locationId!, period!, signal),
    enabled: locationId != null && !!period,
    retry: false,
    refetchInterval: opts.refetchInterval,
    refetchIntervalInBackground: !!opts.refetchInterval,
  });
}

/**
 * Starts a month's request where the user asks for it (a tab or a month button), so it runs while the screen renders
 * the change instead of after: the query the calendar then mounts finds it in flight or done (the same one request).
 */
export function usePrefetchCalendar() {
  const qc = useQueryClient();
  return (locationId: number | null | undefined, yearMonth: string) => {
    if (locationId == null) return;
    const { startDt, endDt } = monthGrid(yearMonth);
    void qc.prefetchQuery({
      queryKey: planKeys.calendar(locationId, startDt, endDt),
      queryFn: ({ signal }) => fetchCalendar(locationId, { startDt, endDt }, signal),
      retry: false,
    });
  };
}

/** Writes of the screen; each refreshes what it changes (a plan's qty moves its operation targets, daily plans sum). */
export function usePlanApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: planKeys.all });
  const withOperPlans = async (planId: number, list: ProductionOperPlan[]) => {
    qc.setQueryData(planKeys.operPlans(planId), list);
    await refresh();
    return list;
  };
  const withDaily = async (operPlanId: number, list: DailyPlan[]) => {
    qc.setQueryData(planKeys.daily(operPlanId), list);
    await refresh();
    return list;
  };
  return {
    refresh,
    create: async (body: PlanCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: PlanUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    force: async (body: PlanForceValues) => {
      const saved = await call(ep.force, { body, silent: true });
      await refresh();
      return saved;
    },
    /** Not silent: a refused delete (results, references) is shown by the API client and its related-data dialog. */
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
        else await call(ep.removeBulk, { params: { ids } });
      } finally {
        await refresh();
      }
    },
    addOperPlan: async (body: OperPlanAddValues) =>
      withOperPlans(body.planId, await call(ep.addOperPlan, { body, silent: true })),
    updateOperPlan: async (planId: number, body: OperPlanUpdateValues) =>
      withOperPlans(planId, await call(ep.updateOperPlan, { body, silent: true })),
    setDailyPlans: async (operPlanId: number, dailyPlans: DailyItems) =>
      withDaily(operPlanId, await call(ep.setDailyPlans, { body: { operPlanId, dailyPlans }, silent: true })),
    spread: async (operPlanId: number, spread: DailySpread) =>
      withDaily(operPlanId, await call(ep.setDailyPlans, { body: { operPlanId, spread }, silent: true })),
  };
}
