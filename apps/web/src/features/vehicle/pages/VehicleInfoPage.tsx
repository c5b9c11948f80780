import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { MaintenanceAlert, Vehicle } from '@eqms/contract';
import { Badge, Button, Col, Row, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PartsPanel } from '../components/PartsPanel.tsx';
import { VehicleFormDialog } from '../components/VehicleFormDialog.tsx';
import { VehicleTreeCard } from '../components/VehicleTreeCard.tsx';
import { useMaintenanceAlertColumns, useMaintenanceAlerts } from '../maintenance-alerts.tsx';
import { findVehicleNode, useVehicleApi, useVehicles, useVehicleTree, vehicleIdsUnder } from '../vehicle.queries.ts';

/**
 * Vehicle info (/vehicle/vehicleInfo): the location → vehicle tree, the vehicle list (search, Excel, bulk delete),
 * the chosen vehicle's parts and replacement history beside it, and the "due for maintenance" tab — the same alert
 * table the shell's part-replacement dialog shows.
 */
export default function VehicleInfoPage() {
  const { t } = useTranslation(['vehicle', 'common']);
  const canCreate = useCan('vehicleInfo', 'create');
  const canModify = useCan('vehicleInfo', 'modify');
  const canDelete = useCan('vehicleInfo', 'delete');
  const canParts = useCan('partInfo', 'view');
  const menuLabel = useMenuLabel('vehicleInfo');
  const vehicles = useVehicles();
  const tree = useVehicleTree();
  const alerts = useMaintenanceAlerts();
  const alertColumns = useMaintenanceAlertColumns();
  const api = useVehicleApi();
  const [view, setView] = useUrlState<{
    tab: string;
    node: string | undefined;
    q: string | undefined;
    vehicle: number | undefined;
    pq: string | undefined;
  }>({ tab: 'vehicles', node: undefined, q: undefined, vehicle: undefined, pq: undefined }, { numbers: ['vehicle'] });
  const [editing, setEditing] = useState<Vehicle | null | undefined>(undefined);

  const selectedNode = view.node && tree.data ? findVehicleNode(tree.data, view.node) : undefined;
  const shown = useMemo(() => {
    const inTree = selectedNode ? new Set(vehicleIdsUnder(selectedNode)) : null;
    const q = view.q?.trim().toLowerCase();
    return (vehicles.data ?? []).filter(
      (v) =>
        (!inTree || inTree.has(v.id)) &&
        (!q ||
          [v.plateNumber, v.name, v.model, v.description, v.locationPath.join(' / ')].some((s) =>
            (s ?? '').toLowerCase().includes(q),
          )),
    );
  }, [vehicles.data, selectedNode, view.q]);
  const selected = vehicles.data?.find((v) => v.id === view.vehicle) ?? null;

  const remove = async (rows: Vehicle[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    if (selected && rows.some((r) => r.id === selected.id)) setView({ vehicle: undefined });
  };

  const columns: DataColumn<Vehicle>[] = [
    { key: 'plateNumber', title: t('fields.plateNumber'), dataIndex: 'plateNumber', width: 120, sorter: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 140, sorter: true },
    { key: 'model', title: t('fields.model'), dataIndex: 'model', width: 110, sorter: true },
    { key: 'year', title: t('fields.year'), dataIndex: 'year', width: 80, sorter: true },
    {
      key: 'mileage',
      title: t('fields.mileage'),
      width: 120,
      render: (v) => v.mileage.toLocaleString(),
      exportValue: (v) => v.mileage,
      sorter: (a, b) => a.mileage - b.mileage,
    },
    {
      key: 'location',
      title: t('fields.location'),
      width: 200,
      render: (v) => v.locationPath.join(' / '),
      sorter: true,
    },
    { key: 'partCount', title: t('fields.partCount'), dataIndex: 'partCount', width: 80 },
    {
      key: 'alertCount',
      title: t('fields.alertCount'),
      width: 90,
      render: (v) =>
        v.alertCount > 0 ? (
          <span data-testid={`vehicle-alerts-${v.plateNumber}`}>
            <Badge count={v.alertCount} />
          </span>
        ) : (
          0
        ),
      exportValue: (v) => v.alertCount,
      sorter: (a, b) => a.alertCount - b.alertCount,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      fixed: 'right',
      render: (v) => (
        <EditDeleteActions
          testId="vehicle"
          rowId={v.plateNumber}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(v)}
          onDelete={() =>
            confirmRemove(t('messages.confirmDelete', { name: `${v.name} (${v.plateNumber})` }), () => remove([v]))
          }
        />
      ),
    },
  ];

  const alertCount = alerts.data?.length ?? 0;
  const defaultLocationId =
    selectedNode?.kind === 'location'
      ? selectedNode.id
      : selectedNode?.kind === 'vehicle'
        ? selectedNode.parentId
        : null;

  const vehiclesTab = (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xl={6}>
        <VehicleTreeCard
          data={tree.data}
          loading={tree.isLoading}
          selectedKey={view.node}
          onSelect={(node) => {
            const n = node && tree.data ? findVehicleNode(tree.data, node) : undefined;
            setView({ node, ...(n?.kind === 'vehicle' ? { vehicle: n.id } : {}) }, { push: true });
          }}
          onShowAll={() => setView({ node: undefined })}
        />
      </Col>
      <Col xs={24} lg={17} xl={18}>
        <DataTable<Vehicle>
          testId="vehicle-table"
          rowKey="id"
          historyTable="vehicles"
          savedSearchMenu="vehicleInfo"
          columns={columns}
          data={shown}
          loading={vehicles.isFetching}
          selectable={canDelete}
          onDeleteSelected={remove}
          exportName={menuLabel}
          activeRowKey={selected?.id ?? null}
          onRowClick={(v) => setView({ vehicle: v.id })}
          toolbar={
            <>
              <SearchBox
                testId="vehicle-search"
                placeholder={t('hints.search')}
                prefix={<SearchOutlined />}
                value={view.q}
                onSearch={(q) => setView({ q })}
                style={{ width: 220 }}
              />
              {selectedNode && (
                <Typography.Text type="secondary" data-testid="vehicle-filter-label">
                  {t('hints.filteredBy', { name: selectedNode.name })}
                </Typography.Text>
              )}
            </>
          }
        />
        {canParts && (
          <div style={{ marginTop: 16 }} data-testid="vehicle-parts-panel">
            {selected ? (
              <PartsPanel
                vehicleId={selected.id}
                vehicleLabel={`${selected.name} (${selected.plateNumber})`}
                search={view.pq}
                onSearch={(pq) => setView({ pq })}
              />
            ) : (
              <Typography.Text type="secondary">{t('hints.selectVehicle')}</Typography.Text>
            )}
          </div>
        )}
      </Col>
    </Row>
  );

  const alertsTab = (
    <DataTable<MaintenanceAlert>
      testId="alert-table"
      urlKey="al"
      rowKey="partId"
      columns={alertColumns}
      data={alerts.data}
      loading={alerts.isFetching}
      exportName={`${menuLabel}-${t('titles.alertsShort')}`}
      onRowClick={(a) => setView({ tab: 'vehicles', vehicle: a.vehicleId, node: undefined }, { push: true })}
    />
  );

  return (
    <PageContainer
      menuName="vehicleInfo"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="vehicle-create" onClick={() => setEditing(null)}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={view.tab}
        onChange={(tab) => setView({ tab }, { push: true })}
        items={[
          {
            key: 'vehicles',
            label: <span data-testid="vehicle-tab-vehicles">{t('tabs.vehicles')}</span>,
            children: vehiclesTab,
          },
          {
            key: 'alerts',
            label: (
              <span data-testid="vehicle-tab-alerts">
                {t('tabs.alerts')}{' '}
                <span data-testid="vehicle-alert-count" data-count={alerts.data ? alertCount : ''}>
                  <Badge count={alertCount} showZero color={alertCount > 0 ? undefined : '#8c8c8c'} />
                </span>
              </span>
            ),
            children: alertsTab,
          },
        ]}
      />
      <VehicleFormDialog
        open={editing !== undefined}
        vehicle={editing ?? null}
        defaultLocationId={defaultLocationId}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
