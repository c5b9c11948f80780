import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { i18n } from '../../i18n/index.ts';
import { buildSideMenu, firstMenuPath, homeTarget } from '../navigation.ts';
import { RouteProgress } from '../RouteProgress.tsx';
import { ROUTABLE_NAMES, useSideMenu } from '../shell-data.ts';
import { useAppStore } from '../store.ts';

/** `/`: the user's home path, or the first page they may open. */
export function HomeRedirect() {
  const { items, ready } = useSideMenu();
  const user = useAppStore((s) => s.user);
  const homePath = useAppStore((s) => s.homePath) ?? user?.homePath ?? null;
  if (!ready || !user) return <RouteProgress />;
  return <Navigate to={homeTarget(homePath, user.permissions, items, ROUTABLE_NAMES)} replace />;
}

/** A group's path (e.g. /admin): its first page the user may open; /403 when there is none. */
export function GroupRedirect({ name }: { name: string }) {
  const { items, ready } = useSideMenu();
  const perms = useAppStore((s) => s.user?.permissions);
  if (!ready || !perms) return <RouteProgress />;
  // A group hidden by the menu configuration is still reachable by its address.
  const target = firstMenuPath(items, name) ?? firstMenuPath(buildSideMenu({ perms, routable: ROUTABLE_NAMES }), name);
  if (!target) return <ForbiddenRedirect />;
  return <Navigate to={target} replace />;
}

/** SPEC §8 access denied: the snackbar 'You don't have permission' and the /403 page. */
export function ForbiddenRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    useAppStore.getState().notify(i18n.t('common:errors.accessDenied'), 'error');
    navigate('/403', { replace: true });
  }, [navigate]);
  return null;
}
