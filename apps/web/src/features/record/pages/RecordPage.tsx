import {
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  FolderAddOutlined,
  FolderOutlined,
  PaperClipOutlined,
} from '@ant-design/icons';
import { RECORD_TYPES, type RecordSheet, type RecordTreeNode, type RecordType, recordEndpoints } from '@eqms/contract';
import { Badge, Button, Card, Col, Empty, Row, Select, Space, Spin, Tag, Tree, Typography, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { RecordDialog, type RecordTarget } from '../components/RecordDialog.tsx';
import { RECORD_NS } from '../record.locales.ts';
import { scopeOfKey, useRecordApi, useRecords, useRecordTree } from '../record.queries.ts';

const PAGE_SIZE = 50;

type PageState = {
  node: string | undefined;
  type: string | undefined;
  q: string | undefined;
  page: number;
  size: number;
};

function NodeTitle({ node }: { node: RecordTreeNode }) {
  const { t } = useTranslation(RECORD_NS);
  const { token } = theme.useToken();
  const icon = node.kind === 'SHEET' ? <FileTextOutlined /> : <FolderOutlined />;
  return (
    <span data-testid="record-tree-node" data-key={node.key}>
      <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>
      {node.kind === 'TYPE' ? t(`types.${node.type}`) : node.title}
      {node.kind === 'SHEET' && node.recordDt && (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
          {node.recordDt}
        </Typography.Text>
      )}
      {node.kind !== 'SHEET' && node.sheetCount > 0 && (
        <Badge
          count={node.sheetCount}
          color={token.colorTextTertiary}
          overflowCount={9999}
          style={{ marginInlineStart: 6, boxShadow: 'none' }}
        />
      )}
    </span>
  );
}

const toData = (nodes: RecordTreeNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.key,
    title: <NodeTitle node={n} />,
    isLeaf: n.kind === 'SHEET',
    children: n.children.length ? toData(n.children) : undefined,
  }));

const findNode = (nodes: RecordTreeNode[], key: string): RecordTreeNode | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
};

/** /record: record sheets in folders by type, with free fields and attached files. */
export default function RecordPage() {
  const { t } = useTranslation([RECORD_NS, 'common']);
  const menuLabel = useMenuLabel('record');
  const canCreate = useCan('record', 'create');
  const canModify = useCan('record', 'modify');
  const canDelete = useCan('record', 'delete');
  const api = useRecordApi();
  const tree = useRecordTree();
  const [s, set] = useUrlState<PageState>({ node: undefined, type: undefined, q: undefined, page: 1, size: PAGE_SIZE });
  const [target, setTarget] = useState<RecordTarget | null>(null);
  const selected = s.node && tree.data ? findNode(tree.data, s.node) : undefined;
  const scope = scopeOfKey(s.node);
  // A folder filters the list to its sheets (below it too); a type to its sheets; a sheet to its folder's.
  const args = {
    type: (selected?.type ?? scope.type ?? s.type) as RecordType | undefined,
    parentId: selected?.kind === 'FOLDER' ? selected.id! : undefined,
    q: s.q,
  };
  const list = useRecords(args, s.page, s.size);
  const data = useMemo(() => toData(tree.data ?? []), [tree.data]);
  const filter = (patch: Partial<PageState>) => set({ ...patch, page: 1 });
  const newTarget = (isFolder: boolean): RecordTarget => ({
    mode: 'new',
    isFolder,
    type: (selected?.type ?? (s.type as RecordType | undefined) ?? 'HACCP') as RecordType,
    parentId: selected?.kind === 'FOLDER' ? selected.id : null,
  });
  const editById = async (id: number) =>
    setTarget({ mode: 'edit', row: await call(recordEndpoints.get, { params: { id } }) });
  const removeRow = (r: RecordSheet) =>
    confirmRemove(
      t(r.isFolder ? 'messages.confirmDeleteFolder' : 'messages.confirmDelete', { title: r.title }),
      async () => {
        await api.remove(r.id);
        if (s.node === `R${r.id}`) set({ node: undefined });
        useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      },
    );

  const columns: DataColumn<RecordSheet>[] = [
    { key: 'recordDt', title: t('fields.recordDt'), dataIndex: 'recordDt', width: 100 },
    {
      key: 'type',
      title: t('fields.type'),
      width: 90,
      render: (r) => <Tag>{t(`types.${r.type}`)}</Tag>,
      exportValue: (r) => t(`types.${r.type}`),
    },
    { key: 'parentPath', title: t('fields.folder'), dataIndex: 'parentPath', width: 180 },
    {
      key: 'title',
      title: t('fields.title'),
      width: 220,
      render: (r) => <span data-testid={`record-row-${r.id}`}>{r.title}</span>,
      exportValue: (r) => r.title,
    },
    { key: 'author', title: t('fields.author'), dataIndex: 'author', width: 100 },
    {
      key: 'fields',
      title: t('fields.fields'),
      width: 240,
      render: (r) => r.fields.map((f) => `${f.key}: ${f.value}`).join(' · '),
      exportValue: (r) => r.fields.map((f) => `${f.key}: ${f.value}`).join('\n'),
    },
    {
      key: 'files',
      title: t('fields.files'),
      width: 80,
      render: (r) =>
        r.files.length ? (
          <span title={r.files.map((f) => f.name).join(', ')}>
            <PaperClipOutlined /> {r.files.length}
          </span>
        ) : null,
      exportValue: (r) => r.files.map((f) => f.name).join(', '),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="record"
          rowId={r.id}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setTarget({ mode: 'edit', row: r })}
          onDelete={() => void removeRow(r)}
        />
      ),
      exportValue: () => null,
    },
  ];

  const folderActions = selected?.kind === 'FOLDER' && (
    <Space size={4}>
      {canModify && (
        <Button
          size="small"
          icon={<EditOutlined />}
          data-testid="record-folder-edit"
          onClick={() => void editById(selected.id!)}
        >
          {t('actions.editFolder')}
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid="record-folder-delete"
          onClick={() =>
            void confirmRemove(t('messages.confirmDeleteFolder', { title: selected.title }), async () => {
              await api.remove(selected.id!);
              set({ node: undefined });
              useAppStore.getState().notify(t('common:messages.deleted'), 'success');
            })
          }
        >
          {t('actions.deleteFolder')}
        </Button>
      )}
    </Space>
  );

  return (
    <PageContainer
      menuName="record"
      extra={
        canCreate && (
          <>
            <Button
              icon={<FolderAddOutlined />}
              data-testid="record-create-folder"
              onClick={() => setTarget(newTarget(true))}
            >
              {t('actions.createFolder')}
            </Button>
            <Button type="primary" data-testid="record-create" onClick={() => setTarget(newTarget(false))}>
              {t('actions.createSheet')}
            </Button>
          </>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <Card size="small" title={t('tree.title')}>
            {folderActions && <div style={{ marginBottom: 8 }}>{folderActions}</div>}
            {tree.isLoading ? (
              <div style={{ textAlign: 'center', padding: 32 }}>
                <Spin />
              </div>
            ) : !data.length ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />
            ) : (
              <Tree
                data-testid="record-tree"
                showLine
                blockNode
                defaultExpandAll
                treeData={data}
                selectedKeys={s.node ? [s.node] : []}
                onSelect={(keys) => {
                  const key = keys.length ? String(keys[0]) : undefined;
                  const node = key && tree.data ? findNode(tree.data, key) : undefined;
                  if (node?.kind === 'SHEET') void editById(node.id!);
                  else set({ node: key, page: 1 }, { push: true });
                }}
                style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 240, overflow: 'auto' }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <DataTable<RecordSheet>
            testId="record-table"
            rowKey="id"
            historyTable="records"
            columns={columns}
            data={list.data?.data}
            loading={list.isFetching}
            exportName={menuLabel}
            onExport={() =>
              download(recordEndpoints.listExport, `${menuLabel}.xlsx`, { query: { ...args, q: args.q || undefined } })
            }
            pagination={{
              page: s.page,
              size: s.size,
              total: list.data?.total ?? 0,
              onChange: (page, size) => set({ page, size }),
            }}
            toolbar={
              <>
                {s.node && (
                  <Tag closable data-testid="record-node-filter" onClose={() => filter({ node: undefined })}>
                    {selected?.kind === 'TYPE'
                      ? t(`types.${selected.type}`)
                      : (selected?.title ?? t('filters.treeNode'))}
                  </Tag>
                )}
                <Select<string>
                  data-testid="record-type-filter"
                  aria-label={t('filters.allTypes')}
                  placeholder={t('filters.allTypes')}
                  allowClear
                  disabled={!!s.node}
                  value={s.type}
                  onChange={(type) => filter({ type })}
                  options={RECORD_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                  style={{ width: 140 }}
                />
                <SearchBox
                  testId="record-search"
                  placeholder={t('filters.search')}
                  value={s.q}
                  onSearch={(q) => filter({ q })}
                  style={{ width: 240 }}
                />
              </>
            }
          />
        </Col>
      </Row>
      <RecordDialog target={target} onClose={() => setTarget(null)} />
    </PageContainer>
  );
}
