import type { ProductionOperPlan, ProductionPlan } from '@eqms/contract';
import { Alert, Checkbox, Col, DatePicker, Form, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError } from '../../../components/formErrors.ts';
import { spreadPeriodError, WEEKDAYS, WORKING_WEEKDAYS } from '../plan-rules.ts';
import { usePlanApi } from '../production-plan.queries.ts';
import { LineToolSelect } from './plan-inputs.tsx';

type Values = { weekdays: number[]; from?: string | null; to?: string | null; toolId?: number | null };

const dateItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

/**
 * Spread an operation plan's target evenly (POST /operplan/daily-plans with `spread`): over the chosen weekdays
 * (Monday to Friday by default) of a period inside the plan (the whole plan by default), with a tool (the operation
 * plan's by default). It replaces the daily plans not started, so it asks first.
 */
export function SpreadDialog({
  open,
  plan,
  operPlan,
  onClose,
  onSpread,
}: {
  open: boolean;
  plan: ProductionPlan;
  operPlan: ProductionOperPlan;
  onClose: () => void;
  /** After the spread is saved (the daily plans are the server's again). */
  onSpread?: () => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common']);
  const api = usePlanApi();
  const outside = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return day < plan.startDt || day > plan.endDt;
  };
  const periodRule =
    (field: 'from' | 'to') =>
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: async () => {
        const err = spreadPeriodError(
          getFieldValue('from') as string | null,
          getFieldValue('to') as string | null,
          plan,
          useAppStore.getState().locale,
        );
        if (err && err.field === field) throw new Error(err.text);
      },
    });

  return (
    <FormDialog<Values>
      open={open}
      title={t('titles.spread', { name: operPlan.operationName })}
      testId="spread-form"
      width={560}
      okText={t('actions.spreadOk')}
      initialValues={{ weekdays: WORKING_WEEKDAYS }}
      onClose={onClose}
      onSubmit={async (v, form) => {
        const ok = await useAppStore.getState().askConfirm({
          title: t('common:confirm.title'),
          text: t('hints.spreadConfirm'),
        });
        if (!ok) throw new Error('cancelled');
        try {
          const list = await api.spread(operPlan.id, {
            weekdays: [...v.weekdays].sort(),
            from: v.from || undefined,
            to: v.to || undefined,
            // Empty: the operation plan's tool (the server's default when the field is absent).
            toolId: v.toolId ?? undefined,
          });
          onSpread?.();
          useAppStore.getState().notify(t('messages.spread', { count: list.length }), 'success');
        } catch (e) {
          showSaveError(form, e, {
            fieldNames: {
              'spread.from': 'from',
              'spread.to': 'to',
              'spread.weekdays': 'weekdays',
              'spread.toolId': 'toolId',
            },
          });
          throw e;
        }
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('hints.spread')} />
      <Form.Item
        name="weekdays"
        label={t('fields.weekdays')}
        required
        rules={[{ type: 'array', min: 1, message: t('messages.pickWeekday') }]}
      >
        <Checkbox.Group
          data-testid="spread-weekdays"
          options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="from"
            label={t('fields.spreadFrom')}
            dependencies={['to']}
            rules={[periodRule('from')]}
            {...dateItemProps}
          >
            <DatePicker
              data-testid="spread-from"
              disabledDate={outside}
              placeholder={plan.startDt}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="to"
            label={t('fields.spreadTo')}
            dependencies={['from']}
            rules={[periodRule('to')]}
            {...dateItemProps}
          >
            <DatePicker
              data-testid="spread-to"
              disabledDate={outside}
              placeholder={plan.endDt}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            {t('hints.spreadPeriod', { from: plan.startDt, to: plan.endDt })}
          </Typography.Paragraph>
        </Col>
        <Col xs={24}>
          <Form.Item name="toolId" label={t('fields.spreadTool')} extra={t('hints.spreadTool')}>
            <LineToolSelect
              testId="spread-tool"
              lineId={plan.lineId}
              placeholder={operPlan.toolName ?? t('hints.spreadTool')}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
