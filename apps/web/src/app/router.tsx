import { MENU_INDEX, TOKEN_STORAGE_KEY } from '@eqms/contract';
import { type ReactNode, Suspense } from 'react';
import { lazyPage } from './lazy-page.ts';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { featureRoutes, fullScreenRoutes, mobileRoutes } from '../features/registry.ts';
import { FullPageLoading, LazyPage, RootRoute } from './guards.tsx';
import { LOGIN_PATH, MOBILE_HOME } from './paths.ts';
import { RouteProgress } from './RouteProgress.tsx';

// The router: public login and error pages, the desktop home layout built from the menu tree plus the feature
// registry, and the mobile shell. Every page and both layouts are lazy chunks, and so is everything behind the
// sign-in (session-gate.tsx: API client, query cache): the login page's first load carries none of it.

const loadSessionGate = () => import('./session-gate.tsx');
const loadDesktopLayout = () => import('./layouts/DesktopLayout.tsx');
const LoginPage = lazyPage(() => import('../features/auth/pages/RoutedLoginPage.tsx'));
const ErrorPage = lazyPage(() => import('../features/errors/pages/ErrorPage.tsx'));
const OssPage = lazyPage(() => import('../features/oss/pages/OssPage.tsx'));
const DesktopLayout = lazyPage(loadDesktopLayout);
const MobileLayout = lazyPage(() => import('./layouts/MobileLayout.tsx'));
const FullScreenLayout = lazyPage(() => import('./layouts/FullScreenLayout.tsx'));
const HomeRedirect = lazyPage(() => import('./layouts/redirects.tsx').then((m) => ({ default: m.HomeRedirect })));
const GroupRedirect = lazyPage(() => import('./layouts/redirects.tsx').then((m) => ({ default: m.GroupRedirect })));
const SessionGate = lazyPage(loadSessionGate);

/**
 * Starts loading what the first page after sign-in needs, while the login request is on its way. A failure here is
 * left to the route's own load, which shows it.
 */
export function preloadSignedIn() {
  loadSessionGate().catch(() => undefined);
  loadDesktopLayout().catch(() => undefined);
}

// The API client's token store (api/http.ts) is read directly, so this module does not pull in the API client.
const hasToken = () => Boolean(localStorage.getItem(TOKEN_STORAGE_KEY));

const gated = (
  <Suspense fallback={<FullPageLoading />}>
    <SessionGate />
  </Suspense>
);

/** What the desktop layout reads from a match: the page's menu name (permission, title, breadcrumbs, page hit). */
export type RouteHandle = { name?: string };

const suspended = (node: ReactNode) => <Suspense fallback={<RouteProgress />}>{node}</Suspense>;

const hasAiChat = featureRoutes.some((r) => r.name === 'aiChat');

/**
 * The 403/404/500 pages keep the desktop shell (menu and top bar) for a signed-in user, so they can go on from the
 * menu; without a token they stand alone. Two levels, as the session gate and the layout each render an Outlet.
 */
function ErrorSession() {
  return hasToken() ? gated : <Outlet />;
}
function ErrorShell() {
  if (!hasToken()) return <Outlet />;
  return (
    <Suspense fallback={<FullPageLoading />}>
      <DesktopLayout />
    </Suspense>
  );
}

function desktopPages(): RouteObject[] {
  const pages: RouteObject[] = [];
  const routed = new Set<string>();
  for (const r of featureRoutes) {
    const path = r.path ?? MENU_INDEX.get(r.name)?.path;
    if (!path) continue;
    routed.add(path);
    pages.push({
      path,
      handle: { name: r.name } satisfies RouteHandle,
      element: <LazyPage key={r.name} component={r.element} />,
    });
  }
  pages.push({
    path: '/OSS',
    handle: { name: 'OSS' } satisfies RouteHandle,
    element: <LazyPage key="OSS" component={OssPage} />,
  });
  // A group's own path (e.g. /admin) opens its first accessible page, when the group has any screen at all.
  for (const node of MENU_INDEX.values()) {
    if (!node.children || routed.has(node.path)) continue;
    const hasScreen = featureRoutes.some((r) => {
      let cur = MENU_INDEX.get(r.name);
      while (cur?.parentName) {
        if (cur.parentName === node.name) return true;
        cur = MENU_INDEX.get(cur.parentName);
      }
      return false;
    });
    if (hasScreen) pages.push({ path: node.path, element: suspended(<GroupRedirect name={node.name} />) });
  }
  return pages;
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: suspended(<ErrorPage status="500" />),
    children: [
      { path: '/auth', element: <Navigate to={LOGIN_PATH} replace /> },
      { path: LOGIN_PATH, element: suspended(<LoginPage />) },
      ...(hasAiChat ? [{ path: `${LOGIN_PATH}/ai-chat`, element: suspended(<LoginPage next="/ai-chat" />) }] : []),
      {
        element: <ErrorSession />,
        children: [
          {
            element: <ErrorShell />,
            children: [
              { path: '/403', element: suspended(<ErrorPage status="403" />) },
              { path: '/404', element: suspended(<ErrorPage status="404" />) },
              { path: '/500', element: suspended(<ErrorPage status="500" />) },
            ],
          },
        ],
      },
      {
        element: gated,
        children: [
          {
            path: '/m',
            element: (
              <Suspense fallback={<FullPageLoading />}>
                <MobileLayout />
              </Suspense>
            ),
            children: [
              { index: true, element: <Navigate to={MOBILE_HOME} replace /> },
              ...mobileRoutes.map((r) => ({ path: r.path, element: <LazyPage key={r.path} component={r.element} /> })),
              { path: '*', element: <Navigate to="/404" replace /> },
            ],
          },
          {
            element: (
              <Suspense fallback={<FullPageLoading />}>
                <FullScreenLayout />
              </Suspense>
            ),
            children: fullScreenRoutes.map((r) => ({
              path: r.path,
              element: <LazyPage key={r.path} component={r.element} />,
            })),
          },
          {
            element: (
              <Suspense fallback={<FullPageLoading />}>
                <DesktopLayout />
              </Suspense>
            ),
            children: [{ index: true, element: suspended(<HomeRedirect />) }, ...desktopPages()],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
