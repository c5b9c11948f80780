import { SwapOutlined } from '@ant-design/icons';
import { type Correlation, translateMessage } from '@eqms/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Row, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { CorrelationScatter, CorrelationSeries } from '../components/CorrelationCharts.tsx';
import { ParameterSelect } from '../components/ParameterSelect.tsx';
import { PeriodBar } from '../components/PeriodBar.tsx';
import { isFieldError, useAllParameters, useCorrelation } from '../data-collection.queries.ts';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';
import {
  CORRELATION_QUICK_RANGES,
  DEFAULT_PERIOD_MS,
  fmtStat,
  isoWithOffset,
  lastPeriod,
  type Period,
  parsePeriod,
} from '../trend-rules.ts';

type State = { x: number | undefined; y: number | undefined; from: string | undefined; to: string | undefined };

/**
 * /dataCollection/correlation (SPEC §2, issue 15): two parameters, of one tool or two, over at most 2 days. The server
 * averages both on a common time grid and pairs the buckets where both have a value; shown are the scatter with the
 * least-squares line, Pearson r, n, slope and intercept, and the pair over time on two axes. A refused query (period
 * too long, the same parameter twice) shows the server's message on its field.
 */
export default function CorrelationPage() {
  const { t } = useTranslation([DATA_COLLECTION_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const initial = useMemo(() => lastPeriod(DEFAULT_PERIOD_MS), []);
  const [s, set] = useUrlState<State>(
    { x: undefined, y: undefined, from: undefined, to: undefined },
    { numbers: ['x', 'y'] },
  );
  const period = parsePeriod(s.from, s.to) ?? initial;
  const setPeriod = (p: Period) => set({ from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString() });
  const parameters = useAllParameters();
  const all = parameters.data ?? [];
  const corr = useCorrelation(
    s.x && s.y
      ? { xParameterId: s.x, yParameterId: s.y, startDt: isoWithOffset(period.from), endDt: isoWithOffset(period.to) }
      : null,
  );
  const fieldError = (...fields: string[]) => {
    if (!isFieldError(corr.error)) return undefined;
    const f = corr.error.extraData?.fields?.find((x) => fields.includes(x.field));
    return f ? translateMessage(f.message, locale) : undefined;
  };
  const periodError = fieldError('endDt', 'startDt');
  const yError = fieldError('yParameterId');
  const xError = fieldError('xParameterId');
  const data: Correlation | undefined = corr.error ? undefined : corr.data;

  return (
    <PageContainer menuName="correlation">
      <Form layout="inline" component="div" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item
          label={t('filters.x')}
          validateStatus={xError ? 'error' : undefined}
          help={xError}
          style={{ marginBottom: 0 }}
        >
          <ParameterSelect
            testId="correlation-x"
            label={t('filters.x')}
            parameters={all}
            loading={parameters.isLoading}
            value={s.x}
            onChange={(x) => set({ x })}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button
            data-testid="correlation-swap"
            icon={<SwapOutlined />}
            aria-label={t('actions.swap')}
            title={t('actions.swap')}
            disabled={!s.x && !s.y}
            onClick={() => set({ x: s.y, y: s.x })}
          />
        </Form.Item>
        <Form.Item
          label={t('filters.y')}
          validateStatus={yError ? 'error' : undefined}
          help={yError ? <span data-testid="correlation-y-error">{yError}</span> : undefined}
          style={{ marginBottom: 0 }}
        >
          <ParameterSelect
            testId="correlation-y"
            label={t('filters.y')}
            parameters={all}
            loading={parameters.isLoading}
            value={s.y}
            onChange={(y) => set({ y })}
          />
        </Form.Item>
        <PeriodBar
          testId="correlation-period"
          value={period}
          onChange={setPeriod}
          quick={CORRELATION_QUICK_RANGES}
          error={periodError}
        />
      </Form>
      {!s.x || !s.y ? (
        <Card size="small">
          <Empty data-testid="correlation-empty" description={t('hints.chooseTwo')} />
        </Card>
      ) : corr.error ? (
        <Card size="small">
          <Empty data-testid="correlation-refused" description={t('hints.refused')} />
        </Card>
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div
          data-testid="correlation-result"
          aria-busy={corr.isFetching}
          style={{ opacity: corr.isFetching ? 0.75 : 1 }}
        >
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, md: 3, xl: 5 }}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'r', label: t('stats.r'), children: <b data-testid="correlation-r">{fmtStat(data.r)}</b> },
              { key: 'n', label: t('stats.n'), children: <span data-testid="correlation-n">{data.n}</span> },
              {
                key: 'slope',
                label: t('stats.slope'),
                children: <span data-testid="correlation-slope">{fmtStat(data.slope)}</span>,
              },
              {
                key: 'intercept',
                label: t('stats.intercept'),
                children: <span data-testid="correlation-intercept">{fmtStat(data.intercept)}</span>,
              },
              {
                key: 'interval',
                label: t('stats.interval'),
                children: t('stats.seconds', { n: data.intervalSeconds }),
              },
            ]}
          />
          {data.r === null && (
            <Alert
              type="info"
              showIcon
              title={t(data.n < 2 ? 'hints.tooFewPairs' : 'hints.constant')}
              style={{ marginBottom: 12 }}
              data-testid="correlation-no-r"
            />
          )}
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('titles.scatter')}>
                <CorrelationScatter data={data} />
              </Card>
            </Col>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('titles.series')}>
                <CorrelationSeries data={data} />
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </PageContainer>
  );
}
