import type { MaterialMovement, MaterialStock } from '@eqms/contract';
import { Modal, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useShippings } from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';
import { MovementTypeTag, SignedQty } from './stock-inputs.tsx';

/** A stock row's movements, oldest first (GET /material-stock/stock/{id}/shippings). */
export function MovementsDialog({ row, onClose }: { row: MaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation(['materialStock', 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const movements = useShippings(row?.id ?? null);
  const columns: TableColumnsType<MaterialMovement> = [
    {
      title: t('fields.occurredAt'),
      dataIndex: 'occurredAt',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    { title: t('fields.movementType'), dataIndex: 'type', width: 110, render: (v) => <MovementTypeTag type={v} /> },
    { title: t('fields.qty'), dataIndex: 'qty', width: 90, align: 'right', render: (v: number) => <SignedQty v={v} /> },
    { title: t('fields.balance'), dataIndex: 'balance', width: 90, align: 'right', render: fmtQty },
    {
      title: t('fields.place'),
      dataIndex: 'placePath',
      ellipsis: true,
      render: (v: string, m) => (m.fromPlacePath ? `${m.fromPlacePath} → ${v}` : v),
    },
    { title: t('fields.reason'), dataIndex: 'reason', width: 150, ellipsis: true },
    { title: t('fields.by'), dataIndex: 'createdBy', width: 100, ellipsis: true },
  ];
  return (
    <Modal
      open={row !== null}
      title={t('titles.movements', { packageId: row?.packageId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
      data-testid="stock-movements"
    >
      {row && (
        <Typography.Paragraph type="secondary">
          {row.materialCode} · {row.materialName} — {fmtQty(row.qty)} {unitLabel(row.unit)}
        </Typography.Paragraph>
      )}
      <Table<MaterialMovement>
        size="small"
        rowKey="id"
        data-testid="stock-movements-table"
        loading={movements.isLoading}
        columns={columns}
        dataSource={movements.data ?? []}
        pagination={false}
        scroll={{ x: 860, y: 420 }}
      />
    </Modal>
  );
}
