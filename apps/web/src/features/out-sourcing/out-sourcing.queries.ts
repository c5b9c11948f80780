import { type BodyArgsOf, outSourcingEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Outsourcing calls (SPEC §7 "Out-sourcing"): the list of a period, the form's plans, and the writes. A receipt is a
// production result, so a write also refreshes what results feed (plans, results, lots, product and material stock).

export type OutSourcingCreateValues = BodyArgsOf<typeof ep.create>;
export type OutSourcingUpdateValues = BodyArgsOf<typeof ep.update>;
export type OutSourcingListArgs = {
  startDt?: string;
  endDt?: string;
  bizPartnerId?: number;
  status?: 'SENT' | 'PARTIAL' | 'RECEIVED';
  q?: string;
};

export const outSourcingKeys = { all: ['out-sourcing'] as const };
const FED_BY_RESULTS = [['productionPlan'], ['productionResult'], ['product-stock'], ['material-stock'], ['lot']];

export function useOutSourcings(args: OutSourcingListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...outSourcingKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Plans meeting the period with their operation plans: what the form can send out. */
export function useOutSourcingPlans(period: { startDt: string; endDt: string } | null, q: string | undefined) {
  return useQuery({
    queryKey: [...outSourcingKeys.all, 'plans', period, q],
    queryFn: ({ signal }) => call(ep.plans, { query: { ...period!, q: q || undefined }, signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
  });
}

export function useOutSourcingApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([outSourcingKeys.all, ...FED_BY_RESULTS].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    create: async (body: OutSourcingCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: OutSourcingUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    /** Not silent: a refusal (something came back) is shown by the API client. */
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
        else await call(ep.removeBulk, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}
