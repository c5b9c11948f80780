import type { SpecOut, TraceDataRow } from '@eqms/contract';
import { Tag, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { useMenuLabel } from '../../../components/PageContainer.tsx';
import { downloadDataHistory, type PeriodListArgs, useDataHistory, useSpecOuts } from '../data-collection.queries.ts';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';

const PAGE_SIZE = 50;
const NUM = { maximumFractionDigits: 5 } as const;
const fmt = (v: number | null) => (v === null ? '' : new Intl.NumberFormat('en-US', NUM).format(v));
const tsText = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

type Scope = Omit<PeriodListArgs, 'page' | 'size'>;

/** Paging of one list, back to page 1 whenever the parameters or the period change. */
function usePaging(scope: Scope | null) {
  const key = JSON.stringify(scope);
  const [state, setState] = useState({ key, page: 1, size: PAGE_SIZE });
  const current = state.key === key ? state : { key, page: 1, size: state.size };
  return {
    page: current.page,
    size: current.size,
    set: (page: number, size: number) => setState({ key, page, size }),
  };
}

/** The period's out-of-limit values of the chosen parameters, newest first, paged on the server. */
export function SpecOutTable({ scope }: { scope: Scope | null }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const { token } = theme.useToken();
  const menuLabel = useMenuLabel('trend');
  const paging = usePaging(scope);
  const list = useSpecOuts(scope ? { ...scope, page: paging.page, size: paging.size } : null);
  const rows = (list.data?.data ?? []).map((r, i) => ({ ...r, key: `${r.parameterId}-${r.ts}-${i}` }));
  const columns: DataColumn<SpecOut & { key: string }>[] = [
    {
      key: 'ts',
      title: t('fields.ts'),
      width: 170,
      render: (r) => tsText(r.ts),
      sorter: (a, b) => a.ts.localeCompare(b.ts),
    },
    { key: 'tool', title: t('fields.tool'), width: 160, render: (r) => `${r.toolName} (${r.toolCode})`, sorter: true },
    {
      key: 'parameter',
      title: t('fields.parameter'),
      width: 180,
      render: (r) => `${r.parameterName} (${r.parameterCode})`,
      sorter: true,
    },
    {
      key: 'value',
      title: t('fields.value'),
      width: 110,
      render: (r) => (
        <span data-testid="spec-out-value" style={{ color: token.colorError, fontWeight: 600 }}>
          {fmt(r.value)}
        </span>
      ),
      exportValue: (r) => r.value,
      sorter: (a, b) => a.value - b.value,
    },
    { key: 'unit', title: t('fields.unit'), width: 70, dataIndex: 'unit' },
    {
      key: 'lowerLimit',
      title: t('fields.lowerLimit'),
      width: 100,
      render: (r) => fmt(r.lowerLimit),
      exportValue: (r) => r.lowerLimit,
    },
    {
      key: 'upperLimit',
      title: t('fields.upperLimit'),
      width: 100,
      render: (r) => fmt(r.upperLimit),
      exportValue: (r) => r.upperLimit,
    },
    {
      key: 'limitBroken',
      title: t('fields.limitBroken'),
      width: 100,
      render: (r) => (
        <Tag color={r.limitBroken === 'UPPER' ? 'red' : 'volcano'} style={{ marginInlineEnd: 0 }}>
          {t(`limitBroken.${r.limitBroken}`)}
        </Tag>
      ),
      exportValue: (r) => t(`limitBroken.${r.limitBroken}`),
      sorter: true,
    },
  ];
  return (
    <DataTable
      testId="spec-out-table"
      urlKey="so"
      rowKey="key"
      columns={columns}
      data={scope ? rows : []}
      loading={list.isFetching}
      exportName={`${menuLabel}-${t('tabs.specOut')}`}
      height={420}
      pagination={{ page: paging.page, size: paging.size, total: list.data?.total ?? 0, onChange: paging.set }}
    />
  );
}

/** The period's raw rows of the chosen parameters (by parameter, then time), paged; Excel is the server's workbook. */
export function RawDataTable({ scope }: { scope: Scope | null }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const menuLabel = useMenuLabel('trend');
  const paging = usePaging(scope);
  const list = useDataHistory(scope ? { ...scope, page: paging.page, size: paging.size } : null);
  const rows = (list.data?.data ?? []).map((r) => ({ ...r, key: `${r.parameterId}-${r.ts}` }));
  const columns: DataColumn<TraceDataRow & { key: string }>[] = [
    {
      key: 'ts',
      title: t('fields.ts'),
      width: 170,
      render: (r) => tsText(r.ts),
      sorter: (a, b) => a.ts.localeCompare(b.ts),
    },
    { key: 'tool', title: t('fields.tool'), width: 160, render: (r) => `${r.toolName} (${r.toolCode})`, sorter: true },
    {
      key: 'parameter',
      title: t('fields.parameter'),
      width: 180,
      render: (r) => `${r.parameterName} (${r.parameterCode})`,
      sorter: true,
    },
    {
      key: 'value',
      title: t('fields.value'),
      width: 120,
      render: (r) => fmt(r.value),
      exportValue: (r) => r.value,
      sorter: (a, b) => a.value - b.value,
    },
    { key: 'unit', title: t('fields.unit'), width: 70, dataIndex: 'unit' },
  ];
  return (
    <DataTable
      testId="raw-data-table"
      urlKey="raw"
      rowKey="key"
      columns={columns}
      data={scope ? rows : []}
      loading={list.isFetching}
      height={420}
      onExport={scope ? () => downloadDataHistory(scope, `${menuLabel}-${t('tabs.raw')}.xlsx`) : undefined}
      pagination={{ page: paging.page, size: paging.size, total: list.data?.total ?? 0, onChange: paging.set }}
    />
  );
}
