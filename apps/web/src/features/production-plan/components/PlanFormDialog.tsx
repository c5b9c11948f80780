import {
  PLAN_MAX_DAYS,
  type ProductionPlan,
  planCreateBody,
  planForceBody,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import { Alert, Col, DatePicker, Form, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { dateRangeDays } from '../../../components/inputs/DateRangeField.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { PickSelect } from '../../bom/components/PickSelect.tsx';
import { usePlanApi } from '../production-plan.queries.ts';

const shape = planForceBody.shape;

export type PlanFormValues = {
  productId?: number | null;
  qty?: number | null;
  startDt?: string | null;
  endDt?: string | null;
  lineId?: number | null;
  description?: string | null;
  reason?: string | null;
};

/** A Form.Item's date as the API's `yyyy-MM-dd` text, shown by an antd DatePicker. */
const dateItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

const text = (key: string) => translateMessage(key, useAppStore.getState().locale);

/** The contract's period check on the end day: not before the start, at most a year (reported on endDt). */
const periodRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_: unknown, end: string | null | undefined) => {
    const start = getFieldValue('startDt') as string | null | undefined;
    if (!start || !end) return;
    const days = dateRangeDays(start, end);
    if (days < 1) throw new Error(text(ruleMessage('periodOrder')));
    if (days > PLAN_MAX_DAYS) throw new Error(text(ruleMessage('periodMax', { days: PLAN_MAX_DAYS })));
  },
});

/** Required first (an empty number would read "not a number"), then the contract's rule. */
export const requiredZod = (schema: ZodType) => ({
  validator: async (rule: unknown, v: unknown) => {
    if (v === undefined || v === null || String(v).trim() === '') throw new Error(text(ruleMessage('required')));
    await zodRule(schema).validator(rule, v);
  },
});

/** A refusal of the normal modify that the forced one answers (409 CONFLICT planHasResults). */
export const isPlanHasResults = (e: unknown) =>
  e instanceof ApiError &&
  e.status === 409 &&
  typeof e.extraData?.messageKey === 'string' &&
  e.extraData.messageKey.startsWith('planHasResults');

/**
 * Make a production plan (plan === null) or change one: qty, period, line and note (the product is fixed). A plan with
 * results changes only by the forced modify (PUT /plan/force) with a reason the change history keeps: the dialog asks
 * for it when the plan says it has results, or when the normal modify is refused for them.
 */
export function PlanFormDialog({
  open,
  plan,
  onClose,
  onSaved,
}: {
  open: boolean;
  plan: ProductionPlan | null;
  onClose: () => void;
  onSaved?: (plan: ProductionPlan) => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common']);
  const api = usePlanApi();
  const unitLabel = useCodeLabel('UNIT');
  const [forced, setForced] = useState(false);
  const [unit, setUnit] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setForced(!!plan?.hasResults);
      setUnit(plan?.unit ?? null);
    }
  }, [open, plan]);
  const creating = plan === null;
  const name = plan ? `${plan.productCode} ${plan.productName}` : '';

  const submit = async (v: PlanFormValues, form: Parameters<typeof showSaveError>[0]) => {
    const fields = {
      qty: v.qty as number,
      startDt: v.startDt as string,
      endDt: v.endDt as string,
      lineId: v.lineId as number,
      description: v.description?.trim() || null,
    };
    try {
      let saved: ProductionPlan;
      if (creating) saved = await api.create({ productId: v.productId as number, ...fields });
      else if (forced) saved = await api.force({ id: plan.id, ...fields, reason: (v.reason ?? '').trim() });
      else saved = await api.update({ id: plan.id, ...fields });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
      onSaved?.(saved);
    } catch (e) {
      if (!creating && !forced && isPlanHasResults(e)) {
        // Results arrived since the list was read: the change needs the forced modify and its reason.
        setForced(true);
        useAppStore.getState().notify(text((e as ApiError).extraData!.messageKey as string), 'warning');
        setTimeout(() => form.getFieldInstance?.('reason')?.focus?.(), 0);
      } else showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<PlanFormValues>
      open={open}
      title={
        creating
          ? t('titles.create')
          : forced
            ? t('titles.force', { name: plan.productName })
            : t('titles.edit', { name: plan.productName })
      }
      testId="plan-form"
      width={640}
      okText={forced ? t('actions.force') : undefined}
      initialValues={
        plan
          ? {
              productId: plan.productId,
              qty: plan.qty,
              startDt: plan.startDt,
              endDt: plan.endDt,
              lineId: plan.lineId,
              description: plan.description,
            }
          : {}
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="plan-form-forced"
          title={t('hints.forced')}
        />
      )}
      <Row gutter={12}>
        <Col xs={24}>
          {creating ? (
            <Form.Item
              name="productId"
              label={t('fields.product')}
              required
              rules={[zodRule(planCreateBody.shape.productId)]}
              extra={t('hints.copiesOperPlan')}
            >
              <PickSelect
                kind="PRODUCT"
                testId="plan-form-product"
                placeholder={t('messages.searchProduct')}
                onPicked={(item) => setUnit(item?.unit ?? null)}
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('fields.product')} extra={t('hints.productFixed')} htmlFor="plan-form-product-fixed">
              <Input id="plan-form-product-fixed" data-testid="plan-form-product" value={name} disabled />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[requiredZod(shape.qty)]}>
            <NumberField
              testId="plan-form-qty"
              min={0}
              suffix={unit ? unitLabel(unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="lineId"
            label={t('fields.line')}
            required
            tooltip={t('hints.line')}
            rules={[zodRule(shape.lineId)]}
          >
            <LocationTreeSelect
              testId="plan-form-line"
              typeUntils={['LINE']}
              selectableTypes={['LINE']}
              placeholder={t('messages.pickLine')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="startDt"
            label={t('fields.startDt')}
            required
            rules={[zodRule(shape.startDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="plan-form-start" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="endDt"
            label={t('fields.endDt')}
            required
            dependencies={['startDt']}
            rules={[zodRule(shape.endDt), periodRule]}
            {...dateItemProps}
          >
            <DatePicker data-testid="plan-form-end" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="plan-form-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        {forced && (
          <Col xs={24}>
            <Form.Item name="reason" label={t('fields.reason')} required rules={[zodRule(shape.reason)]}>
              <Input.TextArea data-testid="plan-form-reason" rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormDialog>
  );
}
