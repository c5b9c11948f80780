import type { RelatedData } from '@eqms/contract';
import { Modal, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../app/navigation.ts';
import { useAppStore } from '../app/store.ts';

// SPEC §1 related-data dialog: the rows that block a change or delete (409 ERROR_CONSTRAINT_VIOLATION datas).
export function RelatedDataDialog() {
  const { t } = useTranslation();
  const rows = useAppStore((s) => s.relationData);
  const locale = useAppStore((s) => s.locale);
  const close = () => useAppStore.getState().setRelationData(null);
  return (
    <Modal
      open={!!rows}
      title={t('relatedData.title')}
      onCancel={close}
      onOk={close}
      okText={t('actions.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={760}
      zIndex={2050}
      data-testid="related-data-dialog"
    >
      <Table<RelatedData & { key: number }>
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={(rows ?? []).map((r, i) => ({ ...r, key: i }))}
        columns={[
          { key: 'screen', title: t('relatedData.screen'), render: (_, r) => menuLabel(r.screen, locale) },
          { key: 'id', title: t('relatedData.id'), dataIndex: 'id', width: 90 },
          { key: 'name', title: t('relatedData.name'), dataIndex: 'name' },
          { key: 'createdBy', title: t('relatedData.createdBy'), dataIndex: 'createdBy', width: 120 },
          {
            key: 'createdAt',
            title: t('relatedData.createdAt'),
            width: 170,
            render: (_, r) => (r.createdAt ? dayjs(r.createdAt).format('YYYY-MM-DD HH:mm') : ''),
          },
        ]}
      />
    </Modal>
  );
}
