import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOM_EXT_TABLES, type CustomExtTable, type CustomField } from '@eqms/contract';
import { Button, Card, Col, Empty, Row, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { CustomFieldFormDialog } from '../components/CustomFieldFormDialog.tsx';
import { useCustomExtApi, useExtTables, useTableColumns } from '../custom-ext.queries.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';

registerLocales('customExt', { kr, en });

/** The fields with `id` moved one place up (-1) or down (+1), renumbered 1..n in their new order. */
export function moveField(fields: CustomField[], id: number, step: -1 | 1): { id: number; sequence: number }[] | null {
  const i = fields.findIndex((f) => f.id === id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= fields.length) return null;
  const order = [...fields];
  [order[i], order[j]] = [order[j], order[i]];
  return order.map((f, k) => ({ id: f.id, sequence: k + 1 }));
}

function DataSummary({ field }: { field: CustomField }) {
  const { t } = useTranslation('customExt');
  const d = field.data;
  if (field.type !== 'list' || !d) return <Typography.Text type="secondary">-</Typography.Text>;
  if ('category' in d)
    return (
      <span>
        <Tag color="blue">{t('sources.category')}</Tag>
        {d.category}
      </span>
    );
  if ('service' in d)
    return (
      <span>
        <Tag color="purple">{t('sources.service')}</Tag>
        <Typography.Text code>{d.service.path}</Typography.Text> {d.service.valueKey} → {d.service.labelKey}
      </span>
    );
  return (
    <span>
      <Tag color="gold">{t('sources.items')}</Tag>
      {d.items.map((i) => i.label).join(', ')}
    </span>
  );
}

export default function CustomExtPage() {
  const { t } = useTranslation(['customExt', 'common']);
  const canCreate = useCan('customExt', 'create');
  const canModify = useCan('customExt', 'modify');
  const canDelete = useCan('customExt', 'delete');
  const [url, setUrl] = useUrlState({ table: CUSTOM_EXT_TABLES[0] as string });
  const table = (
    (CUSTOM_EXT_TABLES as readonly string[]).includes(url.table) ? url.table : CUSTOM_EXT_TABLES[0]
  ) as CustomExtTable;
  const tables = useExtTables();
  const columns = useTableColumns(table);
  const fields = useCustomFields(table);
  const customExtApi = useCustomExtApi();
  const [editing, setEditing] = useState<CustomField | null | undefined>(undefined);
  const [moving, setMoving] = useState(false);
  const tableLabel = tables.data?.find((x) => x.table === table)?.label ?? table;
  const list = fields.data ?? [];

  const move = async (f: CustomField, step: -1 | 1) => {
    const order = moveField(list, f.id, step);
    if (!order || moving) return;
    setMoving(true);
    try {
      await customExtApi.reorder(order);
      useAppStore.getState().notify(t('messages.reordered'), 'success');
    } catch {
      // The API client has told the user.
    } finally {
      setMoving(false);
    }
  };

  const remove = async (f: CustomField) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: `${f.display} (${f.field})` }),
      danger: true,
    });
    if (!ok) return;
    try {
      await customExtApi.remove(f.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has told the user.
    }
  };

  const tableColumns: DataColumn<CustomField>[] = [
    {
      key: 'sequence',
      title: t('fields.sequence'),
      width: 70,
      render: (f) => list.indexOf(f) + 1,
      exportValue: (f) => f.sequence,
      filter: false,
    },
    {
      key: 'field',
      title: t('fields.field'),
      dataIndex: 'field',
      width: 150,
      render: (f) => <Typography.Text code>{f.field}</Typography.Text>,
    },
    { key: 'display', title: t('fields.display'), dataIndex: 'display', width: 150 },
    {
      key: 'type',
      title: t('fields.type'),
      width: 110,
      render: (f) => <Tag color={f.type === 'list' ? 'geekblue' : 'default'}>{t(`types.${f.type}`)}</Tag>,
      exportValue: (f) => t(`types.${f.type}`),
    },
    { key: 'data', title: t('fields.data'), width: 300, render: (f) => <DataSummary field={f} /> },
  ];
  if (canModify || canDelete)
    tableColumns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 150,
      fixed: 'right',
      render: (f) => {
        const i = list.indexOf(f);
        return (
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            {canModify && (
              <>
                <RowAction
                  label={t('actions.moveUp')}
                  icon={<ArrowUpOutlined />}
                  testId={`custom-field-up-${f.field}`}
                  onClick={() => i > 0 && move(f, -1)}
                />
                <RowAction
                  label={t('actions.moveDown')}
                  icon={<ArrowDownOutlined />}
                  testId={`custom-field-down-${f.field}`}
                  onClick={() => i < list.length - 1 && move(f, 1)}
                />
                <RowAction
                  label={t('common:actions.edit')}
                  icon={<EditOutlined />}
                  testId={`custom-field-edit-${f.field}`}
                  onClick={() => setEditing(f)}
                />
              </>
            )}
            {canDelete && (
              <RowAction
                label={t('common:actions.delete')}
                icon={<DeleteOutlined />}
                danger
                testId={`custom-field-delete-${f.field}`}
                onClick={() => remove(f)}
              />
            )}
          </Space>
        );
      },
    });

  return (
    <PageContainer menuName="customExt">
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Space wrap align="center">
            <Typography.Text strong>{t('fields.table')}</Typography.Text>
            <Segmented<CustomExtTable>
              data-testid="custom-ext-table"
              value={table}
              onChange={(v) => setUrl({ table: v })}
              options={(tables.data ?? CUSTOM_EXT_TABLES.map((x) => ({ table: x, label: x }))).map((x) => ({
                value: x.table,
                label: <span data-testid={`custom-ext-table-${x.table}`}>{x.label}</span>,
              }))}
            />
          </Space>
        </Col>
        <Col xs={24} xl={17}>
          <Card
            size="small"
            title={t('titles.fieldsOf', { table: tableLabel })}
            extra={
              canCreate && (
                <Button
                  size="small"
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="custom-field-create"
                  onClick={() => setEditing(null)}
                >
                  {t('actions.create')}
                </Button>
              )
            }
          >
            {canModify && (
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('hints.order')}
              </Typography.Paragraph>
            )}
            <DataTable<CustomField>
              testId="custom-field-table"
              rowKey="id"
              columns={tableColumns}
              data={fields.data}
              loading={fields.isFetching || moving}
              exportName={t('titles.fieldsOf', { table: tableLabel })}
              historyTable="custom_ext_fields"
            />
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <Card size="small" title={t('titles.columns')} data-testid="custom-ext-columns">
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('hints.columns')}
            </Typography.Paragraph>
            {columns.isLoading ? (
              <Spin />
            ) : columns.data?.length ? (
              <Space size={[4, 6]} wrap>
                {columns.data.map((c) => (
                  <Tag key={c} style={{ fontFamily: 'monospace' }}>
                    {c}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
      </Row>
      <CustomFieldFormDialog
        open={editing !== undefined}
        table={table}
        tableLabel={tableLabel}
        field={editing ?? null}
        columns={columns.data ?? []}
        onClose={() => setEditing(undefined)}
      />
    </PageContainer>
  );
}
