import { type Material, materialCreateBody } from '@eqms/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect, NumberField, numberRule } from '../../../components/inputs/index.ts';
import { type MaterialFormValues, useMaterialApi, useSupplierOptions } from '../material.queries.ts';

const shape = materialCreateBody.shape;

/** Create (material === null) or edit a material of the master. */
export function MaterialFormDialog({
  open,
  material,
  onClose,
}: {
  open: boolean;
  material: Material | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('material');
  const materialApi = useMaterialApi();
  const suppliers = useSupplierOptions();
  const customFields = useCustomFields('materials');
  const creating = material === null;
  const initialValues: Partial<MaterialFormValues> = material
    ? {
        code: material.code,
        name: material.name,
        type: material.type,
        specification: material.specification,
        unit: material.unit,
        barcode: material.barcode,
        safetyStock: material.safetyStock,
        supplierId: material.supplierId,
        description: material.description,
        ext: (material.ext ?? undefined) as Record<string, string> | undefined,
      }
    : { type: 'RAW', unit: 'KG' };
  const supplierOptions = (suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
  if (material?.supplierId && !supplierOptions.some((o) => o.value === material.supplierId)) {
    supplierOptions.push({ value: material.supplierId, label: material.supplierName ?? String(material.supplierId) });
  }

  return (
    <FormDialog<MaterialFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="material-form"
      width={680}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        try {
          if (creating) await materialApi.create(values);
          else await materialApi.update(material.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, {
            duplicateText: { code: t('messages.duplicateCode'), barcode: t('messages.duplicateBarcode') },
          });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="material-form-code" maxLength={50} autoComplete="off" autoFocus={creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="material-form-name" maxLength={100} autoFocus={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="type" label={t('fields.type')} required rules={[zodRule(shape.type)]}>
            <CodeSelect category="MATERIAL_TYPE" testId="material-form-type" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="unit" label={t('fields.unit')} required rules={[zodRule(shape.unit)]}>
            <CodeSelect category="UNIT" testId="material-form-unit" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="safetyStock" label={t('fields.safetyStock')} rules={[numberRule({ min: 0 })]}>
            <NumberField min={0} testId="material-form-safetyStock" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="specification" label={t('fields.specification')} rules={[zodRule(shape.specification)]}>
            <Input data-testid="material-form-specification" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="barcode" label={t('fields.barcode')} rules={[zodRule(shape.barcode)]}>
            <Input data-testid="material-form-barcode" maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="supplierId" label={t('fields.supplier')}>
            <Select
              data-testid="material-form-supplier"
              allowClear
              loading={suppliers.isLoading}
              options={supplierOptions}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('hints.noSuppliers')}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="material-form-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="materials" stored={material?.ext} />
    </FormDialog>
  );
}
