import {
  PARAMETER_DATA_TYPES,
  type Parameter,
  parameterCreateBody,
  SAMPLE_INTERVAL,
  translateMessage,
} from '@eqms/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { integerRule, NumberField, numberRule } from '../../../components/inputs/NumberField.tsx';
import { useTools } from '../../tool/tool.queries.ts';
import { type ParameterFormValues, useParameterApi } from '../parameter.queries.ts';

const shape = parameterCreateBody.shape;

/** Limits in order on the form too (lower ≤ target ≤ upper); the server says the same on the same fields. */
function limitsRule(field: 'upperLimit' | 'target') {
  return ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async (_: unknown, v: number | null | undefined) => {
      if (v == null || getFieldValue('dataType') !== 'NUMBER') return;
      const lo = getFieldValue('lowerLimit') as number | null | undefined;
      const hi = getFieldValue('upperLimit') as number | null | undefined;
      const { locale } = useAppStore.getState();
      if (field === 'upperLimit' && lo != null && v < lo) throw new Error(translateMessage('limitOrder', locale));
      if (field === 'target' && lo != null && v < lo) throw new Error(translateMessage('targetBelowLower', locale));
      if (field === 'target' && hi != null && v > hi) throw new Error(translateMessage('targetAboveUpper', locale));
    },
  });
}

/** Create (parameter === null) or edit a parameter of a tool. */
export function ParameterFormDialog({
  open,
  parameter,
  defaultToolId,
  onClose,
}: {
  open: boolean;
  parameter: Parameter | null;
  defaultToolId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('parameter');
  const parameterApi = useParameterApi();
  const tools = useTools();
  const creating = parameter === null;
  const initialValues: Partial<ParameterFormValues> = parameter
    ? {
        toolId: parameter.toolId,
        code: parameter.code,
        name: parameter.name,
        unit: parameter.unit,
        dataType: parameter.dataType,
        lowerLimit: parameter.lowerLimit,
        upperLimit: parameter.upperLimit,
        target: parameter.target,
        sampleInterval: parameter.sampleInterval,
        sort: parameter.sort,
        description: parameter.description,
      }
    : { toolId: defaultToolId ?? undefined, dataType: 'NUMBER', sampleInterval: 60, sort: 0 };

  return (
    <FormDialog<ParameterFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="parameter-form"
      width={680}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (creating) await parameterApi.create(values);
          else await parameterApi.update(parameter.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { code: t('messages.duplicateCode') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item
            name="toolId"
            label={t('fields.tool')}
            required
            rules={[{ required: true, message: t('messages.toolRequired') }]}
          >
            <Select
              data-testid="parameter-form-tool"
              loading={tools.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(tools.data ?? []).map((x) => ({
                value: x.id,
                label: `${x.name} (${x.code}) · ${x.locationPath.join(' / ')}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label={t('fields.code')}
            required
            rules={[zodRule(shape.code)]}
            tooltip={t('hints.code')}
          >
            <Input data-testid="parameter-form-code" maxLength={50} autoFocus={creating} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="parameter-form-name" maxLength={100} autoFocus={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="dataType" label={t('fields.dataType')} required>
            <Select
              data-testid="parameter-form-dataType"
              options={PARAMETER_DATA_TYPES.map((d) => ({ value: d, label: t(`dataTypes.${d}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="unit" label={t('fields.unit')} rules={[zodRule(shape.unit)]}>
            <Input data-testid="parameter-form-unit" maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="sampleInterval"
            label={t('fields.sampleInterval')}
            required
            tooltip={t('hints.sampleInterval')}
            rules={[
              { required: true, message: t('messages.sampleIntervalRequired') },
              numberRule({ integer: true, intDigits: 5, min: SAMPLE_INTERVAL.min, max: SAMPLE_INTERVAL.max }),
            ]}
          >
            <NumberField
              integer
              intDigits={5}
              min={SAMPLE_INTERVAL.min}
              max={SAMPLE_INTERVAL.max}
              testId="parameter-form-sampleInterval"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={['dataType']}>
          {({ getFieldValue }) =>
            getFieldValue('dataType') === 'NUMBER' && (
              <>
                <Col xs={24} sm={8}>
                  <Form.Item name="lowerLimit" label={t('fields.lowerLimit')} rules={[numberRule()]}>
                    <NumberField testId="parameter-form-lowerLimit" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name="target"
                    label={t('fields.target')}
                    dependencies={['lowerLimit', 'upperLimit']}
                    rules={[numberRule(), limitsRule('target')]}
                  >
                    <NumberField testId="parameter-form-target" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name="upperLimit"
                    label={t('fields.upperLimit')}
                    dependencies={['lowerLimit']}
                    rules={[numberRule(), limitsRule('upperLimit')]}
                  >
                    <NumberField testId="parameter-form-upperLimit" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </>
            )
          }
        </Form.Item>
        <Col xs={24} sm={8}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[integerRule(9)]}>
            <NumberField integer intDigits={9} testId="parameter-form-sort" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input data-testid="parameter-form-description" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
