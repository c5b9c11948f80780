import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ShellAlert, ShellAlertView } from './shell-alerts.ts';

type Shown = { alert: ShellAlert; rows: unknown[] };

/** The alert dialog: each shown alert's table in its feature's look (its view, imported here). */
export default function ShellAlertDialog({ shown, onClose }: { shown: Shown[]; onClose: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const views = useQuery({
    queryKey: ['shell-alert-views', shown.map((x) => x.alert.key)],
    queryFn: () => Promise.all(shown.map((x) => x.alert.view())),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!views.data) return null;
  return (
    <Modal
      open
      onCancel={onClose}
      width={860}
      title={t('shellAlerts.title')}
      data-testid="shell-alerts"
      footer={
        <Button type="primary" onClick={onClose} data-testid="shell-alerts-close">
          {t('shellAlerts.close')}
        </Button>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {shown.map(({ alert, rows }, i) => {
          const view = views.data[i];
          return (
            <AlertSection
              key={alert.key}
              alertKey={alert.key}
              view={view}
              rows={rows}
              onGo={
                view.path
                  ? () => {
                      onClose();
                      navigate(view.path!);
                    }
                  : undefined
              }
            />
          );
        })}
      </Space>
    </Modal>
  );
}

function AlertSection({
  alertKey,
  view,
  rows,
  onGo,
}: {
  alertKey: string;
  view: ShellAlertView;
  rows: unknown[];
  onGo?: () => void;
}) {
  const { t } = useTranslation([view.ns, 'common']);
  return (
    <section data-testid={`shell-alert-${alertKey}`}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(view.title)} ({rows.length})
        </Typography.Title>
        {onGo && (
          <Button type="link" size="small" onClick={onGo} data-testid={`shell-alert-${alertKey}-go`}>
            {t('common:shellAlerts.go')}
          </Button>
        )}
      </Space>
      {view.hint && <Typography.Paragraph type="secondary">{t(view.hint)}</Typography.Paragraph>}
      <Table
        size="small"
        rowKey={(r) => view.rowKey(r)}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={view.columns.map((c) => ({
          key: c.key,
          title: t(c.title),
          width: c.width,
          render: (_: unknown, r: unknown) => c.render(r),
        }))}
      />
    </section>
  );
}
