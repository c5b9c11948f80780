import { type SpcChartType, SPC_CHART_TYPES, SPC_SUBGROUP } from '@eqms/contract';
import { Drawer, Empty, Flex, Form, InputNumber, Segmented, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField, formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { periodOf } from '../../../components/inputs/PeriodField.tsx';
import { SPC_NS } from '../spc.locales.ts';
import { type SpcArgs, type SpcSubjectRef, useSpc } from '../spc.queries.ts';
import { SpcCharts } from './SpcCharts.tsx';

/** Parameters: the trend's bound (7 days); items: the results list's (366 days). */
const PARAMETER_DAYS = 7;
const ITEM_DAYS = 366;
const ITEM_DEFAULT_DAYS = 90;
// Parameters open on yesterday and today: the last hours of data are there even just after midnight.

/** The request of a subject over a day range: items by inspected day, parameters by instant [from 00:00, to+1 00:00). */
export function spcArgsOf(
  subject: SpcSubjectRef,
  from: string,
  to: string,
  chartType: SpcChartType | undefined,
  subgroupSize: number,
): SpcArgs {
  if (subject.kind === 'item') return { startDt: from, endDt: to, chartType };
  return {
    startDt: dayjs(from).startOf('day').toISOString(),
    endDt: dayjs(to).add(1, 'day').startOf('day').toISOString(),
    chartType: chartType ?? 'XBAR_R',
    subgroupSize,
  };
}

/** The controls and the charts of one subject: period, chart type and (parameters) subgroup size. */
export function SpcPanel({ subject }: { subject: SpcSubjectRef }) {
  const { t } = useTranslation(SPC_NS);
  const days = subject.kind === 'parameter' ? PARAMETER_DAYS : ITEM_DAYS;
  const [period, setPeriod] = useState(() =>
    formatDateRange(dayjs().subtract(subject.kind === 'parameter' ? 1 : ITEM_DEFAULT_DAYS, 'day'), dayjs()),
  );
  const [chartType, setChartType] = useState<SpcChartType | undefined>(undefined);
  const [size, setSize] = useState<number>(SPC_SUBGROUP.default);
  const p = periodOf(period, days);
  const args = p.from && p.to ? spcArgsOf(subject, p.from, p.to, chartType, size) : null;
  const q = useSpc(subject, args);
  const shownType = chartType ?? q.data?.chartType;
  return (
    <Flex vertical gap={12}>
      <Form layout="inline" component="div">
        <Form.Item label={t('fields.period')}>
          <DateRangeField value={period} onChange={(v) => setPeriod(v ?? '')} maxDays={days} />
        </Form.Item>
        <Form.Item label={t('fields.chartType')}>
          <Segmented
            data-testid="spc-chart-type"
            value={shownType}
            onChange={(v) => setChartType(v as SpcChartType)}
            options={SPC_CHART_TYPES.map((c) => ({ value: c, label: t(`chartTypes.${c}`) }))}
          />
        </Form.Item>
        {subject.kind === 'parameter' && shownType !== 'I_MR' && (
          <Form.Item label={t('fields.subgroupSize')}>
            <InputNumber
              aria-label={t('fields.subgroupSize')}
              min={SPC_SUBGROUP.min}
              max={SPC_SUBGROUP.max}
              value={size}
              onChange={(v) => v && setSize(v)}
            />
          </Form.Item>
        )}
      </Form>
      {q.isLoading ? <Skeleton active /> : q.data ? <SpcCharts result={q.data} /> : <Empty description={t('pick')} />}
    </Flex>
  );
}

/**
 * The SPC chart of an inspection item or a parameter in a drawer: the quality results screens open it on an item,
 * the trend on a parameter. Self-contained (its own period and chart controls, its own query).
 */
export function SpcDrawer({ subject, open, onClose }: { subject: SpcSubjectRef; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(SPC_NS);
  return (
    <Drawer title={t('title')} open={open} onClose={onClose} size="large" destroyOnHidden data-testid="spc-drawer">
      {open && <SpcPanel subject={subject} />}
    </Drawer>
  );
}
