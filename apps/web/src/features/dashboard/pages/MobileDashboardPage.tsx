import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { DashboardColumn } from '../components/DashboardGrid.tsx';
import { DASHBOARD_NS } from '../dashboard.locales.ts';
import { useDashboard, useDashboards } from '../dashboard.queries.ts';

/** The dashboard id of a home path `/dashboard/<id>`, else null. */
export function homeDashboardId(homePath: string | null | undefined): number | null {
  const m = /^\/dashboard\/(\d+)(?:[?#].*)?$/.exec(homePath ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * /m/dashboard (SPEC §2, one deployment flavour): the user's home dashboard — or their first — in one column at
 * phone width, read-only.
 */
export default function MobileDashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const homePath = useAppStore((s) => s.homePath ?? s.user?.homePath ?? null);
  const list = useDashboards();
  const home = homeDashboardId(homePath);
  const id = list.data ? (list.data.find((d) => d.id === home)?.id ?? list.data[0]?.id ?? null) : null;
  const one = useDashboard(id);
  return (
    <div style={{ padding: 12 }} data-testid="mobile-dashboard">
      {list.isPending || (id !== null && one.isPending) ? (
        <Skeleton active />
      ) : !one.data ? (
        <Empty description={t('empty.none')} />
      ) : (
        <>
          <h2 style={{ fontSize: 16, margin: '0 0 12px' }} data-testid="mobile-dashboard-name">
            {one.data.name}
          </h2>
          {one.data.widgets.length ? (
            <DashboardColumn widgets={one.data.widgets} />
          ) : (
            <Empty description={t('empty.noWidgets')} />
          )}
        </>
      )}
    </div>
  );
}
