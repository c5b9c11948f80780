import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { tokenStore } from '../api/http.ts';
import { LOGIN_PATH, loginRedirect } from './navigation.ts';
import { RouteProgress } from './RouteProgress.tsx';
import { restoreSession, sessionEnd } from './session.ts';
import { useAppStore } from './store.ts';

// Route elements shared by every layout: the root (idle measure, progress bar), the session gate and the lazy
// page frame.

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

/**
 * Only the login routes are reachable without a token (SPEC §2). After a reload the token is there but the user
 * and permissions are not: they are restored once, with the page waiting.
 */
export function RequireSession() {
  const location = useLocation();
  const user = useAppStore((s) => s.user);
  const token = tokenStore.get();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token || user) return;
    let live = true;
    void restoreSession().then((ok) => {
      if (live && !ok) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [token, user]);
  if (!token || failed) {
    const to = sessionEnd.byLogout ? LOGIN_PATH : loginRedirect(location.pathname, location.search);
    return <Navigate to={to} replace />;
  }
  if (!user) return <FullPageLoading />;
  return <Outlet />;
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
