import { type OutSourcing, outSourcingCreateBody } from '@eqms/contract';
import dayjs from 'dayjs';
import { Alert, Col, DatePicker, Divider, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty, today } from '../../material-stock/stock-rules.ts';
import { useOutSourcingApi, useOutSourcingPlans } from '../out-sourcing.queries.ts';

const shape = outSourcingCreateBody.shape;
/** The form's plans: those meeting a month back … a month on, narrowed by the typed text. */
const PLAN_WINDOW_DAYS = 31;

type Values = {
  planId?: number;
  operPlanId?: number;
  bizPartnerId?: number;
  sentQty?: number;
  sentDt?: string | null;
  unitCost?: number | null;
  receivedDt?: string | null;
  receivedGoodQty?: number | null;
  receivedBadQty?: number | null;
  description?: string | null;
};

/** The plan and operation pickers: a plan found by product, then one of its operation plans. */
function PlanFields({ current, locked }: { current: OutSourcing | null; locked: boolean }) {
  const { t } = useTranslation('outSourcing');
  const form = Form.useFormInstance<Values>();
  const planId = Form.useWatch('planId', form);
  const [q, setQ] = useState<string>();
  const period = useMemo(() => {
    const d = dayjs();
    const fmt = 'YYYY-MM-DD';
    return {
      startDt: d.subtract(PLAN_WINDOW_DAYS, 'day').format(fmt),
      endDt: d.add(PLAN_WINDOW_DAYS, 'day').format(fmt),
    };
  }, []);
  const plans = useOutSourcingPlans(period, q);
  const list = plans.data ?? [];
  const chosen = list.find((p) => p.id === planId);
  const planOptions = list.map((p) => ({
    value: p.id,
    label: `${p.productCode} ${t('hints.plan', { product: p.productName, line: p.lineName, from: p.startDt, to: p.endDt, qty: fmtQty(p.qty) })}`,
  }));
  // The row being edited may belong to a plan outside the window: keep it choosable.
  if (current && !list.some((p) => p.id === current.planId))
    planOptions.unshift({
      value: current.planId,
      label: `${current.productCode} ${current.productName} · ${current.lineName}`,
    });
  const operOptions = chosen
    ? chosen.operPlans.map((o) => ({
        value: o.id,
        label: t('hints.operPlan', {
          seq: o.seq,
          name: o.operationName,
          target: fmtQty(o.targetQty),
          good: fmtQty(o.goodQty),
        }),
      }))
    : current && current.planId === planId
      ? [{ value: current.operPlanId, label: `${current.seq}. ${current.operationName}` }]
      : [];
  return (
    <>
      <Col xs={24}>
        <Form.Item name="planId" label={t('fields.plan')} required rules={[zodRule(shape.operPlanId)]}>
          <Select<number>
            data-testid="os-plan"
            showSearch={{ filterOption: false, onSearch: (text) => setQ(text || undefined) }}
            placeholder={t('filters.planSearch')}
            loading={plans.isFetching}
            disabled={locked}
            options={planOptions}
            notFoundContent={t('hints.noPlans')}
            onChange={() => form.setFieldValue('operPlanId', undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="operPlanId" label={t('fields.operation')} required rules={[zodRule(shape.operPlanId)]}>
          <Select<number> data-testid="os-oper-plan" options={operOptions} disabled={locked || !planId} />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * Send an operation of a plan to an outsourcer, or edit one and record what came back (POST / PUT /out-sourcing).
 * What came back is saved as the operation's result on the server; a refusal (a short line: INSUFFICIENT_BOM_STOCK)
 * is shown in the dialog, which stays open.
 */
export function OutSourcingDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: OutSourcing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['outSourcing', 'common']);
  const api = useOutSourcingApi();
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);
  const locked = !!row?.dailyPlanId;

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      operPlanId: v.operPlanId!,
      bizPartnerId: v.bizPartnerId!,
      sentQty: v.sentQty!,
      sentDt: v.sentDt!,
      unitCost: v.unitCost ?? null,
      receivedDt: v.receivedDt || null,
      receivedGoodQty: v.receivedGoodQty ?? 0,
      receivedBadQty: v.receivedBadQty ?? 0,
      description: v.description || null,
    };
    try {
      if (row) await api.update({ id: row.id, ...body });
      else await api.create(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.sent'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.edit' : 'titles.send')}
      testId="os-dialog"
      width={720}
      initialValues={
        row
          ? {
              planId: row.planId,
              operPlanId: row.operPlanId,
              bizPartnerId: row.bizPartnerId,
              sentQty: row.sentQty,
              sentDt: row.sentDt,
              unitCost: row.unitCost,
              receivedDt: row.receivedDt,
              receivedGoodQty: row.receivedGoodQty,
              receivedBadQty: row.receivedBadQty,
              description: row.description,
            }
          : { sentDt: today() }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="os-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <PlanFields current={row} locked={locked} />
        <Col xs={24} sm={12}>
          <Form.Item name="bizPartnerId" label={t('fields.partner')} required rules={[zodRule(shape.bizPartnerId)]}>
            <PartnerSelect type="OUTSOURCER" testId="os-partner" notFound={t('hints.noOutsourcers')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="sentDt"
            label={t('fields.sentDt')}
            required
            rules={[zodRule(shape.sentDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="os-sent-dt" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sentQty" label={t('fields.sentQty')} required rules={[zodRule(shape.sentQty)]}>
            <NumberField testId="os-sent-qty" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="unitCost" label={t('fields.unitCost')} rules={[zodRule(shape.unitCost)]}>
            <NumberField testId="os-unit-cost" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        {t('sections.received')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('hints.receivedIsResult')}
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="receivedDt" label={t('fields.receivedDt')} {...dateItemProps}>
            <DatePicker data-testid="os-received-dt" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="receivedGoodQty" label={t('fields.receivedGoodQty')}>
            <NumberField testId="os-good" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="receivedBadQty" label={t('fields.receivedBadQty')}>
            <NumberField testId="os-bad" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="os-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
