import type { ProductionResult } from '@eqms/contract';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { LOT_NS } from '../lot-report.locales.ts';
import { useLotDailyPlans } from '../lot-report.queries.ts';
import { StatusTag } from './StatusTag.tsx';

const time = (at: string | null) => (at ? dayjs(at).format('MM-DD HH:mm') : '');

/** The daily plans of a lot's plan, every operation by day and sequence, with what each made. */
export function LotDailyPlans({ lotRowId, handLot }: { lotRowId: number; handLot: boolean }) {
  const { t } = useTranslation(LOT_NS);
  const defectLabel = useCodeLabel('DEFECT_TYPE');
  const list = useLotDailyPlans(lotRowId, !handLot);
  const columns: ColumnsType<ProductionResult> = [
    { key: 'day', title: t('fields.workDay'), dataIndex: 'day', width: 104 },
    {
      key: 'operation',
      title: t('fields.operation'),
      width: 110,
      render: (_, r) => `${r.seq}. ${r.operationName}`,
    },
    { key: 'tool', title: t('fields.tool'), width: 90, render: (_, r) => r.toolName ?? '' },
    { key: 'status', title: t('fields.status'), width: 100, render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'target', title: t('fields.targetQty'), width: 70, align: 'right', render: (_, r) => fmtQty(r.targetQty) },
    {
      key: 'good',
      title: t('fields.goodQty'),
      width: 60,
      align: 'right',
      render: (_, r) => (
        <Typography.Text strong={r.goodQty > 0} data-testid="lot-daily-good">
          {fmtQty(r.goodQty)}
        </Typography.Text>
      ),
    },
    {
      key: 'bad',
      title: t('fields.badQty'),
      width: 60,
      align: 'right',
      render: (_, r) => (
        <Typography.Text type={r.badQty > 0 ? 'danger' : undefined} data-testid="lot-daily-bad">
          {fmtQty(r.badQty)}
        </Typography.Text>
      ),
    },
    {
      key: 'defects',
      title: t('fields.defects'),
      width: 120,
      render: (_, r) => r.defects.map((d) => `${defectLabel(d.defectCode)} ${fmtQty(d.qty)}`).join(', '),
    },
    { key: 'worker', title: t('fields.worker'), width: 90, render: (_, r) => r.workerName ?? '' },
    {
      key: 'time',
      title: `${t('fields.startedAt')} ~ ${t('fields.endedAt')}`,
      width: 150,
      render: (_, r) =>
        r.startedAt || r.endedAt ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            {time(r.startedAt)} ~ {time(r.endedAt)}
          </span>
        ) : null,
    },
  ];
  if (handLot)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.handLot')} data-testid="lot-hand" />;
  return (
    <Table<ProductionResult>
      data-testid="lot-daily-table"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={list.data}
      loading={list.isFetching}
      pagination={false}
      scroll={{ x: 950 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noDailyPlans')} /> }}
      onRow={(r) => ({ 'data-testid': 'lot-daily-row', 'data-id': r.id, 'data-seq': r.seq }) as never}
    />
  );
}
