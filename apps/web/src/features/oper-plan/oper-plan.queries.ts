import type { Location, OperPlan, Product, Tool } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/http.ts';

// Operation plan calls (SPEC §7 "Operation plan") and the product and tool pick-lists the screen needs.
export type OperPlanFormValues = {
  operationId: number;
  toolId?: number | null;
  cycleTime?: number | null;
  capacity?: number | null;
  description?: string | null;
};

export const operPlanKeys = {
  all: ['operPlan'] as const,
  plans: (productId: number) => ['operPlan', 'plans', productId] as const,
};

export function useOperPlans(productId: number | null | undefined) {
  return useQuery({
    queryKey: operPlanKeys.plans(productId ?? 0),
    queryFn: ({ signal }) => api.get<OperPlan[]>(`/operationplan/${productId}/plans`, { signal }),
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
        ? api.get<Product[]>('/product/products/name', { query: { name: text }, signal })
        : (await api.page<Product>('/product/products', { query: { page: 1, size: 50 }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** One product (the one in the URL). */
export function useProduct(id: number | null | undefined) {
  return useQuery({
    queryKey: ['product', 'one', id ?? 0],
    queryFn: ({ signal }) => api.get<Product>(`/product/${id}`, { signal, silent: true }),
    enabled: !!id,
    retry: false,
  });
}

/** Tools that can run an operation: those on a LINE (tools in a warehouse are racks). */
export function useLineTools() {
  const tools = useQuery({
    queryKey: ['tool', 'with-location-user'],
    queryFn: ({ signal }) => api.get<Tool[]>('/tool/tools/with-location-user', { signal }),
  });
  const lines = useQuery({
    queryKey: ['location', 'by-type', 'LINE'],
    queryFn: ({ signal }) => api.get<Location[]>('/location/by-type/LINE', { signal }),
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
      set(await api.post<OperPlan[]>('/operationplan/plan', { productId, ...item(v) }, { silent: true })),
    update: async (v: OperPlanFormValues) =>
      set(await api.put<OperPlan[]>('/operationplan/plan', { productId, ...item(v) }, { silent: true })),
    fromRoute: async (routeId: number) =>
      set(await api.post<OperPlan[]>('/operationplan/plans', { productId, routeId })),
    /** Saves the whole plan in this order (bulk modify). */
    reorder: async (rows: OperPlan[]) => {
      try {
        set(await api.put<OperPlan[]>('/operationplan/plans', { productId, plans: rows.map(planItem) }));
      } catch (err) {
        await refresh();
        throw err;
      }
    },
    remove: async (operationIds: number[]) => {
      try {
        await api.del(
          operationIds.length === 1
            ? `/operationplan/plan/${productId}/${operationIds[0]}`
            : `/operationplan/plans/${productId}/${operationIds.join(',')}`,
        );
      } finally {
        await refresh();
      }
    },
  };
}
