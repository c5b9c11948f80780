import { SearchOutlined } from '@ant-design/icons';
import { EQUIPMENT_STATUSES, type Equipment, type EquipmentStatus } from '@eqms/contract';
import { Select, Tag, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { Button } from 'antd';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { EquipmentFormDialog } from '../components/EquipmentFormDialog.tsx';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { useEquipmentApi, useEquipmentKinds } from '../equipment.queries.ts';

export const STATUS_COLOR: Record<EquipmentStatus, string> = { OPERATING: 'green', UNDER_INSPECTION: 'orange' };

/** /equipmentManagement/equipment: equipment kinds with their required and available quantities. */
export default function EquipmentPage() {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const { token } = theme.useToken();
  const canCreate = useCan('equipment', 'create');
  const canModify = useCan('equipment', 'modify');
  const canDelete = useCan('equipment', 'delete');
  const menuLabel = useMenuLabel('equipment');
  const typeLabel = useCodeLabel('EQUIPMENT_TYPE');
  const subTypeLabel = useCodeLabel('EQUIPMENT_SUB_TYPE');
  const kinds = useEquipmentKinds();
  const api = useEquipmentApi();
  const [editing, setEditing] = useState<Equipment | null | undefined>(undefined);
  const [view, setView] = useUrlState<{ q: string | undefined; type: string | undefined; status: string | undefined }>({
    q: undefined,
    type: undefined,
    status: undefined,
  });
  const shown = useMemo(() => {
    const q = view.q?.trim().toLowerCase();
    return (kinds.data ?? []).filter(
      (k) =>
        (!view.type || k.type === view.type) &&
        (!view.status || k.status === view.status) &&
        (!q || [k.name, k.standard, k.kind].some((v) => (v ?? '').toLowerCase().includes(q))),
    );
  }, [kinds.data, view]);

  const remove = async (rows: Equipment[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const columns: DataColumn<Equipment>[] = [
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 180, sorter: true },
    {
      key: 'type',
      title: t('fields.type'),
      width: 110,
      render: (r) => typeLabel(r.type),
      exportValue: (r) => typeLabel(r.type),
      sorter: true,
    },
    {
      key: 'subType',
      title: t('fields.subType'),
      width: 110,
      render: (r) => (r.subType ? subTypeLabel(r.subType) : ''),
      exportValue: (r) => (r.subType ? subTypeLabel(r.subType) : ''),
    },
    { key: 'standard', title: t('fields.standard'), dataIndex: 'standard', width: 110 },
    { key: 'kind', title: t('fields.kind'), dataIndex: 'kind', width: 100 },
    {
      key: 'kindQty',
      title: t('fields.kindQty'),
      width: 100,
      render: (r) => fmtQty(r.kindQty),
      exportValue: (r) => r.kindQty,
      sorter: true,
    },
    {
      key: 'stockQty',
      title: t('fields.stockQty'),
      width: 100,
      render: (r) => (
        <span
          data-testid={`equipment-stock-qty-${r.id}`}
          style={r.stockQty < r.kindQty ? { color: token.colorErrorText, fontWeight: 600 } : undefined}
        >
          {fmtQty(r.stockQty)}
        </span>
      ),
      exportValue: (r) => r.stockQty,
      sorter: true,
    },
    {
      key: 'discardQty',
      title: t('fields.discardQty'),
      width: 90,
      render: (r) => fmtQty(r.discardQty),
      exportValue: (r) => r.discardQty,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (r) => <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>,
      exportValue: (r) => t(`status.${r.status}`),
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="equipment"
          rowId={r.id}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() => void confirmRemove(t('messages.confirmDelete', { name: r.name }), () => remove([r]))}
        />
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="equipment"
      extra={
        canCreate && (
          <Button type="primary" data-testid="equipment-create" onClick={() => setEditing(null)}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <DataTable<Equipment>
        testId="equipment-table"
        rowKey="id"
        historyTable="equipments"
        columns={columns}
        data={shown}
        loading={kinds.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        toolbar={
          <>
            <CodeSelect
              category="EQUIPMENT_TYPE"
              testId="equipment-filter-type"
              placeholder={t('filters.allTypes')}
              value={view.type ?? null}
              onChange={(type) => setView({ type: type ?? undefined })}
              style={{ width: 150 }}
            />
            <Select<EquipmentStatus>
              data-testid="equipment-filter-status"
              aria-label={t('filters.allStatuses')}
              allowClear
              placeholder={t('filters.allStatuses')}
              value={view.status as EquipmentStatus | undefined}
              onChange={(status) => setView({ status })}
              options={EQUIPMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              style={{ width: 140 }}
            />
            <SearchBox
              testId="equipment-search"
              placeholder={t('filters.search')}
              prefix={<SearchOutlined />}
              value={view.q}
              onSearch={(q) => setView({ q })}
              style={{ width: 220 }}
            />
            {!kinds.isLoading && (kinds.data ?? []).length === 0 && (
              <Typography.Text type="secondary">{t('messages.noKinds')}</Typography.Text>
            )}
          </>
        }
      />
      <EquipmentFormDialog open={editing !== undefined} row={editing ?? null} onClose={() => setEditing(undefined)} />
    </PageContainer>
  );
}
