import { TeamOutlined } from '@ant-design/icons';
import { type BizPartner, bizPartnerEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Row, Space, Spin, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
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
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { bizPartnerKeys, useBizPartnerApi, useBizPartners, useBizPartnerTree } from '../biz-partner.queries.ts';
import { BizPartnerFormDialog } from '../components/BizPartnerFormDialog.tsx';
import { PartnerOrdersPanel } from '../components/PartnerOrdersPanel.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';

registerLocales('bizPartner', { kr, en });

const ALL = 'all';
const TYPE_COLORS: Record<string, string> = { CUSTOMER: 'blue', SUPPLIER: 'green', OUTSOURCER: 'orange' };

export default function BizPartnerPage() {
  const { t } = useTranslation(['bizPartner', 'common']);
  const locale = useAppStore((s) => s.locale);
  const canCreate = useCan('bizPartner', 'create');
  const canModify = useCan('bizPartner', 'modify');
  const canDelete = useCan('bizPartner', 'delete');
  const menuLabel = useMenuLabel('bizPartner');
  // The type chosen in the tree and the selected partner are in the URL (a link or reload shows the same).
  const [view, setView] = useUrlState<{ type: string | undefined; id: number | undefined }>(
    { type: undefined, id: undefined },
    { numbers: ['id'] },
  );
  const list = useBizPartners();
  const tree = useBizPartnerTree();
  const partnerApi = useBizPartnerApi();
  const typeLabel = useCodeLabel('BIZ_PARTNER_TYPE');
  const customFields = useCustomFields('biz_partners');
  const customOptions = useCustomFieldOptions(customFields.data);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<BizPartner | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);

  const partners = list.data ?? [];
  const shown = useMemo(
    () => (view.type ? partners.filter((p) => p.types.includes(view.type!)) : partners),
    [partners, view.type],
  );
  const selected = view.id != null ? (partners.find((p) => p.id === view.id) ?? null) : null;

  const remove = async (rows: BizPartner[]) => {
    await partnerApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    if (selected && rows.some((r) => r.id === selected.id)) setView({ id: undefined });
  };
  const removeOne = (p: BizPartner) =>
    confirmRemove(t('messages.confirmDelete', { name: `${p.name} (${p.code})` }), () => remove([p]));

  const typeTags = (p: BizPartner) => (
    <Space size={[4, 4]} wrap>
      {p.types.map((type) => (
        <Tag key={type} color={TYPE_COLORS[type]} data-testid="biz-partner-type-tag">
          {typeLabel(type)}
        </Tag>
      ))}
    </Space>
  );

  const columns: DataColumn<BizPartner>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', sorter: true, width: 110 },
    { key: 'clientCode', title: t('fields.clientCode'), dataIndex: 'clientCode', sorter: true, width: 110 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', sorter: true, width: 170 },
    {
      key: 'types',
      title: t('fields.types'),
      width: 150,
      render: typeTags,
      exportValue: (p) => p.types.map(typeLabel).join(', '),
    },
    { key: 'bizRegNo', title: t('fields.bizRegNo'), dataIndex: 'bizRegNo', width: 130 },
    { key: 'corpRegNo', title: t('fields.corpRegNo'), dataIndex: 'corpRegNo', width: 140 },
    { key: 'ceoName', title: t('fields.ceoName'), dataIndex: 'ceoName', sorter: true, width: 90 },
    { key: 'phone', title: t('fields.phone'), dataIndex: 'phone', width: 130 },
    { key: 'email', title: t('fields.email'), dataIndex: 'email', width: 200 },
    { key: 'address', title: t('fields.address'), dataIndex: 'address', width: 240 },
    {
      key: 'contacts',
      title: t('fields.contacts'),
      width: 140,
      render: (p) =>
        p.contacts.length ? (
          <Tooltip
            title={p.contacts.map((c) => (
              <div key={c.id}>
                {c.name}
                {c.position ? ` ${c.position}` : ''}
                {c.phone ? ` · ${c.phone}` : ''}
              </div>
            ))}
          >
            <span>
              <TeamOutlined /> {p.contacts[0].name}
              {p.contacts.length > 1 ? ` +${p.contacts.length - 1}` : ''}
            </span>
          </Tooltip>
        ) : (
          ''
        ),
      exportValue: (p) => p.contacts.map((c) => c.name).join(', '),
    },
    ...customFieldColumns<BizPartner>(customFields.data ?? [], t, customOptions),
  ];
  columns.push(
    ...rowActionsColumn<BizPartner>({
      title: t('fields.actions'),
      testId: 'biz-partner',
      rowId: (p) => p.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  // All partners → each type (labels of the code in the UI language) → the partners having it.
  const treeData: DataNode[] = [
    {
      key: ALL,
      title: (
        <span data-testid="biz-partner-node-all">
          {t('tree.all')} <Badge count={partners.length} color="gray" showZero overflowCount={9999} />
        </span>
      ),
      children: (tree.data ?? []).map((node) => ({
        key: `type:${node.type}`,
        title: (
          <span data-testid="biz-partner-type-node" data-type={node.type}>
            <Tag color={TYPE_COLORS[node.type]} style={{ marginInlineEnd: 6 }}>
              {(locale === 'en' ? node.nameEn : node.name) || node.type}
            </Tag>
            <Typography.Text type="secondary">{node.children.length}</Typography.Text>
          </span>
        ),
        children: node.children.map((p) => ({
          key: `partner:${node.type}:${p.id}`,
          isLeaf: true,
          title: (
            <span data-testid="biz-partner-tree-partner" data-type={node.type} data-code={p.code}>
              {p.name}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.code}
              </Typography.Text>
            </span>
          ),
        })),
      })),
    },
  ];
  const selectedKey = view.id != null && view.type ? `partner:${view.type}:${view.id}` : `type:${view.type ?? ''}`;

  const onSelectNode = (key: string) => {
    if (key === ALL) return setView({ type: undefined });
    const [kind, type, id] = key.split(':');
    if (kind === 'type') return setView({ type });
    setView({ type, id: Number(id) }, { push: true });
  };

  return (
    <PageContainer
      menuName="bizPartner"
      extra={
        <ImportCreateButtons
          testIdPrefix="biz-partner"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={() => setImporting(true)}
        />
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7} xl={6}>
          <Card size="small" title={t('titles.tree')}>
            {tree.isLoading ? (
              <div style={{ textAlign: 'center', padding: 32 }}>
                <Spin />
              </div>
            ) : (tree.data ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noTypes')} />
            ) : (
              <Tree
                data-testid="biz-partner-tree"
                showLine
                blockNode
                defaultExpandAll
                treeData={treeData}
                selectedKeys={view.type ? [selectedKey] : [ALL]}
                onSelect={(keys) => keys.length && onSelectNode(String(keys[0]))}
                style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 240, overflow: 'auto' }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={17} xl={18}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <DataTable<BizPartner>
              testId="biz-partner-table"
              rowKey="id"
              historyTable="biz_partners"
              columns={columns}
              data={shown}
              loading={list.isFetching}
              selectable={canDelete}
              onDeleteSelected={remove}
              exportName={menuLabel}
              onExport={() =>
                download(bizPartnerEndpoints.excelExport, `${menuLabel}.xlsx`, { query: { type: view.type } })
              }
              onRowClick={(p) => setView({ id: p.id }, { push: true })}
              activeRowKey={selected?.id ?? null}
              // Bounded so the selected partner's orders stay in view below the list.
              height={380}
              toolbar={
                view.type ? (
                  <Tag
                    closable
                    color={TYPE_COLORS[view.type]}
                    data-testid="biz-partner-type-filter"
                    onClose={() => setView({ type: undefined })}
                  >
                    {t('fields.types')}: {typeLabel(view.type)}
                  </Tag>
                ) : undefined
              }
            />
            <PartnerOrdersPanel partner={selected} />
          </Space>
        </Col>
      </Row>
      <BizPartnerFormDialog
        open={editing !== undefined}
        partner={editing ?? null}
        defaultType={view.type}
        onClose={() => setEditing(undefined)}
        onSaved={(p) => setView({ id: p.id })}
      />
      <ExcelImportDialog
        open={importing}
        endpoints={bizPartnerEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: bizPartnerKeys.all })}
      />
    </PageContainer>
  );
}
