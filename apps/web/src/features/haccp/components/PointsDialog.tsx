import { CCP_LIMIT_KINDS, CCP_TYPES, type Ccp, ccpFieldsSchema } from '@eqms/contract';
import { Button, Col, Form, Input, Modal, Row, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { HACCP_NS } from '../haccp.locales.ts';
import { type PointValues, useCcps, useHaccpApi } from '../haccp.queries.ts';
import { limitsText } from './record-text.ts';

const shape = ccpFieldsSchema.shape;

function PointForm({ row, onClose }: { row: Ccp | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const api = useHaccpApi();
  const existing = row && row !== 'new' ? row : null;
  const submit = async (v: Partial<PointValues>, form: Parameters<typeof showSaveError>[0]) => {
    const body = {
      name: v.name ?? '',
      type: v.type!,
      limitKind: v.limitKind!,
      minValue: v.minValue ?? null,
      maxValue: v.maxValue ?? null,
      unit: v.unit || null,
      frequencyHours: v.frequencyHours ?? null,
      enabled: v.enabled ?? true,
      note: v.note || null,
    };
    try {
      if (existing) await api.updatePoint({ id: existing.id, ...body });
      else await api.createPoint(body);
      useAppStore.getState().notify(t('messages.saved'), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<Partial<PointValues>>
      open={row !== null}
      title={t(existing ? 'titles.pointEdit' : 'titles.pointCreate')}
      testId="ccp-point-dialog"
      width={640}
      initialValues={existing ?? { type: 'HEATING', limitKind: 'RANGE', enabled: true }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="ccp-point-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('fields.type')} required>
            <Select
              data-testid="ccp-point-type"
              options={CCP_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="limitKind" label={t('fields.limitKind')} required>
            <Select
              data-testid="ccp-point-limit-kind"
              options={CCP_LIMIT_KINDS.map((v) => ({ value: v, label: t(`limitKinds.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="frequencyHours" label={t('fields.frequencyHours')} rules={[zodRule(shape.frequencyHours)]}>
            <NumberField testId="ccp-point-frequency" integer min={1} max={24} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={['limitKind']}>
          {(f) =>
            f.getFieldValue('limitKind') === 'RANGE' && (
              <>
                <Col xs={8}>
                  <Form.Item name="minValue" label={t('fields.minValue')}>
                    <NumberField testId="ccp-point-min" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item name="maxValue" label={t('fields.maxValue')}>
                    <NumberField testId="ccp-point-max" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item name="unit" label={t('fields.unit')}>
                    <Input data-testid="ccp-point-unit" maxLength={20} />
                  </Form.Item>
                </Col>
              </>
            )
          }
        </Form.Item>
        <Col xs={24} sm={16}>
          <Form.Item name="note" label={t('fields.note')}>
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

/** The critical control points: their limits and monitoring frequency (master data of the CCP monitoring screen). */
export function PointsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const points = useCcps();
  const api = useHaccpApi();
  const canCreate = useCan('ccpMonitoring', 'create');
  const canModify = useCan('ccpMonitoring', 'modify');
  const canDelete = useCan('ccpMonitoring', 'delete');
  const [editing, setEditing] = useState<Ccp | 'new' | null>(null);
  return (
    <Modal open={open} title={t('titles.points')} width={900} onCancel={onClose} footer={null} destroyOnHidden>
      {canCreate && (
        <Button
          type="primary"
          data-testid="ccp-point-create"
          onClick={() => setEditing('new')}
          style={{ marginBottom: 12 }}
        >
          {t('actions.addPoint')}
        </Button>
      )}
      <Table<Ccp>
        rowKey="id"
        size="small"
        loading={points.isFetching}
        dataSource={points.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          { key: 'type', title: t('fields.type'), render: (_, r) => t(`types.${r.type}`) },
          { key: 'limits', title: t('fields.limits'), render: (_, r) => limitsText(r, t) },
          {
            key: 'frequency',
            title: t('fields.frequencyHours'),
            render: (_, r) => (r.frequencyHours ? t('values.every', { hours: r.frequencyHours }) : t('values.none')),
          },
          { key: 'enabled', title: t('fields.enabled'), render: (_, r) => (r.enabled ? 'Y' : 'N'), width: 70 },
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 100,
            render: (_, r) => (
              <EditDeleteActions
                testId="ccp-point"
                rowId={r.id}
                canModify={canModify}
                canDelete={canDelete}
                onEdit={() => setEditing(r)}
                onDelete={() =>
                  void confirmRemove(t('messages.confirmDeletePoint', { name: r.name }), async () => {
                    await api.removePoint(r.id);
                    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
                  })
                }
              />
            ),
          },
        ]}
      />
      <PointForm row={editing} onClose={() => setEditing(null)} />
    </Modal>
  );
}
