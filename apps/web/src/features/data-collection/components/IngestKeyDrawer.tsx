import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { INGEST_KEY_HEADER, type IngestKey, ingestKeyCreateBody, type ToolTreeNode } from '@eqms/contract';
import { Alert, Button, Drawer, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { useParameterToolTree } from '../../parameter/parameter.queries.ts';
import { useCreateIngestKey, useIngestKeys, useRevokeIngestKey } from '../data-collection.queries.ts';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';

const when = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

function toolsOf(nodes: ToolTreeNode[]): ToolTreeNode[] {
  return nodes.flatMap((n) => (n.kind === 'tool' ? [n] : toolsOf(n.children)));
}

type CreateValues = { name: string; toolId: number | null };

/**
 * The parameter screen's machine connection: the ingest keys machines and gateways send values with (POST
 * /api/trace-data/ingest, header x-api-key). A new key is shown once, with a copy button (only its hash is kept);
 * revoking asks first and holds from the next request. Keys need the parameter menu's rights (view, create, delete).
 */
export function IngestKeyButton({ canCreate, canDelete }: { canCreate: boolean; canDelete: boolean }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button data-testid="ingest-keys-open" icon={<ApiOutlined />} onClick={() => setOpen(true)}>
        {t('keys.open')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('keys.title')}
        size={Math.min(980, window.innerWidth)}
        destroyOnHidden
        data-testid="ingest-keys-drawer"
      >
        {open && <IngestKeys canCreate={canCreate} canDelete={canDelete} />}
      </Drawer>
    </>
  );
}

function IngestKeys({ canCreate, canDelete }: { canCreate: boolean; canDelete: boolean }) {
  const { t } = useTranslation([DATA_COLLECTION_NS, 'common']);
  const keys = useIngestKeys(true);
  const create = useCreateIngestKey();
  const revoke = useRevokeIngestKey();
  const tree = useParameterToolTree();
  const tools = useMemo(() => toolsOf(tree.data ?? []), [tree.data]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  const askRevoke = async (k: IngestKey) => {
    const ok = await useAppStore
      .getState()
      .askConfirm({ title: t('common:confirm.title'), text: t('keys.confirmRevoke', { name: k.name }), danger: true });
    if (ok) await revoke.mutateAsync(k.id).catch(() => undefined);
  };

  const columns: DataColumn<IngestKey>[] = [
    { key: 'name', title: t('keys.fields.name'), dataIndex: 'name', width: 170, sorter: true },
    {
      key: 'tool',
      title: t('keys.fields.tool'),
      width: 150,
      filter: false,
      render: (k) => (k.toolId ? `${k.toolName} (${k.toolCode})` : t('keys.allTools')),
    },
    {
      key: 'prefix',
      title: t('keys.fields.prefix'),
      width: 110,
      filter: false,
      render: (k) => <Typography.Text code>{k.prefix}…</Typography.Text>,
      exportValue: (k) => k.prefix,
    },
    {
      key: 'createdAt',
      title: t('keys.fields.created'),
      width: 160,
      filter: false,
      render: (k) => `${when(k.createdAt)} ${k.createdBy ?? ''}`.trim(),
    },
    {
      key: 'lastUsedAt',
      title: t('keys.fields.lastUsed'),
      width: 140,
      filter: false,
      render: (k) => when(k.lastUsedAt),
    },
    {
      key: 'status',
      title: t('keys.fields.status'),
      width: 140,
      filter: false,
      render: (k) =>
        k.revokedAt ? (
          <span>
            <Tag color="default" data-testid="ingest-key-status" data-status="revoked">
              {t('keys.revokedTag')}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              {`${when(k.revokedAt)} ${k.revokedBy ?? ''}`.trim()}
            </Typography.Text>
          </span>
        ) : (
          <Tag color="success" data-testid="ingest-key-status" data-status="active">
            {t('keys.active')}
          </Tag>
        ),
    },
    ...(canDelete
      ? [
          {
            key: 'actions',
            title: t('keys.fields.actions'),
            width: 80,
            render: (k: IngestKey) =>
              k.revokedAt ? null : (
                <Button size="small" danger data-testid="ingest-key-revoke" onClick={() => void askRevoke(k)}>
                  {t('keys.revoke')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('keys.help', { header: INGEST_KEY_HEADER })}
        <br />
        <Typography.Text code copyable>
          POST /api/trace-data/ingest
        </Typography.Text>
      </Typography.Paragraph>
      <DataTable<IngestKey>
        testId="ingest-keys-table"
        rowKey="id"
        columns={columns}
        data={keys.data}
        loading={keys.isFetching}
        height={360}
        toolbar={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="ingest-key-create"
              onClick={() => setCreating(true)}
            >
              {t('keys.create')}
            </Button>
          )
        }
      />
      <FormDialog<CreateValues>
        open={creating}
        title={t('keys.create')}
        testId="ingest-key-form"
        initialValues={{ toolId: null }}
        okText={t('keys.createOk')}
        onClose={() => setCreating(false)}
        onSubmit={async (values, form) => {
          try {
            const res = await create.mutateAsync({ name: values.name?.trim(), toolId: values.toolId ?? null });
            setCreated({ name: res.name, key: res.key });
          } catch (err) {
            showSaveError(form, err);
            throw err;
          }
        }}
      >
        <Form.Item
          name="name"
          label={t('keys.fields.name')}
          rules={[zodRule(ingestKeyCreateBody.shape.name)]}
          extra={t('keys.nameHint')}
        >
          <Input data-testid="ingest-key-form-name" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="toolId" label={t('keys.fields.tool')} extra={t('keys.toolHint')}>
          <Select<number | null>
            data-testid="ingest-key-form-tool"
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: null, label: t('keys.allTools') } as { value: number | null; label: string },
              ...tools.map((tool) => ({ value: tool.id, label: `${tool.name} (${tool.code ?? ''})` })),
            ]}
          />
        </Form.Item>
      </FormDialog>
      <Modal
        open={!!created}
        title={t('keys.createdTitle', { name: created?.name ?? '' })}
        onCancel={() => setCreated(null)}
        onOk={() => setCreated(null)}
        okText={t('keys.createdOk')}
        cancelButtonProps={{ style: { display: 'none' } }}
        mask={{ closable: false }}
        data-testid="ingest-key-created"
      >
        <Alert type="warning" showIcon title={t('keys.onceWarning')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          code
          copyable={{ text: created?.key, tooltips: [t('keys.copy'), t('keys.copied')] }}
          data-testid="ingest-key-secret"
          style={{ wordBreak: 'break-all', fontSize: 14 }}
        >
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
