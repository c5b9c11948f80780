import { type SanitationTemplateItem, sanitationTemplateFieldsSchema } from '@eqms/contract';
import { Alert, Button, Col, Form, Input, Modal, Row, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { HACCP_NS } from '../haccp.locales.ts';
import { SANITATION_NS } from '../sanitation.locales.ts';
import { type TemplateItemValues, useSanitationApi, useTemplateItems } from '../sanitation.queries.ts';

const shape = sanitationTemplateFieldsSchema.shape;
type Editing = SanitationTemplateItem | { new: true; locationId?: number } | null;

function TemplateItemForm({ row, onClose }: { row: Editing; onClose: () => void }) {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  const api = useSanitationApi();
  const existing = row && 'id' in row ? row : null;
  const submit = async (v: Partial<TemplateItemValues>, form: Parameters<typeof showSaveError>[0]) => {
    const body = { locationId: v.locationId!, name: v.name ?? '', sort: v.sort ?? 0, enabled: v.enabled ?? true };
    try {
      if (existing) await api.updateTemplateItem({ id: existing.id, ...body });
      else await api.createTemplateItem(body);
      useAppStore.getState().notify(t('messages.saved'), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<Partial<TemplateItemValues>>
      open={row !== null}
      title={t(existing ? 'titles.templateEdit' : 'titles.templateCreate')}
      testId="sanitation-template-form"
      width={560}
      initialValues={
        existing ?? { locationId: row && !('id' in row) ? row.locationId : undefined, sort: 0, enabled: true }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="locationId" label={t('fields.area')} required rules={[zodRule(shape.locationId)]}>
            <LocationTreeSelect testId="sanitation-template-area" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="sanitation-template-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={5}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[zodRule(shape.sort)]}>
            <NumberField testId="sanitation-template-sort" integer min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={5}>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch data-testid="sanitation-template-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

/** The check items of each area (the template new check lists copy): add, edit, order, switch off, delete. */
export function TemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  const items = useTemplateItems();
  const api = useSanitationApi();
  const menu = 'sanitationProcessCheckList';
  const canCreate = useCan(menu, 'create');
  const canModify = useCan(menu, 'modify');
  const canDelete = useCan(menu, 'delete');
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Modal open={open} title={t('titles.template')} width={860} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="sanitation-template-dialog">
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('hints.templateCopy')} />
        {canCreate && (
          <Button
            type="primary"
            data-testid="sanitation-template-create"
            onClick={() => setEditing({ new: true })}
            style={{ marginBottom: 12 }}
          >
            {t('actions.addItem')}
          </Button>
        )}
        <Table<SanitationTemplateItem>
          rowKey="id"
          size="small"
          loading={items.isFetching}
          dataSource={items.data ?? []}
          pagination={false}
          scroll={{ x: 640, y: 420 }}
          columns={[
            { key: 'area', title: t('fields.area'), dataIndex: 'locationName', width: 160 },
            { key: 'sort', title: t('fields.sort'), dataIndex: 'sort', width: 70 },
            { key: 'name', title: t('fields.name'), dataIndex: 'name' },
            {
              key: 'enabled',
              title: t('fields.enabled'),
              width: 70,
              render: (_, r) => (r.enabled ? 'Y' : 'N'),
            },
            {
              key: 'actions',
              title: t('fields.actions'),
              width: 100,
              render: (_, r) => (
                <EditDeleteActions
                  testId="sanitation-template"
                  rowId={r.id}
                  canModify={canModify}
                  canDelete={canDelete}
                  onEdit={() => setEditing(r)}
                  onDelete={() =>
                    void confirmRemove(t('messages.confirmDeleteItem', { name: r.name }), async () => {
                      await api.removeTemplateItem(r.id);
                      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
                    })
                  }
                />
              ),
            },
          ]}
        />
      </div>
      <TemplateItemForm row={editing} onClose={() => setEditing(null)} />
    </Modal>
  );
}
