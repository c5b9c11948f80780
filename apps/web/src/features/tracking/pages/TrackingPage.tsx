import { DownloadOutlined } from '@ant-design/icons';
import { TRACKING_PERIOD_MAX_DAYS, type Tracking, type TrackingKind } from '@eqms/contract';
import { Alert, Button, Empty, Flex, Segmented, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { DateRangeField, formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { periodOf } from '../../../components/inputs/PeriodField.tsx';
import { type ItemLabel, ItemSelect } from '../components/ItemSelect.tsx';
import { TrackingItems } from '../components/ItemTables.tsx';
import { TrackingChart } from '../components/TrackingChart.tsx';
import { TRACKING_NS } from '../tracking.locales.ts';
import { downloadTracking, type TrackingArgs, useTracking } from '../tracking.queries.ts';

/** Up to this many items open their tables at once; more start closed (each opens with a click). */
const OPEN_AT_ONCE = 3;

/** The default period of due dates: what is late from the last 30 days, and the next 60. */
const PAST_DAYS = 30;
const NEXT_DAYS = 60;

type State = {
  kind: string;
  period: string;
  /** The tracked product or material; none: every item with a requirement. */
  id: number | undefined;
  /** Y: only the items with a shortfall. */
  short: string;
};

const kindOf = (v: string): TrackingKind => (v === 'material' ? 'material' : 'product');

/** The items of a report, each with its code, name and whether it is short. */
function itemsOf(report: Tracking) {
  return report.kind === 'product'
    ? report.items.map((i) => ({
        id: i.productId,
        code: i.productCode,
        name: i.productName,
        short: i.shortfallQty > 0,
      }))
    : report.items.map((i) => ({
        id: i.materialId,
        code: i.materialCode,
        name: i.materialName,
        short: i.shortfallQty > 0,
      }));
}

/** Only the items with a shortfall, when asked. */
function narrowed(report: Tracking, shortOnly: boolean): Tracking {
  if (!shortOnly) return report;
  return report.kind === 'product'
    ? { ...report, items: report.items.filter((i) => i.shortfallQty > 0) }
    : { ...report, items: report.items.filter((i) => i.shortfallQty > 0) };
}

/** Rows due and still open (material: short) whose day has passed, as the server counted them per item. */
function overdueCount(report: Tracking): number {
  return (report.items as { lateCount: number }[]).reduce((n, i) => n + i.lateCount, 0);
}

/**
 * /report/tracking (SPEC §7 "Tracking", DOMAIN "Traceability"): for the order products due in a period, per product
 * what is ordered, planned, produced, shipped and in stock, or per material the BOM requirement of what is still to
 * make against the line and the warehouse — each item a table with its totals and the shortfall in red, a bar chart
 * of the items, and the report as a workbook. One item may be picked; none tracks every item due in the period.
 */
export default function TrackingPage() {
  const { t } = useTranslation([TRACKING_NS, 'common']);
  const menuLabel = useMenuLabel('trackingReport');
  const defaults = useMemo<State>(
    () => ({
      kind: 'product',
      period: formatDateRange(dayjs().subtract(PAST_DAYS, 'day'), dayjs().add(NEXT_DAYS, 'day')),
      id: undefined,
      short: 'N',
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['id'] });
  const kind = kindOf(s.kind);
  const period = periodOf(s.period, TRACKING_PERIOD_MAX_DAYS);
  const args: TrackingArgs | null =
    period.from && period.to
      ? s.id != null
        ? { kind, id: s.id, startDt: period.from, endDt: period.to }
        : { kind, id: 'all', startDt: period.from, endDt: period.to, rows: 'N' }
      : null;
  const report = useTracking(args);
  const data = report.data?.kind === kind ? report.data : undefined;
  const shortOnly = s.short === 'Y';
  const shown = data ? narrowed(data, shortOnly) : undefined;
  const items = data ? itemsOf(data) : [];
  const shortCount = items.filter((i) => i.short).length;
  const picked: ItemLabel | null = s.id != null ? (items.find((i) => i.id === s.id) ?? null) : null;
  const [exporting, setExporting] = useState(false);
  // Which items are open, for the report on screen: a new kind, item or period starts again from the default.
  const scope = `${kind}|${s.id ?? 'all'}|${s.period}|${shortOnly}`;
  const [opened, setOpened] = useState<{ scope: string; keys: Key[] } | null>(null);
  const shownKeys = shown ? itemsOf(shown).map((i) => i.id) : [];
  const expanded = opened?.scope === scope ? opened.keys : shownKeys.length <= OPEN_AT_ONCE ? shownKeys : [];
  const setExpanded = (keys: Key[]) => setOpened({ scope, keys });
  const allOpen = shownKeys.length > 0 && expanded.length === shownKeys.length;

  const exportReport = async () => {
    if (!args) return;
    setExporting(true);
    try {
      await downloadTracking(args, `${menuLabel}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer
      menuName="trackingReport"
      extra={
        <Button
          data-testid="tracking-export"
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!args}
          onClick={exportReport}
        >
          {t('common:actions.export')}
        </Button>
      }
    >
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Segmented<TrackingKind>
          data-testid="tracking-kind"
          aria-label={t('filters.kind')}
          value={kind}
          onChange={(v) => set({ kind: v, id: undefined })}
          options={[
            { value: 'product', label: t('kind.product') },
            { value: 'material', label: t('kind.material') },
          ]}
        />
        <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
        <DateRangeField
          testId="tracking-period"
          value={s.period}
          onChange={(p) => set({ period: p ?? defaults.period })}
          maxDays={TRACKING_PERIOD_MAX_DAYS}
          allowClear={false}
          style={{ width: 250 }}
        />
        <ItemSelect kind={kind} value={s.id} onChange={(id) => set({ id })} current={picked} />
        <Space size={6}>
          <Switch
            data-testid="tracking-short-only"
            checked={shortOnly}
            onChange={(on) => set({ short: on ? 'Y' : 'N' })}
            aria-label={t('filters.shortOnly')}
          />
          <Typography.Text>{t('filters.shortOnly')}</Typography.Text>
        </Space>
      </Flex>
      {period.error && (
        <Alert
          type="warning"
          showIcon
          title={period.error}
          style={{ marginBottom: 16 }}
          data-testid="tracking-period-error"
        />
      )}
      {!data && report.isFetching && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && shown && (
        <Flex vertical gap={12} data-testid="tracking-report" data-kind={data.kind} aria-busy={report.isFetching}>
          <Flex wrap gap={8} align="center" data-testid="tracking-summary">
            <Tag style={{ marginInlineEnd: 0 }}>{t('summary.items', { count: items.length })}</Tag>
            {shortCount > 0 ? (
              <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="tracking-short-count">
                {t('summary.short', { count: shortCount })}
              </Tag>
            ) : (
              items.length > 0 && (
                <Tag color="success" style={{ marginInlineEnd: 0 }} data-testid="tracking-short-count">
                  {t('summary.allCovered')}
                </Tag>
              )
            )}
            {overdueCount(data) > 0 && (
              <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                {t('summary.overdue', { count: overdueCount(data) })}
              </Tag>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {kind === 'product' ? t('hints.formula') : t('hints.materialFormula')}
            </Typography.Text>
            {shownKeys.length > 0 && (
              <Button
                size="small"
                type="link"
                data-testid="tracking-expand-all"
                onClick={() => setExpanded(allOpen ? [] : shownKeys)}
                style={{ marginInlineStart: 'auto' }}
              >
                {allOpen ? t('summary.collapseAll') : t('summary.expandAll')}
              </Button>
            )}
          </Flex>
          {shown.items.length === 0 ? (
            <Empty
              data-testid="tracking-empty"
              description={items.length && shortOnly ? t('hints.emptyShort') : t('hints.empty')}
            />
          ) : (
            <>
              <TrackingChart report={shown} />
              <TrackingItems report={shown} expanded={expanded} onExpanded={setExpanded} />
            </>
          )}
        </Flex>
      )}
    </PageContainer>
  );
}
