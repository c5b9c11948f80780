import type { Route, RouteOper } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

// Route calls (SPEC §7 "Route"). The route list is a pick-list for products and operation plans too.
export type RouteFormValues = { code: string; name: string; description?: string | null };

export const routeKeys = {
  all: ['route'] as const,
  list: ['route', 'list'] as const,
  opers: (routeId: number) => ['route', 'opers', routeId] as const,
};

export function useRoutes() {
  return useQuery({
    queryKey: routeKeys.list,
    queryFn: ({ signal }) => api.get<Route[]>('/route/routes', { signal }),
  });
}

export function useRouteOpers(routeId: number | null | undefined) {
  return useQuery({
    queryKey: routeKeys.opers(routeId ?? 0),
    queryFn: ({ signal }) => api.get<RouteOper[]>(`/route/${routeId}/opers`, { signal }),
    enabled: !!routeId,
  });
}

const body = (v: RouteFormValues) => ({ code: v.code, name: v.name, description: v.description || null });

export function useRouteApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: routeKeys.all });
  return {
    create: async (v: RouteFormValues) => {
      const saved = await api.post<Route>('/route', body(v), { silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: RouteFormValues) => {
      const saved = await api.put<Route>('/route', { ...body(v), id }, { silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      await api.del(`/route/${id}`);
      await refresh();
    },
    /** Appends the operations in the given order. */
    addOpers: async (routeId: number, operationIds: number[]) => {
      try {
        for (const operationId of operationIds) await api.post<RouteOper>('/route/oper', { routeId, operationId });
      } finally {
        await refresh();
      }
    },
    updateOper: async (routeId: number, operationId: number, description: string | null) => {
      await api.put<RouteOper>('/route/oper', { routeId, operationId, description }, { silent: true });
      await refresh();
    },
    removeOpers: async (routeId: number, operationIds: number[]) => {
      try {
        await api.del(
          operationIds.length === 1
            ? `/route/oper/${routeId}/${operationIds[0]}`
            : `/route/opers/${routeId}/${operationIds.join(',')}`,
        );
      } finally {
        await refresh();
      }
    },
    reorder: async (routeId: number, operationIds: number[]) => {
      try {
        const list = await api.put<RouteOper[]>('/route/opers', { routeId, operationIds });
        qc.setQueryData(routeKeys.opers(routeId), list);
      } finally {
        await refresh();
      }
    },
  };
}
