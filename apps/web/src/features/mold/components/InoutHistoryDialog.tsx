import { DeleteOutlined } from '@ant-design/icons';
import type { Mold, MoldInout } from '@eqms/contract';
import { Button, Empty, Modal, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { MOLD_NS } from '../mold.locales.ts';
import { useMoldApi, useMoldInouts } from '../mold.queries.ts';

/** A mold's in/out history, newest first; the last one can be undone (the mold goes back where it was). */
export function InoutHistoryDialog({
  mold,
  canModify,
  onClose,
}: {
  mold: Mold | null;
  canModify: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation([MOLD_NS, 'common']);
  const history = useMoldInouts(mold?.id ?? null);
  const api = useMoldApi();
  const undo = (r: MoldInout) =>
    confirmRemove(
      t('messages.confirmDeleteInout', { type: t(`inoutType.${r.type}`), date: r.inoutDt, place: r.fromPath }),
      async () => {
        await api.removeInout(r.id);
        useAppStore.getState().notify(t('messages.inoutDeleted'), 'success');
      },
    );
  return (
    <Modal
      open={mold !== null}
      title={mold ? t('titles.history', { code: mold.code }) : ''}
      onCancel={onClose}
      footer={null}
      width={900}
      data-testid="mold-history-dialog"
    >
      {history.isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : !history.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noHistory')} />
      ) : (
        <Table<MoldInout>
          size="small"
          rowKey="id"
          data-testid="mold-history-table"
          pagination={false}
          dataSource={history.data}
          scroll={{ x: 820 }}
          columns={[
            { key: 'inoutDt', title: t('fields.inoutDt'), dataIndex: 'inoutDt', width: 100 },
            {
              key: 'type',
              title: t('fields.type'),
              width: 80,
              render: (_, r) => <Tag color={r.type === 'IN' ? 'blue' : 'green'}>{t(`inoutType.${r.type}`)}</Tag>,
            },
            { key: 'fromPath', title: t('fields.from'), dataIndex: 'fromPath', width: 200 },
            { key: 'toPath', title: t('fields.to'), dataIndex: 'toPath', width: 200 },
            {
              key: 'shotCount',
              title: t('fields.shotCount'),
              width: 90,
              render: (_, r) => r.shotCount.toLocaleString(),
            },
            { key: 'worker', title: t('fields.worker'), dataIndex: 'worker', width: 90 },
            { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 120 },
            {
              key: 'actions',
              title: '',
              width: 50,
              render: (_, r) =>
                canModify && r.last ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.deleteInout')}
                    title={t('actions.deleteInout')}
                    data-testid={`mold-inout-delete-${r.id}`}
                    onClick={() => void undo(r)}
                  />
                ) : null,
            },
          ]}
        />
      )}
    </Modal>
  );
}
