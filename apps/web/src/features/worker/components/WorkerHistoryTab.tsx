import { WORKER_HISTORY_MAX_DAYS, type WorkerHistory } from '@eqms/contract';
import { Alert, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { useMenuLabel } from '../../../components/PageContainer.tsx';
import { periodOf } from '../../../components/inputs/PeriodField.tsx';
import { fmtQty, STATUS_COLOR } from '../../production-plan/plan-rules.ts';
import { WORKER_NS } from '../worker.locales.ts';
import { useAllWorkers, useWorkerHistory } from '../worker.queries.ts';

const time = (at: string | null) => (at ? dayjs(at).format('MM-DD HH:mm') : '');

/** The work history: the results of the chosen workers (every worker when none is chosen) in a period. */
export function WorkerHistoryTab({
  period,
  onPeriod,
  workers,
  onWorkers,
}: {
  /** The period as the URL keeps it (`yyyy-MM-dd ~ yyyy-MM-dd`). */
  period: string;
  onPeriod: (text: string | undefined) => void;
  workers: number[];
  onWorkers: (ids: number[]) => void;
}) {
  const { t } = useTranslation([WORKER_NS, 'common']);
  const menuLabel = useMenuLabel('worker');
  const unitLabel = useCodeLabel('UNIT');
  const range = periodOf(period, WORKER_HISTORY_MAX_DAYS);
  const args = range.from && range.to ? { startDt: range.from, endDt: range.to, workers } : null;
  const rows = useWorkerHistory(args);
  const all = useAllWorkers();
  const options = useMemo(
    () =>
      (all.data ?? []).map((w) => ({
        value: w.id,
        label: `${w.user.username} (${w.user.userId})`,
      })),
    [all.data],
  );

  const qty = (key: 'targetQty' | 'goodQty' | 'badQty', title: string, strong = false): DataColumn<WorkerHistory> => ({
    key,
    title,
    width: 90,
    render: (r) => (strong ? <Typography.Text strong>{fmtQty(r[key])}</Typography.Text> : fmtQty(r[key])),
    exportValue: (r) => r[key],
    sorter: (a, b) => a[key] - b[key],
  });
  const columns: DataColumn<WorkerHistory>[] = [
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 110 },
    {
      key: 'worker',
      title: t('fields.worker'),
      width: 120,
      render: (r) => <span data-testid="history-worker">{r.user.username}</span>,
      exportValue: (r) => r.user.username,
    },
    {
      key: 'loginId',
      title: t('fields.loginId'),
      width: 110,
      render: (r) => r.user.userId,
      exportValue: (r) => r.user.userId,
    },
    {
      key: 'productCode',
      title: t('fields.productCode'),
      width: 120,
      render: (r) => <span data-testid="history-product">{r.productCode}</span>,
      exportValue: (r) => r.productCode,
    },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'operation', title: t('fields.operation'), dataIndex: 'operationName', width: 110 },
    { key: 'line', title: t('fields.line'), dataIndex: 'lineName', width: 110 },
    {
      key: 'tool',
      title: t('fields.tool'),
      width: 110,
      render: (r) => r.toolName ?? '',
      exportValue: (r) => r.toolName,
    },
    qty('targetQty', t('fields.targetQty')),
    qty('goodQty', t('fields.goodQty'), true),
    qty('badQty', t('fields.badQty')),
    {
      key: 'unit',
      title: t('fields.unit'),
      width: 60,
      render: (r) => unitLabel(r.unit),
      exportValue: (r) => r.unit,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 110,
      render: (r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid="history-status" style={{ marginInlineEnd: 0 }}>
          {t(`status.${r.status}`)}
        </Tag>
      ),
      exportValue: (r) => t(`status.${r.status}`),
    },
    { key: 'startedAt', title: t('fields.startedAt'), width: 110, render: (r) => time(r.startedAt) },
    { key: 'endedAt', title: t('fields.endedAt'), width: 110, render: (r) => time(r.endedAt) },
  ];

  return (
    <>
      {range.error && (
        <Alert
          type="warning"
          showIcon
          title={range.error}
          style={{ marginBottom: 16 }}
          data-testid="history-period-error"
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('hints.historyScope')}
      </Typography.Paragraph>
      <DataTable<WorkerHistory>
        testId="history-table"
        urlKey="h"
        rowKey="id"
        columns={columns}
        data={args ? rows.data : []}
        loading={rows.isFetching}
        exportName={`${menuLabel} ${t('tabs.history')}`}
        toolbar={
          <>
            <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
            <DateRangeField
              testId="history-period"
              value={period}
              onChange={(text) => onPeriod(text ?? undefined)}
              maxDays={WORKER_HISTORY_MAX_DAYS}
              allowClear={false}
              style={{ width: 250 }}
            />
            <Select<number[]>
              mode="multiple"
              data-testid="history-workers"
              aria-label={t('filters.workers')}
              placeholder={t('filters.allWorkers')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={all.isLoading}
              value={workers}
              onChange={onWorkers}
              options={options}
              maxTagCount="responsive"
              style={{ width: 340 }}
            />
          </>
        }
      />
    </>
  );
}
