import { type Part, translateMessage, vehicleBody } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { integerRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps } from '../../tool/components/ToolFormDialog.tsx';
import { type PartFormValues, useVehicleApi, useVehicles } from '../vehicle.queries.ts';

const text = vehicleBody.shape.description;
const today = () => new Date().toLocaleDateString('sv-SE');

/** Fit a part to a vehicle (part === null) or edit one; the vehicle is chosen only when fitting. */
export function PartFormDialog({
  open,
  part,
  vehicleId,
  onClose,
}: {
  open: boolean;
  part: Part | null;
  vehicleId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['vehicle', 'common']);
  const api = useVehicleApi();
  const vehicles = useVehicles();
  const creating = part === null;
  const initialVehicle = vehicles.data?.find((v) => v.id === vehicleId);
  const initialValues: Partial<PartFormValues> = part
    ? {
        vehicleId: part.vehicleId,
        name: part.name,
        intervalDays: part.intervalDays,
        intervalKm: part.intervalKm,
        fittedDate: part.fittedDate,
        fittedMileage: part.fittedMileage,
        note: part.note,
      }
    : { vehicleId: vehicleId ?? undefined, fittedDate: today(), fittedMileage: initialVehicle?.mileage ?? 0 };

  return (
    <FormDialog<PartFormValues>
      open={open}
      title={creating ? t('titles.createPart') : t('titles.editPart')}
      initialValues={initialValues}
      testId="part-form"
      width={640}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (creating) await api.createPart(values);
          else await api.updatePart(part.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { name: t('messages.duplicatePart') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="vehicleId"
            label={t('fields.vehicle')}
            required
            rules={[{ required: true, message: t('messages.vehicleRequired') }]}
          >
            <Select
              data-testid="part-form-vehicle"
              disabled={!creating}
              loading={vehicles.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(vehicles.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${v.plateNumber})` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.partName')} required rules={[zodRule(vehicleBody.shape.name)]}>
            <Input data-testid="part-form-name" maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="intervalDays"
            label={t('fields.intervalDays')}
            tooltip={t('hints.interval')}
            dependencies={['intervalKm']}
            rules={[
              integerRule(5),
              ({ getFieldValue }) => ({
                validator: async (_: unknown, v: unknown) => {
                  const km = getFieldValue('intervalKm');
                  if ((v == null || v === '') && (km == null || km === ''))
                    throw new Error(translateMessage('partIntervalRequired', useAppStore.getState().locale));
                },
              }),
            ]}
          >
            <NumberField integer intDigits={5} min={1} testId="part-form-intervalDays" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="intervalKm" label={t('fields.intervalKm')} rules={[integerRule(7)]}>
            <NumberField integer intDigits={7} min={1} testId="part-form-intervalKm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="fittedDate" label={t('fields.fittedDate')} required {...dateItemProps}>
            <DatePicker data-testid="part-form-fittedDate" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="fittedMileage"
            label={t('fields.fittedMileage')}
            tooltip={t('hints.mileage')}
            required
            rules={[integerRule(7)]}
          >
            <NumberField integer intDigits={7} min={0} testId="part-form-fittedMileage" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="note" label={t('fields.note')} rules={[zodRule(text)]}>
            <Input data-testid="part-form-note" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
