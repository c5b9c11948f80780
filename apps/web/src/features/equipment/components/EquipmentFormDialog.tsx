import { EQUIPMENT_STATUSES, type Equipment, equipmentBody } from '@eqms/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { decimalRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { type EquipmentFormValues, useEquipmentApi } from '../equipment.queries.ts';

const shape = equipmentBody.shape;

/** Create (row null) or edit an equipment kind; the sub-type offers the chosen type's children. */
export function EquipmentFormDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: Equipment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const api = useEquipmentApi();
  const creating = row === null;
  const initialValues: Partial<EquipmentFormValues> = row
    ? {
        name: row.name,
        type: row.type,
        subType: row.subType,
        standard: row.standard,
        kind: row.kind,
        kindQty: row.kindQty,
        status: row.status,
        description: row.description,
      }
    : { kindQty: 0, status: 'OPERATING' };
  return (
    <FormDialog<EquipmentFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="equipment-form"
      width={640}
      onClose={onClose}
      onSubmit={async (values, f) => {
        try {
          if (creating) await api.create(values);
          else await api.update(row.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(f, err);
          throw err;
        }
      }}
    >
      <EquipmentFields />
    </FormDialog>
  );
}

/** The form's fields: inside the dialog's form, so the sub-type can follow the chosen type. */
function EquipmentFields() {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const form = Form.useFormInstance<EquipmentFormValues>();
  const type = Form.useWatch('type', form) as string | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
          <Input data-testid="equipment-form-name" maxLength={100} autoFocus />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="type" label={t('fields.type')} required rules={[zodRule(shape.type)]}>
          <CodeSelect
            category="EQUIPMENT_TYPE"
            testId="equipment-form-type"
            onChange={() => form.setFieldValue('subType', null)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="subType" label={t('fields.subType')}>
          <CodeSelect
            category="EQUIPMENT_SUB_TYPE"
            parentCode={type ?? null}
            testId="equipment-form-subType"
            disabled={!type}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="standard" label={t('fields.standard')} rules={[zodRule(shape.standard)]}>
          <Input data-testid="equipment-form-standard" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="kind" label={t('fields.kind')} rules={[zodRule(shape.kind)]}>
          <Input data-testid="equipment-form-kind" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="kindQty" label={t('fields.kindQty')} required rules={[decimalRule()]}>
          <NumberField testId="equipment-form-kindQty" min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="status" label={t('fields.status')} required>
          <Select
            data-testid="equipment-form-status"
            options={EQUIPMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
          <Input.TextArea data-testid="equipment-form-description" maxLength={500} rows={2} />
        </Form.Item>
      </Col>
    </Row>
  );
}
