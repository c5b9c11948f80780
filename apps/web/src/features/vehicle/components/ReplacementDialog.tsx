import type { Part, PartHistory } from '@eqms/contract';
import { vehicleBody } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { decimalRule, integerRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps } from '../../tool/components/ToolFormDialog.tsx';
import { type ReplacementFormValues, useVehicleApi, useVehicles } from '../vehicle.queries.ts';

/**
 * The history entry dialog: record a replacement of `part` (editing === null) or edit `editing`. The mileage starts
 * at the vehicle's current mileage.
 */
export function ReplacementDialog({
  part,
  editing,
  onClose,
}: {
  part: Pick<Part, 'id' | 'name' | 'vehicleId'> | null;
  editing: PartHistory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['vehicle', 'common']);
  const api = useVehicleApi();
  const vehicles = useVehicles();
  const open = part !== null || editing !== null;
  const vehicleId = editing?.vehicleId ?? part?.vehicleId;
  const mileage = vehicles.data?.find((v) => v.id === vehicleId)?.mileage ?? 0;
  const initialValues: Partial<ReplacementFormValues> = editing
    ? { replacedDate: editing.replacedDate, mileage: editing.mileage, cost: editing.cost, note: editing.note }
    : { replacedDate: new Date().toLocaleDateString('sv-SE'), mileage };
  const name = editing?.partName ?? part?.name ?? '';

  return (
    <FormDialog<ReplacementFormValues>
      open={open}
      title={editing ? t('titles.editReplacement', { name }) : t('titles.replace', { name })}
      initialValues={initialValues}
      testId="replacement-form"
      width={560}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (editing) await api.updateReplacement(editing.id, values);
          else if (part) await api.createReplacement(part.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="replacedDate" label={t('fields.replacedDate')} required {...dateItemProps}>
            <DatePicker data-testid="replacement-form-replacedDate" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="mileage"
            label={t('fields.replacementMileage')}
            tooltip={t('hints.mileage')}
            required
            rules={[integerRule(7)]}
          >
            <NumberField integer intDigits={7} min={0} testId="replacement-form-mileage" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="cost" label={t('fields.cost')} rules={[decimalRule(13, 2)]}>
            <NumberField intDigits={13} scale={2} min={0} testId="replacement-form-cost" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="note" label={t('fields.note')} rules={[zodRule(vehicleBody.shape.description)]}>
            <Input data-testid="replacement-form-note" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
