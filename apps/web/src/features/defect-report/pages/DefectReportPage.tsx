import {
  DEFECT_REPORT_GROUPS,
  DEFECT_REPORT_PERIOD_MAX_DAYS,
  type DefectReportGroup,
  type DefectReportRow,
} from '@eqms/contract';
import { Empty, Flex, Segmented, Select, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { DateRangeField, formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PeriodError, periodOf } from '../../../components/inputs/PeriodField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { useOperations } from '../../operation/operation.queries.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { ParetoChart } from '../components/ParetoChart.tsx';
import { ReportDownloads } from '../components/ReportDownloads.tsx';
import { DEFECT_REPORT_NS } from '../defect-report.locales.ts';
import { type DefectReportArgs, fileParams, useDefectReport } from '../defect-report.queries.ts';

type State = {
  groupBy: string;
  period: string;
  productId: number | undefined;
  operationId: number | undefined;
  defectCode: string | undefined;
};

const groupOf = (v: string): DefectReportGroup =>
  (DEFECT_REPORT_GROUPS as readonly string[]).includes(v) ? (v as DefectReportGroup) : 'defect-type';

type Line = DefectReportRow & { rank: number; label: string };

/**
 * /report/defect (SPEC §7 "Reports and KPI → Defect"): the bad quantities of a period's production results grouped by
 * product, operation or defect type, with filters for each — a Pareto chart (bars largest first, cumulative share as
 * a line) and its table with the total; the report as PDF or workbook through the generic report files.
 */
export default function DefectReportPage() {
  const { t, i18n } = useTranslation([DEFECT_REPORT_NS, 'common']);
  const menuLabel = useMenuLabel('defectReport');
  const defaults = useMemo<State>(
    () => ({
      groupBy: 'defect-type',
      period: formatDateRange(dayjs().startOf('month'), dayjs()),
      productId: undefined,
      operationId: undefined,
      defectCode: undefined,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['productId', 'operationId'] });
  const groupBy = groupOf(s.groupBy);
  const period = periodOf(s.period, DEFECT_REPORT_PERIOD_MAX_DAYS);
  const args: DefectReportArgs | null =
    period.from && period.to
      ? {
          groupBy,
          startDt: period.from,
          endDt: period.to,
          productId: s.productId,
          operationId: s.operationId,
          defectCode: s.defectCode || undefined,
        }
      : null;
  const report = useDefectReport(args);
  const operations = useOperations();
  const data = report.data;
  const en = i18n.language === 'en';
  const lines: Line[] = (data?.rows ?? []).map((r, i) => ({
    ...r,
    rank: i + 1,
    label: r.unclassified ? t('unclassified') : (en && r.nameEn) || r.name || r.code || r.key,
  }));

  const columns: TableColumnsType<Line> = [
    { key: 'rank', title: t('columns.rank'), dataIndex: 'rank', width: 72, align: 'center' },
    { key: 'code', title: t('columns.code'), width: 160, render: (_, r) => (r.unclassified ? '-' : r.code) },
    { key: 'label', title: t(`columns.${data?.groupBy ?? groupBy}`), dataIndex: 'label' },
    { key: 'qty', title: t('columns.qty'), width: 120, align: 'right', render: (_, r) => fmtQty(r.qty) },
    { key: 'share', title: t('columns.share'), width: 120, align: 'right', render: (_, r) => r.share.toFixed(2) },
    {
      key: 'cumulativeShare',
      title: t('columns.cumulativeShare'),
      width: 140,
      align: 'right',
      render: (_, r) => r.cumulativeShare.toFixed(2),
    },
  ];

  return (
    <PageContainer
      menuName="defectReport"
      extra={
        <ReportDownloads
          name="defect-report"
          params={args ? fileParams(args) : null}
          fileName={`${menuLabel}-${args?.startDt ?? ''}-${args?.endDt ?? ''}`}
          testId="defect-report"
        />
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Segmented<DefectReportGroup>
          data-testid="defect-report-group"
          aria-label={t('filters.groupBy')}
          value={groupBy}
          onChange={(v) => set({ groupBy: v })}
          options={DEFECT_REPORT_GROUPS.map((g) => ({ value: g, label: t(`groupBy.${g}`) }))}
        />
        <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
        <DateRangeField
          testId="defect-report-period"
          value={s.period}
          onChange={(p) => set({ period: p ?? defaults.period })}
          maxDays={DEFECT_REPORT_PERIOD_MAX_DAYS}
          allowClear={false}
          style={{ width: 250 }}
        />
        <ProductPickSelect
          testId="defect-report-product"
          value={s.productId ?? null}
          onChange={(id) => set({ productId: id ?? undefined })}
          placeholder={t('filters.allProducts')}
          style={{ width: 240 }}
        />
        <Select<number>
          data-testid="defect-report-operation"
          aria-label={t('filters.operation')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.allOperations')}
          value={s.operationId}
          loading={operations.isFetching}
          onChange={(v) => set({ operationId: v ?? undefined })}
          options={(operations.data ?? []).map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }))}
          style={{ width: 200 }}
        />
        <CodeSelect
          category="DEFECT_TYPE"
          testId="defect-report-defect-type"
          aria-label={t('filters.defectType')}
          placeholder={t('filters.allDefectTypes')}
          value={s.defectCode ?? null}
          onChange={(code) => set({ defectCode: code ?? undefined })}
          style={{ width: 200 }}
        />
      </Flex>
      <PeriodError error={period.error} testId="defect-report-period-error" />
      {!data && report.isFetching && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && (
        <Flex vertical gap={12} data-testid="defect-report" data-group={data.groupBy} aria-busy={report.isFetching}>
          <Flex wrap gap={8} align="center" data-testid="defect-report-summary">
            <Tag style={{ marginInlineEnd: 0 }} data-testid="defect-report-total">
              {t('summary.totalQty', { qty: fmtQty(data.totalQty) })}
            </Tag>
            <Tag style={{ marginInlineEnd: 0 }}>{t('summary.rows', { count: data.rows.length })}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('summary.hint')}
            </Typography.Text>
          </Flex>
          {data.rows.length === 0 ? (
            <Empty data-testid="defect-report-empty" description={t('empty')} />
          ) : (
            <>
              <ParetoChart report={data} labels={lines.map((l) => l.label)} />
              <Table<Line>
                data-testid="defect-report-table"
                rowKey={(r) => r.key || 'unclassified'}
                size="small"
                columns={columns}
                dataSource={lines}
                pagination={false}
                scroll={{ x: 760 }}
                summary={() => (
                  <Table.Summary fixed>
                    <Table.Summary.Row data-testid="defect-report-total-row">
                      <Table.Summary.Cell index={0} colSpan={3}>
                        <Typography.Text strong>{t('summary.total')}</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <Typography.Text strong>{fmtQty(data.totalQty)}</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        100.00
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} />
                    </Table.Summary.Row>
                  </Table.Summary>
                )}
              />
            </>
          )}
        </Flex>
      )}
    </PageContainer>
  );
}
