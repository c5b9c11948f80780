import { operPlanAddBody, type ProductionOperPlan, type ProductionPlan } from '@eqms/contract';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { useOperations } from '../../operation/operation.queries.ts';
import { usePlanApi } from '../production-plan.queries.ts';
import { LineToolSelect } from './plan-inputs.tsx';
import { requiredZod } from './PlanFormDialog.tsx';

const shape = operPlanAddBody.shape;

type Values = {
  operationId?: number | null;
  toolId?: number | null;
  targetQty?: number | null;
  seq?: number | null;
  description?: string | null;
};

/**
 * Add an operation to a production plan (operPlan === null: an operation not yet in it, a line tool, its target and
 * position) or change one (tool, target, position, note). An operation plan with results is refused by the server
 * (409 operPlanHasResults): the refusal shows in the dialog, which stays open.
 */
export function OperPlanDialog({
  open,
  plan,
  operPlan,
  operPlans,
  onClose,
}: {
  open: boolean;
  plan: ProductionPlan;
  operPlan: ProductionOperPlan | null;
  /** The plan's operation plans: their operations are not offered again, and the last position is after them. */
  operPlans: ProductionOperPlan[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common']);
  const api = usePlanApi();
  const operations = useOperations();
  const unitLabel = useCodeLabel('UNIT');
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);
  const creating = operPlan === null;
  const taken = new Set(operPlans.map((o) => o.operationId));
  const operationOptions = (operations.data ?? [])
    .filter((o) => !taken.has(o.id))
    .map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }));
  const lastSeq = operPlans.length + (creating ? 1 : 0);

  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t('titles.addOperation') : t('titles.editOperation', { name: operPlan.operationName })}
      testId="oper-form"
      width={600}
      initialValues={
        operPlan
          ? {
              operationId: operPlan.operationId,
              toolId: operPlan.toolId,
              targetQty: operPlan.targetQty,
              seq: operPlan.seq,
              description: operPlan.description,
            }
          : { targetQty: plan.qty }
      }
      onClose={onClose}
      onSubmit={async (v, form) => {
        setRefusal(null);
        const fields = {
          toolId: v.toolId ?? null,
          targetQty: v.targetQty as number,
          seq: v.seq ?? undefined,
          description: v.description?.trim() || null,
        };
        try {
          if (creating) await api.addOperPlan({ planId: plan.id, operationId: v.operationId as number, ...fields });
          else await api.updateOperPlan(plan.id, { id: operPlan.id, ...fields });
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (e) {
          if (e instanceof ApiError && e.code === 'CONFLICT') setRefusal(e);
          else showSaveError(form, e, { duplicateText: { operationId: t('messages.duplicateOperation') } });
          throw e;
        }
      }}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="oper-form-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24}>
          {creating ? (
            <Form.Item name="operationId" label={t('fields.operation')} required rules={[zodRule(shape.operationId)]}>
              <Select
                data-testid="oper-form-operation"
                loading={operations.isLoading}
                options={operationOptions}
                placeholder={t('messages.pickOperation')}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('fields.operation')} htmlFor="oper-form-operation-fixed">
              <Input
                id="oper-form-operation-fixed"
                data-testid="oper-form-operation"
                value={`${operPlan.operationCode} · ${operPlan.operationName}`}
                disabled
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={24}>
          <Form.Item name="toolId" label={t('fields.tool')} tooltip={t('hints.planTool')}>
            <LineToolSelect testId="oper-form-tool" lineId={plan.lineId} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="targetQty" label={t('glossary:targetQty')} required rules={[requiredZod(shape.targetQty)]}>
            <NumberField testId="oper-form-target" min={0} suffix={unitLabel(plan.unit)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="seq"
            label={t('fields.seq')}
            tooltip={creating ? t('hints.seq') : undefined}
            rules={[zodRule(shape.seq)]}
          >
            <NumberField
              testId="oper-form-seq"
              integer
              min={1}
              max={Math.max(1, lastSeq)}
              placeholder={creating ? String(lastSeq) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="oper-form-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
