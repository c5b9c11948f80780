import { type OrderProduct, type OrderProductDetail, orderProductPlanBody, type ProductionPlan } from '@eqms/contract';
import { Button, Col, DatePicker, Descriptions, Form, Input, Modal, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../app/codes.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderInfoApi } from '../order-info.queries.ts';
import { planDefaults, planLink } from '../order-rules.ts';
import { endNotBeforeRule, RefusalAlert, requiredZod, useRefusal } from './form-parts.tsx';

const shape = orderProductPlanBody.shape;

type Values = {
  lineId?: number | null;
  startDt?: string | null;
  endDt?: string | null;
  qty?: number | null;
  description?: string | null;
};

export type PlanMade = { plan: ProductionPlan; orderProduct: OrderProductDetail };

/**
 * The planner's one action (POST /order-product/{id}/plan): a production plan of the order product's product on a
 * line, from a start day to its due date, for what remains to plan — all proposed, all changeable (never more than
 * the remaining: the server answers on qty). The plan copies the product's operation plan and keeps the link.
 */
export function PlanDialog({
  row,
  onClose,
  onPlanned,
}: {
  row: OrderProduct | null;
  onClose: () => void;
  onPlanned: (made: PlanMade) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const api = useOrderInfoApi();
  const unitLabel = useCodeLabel('UNIT');
  const { refusal, clear, keep } = useRefusal(row !== null);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    clear();
    try {
      const made = await api.plan(row!.id, {
        lineId: v.lineId as number,
        startDt: v.startDt as string,
        endDt: v.endDt || undefined,
        qty: v.qty ?? undefined,
        description: v.description?.trim() || null,
      });
      onPlanned(made);
    } catch (e) {
      keep(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={row !== null}
      title={t('titles.plan')}
      testId="plan-dialog"
      width={560}
      okText={t('actions.makePlan')}
      initialValues={row ? planDefaults(row) : {}}
      onSubmit={submit}
      onClose={onClose}
    >
      <RefusalAlert refusal={refusal} testId="plan-refusal" />
      {row && (
        <Descriptions
          size="small"
          column={1}
          bordered
          styles={{ label: { whiteSpace: 'nowrap' } }}
          style={{ marginBottom: 16 }}
          data-testid="plan-dialog-source"
          items={[
            {
              key: 'order',
              label: t('fields.order'),
              children: `${row.bizPartnerName} · ${row.businessName} · ${row.orderNo}`,
            },
            { key: 'product', label: t('fields.product'), children: `${row.productCode} ${row.productName}` },
            {
              key: 'qty',
              label: t('fields.remainingQty'),
              children: t('hints.remainingOf', {
                remaining: fmtQty(row.remainingQty),
                qty: fmtQty(row.qty),
                unit: unitLabel(row.unit),
                due: row.dueDt,
              }),
            },
          ]}
        />
      )}
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="lineId" label={t('fields.line')} required rules={[zodRule(shape.lineId)]}>
            <LocationTreeSelect
              testId="plan-dialog-line"
              typeUntils={['LINE']}
              selectableTypes={['LINE']}
              placeholder={t('hints.pickLine')}
            />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="startDt"
            label={t('fields.planStartDt')}
            required
            rules={[zodRule(shape.startDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="plan-dialog-start" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="endDt"
            label={t('fields.planEndDt')}
            dependencies={['startDt']}
            rules={[endNotBeforeRule('startDt')]}
            {...dateItemProps}
          >
            <DatePicker data-testid="plan-dialog-end" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="qty"
            label={t('fields.planQty')}
            required
            rules={[requiredZod(shape.qty.unwrap())]}
            extra={row ? t('hints.planQtyMax', { remaining: fmtQty(row.remainingQty) }) : undefined}
          >
            <NumberField
              testId="plan-dialog-qty"
              min={0}
              max={row?.remainingQty}
              suffix={row ? unitLabel(row.unit) : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="plan-dialog-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

/** What the planner made: the plan with its LOT sequence, and the way to it on the production plan screen. */
export function PlanMadeDialog({ made, onClose }: { made: PlanMade | null; onClose: () => void }) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const navigate = useNavigate();
  const plan = made?.plan;
  return (
    <Modal
      open={!!made}
      onCancel={onClose}
      title={t('titles.planMade')}
      data-testid="plan-made"
      footer={[
        <Button key="close" data-testid="plan-made-close" onClick={onClose}>
          {t('common:actions.close')}
        </Button>,
        plan && (
          <Button
            key="open"
            type="primary"
            data-testid="plan-made-link"
            data-href={planLink(plan)}
            onClick={() => {
              onClose();
              navigate(planLink(plan));
            }}
          >
            {t('actions.openPlan')}
          </Button>
        ),
      ]}
    >
      {plan && made && (
        <Result
          status="success"
          style={{ padding: '8px 0' }}
          title={<span data-testid="plan-made-lot-seq">{t('messages.planMade', { seq: plan.lotSeq })}</span>}
          subTitle={
            <Typography.Text type="secondary">
              {t('hints.planMadeLeft', {
                remaining: fmtQty(made.orderProduct.remainingQty),
                unit: unitLabel(made.orderProduct.unit),
              })}
            </Typography.Text>
          }
        >
          <Descriptions
            size="small"
            column={1}
            bordered
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={[
              { key: 'product', label: t('fields.product'), children: `${plan.productCode} ${plan.productName}` },
              {
                key: 'qty',
                label: t('fields.planQty'),
                children: <span data-testid="plan-made-qty">{`${fmtQty(plan.qty)} ${unitLabel(plan.unit)}`}</span>,
              },
              { key: 'period', label: t('fields.planPeriod'), children: `${plan.startDt} ~ ${plan.endDt}` },
              { key: 'line', label: t('fields.line'), children: plan.linePath || plan.lineName },
              { key: 'lotSeq', label: t('fields.lotSeq'), children: plan.lotSeq },
            ]}
          />
        </Result>
      )}
    </Modal>
  );
}
