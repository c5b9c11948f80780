import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { setNavigator, tokenStore } from '../api/http.ts';
import { FullPageLoading } from './guards.tsx';
import { LOGIN_PATH, loginRedirect } from './paths.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { restoreSession, sessionEnd } from './session.ts';
import { useAppStore } from './store.ts';

// Everything behind the sign-in, as one lazy chunk: the API client, the query cache and the session gate. The login
// page never loads it (issue 10 §1: the login page loads only the login page); it is fetched while the user types.

// The API client sends the user to login (session expiry) through the router, without a page reload.
setNavigator((path) => {
  void router.navigate(path);
});

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

/** The signed-in part of the router: the query cache for every page under it, then the session check. */
export default function SessionGate() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireSession />
    </QueryClientProvider>
  );
}
