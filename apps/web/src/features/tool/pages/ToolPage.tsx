import {
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { Tool, ToolTreeNode } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Row, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { InspectHistoryDrawer } from '../components/InspectHistoryDrawer.tsx';
import { ToolFormDialog } from '../components/ToolFormDialog.tsx';
import { TreeTitle } from '../components/ToolTreeTitle.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { findNode, toolIdsUnder, toolKeys, useToolApi, useTools, useToolTree } from '../tool.queries.ts';

registerLocales('tool', { kr, en });

type Node = DataNode & { key: string; node: ToolTreeNode; children?: Node[] };

/** Keys of every location node (to open the whole tree once). */
const locationKeys = (nodes: ToolTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'location' ? [n.key, ...locationKeys(n.children)] : []));

/** The export's query: the tree's location and the search, as the list shows them. */
function exportQuery(locationId: number | undefined, q: string | undefined) {
  const p = new URLSearchParams();
  if (locationId) p.set('locationId', String(locationId));
  if (q) p.set('q', q);
  const s = p.toString();
  return s ? `?${s}` : '';
}

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
  const [search, setSearch] = useState(view.q ?? '');
  useEffect(() => setSearch(view.q ?? ''), [view.q]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Tool | null | undefined>(undefined);
  const [inspecting, setInspecting] = useState<Tool | null>(null);
  const [importing, setImporting] = useState(false);

  const treeData = tree.data ?? [];
  useEffect(() => {
    if (tree.data && expanded === null) setExpanded(locationKeys(tree.data));
  }, [tree.data, expanded]);

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

  const toNodes = (nodes: ToolTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.key,
      node: n,
      isLeaf: n.kind === 'tool',
      title: <TreeTitle node={n} count={n.kind === 'location' ? n.toolCount : undefined} />,
      children: n.children.length ? toNodes(n.children) : undefined,
    }));

  const remove = async (rows: Tool[]) => {
    await toolApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    if (inspecting && rows.some((r) => r.id === inspecting.id)) setInspecting(null);
  };
  const removeOne = async (tool: Tool) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: `${tool.name} (${tool.code})` }),
      danger: true,
    });
    if (ok) await remove([tool]).catch(() => undefined);
  };

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
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canView && (
            <RowAction
              label={t('actions.inspections')}
              icon={<SafetyCertificateOutlined />}
              testId={`tool-inspections-${x.code}`}
              onClick={() => setInspecting(x)}
            />
          )}
          {canModify && (
            <RowAction
              label={t('common:actions.edit')}
              icon={<EditOutlined />}
              testId={`tool-edit-${x.code}`}
              onClick={() => setEditing(x)}
            />
          )}
          {canDelete && (
            <RowAction
              label={t('common:actions.delete')}
              icon={<DeleteOutlined />}
              danger
              testId={`tool-delete-${x.code}`}
              onClick={() => removeOne(x)}
            />
          )}
        </Space>
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
        canCreate && (
          <>
            <Button icon={<FileExcelOutlined />} data-testid="tool-import" onClick={() => setImporting(true)}>
              {t('excelImport:open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} data-testid="tool-create" onClick={() => setEditing(null)}>
              {t('actions.create')}
            </Button>
          </>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <Card
            size="small"
            title={t('titles.tree')}
            extra={
              view.node && (
                <Button
                  size="small"
                  type="link"
                  data-testid="tool-tree-all"
                  onClick={() => setView({ node: undefined })}
                >
                  {t('actions.showAll')}
                </Button>
              )
            }
          >
            {tree.isLoading ? (
              <div style={{ textAlign: 'center', padding: 32 }}>
                <Spin />
              </div>
            ) : treeData.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noLocations')} />
            ) : (
              <Tree<Node>
                data-testid="tool-tree"
                showLine
                blockNode
                treeData={toNodes(treeData)}
                selectedKeys={view.node ? [view.node] : []}
                onSelect={(keys) => setView({ node: keys.length ? String(keys[0]) : undefined }, { push: true })}
                expandedKeys={expanded ?? []}
                onExpand={(keys) => setExpanded(keys.map(String))}
                style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 240, overflow: 'auto' }}
              />
            )}
          </Card>
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
              downloadFile(`/tool/excel/export${exportQuery(selectedLocationId, view.q)}`, `${menuLabel}.xlsx`)
            }
            toolbar={
              <>
                <Input.Search
                  data-testid="tool-search"
                  placeholder={t('hints.search')}
                  aria-label={t('hints.search')}
                  allowClear
                  prefix={<SearchOutlined />}
                  value={search}
                  onChange={(e) => {
                    setSearch(e.target.value);
                    if (!e.target.value) setView({ q: undefined });
                  }}
                  onSearch={(q) => setView({ q: q.trim() || undefined })}
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
        base="/tool"
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: toolKeys.all })}
      />
    </PageContainer>
  );
}
