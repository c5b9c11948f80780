import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FileExcelOutlined,
  HistoryOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { canPlaceLocation, type LocationTreeNode, locationEndpoints } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Input, Row, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { extText, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { HistoryDialog } from '../../../components/HistoryDialog.tsx';
import { LocationTypeTag, useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { type LocationDialogMode, LocationFormDialog } from '../components/LocationFormDialog.tsx';
import { MoveLocationDialog } from '../components/MoveLocationDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { flatten, pathOf, reportLocationError, typeOptionsFor, useLocationApi } from '../location.queries.ts';

registerLocales('location', { kr, en });

type Node = DataNode & { key: number; node: LocationTreeNode; children?: Node[] };

/** The tree keeping only nodes that match the search and their ancestors. */
function filterTree(nodes: LocationTreeNode[], q: string): LocationTreeNode[] {
  if (!q) return nodes;
  const needle = q.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], q);
    const hit = n.name.toLowerCase().includes(needle) || (n.code ?? '').toLowerCase().includes(needle);
    return hit || children.length ? [{ ...n, children: hit && !children.length ? (n.children ?? []) : children }] : [];
  });
}

export default function LocationPage() {
  const { t } = useTranslation(['location', 'common']);
  const canCreate = useCan('location', 'create');
  const canModify = useCan('location', 'modify');
  const canDelete = useCan('location', 'delete');
  const tree = useLocationTree();
  const locationApi = useLocationApi();
  // The selected location and the tree search are in the URL, so a link or a reload shows the same node.
  const [view, setView] = useUrlState<{ id: number | undefined; q: string | undefined }>(
    { id: undefined, q: undefined },
    { numbers: ['id'] },
  );
  const selectedId = view.id ?? null;
  const setSelectedId = (id: number | null) => setView({ id: id ?? undefined }, { push: true });
  const [search, setSearchText] = useState(view.q ?? '');
  const sentSearch = useRef(search);
  const setSearch = (q: string) => {
    sentSearch.current = q;
    setSearchText(q);
    setView({ q });
  };
  // The back button or a link changed the search: the box follows (but not the echo of what was just typed).
  useEffect(() => {
    if ((view.q ?? '') === sentSearch.current) return;
    sentSearch.current = view.q ?? '';
    setSearchText(view.q ?? '');
  }, [view.q]);
  const [historyOf, setHistoryOf] = useState<LocationTreeNode | null>(null);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [dialog, setDialog] = useState<LocationDialogMode | null>(null);
  const [moving, setMoving] = useState<LocationTreeNode | null>(null);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const menuLabel = useMenuLabel('location');
  const customFields = useCustomFields('locations');
  const customOptions = useCustomFieldOptions(customFields.data);

  const data = tree.data ?? [];
  const all = useMemo(() => flatten(data), [data]);
  const byId = useMemo(() => new Map(all.map((n) => [n.id, n])), [all]);
  const selected = selectedId != null ? (byId.get(selectedId) ?? null) : null;
  const parentOfSelected = selected?.parentId != null ? (byId.get(selected.parentId) ?? null) : null;
  // The tree has no audit fields; the details show them from the location itself.
  const detail = useQuery({
    queryKey: ['location', 'one', selectedId],
    queryFn: ({ signal }) => call(locationEndpoints.get, { params: { id: selectedId! }, signal, silent: true }),
    enabled: selected != null,
  });
  const stamp = (by: string | null | undefined, at: string | undefined) =>
    at ? `${dayjs(at).format('YYYY/MM/DD HH:mm')}${by ? ` · ${by}` : ''}` : '-';
  const visible = useMemo(() => filterTree(data, search.trim()), [data, search]);

  // Open everything once loaded; while searching, open every match.
  useEffect(() => {
    if (tree.data && expanded === null)
      setExpanded(
        flatten(tree.data)
          .filter((n) => n.children?.length)
          .map((n) => n.id),
      );
  }, [tree.data, expanded]);
  const expandedKeys = search.trim() ? flatten(visible).map((n) => n.id) : (expanded ?? []);

  const toNodes = (nodes: LocationTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.id,
      node: n,
      title: (
        <span data-testid="location-node" data-name={n.name} data-type={n.type}>
          <LocationTypeTag type={n.type} /> <span style={{ marginInlineStart: 4 }}>{n.name}</span>
          {n.code && (
            <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
              {n.code}
            </Typography.Text>
          )}
        </span>
      ),
      children: n.children?.length ? toNodes(n.children) : undefined,
    }));

  const childTypes = selected ? typeOptionsFor(selected.type) : [];

  const remove = async (n: LocationTreeNode) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: n.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await locationApi.remove(n.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      setSelectedId(n.parentId);
    } catch {
      // The API client has shown what still uses it (related-data dialog).
    }
  };

  const allowDrop: TreeProps<Node>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const target =
      dropPosition === 0 ? dropNode.node : dropNode.node.parentId != null ? byId.get(dropNode.node.parentId) : null;
    if (!target || target.id === dragNode.node.parentId) return false;
    return canPlaceLocation(dragNode.node.type, target.type);
  };

  const onDrop: TreeProps<Node>['onDrop'] = async (info) => {
    const target = info.dropToGap
      ? info.node.node.parentId != null
        ? byId.get(info.node.node.parentId)
        : null
      : info.node.node;
    const dragged = info.dragNode.node;
    if (!target || target.id === dragged.parentId || !canPlaceLocation(dragged.type, target.type)) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmMove', { name: dragged.name, parent: target.name }),
    });
    if (!ok) return;
    try {
      await locationApi.move(dragged, target.id);
      useAppStore.getState().notify(t('messages.moved'), 'success');
      setExpanded((e) => [...new Set([...(e ?? []), target.id])]);
    } catch (err) {
      reportLocationError(err);
    }
  };

  const path = selected ? pathOf(data, selected.id) : [];

  return (
    <PageContainer
      menuName="location"
      extra={
        canCreate && (
          <Button icon={<FileExcelOutlined />} data-testid="location-import" onClick={() => setImporting(true)}>
            {t('excelImport:open')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10} xl={9}>
          <Card
            size="small"
            title={t('titles.tree')}
            extra={
              canCreate && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  data-testid="location-create-root"
                  onClick={() => setDialog({ kind: 'create', parent: null })}
                >
                  {t('actions.createRoot')}
                </Button>
              )
            }
          >
            <Input
              data-testid="location-search"
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('hints.search')}
              aria-label={t('hints.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ marginBottom: 12 }}
            />
            {canModify && (
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
                <DragOutlined /> {t('hints.drag')}
              </Typography.Paragraph>
            )}
            {tree.isLoading ? (
              <div style={{ textAlign: 'center', padding: 32 }}>
                <Spin />
              </div>
            ) : visible.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={search ? t('common:messages.noData') : t('messages.empty')}
              />
            ) : (
              <Tree<Node>
                data-testid="location-tree"
                showLine
                blockNode
                draggable={canModify && !search ? { icon: false } : false}
                allowDrop={allowDrop}
                onDrop={onDrop}
                treeData={toNodes(visible)}
                selectedKeys={selectedId != null ? [selectedId] : []}
                onSelect={(keys) => keys.length && setSelectedId(Number(keys[0]))}
                expandedKeys={expandedKeys}
                onExpand={(keys) => !search.trim() && setExpanded(keys.map(Number))}
                style={{ maxHeight: 'calc(100vh - 330px)', minHeight: 240, overflow: 'auto' }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14} xl={15}>
          <Card
            size="small"
            title={t('titles.details')}
            data-testid="location-details"
            extra={
              selected && (
                <Space wrap size={4}>
                  {canCreate && (
                    <Tooltip title={childTypes.length ? undefined : t('hints.noChildTypes')}>
                      <Button
                        size="small"
                        icon={<PlusOutlined />}
                        disabled={!childTypes.length}
                        data-testid="location-create-child"
                        onClick={() => setDialog({ kind: 'create', parent: selected })}
                      >
                        {t('actions.createChild')}
                      </Button>
                    </Tooltip>
                  )}
                  {canModify && (
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      data-testid="location-edit"
                      onClick={() => setDialog({ kind: 'edit', node: selected, parent: parentOfSelected })}
                    >
                      {t('common:actions.edit')}
                    </Button>
                  )}
                  {canModify && (
                    <Button
                      size="small"
                      icon={<DragOutlined />}
                      data-testid="location-move"
                      disabled={selected.type === 'SITE'}
                      onClick={() => setMoving(selected)}
                    >
                      {t('actions.move')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    icon={<HistoryOutlined />}
                    data-testid="location-history"
                    onClick={() => setHistoryOf(selected)}
                  >
                    {t('historyDialog:title')}
                  </Button>
                  {canDelete && (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid="location-delete"
                      onClick={() => remove(selected)}
                    >
                      {t('common:actions.delete')}
                    </Button>
                  )}
                </Space>
              )
            }
          >
            {selected ? (
              <Descriptions
                column={{ xs: 1, sm: 1, md: 2 }}
                size="small"
                bordered
                items={[
                  {
                    key: 'name',
                    label: t('fields.name'),
                    children: <span data-testid="location-detail-name">{selected.name}</span>,
                  },
                  { key: 'type', label: t('fields.type'), children: <LocationTypeTag type={selected.type} /> },
                  { key: 'code', label: t('fields.code'), children: selected.code ?? '-' },
                  { key: 'sort', label: t('fields.sort'), children: selected.sort },
                  {
                    key: 'path',
                    label: t('fields.path'),
                    span: 'filled',
                    children: path.map((p) => p.name).join(' / '),
                  },
                  {
                    key: 'description',
                    label: t('fields.description'),
                    span: 'filled',
                    children: selected.description || '-',
                  },
                  ...(customFields.data ?? []).map((f) => ({
                    key: `ext.${f.field}`,
                    label: f.display,
                    children: (
                      <span data-testid={`location-detail-ext-${f.field}`}>
                        {extText(f, detail.data?.ext?.[f.field], customOptions[f.field]) || '-'}
                      </span>
                    ),
                  })),
                  {
                    key: 'created',
                    label: t('fields.createdAt'),
                    children: stamp(detail.data?.createdBy, detail.data?.createdAt),
                  },
                  {
                    key: 'updated',
                    label: t('fields.updatedAt'),
                    children: stamp(detail.data?.updatedBy, detail.data?.updatedAt),
                  },
                ]}
              />
            ) : (
              <Empty description={t('hints.select')} style={{ margin: '48px 0' }} />
            )}
          </Card>
        </Col>
      </Row>
      <LocationFormDialog
        mode={dialog}
        onClose={() => setDialog(null)}
        onSaved={(id) => {
          if (dialog?.kind === 'create' && dialog.parent)
            setExpanded((e) => [...new Set([...(e ?? []), dialog.parent!.id])]);
          setSelectedId(id);
        }}
      />
      <MoveLocationDialog tree={data} node={moving} onClose={() => setMoving(null)} />
      <HistoryDialog
        table="locations"
        rowId={historyOf?.id ?? null}
        title={historyOf?.name}
        onClose={() => setHistoryOf(null)}
      />
      <ExcelImportDialog
        open={importing}
        endpoints={locationEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ['location'] });
          // User lists show location paths.
          void queryClient.invalidateQueries({ queryKey: ['user'] });
        }}
      />
    </PageContainer>
  );
}
