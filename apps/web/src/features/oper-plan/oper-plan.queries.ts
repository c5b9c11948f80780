import {
  type BodyArgsOf,
  locationEndpoints,
  type OperPlan,
  operPlanEndpoints as ep,
  productEndpoints,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call, callPage } from '../../api/http.ts';
import { useTools } from '../tool/tool.queries.ts';

// Operation plan calls (SPEC §7 "Operation plan") and the product and tool pick-lists the screen needs.
/** A row as the form edits it: the create body without the product (the page's) and the sequence. */
export type OperPlanFormValues = Omit<BodyArgsOf<typeof ep.create>, 'productId' | 'seq'>;

export const operPlanKeys = {
  all: ['operPlan'] as const,
  plans: (productId: number) => ['operPlan', 'plans', productId] as const,
};

export function useOperPlans(productId: number | null | undefined) {
  return useQuery({
    queryKey: operPlanKeys.plans(productId ?? 0),
    queryFn: ({ signal }) => call(ep.list, { params: { productId: productId! }, signal }),
    enabled: !!productId,
  });
}

/** Products whose code or name contains the text (the pick-list, at most 50); without text the first page. */
export function useProductSearch(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: ['product', 'pick', text],
    queryFn: async ({ signal }) =>
      text
        ? call(productEndpoints.byName, { query: { name: text }, signal })
        : (await callPage(productEndpoints.list, { query: { page: 1, size: 50 }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** One product (the one in the URL). */
export function useProduct(id: number | null | undefined) {
  return useQuery({
    queryKey: ['product', 'one', id ?? 0],
    queryFn: ({ signal }) => call(productEndpoints.get, { params: { id: id! }, signal, silent: true }),
    enabled: !!id,
    retry: false,
  });
}

/** Tools that can run an operation: those on a LINE (tools in a warehouse are racks). */
export function useLineTools() {
  const tools = useTools();
  const lines = useQuery({
    queryKey: ['location', 'by-type', 'LINE'],
    queryFn: ({ signal }) => call(locationEndpoints.byType, { params: { type: 'LINE' }, signal }),
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const lineIds = new Set((lines.data ?? []).map((l) => l.id));
    return (tools.data ?? []).filter((t) => lineIds.has(t.locationId));
  }, [tools.data, lines.data]);
  return { data, isLoading: tools.isLoading || lines.isLoading };
}

const item = (v: OperPlanFormValues) => ({
  operationId: v.operationId,
  toolId: v.toolId ?? null,
  cycleTime: v.cycleTime ?? null,
  capacity: v.capacity ?? null,
  description: v.description || null,
});

/** A stored row as a bulk-modify item (its fields unchanged). */
export const planItem = (p: OperPlan) =>
  item({
    operationId: p.operationId,
    toolId: p.toolId,
    cycleTime: p.cycleTime,
    capacity: p.capacity,
    description: p.description,
  });

export function useOperPlanApi(productId: number) {
  const qc = useQueryClient();
  const set = (list: OperPlan[]) => qc.setQueryData(operPlanKeys.plans(productId), list);
  const refresh = () => qc.invalidateQueries({ queryKey: operPlanKeys.plans(productId) });
  return {
    create: async (v: OperPlanFormValues) =>
      set(await call(ep.create, { body: { productId, ...item(v) }, silent: true })),
    update: async (v: OperPlanFormValues) =>
      set(await call(ep.update, { body: { productId, ...item(v) }, silent: true })),
    fromRoute: async (routeId: number) => set(await call(ep.createBulk, { body: { productId, routeId } })),
    /** Saves the whole plan in this order (bulk modify). */
    reorder: async (rows: OperPlan[]) => {
      try {
        set(await call(ep.updateBulk, { body: { productId, plans: rows.map(planItem) } }));
      } catch (err) {
        await refresh();
        throw err;
      }
    },
    remove: async (operationIds: number[]) => {
      try {
        if (operationIds.length === 1) await call(ep.remove, { params: { productId, operationId: operationIds[0] } });
        else await call(ep.removeBulk, { params: { productId, operationIds } });
      } finally {
        await refresh();
      }
    },
  };
}
