import { EQUIPMENT_MOVEMENT_TYPES, type EquipmentHistory, type EquipmentMovementType } from '@eqms/contract';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty, signedQty } from '../../material-stock/stock-rules.ts';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { allHistory, useEquipmentHistory, useEquipmentKinds } from '../equipment.queries.ts';

const DEFAULT_DAYS = 30;
const TYPE_COLOR: Record<EquipmentMovementType, string> = {
  ADD: 'blue',
  MOVE_OUT: 'orange',
  MOVE_IN: 'cyan',
  DISCARD: 'red',
  EDIT: 'purple',
};

type Filters = { equipmentId: number | undefined; type: EquipmentMovementType | undefined; q: string | undefined };

/** /equipmentManagement/equipmentHistory: the equipment ledger of a period (at most 366 days), newest first. */
export default function EquipmentHistoryPage() {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const kinds = useEquipmentKinds();
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { equipmentId: undefined, type: undefined, q: undefined },
    { numbers: ['equipmentId'], maxDays: 366 },
  );
  const { s, filter, period } = view;
  // The server needs both ends of the period (a ledger is bounded by dates).
  const args =
    period.error || !period.from || !period.to
      ? null
      : { startDt: period.from, endDt: period.to, equipmentId: s.equipmentId, type: s.type, q: s.q };
  const list = useEquipmentHistory(args, s.page, s.size);

  const columns: DataColumn<EquipmentHistory>[] = [
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100 },
    {
      key: 'type',
      title: t('fields.movementType'),
      width: 100,
      render: (r) => <Tag color={TYPE_COLOR[r.type]}>{t(`movement.${r.type}`)}</Tag>,
      exportValue: (r) => t(`movement.${r.type}`),
    },
    { key: 'equipmentName', title: t('fields.name'), dataIndex: 'equipmentName', width: 170 },
    { key: 'standard', title: t('fields.standard'), dataIndex: 'standard', width: 100 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 80,
      render: (r) => signedQty(r.qty),
      exportValue: (r) => r.qty,
    },
    {
      key: 'balance',
      title: t('fields.balance'),
      width: 80,
      render: (r) => fmtQty(r.balance),
      exportValue: (r) => r.balance,
    },
    { key: 'placePath', title: t('fields.place'), dataIndex: 'placePath', width: 240 },
    { key: 'otherPlacePath', title: t('fields.otherPlace'), dataIndex: 'otherPlacePath', width: 220 },
    { key: 'reason', title: t('fields.reason'), dataIndex: 'reason', width: 150 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 90 },
  ];

  return (
    <PageContainer menuName="equipmentHistory">
      <PeriodListTable<EquipmentHistory, typeof s, NonNullable<typeof args>>
        testId="equipment-history"
        menuName="equipmentHistory"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        columns={columns}
        exportAll={async () => (args ? allHistory(args) : [])}
        filters={
          <>
            <Select<number>
              data-testid="equipment-history-kind"
              aria-label={t('fields.name')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('fields.name')}
              value={s.equipmentId}
              onChange={(equipmentId) => filter({ equipmentId })}
              options={(kinds.data ?? []).map((k) => ({ value: k.id, label: k.name }))}
              style={{ width: 180 }}
            />
            <Select<EquipmentMovementType>
              data-testid="equipment-history-type"
              aria-label={t('filters.allMovements')}
              allowClear
              placeholder={t('filters.allMovements')}
              value={s.type}
              onChange={(type) => filter({ type })}
              options={EQUIPMENT_MOVEMENT_TYPES.map((v) => ({ value: v, label: t(`movement.${v}`) }))}
              style={{ width: 130 }}
            />
            <SearchBox
              testId="equipment-history-search"
              placeholder={t('filters.historySearch')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
      />
    </PageContainer>
  );
}
