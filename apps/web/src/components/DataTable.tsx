import { menuForPath } from '@eqms/contract';
import { type Key, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { registerLocales } from '../i18n/index.ts';
import { useAntColumns } from './data-table/ant-columns.tsx';
import { screenKey, useColumnLayout } from './data-table/column-prefs.ts';
import { columnSignature, type DataColumn } from './data-table/columns.ts';
import { useTableExport } from './data-table/export.ts';
import { RowHistoryDialog, useRowHistory } from './data-table/history.tsx';
import { useTableRows } from './data-table/rows.ts';
import { useSelection } from './data-table/selection.ts';
import { type Pagination, TableBody } from './data-table/TableBody.tsx';
import { Toolbar } from './data-table/Toolbar.tsx';
import { useTableUrlState } from './data-table/url-state.ts';
import en from './locales/kit.en.json';
import kr from './locales/kit.kr.json';

export type { ColumnPref } from './data-table/column-prefs.ts';
export { type DataColumn, nodeText } from './data-table/columns.ts';

// The shared list kit (ARCHITECTURE §7): every list screen uses this table for sorting, column filters and the quick
// filter (SPEC §2 table filter syntax), selection with bulk delete, Excel export, server paging, virtual scrolling,
// remembered column visibility and widths, saved searches and each row's change history. Its view state (sort,
// filters) lives in the URL so a link reproduces it. The parts are in ./data-table/; this file puts them together.
registerLocales('kit', { kr, en });

export type DataTableProps<T> = {
  rowKey: keyof T & string;
  columns: DataColumn<T>[];
  data: T[] | undefined;
  loading?: boolean;
  selectable?: boolean;
  onDeleteSelected?: (rows: T[]) => Promise<unknown>;
  toolbar?: ReactNode;
  exportName?: string;
  /** Replaces the client export (e.g. a server export of a server-paged list). */
  onExport?: () => Promise<void>;
  /** A server-paged list without a server export: every row of its filter, exported with the columns shown. */
  exportAll?: () => Promise<T[]>;
  onRowClick?: (row: T) => void;
  pagination?: Pagination;
  height?: number;
  testId?: string;
  /** The row shown as current (e.g. the one open in a side panel). */
  activeRowKey?: Key | null;
  /** The change-history table of the rows: adds a history button to every row. */
  historyTable?: string;
  /** Key of the remembered column settings; default `<menu name of the route>.<testId>`. */
  prefsKey?: string;
  /** Menu name whose saved searches the toolbar offers. */
  savedSearchMenu?: string;
  /** Prefix of this table's URL params when a page has two tables. */
  urlKey?: string;
};

export function DataTable<T>(props: DataTableProps<T>) {
  const { rowKey, columns, data, loading, selectable, onDeleteSelected, toolbar, exportName, onRowClick, pagination } =
    props;
  const { t, i18n } = useTranslation(['common', 'kit']);
  const location = useLocation();
  const testId = props.testId ?? 'data-table';

  // Render functions are read from the latest props; the memoized work depends only on what changes the texts:
  // the data, the set of columns and the language.
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const columnSig = columnSignature(columns, i18n.language);

  const { sort, setUrl, query, setQuery, urlQuery, colFilterSig } = useTableUrlState(columnSig, props.urlKey);
  const rows = useTableRows({ data, columnsRef, columnSig, urlQuery, colFilterSig, sort });

  const screen = screenKey(props.prefsKey ?? `${menuForPath(location.pathname)?.name ?? 'app'}.${testId}`);
  const { hasPrefs, isHidden, updatePref, resetPrefs, shown, widthOf, setLiveWidth } = useColumnLayout(columns, screen);
  const { selected, setSelectedKeys, deleteSelected } = useSelection(data, rowKey, onDeleteSelected);
  const history = useRowHistory(columnsRef, rowKey);
  const { exporting, exportExcel } = useTableExport({
    onExport: props.onExport,
    exportAll: props.exportAll,
    exportName,
    shown,
    widthOf,
    rows,
  });

  const pageOnlyHelp = pagination ? ` ${t('kit:pageOnly')}` : '';
  const filterHelp = `${t('kit:filterHelp')}${pageOnlyHelp}`;

  const antColumns = useAntColumns({
    shown,
    widthOf,
    columnsRef,
    colFilterSig,
    sort,
    setUrl,
    filterHelp,
    testId,
    rowKey,
    updatePref,
    setLiveWidth,
    historyTable: props.historyTable,
    openHistory: history.open,
  });

  const total = pagination ? pagination.total : (data?.length ?? 0);
  const isFiltered = rows.length !== (data?.length ?? 0);
  const countText =
    selected.length > 0
      ? t('kit:selected', { count: selected.length })
      : isFiltered && !pagination
        ? t('kit:countFiltered', { count: rows.length, total })
        : t('kit:count', { count: total });

  return (
    <div data-testid={testId} className="data-table">
      <Toolbar<T>
        testId={testId}
        pageToolbar={toolbar}
        query={query}
        onQuery={setQuery}
        filterHelp={filterHelp}
        savedSearchMenu={props.savedSearchMenu}
        countText={countText}
        columnsMenu={{
          columns,
          isHidden,
          shownCount: shown.length,
          onToggle: (key, hidden) => updatePref(key, { hidden }),
          canReset: hasPrefs,
          onReset: resetPrefs,
        }}
        exportButton={
          exportName || props.onExport
            ? {
                loading: exporting,
                disabled: !props.onExport && !props.exportAll && rows.length === 0,
                onClick: exportExcel,
              }
            : null
        }
        deleteButton={
          selectable && onDeleteSelected ? { disabled: selected.length === 0, onClick: deleteSelected } : null
        }
      />
      <TableBody<T>
        rowKey={rowKey}
        columns={antColumns}
        rows={rows}
        columnWidths={shown.map((c) => widthOf(c) ?? c.minWidth)}
        loading={loading}
        pagination={pagination}
        height={props.height}
        selection={selectable ? { keys: selected, onChange: setSelectedKeys } : null}
        hasHistory={!!props.historyTable}
        onSort={(sort) => setUrl({ sort }, { push: true })}
        onRowClick={onRowClick}
        activeRowKey={props.activeRowKey}
      />
      {props.historyTable && history.used && (
        <RowHistoryDialog table={props.historyTable} row={history.row} onClose={history.close} />
      )}
    </div>
  );
}
