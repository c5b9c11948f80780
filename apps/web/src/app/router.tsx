import { MENU_INDEX } from '@eqms/contract';
import { type ReactNode, Suspense } from 'react';
import { lazyPage } from './lazy-page.ts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../api/http.ts';
import { featureRoutes, mobileRoutes } from '../features/registry.ts';
import { FullPageLoading, LazyPage, RequireSession, RootRoute } from './guards.tsx';
import { LOGIN_PATH, MOBILE_HOME } from './navigation.ts';
import { RouteProgress } from './RouteProgress.tsx';

// The router: public login and error pages, the desktop home layout built from the menu tree plus the feature
// registry, and the mobile shell. Every page and both layouts are lazy chunks.

const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage.tsx'));
const ErrorPage = lazyPage(() => import('../features/errors/pages/ErrorPage.tsx'));
const OssPage = lazyPage(() => import('../features/oss/pages/OssPage.tsx'));
const DesktopLayout = lazyPage(() => import('./layouts/DesktopLayout.tsx'));
const MobileLayout = lazyPage(() => import('./layouts/MobileLayout.tsx'));
const HomeRedirect = lazyPage(() => import('./layouts/redirects.tsx').then((m) => ({ default: m.HomeRedirect })));
const GroupRedirect = lazyPage(() => import('./layouts/redirects.tsx').then((m) => ({ default: m.GroupRedirect })));

/** What the desktop layout reads from a match: the page's menu name (permission, title, breadcrumbs, page hit). */
export type RouteHandle = { name?: string };

const suspended = (node: ReactNode) => <Suspense fallback={<RouteProgress />}>{node}</Suspense>;

const hasAiChat = featureRoutes.some((r) => r.name === 'aiChat');

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
      { path: '/403', element: suspended(<ErrorPage status="403" />) },
      { path: '/404', element: suspended(<ErrorPage status="404" />) },
      { path: '/500', element: suspended(<ErrorPage status="500" />) },
      {
        element: <RequireSession />,
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

// The API client sends the user to login (session expiry) through the router, without a page reload.
setNavigator((path) => {
  void router.navigate(path);
});
