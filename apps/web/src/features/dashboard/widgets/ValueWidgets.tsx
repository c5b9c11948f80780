import { type CurrentValue, widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { WidgetBody } from './WidgetBody.tsx';
import { fmtQty, fmtTime, fmtValue } from './widget-charts.ts';
import { refetchMs, type WidgetViewProps } from './widget-kit.ts';
import { WIDGET_NS } from './widget.locales.ts';

// Value widgets: the latest collected values (with their spec state), a scale's weights per tool, product stock.

export const STATE_TAG: Record<CurrentValue['state'], string> = {
  OK: 'green',
  LOW: 'blue',
  HIGH: 'red',
  NO_DATA: 'default',
};

function StateTag({ state }: { state: CurrentValue['state'] }) {
  const { t } = useTranslation(WIDGET_NS);
  return (
    <Tag color={STATE_TAG[state]} data-testid={`widget-state-${state}`}>
      {t(`states.${state}`)}
    </Tag>
  );
}

const limits = (v: CurrentValue) =>
  v.lowerLimit == null && v.upperLimit == null ? '—' : `${fmtValue(v.lowerLimit)} ~ ${fmtValue(v.upperLimit)}`;

/** current-trace-data: each parameter's latest value, its time and spec state. */
export function CurrentTraceDataWidget({ settings, refreshMinutes }: WidgetViewProps<'current-trace-data'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'current-trace-data', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.currentTraceData, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.length === 0} testId="widget-current-trace-data">
      {(d) => (
        <Table
          size="small"
          rowKey="parameterId"
          pagination={false}
          dataSource={d}
          columns={[
            {
              title: t('fields.parameter'),
              key: 'p',
              render: (_, v) => (
                <Flex vertical>
                  <span>{v.name}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {v.toolName}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('fields.value'),
              key: 'v',
              align: 'right',
              render: (_, v) => <strong>{fmtValue(v.value, v.unit)}</strong>,
            },
            { title: t('fields.limits'), key: 'l', render: (_, v) => limits(v) },
            { title: t('fields.time'), key: 'ts', render: (_, v) => fmtTime(v.ts) },
            { title: t('fields.state'), key: 's', render: (_, v) => <StateTag state={v.state} /> },
          ]}
        />
      )}
    </WidgetBody>
  );
}

/** scale-status: per tool, its group values (e.g. the batch) and its weights. */
export function ScaleStatusWidget({ settings, refreshMinutes }: WidgetViewProps<'scale-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'scale-status', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.scaleStatus, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.groups.length === 0} testId="widget-scale-status">
      {(d) => (
        <Flex wrap gap={12}>
          {d.groups.map((g) => (
            <Card
              key={g.toolId}
              size="small"
              title={`${g.toolCode} ${g.toolName}`}
              style={{ minWidth: 220, flex: '1 1 220px' }}
              data-testid="widget-scale-status-tool"
            >
              {g.groupValues.map((v) => (
                <Typography.Paragraph key={v.parameterId} type="secondary" style={{ marginBottom: 4 }}>
                  {v.name}: {fmtValue(v.value, v.unit)}
                </Typography.Paragraph>
              ))}
              {g.weights.map((v) => (
                <Flex key={v.parameterId} justify="space-between" align="center" gap={8}>
                  <span>{v.name}</span>
                  <Flex align="center" gap={8}>
                    <Typography.Text strong style={{ fontSize: 20 }}>
                      {fmtValue(v.value, v.unit)}
                    </Typography.Text>
                    <StateTag state={v.state} />
                  </Flex>
                </Flex>
              ))}
              {g.weights.length === 0 && <Typography.Text type="secondary">{t('noData')}</Typography.Text>}
            </Card>
          ))}
        </Flex>
      )}
    </WidgetBody>
  );
}

/** product-stock-status: each product's stock, lots and safety stock; below safety stands out. */
export function ProductStockStatusWidget({ settings, refreshMinutes }: WidgetViewProps<'product-stock-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'product-stock-status', settings],
    queryFn: ({ signal }) => call(widgetEndpoints.productStockStatus, { query: settings, signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  return (
    <WidgetBody q={q} empty={(d) => d.length === 0} testId="widget-product-stock-status">
      {(d) => (
        <Table
          size="small"
          rowKey="productId"
          pagination={false}
          dataSource={d}
          columns={[
            { title: t('fields.product'), key: 'p', render: (_, r) => `${r.productCode} ${r.productName}` },
            {
              title: t('fields.stock'),
              key: 'q',
              align: 'right',
              render: (_, r) => (
                <Typography.Text type={r.belowSafety ? 'danger' : undefined} strong={r.belowSafety}>
                  {`${fmtQty(r.qty)} ${r.unit}`}
                </Typography.Text>
              ),
            },
            { title: t('fields.lots'), dataIndex: 'lotCount', align: 'right', render: (v: number) => fmtQty(v) },
            {
              title: t('fields.safetyStock'),
              key: 's',
              align: 'right',
              render: (_, r) => (
                <Flex justify="end" gap={4} align="center">
                  {r.safetyStock == null ? '—' : fmtQty(r.safetyStock)}
                  {r.belowSafety && (
                    <Tag color="red" data-testid="widget-below-safety">
                      {t('belowSafety')}
                    </Tag>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </WidgetBody>
  );
}
