import { type BodyArgsOf, routeEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Route calls (SPEC §7 "Route"). The route list is a pick-list for products and operation plans too.
export type RouteFormValues = BodyArgsOf<typeof ep.create>;

export const routeKeys = {
  all: ['route'] as const,
  list: ['route', 'list'] as const,
  opers: (routeId: number) => ['route', 'opers', routeId] as const,
};

export function useRoutes() {
  return useQuery({
    queryKey: routeKeys.list,
    queryFn: ({ signal }) => call(ep.list, { signal }),
  });
}

export function useRouteOpers(routeId: number | null | undefined) {
  return useQuery({
    queryKey: routeKeys.opers(routeId ?? 0),
    queryFn: ({ signal }) => call(ep.opers, { params: { id: routeId! }, signal }),
    enabled: !!routeId,
  });
}

const body = (v: RouteFormValues) => ({ code: v.code, name: v.name, description: v.description || null });

export function useRouteApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: routeKeys.all });
  return {
    create: async (v: RouteFormValues) => {
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: RouteFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh();
    },
    /** Appends the operations in the given order. */
    addOpers: async (routeId: number, operationIds: number[]) => {
      try {
        for (const operationId of operationIds) await call(ep.addOper, { body: { routeId, operationId } });
      } finally {
        await refresh();
      }
    },
    updateOper: async (routeId: number, operationId: number, description: string | null) => {
      await call(ep.updateOper, { body: { routeId, operationId, description }, silent: true });
      await refresh();
    },
    removeOpers: async (routeId: number, operationIds: number[]) => {
      try {
        if (operationIds.length === 1) await call(ep.removeOper, { params: { routeId, operId: operationIds[0] } });
        else await call(ep.removeOpers, { params: { routeId, ids: operationIds } });
      } finally {
        await refresh();
      }
    },
    reorder: async (routeId: number, operationIds: number[]) => {
      try {
        const list = await call(ep.reorderOpers, { body: { routeId, operationIds } });
        qc.setQueryData(routeKeys.opers(routeId), list);
      } finally {
        await refresh();
      }
    },
  };
}
