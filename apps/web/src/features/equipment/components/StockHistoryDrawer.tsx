import type { EquipmentHistory, EquipmentStock } from '@eqms/contract';
import { Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { signedQty, fmtQty } from '../../material-stock/stock-rules.ts';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { useStockHistories } from '../equipment.queries.ts';

/** One stock row's ledger, oldest first. */
export function StockHistoryDrawer({ row, onClose }: { row: EquipmentStock | null; onClose: () => void }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const list = useStockHistories(row?.id ?? null);
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={720}
      title={row ? `${t('titles.histories')} · ${row.equipmentName}` : t('titles.histories')}
      data-testid="equipment-histories"
    >
      <Table<EquipmentHistory>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100 },
          { key: 'type', title: t('fields.movementType'), width: 90, render: (_, r) => t(`movement.${r.type}`) },
          { key: 'qty', title: t('fields.qty'), width: 80, render: (_, r) => signedQty(r.qty) },
          { key: 'balance', title: t('fields.balance'), width: 80, render: (_, r) => fmtQty(r.balance) },
          { key: 'other', title: t('fields.otherPlace'), dataIndex: 'otherPlacePath' },
          { key: 'reason', title: t('fields.reason'), dataIndex: 'reason' },
          { key: 'by', title: t('fields.by'), dataIndex: 'createdBy', width: 90 },
        ]}
      />
    </Drawer>
  );
}
