import { type Runtime, SESSION_IDLE_MS, systemEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call } from '../api/http.ts';
import { featureRoutes } from '../features/registry.ts';
import { buildSideMenu, type SideMenuItem } from './navigation.ts';
import { useAppStore } from './store.ts';

// What the shell reads from the server once per session: runtime settings and the system menu configuration.

/** Menu names with a screen: the registry's, plus the shell's own OSS notice. */
export const ROUTABLE_NAMES: ReadonlySet<string> = new Set([...featureRoutes.map((r) => r.name), 'OSS']);

const FALLBACK_RUNTIME: Runtime = {
  businessType: '',
  menuExclude: [],
  chatflowId: null,
  chatApiHost: null,
  mobileDashboard: false,
  sessionIdleMs: SESSION_IDLE_MS,
};

export function useRuntime() {
  const query = useQuery({
    queryKey: ['system', 'runtime'],
    queryFn: ({ signal }) => call(systemEndpoints.runtime, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const idle = query.data?.sessionIdleMs;
  useEffect(() => {
    if (idle) useAppStore.getState().setSessionIdleMs(idle);
  }, [idle]);
  return { runtime: query.data ?? FALLBACK_RUNTIME, ready: !query.isPending };
}

export function useSystemMenu() {
  const query = useQuery({
    queryKey: ['system', 'menu'],
    queryFn: ({ signal }) => call(systemEndpoints.menu, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
  return { config: query.data ?? [], ready: !query.isPending };
}

/** The signed-in user's side menu; `ready` once the runtime and menu configuration have answered. */
export function useSideMenu(): { items: SideMenuItem[]; ready: boolean } {
  const perms = useAppStore((s) => s.user?.permissions);
  const { runtime, ready: runtimeReady } = useRuntime();
  const { config, ready: configReady } = useSystemMenu();
  const items = useMemo(
    () => (perms ? buildSideMenu({ perms, routable: ROUTABLE_NAMES, exclude: runtime.menuExclude, config }) : []),
    [perms, runtime.menuExclude, config],
  );
  return { items, ready: runtimeReady && configReady };
}
