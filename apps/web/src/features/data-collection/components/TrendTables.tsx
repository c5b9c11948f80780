import type { SpecOut, SpecOutSource, TraceDataRow } from '@eqms/contract';
import { Segmented, Tag, theme } from 'antd';
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

type SourceChoice = 'ALL' | SpecOutSource;
const SOURCE_CHOICES: SourceChoice[] = ['ALL', 'PARAMETER', 'INSPECTION'];
const BROKEN_COLOR: Record<SpecOut['limitBroken'], string> = { UPPER: 'red', LOWER: 'volcano', NG: 'magenta' };

/** Where a spec-out row was measured: the tool and parameter, or the inspected material / product and its item. */
const whereOf = (r: SpecOut) =>
  r.source === 'PARAMETER' ? `${r.toolName} (${r.toolCode})` : `${r.subjectName} (${r.subjectCode})`;
const whatOf = (r: SpecOut, sample: string) =>
  r.source === 'PARAMETER'
    ? `${r.parameterName} (${r.parameterCode})`
    : `${r.itemName}${r.sampleNo && r.sampleNo > 0 ? ` · ${sample} ${r.sampleNo}` : ''}`;

/**
 * The period's out-of-limit values, newest first, paged on the server: the chosen parameters' collected values and
 * every inspection sample outside its item's spec (material and product quality results), filterable by source.
 */
export function SpecOutTable({ scope }: { scope: Scope | null }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const { token } = theme.useToken();
  const menuLabel = useMenuLabel('trend');
  const [source, setSource] = useState<SourceChoice>('ALL');
  const scoped = scope ? { ...scope, ...(source === 'ALL' ? {} : { source }) } : null;
  const paging = usePaging(scoped);
  const list = useSpecOuts(scoped ? { ...scoped, page: paging.page, size: paging.size } : null);
  const rows = (list.data?.data ?? []).map((r, i) => ({
    ...r,
    key: `${r.source}-${r.parameterId ?? r.resultId}-${r.ts}-${i}`,
  }));
  const columns: DataColumn<SpecOut & { key: string }>[] = [
    {
      key: 'ts',
      title: t('fields.ts'),
      width: 170,
      render: (r) => tsText(r.ts),
      sorter: (a, b) => a.ts.localeCompare(b.ts),
    },
    {
      key: 'source',
      title: t('fields.source'),
      width: 110,
      render: (r) => (
        <Tag
          color={r.source === 'PARAMETER' ? 'geekblue' : 'purple'}
          data-testid="spec-out-source"
          data-source={r.source}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`source.${r.source}`)}
        </Tag>
      ),
      exportValue: (r) => t(`source.${r.source}`),
      sorter: true,
    },
    { key: 'tool', title: t('fields.where'), width: 180, render: whereOf, sorter: true },
    {
      key: 'parameter',
      title: t('fields.what'),
      width: 180,
      render: (r) => whatOf(r, t('fields.sample')),
      exportValue: (r) => whatOf(r, t('fields.sample')),
      sorter: true,
    },
    {
      key: 'subjectNo',
      title: t('fields.subjectNo'),
      width: 150,
      render: (r) => r.subjectNo ?? (r.stage ? t(`stage.${r.stage}`) : ''),
    },
    {
      key: 'value',
      title: t('fields.value'),
      width: 110,
      render: (r) => (
        <span data-testid="spec-out-value" style={{ color: token.colorErrorText, fontWeight: 600 }}>
          {r.value === null ? t('limitBroken.NG') : fmt(r.value)}
        </span>
      ),
      exportValue: (r) => r.value ?? t('limitBroken.NG'),
      sorter: (a, b) => (a.value ?? Number.NEGATIVE_INFINITY) - (b.value ?? Number.NEGATIVE_INFINITY),
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
        <Tag color={BROKEN_COLOR[r.limitBroken]} style={{ marginInlineEnd: 0 }}>
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
      toolbar={
        <Segmented<SourceChoice>
          data-testid="spec-out-source-filter"
          size="small"
          value={source}
          onChange={setSource}
          options={SOURCE_CHOICES.map((c) => ({
            value: c,
            label: <span data-testid={`spec-out-source-${c}`}>{t(`source.${c}`)}</span>,
          }))}
        />
      }
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
