import { type Vehicle, vehicleBody } from '@eqms/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { integerRule, NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { useVehicleApi, type VehicleFormValues } from '../vehicle.queries.ts';

const shape = vehicleBody.shape;

/** Register (vehicle === null) or edit a vehicle. */
export function VehicleFormDialog({
  open,
  vehicle,
  defaultLocationId,
  onClose,
}: {
  open: boolean;
  vehicle: Vehicle | null;
  defaultLocationId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['vehicle', 'common']);
  const api = useVehicleApi();
  const creating = vehicle === null;
  const initialValues: Partial<VehicleFormValues> = vehicle
    ? {
        plateNumber: vehicle.plateNumber,
        name: vehicle.name,
        model: vehicle.model,
        year: vehicle.year,
        mileage: vehicle.mileage,
        locationId: vehicle.locationId,
        description: vehicle.description,
      }
    : { mileage: 0, locationId: defaultLocationId ?? undefined };

  return (
    <FormDialog<VehicleFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="vehicle-form"
      width={680}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (creating) await api.create(values);
          else await api.update(vehicle.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { plateNumber: t('messages.duplicatePlate') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="plateNumber" label={t('fields.plateNumber')} required rules={[zodRule(shape.plateNumber)]}>
            <Input data-testid="vehicle-form-plateNumber" maxLength={20} autoFocus={creating} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="vehicle-form-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="model" label={t('fields.model')} rules={[zodRule(shape.model)]}>
            <Input data-testid="vehicle-form-model" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="year" label={t('fields.year')} rules={[integerRule(4)]}>
            <NumberField
              integer
              intDigits={4}
              min={1900}
              max={2100}
              testId="vehicle-form-year"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="mileage" label={t('fields.mileage')} required rules={[integerRule(7)]}>
            <NumberField integer intDigits={7} min={0} testId="vehicle-form-mileage" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="locationId"
            label={t('fields.location')}
            required
            rules={[{ required: true, message: t('messages.locationRequired') }]}
          >
            <LocationTreeSelect testId="vehicle-form-location" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="vehicle-form-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
