import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Route, RouteOper } from '@eqms/contract';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useCodes } from '../../../app/codes.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction, rowActionsColumn } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { AddOpersDialog } from '../components/AddRouteOpersDialog.tsx';
import { RouteFormDialog } from '../components/RouteFormDialog.tsx';
import { SortableTable } from '../components/SortableTable.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useRouteApi, useRouteOpers, useRoutes } from '../route.queries.ts';

registerLocales('route', { kr, en });

export default function RoutePage() {
  const { t } = useTranslation(['route', 'common']);
  const canCreate = useCan('route', 'create');
  const canModify = useCan('route', 'modify');
  const canDelete = useCan('route', 'delete');
  const menuLabel = useMenuLabel('route');
  const routes = useRoutes();
  const routeApi = useRouteApi();
  // The selected route is in the URL, so a link or a reload shows the same route.
  const [view, setView] = useUrlState<{ id: number | undefined }>({ id: undefined }, { numbers: ['id'] });
  const selected = routes.data?.find((r) => r.id === view.id) ?? null;
  const opers = useRouteOpers(selected?.id);
  const [editing, setEditing] = useState<Route | null | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  // Checked operations belong to one route: choosing another route starts with none.
  const [checkedOf, setCheckedOf] = useState<{ routeId: number | null; keys: Key[] }>({ routeId: null, keys: [] });
  const checked = checkedOf.routeId === (selected?.id ?? null) ? checkedOf.keys : [];
  const setChecked = (keys: Key[]) => setCheckedOf({ routeId: selected?.id ?? null, keys });
  const types = useCodes('OPERATION_TYPE');
  const typeName = (code: string | null) => (code ? (types.options.find((o) => o.value === code)?.label ?? code) : '');

  const removeRoute = (route: Route) =>
    confirmRemove(t('messages.confirmDelete', { name: `${route.name} (${route.code})` }), async () => {
      await routeApi.remove(route.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      if (view.id === route.id) setView({ id: undefined });
    });

  const removeOpers = async (operationIds: number[]) => {
    if (!selected || operationIds.length === 0) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmRemoveOpers', { count: operationIds.length }),
      danger: true,
    });
    if (!ok) return;
    try {
      await routeApi.removeOpers(selected.id, operationIds);
      setChecked([]);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // Reported by the API client.
    }
  };

  const routeColumns: DataColumn<Route>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', sorter: true, width: 110 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', sorter: true, width: 120 },
    {
      key: 'operCount',
      title: t('fields.operCount'),
      dataIndex: 'operCount',
      width: 84,
      sorter: (a, b) => a.operCount - b.operCount,
    },
  ];
  routeColumns.push(
    ...rowActionsColumn<Route>({
      title: t('fields.actions'),
      width: 72,
      testId: 'route',
      rowId: (r) => r.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeRoute,
    }),
  );

  const operColumns: ColumnsType<RouteOper> = [
    { key: 'seq', title: t('fields.seq'), dataIndex: 'seq', width: 56 },
    {
      key: 'operation',
      title: t('fields.operation'),
      width: 200,
      render: (_, o) => (
        <span>
          <Typography.Text type="secondary">{o.operationCode}</Typography.Text> {o.operationName}
        </span>
      ),
    },
    { key: 'operationType', title: t('fields.operationType'), width: 80, render: (_, o) => typeName(o.operationType) },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', ellipsis: true },
  ];
  const operActions = (o: RouteOper) => (
    <RowAction
      label={t('actions.removeOper')}
      icon={<DeleteOutlined />}
      danger
      testId={`route-oper-remove-${o.operationCode}`}
      onClick={() => void removeOpers([o.operationId])}
    />
  );

  return (
    <PageContainer
      menuName="route"
      extra={
        <ImportCreateButtons
          testIdPrefix="route"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
        />
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <DataTable<Route>
            testId="route-table"
            rowKey="id"
            historyTable="routes"
            columns={routeColumns}
            data={routes.data}
            loading={routes.isFetching}
            exportName={menuLabel}
            activeRowKey={selected?.id ?? null}
            onRowClick={(r) => setView({ id: r.id })}
          />
        </Col>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            data-testid="route-opers"
            title={
              selected ? (
                <Space wrap>
                  <span data-testid="route-opers-title">
                    {selected.name} ({selected.code})
                  </span>
                  <Tag data-testid="route-product-count">{t('messages.usedBy', { count: selected.productCount })}</Tag>
                </Space>
              ) : (
                t('titles.opers')
              )
            }
            extra={
              selected &&
              canModify && (
                <Space>
                  <Button
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    disabled={checked.length === 0}
                    data-testid="route-opers-remove-selected"
                    onClick={() => void removeOpers(checked.map(Number))}
                  >
                    {t('common:actions.deleteSelected')}
                    {checked.length > 0 ? ` (${checked.length})` : ''}
                  </Button>
                  <Button
                    type="primary"
                    size="small"
                    icon={<PlusOutlined />}
                    data-testid="route-opers-add"
                    onClick={() => setAdding(true)}
                  >
                    {t('actions.addOpers')}
                  </Button>
                </Space>
              )
            }
          >
            {selected ? (
              <>
                <SortableTable<RouteOper>
                  testId="route-oper-table"
                  rows={opers.data ?? []}
                  rowKey={(o) => o.operationId}
                  rowName={(o) => o.operationCode}
                  columns={operColumns}
                  rowActions={canModify ? operActions : undefined}
                  loading={opers.isFetching}
                  emptyText={t('messages.noOpers')}
                  rowSelection={
                    canModify ? { selectedRowKeys: checked, onChange: (keys) => setChecked(keys) } : undefined
                  }
                  onReorder={
                    canModify
                      ? (rows) =>
                          routeApi.reorder(
                            selected.id,
                            rows.map((r) => r.operationId),
                          )
                      : undefined
                  }
                />
                {canModify && (opers.data?.length ?? 0) > 1 && (
                  <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                    {t('messages.reorderHint')}
                  </Typography.Text>
                )}
              </>
            ) : (
              <Empty description={t('messages.pickRoute')} />
            )}
          </Card>
        </Col>
      </Row>
      <RouteFormDialog
        open={editing !== undefined}
        route={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(r) => setView({ id: r.id })}
      />
      {selected && (
        <AddOpersDialog
          open={adding}
          title={t('titles.addOpers', { name: selected.name })}
          exclude={(opers.data ?? []).map((o) => o.operationId)}
          testId="route-add-opers"
          onClose={() => setAdding(false)}
          onAdd={(ids) => routeApi.addOpers(selected.id, ids)}
        />
      )}
    </PageContainer>
  );
}
