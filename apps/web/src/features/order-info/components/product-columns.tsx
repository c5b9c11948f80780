import { ScheduleOutlined } from '@ant-design/icons';
import type { OrderProduct } from '@eqms/contract';
import { Button, Empty, Popover, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderProduct } from '../order-info.queries.ts';
import { PLAN_STATE_COLOR, planLink, planStateOf } from '../order-rules.ts';

// The order product columns the three lists share (an order's products, the no-production list and the period
// list): quantities with their unit, what is planned, made and left, the plans made for it, and the plan action.

/** How far the line is planned, as a coloured tag with the remaining quantity. */
export function RemainingCell({ row, unit }: { row: OrderProduct; unit: string }) {
  const { t } = useTranslation(ORDER_INFO_NS);
  const state = planStateOf(row);
  return (
    <Tooltip title={t(`planState.${state}`)}>
      <Tag color={PLAN_STATE_COLOR[state]} data-testid="op-remaining" data-state={state} style={{ marginInlineEnd: 0 }}>
        {state === 'PLANNED' ? t('planState.PLANNED') : `${fmtQty(row.remainingQty)} ${unit}`}
      </Tag>
    </Tooltip>
  );
}

/** The plans made for an order product, read when opened: LOT sequence, quantity, period, line and what was made. */
function PlansPopover({ row }: { row: OrderProduct }) {
  const { t } = useTranslation(ORDER_INFO_NS);
  const [open, setOpen] = useState(false);
  const detail = useOrderProduct(open ? row.id : null);
  const plans = detail.data?.plans ?? [];
  const content = detail.isLoading ? (
    <div style={{ padding: 16, textAlign: 'center' }}>
      <Spin />
    </div>
  ) : plans.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noPlans')} />
  ) : (
    <Table
      size="small"
      rowKey="planId"
      pagination={false}
      data-testid="op-plans-table"
      dataSource={plans}
      columns={[
        {
          key: 'lotSeq',
          title: t('fields.lotSeq'),
          render: (_, p) => (
            <Link to={planLink({ id: p.planId, startDt: p.startDt, endDt: p.endDt })} data-testid="op-plan-link">
              {p.lotId ?? `#${p.lotSeq}`}
            </Link>
          ),
        },
        { key: 'qty', title: t('fields.planQty'), align: 'right', render: (_, p) => fmtQty(p.qty) },
        { key: 'period', title: t('fields.planPeriod'), render: (_, p) => `${p.startDt} ~ ${p.endDt}` },
        { key: 'line', title: t('fields.line'), dataIndex: 'lineName' },
        { key: 'good', title: t('fields.producedQty'), align: 'right', render: (_, p) => fmtQty(p.goodQty) },
      ]}
    />
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('titles.plansOf', { name: row.productName })}
      content={<div style={{ maxWidth: 560 }}>{content}</div>}
    >
      <Button
        size="small"
        type="link"
        disabled={row.planCount === 0}
        data-testid={`op-plans-${row.id}`}
        aria-label={t('titles.plansOf', { name: row.productName })}
        onClick={(e) => e.stopPropagation()}
      >
        {row.planCount}
      </Button>
    </Popover>
  );
}

/** The planner's button on a line with something left to plan. */
export function PlanButton({ row, onPlan }: { row: OrderProduct; onPlan: (row: OrderProduct) => void }) {
  const { t } = useTranslation(ORDER_INFO_NS);
  if (row.remainingQty <= 0) return null;
  return (
    <Tooltip title={t('actions.makePlan')}>
      <Button
        size="small"
        icon={<ScheduleOutlined />}
        aria-label={t('actions.makePlan')}
        data-testid={`op-plan-${row.id}`}
        onClick={(e) => {
          e.stopPropagation();
          onPlan(row);
        }}
      >
        {t('actions.plan')}
      </Button>
    </Tooltip>
  );
}

type Options = {
  t: TFunction;
  unitLabel: (code: string) => string;
  /** The customer, business and order of each line (lists across orders). */
  withOrder?: boolean;
  /** The plan action beside what remains (given to a user who may make plans). */
  onPlan?: (row: OrderProduct) => void;
};

export function orderProductColumns({ t, unitLabel, withOrder, onPlan }: Options): DataColumn<OrderProduct>[] {
  const qty = (v: number, r: OrderProduct) => `${fmtQty(v)} ${unitLabel(r.unit)}`;
  const qtyColumn = (key: 'qty' | 'plannedQty' | 'producedQty', width = 95): DataColumn<OrderProduct> => ({
    key,
    title: t(`fields.${key}`),
    width,
    render: (r) => qty(r[key], r),
    exportValue: (r) => r[key],
  });
  const customer: DataColumn<OrderProduct>[] = withOrder
    ? [{ key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 140 }]
    : [];
  const order: DataColumn<OrderProduct>[] = withOrder
    ? [
        { key: 'orderNo', title: t('fields.orderNo'), dataIndex: 'orderNo', width: 130 },
        { key: 'businessName', title: t('fields.business'), dataIndex: 'businessName', width: 160 },
      ]
    : [];
  // What a planner reads first: due, product, quantity and what remains with the action on it; then the rest.
  return [
    { key: 'dueDt', title: t('fields.dueDt'), dataIndex: 'dueDt', width: 100 },
    ...customer,
    {
      key: 'product',
      title: t('fields.product'),
      width: 170,
      render: (r) => (
        <span data-testid="op-product-cell" data-code={r.productCode}>
          {r.productName}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.productCode}
          </Typography.Text>
        </span>
      ),
      exportValue: (r) => `${r.productCode} ${r.productName}`,
    },
    qtyColumn('qty'),
    {
      key: 'remainingQty',
      title: t('fields.remainingQty'),
      // Beside what remains, the planner's action on it: the two are read together.
      width: onPlan ? 175 : 110,
      filter: false,
      render: (r) => (
        <Space size={6} onClick={(e) => e.stopPropagation()}>
          <RemainingCell row={r} unit={unitLabel(r.unit)} />
          {onPlan && <PlanButton row={r} onPlan={onPlan} />}
        </Space>
      ),
      exportValue: (r) => r.remainingQty,
    },
    qtyColumn('plannedQty'),
    qtyColumn('producedQty'),
    {
      key: 'planCount',
      title: t('fields.plans'),
      width: 70,
      render: (r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <PlansPopover row={r} />
        </Space>
      ),
      exportValue: (r) => r.planCount,
    },
    ...order,
    {
      key: 'unitPrice',
      title: t('fields.unitPrice'),
      width: 100,
      render: (r) => fmtQty(r.unitPrice),
      exportValue: (r) => r.unitPrice,
    },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 120,
      render: (r) => fmtQty(r.amount),
      exportValue: (r) => r.amount,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
  ];
}
