import {
  MATERIAL_MOVEMENT_TYPES,
  type MaterialDailyTotal,
  type MaterialMovement,
  materialHistoryEndpoints,
} from '@eqms/contract';
import { Select, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { PeriodError, PeriodField, periodOf } from '../../../components/inputs/PeriodField.tsx';
import { MaterialPickSelect, MovementTypeTag, SignedQty } from '../components/stock-inputs.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { historyQuery, useDailyTotals, useMovements } from '../material-stock.queries.ts';
import { fmtQty, lastDays } from '../stock-rules.ts';

registerLocales('materialStock', { kr, en });

const DEFAULT_DAYS = 30;
/** A daily total with a key unique in the page (day and material). */
type DailyRow = MaterialDailyTotal & { key: string };
const PAGE_SIZE = 50;

type State = {
  tab: string;
  period: string;
  materialId: number | undefined;
  locationId: number | undefined;
  type: string | undefined;
  q: string | undefined;
  page: number;
  size: number;
  dpage: number;
  dsize: number;
};

/** /material/history: the material ledger's movements and its daily totals, by period. */
export default function MaterialHistoryPage() {
  const { t } = useTranslation(['materialStock', 'common']);
  const menuLabel = useMenuLabel('materialHistory');
  const unitLabel = useCodeLabel('UNIT');
  const defaults = useMemo<State>(
    () => ({
      tab: 'movements',
      period: formatDateRange(...lastDays(DEFAULT_DAYS)),
      materialId: undefined,
      locationId: undefined,
      type: undefined,
      q: undefined,
      page: 1,
      size: PAGE_SIZE,
      dpage: 1,
      dsize: PAGE_SIZE,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['materialId', 'locationId'] });
  const period = periodOf(s.period);
  const ok = period.from && period.to ? { from: period.from, to: period.to } : null;
  const filter = (patch: Partial<State>) => set({ ...patch, page: 1, dpage: 1 });

  const movementArgs = ok ? { ...ok, materialId: s.materialId, locationId: s.locationId, type: s.type, q: s.q } : null;
  const dailyArgs = ok ? { ...ok, materialId: s.materialId, q: s.q } : null;
  const movements = useMovements(s.tab === 'movements' ? movementArgs : null, s.page, s.size);
  const daily = useDailyTotals(s.tab === 'daily' ? dailyArgs : null, s.dpage, s.dsize);

  const movementColumns: DataColumn<MaterialMovement>[] = [
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100 },
    {
      key: 'type',
      title: t('fields.movementType'),
      width: 100,
      render: (m) => <MovementTypeTag type={m.type} />,
      exportValue: (m) => t(`movement.${m.type}`),
    },
    { key: 'packageId', title: t('fields.packageId'), dataIndex: 'packageId', width: 140 },
    {
      key: 'material',
      title: t('fields.material'),
      width: 180,
      render: (m) => `${m.materialCode} · ${m.materialName}`,
    },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (m) => (
        <span>
          <SignedQty v={m.qty} /> {unitLabel(m.unit)}
        </span>
      ),
      exportValue: (m) => m.qty,
    },
    {
      key: 'balance',
      title: t('fields.balance'),
      width: 90,
      render: (m) => fmtQty(m.balance),
      exportValue: (m) => m.balance,
    },
    { key: 'placePath', title: t('fields.place'), dataIndex: 'placePath', width: 200 },
    { key: 'fromPlacePath', title: t('fields.fromPlace'), dataIndex: 'fromPlacePath', width: 160 },
    { key: 'reason', title: t('fields.reason'), dataIndex: 'reason', width: 160 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 100 },
    {
      key: 'occurredAt',
      title: t('fields.occurredAt'),
      width: 140,
      render: (m) => dayjs(m.occurredAt).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const num = (key: keyof MaterialDailyTotal & string, title: string, signed = false): DataColumn<DailyRow> => ({
    key,
    title,
    width: 100,
    render: (d) => {
      const v = d[key] as number;
      if (!v) return <Typography.Text type="secondary">0</Typography.Text>;
      return signed ? <SignedQty v={v} /> : fmtQty(v);
    },
    exportValue: (d) => d[key] as number,
  });
  const dailyColumns: DataColumn<DailyRow>[] = [
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100 },
    { key: 'code', title: t('fields.materialCode'), dataIndex: 'code', width: 120 },
    { key: 'name', title: t('fields.materialName'), dataIndex: 'name', width: 160 },
    { key: 'unit', title: t('fields.unit'), width: 70, render: (d) => unitLabel(d.unit) },
    num('received', t('daily.received')),
    num('released', t('daily.released')),
    num('restocked', t('daily.restocked')),
    num('sold', t('daily.sold')),
    num('corrected', t('daily.corrected'), true),
    num('disposed', t('daily.disposed')),
    {
      key: 'closing',
      title: t('daily.closing'),
      width: 110,
      render: (d) => <Typography.Text strong>{fmtQty(d.closing)}</Typography.Text>,
      exportValue: (d) => d.closing,
    },
  ];

  const commonFilters = (
    <>
      <PeriodField
        testId="material-history-period"
        value={s.period}
        onChange={(period) => filter({ period: period ?? defaults.period })}
      />
      <MaterialPickSelect
        testId="material-history-material"
        placeholder={t('filters.allMaterials')}
        value={s.materialId ?? null}
        onChange={(materialId) => filter({ materialId: materialId ?? undefined })}
        style={{ width: 220 }}
      />
    </>
  );
  const search = (
    <SearchBox
      testId="material-history-search"
      placeholder={t('filters.historySearch')}
      value={s.q}
      onSearch={(q) => filter({ q })}
      style={{ width: 200 }}
    />
  );

  return (
    <PageContainer menuName="materialHistory">
      <PeriodError error={period.error} testId="material-history-period-error" />
      <Tabs
        activeKey={s.tab}
        onChange={(tab) => set({ tab })}
        data-testid="material-history-tabs"
        items={[
          {
            key: 'movements',
            label: t('tabs.movements'),
            children: (
              <DataTable<MaterialMovement>
                testId="material-history-table"
                urlKey="m"
                rowKey="id"
                columns={movementColumns}
                data={movements.data?.data}
                loading={movements.isFetching}
                exportName={menuLabel}
                onExport={
                  movementArgs
                    ? () =>
                        download(materialHistoryEndpoints.historyExport, `${menuLabel}.xlsx`, {
                          query: historyQuery(movementArgs),
                        })
                    : undefined
                }
                pagination={{
                  page: s.page,
                  size: s.size,
                  total: movements.data?.total ?? 0,
                  onChange: (page, size) => set({ page, size }),
                }}
                toolbar={
                  <>
                    {commonFilters}
                    <div style={{ width: 220 }}>
                      <LocationTreeSelect
                        testId="material-history-location"
                        placeholder={t('filters.allLocations')}
                        value={s.locationId ?? null}
                        onChange={(locationId) => filter({ locationId: locationId ?? undefined })}
                      />
                    </div>
                    <Select<string[]>
                      mode="multiple"
                      data-testid="material-history-type"
                      aria-label={t('filters.movementTypes')}
                      placeholder={t('filters.movementTypes')}
                      allowClear
                      value={s.type ? s.type.split(',') : []}
                      onChange={(v) => filter({ type: v.join(',') || undefined })}
                      options={MATERIAL_MOVEMENT_TYPES.map((m) => ({ value: m, label: t(`movement.${m}`) }))}
                      style={{ minWidth: 160, maxWidth: 320 }}
                    />
                    {search}
                  </>
                }
              />
            ),
          },
          {
            key: 'daily',
            label: t('tabs.daily'),
            children: (
              <DataTable<DailyRow>
                testId="material-daily-table"
                urlKey="d"
                rowKey="key"
                columns={dailyColumns}
                data={daily.data?.data.map((d) => ({ ...d, key: `${d.day}/${d.materialId}` }))}
                loading={daily.isFetching}
                exportName={`${menuLabel} ${t('tabs.daily')}`}
                onExport={
                  dailyArgs
                    ? () =>
                        download(materialHistoryEndpoints.dailyTotalExport, `${menuLabel}.xlsx`, {
                          query: { ...dailyArgs, q: dailyArgs.q || undefined },
                        })
                    : undefined
                }
                pagination={{
                  page: s.dpage,
                  size: s.dsize,
                  total: daily.data?.total ?? 0,
                  onChange: (dpage, dsize) => set({ dpage, dsize }),
                }}
                toolbar={
                  <>
                    {commonFilters}
                    {search}
                  </>
                }
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
