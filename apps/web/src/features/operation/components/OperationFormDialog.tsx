import { type Operation, operationCreateBody } from '@eqms/contract';
import { Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect, NumberField, numberRule } from '../../../components/inputs/index.ts';
import { type OperationFormValues, useOperationApi } from '../operation.queries.ts';

const shape = operationCreateBody.shape;

/** Create (operation === null) or edit an operation. */
export function OperationFormDialog({
  open,
  operation,
  onClose,
}: {
  open: boolean;
  operation: Operation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('operation');
  const operationApi = useOperationApi();
  const customFields = useCustomFields('operations');
  const creating = operation === null;
  const initialValues: Partial<OperationFormValues> = operation
    ? {
        code: operation.code,
        name: operation.name,
        type: operation.type,
        standardTime: operation.standardTime,
        defectYn: operation.defectYn,
        description: operation.description,
        ext: (operation.ext ?? undefined) as Record<string, string> | undefined,
      }
    : { defectYn: true };

  return (
    <FormDialog<OperationFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="operation-form"
      width={600}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        try {
          if (creating) await operationApi.create(values);
          else await operationApi.update(operation.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { code: t('messages.duplicateCode') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="operation-form-code" maxLength={50} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="operation-form-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="type" label={t('fields.type')}>
            <CodeSelect category="OPERATION_TYPE" testId="operation-form-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="standardTime"
            label={t('fields.standardTime')}
            tooltip={t('hints.standardTime')}
            rules={[numberRule({ min: 0 })]}
          >
            <NumberField testId="operation-form-standardTime" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="defectYn" label={t('fields.defectYn')} valuePropName="checked" tooltip={t('hints.defectYn')}>
            <Switch data-testid="operation-form-defectYn" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="operation-form-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="operations" />
    </FormDialog>
  );
}
