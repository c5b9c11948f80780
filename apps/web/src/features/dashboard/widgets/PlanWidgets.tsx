import { type PlanStatus, type StatusCounts, widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Flex, Statistic, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { EChart } from '../../../components/EChart.tsx';
import { WidgetBody } from './WidgetBody.tsx';
import { barsHeight, fmtPct, fmtQty, linePlanOption, STATUS_HEX, STATUS_KEYS, STATUS_TAG } from './widget-charts.ts';
import { refetchMs, type WidgetViewProps } from './widget-kit.ts';
import { WIDGET_NS } from './widget.locales.ts';

// Production plan widgets: the plans of a day by status (under a location, on a tool) and per line.

function StatusCountsRow({ counts, testId }: { counts: StatusCounts; testId: string }) {
  const { t } = useTranslation(WIDGET_NS);
  return (
    <Flex gap={24} wrap data-testid={testId}>
      <Statistic title={t('fields.total')} value={counts.total} />
      {STATUS_KEYS.map((k) => (
        <Statistic
          key={k}
          title={<Badge color={STATUS_HEX[k]} text={t(`status.${k}`)} />}
          value={counts[k]}
          data-testid={`${testId}-${k}`}
        />
      ))}
    </Flex>
  );
}

function PlanList({ plans }: { plans: PlanStatus['plans'] }) {
  const { t } = useTranslation(WIDGET_NS);
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={plans}
      scroll={{ y: 240 }}
      columns={[
        {
          title: t('fields.product'),
          key: 'product',
          render: (_, p) => `${p.productCode} ${p.productName}`,
        },
        { title: t('fields.line'), dataIndex: 'lineName' },
        {
          title: t('fields.period'),
          key: 'period',
          render: (_, p) => (p.startDt === p.endDt ? p.startDt : `${p.startDt} ~ ${p.endDt}`),
        },
        {
          title: t('fields.goodPlanned'),
          key: 'qty',
          align: 'right',
          render: (_, p) => `${fmtQty(p.goodQty)} / ${fmtQty(p.qty)} (${fmtPct(p.achievementRate)})`,
        },
        {
          title: t('fields.status'),
          dataIndex: 'status',
          render: (s: (typeof STATUS_KEYS)[number]) => <Tag color={STATUS_TAG[s]}>{t(`status.${s}`)}</Tag>,
        },
      ]}
    />
  );
}

/** all-production-plan-status: the plans under the location whose period contains the date (default today). */
export function AllProductionPlanStatusWidget({
  settings,
  refreshMinutes,
}: WidgetViewProps<'all-production-plan-status'>) {
  const q = useQuery({
    queryKey: ['widget', 'all-production-plan-status', settings],
    queryFn: ({ signal }) =>
      call(widgetEndpoints.allProductionPlanStatus, {
        query: { locationId: settings.locationId, date: settings.date ?? todayText() },
        signal,
        silent: true,
      }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.counts.total === 0} testId="widget-all-production-plan-status">
      {(d) => (
        <Flex vertical gap={8}>
          <StatusCountsRow counts={d.counts} testId="widget-all-production-plan-status-counts" />
          <PlanList plans={d.plans} />
        </Flex>
      )}
    </WidgetBody>
  );
}

/** The browser's today as yyyy-MM-dd (the factory's day: the browser runs in the factory's time zone). */
function todayText() {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** prod-plan-status-by-tool: today's plans with an operation on the tool. */
export function ProdPlanStatusByToolWidget({ settings, refreshMinutes }: WidgetViewProps<'prod-plan-status-by-tool'>) {
  const q = useQuery({
    queryKey: ['widget', 'prod-plan-status-by-tool', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.prodPlanStatusByTool, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.counts.total === 0} testId="widget-prod-plan-status-by-tool">
      {(d) => (
        <Flex vertical gap={8}>
          <StatusCountsRow counts={d.counts} testId="widget-prod-plan-status-by-tool-counts" />
          <PlanList plans={d.plans} />
        </Flex>
      )}
    </WidgetBody>
  );
}

/** production-plan-status: today's plans under the location by status, in total and per line. */
export function ProductionPlanStatusWidget({ settings, refreshMinutes }: WidgetViewProps<'production-plan-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'production-plan-status', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.productionPlanStatus, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  const option = useMemo(() => (q.data ? linePlanOption(q.data.lines, t) : null), [q.data, t]);
  return (
    <WidgetBody q={q} empty={(d) => d.counts.total === 0} testId="widget-production-plan-status">
      {(d) => (
        <Flex vertical gap={8}>
          <StatusCountsRow counts={d.counts} testId="widget-production-plan-status-counts" />
          {option && (
            <EChart
              option={option}
              height={barsHeight(d.lines.length, 160, 40)}
              testId="widget-production-plan-status-chart"
            />
          )}
        </Flex>
      )}
    </WidgetBody>
  );
}
