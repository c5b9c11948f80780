import { DeleteOutlined, PlusOutlined, SaveOutlined, SplitCellsOutlined, UndoOutlined } from '@ant-design/icons';
import { type ProductionOperPlan, type ProductionPlan, translateMessage } from '@eqms/contract';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError, reportError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import {
  type DailyRow,
  dailyPlansBody,
  dailyRowErrors,
  fmtQty,
  isDirty,
  newRow,
  type RowErrors,
  rowFieldOf,
  rowsOf,
  sumQty,
} from '../plan-rules.ts';
import { useDailyPlans, usePlanApi } from '../production-plan.queries.ts';
import { LineToolSelect, WorkStatusTag } from './plan-inputs.tsx';
import { SpreadDialog } from './SpreadDialog.tsx';

const NONE: DailyRow[] = [];

/**
 * The daily plans of one operation plan as an editable list: day (inside the plan), target (at least 0), tool and
 * note per row; rows added and removed; saved all at once (POST /operplan/daily-plans), or the target spread evenly.
 * A row with results keeps its day and cannot be removed (the server refuses with 409 dailyPlanHasResults anyway).
 * Mount it with `key={operPlan.id}`: the draft belongs to one operation plan.
 */
export function DailyPlansEditor({ plan, operPlan }: { plan: ProductionPlan; operPlan: ProductionOperPlan }) {
  const { t } = useTranslation(['productionPlan', 'common']);
  const canCreate = useCan('productionPlan', 'create');
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const api = usePlanApi();
  const daily = useDailyPlans(operPlan.id);
  const stored = useMemo(() => (daily.data ? rowsOf(daily.data) : NONE), [daily.data]);
  // The edited list; null while it is what the server holds.
  const [draft, setDraft] = useState<DailyRow[] | null>(null);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, RowErrors>>(new Map());
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [spreading, setSpreading] = useState(false);
  const rows = draft ?? stored;
  const dirty = draft !== null && isDirty(draft, stored);
  const errors = checked ? dailyRowErrors(rows, plan, locale) : new Map<string, RowErrors>();
  const errorOf = (key: string, field: keyof RowErrors) => errors.get(key)?.[field] ?? serverErrors.get(key)?.[field];
  const total = sumQty(rows.map((r) => r.targetQty));

  const edit = (key: string, patch: Partial<DailyRow>) => {
    setDraft(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setServerErrors((m) => {
      if (!m.has(key)) return m;
      const next = new Map(m);
      next.delete(key);
      return next;
    });
  };
  const reset = () => {
    setDraft(null);
    setChecked(false);
    setServerErrors(new Map());
    setRefusal(null);
  };

  const save = async () => {
    setChecked(true);
    setRefusal(null);
    if (dailyRowErrors(rows, plan, locale).size > 0) {
      useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning');
      return;
    }
    setSaving(true);
    try {
      await api.setDailyPlans(operPlan.id, dailyPlansBody(rows));
      reset();
      useAppStore.getState().notify(t('messages.saved'), 'success');
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      if (e.code === 'VALIDATION_ERROR' && e.extraData?.fields?.length) {
        // dailyPlans.N.field: on the row it names.
        const next = new Map<string, RowErrors>();
        for (const f of e.extraData.fields) {
          const at = rowFieldOf(f.field);
          const row = at ? rows[at.index] : undefined;
          if (at && row) next.set(row.key, { ...next.get(row.key), [at.field]: translateMessage(f.message, locale) });
        }
        setServerErrors(next);
        if (next.size === 0) reportError(e);
        else useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning');
      } else if (e.status === 409) setRefusal(e);
      else reportError(e);
    } finally {
      setSaving(false);
    }
  };

  const outside = (d: Dayjs) => {
    const day = d.format('YYYY-MM-DD');
    return day < plan.startDt || day > plan.endDt;
  };
  const status = (msg: string | undefined) => (msg ? ('error' as const) : undefined);
  const cellError = (msg: string | undefined, testId: string) =>
    msg ? (
      <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={testId}>
        {msg}
      </Typography.Text>
    ) : null;

  const columns: TableColumnsType<DailyRow> = [
    {
      key: 'day',
      title: t('fields.day'),
      width: 160,
      render: (_, r, i) => (
        <>
          <Tooltip title={r.locked ? t('hints.hasResults') : undefined}>
            <DatePicker
              size="small"
              data-testid={`daily-day-${i}`}
              aria-label={`${t('fields.day')} ${t('hints.rowN', { n: i + 1 })}`}
              value={r.day ? dayjs(r.day) : null}
              onChange={(d) => edit(r.key, { day: d ? d.format('YYYY-MM-DD') : null })}
              disabledDate={outside}
              disabled={r.locked || !canCreate}
              status={status(errorOf(r.key, 'day'))}
              allowClear={false}
              style={{ width: '100%' }}
            />
          </Tooltip>
          {cellError(errorOf(r.key, 'day'), `daily-day-error-${i}`)}
        </>
      ),
    },
    {
      key: 'targetQty',
      title: t('glossary:targetQty'),
      width: 130,
      render: (_, r, i) => (
        <>
          <NumberField
            size="small"
            testId={`daily-target-${i}`}
            aria-label={`${t('glossary:targetQty')} ${t('hints.rowN', { n: i + 1 })}`}
            min={0}
            value={r.targetQty}
            onChange={(v) => edit(r.key, { targetQty: v })}
            disabled={!canCreate}
            status={status(errorOf(r.key, 'targetQty'))}
            style={{ width: '100%' }}
          />
          {cellError(errorOf(r.key, 'targetQty'), `daily-target-error-${i}`)}
        </>
      ),
    },
    {
      key: 'tool',
      title: t('fields.tool'),
      width: 230,
      render: (_, r, i) => (
        <>
          <LineToolSelect
            size="small"
            testId={`daily-tool-${i}`}
            ariaLabel={`${t('fields.tool')} ${t('hints.rowN', { n: i + 1 })}`}
            lineId={plan.lineId}
            value={r.toolId}
            onChange={(toolId) => edit(r.key, { toolId })}
          />
          {cellError(errorOf(r.key, 'toolId'), `daily-tool-error-${i}`)}
        </>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (_, r, i) => <WorkStatusTag status={r.status} testId={`daily-status-${i}`} />,
    },
    {
      key: 'goodBad',
      title: t('fields.goodBad'),
      width: 100,
      align: 'right',
      render: (_, r) => `${fmtQty(r.goodQty)} / ${fmtQty(r.badQty)}`,
    },
    {
      key: 'description',
      title: t('fields.description'),
      width: 180,
      render: (_, r, i) => (
        <Input
          size="small"
          data-testid={`daily-desc-${i}`}
          aria-label={`${t('fields.description')} ${t('hints.rowN', { n: i + 1 })}`}
          value={r.description ?? ''}
          maxLength={500}
          disabled={!canCreate}
          onChange={(e) => edit(r.key, { description: e.target.value })}
        />
      ),
    },
    ...(canCreate
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 64,
            fixed: 'right' as const,
            render: (_: unknown, r: DailyRow, i: number) => (
              <Tooltip title={r.locked ? t('hints.hasResults') : t('actions.removeRow')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('actions.removeRow')} ${t('hints.rowN', { n: i + 1 })}`}
                  data-testid={`daily-remove-${i}`}
                  disabled={r.locked}
                  onClick={() => setDraft(rows.filter((x) => x.key !== r.key))}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const differs = total !== operPlan.targetQty;
  return (
    <Card
      size="small"
      data-testid="daily-card"
      title={t('titles.daily', { name: operPlan.operationName })}
      extra={
        canCreate && (
          <Space wrap size={4}>
            <Button
              size="small"
              icon={<SplitCellsOutlined />}
              data-testid="daily-spread-open"
              onClick={() => setSpreading(true)}
            >
              {t('actions.spread')}
            </Button>
            <Button
              size="small"
              icon={<PlusOutlined />}
              data-testid="daily-add"
              onClick={() => setDraft([...rows, newRow(rows, plan, operPlan.toolId)])}
            >
              {t('actions.addRow')}
            </Button>
            <Button size="small" icon={<UndoOutlined />} data-testid="daily-reset" disabled={!dirty} onClick={reset}>
              {t('actions.reset')}
            </Button>
            <Button
              size="small"
              type="primary"
              icon={<SaveOutlined />}
              data-testid="daily-save"
              disabled={!dirty}
              loading={saving}
              onClick={() => void save()}
            >
              {t('actions.save')}
            </Button>
          </Space>
        )
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefusal(null)}
          style={{ marginBottom: 8 }}
          data-testid="daily-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text data-testid="daily-sum" type={differs ? 'warning' : undefined}>
          {t('hints.targetTotal', {
            sum: fmtQty(total),
            target: fmtQty(operPlan.targetQty),
            unit: unitLabel(plan.unit),
          })}
          {differs &&
            ` · ${
              total < operPlan.targetQty
                ? t('hints.remaining', { qty: fmtQty(sumQty([operPlan.targetQty, -total])) })
                : t('hints.over', { qty: fmtQty(sumQty([total, -operPlan.targetQty])) })
            }`}
        </Typography.Text>
        {dirty && (
          <Typography.Text type="secondary" data-testid="daily-unsaved">
            {t('hints.unsaved')}
          </Typography.Text>
        )}
      </Flex>
      <Table<DailyRow>
        size="small"
        rowKey="key"
        data-testid="daily-table"
        loading={daily.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 970, y: 420 }}
        onRow={(r, i) => ({ 'data-testid': `daily-row-${i}`, 'data-day': r.day ?? '' }) as never}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noDailyPlans')} />,
        }}
      />
      {spreading && (
        <SpreadDialog
          open={spreading}
          plan={plan}
          operPlan={operPlan}
          onClose={() => setSpreading(false)}
          onSpread={reset}
        />
      )}
    </Card>
  );
}
