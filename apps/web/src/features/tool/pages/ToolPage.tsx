import { SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { type Tool, toolEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { InspectHistoryDrawer } from '../components/InspectHistoryDrawer.tsx';
import { ToolFormDialog } from '../components/ToolFormDialog.tsx';
import { ToolTreeCard } from '../components/ToolTreeCard.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { findNode, toolIdsUnder, toolKeys, useToolApi, useTools, useToolTree } from '../tool.queries.ts';

registerLocales('tool', { kr, en });

export default function ToolPage() {
  const { t } = useTranslation(['tool', 'common']);
  const canCreate = useCan('tools', 'create');
  const canModify = useCan('tools', 'modify');
  const canDelete = useCan('tools', 'delete');
  const canView = useCan('tools', 'view');
  const menuLabel = useMenuLabel('tools');
  const tools = useTools();
  const tree = useToolTree();
  const toolApi = useToolApi();
  const typeLabel = useCodeLabel('TOOL_TYPE');
  const customFields = useCustomFields('tools');
  const customOptions = useCustomFieldOptions(customFields.data);
  const queryClient = useQueryClient();
  // The tree's selection and the search are in the URL: a link or a reload shows the same list.
  const [view, setView] = useUrlState<{ node: string | undefined; q: string | undefined }>({
    node: undefined,
    q: undefined,
  });
  const [editing, setEditing] = useState<Tool | null | undefined>(undefined);
  const [inspecting, setInspecting] = useState<Tool | null>(null);
  const [importing, setImporting] = useState(false);

  const treeData = tree.data ?? [];

  const selectedNode = view.node ? findNode(treeData, view.node) : undefined;
  const shown = useMemo(() => {
    const all = tools.data ?? [];
    const inTree = selectedNode ? new Set(toolIdsUnder(selectedNode)) : null;
    const q = view.q?.trim().toLowerCase();
    return all.filter(
      (x) =>
        (!inTree || inTree.has(x.id)) &&
        (!q ||
          [x.code, x.name, x.specification, x.manufacturer, x.serialNo, x.managerName, x.locationPath.join(' / ')].some(
            (v) => (v ?? '').toLowerCase().includes(q),
          )),
    );
  }, [tools.data, selectedNode, view.q]);

  const remove = async (rows: Tool[]) => {
    await toolApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    if (inspecting && rows.some((r) => r.id === inspecting.id)) setInspecting(null);
  };
  const removeOne = (tool: Tool) =>
    confirmRemove(t('messages.confirmDelete', { name: `${tool.name} (${tool.code})` }), () => remove([tool]));

  const columns: DataColumn<Tool>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 120, sorter: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 150, sorter: true },
    {
      key: 'type',
      title: t('fields.type'),
      width: 120,
      render: (x) => typeLabel(x.type),
      sorter: true,
    },
    {
      key: 'location',
      title: t('fields.location'),
      width: 220,
      render: (x) => x.locationPath.join(' / '),
      sorter: true,
    },
    { key: 'manager', title: t('fields.manager'), dataIndex: 'managerName', width: 100, sorter: true },
    { key: 'specification', title: t('fields.specification'), dataIndex: 'specification', width: 120 },
    { key: 'manufacturer', title: t('fields.manufacturer'), dataIndex: 'manufacturer', width: 120 },
    { key: 'serialNo', title: t('fields.serialNo'), dataIndex: 'serialNo', width: 110 },
    { key: 'installDate', title: t('fields.installDate'), dataIndex: 'installDate', width: 110, sorter: true },
    ...customFieldColumns<Tool>(customFields.data ?? [], t, customOptions),
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 120,
      fixed: 'right',
      render: (x) => (
        <EditDeleteActions
          testId="tool"
          rowId={x.code}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(x)}
          onDelete={() => removeOne(x)}
        >
          {canView && (
            <RowAction
              label={t('actions.inspections')}
              icon={<SafetyCertificateOutlined />}
              testId={`tool-inspections-${x.code}`}
              onClick={() => setInspecting(x)}
            />
          )}
        </EditDeleteActions>
      ),
    },
  ];

  const selectedLocationId = selectedNode?.kind === 'location' ? selectedNode.id : undefined;
  // A new tool starts at the selected line or warehouse.
  const defaultLocationId =
    selectedNode?.kind === 'location' &&
    (selectedNode.locationType === 'LINE' || selectedNode.locationType === 'WAREHOUSE')
      ? selectedNode.id
      : selectedNode?.kind === 'tool'
        ? selectedNode.parentId
        : null;

  return (
    <PageContainer
      menuName="tools"
      extra={
        <ImportCreateButtons
          testIdPrefix="tool"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={() => setImporting(true)}
        />
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <ToolTreeCard
            testId="tool"
            title={t('titles.tree')}
            showAllLabel={t('actions.showAll')}
            emptyText={t('messages.noLocations')}
            data={tree.data}
            loading={tree.isLoading}
            count={(n) => (n.kind === 'location' ? n.toolCount : undefined)}
            selectedKey={view.node}
            onSelect={(node) => setView({ node }, { push: true })}
            onShowAll={() => setView({ node: undefined })}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <DataTable<Tool>
            testId="tool-table"
            rowKey="id"
            historyTable="tools"
            savedSearchMenu="tools"
            columns={columns}
            data={shown}
            loading={tools.isFetching}
            selectable={canDelete}
            onDeleteSelected={remove}
            activeRowKey={inspecting?.id ?? null}
            exportName={menuLabel}
            onExport={() =>
              // The export's query: the tree's location and the search, as the list shows them.
              download(toolEndpoints.excelExport, `${menuLabel}.xlsx`, {
                query: { locationId: selectedLocationId, q: view.q },
              })
            }
            toolbar={
              <>
                <SearchBox
                  testId="tool-search"
                  placeholder={t('hints.search')}
                  prefix={<SearchOutlined />}
                  value={view.q}
                  onSearch={(q) => setView({ q })}
                  style={{ width: 220 }}
                />
                {selectedNode && (
                  <Typography.Text type="secondary" data-testid="tool-filter-label">
                    {t('hints.filteredBy', { name: selectedNode.name })}
                  </Typography.Text>
                )}
              </>
            }
          />
        </Col>
      </Row>
      <ToolFormDialog
        open={editing !== undefined}
        tool={editing ?? null}
        defaultLocationId={defaultLocationId}
        onClose={() => setEditing(undefined)}
      />
      <InspectHistoryDrawer tool={inspecting} onClose={() => setInspecting(null)} />
      <ExcelImportDialog
        open={importing}
        endpoints={toolEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: toolKeys.all })}
      />
    </PageContainer>
  );
}
