import { DeploymentUnitOutlined, NodeIndexOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { LOT_PERIOD_MAX_DAYS, type Lot } from '@eqms/contract';
import { Alert, Space, Switch, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../app/codes.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { currentMonth, periodOf } from '../../production-plan/plan-rules.ts';
import { traceUrl } from '../../trace/trace.links.ts';
import { ExpiryCell } from '../components/ExpiryCell.tsx';
import { type LotTab, LotPanel } from '../components/LotPanel.tsx';
import { LotTreePanel } from '../components/LotTreePanel.tsx';
import { LOT_NS } from '../lot-report.locales.ts';
import { downloadLots, type LotListArgs, useLots } from '../lot-report.queries.ts';

const PAGE_SIZE = 50;

type State = {
  view: string;
  period: string;
  q: string | undefined;
  /** Y: the list asks for the stock fields. */
  stock: string;
  page: number;
  size: number;
  /** The LOT ID whose panel is open, and its tab. */
  lot: string | undefined;
  ltab: string;
};

/**
 * /report/lot (SPEC §7 "Lot", DOMAIN "Traceability"): the lots produced in a period (this month by default), searched
 * by LOT ID or product, with their stock when asked and the whole filter as a workbook; the plan tree of the period
 * (products → plans → daily plans). A lot opens in a side panel with its daily plans and results and the material
 * lots it consumed — the row's "trace back" opens that tab at once.
 */
export default function LotReportPage() {
  const { t } = useTranslation([LOT_NS, 'common']);
  const menuLabel = useMenuLabel('lotReport');
  const unitLabel = useCodeLabel('UNIT');
  const defaults = useMemo<State>(
    () => ({
      view: 'list',
      period: currentMonth(),
      q: undefined,
      stock: 'N',
      page: 1,
      size: PAGE_SIZE,
      lot: undefined,
      ltab: 'daily',
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults);
  const navigate = useNavigate();
  const period = periodOf(s.period);
  const includeStock = s.stock === 'Y';
  const args: LotListArgs | null =
    period.startDt && period.endDt ? { startDt: period.startDt, endDt: period.endDt, q: s.q, includeStock } : null;
  const lots = useLots(s.view === 'list' ? args : null, s.page, s.size);
  const filter = (patch: Partial<State>) => set({ ...patch, page: 1 });
  const open = (lotId: string, ltab: LotTab = 'daily') => set({ lot: lotId, ltab }, { push: true });

  const qty = (key: 'goodQty' | 'badQty' | 'stockQty' | 'disposedQty', title: string): DataColumn<Lot> => ({
    key,
    title,
    width: 80,
    render: (r) => (
      <span style={{ whiteSpace: 'nowrap' }} data-testid={`lot-${key}`}>
        <Typography.Text
          strong={key === 'goodQty' || key === 'stockQty'}
          type={key === 'badQty' && (r.badQty ?? 0) > 0 ? 'danger' : undefined}
        >
          {fmtQty(r[key])}
        </Typography.Text>
      </span>
    ),
    exportValue: (r) => r[key],
    sorter: (a, b) => (a[key] ?? 0) - (b[key] ?? 0),
  });
  const columns: DataColumn<Lot>[] = [
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 200,
      render: (r) => (
        <Typography.Text strong data-testid="lot-row-id">
          {r.lotId}
        </Typography.Text>
      ),
      exportValue: (r) => r.lotId,
      sorter: (a, b) => a.lotId.localeCompare(b.lotId),
    },
    {
      key: 'product',
      title: t('fields.product'),
      width: 180,
      render: (r) => (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {r.productCode}
          </Typography.Text>
          {r.productName}
        </>
      ),
      exportValue: (r) => `${r.productCode} ${r.productName}`,
      sorter: (a, b) => a.productCode.localeCompare(b.productCode),
    },
    {
      key: 'lineName',
      title: t('fields.line'),
      width: 110,
      render: (r) => r.lineName ?? '',
      exportValue: (r) => r.lineName,
    },
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100, sorter: true },
    {
      key: 'expiryDate',
      title: t('fields.expiryDate'),
      width: 120,
      render: (r) => <ExpiryCell lot={r} />,
      exportValue: (r) => r.expiryDate,
      sorter: (a, b) => (a.expiryDate ?? '').localeCompare(b.expiryDate ?? ''),
    },
    qty('goodQty', t('fields.goodQty')),
    qty('badQty', t('fields.badQty')),
    ...(includeStock ? [qty('stockQty', t('fields.stockQty')), qty('disposedQty', t('fields.disposedQty'))] : []),
    { key: 'unit', title: t('fields.unit'), width: 64, render: (r) => unitLabel(r.unit), exportValue: (r) => r.unit },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 132,
      fixed: 'right',
      render: (r) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <RowAction
            label={t('actions.open')}
            icon={<UnorderedListOutlined />}
            testId={`lot-open-${r.lotId}`}
            onClick={() => open(r.lotId, 'daily')}
          />
          <RowAction
            label={t('actions.traceBack')}
            icon={<NodeIndexOutlined />}
            testId={`lot-trace-${r.lotId}`}
            onClick={() => open(r.lotId, 'materials')}
          />
          <RowAction
            label={t('actions.trace')}
            icon={<DeploymentUnitOutlined />}
            testId={`lot-genealogy-${r.lotId}`}
            onClick={() => navigate(traceUrl({ view: 'backward', lotId: r.lotId }))}
          />
        </span>
      ),
    },
  ];

  const periodField = (
    <>
      <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
      <DateRangeField
        testId="lot-period"
        value={s.period}
        onChange={(p) => filter({ period: p ?? defaults.period })}
        maxDays={LOT_PERIOD_MAX_DAYS}
        allowClear={false}
        style={{ width: 250 }}
      />
    </>
  );

  return (
    <PageContainer menuName="lotReport">
      {period.error && (
        <Alert
          type="warning"
          showIcon
          title={period.error}
          style={{ marginBottom: 16 }}
          data-testid="lot-period-error"
        />
      )}
      <Tabs
        activeKey={s.view}
        onChange={(view) => set({ view })}
        data-testid="lot-view-tabs"
        items={[
          {
            key: 'list',
            label: t('tabs.list'),
            children: (
              <DataTable<Lot>
                testId="lot-table"
                rowKey="id"
                columns={columns}
                data={lots.data?.data}
                loading={lots.isFetching}
                exportName={menuLabel}
                // Every lot of the filter, not only the page on screen: the server's workbook.
                onExport={args ? () => downloadLots(args, `${menuLabel}.xlsx`) : undefined}
                onRowClick={(r) => open(r.lotId)}
                activeRowKey={lots.data?.data.find((r) => r.lotId === s.lot)?.id ?? null}
                pagination={{
                  page: s.page,
                  size: s.size,
                  total: lots.data?.total ?? 0,
                  onChange: (page, size) => set({ page, size }),
                }}
                toolbar={
                  <>
                    {periodField}
                    <SearchBox
                      testId="lot-search"
                      placeholder={t('filters.search')}
                      value={s.q}
                      onSearch={(q) => filter({ q })}
                      style={{ width: 240 }}
                    />
                    <Space size={6}>
                      <Switch
                        data-testid="lot-include-stock"
                        checked={includeStock}
                        onChange={(on) => filter({ stock: on ? 'Y' : 'N' })}
                        aria-label={t('filters.includeStock')}
                      />
                      <Typography.Text>{t('filters.includeStock')}</Typography.Text>
                    </Space>
                  </>
                }
              />
            ),
          },
          {
            key: 'tree',
            label: t('tabs.tree'),
            children: (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <Space wrap size={8}>
                  {periodField}
                </Space>
                {s.view === 'tree' && (
                  <LotTreePanel
                    from={period.startDt}
                    to={period.endDt}
                    selectedLotId={s.lot ?? null}
                    onSelect={(lotId) => open(lotId)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <LotPanel
        lotId={s.lot ?? null}
        tab={s.ltab === 'materials' ? 'materials' : 'daily'}
        onTab={(ltab) => set({ ltab })}
        onClose={() => set({ lot: undefined, ltab: 'daily' })}
      />
    </PageContainer>
  );
}
