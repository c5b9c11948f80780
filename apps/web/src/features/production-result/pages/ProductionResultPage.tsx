import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { DAILY_PLAN_PERIOD_MAX_DAYS, type ProductionResult } from '@eqms/contract';
import { Alert, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkFilters } from '../../production-plan/components/WorkFilters.tsx';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { exportRows } from '../../../components/exportRows.ts';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { fmtQty, fmtRate } from '../../production-plan/plan-rules.ts';
import { ResultDialog } from '../components/ResultDialog.tsx';
import { ResultHistoryDialog } from '../components/ResultHistoryDialog.tsx';
import { ResultStatusTag } from '../components/result-inputs.tsx';
import { fetchAllResults, type ResultListArgs, useResults } from '../production-result.queries.ts';
import { RESULT_NS } from '../production-result.locales.ts';
import { achievementRate, resultPeriodOf, thisWeek } from '../result-rules.ts';

const PAGE_SIZE = 50;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

type State = {
  period: string;
  q: string | undefined;
  locationId: number | undefined;
  status: string | undefined;
  page: number;
  size: number;
  /** The result open in the dialog. */
  resultId: number | undefined;
};

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '');
const fullTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : null);

/**
 * /production/profit: the results of a period — each daily plan with its good and bad quantities, worker, start and
 * end — filtered by factory or line, status and product; a result opens in a dialog to enter or correct it, with its
 * consumed material, its lot and its edit history.
 */
export default function ProductionResultPage() {
  const { t } = useTranslation([RESULT_NS, 'common']);
  const menuLabel = useMenuLabel('productionProfit');
  const unitLabel = useCodeLabel('UNIT');
  const defectLabel = useCodeLabel('DEFECT_TYPE');
  const defaults = useMemo<State>(
    () => ({
      period: thisWeek(),
      q: undefined,
      locationId: undefined,
      status: undefined,
      page: 1,
      size: PAGE_SIZE,
      resultId: undefined,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['locationId', 'resultId'] });
  const period = resultPeriodOf(s.period);
  const args: ResultListArgs | null =
    period.startDt && period.endDt
      ? { startDt: period.startDt, endDt: period.endDt, q: s.q, locationId: s.locationId, status: s.status }
      : null;
  const results = useResults(args, s.page, s.size);
  const filter = (patch: Partial<State>) => set({ ...patch, page: 1 });
  const open = (r: ProductionResult) => set({ resultId: r.id }, { push: true });
  const [historyOf, setHistoryOf] = useState<ProductionResult | null>(null);

  const defectsText = (r: ProductionResult) =>
    r.defects.map((d) => `${defectLabel(d.defectCode)} ${fmtQty(d.qty)}`).join(', ');

  const columns: DataColumn<ProductionResult>[] = [
    {
      key: 'day',
      title: t('fields.day'),
      width: 100,
      render: (r) => (
        <span data-testid="result-row-day" data-id={r.id} style={NOWRAP}>
          {r.day}
        </span>
      ),
      exportValue: (r) => r.day,
    },
    { key: 'line', title: t('fields.line'), dataIndex: 'lineName', width: 110 },
    {
      key: 'product',
      title: t('fields.product'),
      width: 190,
      render: (r) => (
        <span data-testid="result-row-product">
          <Typography.Text strong>{r.productCode}</Typography.Text> {r.productName}
        </span>
      ),
      exportValue: (r) => `${r.productCode} ${r.productName}`,
    },
    {
      key: 'operation',
      title: t('fields.operation'),
      width: 130,
      render: (r) => (
        <span data-testid="result-row-operation">
          <Typography.Text type="secondary" style={NOWRAP}>
            {r.seq}/{r.lastSeq}
          </Typography.Text>{' '}
          {r.operationName}
        </span>
      ),
      exportValue: (r) => `${r.seq}/${r.lastSeq} ${r.operationName}`,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (r) => <ResultStatusTag status={r.status} testId="result-row-status" />,
      exportValue: (r) => t(`status.${r.status}`),
    },
    {
      key: 'targetQty',
      title: t('fields.targetQty'),
      width: 90,
      filter: false,
      render: (r) => (
        <span style={NOWRAP}>
          {fmtQty(r.targetQty)} {unitLabel(r.unit)}
        </span>
      ),
      exportValue: (r) => r.targetQty,
      sorter: (a, b) => a.targetQty - b.targetQty,
    },
    {
      key: 'goodQty',
      title: t('fields.goodQty'),
      width: 90,
      filter: false,
      render: (r) => (
        <Typography.Text strong data-testid="result-row-good">
          {fmtQty(r.goodQty)}
        </Typography.Text>
      ),
      exportValue: (r) => r.goodQty,
      sorter: (a, b) => a.goodQty - b.goodQty,
    },
    {
      key: 'badQty',
      title: t('fields.badQty'),
      width: 90,
      filter: false,
      render: (r) => {
        const text = defectsText(r);
        const qty = (
          <Typography.Text type={r.badQty > 0 ? 'danger' : undefined} data-testid="result-row-bad">
            {fmtQty(r.badQty)}
          </Typography.Text>
        );
        return text ? <Tooltip title={text}>{qty}</Tooltip> : qty;
      },
      exportValue: (r) => r.badQty,
      sorter: (a, b) => a.badQty - b.badQty,
    },
    {
      key: 'achievementRate',
      title: t('fields.achievementRate'),
      width: 80,
      filter: false,
      render: (r) => {
        const rate = achievementRate(r.goodQty, r.targetQty);
        return rate === null ? '-' : fmtRate(rate);
      },
      exportValue: (r) => achievementRate(r.goodQty, r.targetQty),
      sorter: (a, b) =>
        (achievementRate(a.goodQty, a.targetQty) ?? -1) - (achievementRate(b.goodQty, b.targetQty) ?? -1),
    },
    {
      key: 'worker',
      title: t('fields.worker'),
      width: 100,
      render: (r) => <span data-testid="result-row-worker">{r.workerName ?? ''}</span>,
      exportValue: (r) => r.workerName,
    },
    {
      key: 'startedAt',
      title: t('fields.startedAt'),
      width: 105,
      filter: false,
      render: (r) => (
        <span style={NOWRAP} title={fullTime(r.startedAt) ?? undefined}>
          {time(r.startedAt)}
        </span>
      ),
      exportValue: (r) => fullTime(r.startedAt),
    },
    {
      key: 'endedAt',
      title: t('fields.endedAt'),
      width: 105,
      filter: false,
      render: (r) => (
        <span style={NOWRAP} title={fullTime(r.endedAt) ?? undefined}>
          {time(r.endedAt)}
        </span>
      ),
      exportValue: (r) => fullTime(r.endedAt),
    },
    {
      key: 'tool',
      title: t('fields.tool'),
      width: 120,
      render: (r) => r.toolName ?? '',
      exportValue: (r) => r.toolName,
    },
    {
      key: 'defects',
      title: t('fields.defects'),
      width: 150,
      render: (r) => <span data-testid="result-row-defects">{defectsText(r)}</span>,
      exportValue: (r) => defectsText(r),
    },
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 190,
      render: (r) => <span data-testid="result-row-lot">{r.lotId ?? ''}</span>,
      exportValue: (r) => r.lotId,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (r) => (
        // Clicks stay in the cell: the row's own click opens the dialog as well.
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <RowAction
            label={t('actions.open')}
            icon={<EditOutlined />}
            testId={`result-open-${r.id}`}
            onClick={() => open(r)}
          />
          <RowAction
            label={t('actions.history')}
            icon={<HistoryOutlined />}
            testId={`result-history-${r.id}`}
            onClick={() => setHistoryOf(r)}
          />
        </Space>
      ),
    },
  ];

  // Every result of the filter (page after page up to the total), not only the page on screen.
  const exportAll = async () => {
    if (!args) return;
    try {
      const rows = await fetchAllResults(args);
      const data = columns.filter((c) => c.key !== 'actions');
      await exportRows(
        menuLabel,
        data.map((c) => ({
          title: String(c.title),
          width: c.width ? Math.round(c.width / 7) : undefined,
          value: (r: ProductionResult) =>
            c.exportValue ? c.exportValue(r) : c.dataIndex ? (r[c.dataIndex] as string | number | null) : null,
        })),
        rows,
      );
    } catch (e) {
      // A refused request has been reported by the API client; a workbook that could not be built has not.
      if (!(e instanceof ApiError)) useAppStore.getState().notify(t('messages.exportFailed'), 'error');
    }
  };

  return (
    <PageContainer menuName="productionProfit">
      {period.error && (
        <Alert
          type="warning"
          showIcon
          title={period.error}
          style={{ marginBottom: 16 }}
          data-testid="result-period-error"
        />
      )}
      <DataTable<ProductionResult>
        testId="result-table"
        rowKey="id"
        columns={columns}
        data={results.data?.data}
        loading={results.isFetching}
        exportName={menuLabel}
        onExport={args ? exportAll : undefined}
        onRowClick={open}
        activeRowKey={s.resultId ?? null}
        pagination={{
          page: s.page,
          size: s.size,
          total: results.data?.total ?? 0,
          onChange: (page, size) => set({ page, size }),
        }}
        toolbar={
          <WorkFilters
            testId="result"
            t={t}
            value={s}
            defaultPeriod={defaults.period}
            maxDays={DAILY_PLAN_PERIOD_MAX_DAYS}
            onFilter={filter}
          />
        }
      />
      <ResultDialog
        id={s.resultId ?? null}
        onClose={() => set({ resultId: undefined })}
        onHistory={(r) => setHistoryOf(r)}
      />
      <ResultHistoryDialog result={historyOf} onClose={() => setHistoryOf(null)} />
    </PageContainer>
  );
}
