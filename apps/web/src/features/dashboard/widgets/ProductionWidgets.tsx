import { widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Progress, Row, Statistic, Table, Tag, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { EChart } from '../../../components/EChart.tsx';
import { WidgetBody } from './WidgetBody.tsx';
import {
  barsHeight,
  comparisonOption,
  fmtPct,
  fmtPts,
  fmtQty,
  goodBadOption,
  toolProductOption,
} from './widget-charts.ts';
import { refetchMs, type WidgetViewProps } from './widget-kit.ts';
import { WIDGET_NS } from './widget.locales.ts';

// Production widgets: today's good and bad per line and tool, production per tool over a period, what each tool is
// working on, and the defect rate's improvement over the previous period.

/** good-bad-status: today's good/bad stacked per line and tool, with the totals above. */
export function GoodBadStatusWidget({ settings, refreshMinutes }: WidgetViewProps<'good-bad-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'good-bad-status', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.goodBadStatus, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  const option = useMemo(() => (q.data ? goodBadOption(q.data, t) : null), [q.data, t]);
  return (
    <WidgetBody q={q} empty={(d) => d.rows.length === 0} testId="widget-good-bad-status">
      {(d) => (
        <>
          <Row gutter={12}>
            <Col span={8}>
              <Statistic title={t('fields.good')} value={fmtQty(d.total.goodQty)} />
            </Col>
            <Col span={8}>
              <Statistic title={t('fields.bad')} value={fmtQty(d.total.badQty)} />
            </Col>
            <Col span={8}>
              <Statistic title={t('fields.defectRate')} value={fmtPct(d.total.defectRate)} />
            </Col>
          </Row>
          {option && (
            <EChart option={option} height={barsHeight(d.rows.length)} testId="widget-good-bad-status-chart" />
          )}
        </>
      )}
    </WidgetBody>
  );
}

/** tool-product: good/bad per tool over today, this week or this month. */
export function ToolProductWidget({ settings, refreshMinutes }: WidgetViewProps<'tool-product'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'tool-product', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.toolProduct, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  const option = useMemo(() => (q.data ? toolProductOption(q.data, t) : null), [q.data, t]);
  return (
    <WidgetBody q={q} empty={(d) => d.tools.length === 0} testId="widget-tool-product">
      {(d) => (
        <>
          <Typography.Text type="secondary" data-testid="widget-tool-product-period">
            {t(`periods.${d.period}`)} · {d.startDt === d.endDt ? d.startDt : `${d.startDt} ~ ${d.endDt}`}
          </Typography.Text>
          {option && <EChart option={option} height={barsHeight(d.tools.length)} testId="widget-tool-product-chart" />}
        </>
      )}
    </WidgetBody>
  );
}

/** line-work-status: each tool with the daily plan it works on and its progress (good ÷ target). */
export function LineWorkStatusWidget({ settings, refreshMinutes }: WidgetViewProps<'line-work-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'line-work-status', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.lineWorkStatus, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.tools.length === 0} testId="widget-line-work-status">
      {(d) => (
        <Table
          size="small"
          rowKey="toolId"
          pagination={false}
          dataSource={d.tools}
          columns={[
            {
              title: t('fields.tool'),
              key: 'tool',
              render: (_, r) => (
                <Flex vertical>
                  <span>{`${r.toolCode} ${r.toolName}`}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.lineName}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('fields.work'),
              key: 'work',
              render: (_, r) =>
                r.work ? (
                  <Flex vertical>
                    <span>{`${r.work.productCode} ${r.work.productName}`}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {r.work.operationName}
                    </Typography.Text>
                  </Flex>
                ) : (
                  <Tag data-testid="widget-line-work-idle">{t('idle')}</Tag>
                ),
            },
            {
              title: t('fields.goodTarget'),
              key: 'qty',
              align: 'right',
              render: (_, r) =>
                r.work
                  ? `${fmtQty(r.work.goodQty)} / ${fmtQty(r.work.targetQty)} (${t('fields.bad')} ${fmtQty(r.work.badQty)})`
                  : '—',
            },
            {
              title: t('fields.progress'),
              key: 'progress',
              width: 140,
              render: (_, r) =>
                r.work?.progress == null ? (
                  '—'
                ) : (
                  <Progress
                    percent={Math.min(100, r.work.progress)}
                    format={() => fmtPct(r.work?.progress)}
                    size="small"
                  />
                ),
            },
          ]}
        />
      )}
    </WidgetBody>
  );
}

/** defect-improve-rate: the defect rate of the previous and this period, the improvement in points and percent. */
export function DefectImproveRateWidget({ settings, refreshMinutes }: WidgetViewProps<'defect-improve-rate'>) {
  const { t } = useTranslation(WIDGET_NS);
  const { token } = theme.useToken();
  const q = useQuery({
    queryKey: ['widget', 'defect-improve-rate', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.defectImproveRate, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody
      q={q}
      empty={(d) => d.current.goodQty + d.current.badQty + d.previous.goodQty + d.previous.badQty === 0}
      testId="widget-defect-improve-rate"
    >
      {(d) => (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <Statistic
                title={t('fields.improvement')}
                value={fmtPts(d.improvement)}
                styles={{
                  content: {
                    color:
                      d.improvement == null
                        ? undefined
                        : d.improvement >= 0
                          ? token.colorSuccessText
                          : token.colorErrorText,
                  },
                }}
              />
            </Col>
            <Col span={12}>
              <Statistic title={t('fields.improveRate')} value={fmtPct(d.improveRate)} />
            </Col>
          </Row>
          <EChart
            option={comparisonOption(
              [t(`previous.${d.period}`), t(`current.${d.period}`)],
              [d.previous.defectRate, d.current.defectRate],
              t('fields.defectRate'),
            )}
            height={180}
            testId="widget-defect-improve-rate-chart"
          />
        </>
      )}
    </WidgetBody>
  );
}
