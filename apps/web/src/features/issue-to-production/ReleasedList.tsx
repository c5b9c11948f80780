import { RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { PLAN_MAX_DAYS } from '@eqms/contract';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../app/codes.ts';
import { useCan } from '../../app/permissions.ts';
import { type DataColumn, DataTable } from '../../components/DataTable.tsx';
import { DateRangeField } from '../../components/inputs/DateRangeField.tsx';
import { useMenuLabel } from '../../components/PageContainer.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen, ReleasedListArgs } from './issue-screen.ts';

/** What a released row (a package or a lot at a plan's line) has in both screens. */
export type ReleasedRow = {
  id: number;
  qty: number;
  releasedQty: number;
  restockedQty: number;
  consumedQty: number;
  unit: string;
  planStartDt: string | null;
  planEndDt: string | null;
  lineName: string;
  expiryDate: string | null;
  updatedAt: string;
};

/** The page's part of the list's props (period, search and paging live in the URL). */
export type ReleasedListPageProps = {
  /** Null while the period cannot be asked (its error shows above). */
  args: ReleasedListArgs | null;
  period: string;
  onPeriod: (text: string | undefined) => void;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
};

/** A released row's dialog (restock, movements): open while row is set. */
export type RowDialog<R> = ComponentType<{ row: R | null; onClose: () => void }>;

/**
 * The released rows of the plans meeting a period: one page at a time, searched, exported whole. The item kind gives
 * its columns (what was released, the plan's product, where it came from), its queries and dialogs, the row's ID for
 * the test ids, and whether a row may still be restocked beyond having stock at the line.
 */
export function ReleasedList<R extends ReleasedRow>({
  screen,
  args,
  period,
  onPeriod,
  q,
  onSearch,
  page,
  size,
  onPage,
  useRows,
  download,
  historyTable,
  itemColumns,
  planColumns,
  sourceColumns = [],
  idOf,
  restockable = () => true,
  RestockDialog,
  HistoryDialog,
}: ReleasedListPageProps & {
  screen: IssueScreen;
  useRows: (
    args: ReleasedListArgs | null,
    page: number,
    size: number,
  ) => { data?: { data: R[]; total: number }; isFetching: boolean };
  download: (args: ReleasedListArgs, fileName: string) => Promise<unknown>;
  historyTable: string;
  /** The released item: its ID, code and name (first columns). */
  itemColumns: DataColumn<R>[];
  /** The plan's product (after the unit). */
  planColumns: DataColumn<R>[];
  /** Where the item came from (after the line); none for material. */
  sourceColumns?: DataColumn<R>[];
  /** The row's package ID or LOT ID, in the row actions' test ids. */
  idOf: (r: R) => string;
  restockable?: (r: R) => boolean;
  RestockDialog: RowDialog<R>;
  HistoryDialog: RowDialog<R>;
}) {
  const { t } = useTranslation([screen.ns, 'common']);
  const p = screen.testPrefix;
  const menuLabel = useMenuLabel(screen.menuName);
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan(screen.menuName, 'create');
  const rows = useRows(args, page, size);
  const [restocking, setRestocking] = useState<R | null>(null);
  const [historyOf, setHistoryOf] = useState<R | null>(null);

  const num = (key: 'qty' | 'releasedQty' | 'restockedQty' | 'consumedQty', title: string): DataColumn<R> => ({
    key,
    title,
    width: 100,
    render: (r) => (key === 'qty' ? <Typography.Text strong>{fmtQty(r[key])}</Typography.Text> : fmtQty(r[key])),
    exportValue: (r) => r[key],
    sorter: (a, b) => a[key] - b[key],
  });
  const columns: DataColumn<R>[] = [
    ...itemColumns,
    num('qty', t('fields.atLine')),
    num('releasedQty', t('fields.releasedQty')),
    num('restockedQty', t('fields.restockedQty')),
    num('consumedQty', t('fields.consumedQty')),
    { key: 'unit', title: t('fields.unit'), width: 70, render: (r) => unitLabel(r.unit), exportValue: (r) => r.unit },
    ...planColumns,
    {
      key: 'planPeriod',
      title: t('fields.planPeriod'),
      width: 190,
      render: (r) => `${r.planStartDt} ~ ${r.planEndDt}`,
    },
    { key: 'lineName', title: t('fields.line'), dataIndex: 'lineName', width: 120 },
    ...sourceColumns,
    { key: 'expiryDate', title: t('fields.expiryDate'), dataIndex: 'expiryDate', width: 110 },
    {
      key: 'updatedAt',
      title: t('fields.updatedAt'),
      width: 140,
      render: (r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (r) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {canCreate && r.qty > 0 && restockable(r) && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`${p}-list-restock-${idOf(r)}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`${p}-list-history-${idOf(r)}`}
            onClick={() => setHistoryOf(r)}
          />
        </span>
      ),
    },
  ];

  const exportAll = async () => {
    if (args) await download(args, `${menuLabel}.xlsx`);
  };

  return (
    <>
      <DataTable<R>
        testId={`${p}-list-table`}
        urlKey="l"
        rowKey="id"
        historyTable={historyTable}
        columns={columns}
        data={rows.data?.data}
        loading={rows.isFetching}
        exportName={menuLabel}
        onExport={args ? exportAll : undefined}
        pagination={{ page, size, total: rows.data?.total ?? 0, onChange: onPage }}
        toolbar={
          <>
            <Typography.Text type="secondary">{t('filters.planPeriod')}</Typography.Text>
            <DateRangeField
              testId={`${p}-list-period`}
              value={period}
              onChange={(text) => onPeriod(text ?? undefined)}
              maxDays={PLAN_MAX_DAYS}
              allowClear={false}
              style={{ width: 250 }}
            />
            <SearchBox
              testId={`${p}-list-search`}
              placeholder={t('filters.search')}
              value={q}
              onSearch={onSearch}
              style={{ width: 240 }}
            />
          </>
        }
      />
      <RestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <HistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
