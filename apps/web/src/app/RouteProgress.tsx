import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the window while a page's code is loading (SPEC §2 progress bar). */
export function RouteProgress() {
  const { token } = theme.useToken();
  const { t } = useTranslation('common');
  return (
    <div
      className="eqms-route-progress"
      role="progressbar"
      aria-busy="true"
      aria-label={t('shell.loadingPage')}
      data-testid="route-progress"
    >
      <div style={{ background: token.colorPrimary }} />
    </div>
  );
}
