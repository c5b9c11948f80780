import { CalendarOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type DailyPlan, type ProductionPlan, productionPlanEndpoints } from '@eqms/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkFilters } from '../components/WorkFilters.tsx';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { download } from '../../../api/http.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ACTIONS_WIDTH, EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { firstFactory, isYearMonth, yearMonthOf } from '../calendar/plan-calendar.ts';
import { PlanCalendarPanel } from '../calendar/PlanCalendarPanel.tsx';
import { DailyPlansEditor } from '../components/DailyPlansEditor.tsx';
import { OperPlansPanel } from '../components/OperPlansPanel.tsx';
import { WorkStatusTag } from '../components/plan-inputs.tsx';
import { PlanFormDialog } from '../components/PlanFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { currentMonth, fmtQty, fmtRate, periodOf } from '../plan-rules.ts';
import {
  planListQuery,
  useLotSeq,
  useOperPlans,
  usePlan,
  usePlanApi,
  usePlans,
  usePrefetchCalendar,
} from '../production-plan.queries.ts';

registerLocales('productionPlan', { kr, en });

const PAGE_SIZE = 50;
const PLAN_TABLE_HEIGHT = 340;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

type View = 'list' | 'calendar';

type State = {
  /** The list of plans or the month calendar of daily plans. */
  view: string;
  /** The calendar's month (YYYY-MM) and location (the first factory when undefined). */
  month: string;
  calLocationId: number | undefined;
  period: string;
  q: string | undefined;
  locationId: number | undefined;
  status: string | undefined;
  page: number;
  size: number;
  planId: number | undefined;
  operPlanId: number | undefined;
};

const stamp = (by: string | null, at: string) => `${dayjs(at).format('YYYY-MM-DD HH:mm')}${by ? ` · ${by}` : ''}`;

/**
 * /production/plan: production plans meeting a period, made and changed through a dialog (the forced modify with a
 * reason once a plan has results), and the chosen plan's operation plans with the daily plans of one of them.
 */
export default function ProductionPlanPage() {
  const { t } = useTranslation(['productionPlan', 'common', 'glossary']);
  const menuLabel = useMenuLabel('productionPlan');
  const canCreate = useCan('productionPlan', 'create');
  const canModify = useCan('productionPlan', 'modify');
  const canDelete = useCan('productionPlan', 'delete');
  const unitLabel = useCodeLabel('UNIT');
  const api = usePlanApi();
  const defaults = useMemo<State>(
    () => ({
      view: 'list',
      month: yearMonthOf(),
      calLocationId: undefined,
      period: currentMonth(),
      q: undefined,
      locationId: undefined,
      status: undefined,
      page: 1,
      size: PAGE_SIZE,
      planId: undefined,
      operPlanId: undefined,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['locationId', 'planId', 'operPlanId', 'calLocationId'] });
  const view: View = s.view === 'calendar' ? 'calendar' : 'list';
  const period = periodOf(s.period);
  const args =
    period.startDt && period.endDt
      ? { startDt: period.startDt, endDt: period.endDt, q: s.q, locationId: s.locationId, status: s.status }
      : null;
  // The list is asked for only while it shows (the calendar makes its own one request per month).
  const plans = usePlans(view === 'list' ? args : null, s.page, s.size);
  const calendarMonth = isYearMonth(s.month) ? s.month : defaults.month;
  const prefetchCalendar = usePrefetchCalendar();
  const locationTree = useLocationTree(['LINE']);
  const filter = (patch: Partial<State>) => set({ ...patch, page: 1 });
  // undefined: closed; null: making a plan; a plan: changing it.
  const [editing, setEditing] = useState<ProductionPlan | null | undefined>(undefined);

  const remove = async (rows: ProductionPlan[]) => {
    // The open plan's detail closes before the delete: closed after it, its queries were refetched by the delete's
    // refresh and answered two "not found" toasts. A refused delete opens it again.
    const open = rows.some((r) => r.id === s.planId) ? { planId: s.planId, operPlanId: s.operPlanId } : null;
    if (open) set({ planId: undefined, operPlanId: undefined });
    try {
      await api.remove(rows.map((r) => r.id));
    } catch (e) {
      if (open) set(open);
      throw e;
    }
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const open = (r: ProductionPlan) => set({ planId: r.id, operPlanId: undefined }, { push: true });
  // A daily plan of the calendar opens its plan with its operation plan chosen, and the detail scrolls into view.
  const detail = useRef<HTMLDivElement>(null);
  const [scrollTo, setScrollTo] = useState(0);
  const openDaily = (d: DailyPlan) => {
    set({ planId: d.planId, operPlanId: d.operPlanId }, { push: true });
    setScrollTo((n) => n + 1);
  };
  useEffect(() => {
    if (scrollTo) detail.current?.scrollIntoView({ block: 'start' });
  }, [scrollTo]);
  const removeOne = (r: ProductionPlan) =>
    confirmRemove(
      t('messages.confirmDelete', {
        product: `${r.productCode} ${r.productName}`,
        period: `${r.startDt} ~ ${r.endDt}`,
      }),
      () => remove([r]),
    );

  const columns: DataColumn<ProductionPlan>[] = [
    {
      key: 'productCode',
      title: t('fields.productCode'),
      width: 130,
      render: (r) => <span data-testid="plan-product-code">{r.productCode}</span>,
      exportValue: (r) => r.productCode,
    },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 160 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => (
        <span data-testid="plan-qty">
          <Typography.Text strong>{fmtQty(r.qty)}</Typography.Text> {unitLabel(r.unit)}
        </span>
      ),
      exportValue: (r) => r.qty,
      sorter: (a, b) => a.qty - b.qty,
    },
    {
      key: 'period',
      title: t('fields.period'),
      width: 200,
      render: (r) => `${r.startDt} ~ ${r.endDt}`,
    },
    { key: 'linePath', title: t('fields.linePath'), dataIndex: 'linePath', width: 180 },
    {
      key: 'lotSeq',
      title: t('fields.lotSeq'),
      width: 90,
      render: (r) => String(r.lotSeq).padStart(3, '0'),
      exportValue: (r) => r.lotSeq,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 110,
      render: (r) => <WorkStatusTag status={r.status} testId="plan-status" />,
      exportValue: (r) => t(`status.${r.status}`),
    },
    {
      key: 'goodQty',
      title: t('fields.goodQty'),
      width: 100,
      render: (r) => fmtQty(r.goodQty),
      exportValue: (r) => r.goodQty,
      sorter: (a, b) => a.goodQty - b.goodQty,
    },
    {
      key: 'achievementRate',
      title: t('fields.achievementRate'),
      width: 100,
      render: (r) => fmtRate(r.achievementRate),
      exportValue: (r) => r.achievementRate,
      sorter: (a, b) => a.achievementRate - b.achievementRate,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    {
      key: 'created',
      title: t('fields.created'),
      width: 170,
      render: (r) => stamp(r.createdBy, r.createdAt),
    },
    {
      key: 'updated',
      title: t('fields.updated'),
      width: 170,
      render: (r) => stamp(r.updatedBy, r.updatedAt),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: ACTIONS_WIDTH + 32,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="plan"
          rowId={r.productCode}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() => void removeOne(r)}
        >
          {/* The row click's choice, for the keyboard too. */}
          <RowAction
            label={t('actions.open')}
            icon={<UnorderedListOutlined />}
            testId={`plan-open-${r.productCode}`}
            onClick={() => open(r)}
          />
        </EditDeleteActions>
      ),
    },
  ];

  return (
    <PageContainer
      menuName="productionPlan"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="plan-create" onClick={() => setEditing(null)}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={view}
        onChange={(v) => {
          // The calendar's month request leaves with the click (it renders while the answer travels).
          if (v === 'calendar') prefetchCalendar(s.calLocationId ?? firstFactory(locationTree.data)?.id, calendarMonth);
          set({ view: v });
        }}
        data-testid="plan-views"
        items={[
          {
            key: 'list',
            label: (
              <span data-testid="plan-view-list">
                <UnorderedListOutlined /> {t('views.list')}
              </span>
            ),
          },
          {
            key: 'calendar',
            label: (
              <span data-testid="plan-view-calendar">
                <CalendarOutlined /> {t('views.calendar')}
              </span>
            ),
          },
        ]}
      />
      {/* One view at a time, outside the tabs: a hidden one would still render with every change of the URL. */}
      {view === 'list' ? (
        <>
          {period.error && (
            <Alert
              type="warning"
              showIcon
              title={period.error}
              style={{ marginBottom: 16 }}
              data-testid="plan-period-error"
            />
          )}
          <DataTable<ProductionPlan>
            testId="plan-table"
            rowKey="id"
            historyTable="production_plans"
            columns={columns}
            data={plans.data?.data}
            loading={plans.isFetching}
            selectable={canDelete}
            onDeleteSelected={remove}
            exportName={menuLabel}
            // Every plan of the filter, not only the page on screen.
            onExport={
              args
                ? () =>
                    download(productionPlanEndpoints.plansExport, `${menuLabel}.xlsx`, {
                      query: planListQuery(args),
                    })
                : undefined
            }
            // The chosen plan's operation and daily plans show under the list: the list scrolls in its own box.
            height={PLAN_TABLE_HEIGHT}
            onRowClick={open}
            activeRowKey={s.planId ?? null}
            pagination={{
              page: s.page,
              size: s.size,
              total: plans.data?.total ?? 0,
              onChange: (page, size) => set({ page, size }),
            }}
            toolbar={<WorkFilters testId="plan" t={t} value={s} defaultPeriod={defaults.period} onFilter={filter} />}
          />
        </>
      ) : (
        <PlanCalendarPanel
          yearMonth={calendarMonth}
          locationId={s.calLocationId}
          onChange={(patch) => set(patch)}
          onOpen={openDaily}
        />
      )}
      <div ref={detail} style={{ scrollMarginTop: 16 }}>
        {s.planId ? (
          <PlanDetail
            planId={s.planId}
            operPlanId={s.operPlanId ?? null}
            onOperPlan={(operPlanId) => set({ operPlanId })}
            onEdit={setEditing}
          />
        ) : (
          view === 'list' && (
            <Card size="small" style={{ marginTop: 16 }}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.pickPlan')} />
            </Card>
          )
        )}
      </div>
      {editing !== undefined && (
        <PlanFormDialog
          open
          plan={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(p) => {
            if (editing === null) set({ planId: p.id, operPlanId: undefined }, { push: true });
          }}
        />
      )}
    </PageContainer>
  );
}

/** The chosen plan: its facts, its operation plans and the daily plans of the chosen operation plan. */
function PlanDetail({
  planId,
  operPlanId,
  onOperPlan,
  onEdit,
}: {
  planId: number;
  operPlanId: number | null;
  onOperPlan: (id: number) => void;
  onEdit: (plan: ProductionPlan) => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common', 'glossary']);
  const canModify = useCan('productionPlan', 'modify');
  const unitLabel = useCodeLabel('UNIT');
  const plan = usePlan(planId);
  const lot = useLotSeq(planId);
  const operPlans = useOperPlans(planId);
  const p = plan.data;
  if (plan.isError)
    return (
      <Card size="small" style={{ marginTop: 16 }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:errors.NOT_FOUND')} />
      </Card>
    );
  if (!p) return <Card size="small" loading style={{ marginTop: 16 }} />;
  // The first operation plan until one is chosen.
  const operPlan = operPlans.data?.find((o) => o.id === operPlanId) ?? operPlans.data?.[0] ?? null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', marginTop: 16 }} data-testid="plan-detail">
      <Card
        size="small"
        title={
          <Space wrap size={8}>
            <span data-testid="plan-detail-title">
              {t('titles.detail', { code: p.productCode, name: p.productName })}
            </span>
            <WorkStatusTag status={p.status} testId="plan-detail-status" />
          </Space>
        }
        extra={
          canModify && (
            <Button size="small" data-testid="plan-detail-edit" onClick={() => onEdit(p)}>
              {t('common:actions.edit')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('fields.qty')}>
            <span data-testid="plan-detail-qty" style={NOWRAP}>
              {fmtQty(p.qty)} {unitLabel(p.unit)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.period')}>
            <span style={NOWRAP}>
              {p.startDt} ~ {p.endDt}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.linePath')}>{p.linePath}</Descriptions.Item>
          <Descriptions.Item label={t('fields.todayLotId')}>
            <Typography.Text copyable={!!lot.data} data-testid="plan-detail-lot">
              {lot.data?.todayLotId ?? '-'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.goodQty')}>
            <span style={NOWRAP}>
              {fmtQty(p.goodQty)} ({t('fields.achievementRate')} {fmtRate(p.achievementRate)})
            </span>
          </Descriptions.Item>
          {p.description && <Descriptions.Item label={t('fields.description')}>{p.description}</Descriptions.Item>}
          {p.modifyReason && (
            <Descriptions.Item label={t('fields.modifyReason')}>
              <span data-testid="plan-detail-reason">{p.modifyReason}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <OperPlansPanel plan={p} selectedId={operPlan?.id ?? null} onSelect={(o) => onOperPlan(o.id)} />
        </Col>
        <Col xs={24} xxl={14}>
          {operPlan ? (
            <DailyPlansEditor key={operPlan.id} plan={p} operPlan={operPlan} />
          ) : (
            <Card size="small" title={t('glossary:dailyPlan')}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.pickOperPlan')} />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
