import { type OperPlan, operPlanItem } from '@eqms/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField, numberRule } from '../../../components/inputs/index.ts';
import { useOperations } from '../../operation/operation.queries.ts';
import { type OperPlanFormValues, useLineTools, useOperPlanApi } from '../oper-plan.queries.ts';

const shape = operPlanItem.shape;

/** Add a row to a product's plan (plan === null) or edit one (its operation stays). */
export function OperPlanFormDialog({
  open,
  productId,
  plan,
  exclude,
  onClose,
}: {
  open: boolean;
  productId: number;
  plan: OperPlan | null;
  /** Operations already in the plan (not offered when adding). */
  exclude: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation('operPlan');
  const operations = useOperations();
  const tools = useLineTools();
  const planApi = useOperPlanApi(productId);
  const creating = plan === null;
  const taken = new Set(exclude);
  const operationOptions = (operations.data ?? [])
    .filter((o) => !creating || !taken.has(o.id))
    .map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }));
  const toolOptions = tools.data.map((tool) => ({
    value: tool.id,
    label: `${tool.code} · ${tool.name} (${tool.locationName})`,
  }));
  return (
    <FormDialog<OperPlanFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit', { name: plan.operationName })}
      initialValues={
        plan
          ? {
              operationId: plan.operationId,
              toolId: plan.toolId,
              cycleTime: plan.cycleTime,
              capacity: plan.capacity,
              description: plan.description,
            }
          : {}
      }
      testId="oper-plan-form"
      width={600}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (creating) await planApi.create(values);
          else await planApi.update({ ...values, operationId: plan.operationId });
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { operationId: t('messages.duplicateOperation') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24}>
          <Form.Item
            name="operationId"
            label={t('fields.operation')}
            required
            rules={[{ required: true, message: t('messages.pickOperation') }]}
          >
            <Select
              data-testid="oper-plan-form-operation"
              disabled={!creating}
              loading={operations.isLoading}
              options={operationOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="toolId" label={t('fields.tool')} tooltip={t('hints.tool')}>
            <Select
              data-testid="oper-plan-form-tool"
              allowClear
              loading={tools.isLoading}
              options={toolOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="cycleTime"
            label={t('fields.cycleTime')}
            tooltip={t('hints.cycleTime')}
            rules={[numberRule({ min: 0 })]}
          >
            <NumberField testId="oper-plan-form-cycleTime" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="capacity"
            label={t('fields.capacity')}
            tooltip={t('hints.capacity')}
            rules={[numberRule({ min: 0 })]}
          >
            <NumberField testId="oper-plan-form-capacity" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="oper-plan-form-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
