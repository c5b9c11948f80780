import {
  PRODUCT_REPORT_BUCKETS,
  type ProductReportBucket,
  type ProductReportFigures,
  productReportMaxDays,
} from '@eqms/contract';
import { Empty, Flex, Segmented, Skeleton, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { DateRangeField, formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PeriodError, periodOf } from '../../../components/inputs/PeriodField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ReportDownloads } from '../../defect-report/components/ReportDownloads.tsx';
import { fileParams } from '../../defect-report/defect-report.queries.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { ProductReportChart } from '../components/ProductReportChart.tsx';
import { PRODUCT_REPORT_NS } from '../product-report.locales.ts';
import { bucketLabel, type ProductReportArgs, rateText, useProductReport } from '../product-report.queries.ts';

type State = { bucket: string; period: string; productId: number | undefined };

const bucketOf = (v: string): ProductReportBucket =>
  (PRODUCT_REPORT_BUCKETS as readonly string[]).includes(v) ? (v as ProductReportBucket) : 'month';

/** A table line: a product's subtotal (with its buckets as children) or one of its buckets. */
type Line = ProductReportFigures & {
  key: string;
  product: string;
  unit: string;
  period: string;
  children?: Line[];
};

/**
 * /report/product (SPEC §7 "Reports and KPI → Product", DOMAIN "Measures"): production by product and day, week or
 * month of a period — planned, good, bad, achievement and defect rate — as a chart of the buckets and a table of the
 * products (each opening into its buckets) with the total; the report as PDF or workbook.
 */
export default function ProductReportPage() {
  const { t } = useTranslation([PRODUCT_REPORT_NS, 'common']);
  const menuLabel = useMenuLabel('productReport');
  const defaults = useMemo<State>(
    () => ({
      bucket: 'week',
      period: formatDateRange(dayjs().subtract(2, 'month').startOf('month'), dayjs()),
      productId: undefined,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['productId'] });
  const bucket = bucketOf(s.bucket);
  const period = periodOf(s.period, productReportMaxDays(bucket));
  const args: ProductReportArgs | null =
    period.from && period.to ? { startDt: period.from, endDt: period.to, bucket, productId: s.productId } : null;
  const report = useProductReport(args);
  const data = report.data;

  const lines: Line[] = (data?.products ?? []).map(({ buckets, ...p }) => ({
    ...p,
    key: String(p.productId),
    product: `${p.productCode} · ${p.productName}`,
    period: t('summary.subtotal'),
    children: buckets.map((b) => ({
      ...b,
      key: `${p.productId}-${b.key}`,
      product: '',
      unit: p.unit,
      period: bucketLabel(b.key, data?.bucket ?? bucket),
    })),
  }));
  const qtyCol = (key: 'plannedQty' | 'goodQty' | 'badQty') => ({
    key,
    title: t(`columns.${key}`),
    width: 110,
    align: 'right' as const,
    render: (_: unknown, r: Line) => fmtQty(r[key]),
  });
  const columns: TableColumnsType<Line> = [
    { key: 'product', title: t('columns.product'), dataIndex: 'product', width: 260, ellipsis: true },
    { key: 'period', title: t('columns.period'), dataIndex: 'period', width: 120 },
    { key: 'unit', title: t('columns.unit'), dataIndex: 'unit', width: 70, align: 'center' },
    qtyCol('plannedQty'),
    qtyCol('goodQty'),
    qtyCol('badQty'),
    {
      key: 'achievementRate',
      title: t('columns.achievementRate'),
      width: 130,
      align: 'right',
      render: (_, r) => rateText(r.achievementRate, 1),
    },
    {
      key: 'defectRate',
      title: t('columns.defectRate'),
      width: 130,
      align: 'right',
      render: (_, r) => rateText(r.defectRate, 2),
    },
  ];

  return (
    <PageContainer
      menuName="productReport"
      extra={
        <ReportDownloads
          name="product-report"
          params={args ? fileParams(args) : null}
          fileName={`${menuLabel}-${args?.startDt ?? ''}-${args?.endDt ?? ''}`}
          testId="product-report"
        />
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Segmented<ProductReportBucket>
          data-testid="product-report-bucket"
          aria-label={t('filters.bucket')}
          value={bucket}
          onChange={(v) => set({ bucket: v })}
          options={PRODUCT_REPORT_BUCKETS.map((b) => ({ value: b, label: t(`bucket.${b}`) }))}
        />
        <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
        <DateRangeField
          testId="product-report-period"
          value={s.period}
          onChange={(p) => set({ period: p ?? defaults.period })}
          maxDays={productReportMaxDays(bucket)}
          allowClear={false}
          style={{ width: 250 }}
        />
        <ProductPickSelect
          testId="product-report-product"
          value={s.productId ?? null}
          onChange={(id) => set({ productId: id ?? undefined })}
          placeholder={t('filters.allProducts')}
          style={{ width: 240 }}
        />
      </Flex>
      <PeriodError error={period.error} testId="product-report-period-error" />
      {!data && report.isFetching && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && (
        <Flex vertical gap={12} data-testid="product-report" data-bucket={data.bucket} aria-busy={report.isFetching}>
          <Flex wrap gap={8} align="center" data-testid="product-report-summary">
            <Tag style={{ marginInlineEnd: 0 }}>{t('summary.products', { count: data.products.length })}</Tag>
            <Tag style={{ marginInlineEnd: 0 }} data-testid="product-report-achievement">
              {t('summary.achievement', { rate: rateText(data.total.achievementRate, 1) })}
            </Tag>
            <Tag style={{ marginInlineEnd: 0 }} data-testid="product-report-defect-rate">
              {t('summary.defectRate', { rate: rateText(data.total.defectRate, 2) })}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('summary.hint')}
            </Typography.Text>
          </Flex>
          {data.products.length === 0 ? (
            <Empty data-testid="product-report-empty" description={t('empty')} />
          ) : (
            <>
              <ProductReportChart report={data} />
              <Table<Line>
                data-testid="product-report-table"
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={lines}
                pagination={false}
                scroll={{ x: 980 }}
                expandable={{ indentSize: 12 }}
                summary={() => (
                  <Table.Summary fixed>
                    <Table.Summary.Row data-testid="product-report-total-row">
                      <Table.Summary.Cell index={0} colSpan={3}>
                        <Typography.Text strong>{t('summary.total')}</Typography.Text>
                      </Table.Summary.Cell>
                      {(['plannedQty', 'goodQty', 'badQty'] as const).map((k, i) => (
                        <Table.Summary.Cell key={k} index={3 + i} align="right">
                          <Typography.Text strong>{fmtQty(data.total[k])}</Typography.Text>
                        </Table.Summary.Cell>
                      ))}
                      <Table.Summary.Cell index={6} align="right">
                        <Typography.Text strong>{rateText(data.total.achievementRate, 1)}</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={7} align="right">
                        <Typography.Text strong>{rateText(data.total.defectRate, 2)}</Typography.Text>
                      </Table.Summary.Cell>
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
