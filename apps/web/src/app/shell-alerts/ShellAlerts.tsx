import { AlertOutlined } from '@ant-design/icons';
import { can } from '@eqms/contract';
import { useQueries } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../store.ts';
import { shellAlerts } from './registry.ts';
import { markShown, type ShellAlert, shownToday } from './shell-alerts.ts';

// The dialog and the alerts' views load when it first opens: a user without alerts downloads neither.
const ShellAlertDialog = lazy(() => import('./ShellAlertDialog.tsx'));

/**
 * The header's alert button and the alert dialog (shell-alerts.ts): after login the dialog opens by itself with the
 * non-empty tables not yet shown today; closing it remembers them for the day. The button (shown while any table
 * has rows, with their count) opens every non-empty table again.
 */
export function ShellAlerts({ alerts = shellAlerts }: { alerts?: ShellAlert[] }) {
  const { t } = useTranslation('common');
  const user = useAppStore((s) => s.user);
  const allowed = alerts.filter((a) => !!user?.permissions && can(user.permissions, a.menu, 'view'));
  const results = useQueries({
    queries: allowed.map((a) => ({
      queryKey: ['shell-alerts', a.key],
      queryFn: ({ signal }: { signal: AbortSignal }) => a.rows(signal),
      staleTime: 60_000,
    })),
  });
  const settled = results.every((r) => !r.isLoading);
  const withRows = allowed.map((a, i) => ({ alert: a, rows: results[i]?.data ?? [] })).filter((x) => x.rows.length > 0);
  const [open, setOpen] = useState<string[] | null>(null);
  const autoOpened = useRef(false);
  const userId = user?.userId ?? '';

  useEffect(() => {
    if (!userId || !settled || autoOpened.current || allowed.length === 0) return;
    autoOpened.current = true;
    const seen = shownToday(userId, dayjs().format('YYYY-MM-DD'));
    const pending = withRows.filter((x) => !seen.has(x.alert.key)).map((x) => x.alert.key);
    if (pending.length) setOpen(pending);
  }, [userId, settled, withRows, allowed.length]);

  const close = () => {
    if (open && userId) markShown(userId, dayjs().format('YYYY-MM-DD'), open);
    setOpen(null);
  };
  const shown = withRows.filter((x) => open?.includes(x.alert.key));
  const total = withRows.reduce((n, x) => n + x.rows.length, 0);

  return (
    <>
      {withRows.length > 0 && (
        <Tooltip title={t('shellAlerts.open')}>
          <Badge count={total} size="small" offset={[-4, 4]}>
            <Button
              type="text"
              icon={<AlertOutlined />}
              aria-label={t('shellAlerts.open')}
              data-testid="shell-alerts-open"
              onClick={() => setOpen(withRows.map((x) => x.alert.key))}
            />
          </Badge>
        </Tooltip>
      )}
      {open !== null && shown.length > 0 && (
        <Suspense fallback={null}>
          <ShellAlertDialog shown={shown} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
