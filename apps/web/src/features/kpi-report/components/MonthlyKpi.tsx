import { KPI_WORKING_TIME_DEFAULT, type KpiMonthRow } from '@eqms/contract';
import { Card, Col, DatePicker, Empty, Flex, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { EChart } from '../../../components/EChart.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { barLineOption, rateText } from '../kpi-charts.ts';
import { KPI_NS } from '../kpi-report.locales.ts';
import { useKpiReport } from '../kpi-report.queries.ts';
import { KpiFileButtons } from './KpiFileButtons.tsx';

type TableRow = KpiMonthRow & { key: string; productCode: string; productName: string };

/** The standard KPI report: a month and the 3 before — achievement rate, production per hour, defect rate. */
export function MonthlyKpi() {
  const { t } = useTranslation([KPI_NS, 'common']);
  const defaults = useMemo(
    () => ({ month: dayjs().format('YYYY-MM'), workingTime: KPI_WORKING_TIME_DEFAULT as number }),
    [],
  );
  const [s, set] = useUrlState(defaults);
  const valid = /^\d{4}-\d{2}$/.test(s.month) && s.workingTime > 0 && s.workingTime <= 24;
  const args = valid ? { date: s.month, workingTime: s.workingTime } : null;
  const report = useKpiReport(args);
  const data = report.data;
  const none = t('none');
  const total = data?.total ?? [];
  const selected = total.at(-1);
  const empty = !!data && total.every((r) => r.plannedQty + r.goodQty + r.badQty === 0);

  const rows = useMemo<TableRow[]>(() => {
    if (!data) return [];
    const all = t('all');
    return [
      ...data.total.map((r) => ({ ...r, key: `all-${r.month}`, productCode: '', productName: all })),
      ...data.products.flatMap((p) =>
        p.months.map((r) => ({
          ...r,
          key: `${p.productId}-${r.month}`,
          productCode: p.productCode,
          productName: p.productName,
        })),
      ),
    ];
  }, [data, t]);

  const months = data?.months ?? [];
  const achieve = barLineOption(
    months,
    [
      { name: t('fields.planned'), values: total.map((r) => r.plannedQty) },
      { name: t('fields.good'), values: total.map((r) => r.goodQty) },
    ],
    [{ name: t('fields.achieveRate'), values: total.map((r) => r.achieveRate) }],
  );
  const perHour = barLineOption(months, [{ name: t('fields.perHour'), values: total.map((r) => r.perHour) }]);
  const defect = barLineOption(
    months,
    [{ name: t('fields.bad'), values: total.map((r) => r.badQty) }],
    [{ name: t('fields.defectRate'), values: total.map((r) => r.defectRate) }],
  );

  const num = (k: keyof KpiMonthRow, title: string, width = 100): DataColumn<TableRow> => ({
    key: k,
    title,
    width,
    sorter: (a, b) => Number(a[k] ?? -1) - Number(b[k] ?? -1),
    dataIndex: k,
    render: (r) => (r[k] == null ? none : String(r[k])),
    exportValue: (r) => (r[k] == null ? none : (r[k] as number)),
  });
  const columns: DataColumn<TableRow>[] = [
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 120, sorter: true },
    { key: 'productName', title: t('fields.product'), dataIndex: 'productName', width: 160, sorter: true },
    { key: 'month', title: t('fields.month'), dataIndex: 'month', width: 90, sorter: true },
    num('plannedQty', t('fields.planned')),
    num('goodQty', t('fields.good')),
    num('badQty', t('fields.bad')),
    num('workDays', t('fields.workDays'), 90),
    num('workedHours', t('fields.workedHours'), 90),
    num('achieveRate', t('fields.achieveRate'), 110),
    num('perHour', t('fields.perHour'), 110),
    num('defectRate', t('fields.defectRate'), 110),
  ];

  const card = (key: 'achieveRate' | 'perHour' | 'defectRate', unit: string) => (
    <Col xs={24} sm={8}>
      <Card size="small">
        <Statistic
          title={`${t(`cards.${key}`)} · ${selected?.month ?? s.month}`}
          value={selected ? rateText(selected[key], none, unit) : '-'}
          loading={report.isPending && !!args}
          data-testid={`kpi-card-${key}`}
        />
      </Card>
    </Col>
  );
  const chart = (title: string, option: ReturnType<typeof barLineOption>, testId: string) => (
    <Col xs={24} xl={8}>
      <Card size="small" title={title}>
        {empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : (
          <EChart option={option} height={260} testId={testId} />
        )}
      </Card>
    </Col>
  );

  return (
    <PageContainer
      menuName="kpiReport"
      extra={
        <>
          <label htmlFor="kpi-month">
            <Typography.Text type="secondary">{t('month')}</Typography.Text>
          </label>
          <DatePicker
            id="kpi-month"
            picker="month"
            allowClear={false}
            format="YYYY-MM"
            value={dayjs(`${s.month}-01`)}
            onChange={(d) => d && set({ month: d.format('YYYY-MM') })}
            data-testid="kpi-month"
            style={{ width: 120 }}
          />
          <label htmlFor="kpi-working-time">
            <Typography.Text type="secondary">{t('workingTime')}</Typography.Text>
          </label>
          <NumberField
            id="kpi-working-time"
            testId="kpi-working-time"
            value={s.workingTime}
            min={0.5}
            max={24}
            scale={1}
            intDigits={2}
            addonAfter={t('hours')}
            onChange={(v) => v != null && v > 0 && v <= 24 && set({ workingTime: v })}
            style={{ width: 140 }}
          />
          <KpiFileButtons type="monthly" params={args} fileName={`kpi-report-${s.month.replace('-', '')}`} />
        </>
      }
    >
      <Flex vertical gap={16}>
        {data && (
          <Typography.Text type="secondary" data-testid="kpi-months">
            {t('monthsHint', { from: data.months[0], to: data.months.at(-1) })}
          </Typography.Text>
        )}
        <Row gutter={[16, 16]}>
          {card('achieveRate', '%')}
          {card('perHour', '')}
          {card('defectRate', '%')}
          {chart(t('charts.achieve'), achieve, 'kpi-chart-achieve')}
          {chart(t('charts.perHour'), perHour, 'kpi-chart-per-hour')}
          {chart(t('charts.defect'), defect, 'kpi-chart-defect')}
          <Col span={24}>
            <Card size="small" title={t('table')}>
              <DataTable<TableRow>
                testId="kpi-table"
                rowKey="key"
                columns={columns}
                data={rows}
                loading={report.isFetching}
                exportName={t('export')}
                height={420}
              />
            </Card>
          </Col>
        </Row>
      </Flex>
    </PageContainer>
  );
}
