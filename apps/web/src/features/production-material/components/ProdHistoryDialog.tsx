import type {
  ProductionMaterialMovement,
  ProductionMaterialMovementType,
  ProductionMaterialStock,
} from '@eqms/contract';
import { Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { SignedQty } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { useProdHistory } from '../production-material.queries.ts';

const COLORS: Record<ProductionMaterialMovementType, string> = { RELEASE: 'blue', RESTOCK: 'cyan', CONSUME: 'purple' };

export function ProdMovementTag({ type }: { type: ProductionMaterialMovementType }) {
  const { t } = useTranslation(PROD_NS);
  return (
    <Tag color={COLORS[type]} data-testid="prod-movement-type" data-type={type} style={{ marginInlineEnd: 0 }}>
      {t(`movement.${type}`)}
    </Tag>
  );
}

/** A released package's movements at the line, oldest first (GET /material-stock/production-material-stock/history/{id}). */
export function ProdHistoryDialog({ row, onClose }: { row: ProductionMaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation(PROD_NS);
  const unitLabel = useCodeLabel('UNIT');
  const movements = useProdHistory(row?.id ?? null);
  const columns: TableColumnsType<ProductionMaterialMovement> = [
    {
      title: t('fields.occurredAt'),
      dataIndex: 'occurredAt',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    { title: t('fields.movementType'), dataIndex: 'type', width: 100, render: (v) => <ProdMovementTag type={v} /> },
    { title: t('fields.qty'), dataIndex: 'qty', width: 90, align: 'right', render: (v: number) => <SignedQty v={v} /> },
    { title: t('fields.atLine'), dataIndex: 'balance', width: 90, align: 'right', render: fmtQty },
    { title: t('fields.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('fields.by'), dataIndex: 'createdBy', width: 110, ellipsis: true },
  ];
  return (
    <Modal
      open={row !== null}
      title={t('titles.history', { packageId: row?.packageId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      data-testid="prod-history"
    >
      {row && (
        <Typography.Paragraph type="secondary">
          {row.materialCode} · {row.materialName} — {row.productCode} · {row.productName} ({row.lineName}) —{' '}
          {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
        </Typography.Paragraph>
      )}
      <Table<ProductionMaterialMovement>
        size="small"
        rowKey="id"
        data-testid="prod-history-table"
        loading={movements.isLoading}
        columns={columns}
        dataSource={movements.data ?? []}
        pagination={false}
        scroll={{ x: 700, y: 420 }}
      />
    </Modal>
  );
}
