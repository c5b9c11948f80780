import { HistoryOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Part, PartHistory } from '@eqms/contract';
import { Button, Card, Empty, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { EditDeleteActions, RowAction, rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { StatusTag } from '../vehicle.labels.tsx';
import { useParts, useVehicleApi, useVehicleHistories } from '../vehicle.queries.ts';
import { PartFormDialog } from './PartFormDialog.tsx';
import { ReplacementDialog } from './ReplacementDialog.tsx';

const km = (n: number | null) => (n == null ? '' : n.toLocaleString());

/**
 * A vehicle's parts (or every vehicle's, vehicleId null) with their schedule, and the vehicle's replacement history
 * below: fit, edit and delete parts, record, edit and delete replacements. Test ids start with `part-` and
 * `replacement-`.
 */
export function PartsPanel({
  vehicleId,
  vehicleLabel,
  search,
  onSearch,
}: {
  vehicleId: number | null;
  vehicleLabel: string | null;
  search?: string;
  onSearch?: (q: string | undefined) => void;
}) {
  const { t } = useTranslation(['vehicle', 'common']);
  const canCreate = useCan('partInfo', 'create');
  const canModify = useCan('partInfo', 'modify');
  const canDelete = useCan('partInfo', 'delete');
  const parts = useParts(vehicleId);
  const histories = useVehicleHistories(vehicleId);
  const api = useVehicleApi();
  const [editingPart, setEditingPart] = useState<Part | null | undefined>(undefined);
  const [replacing, setReplacing] = useState<Part | null>(null);
  const [editingHistory, setEditingHistory] = useState<PartHistory | null>(null);

  const shownParts = useMemo(() => {
    const q = search?.trim().toLowerCase();
    return (parts.data ?? []).filter(
      (p) => !q || [p.name, p.plateNumber, p.vehicleName, p.note].some((v) => (v ?? '').toLowerCase().includes(q)),
    );
  }, [parts.data, search]);

  const removeParts = async (rows: Part[]) => {
    await api.removeParts(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeHistories = async (rows: PartHistory[]) => {
    await api.removeReplacements(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const partColumns: DataColumn<Part>[] = [
    ...(vehicleId == null
      ? ([
          { key: 'plateNumber', title: t('fields.plateNumber'), dataIndex: 'plateNumber', width: 110, sorter: true },
          { key: 'vehicleName', title: t('fields.vehicleName'), dataIndex: 'vehicleName', width: 120, sorter: true },
        ] as DataColumn<Part>[])
      : []),
    { key: 'name', title: t('fields.partName'), dataIndex: 'name', width: 130, sorter: true },
    {
      key: 'status',
      title: t('fields.status'),
      width: 90,
      render: (p) => <StatusTag status={p.status} />,
      exportValue: (p) => t(`status.${p.status}`),
      sorter: (a, b) => a.status.localeCompare(b.status),
    },
    { key: 'intervalDays', title: t('fields.intervalDays'), dataIndex: 'intervalDays', width: 100 },
    {
      key: 'intervalKm',
      title: t('fields.intervalKm'),
      width: 110,
      render: (p) => km(p.intervalKm),
      exportValue: (p) => p.intervalKm,
    },
    {
      key: 'lastReplacement',
      title: t('fields.lastReplacement'),
      dataIndex: 'lastReplacement',
      width: 110,
      sorter: true,
    },
    { key: 'nextDate', title: t('fields.nextDate'), dataIndex: 'nextDate', width: 110, sorter: true },
    {
      key: 'nextKm',
      title: t('fields.nextKm'),
      width: 120,
      render: (p) => km(p.nextKm),
      exportValue: (p) => p.nextKm,
    },
    { key: 'replacementCount', title: t('fields.replacementCount'), dataIndex: 'replacementCount', width: 90 },
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 140 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 130,
      fixed: 'right',
      render: (p) => (
        <EditDeleteActions
          testId="part"
          rowId={p.name}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditingPart(p)}
          onDelete={() => confirmRemove(t('messages.confirmDeletePart', { name: p.name }), () => removeParts([p]))}
        >
          {canCreate && (
            <RowAction
              label={t('actions.replace')}
              icon={<HistoryOutlined />}
              testId={`part-replace-${p.name}`}
              onClick={() => setReplacing(p)}
            />
          )}
        </EditDeleteActions>
      ),
    },
  ];

  const historyColumns: DataColumn<PartHistory>[] = [
    { key: 'replacedDate', title: t('fields.replacedDate'), dataIndex: 'replacedDate', width: 110, sorter: true },
    { key: 'partName', title: t('fields.partName'), dataIndex: 'partName', width: 130, sorter: true },
    {
      key: 'mileage',
      title: t('fields.replacementMileage'),
      width: 120,
      render: (h) => km(h.mileage),
      exportValue: (h) => h.mileage,
    },
    {
      key: 'cost',
      title: t('fields.cost'),
      width: 110,
      render: (h) => (h.cost == null ? '' : h.cost.toLocaleString()),
      exportValue: (h) => h.cost,
    },
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 160 },
    { key: 'createdBy', title: t('fields.createdBy'), dataIndex: 'createdBy', width: 90 },
    ...rowActionsColumn<PartHistory>({
      title: t('fields.actions'),
      testId: 'replacement',
      rowId: (h) => h.id,
      canModify,
      canDelete,
      onEdit: setEditingHistory,
      onDelete: (h) =>
        confirmRemove(t('messages.confirmDeleteReplacement', { date: h.replacedDate }), () => removeHistories([h])),
    }),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={vehicleLabel ? t('titles.parts', { name: vehicleLabel }) : t('actions.allVehicles')}
        extra={
          canCreate && (
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              data-testid="part-create"
              onClick={() => setEditingPart(null)}
            >
              {t('actions.createPart')}
            </Button>
          )
        }
      >
        <DataTable<Part>
          testId="part-table"
          urlKey="pt"
          rowKey="id"
          historyTable="vehicle_parts"
          columns={partColumns}
          data={shownParts}
          loading={parts.isFetching}
          selectable={canDelete}
          onDeleteSelected={removeParts}
          exportName={`${vehicleLabel ?? t('actions.allVehicles')}-${t('titles.partsShort')}`}
          toolbar={
            onSearch && (
              <SearchBox
                testId="part-search"
                placeholder={t('hints.searchParts')}
                prefix={<SearchOutlined />}
                value={search}
                onSearch={onSearch}
                style={{ width: 220 }}
              />
            )
          }
        />
      </Card>
      <Card size="small" title={vehicleLabel ? t('titles.histories', { name: vehicleLabel }) : undefined}>
        {vehicleId == null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.selectVehicle')} />
        ) : (
          <DataTable<PartHistory>
            testId="replacement-table"
            urlKey="rh"
            rowKey="id"
            historyTable="vehicle_part_histories"
            columns={historyColumns}
            data={histories.data}
            loading={histories.isFetching}
            selectable={canDelete}
            onDeleteSelected={removeHistories}
            exportName={`${vehicleLabel}-${t('titles.historiesShort')}`}
          />
        )}
      </Card>
      <PartFormDialog
        open={editingPart !== undefined}
        part={editingPart ?? null}
        vehicleId={vehicleId}
        onClose={() => setEditingPart(undefined)}
      />
      <ReplacementDialog
        part={replacing}
        editing={editingHistory}
        onClose={() => {
          setReplacing(null);
          setEditingHistory(null);
        }}
      />
    </Space>
  );
}
