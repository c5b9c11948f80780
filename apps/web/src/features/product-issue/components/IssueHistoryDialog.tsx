import type { ProductionProductMovement, ProductionProductMovementType, ProductionProductStock } from '@eqms/contract';
import { Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { SignedQty } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { useIssueHistory } from '../product-issue.queries.ts';

const COLORS: Record<ProductionProductMovementType, string> = { RELEASE: 'blue', RESTOCK: 'cyan', CONSUME: 'purple' };

/** A released lot's movements at the line, oldest first (GET …/production-product-stock-history/{id}). */
export function IssueHistoryDialog({ row, onClose }: { row: ProductionProductStock | null; onClose: () => void }) {
  const { t } = useTranslation(ISSUE_NS);
  const unitLabel = useCodeLabel('UNIT');
  const movements = useIssueHistory(row?.id ?? null);
  const columns: TableColumnsType<ProductionProductMovement> = [
    {
      title: t('fields.occurredAt'),
      dataIndex: 'occurredAt',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('fields.movementType'),
      dataIndex: 'type',
      width: 100,
      render: (v: ProductionProductMovementType) => (
        <Tag color={COLORS[v]} data-testid="issue-movement-type" data-type={v} style={{ marginInlineEnd: 0 }}>
          {t(`movement.${v}`)}
        </Tag>
      ),
    },
    { title: t('fields.qty'), dataIndex: 'qty', width: 90, align: 'right', render: (v: number) => <SignedQty v={v} /> },
    { title: t('fields.atLine'), dataIndex: 'balance', width: 90, align: 'right', render: fmtQty },
    { title: t('fields.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('fields.by'), dataIndex: 'createdBy', width: 110, ellipsis: true },
  ];
  return (
    <Modal
      open={row !== null}
      title={t('titles.history', { lotId: row?.lotId ?? '' })}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      data-testid="issue-history"
    >
      {row && (
        <Typography.Paragraph type="secondary">
          {row.productCode} · {row.productName} — {row.planProductCode} · {row.planProductName} ({row.lineName}) —{' '}
          {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
        </Typography.Paragraph>
      )}
      <Table<ProductionProductMovement>
        size="small"
        rowKey="id"
        data-testid="issue-history-table"
        loading={movements.isLoading}
        columns={columns}
        dataSource={movements.data ?? []}
        pagination={false}
        scroll={{ x: 700, y: 420 }}
        onRow={(m) => ({ 'data-testid': 'issue-history-row', 'data-type': m.type }) as never}
      />
    </Modal>
  );
}
