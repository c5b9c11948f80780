import { formatFileSize } from '../../../components/file-size.ts';
import { CloudUploadOutlined } from '@ant-design/icons';
import { type BackupFile, type Locale, translateMessage } from '@eqms/contract';
import { Alert, Button, Card, Descriptions, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useBackups, useCreateBackup } from '../config.queries.ts';

// Issue 11: the backups of /admin/config. Where they go, how long they are kept, when the daily one runs, the files
// (newest first) and, with config create on a PostgreSQL engine, a backup now. Restoring is a server command.

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : 'ko-KR');

/** "14일" / "14 days" (and "1 day"): Intl's units, so no plural forms in the locale files. */
export const formatDays = (days: number, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);

/** A backup's time in the user's language and the browser's time zone, to the second. */
export const formatBackupTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

export function BackupCard() {
  const { t } = useTranslation(['config', 'common']);
  const locale = useAppStore((s) => s.locale);
  const canCreate = useCan('config', 'create');
  const backups = useBackups();
  const create = useCreateBackup();
  const status = backups.data;

  const backUp = () =>
    create.mutate(undefined, {
      onSuccess: (made) =>
        useAppStore
          .getState()
          .notify(t('backups.done', { name: made.name, size: formatFileSize(made.bytes) }), 'success'),
      // A refusal or failure: the API client's snackbar has told the user; the list is read again either way.
    });

  const schedule =
    status &&
    (status.hour === null
      ? t('backups.off')
      : t('backups.dailyAt', { time: `${String(status.hour).padStart(2, '0')}:00` }));

  return (
    <Card
      size="small"
      title={t('backups.title')}
      style={{ marginTop: 16 }}
      data-testid="backup-card"
      extra={
        canCreate &&
        status?.enabled && (
          <Button
            size="small"
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={create.isPending}
            onClick={backUp}
            data-testid="backup-now"
          >
            {t('backups.now')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('backups.intro')}</Typography.Text>
        {backups.error && (
          <Alert
            type="error"
            showIcon
            title={backups.error instanceof ApiError ? errorText(backups.error, locale) : backups.error.message}
            data-testid="backup-error"
          />
        )}
        {status && !status.enabled && (
          <Alert
            type="warning"
            showIcon
            title={translateMessage('backupUnavailable', locale)}
            data-testid="backup-unavailable"
          />
        )}
        {status && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'folder',
                label: t('backups.folder'),
                children: (
                  <Typography.Text copyable code style={{ overflowWrap: 'anywhere' }} data-testid="backup-folder">
                    {status.dir}
                  </Typography.Text>
                ),
              },
              {
                key: 'keep',
                label: t('backups.keep'),
                children: <span data-testid="backup-keep">{formatDays(status.keepDays, locale)}</span>,
              },
              {
                key: 'schedule',
                label: t('backups.schedule'),
                children: <span data-testid="backup-schedule">{schedule}</span>,
              },
            ]}
          />
        )}
        <Table<BackupFile>
          data-testid="backup-files"
          size="small"
          rowKey="name"
          loading={backups.isFetching}
          dataSource={status?.files ?? []}
          pagination={false}
          scroll={{ x: 560 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('backups.empty')} /> }}
          onRow={(f) => ({ 'data-testid': `backup-file-${f.name}` }) as object}
          columns={[
            {
              key: 'name',
              title: t('backups.columns.name'),
              render: (_, f) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{f.name}</Typography.Text>,
            },
            {
              key: 'bytes',
              title: t('backups.columns.size'),
              width: 110,
              align: 'right',
              render: (_, f) => formatFileSize(f.bytes),
            },
            {
              key: 'createdAt',
              title: t('backups.columns.createdAt'),
              width: 240,
              render: (_, f) => formatBackupTime(f.createdAt, locale),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
