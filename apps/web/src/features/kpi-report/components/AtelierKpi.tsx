import {
  type AtelierClaimCount,
  type AtelierDailyRow,
  type AtelierHourlyRow,
  type AtelierInspectionMinutes,
  type AtelierInspectionMinutesTotal,
  type AtelierInspectionRate,
  type AtelierOperationDefect,
  type AtelierProductDefect,
  KPI_DAY_PERIOD_MAX,
  KPI_MONTH_PERIOD_MAX,
} from '@eqms/contract';
import { Alert, Card, Col, DatePicker, Empty, Flex, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { EChart } from '../../../components/EChart.tsx';
import {
  DateRangeField,
  dateRangeDays,
  formatDateRange,
  parseDateRange,
} from '../../../components/inputs/DateRangeField.tsx';
import { ruleText } from '../../../components/inputs/rule-text.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { barLineOption } from '../kpi-charts.ts';
import { KPI_NS } from '../kpi-report.locales.ts';
import {
  useAtelierClaimCount,
  useAtelierDaily,
  useAtelierHourly,
  useAtelierInspectionMinutes,
  useAtelierInspectionRate,
  useAtelierOperationDefects,
  useAtelierProductDefects,
} from '../kpi-report.queries.ts';
import { KpiFileButtons } from './KpiFileButtons.tsx';

const DEFAULT_DAYS = 30;
const DEFAULT_MONTHS = 6;
const monthSpan = (a: string, b: string) => dayjs(`${b}-01`).diff(dayjs(`${a}-01`), 'month') + 1;

/** A chart above its table, or the empty state when the period has nothing. */
function Section<T>(props: {
  title: string;
  option: EChartsOption;
  rows: T[] | undefined;
  rowKey: keyof T & string;
  columns: DataColumn<T>[];
  loading: boolean;
  hasData: boolean;
  testId: string;
  exportName: string;
  emptyText: string;
  extra?: ReactNode;
  wide?: boolean;
  /** Between the chart and the table (a total). */
  summary?: ReactNode;
}) {
  return (
    <Col xs={24} xl={props.wide ? 24 : 12}>
      <Card size="small" title={props.title} extra={props.extra}>
        {props.hasData ? (
          <div style={{ marginBottom: 12 }}>
            <EChart option={props.option} height={260} testId={`${props.testId}-chart`} />
          </div>
        ) : (
          !props.loading && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={props.emptyText}
              data-testid={`${props.testId}-empty`}
            />
          )
        )}
        {props.summary}
        <DataTable<T>
          testId={`${props.testId}-table`}
          urlKey={props.testId}
          rowKey={props.rowKey}
          columns={props.columns}
          data={props.rows}
          loading={props.loading}
          exportName={props.exportName}
          height={280}
        />
      </Card>
    </Col>
  );
}

/** The period's total of the inspection minutes: the ratios of the sums (server kpi-report README "Measures"). */
function MinutesTotal({ total, none }: { total: AtelierInspectionMinutesTotal | undefined; none: string }) {
  const { t } = useTranslation(KPI_NS);
  if (!total) return null;
  const f = (k: string) => t(`fields.${k}`);
  const items: [string, string | number, string?][] = [
    ['inspections', `${total.timedInspections} / ${total.inspections}`, f('timedOfAll')],
    ['totalMinutes', total.totalMinutes],
    ['inspectedQty', total.inspectedQty],
    ['minutesPerInspection', total.minutesPerInspection ?? none],
    ['minutesPerUnit', total.minutesPerUnit ?? none],
  ];
  return (
    <Flex vertical gap={4} style={{ margin: '4px 0 12px' }}>
      <Flex gap={32} wrap data-testid="atelier-minutes-total">
        <Typography.Text strong style={{ alignSelf: 'center' }}>
          {t('all')}
        </Typography.Text>
        {items.map(([key, value, hint]) => (
          <Statistic
            key={key}
            title={hint ?? f(key)}
            value={value}
            styles={{ content: { fontSize: 20 } }}
            data-testid={`atelier-minutes-total-${key}`}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary">{t('atelier.minutesNote')}</Typography.Text>
    </Flex>
  );
}

/** The workshop (atelier) KPI page: production by day and hour, inspection minutes, defect rates, inspection rate, claims. */
export function AtelierKpi() {
  const { t } = useTranslation([KPI_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const defaults = useMemo(() => {
    const today = dayjs().startOf('day');
    return {
      days: formatDateRange(today.subtract(DEFAULT_DAYS - 1, 'day'), today),
      startMonth: today.subtract(DEFAULT_MONTHS - 1, 'month').format('YYYY-MM'),
      endMonth: today.format('YYYY-MM'),
    };
  }, []);
  const [s, set] = useUrlState(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the error text follows the UI language
  const dayCheck = useMemo(() => {
    const parts = parseDateRange(s.days);
    if (!parts) return { period: null, error: ruleText('dateRange') };
    const n = dateRangeDays(parts[0], parts[1]);
    if (n < 1) return { period: null, error: ruleText('periodOrder') };
    if (n > KPI_DAY_PERIOD_MAX) return { period: null, error: ruleText('periodMax', { days: KPI_DAY_PERIOD_MAX }) };
    return { period: { startDt: parts[0], endDt: parts[1] }, error: null };
  }, [s.days, locale]);
  const span = monthSpan(s.startMonth, s.endMonth);
  const monthPeriod =
    span >= 1 && span <= KPI_MONTH_PERIOD_MAX ? { startMonth: s.startMonth, endMonth: s.endMonth } : null;
  const days = dayCheck.period;

  const daily = useAtelierDaily(days);
  const hourly = useAtelierHourly(days);
  const minutes = useAtelierInspectionMinutes(days);
  const operations = useAtelierOperationDefects(monthPeriod);
  const products = useAtelierProductDefects(monthPeriod);
  const inspection = useAtelierInspectionRate(monthPeriod);
  const claims = useAtelierClaimCount(monthPeriod);
  const none = t('none');
  const f = (k: string) => t(`fields.${k}`);
  const rate = (v: number | null) => (v == null ? none : String(v));
  const n = <T,>(key: keyof T & string, title: string, width = 100): DataColumn<T> => ({
    key,
    title,
    width,
    dataIndex: key,
    sorter: (a, b) => Number(a[key] ?? -1) - Number(b[key] ?? -1),
    render: (r) => (r[key] == null ? none : String(r[key])),
    exportValue: (r) => (r[key] == null ? none : (r[key] as number)),
  });

  const dailyRows = daily.data;
  const hourlyRows = hourly.data;
  const minuteRows = minutes.data?.products;
  const opRows = operations.data;
  const productRows = products.data;
  const inspRows = inspection.data;
  const claimRows = claims.data;
  const params = days && monthPeriod ? { startDt: days.startDt, endDt: days.endDt, ...monthPeriod } : null;

  return (
    <PageContainer
      menuName="kpiReport"
      extra={
        <>
          <Typography.Text type="secondary">{t('atelier.days')}</Typography.Text>
          <DateRangeField
            testId="atelier-days"
            value={s.days}
            maxDays={KPI_DAY_PERIOD_MAX}
            allowClear={false}
            onChange={(v) => set({ days: v ?? defaults.days })}
            style={{ width: 250 }}
          />
          <label htmlFor="atelier-months">
            <Typography.Text type="secondary">{t('atelier.months')}</Typography.Text>
          </label>
          <div data-testid="atelier-months">
            <DatePicker.RangePicker
              id={{ start: 'atelier-months', end: 'atelier-months-end' }}
              picker="month"
              allowClear={false}
              format="YYYY-MM"
              value={[dayjs(`${s.startMonth}-01`), dayjs(`${s.endMonth}-01`)]}
              onChange={(r) =>
                r?.[0] && r[1] && set({ startMonth: r[0].format('YYYY-MM'), endMonth: r[1].format('YYYY-MM') })
              }
              style={{ width: 200 }}
            />
          </div>
          <KpiFileButtons
            type="atelier"
            params={params}
            fileName={`atelier-kpi-${(days?.startDt ?? '').replaceAll('-', '')}-${(days?.endDt ?? '').replaceAll('-', '')}`}
          />
        </>
      }
    >
      {dayCheck.error && <Alert type="warning" showIcon title={dayCheck.error} style={{ marginBottom: 16 }} />}
      {!monthPeriod && (
        <Alert
          type="warning"
          showIcon
          title={t('errors.monthPeriod', { months: KPI_MONTH_PERIOD_MAX })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Section<AtelierDailyRow>
          title={t('atelier.daily')}
          testId="atelier-daily"
          option={barLineOption(
            (dailyRows ?? []).map((r) => r.day.slice(5)),
            [
              { name: f('planned'), values: (dailyRows ?? []).map((r) => r.plannedQty) },
              { name: f('good'), values: (dailyRows ?? []).map((r) => r.goodQty) },
              { name: f('bad'), values: (dailyRows ?? []).map((r) => r.badQty) },
            ],
          )}
          rows={dailyRows}
          rowKey="day"
          columns={[
            { key: 'day', title: f('day'), dataIndex: 'day', width: 110, sorter: true },
            n('plannedQty', f('planned')),
            n('goodQty', f('good')),
            n('badQty', f('bad')),
          ]}
          loading={daily.isFetching}
          hasData={!!dailyRows?.some((r) => r.plannedQty + r.goodQty + r.badQty > 0)}
          exportName={`${t('atelier.export')} ${t('atelier.daily')}`}
          emptyText={t('atelier.noData')}
        />
        <Section<AtelierHourlyRow>
          title={t('atelier.hourly')}
          testId="atelier-hourly"
          option={barLineOption(
            (hourlyRows ?? []).map((r) => String(r.hour)),
            [
              { name: f('good'), values: (hourlyRows ?? []).map((r) => r.goodQty) },
              { name: f('bad'), values: (hourlyRows ?? []).map((r) => r.badQty) },
            ],
          )}
          rows={hourlyRows}
          rowKey="hour"
          columns={[n('hour', f('hour'), 80), n('goodQty', f('good')), n('badQty', f('bad'))]}
          loading={hourly.isFetching}
          hasData={!!hourlyRows?.some((r) => r.goodQty + r.badQty > 0)}
          exportName={`${t('atelier.export')} ${t('atelier.hourly')}`}
          emptyText={t('atelier.noData')}
        />
        <Section<AtelierInspectionMinutes>
          wide
          title={t('atelier.minutes')}
          testId="atelier-minutes"
          option={barLineOption(
            (minuteRows ?? []).map((r) => r.productName),
            [
              { name: f('minutesPerInspection'), values: (minuteRows ?? []).map((r) => r.minutesPerInspection) },
              { name: f('minutesPerUnit'), values: (minuteRows ?? []).map((r) => r.minutesPerUnit) },
            ],
          )}
          summary={<MinutesTotal total={minutes.data?.total} none={none} />}
          rows={minuteRows}
          rowKey="productId"
          columns={[
            { key: 'productCode', title: f('productCode'), dataIndex: 'productCode', width: 100, sorter: true },
            { key: 'productName', title: f('product'), dataIndex: 'productName', width: 120, sorter: true },
            n('inspections', f('inspections'), 110),
            n('timedInspections', f('timedInspections'), 90),
            n('totalMinutes', f('totalMinutes')),
            n('inspectedQty', f('inspectedQty')),
            n('minutesPerInspection', f('minutesPerInspection'), 120),
            n('minutesPerUnit', f('minutesPerUnit'), 110),
          ]}
          loading={minutes.isFetching}
          hasData={!!minutes.data && minutes.data.total.timedInspections > 0}
          exportName={`${t('atelier.export')} ${t('atelier.minutes')}`}
          emptyText={t('atelier.noMinutes')}
        />
        <Section<AtelierOperationDefect>
          title={t('atelier.operation')}
          testId="atelier-operation"
          option={barLineOption(
            (opRows ?? []).map((r) => r.operationName),
            [{ name: f('bad'), values: (opRows ?? []).map((r) => r.badQty) }],
            [{ name: f('defectRate'), values: (opRows ?? []).map((r) => r.defectRate) }],
          )}
          rows={opRows}
          rowKey="operationId"
          columns={[
            { key: 'operationCode', title: f('operationCode'), dataIndex: 'operationCode', width: 110, sorter: true },
            { key: 'operationName', title: f('operation'), dataIndex: 'operationName', width: 140, sorter: true },
            n('goodQty', f('good')),
            n('badQty', f('bad')),
            { ...n<AtelierOperationDefect>('defectRate', f('defectRate'), 110), render: (r) => rate(r.defectRate) },
          ]}
          loading={operations.isFetching}
          hasData={!!opRows?.length}
          exportName={`${t('atelier.export')} ${t('atelier.operation')}`}
          emptyText={t('atelier.noData')}
        />
        <Section<AtelierProductDefect>
          title={t('atelier.product')}
          testId="atelier-product"
          option={barLineOption(
            (productRows ?? []).map((r) => r.productName),
            [{ name: f('bad'), values: (productRows ?? []).map((r) => r.badQty) }],
            [{ name: f('defectRate'), values: (productRows ?? []).map((r) => r.defectRate) }],
          )}
          rows={productRows}
          rowKey="productId"
          columns={[
            { key: 'productCode', title: f('productCode'), dataIndex: 'productCode', width: 110, sorter: true },
            { key: 'productName', title: f('product'), dataIndex: 'productName', width: 140, sorter: true },
            n('goodQty', f('good')),
            n('badQty', f('bad')),
            n('defectRate', f('defectRate'), 110),
          ]}
          loading={products.isFetching}
          hasData={!!productRows?.length}
          exportName={`${t('atelier.export')} ${t('atelier.product')}`}
          emptyText={t('atelier.noData')}
        />
        <Section<AtelierInspectionRate>
          title={t('atelier.inspection')}
          testId="atelier-inspection"
          option={barLineOption(
            (inspRows ?? []).map((r) => r.month),
            [
              { name: f('producedLots'), values: (inspRows ?? []).map((r) => r.producedLots) },
              { name: f('inspectedLots'), values: (inspRows ?? []).map((r) => r.inspectedLots) },
            ],
            [{ name: f('inspectionRate'), values: (inspRows ?? []).map((r) => r.rate) }],
          )}
          rows={inspRows}
          rowKey="month"
          columns={[
            { key: 'month', title: f('month'), dataIndex: 'month', width: 100, sorter: true },
            n('producedLots', f('producedLots')),
            n('inspectedLots', f('inspectedLots')),
            n('rate', f('inspectionRate'), 110),
          ]}
          loading={inspection.isFetching}
          hasData={!!inspRows?.some((r) => r.producedLots > 0)}
          exportName={`${t('atelier.export')} ${t('atelier.inspection')}`}
          emptyText={t('atelier.noData')}
        />
        <Section<AtelierClaimCount>
          title={t('atelier.claims')}
          testId="atelier-claims"
          option={barLineOption(
            (claimRows ?? []).map((r) => r.month),
            [
              { name: f('claims'), values: (claimRows ?? []).map((r) => r.count) },
              { name: f('closed'), values: (claimRows ?? []).map((r) => r.closedCount) },
            ],
          )}
          rows={claimRows}
          rowKey="month"
          columns={[
            { key: 'month', title: f('month'), dataIndex: 'month', width: 100, sorter: true },
            n('count', f('claims')),
            n('closedCount', f('closed')),
          ]}
          loading={claims.isFetching}
          hasData={!!claimRows?.some((r) => r.count > 0)}
          exportName={`${t('atelier.export')} ${t('atelier.claims')}`}
          emptyText={t('atelier.noData')}
        />
      </Row>
    </PageContainer>
  );
}
