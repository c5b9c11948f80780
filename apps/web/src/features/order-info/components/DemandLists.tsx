import { ORDER_PERIOD_MAX_DAYS, type OrderProduct, orderProductEndpoints } from '@eqms/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PeriodError, periodOf } from '../../../components/inputs/PeriodField.tsx';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { allNoProduction, useNoProduction, usePeriodProducts } from '../order-info.queries.ts';
import { orderProductColumns } from './product-columns.tsx';

// The two lists of order products across orders: those not yet covered by plans ("no-production", what a planner
// turns into plans one action each), and those due in a period (paged, with the workbook).

function DueField({
  value,
  onChange,
  testId,
  allowClear,
}: {
  value: string | undefined;
  onChange: (text: string | undefined) => void;
  testId: string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation(ORDER_INFO_NS);
  return (
    <>
      <Typography.Text type="secondary">{t('filters.due')}</Typography.Text>
      <DateRangeField
        testId={testId}
        value={value ?? null}
        onChange={(text) => onChange(text ?? undefined)}
        maxDays={ORDER_PERIOD_MAX_DAYS}
        allowClear={allowClear}
        style={{ width: 250 }}
      />
    </>
  );
}

function CustomerFilter({
  value,
  onChange,
  testId,
}: {
  value?: number;
  onChange: (id?: number) => void;
  testId: string;
}) {
  const { t } = useTranslation(ORDER_INFO_NS);
  return (
    <PartnerSelect
      type="CUSTOMER"
      testId={testId}
      placeholder={t('filters.allCustomers')}
      notFound={t('hints.noCustomers')}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      style={{ width: 180 }}
    />
  );
}

export type NoProductionState = { npPeriod?: string; npPartner?: number; npPage: number; npSize: number };

/** Order products with something left to plan, first due first, each with the plan action. */
export function NoProductionList({
  value,
  onFilter,
  onPlan,
}: {
  value: NoProductionState;
  onFilter: (patch: Partial<NoProductionState>) => void;
  onPlan: (row: OrderProduct) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canPlan = useCan('productionPlan', 'create');
  const period = periodOf(value.npPeriod, ORDER_PERIOD_MAX_DAYS);
  const args = period.error ? null : { startDt: period.from, endDt: period.to, bizPartnerId: value.npPartner };
  const list = useNoProduction(args, value.npPage, value.npSize);
  const columns = orderProductColumns({ t, unitLabel, withOrder: true, onPlan: canPlan ? onPlan : undefined });
  const filter = (patch: Partial<NoProductionState>) => onFilter({ ...patch, npPage: 1 });
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="no-production-hint">
        {t('hints.noProduction')}
      </Typography.Paragraph>
      <PeriodError error={period.error} testId="np-period-error" />
      <DataTable<OrderProduct>
        testId="np-table"
        urlKey="np"
        rowKey="id"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        exportName={t('files.noProduction')}
        exportAll={args ? () => allNoProduction(args) : undefined}
        pagination={{
          page: value.npPage,
          size: value.npSize,
          total: list.data?.total ?? 0,
          onChange: (npPage, npSize) => onFilter({ npPage, npSize }),
        }}
        toolbar={
          <>
            <DueField
              testId="np-period"
              allowClear
              value={value.npPeriod}
              onChange={(npPeriod) => filter({ npPeriod })}
            />
            <CustomerFilter
              testId="np-partner"
              value={value.npPartner}
              onChange={(npPartner) => filter({ npPartner })}
            />
          </>
        }
      />
    </>
  );
}

export type PeriodState = { period: string; ppPartner?: number; ppQ?: string; ppPage: number; ppSize: number };

/** Order products due in a period (at most a year), one page at a time, with the workbook of the same filter. */
export function PeriodList({
  value,
  defaultPeriod,
  onFilter,
  onPlan,
}: {
  value: PeriodState;
  defaultPeriod: string;
  onFilter: (patch: Partial<PeriodState>) => void;
  onPlan: (row: OrderProduct) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canPlan = useCan('productionPlan', 'create');
  const period = periodOf(value.period, ORDER_PERIOD_MAX_DAYS);
  const args =
    period.error || !period.from || !period.to
      ? null
      : { startDt: period.from, endDt: period.to, bizPartnerId: value.ppPartner, q: value.ppQ };
  const list = usePeriodProducts(args, value.ppPage, value.ppSize);
  const columns = orderProductColumns({ t, unitLabel, withOrder: true, onPlan: canPlan ? onPlan : undefined });
  const fileName = t('files.periodProducts');
  const filter = (patch: Partial<PeriodState>) => onFilter({ ...patch, ppPage: 1 });
  return (
    <>
      <PeriodError error={period.error} testId="pp-period-error" />
      <DataTable<OrderProduct>
        testId="pp-table"
        urlKey="pp"
        rowKey="id"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        exportName={fileName}
        onExport={
          args
            ? () =>
                download(orderProductEndpoints.periodExport, `${fileName}.xlsx`, {
                  query: { ...args, q: args.q || undefined },
                })
            : undefined
        }
        pagination={{
          page: value.ppPage,
          size: value.ppSize,
          total: list.data?.total ?? 0,
          onChange: (ppPage, ppSize) => onFilter({ ppPage, ppSize }),
        }}
        toolbar={
          <>
            <DueField
              testId="pp-period"
              value={value.period}
              onChange={(p) => filter({ period: p ?? defaultPeriod })}
            />
            <CustomerFilter
              testId="pp-partner"
              value={value.ppPartner}
              onChange={(ppPartner) => filter({ ppPartner })}
            />
            <SearchBox
              testId="pp-search"
              placeholder={t('filters.productSearch')}
              value={value.ppQ}
              onSearch={(ppQ) => filter({ ppQ })}
              style={{ width: 220 }}
            />
          </>
        }
      />
    </>
  );
}
