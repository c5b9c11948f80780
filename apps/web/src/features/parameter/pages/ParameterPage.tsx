import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Parameter, ToolTreeNode } from '@eqms/contract';
import { Button, Card, Col, Empty, Row, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { TreeTitle } from '../../tool/components/ToolTreeTitle.tsx';
import { findNode, toolIdsUnder } from '../../tool/tool.queries.ts';
import { ParameterFormDialog } from '../components/ParameterFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useParameterApi, useParameters, useParameterToolTree } from '../parameter.queries.ts';

registerLocales('parameter', { kr, en });

type Node = DataNode & { key: string; node: ToolTreeNode; children?: Node[] };

const locationKeys = (nodes: ToolTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'location' ? [n.key, ...locationKeys(n.children)] : []));

const num = (v: number | null) => (v === null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: 5 }));

export default function ParameterPage() {
  const { t } = useTranslation(['parameter', 'common']);
  const canCreate = useCan('parameter', 'create');
  const canModify = useCan('parameter', 'modify');
  const canDelete = useCan('parameter', 'delete');
  const menuLabel = useMenuLabel('parameter');
  const tree = useParameterToolTree();
  const parameterApi = useParameterApi();
  // The tree's selection is in the URL: a link or a reload shows the same tool.
  const [view, setView] = useUrlState<{ node: string | undefined }>({ node: undefined });
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<Parameter | null | undefined>(undefined);

  const treeData = tree.data ?? [];
  useEffect(() => {
    if (tree.data && expanded === null) setExpanded(locationKeys(tree.data));
  }, [tree.data, expanded]);
  const selected = view.node ? findNode(treeData, view.node) : undefined;
  const toolIds = useMemo(() => (selected ? toolIdsUnder(selected) : null), [selected]);
  const list = useParameters(toolIds);
  const rows = toolIds !== null && toolIds.length === 0 ? [] : list.data;

  const toNodes = (nodes: ToolTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.key,
      node: n,
      isLeaf: n.kind === 'tool',
      title: <TreeTitle node={n} count={n.parameterCount} />,
      children: n.children.length ? toNodes(n.children) : undefined,
    }));

  const remove = async (items: Parameter[]) => {
    await parameterApi.remove(items.map((p) => p.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeOne = async (p: Parameter) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: `${p.name} (${p.code})` }),
      danger: true,
    });
    if (ok) await remove([p]).catch(() => undefined);
  };

  // With one tool chosen, its name is in the toolbar: the column would only repeat it and push the limits aside.
  const oneTool = selected?.kind === 'tool';
  const columns: DataColumn<Parameter>[] = [
    ...(oneTool
      ? []
      : [
          {
            key: 'tool',
            title: t('fields.tool'),
            width: 150,
            render: (p: Parameter) => `${p.toolName} (${p.toolCode})`,
            sorter: true,
          },
        ]),
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 120, sorter: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 120, sorter: true },
    {
      key: 'dataType',
      title: t('fields.dataType'),
      width: 90,
      render: (p) => <Tag color={p.dataType === 'NUMBER' ? 'blue' : 'purple'}>{t(`dataTypes.${p.dataType}`)}</Tag>,
      exportValue: (p) => t(`dataTypes.${p.dataType}`),
    },
    { key: 'unit', title: t('fields.unit'), dataIndex: 'unit', width: 70 },
    {
      key: 'lowerLimit',
      title: t('fields.lowerLimit'),
      width: 90,
      render: (p) => num(p.lowerLimit),
      exportValue: (p) => p.lowerLimit,
      sorter: (a, b) => (a.lowerLimit ?? -Infinity) - (b.lowerLimit ?? -Infinity),
    },
    {
      key: 'target',
      title: t('fields.target'),
      width: 90,
      render: (p) => num(p.target),
      exportValue: (p) => p.target,
    },
    {
      key: 'upperLimit',
      title: t('fields.upperLimit'),
      width: 90,
      render: (p) => num(p.upperLimit),
      exportValue: (p) => p.upperLimit,
      sorter: (a, b) => (a.upperLimit ?? Infinity) - (b.upperLimit ?? Infinity),
    },
    {
      key: 'sampleInterval',
      title: t('fields.sampleInterval'),
      width: 110,
      render: (p) => t('hints.seconds', { n: p.sampleInterval }),
      exportValue: (p) => p.sampleInterval,
      sorter: (a, b) => a.sampleInterval - b.sampleInterval,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
  ];
  if (canModify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (p) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canModify && (
            <RowAction
              label={t('common:actions.edit')}
              icon={<EditOutlined />}
              testId={`parameter-edit-${p.code}`}
              onClick={() => setEditing(p)}
            />
          )}
          {canDelete && (
            <RowAction
              label={t('common:actions.delete')}
              icon={<DeleteOutlined />}
              danger
              testId={`parameter-delete-${p.code}`}
              onClick={() => removeOne(p)}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <PageContainer
      menuName="parameter"
      extra={
        canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="parameter-create"
            onClick={() => setEditing(null)}
          >
            {t('actions.create')}
          </Button>
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
                  data-testid="parameter-tree-all"
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
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noTools')} />
            ) : (
              <Tree<Node>
                data-testid="parameter-tree"
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
          <DataTable<Parameter>
            testId="parameter-table"
            rowKey="id"
            historyTable="parameters"
            columns={columns}
            data={rows}
            loading={list.isFetching}
            selectable={canDelete}
            onDeleteSelected={remove}
            exportName={selected ? `${menuLabel}-${selected.name}` : menuLabel}
            toolbar={
              <Typography.Text type="secondary" data-testid="parameter-filter-label">
                {selected
                  ? selected.kind === 'tool'
                    ? t('hints.ofTool', { name: `${selected.name} (${selected.code})` })
                    : t('hints.ofLocation', { name: selected.name })
                  : t('hints.all')}
              </Typography.Text>
            }
          />
        </Col>
      </Row>
      <ParameterFormDialog
        open={editing !== undefined}
        parameter={editing ?? null}
        defaultToolId={selected?.kind === 'tool' ? selected.id : null}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
