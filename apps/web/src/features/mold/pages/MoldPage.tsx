import { HistoryOutlined, LoginOutlined, LogoutOutlined, PictureOutlined, WarningOutlined } from '@ant-design/icons';
import { MOLD_MAINTENANCE_RATIO, type Mold, moldEndpoints } from '@eqms/contract';
import { Button, Col, Flex, Progress, Row, Select, Switch, Tag, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ACTIONS_WIDTH, EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { InoutDialog } from '../components/InoutDialog.tsx';
import { InoutHistoryDialog } from '../components/InoutHistoryDialog.tsx';
import { MoldDialog } from '../components/MoldDialog.tsx';
import { type MoldTreeKind, MoldTreePanel } from '../components/MoldTreePanel.tsx';
import { MOLD_NS } from '../mold.locales.ts';
import { scopeOfKey, useMoldApi, useMolds, useProductOptions } from '../mold.queries.ts';

const PAGE_SIZE = 50;

type PageState = {
  tree: string;
  node: string | undefined;
  treeEmpty: string;
  q: string | undefined;
  productId: number | undefined;
  due: string;
  mounted: string;
  page: number;
  size: number;
};

/** /mold/moldInfo: molds by location and by product, their in/out (mount on a press, return to a shelf) and life. */
export default function MoldPage() {
  const { t } = useTranslation([MOLD_NS, 'common']);
  const { token } = theme.useToken();
  const menuLabel = useMenuLabel('moldInfo');
  const canCreate = useCan('moldInfo', 'create');
  const canModify = useCan('moldInfo', 'modify');
  const canDelete = useCan('moldInfo', 'delete');
  const api = useMoldApi();
  const products = useProductOptions(true);
  const [s, set] = useUrlState<PageState>(
    {
      tree: 'location',
      node: undefined,
      treeEmpty: '',
      q: undefined,
      productId: undefined,
      due: '',
      mounted: '',
      page: 1,
      size: PAGE_SIZE,
    },
    { numbers: ['productId'] },
  );
  const [editing, setEditing] = useState<Mold | 'new' | null>(null);
  const [inout, setInout] = useState<{ mold: Mold; type: 'IN' | 'OUT' } | null>(null);
  const [historyOf, setHistoryOf] = useState<Mold | null>(null);
  const scope = scopeOfKey(s.node);
  const args = {
    q: s.q,
    productId: s.productId,
    due: s.due as 'true' | '',
    mounted: s.mounted as 'true' | 'false' | '',
  };
  const list = useMolds(scope, args, s.page, s.size);
  const filter = (patch: Partial<PageState>) => set({ ...patch, page: 1 });
  // Dialogs follow the list, so they show the saved state after a write.
  const fresh = (m: Mold | null) => (m ? (list.data?.data.find((r) => r.id === m.id) ?? m) : null);
  const editingRow = editing === 'new' ? null : fresh(editing);

  const columns: DataColumn<Mold>[] = [
    {
      key: 'code',
      title: t('fields.code'),
      width: 120,
      render: (r) => <span data-testid="mold-code-cell">{r.code}</span>,
      exportValue: (r) => r.code,
    },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 160 },
    {
      key: 'status',
      title: t('fields.status'),
      width: 150,
      render: (r) => (
        <Flex gap={4} wrap data-testid={`mold-status-${r.code}`}>
          <Tag color={r.mounted ? 'blue' : 'default'}>{t(r.mounted ? 'status.mounted' : 'status.stored')}</Tag>
          {r.dueForMaintenance && (
            <Tag color="warning" icon={<WarningOutlined />} data-testid={`mold-due-${r.code}`}>
              {t('status.due')}
            </Tag>
          )}
        </Flex>
      ),
      exportValue: (r) =>
        [t(r.mounted ? 'status.mounted' : 'status.stored'), r.dueForMaintenance ? t('status.due') : null]
          .filter(Boolean)
          .join(', '),
    },
    { key: 'placePath', title: t('fields.place'), dataIndex: 'placePath', width: 240 },
    {
      key: 'products',
      title: t('fields.products'),
      width: 200,
      render: (r) => r.products.map((p) => `${p.code} ${p.name}`).join(', '),
      exportValue: (r) => r.products.map((p) => `${p.code} ${p.name}`).join(', '),
    },
    { key: 'cavities', title: t('fields.cavities'), dataIndex: 'cavities', width: 80 },
    {
      key: 'shotCount',
      title: t('fields.shotCount'),
      width: 110,
      render: (r) => <span data-testid={`mold-shots-${r.code}`}>{r.shotCount.toLocaleString()}</span>,
      exportValue: (r) => r.shotCount,
      sorter: (a, b) => a.shotCount - b.shotCount,
    },
    {
      key: 'ratedShots',
      title: t('fields.ratedShots'),
      width: 120,
      render: (r) => (r.ratedShots == null ? '' : r.ratedShots.toLocaleString()),
      exportValue: (r) => r.ratedShots,
    },
    {
      key: 'lifeRatio',
      title: t('fields.lifeRatio'),
      width: 140,
      render: (r) =>
        r.lifeRatio == null ? (
          ''
        ) : (
          <Tooltip title={r.dueForMaintenance ? t('hints.due', { pct: MOLD_MAINTENANCE_RATIO * 100 }) : undefined}>
            <Progress
              percent={Math.round(r.lifeRatio * 100)}
              size="small"
              status={r.dueForMaintenance ? 'exception' : 'normal'}
              strokeColor={r.dueForMaintenance ? token.colorWarning : undefined}
              aria-label={`${t('fields.lifeRatio')} ${r.code}`}
            />
          </Tooltip>
        ),
      exportValue: (r) => (r.lifeRatio == null ? null : `${Math.round(r.lifeRatio * 100)}%`),
    },
    {
      key: 'designImage',
      title: t('fields.designImage'),
      width: 80,
      render: (r) =>
        r.designImageId ? (
          <Tooltip title={r.designImageName}>
            <PictureOutlined aria-label={r.designImageName ?? ''} />
          </Tooltip>
        ) : null,
      exportValue: (r) => r.designImageName,
    },
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: ACTIONS_WIDTH + 96,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="mold"
          rowId={r.code}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() =>
            void confirmRemove(t('messages.confirmDelete', { code: r.code, name: r.name }), async () => {
              await api.remove(r.id);
              useAppStore.getState().notify(t('common:messages.deleted'), 'success');
            })
          }
        >
          {canModify &&
            (r.mounted ? (
              <RowAction
                label={t('actions.return')}
                icon={<LogoutOutlined />}
                testId={`mold-return-${r.code}`}
                onClick={() => setInout({ mold: r, type: 'OUT' })}
              />
            ) : (
              <RowAction
                label={t('actions.mount')}
                icon={<LoginOutlined />}
                testId={`mold-mount-${r.code}`}
                onClick={() => setInout({ mold: r, type: 'IN' })}
              />
            ))}
          <RowAction
            label={t('actions.history')}
            icon={<HistoryOutlined />}
            testId={`mold-history-${r.code}`}
            onClick={() => setHistoryOf(r)}
          />
        </EditDeleteActions>
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="moldInfo"
      extra={
        canCreate && (
          <Button type="primary" data-testid="mold-create" onClick={() => setEditing('new')}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <MoldTreePanel
            kind={s.tree as MoldTreeKind}
            onKind={(tree) => set({ tree, node: undefined, page: 1 })}
            empty={s.treeEmpty === 'true'}
            onEmpty={(z) => set({ treeEmpty: z ? 'true' : '' })}
            selected={s.node}
            onSelect={(node) => set({ node, page: 1 }, { push: true })}
          />
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <DataTable<Mold>
            testId="mold-table"
            rowKey="id"
            historyTable="molds"
            columns={columns}
            data={list.data?.data}
            loading={list.isFetching}
            exportName={menuLabel}
            onExport={() =>
              download(moldEndpoints.listExport, `${menuLabel}.xlsx`, {
                query: {
                  q: s.q || undefined,
                  productId: scope.productId || s.productId || undefined,
                  due: (s.due || undefined) as 'true' | undefined,
                  mounted: (s.mounted || undefined) as 'true' | 'false' | undefined,
                  ids: scope.moldId ? [scope.moldId] : undefined,
                },
              })
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
                  <Tag closable data-testid="mold-node-filter" onClose={() => filter({ node: undefined })}>
                    {t('filters.treeNode')}
                  </Tag>
                )}
                <SearchBox
                  testId="mold-search"
                  placeholder={t('filters.search')}
                  value={s.q}
                  onSearch={(q) => filter({ q })}
                  style={{ width: 220 }}
                />
                <Select<number>
                  data-testid="mold-product-filter"
                  aria-label={t('filters.allProducts')}
                  placeholder={t('filters.allProducts')}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  value={s.productId}
                  onChange={(productId) => filter({ productId })}
                  options={(products.data?.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
                  style={{ width: 200 }}
                />
                <Select<string>
                  data-testid="mold-mounted-filter"
                  aria-label={t('filters.mounted')}
                  placeholder={t('filters.mounted')}
                  allowClear
                  value={s.mounted || undefined}
                  onChange={(mounted) => filter({ mounted: mounted ?? '' })}
                  options={[
                    { value: 'true', label: t('filters.mountedYes') },
                    { value: 'false', label: t('filters.mountedNo') },
                  ]}
                  style={{ width: 150 }}
                />
                <Flex align="center" gap={6}>
                  <Switch
                    size="small"
                    checked={s.due === 'true'}
                    onChange={(v) => filter({ due: v ? 'true' : '' })}
                    data-testid="mold-due-filter"
                    aria-label={t('filters.due')}
                  />
                  <Typography.Text>{t('filters.due')}</Typography.Text>
                </Flex>
              </>
            }
          />
        </Col>
      </Row>
      <MoldDialog open={editing !== null} row={editingRow} onClose={() => setEditing(null)} />
      <InoutDialog mold={inout?.mold ?? null} type={inout?.type ?? 'IN'} onClose={() => setInout(null)} />
      <InoutHistoryDialog mold={fresh(historyOf)} canModify={canModify} onClose={() => setHistoryOf(null)} />
    </PageContainer>
  );
}
