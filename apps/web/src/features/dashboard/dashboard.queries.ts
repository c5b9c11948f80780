import { type BodyArgsOf, dashboardEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// The caller's dashboards (SPEC §7 "Settings and dashboards"). The list feeds the page, the side menu and the
// slideshow; every write refreshes the list and the written dashboard.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  list: ['dashboard', 'list'] as const,
  one: (id: number) => ['dashboard', 'one', id] as const,
};

export type DashboardUpdateValues = BodyArgsOf<typeof ep.update>;

export function useDashboards(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.list,
    queryFn: ({ signal }) => call(ep.list, { signal }),
    enabled,
  });
}

export function useDashboard(id: number | null) {
  return useQuery({
    queryKey: dashboardKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(ep.get, { params: { id: id ?? 0 }, signal }),
    enabled: id != null,
  });
}

export function useDashboardApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: dashboardKeys.all });
  return {
    create: async (name: string) => {
      const d = await call(ep.create, { body: { name, widgets: [] }, silent: true });
      await refresh();
      return d;
    },
    /** A rename (no widgets: they stay) or a layout save (with widgets). */
    update: async (body: DashboardUpdateValues, silent = false) => {
      const d = await call(ep.update, { body, silent });
      qc.setQueryData(dashboardKeys.one(d.id), d);
      await refresh();
      return d;
    },
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      qc.removeQueries({ queryKey: dashboardKeys.one(id) });
      await qc.invalidateQueries({ queryKey: dashboardKeys.list });
    },
  };
}
