import { AlertOutlined } from '@ant-design/icons';
import { can } from '@eqms/contract';
import { useQueries } from '@tanstack/react-query';
import { Badge, Button, Modal, Space, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../store.ts';
import { shellAlerts } from './registry.ts';
import { markShown, type ShellAlert, shownToday } from './shell-alerts.ts';

/**
 * The header's alert button and the alert dialog (shell-alerts.ts): after login the dialog opens by itself with the
 * non-empty tables not yet shown today; closing it remembers them for the day. The button (shown while any table
 * has rows, with their count) opens every non-empty table again.
 */
export function ShellAlerts({ alerts = shellAlerts }: { alerts?: ShellAlert[] }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
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
      <Modal
        open={open !== null && shown.length > 0}
        onCancel={close}
        width={860}
        title={t('shellAlerts.title')}
        data-testid="shell-alerts"
        footer={
          <Button type="primary" onClick={close} data-testid="shell-alerts-close">
            {t('shellAlerts.close')}
          </Button>
        }
      >
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {shown.map(({ alert, rows }) => (
            <AlertSection
              key={alert.key}
              alert={alert}
              rows={rows}
              onGo={
                alert.path
                  ? () => {
                      close();
                      navigate(alert.path!);
                    }
                  : undefined
              }
            />
          ))}
        </Space>
      </Modal>
    </>
  );
}

function AlertSection({ alert, rows, onGo }: { alert: ShellAlert; rows: unknown[]; onGo?: () => void }) {
  const { t } = useTranslation([alert.ns, 'common']);
  return (
    <section data-testid={`shell-alert-${alert.key}`}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(alert.title)} ({rows.length})
        </Typography.Title>
        {onGo && (
          <Button type="link" size="small" onClick={onGo} data-testid={`shell-alert-${alert.key}-go`}>
            {t('common:shellAlerts.go')}
          </Button>
        )}
      </Space>
      {alert.hint && <Typography.Paragraph type="secondary">{t(alert.hint)}</Typography.Paragraph>}
      <Table
        size="small"
        rowKey={(r) => alert.rowKey(r)}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={alert.columns.map((c) => ({
          key: c.key,
          title: t(c.title),
          width: c.width,
          render: (_: unknown, r: unknown) => c.render(r),
        }))}
      />
    </section>
  );
}
