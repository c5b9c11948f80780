import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import type { Worker } from '@eqms/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { WORKER_NS } from '../worker.locales.ts';
import { useWorkerApi, useWorkersOf, type WorkerNode } from '../worker.queries.ts';

/**
 * The workers of the tree's choice: user id, name, line, factory and note, searched and exported by the table's kit;
 * each with a line change and a removal (asked first).
 */
export function WorkerList({
  node,
  title,
  onChange,
}: {
  node: WorkerNode;
  /** The list's heading: which workers these are (also the export's name). */
  title: string;
  onChange: (worker: Worker) => void;
}) {
  const { t } = useTranslation([WORKER_NS, 'common']);
  const menuLabel = useMenuLabel('worker');
  const canModify = useCan('worker', 'modify');
  const canDelete = useCan('worker', 'delete');
  const api = useWorkerApi();
  const rows = useWorkersOf(node);

  const remove = (w: Worker) =>
    confirmRemove(t('messages.confirmRemove', { name: w.user.username, userId: w.user.userId }), async () => {
      await api.remove(w.id);
      useAppStore.getState().notify(t('messages.removed', { name: w.user.username }), 'success');
    });

  const columns: DataColumn<Worker>[] = [
    {
      key: 'loginId',
      title: t('fields.loginId'),
      width: 110,
      render: (w) => <span data-testid="worker-login-id">{w.user.userId}</span>,
      exportValue: (w) => w.user.userId,
      sorter: (a, b) => a.user.userId.localeCompare(b.user.userId),
    },
    {
      key: 'username',
      title: t('fields.username'),
      width: 100,
      render: (w) => w.user.username,
      exportValue: (w) => w.user.username,
      sorter: (a, b) => a.user.username.localeCompare(b.user.username, 'ko'),
    },
    {
      key: 'line',
      title: t('fields.line'),
      width: 120,
      render: (w) =>
        w.lineName ? (
          <span data-testid="worker-line">{w.lineName}</span>
        ) : (
          <Typography.Text type="secondary" data-testid="worker-line">
            {t('tree.unassigned')}
          </Typography.Text>
        ),
      exportValue: (w) => w.lineName ?? t('tree.unassigned'),
    },
    {
      key: 'factory',
      title: t('fields.factory'),
      width: 100,
      render: (w) => w.factoryName ?? '',
      exportValue: (w) => w.factoryName,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 150 },
  ];
  if (canModify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (w) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {canModify && (
            <RowAction
              label={t('actions.change')}
              icon={<SwapOutlined />}
              testId={`worker-change-${w.user.userId}`}
              onClick={() => onChange(w)}
            />
          )}
          {canDelete && (
            <RowAction
              label={t('actions.remove')}
              icon={<DeleteOutlined />}
              danger
              testId={`worker-remove-${w.user.userId}`}
              onClick={() => void remove(w)}
            />
          )}
        </span>
      ),
    });
  }

  return (
    <DataTable<Worker>
      testId="worker-table"
      rowKey="id"
      historyTable="workers"
      columns={columns}
      data={rows.data}
      loading={rows.isFetching}
      exportName={`${menuLabel} ${title}`}
      toolbar={
        <Typography.Text strong data-testid="worker-table-title">
          {title}
        </Typography.Text>
      }
    />
  );
}
