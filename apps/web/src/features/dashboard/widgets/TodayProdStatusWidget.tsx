import { widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { refetchMs, type WidgetViewProps } from './widget-kit.ts';
import { WIDGET_NS } from './widget.locales.ts';

/** today-prod-status: today's planned, good and bad quantities with the achievement and defect rates. */
export default function TodayProdStatusWidget({ refreshMinutes }: WidgetViewProps<'today-prod-status'>) {
  const { t } = useTranslation(WIDGET_NS);
  const q = useQuery({
    queryKey: ['widget', 'today-prod-status'],
    queryFn: ({ signal }) => call(widgetEndpoints.todayProdStatus, { signal, silent: true }),
    refetchInterval: refetchMs(refreshMinutes),
  });
  const total = q.data?.total;
  const pct = (v: number | null | undefined) => (v == null ? '—' : `${v}%`);
  return (
    <Row gutter={[12, 12]} data-testid="widget-today-prod-status">
      <Col span={8}>
        <Statistic title={t('fields.planned')} value={fmtQty(total?.plannedQty ?? 0)} loading={q.isPending} />
      </Col>
      <Col span={8}>
        <Statistic title={t('fields.good')} value={fmtQty(total?.goodQty ?? 0)} loading={q.isPending} />
      </Col>
      <Col span={8}>
        <Statistic title={t('fields.bad')} value={fmtQty(total?.badQty ?? 0)} loading={q.isPending} />
      </Col>
      <Col span={12}>
        <Statistic title={t('fields.achievementRate')} value={pct(total?.achievementRate)} loading={q.isPending} />
      </Col>
      <Col span={12}>
        <Statistic title={t('fields.defectRate')} value={pct(total?.defectRate)} loading={q.isPending} />
      </Col>
    </Row>
  );
}
