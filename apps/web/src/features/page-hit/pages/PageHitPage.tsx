import type { TFunction } from 'i18next';
import { ReloadOutlined } from '@ant-design/icons';
import { MENU_INDEX, PAGE_HIT_MAX_DAYS, PAGE_HIT_UNITS, type PageHitUnit } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { EChart } from '../../../components/EChart.tsx';
import {
  DateRangeField,
  dateRangeDays,
  formatDateRange,
  parseDateRange,
} from '../../../components/inputs/DateRangeField.tsx';
import { ruleText } from '../../../components/inputs/rule-text.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import {
  HOURLY_MAX_DAYS,
  rankingChartHeight,
  rankingChartOption,
  screenLabels,
  timeChartOption,
} from '../page-hit-charts.ts';
import {
  type Period,
  pageHitKeys,
  usePageHitsByFunction,
  usePageHitsByTime,
  usePageHitsByUser,
} from '../page-hit.queries.ts';

registerLocales('pageHit', { kr, en });

// SPEC §2 /admin/page-hit: how much each screen is used, over time, by screen and by user, for a chosen period.

const DEFAULT_DAYS = 7;

type FunctionRow = {
  key: string;
  rank: number;
  name: string;
  label: string;
  path: string;
  count: number;
  share: number;
};
type UserRow = { key: string; rank: number; userName: string; count: number; share: number };

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function lastDays(days: number): string {
  const today = dayjs().startOf('day');
  return formatDateRange(today.subtract(days - 1, 'day'), today);
}

/** The period text checked as the server checks it; the period in epoch ms, or the reason there is none. */
function periodOf(text: string): { period: Period | null; days: number; error: string | null } {
  const parts = parseDateRange(text);
  if (!parts) return { period: null, days: 0, error: ruleText('dateRange') };
  const days = dateRangeDays(parts[0], parts[1]);
  if (days < 1) return { period: null, days, error: ruleText('periodOrder') };
  if (days > PAGE_HIT_MAX_DAYS)
    return { period: null, days, error: ruleText('periodMax', { days: PAGE_HIT_MAX_DAYS }) };
  const period = { fromMs: dayjs(parts[0]).startOf('day').valueOf(), toMs: dayjs(parts[1]).endOf('day').valueOf() };
  return { period, days, error: null };
}

export default function PageHitPage() {
  const { t } = useTranslation(['pageHit', 'common']);
  const locale = useAppStore((s) => s.locale);
  const queryClient = useQueryClient();
  const defaults = useMemo(() => ({ period: lastDays(DEFAULT_DAYS), unit: 'daily' }), []);
  const [state, setState] = useUrlState(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the error text follows the UI language
  const { period, days, error } = useMemo(() => periodOf(state.period), [state.period, locale]);
  const unit: PageHitUnit = (PAGE_HIT_UNITS as readonly string[]).includes(state.unit)
    ? (state.unit as PageHitUnit)
    : 'daily';
  const hourlyBlocked = days > HOURLY_MAX_DAYS;
  const shownUnit: PageHitUnit = unit === 'hourly' && hourlyBlocked ? 'daily' : unit;

  const time = usePageHitsByTime(shownUnit, period);
  const functions = usePageHitsByFunction(period);
  const users = usePageHitsByUser(period);

  const hits = t('hits');
  const timeOption = useMemo(() => timeChartOption(time.data ?? [], shownUnit, hits), [time.data, shownUnit, hits]);

  const functionRows = useMemo<FunctionRow[]>(() => {
    const data = functions.data ?? [];
    const total = data.reduce((sum, r) => sum + r.count, 0) || 1;
    const labels = screenLabels(data, (name) => MENU_INDEX.get(name)?.label[locale] ?? name);
    return data.map((r, i) => ({
      key: `${r.name}\u0001${r.path}`,
      rank: i + 1,
      name: r.name,
      label: labels[i],
      path: r.path,
      count: r.count,
      share: r.count / total,
    }));
  }, [functions.data, locale]);

  const unknownUser = t('unknownUser');
  const userRows = useMemo<UserRow[]>(() => {
    const data = users.data ?? [];
    const total = data.reduce((sum, r) => sum + r.count, 0) || 1;
    return data.map((r, i) => ({
      key: String(r.userId ?? 'none'),
      rank: i + 1,
      userName: r.userName ?? unknownUser,
      count: r.count,
      share: r.count / total,
    }));
  }, [users.data, unknownUser]);

  const functionOption = useMemo(
    () =>
      rankingChartOption(
        functionRows.map((r) => ({ label: r.label, count: r.count })),
        hits,
      ),
    [functionRows, hits],
  );
  const userOption = useMemo(
    () =>
      rankingChartOption(
        userRows.map((r) => ({ label: r.userName, count: r.count })),
        hits,
      ),
    [userRows, hits],
  );

  const totalHits = functionRows.reduce((sum, r) => sum + r.count, 0);

  const functionColumns = rankingColumns<FunctionRow>(t, [
    { key: 'label', title: t('columns.screen'), dataIndex: 'label', width: 180, sorter: true },
    { key: 'path', title: t('columns.path'), dataIndex: 'path', width: 180, sorter: true },
  ]);
  const userColumns = rankingColumns<UserRow>(t, [
    { key: 'userName', title: t('columns.user'), dataIndex: 'userName', width: 180, sorter: true },
  ]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: pageHitKeys.all });

  return (
    <PageContainer
      menuName="pageHit"
      extra={
        <>
          <Typography.Text type="secondary">{t('period')}</Typography.Text>
          <DateRangeField
            testId="page-hit-period"
            value={state.period}
            onChange={(text) => setState({ period: text ?? defaults.period })}
            maxDays={PAGE_HIT_MAX_DAYS}
            allowClear={false}
            style={{ width: 260 }}
          />
          <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="page-hit-refresh">
            {t('common:actions.refresh')}
          </Button>
        </>
      }
    >
      {error && (
        <Alert type="warning" showIcon title={error} style={{ marginBottom: 16 }} data-testid="page-hit-period-error" />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t('summary.total')}
              value={totalHits}
              loading={functions.isPending && !!period}
              data-testid="page-hit-total"
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t('summary.screens')}
              value={functionRows.length}
              loading={functions.isPending && !!period}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('summary.users')} value={userRows.length} loading={users.isPending && !!period} />
          </Card>
        </Col>
        <Col span={24}>
          <Card
            size="small"
            title={t('byTime')}
            extra={
              <Segmented<PageHitUnit>
                size="small"
                value={shownUnit}
                onChange={(u) => setState({ unit: u })}
                options={PAGE_HIT_UNITS.map((u) => ({
                  value: u,
                  disabled: u === 'hourly' && hourlyBlocked,
                  label: <span data-testid={`page-hit-unit-${u}`}>{t(`units.${u}`)}</span>,
                }))}
              />
            }
          >
            {unit === 'hourly' && hourlyBlocked && (
              <Alert
                type="info"
                showIcon
                title={t('hourlyLimit', { days: HOURLY_MAX_DAYS })}
                style={{ marginBottom: 12 }}
                data-testid="page-hit-hourly-limit"
              />
            )}
            {period ? (
              <EChart option={timeOption} height={300} testId="page-hit-time-chart" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Card>
        </Col>
        <Col xs={24} xxl={12}>
          <RankingCard<FunctionRow>
            title={t('byFunction')}
            rows={functionRows}
            columns={functionColumns}
            option={functionOption}
            pending={functions.isPending && !!period}
            fetching={functions.isFetching}
            testId="page-hit-function"
            urlKey="fn"
            exportName={t('exportFunctions')}
            emptyText={t('noHits')}
          />
        </Col>
        <Col xs={24} xxl={12}>
          <RankingCard<UserRow>
            title={t('byUser')}
            rows={userRows}
            columns={userColumns}
            option={userOption}
            pending={users.isPending && !!period}
            fetching={users.isFetching}
            testId="page-hit-user"
            urlKey="usr"
            exportName={t('exportUsers')}
            emptyText={t('noHits')}
          />
        </Col>
      </Row>
    </PageContainer>
  );
}

/** Rank, what is ranked, hits and share: the columns of both ranking tables. */
function rankingColumns<T extends { rank: number; count: number; share: number }>(
  t: TFunction,
  ranked: DataColumn<T>[],
): DataColumn<T>[] {
  return [
    {
      key: 'rank',
      title: t('columns.rank'),
      dataIndex: 'rank' as keyof T & string,
      width: 80,
      sorter: true,
      filter: false,
    },
    ...ranked,
    {
      key: 'count',
      title: t('columns.hits'),
      dataIndex: 'count' as keyof T & string,
      width: 90,
      sorter: true,
      render: (r) => <span data-testid="page-hit-count">{r.count}</span>,
      exportValue: (r) => r.count,
    },
    {
      key: 'share',
      title: t('columns.share'),
      width: 80,
      render: (r) => percent(r.share),
      exportValue: (r) => percent(r.share),
      sorter: (a, b) => a.share - b.share,
      filter: false,
    },
  ];
}

/** A ranking (by screen or by user): its bar chart above the same rows as an exportable table. */
function RankingCard<T extends { key: string }>(props: {
  title: string;
  rows: T[];
  columns: DataColumn<T>[];
  option: ReturnType<typeof rankingChartOption>;
  pending: boolean;
  fetching: boolean;
  testId: string;
  urlKey: string;
  exportName: string;
  emptyText: string;
}) {
  const { rows, pending, option, testId } = props;
  return (
    <Card size="small" title={props.title}>
      {rows.length === 0 && !pending ? (
        <Flex justify="center" style={{ padding: '24px 0' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
        </Flex>
      ) : (
        <div style={{ marginBottom: 16 }}>
          <EChart option={option} height={rankingChartHeight(rows.length)} testId={`${testId}-chart`} />
        </div>
      )}
      <DataTable<T>
        testId={`${testId}-table`}
        urlKey={props.urlKey}
        rowKey="key"
        columns={props.columns}
        data={rows}
        loading={props.fetching}
        exportName={props.exportName}
        height={360}
      />
    </Card>
  );
}
