import type { ProductMovement, ProductStock } from '@eqms/contract';
import { Drawer, Empty, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { SignedQty } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';
import { useProdStockHistory } from '../product-stock.queries.ts';
import { DisposedTag, ProductMovementTag } from './stock-cells.tsx';

/** A stock row's ledger, oldest first (GET /productstock/stock/{id}/history), in a drawer beside the list. */
export function HistoryDrawer({ row, onClose }: { row: ProductStock | null; onClose: () => void }) {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const movements = useProdStockHistory(row?.id ?? null);
  const columns: TableColumnsType<ProductMovement> = [
    {
      title: t('fields.occurredAt'),
      dataIndex: 'occurredAt',
      width: 140,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('fields.movementType'),
      dataIndex: 'type',
      width: 100,
      render: (v) => <ProductMovementTag type={v} />,
    },
    { title: t('fields.qty'), dataIndex: 'qty', width: 90, align: 'right', render: (v: number) => <SignedQty v={v} /> },
    { title: t('fields.balance'), dataIndex: 'balance', width: 90, align: 'right', render: fmtQty },
    { title: t('fields.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('fields.by'), dataIndex: 'createdBy', width: 110, ellipsis: true },
  ];
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={t('titles.history', { lotId: row?.lotId ?? '' })}
      size={760}
      destroyOnHidden
      data-testid="prod-history"
    >
      {row && (
        <Typography.Paragraph type="secondary" data-testid="prod-history-summary">
          {row.productCode} · {row.productName} — {row.placePath} — {fmtQty(row.qty)} {unitLabel(row.unit)}{' '}
          <DisposedTag row={row} />
        </Typography.Paragraph>
      )}
      <Table<ProductMovement>
        size="small"
        rowKey="id"
        data-testid="prod-history-table"
        loading={movements.isLoading}
        columns={columns}
        dataSource={movements.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noHistory')} /> }}
        pagination={false}
        scroll={{ x: 640 }}
      />
    </Drawer>
  );
}
