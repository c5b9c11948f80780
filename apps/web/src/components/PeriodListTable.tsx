import { Space } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { type SetUrlState, type UrlValues, useUrlState } from '../app/url-state.ts';
// The period filter still lives with the warehouse lists that had it first; every period list shares it from there.
import { PeriodError, PeriodField, periodOf } from './inputs/PeriodField.tsx';
import { lastDays } from '../features/material-stock/stock-rules.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { formatDateRange } from './inputs/DateRangeField.tsx';
import { useMenuLabel } from './PageContainer.tsx';

const PAGE_SIZE = 50;

export type PeriodListState = { period: string; page: number; size: number };

/** A period list's view: its URL state, the parsed period and the setters its toolbar uses. */
export type PeriodList<S extends PeriodListState> = {
  s: S;
  set: SetUrlState<S>;
  /** Changes filters and goes back to the first page (the old page may not exist under the new filter). */
  filter: (patch: Partial<S>) => void;
  period: ReturnType<typeof periodOf>;
  defaults: S;
};

/**
 * The URL state of a list of a period: the last `days` days by default (at most `maxDays`), the page filters (all
 * empty by default; `numbers` names the ids among them) and server paging of 50 rows.
 */
export function usePeriodList<F extends UrlValues>(
  days: number,
  filters: F,
  options: { numbers?: (keyof F & string)[]; maxDays?: number } = {},
): PeriodList<F & PeriodListState> {
  type S = F & PeriodListState;
  // The default period is the one of the first render: it must not move while the screen is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const defaults = useMemo<S>(
    () => ({ period: formatDateRange(...lastDays(days)), ...filters, page: 1, size: PAGE_SIZE }) as S,
    [],
  );
  const [s, set] = useUrlState<S>(defaults, { numbers: options.numbers });
  const period = periodOf(s.period, options.maxDays);
  const filter = (patch: Partial<S>) => set({ ...patch, page: 1 } as Partial<S>);
  return { s, set, filter, period, defaults };
}

export type PeriodListTableProps<T, S extends PeriodListState, A> = Omit<
  DataTableProps<T>,
  'testId' | 'data' | 'loading' | 'pagination' | 'toolbar' | 'exportName' | 'onExport'
> & {
  /** Prefix of the test ids: `<testId>-table`, `<testId>-period`, `<testId>-period-error`. */
  testId: string;
  /** The menu of the screen: its label names the Excel file. */
  menuName: string;
  view: PeriodList<S>;
  /** The page's server query of the list: its rows unless `data` is given, its total and whether it is loading. */
  list: { data?: { data: unknown[]; total?: number }; isFetching: boolean };
  /** The rows when the page derives them from the list's (e.g. with a key of its own). */
  data?: T[];
  /** The list's query, null while the period cannot be asked (then there is nothing to export). */
  args?: A | null;
  /** The server's Excel of the whole filter; without it the table exports what it shows. */
  onExport?: (args: A, fileName: string) => Promise<void>;
  /** The filters after the period in the toolbar. */
  filters?: ReactNode;
  /** Lays the toolbar out in a wrapping row (for a toolbar too wide for one line). */
  wrapToolbar?: boolean;
};

/** A server-paged list of a period: the period's error above, the period and the page's filters in the toolbar. */
export function PeriodListTable<T, S extends PeriodListState, A>({
  testId,
  menuName,
  view,
  list,
  data,
  args,
  onExport,
  filters,
  wrapToolbar,
  ...table
}: PeriodListTableProps<T, S, A>) {
  const menuLabel = useMenuLabel(menuName);
  const { s, set, filter, period, defaults } = view;
  const toolbarItems = (
    <>
      <PeriodField
        testId={`${testId}-period`}
        value={s.period}
        onChange={(p) => filter({ period: p ?? defaults.period } as Partial<S>)}
      />
      {filters}
    </>
  );
  return (
    <>
      <PeriodError error={period.error} testId={`${testId}-period-error`} />
      <DataTable<T>
        {...table}
        testId={`${testId}-table`}
        data={data ?? (list.data?.data as T[] | undefined)}
        loading={list.isFetching}
        exportName={menuLabel}
        onExport={onExport && args ? () => onExport(args, `${menuLabel}.xlsx`) : undefined}
        pagination={{
          page: s.page,
          size: s.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => set({ page, size } as Partial<S>),
        }}
        toolbar={
          wrapToolbar ? (
            <Space wrap size={8}>
              {toolbarItems}
            </Space>
          ) : (
            toolbarItems
          )
        }
      />
    </>
  );
}
