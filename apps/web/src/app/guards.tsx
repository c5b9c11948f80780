import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { RouteProgress } from './RouteProgress.tsx';
import { useAppStore } from './store.ts';

// Route elements shared by every layout: the root (idle measure, progress bar) and the lazy page frame. The session
// gate is its own chunk (session-gate.tsx), so the login page does not load the API client.

/** The root route: every navigation counts as activity (SPEC §4), and a bar shows while a route loads. */
export function RootRoute() {
  const location = useLocation();
  const navigation = useNavigation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not a value used
  useEffect(() => {
    useAppStore.getState().touch();
  }, [location.key]);
  return (
    <>
      {navigation.state !== 'idle' && <RouteProgress />}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export function FullPageLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <RouteProgress />
      <Spin size="large" delay={300} />
    </div>
  );
}

/**
 * A lazy page. The key (the route's name) gives each page its own Suspense boundary, so the progress bar shows
 * while a page's chunk loads instead of the old page lingering.
 */
export function LazyPage({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<RouteProgress />}>
      <Component />
    </Suspense>
  );
}
