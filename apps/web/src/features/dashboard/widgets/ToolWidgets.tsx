import { type OperRate, widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { WidgetBody } from './WidgetBody.tsx';
import { fmtPct, fmtPts } from './widget-charts.ts';
import { refetchMs, type WidgetViewProps } from './widget-kit.ts';
import { WIDGET_NS } from './widget.locales.ts';

// Tool operating rate widgets: today's rate of a tool, and this period's against the previous one.

/** The rate as a ring (capped at 100 for the ring; the text is the real figure), worked ÷ base hours below. */
function RateRing({ rate, testId, size = 140 }: { rate: OperRate; testId: string; size?: number }) {
  const { t } = useTranslation(WIDGET_NS);
  return (
    <Flex vertical align="center" gap={4} data-testid={testId}>
      <Progress
        type="dashboard"
        size={size}
        percent={rate.operRate == null ? 0 : Math.min(100, rate.operRate)}
        format={() => <span data-testid={`${testId}-rate`}>{fmtPct(rate.operRate)}</span>}
      />
      <Typography.Text type="secondary">
        {t('fields.workedOfBase', { worked: rate.workedHours, base: rate.baseHours })}
      </Typography.Text>
      {rate.withoutCycleTime > 0 && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t('withoutCycleTime', { count: rate.withoutCycleTime })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** tool-oper-rate: the tool's operating rate today. */
export function ToolOperRateWidget({ settings, refreshMinutes }: WidgetViewProps<'tool-oper-rate'>) {
  const q = useQuery({
    queryKey: ['widget', 'tool-oper-rate', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.toolOperRate, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={() => false} testId="widget-tool-oper-rate">
      {(d) => <RateRing rate={d} testId="widget-tool-oper-rate-ring" />}
    </WidgetBody>
  );
}

/** tool-oper-rate-raise: this period's rate against the previous period's, and the rise in points. */
export function ToolOperRateRaiseWidget({ settings, refreshMinutes }: WidgetViewProps<'tool-oper-rate-raise'>) {
  const { t } = useTranslation(WIDGET_NS);
  const { token } = theme.useToken();
  const q = useQuery({
    queryKey: ['widget', 'tool-oper-rate-raise', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.toolOperRateRaise, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={() => false} testId="widget-tool-oper-rate-raise">
      {(d) => (
        <Row gutter={12} align="middle">
          <Col span={8}>
            <Statistic title={t(`previous.${d.period}`)} value={fmtPct(d.previous.operRate)} />
          </Col>
          <Col span={8}>
            <Statistic title={t(`current.${d.period}`)} value={fmtPct(d.current.operRate)} />
          </Col>
          <Col span={8}>
            <Statistic
              title={t('fields.raise')}
              value={fmtPts(d.raise)}
              styles={{
                content: {
                  color: d.raise == null ? undefined : d.raise >= 0 ? token.colorSuccessText : token.colorErrorText,
                },
              }}
              data-testid="widget-tool-oper-rate-raise-value"
            />
          </Col>
        </Row>
      )}
    </WidgetBody>
  );
}
