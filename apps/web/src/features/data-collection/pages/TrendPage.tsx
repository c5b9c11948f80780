import { ReloadOutlined, ZoomOutOutlined } from '@ant-design/icons';
import {
  type Parameter,
  TREND_MAX_DAYS,
  TREND_MAX_PARAMETERS,
  type TrendSeries,
  translateMessage,
} from '@eqms/contract';
import { Alert, Button, Card, Empty, Flex, Form, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { ParametersSelect } from '../components/ParameterSelect.tsx';
import { PeriodBar } from '../components/PeriodBar.tsx';
import { GRID_LEFT, gridRight, SERIES_COLORS, TrendChart } from '../components/TrendChart.tsx';
import { RawDataTable, SpecOutTable } from '../components/TrendTables.tsx';
import { isFieldError, useAllParameters, useTrend } from '../data-collection.queries.ts';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';
import {
  DEFAULT_PERIOD_MS,
  fmtStat,
  isoWithOffset,
  lastPeriod,
  type Period,
  parsePeriod,
  plotWidth,
  TREND_QUICK_RANGES,
  unitFits,
  unitsOf,
} from '../trend-rules.ts';

const DAY_MS = 86_400_000;
/** Zoom and resize settle this long before the server is asked again (a wheel or a drag sends many events). */
const DEBOUNCE_MS = 350;

type State = { params: string; from: string | undefined; to: string | undefined; tab: string };

const idsOf = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** The chart box's width, measured now and again (debounced) whenever it changes. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(el.clientWidth), DEBOUNCE_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
  return [ref, width] as const;
}

/**
 * /dataCollection/trend (SPEC §2, issue 15 "Machine data"): up to 8 parameters of any tools over at most 7 days, the
 * server's M4 of the chart's pixel width, limit lines and out-of-limit points; a zoom asks the server for the new
 * window at the same width (the last answer stays while it loads). Below: the period's spec-out rows and raw rows.
 * Parameters with different units get one y-axis per unit (left, right, right further out); a fourth unit cannot be
 * added (normalising would hide the real values and limits a quality engineer reads).
 */
export default function TrendPage() {
  const { t } = useTranslation([DATA_COLLECTION_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const initial = useMemo(() => lastPeriod(DEFAULT_PERIOD_MS), []);
  const [s, set] = useUrlState<State>({ params: '', from: undefined, to: undefined, tab: 'specOut' });
  const period = parsePeriod(s.from, s.to) ?? initial;
  const setPeriod = (p: Period) => set({ from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString() });
  const ids = useMemo(() => idsOf(s.params), [s.params]);
  const parameters = useAllParameters();
  const all = parameters.data ?? [];
  const chosen = ids.map((id) => all.find((p) => p.id === id)).filter((p): p is Parameter => !!p);

  // The zoom window belongs to the parameters and period it was made on.
  const scope = `${ids.join(',')}|${period.from}|${period.to}`;
  const [zoom, setZoom] = useState<{ scope: string; w: Period } | null>(null);
  const view = zoom?.scope === scope ? zoom.w : period;
  const zoomed = view.from !== period.from || view.to !== period.to;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onZoom = useCallback(
    (w: Period) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setZoom({ scope, w }), DEBOUNCE_MS);
    },
    [scope],
  );

  const [box, boxWidth] = useBoxWidth();
  const axes = unitsOf(chosen.map((p) => p.unit)).length;
  const width = boxWidth ? plotWidth(boxWidth, GRID_LEFT + gridRight(axes)) : null;
  // Asked once the parameters are known: their units decide the axes, and so the plot's width.
  const trend = useTrend(
    ids.length && width && parameters.data
      ? { parameterIds: ids, startDt: isoWithOffset(view.from), endDt: isoWithOffset(view.to), width }
      : null,
  );
  const fieldError = (field: string) => {
    const f = isFieldError(trend.error) ? trend.error.extraData?.fields?.find((x) => x.field === field) : undefined;
    return f ? translateMessage(f.message, locale) : undefined;
  };
  const periodError = fieldError('endDt') ?? fieldError('startDt');
  const paramsError = fieldError('parameterIds');
  const failed = !!trend.error;
  const series: TrendSeries[] | undefined = failed ? undefined : trend.data;

  // The lists follow the period (not the zoom); a period the trend refuses is not asked for twice.
  const span = period.to - period.from;
  const periodOk = span > 0 && span <= TREND_MAX_DAYS * DAY_MS;
  const listScope =
    ids.length && periodOk
      ? { parameterIds: ids, startDt: isoWithOffset(period.from), endDt: isoWithOffset(period.to) }
      : null;
  // Spec-outs need no parameter: inspections have none, and without a choice every parameter's rows are listed.
  const specOutScope = periodOk
    ? { parameterIds: ids, startDt: isoWithOffset(period.from), endDt: isoWithOffset(period.to) }
    : null;

  const unitRefusal = useCallback(
    (p: Parameter) =>
      ids.includes(p.id) ||
      unitFits(
        chosen.map((c) => c.unit),
        p.unit,
      )
        ? undefined
        : t('hints.unitAxes'),
    [ids, chosen, t],
  );

  return (
    <PageContainer
      menuName="trend"
      extra={
        <Button
          data-testid="trend-refresh"
          icon={<ReloadOutlined />}
          disabled={!ids.length}
          onClick={() => void trend.refetch()}
        >
          {t('actions.refresh')}
        </Button>
      }
    >
      <Form layout="inline" component="div" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item
          label={t('filters.parameters')}
          validateStatus={paramsError ? 'error' : undefined}
          help={paramsError}
          style={{ marginBottom: 0 }}
        >
          <ParametersSelect
            testId="trend-parameters"
            parameters={all}
            loading={parameters.isLoading}
            value={ids}
            onChange={(v) => set({ params: v.join(',') })}
            disabled={unitRefusal}
            maxCount={TREND_MAX_PARAMETERS}
          />
        </Form.Item>
        <PeriodBar
          testId="trend-period"
          value={period}
          onChange={setPeriod}
          quick={TREND_QUICK_RANGES}
          error={periodError}
        />
      </Form>
      <Card size="small" styles={{ body: { padding: 12 } }}>
        <div ref={box} style={{ width: '100%' }}>
          {!ids.length ? (
            <Empty data-testid="trend-empty" description={t('hints.chooseParameters')} />
          ) : failed ? (
            <Empty data-testid="trend-refused" description={t('hints.refused')} />
          ) : !series ? (
            <Empty data-testid="trend-loading" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.loading')} />
          ) : (
            <>
              <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('hints.zoom')}
                </Typography.Text>
                {zoomed && (
                  <Button
                    size="small"
                    data-testid="trend-zoom-reset"
                    icon={<ZoomOutOutlined />}
                    onClick={() => setZoom(null)}
                    style={{ marginInlineStart: 'auto' }}
                  >
                    {t('actions.resetZoom')}
                  </Button>
                )}
              </Flex>
              {series.every((x) => x.rawCount === 0) && (
                <Alert
                  type="info"
                  showIcon
                  title={t('hints.noData')}
                  style={{ marginBottom: 8 }}
                  data-testid="trend-no-data"
                />
              )}
              <TrendChart series={series} period={period} window={view} onZoom={onZoom} busy={trend.isFetching} />
              <SeriesSummary series={series} />
            </>
          )}
        </div>
      </Card>
      <Tabs
        style={{ marginTop: 12 }}
        activeKey={s.tab === 'raw' ? 'raw' : 'specOut'}
        onChange={(tab) => set({ tab })}
        items={[
          {
            key: 'specOut',
            label: <span data-testid="trend-tab-specOut">{t('tabs.specOut')}</span>,
            children: <SpecOutTable scope={specOutScope} />,
          },
          {
            key: 'raw',
            label: <span data-testid="trend-tab-raw">{t('tabs.raw')}</span>,
            children: <RawDataTable scope={listScope} />,
          },
        ]}
      />
    </PageContainer>
  );
}

/** Per parameter: its colour, tool, limits, rows in the window, points drawn and out-of-limit count (red when any). */
function SeriesSummary({ series }: { series: TrendSeries[] }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  return (
    <Flex wrap gap={8} style={{ marginTop: 8 }} data-testid="trend-series-list">
      {series.map((s, i) => (
        <Tag
          key={s.parameterId}
          data-testid="trend-series"
          data-parameter-id={s.parameterId}
          data-raw={s.rawCount}
          data-points={s.points.length}
          data-out-of-limit={s.outOfLimitTotal}
          style={{ marginInlineEnd: 0, padding: '4px 8px', whiteSpace: 'normal' }}
        >
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: 2,
              marginInlineEnd: 6,
              background: SERIES_COLORS[i % SERIES_COLORS.length],
            }}
          />
          <b>{s.parameterName}</b> · {s.toolName} ({s.toolCode}) ·{' '}
          {t('summary.limits', {
            lower: s.lowerLimit === null ? '—' : fmtStat(s.lowerLimit, 5),
            upper: s.upperLimit === null ? '—' : fmtStat(s.upperLimit, 5),
          })}
          {s.unit ? ` ${s.unit}` : ''} · {t('summary.rows', { raw: s.rawCount, shown: s.points.length })} ·{' '}
          <Typography.Text type={s.outOfLimitTotal ? 'danger' : 'secondary'} data-testid="trend-series-out">
            {t('summary.outOfLimit', { count: s.outOfLimitTotal })}
          </Typography.Text>
        </Tag>
      ))}
    </Flex>
  );
}
