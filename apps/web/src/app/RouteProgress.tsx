import { theme } from 'antd';

/** The thin bar at the top of the window while a page's code is loading (SPEC §2 progress bar). */
export function RouteProgress() {
  const { token } = theme.useToken();
  return (
    <div className="eqms-route-progress" role="progressbar" aria-busy="true" data-testid="route-progress">
      <div style={{ background: token.colorPrimary }} />
    </div>
  );
}
