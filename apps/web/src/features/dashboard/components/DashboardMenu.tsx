import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../../app/permissions.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';
import { useDashboards } from '../dashboard.queries.ts';

/** The dashboard id in a /dashboard/<id> path, else null. */
export function dashboardIdOf(pathname: string): number | null {
  const m = /^\/dashboard\/(\d+)$/.exec(pathname);
  return m ? Number(m[1]) : null;
}

/**
 * The side menu's dashboard entry (SPEC §2): the user's dashboards as its children, and a dots menu with create
 * (only with create on dashboard), the slideshow and the current dashboard in a new window (full size, no chrome).
 */
export function useDashboardMenu(enabled: boolean) {
  const { t } = useTranslation(DASHBOARD_NS);
  const list = useDashboards(enabled);
  const canCreate = useCan('dashboard', 'create');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dashboards = list.data ?? [];
  const current = dashboardIdOf(pathname) ?? dashboards[0]?.id ?? null;
  const items: MenuProps['items'] = [
    ...(canCreate ? [{ key: 'create', label: t('actions.create') }] : []),
    { key: 'slides', label: t('actions.slideshow') },
    ...(current !== null ? [{ key: 'window', label: t('actions.openNewWindow') }] : []),
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'create') navigate('/dashboard?create=1');
    else if (key === 'slides') navigate('/dashboard/slides');
    else if (key === 'window' && current !== null)
      window.open(`/dashboard/${current}?fullSizeYn=Y`, '_blank', 'noopener');
  };
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  const more = (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('actions.more')}
        data-testid="dashboard-menu-more"
        onClick={stop}
        onKeyDown={stop}
        style={{ marginInlineStart: 'auto', marginInlineEnd: 20 }}
      />
    </Dropdown>
  );
  return { dashboards, more };
}
