import { FilterFilled } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table/interface';
import { type RefObject, type ThHTMLAttributes, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetUrlState } from '../../app/url-state.ts';
import type { ColumnPref } from './column-prefs.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { cellText, type DataColumn, isDataColumn, isFilterable, nodeText } from './columns.ts';
import { historyColumn } from './history.tsx';
import type { ResizeProps } from './ResizableHeaderCell.tsx';
import type { SortState } from './url-state.ts';

// The page's columns as antd columns: the sort state, the column filter dropdown, the resize handle of the header
// and the history button. The table sorts and filters itself (once per change); antd only shows the state.

export function useAntColumns<T>({
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
  historyTable,
  openHistory,
}: {
  shown: DataColumn<T>[];
  widthOf: (c: DataColumn<T>) => number | undefined;
  /** The latest column definitions: cells render through them. */
  columnsRef: RefObject<DataColumn<T>[]>;
  colFilterSig: string;
  sort: SortState;
  setUrl: SetUrlState<Record<string, string>>;
  filterHelp: string;
  testId: string;
  rowKey: keyof T & string;
  updatePref: (key: string, patch: Partial<ColumnPref>) => void;
  setLiveWidth: (live: { key: string; width: number } | null) => void;
  historyTable: string | undefined;
  openHistory: (row: T) => void;
}): ColumnsType<T> {
  const { t, i18n } = useTranslation(['common', 'kit']);
  // Rebuilt only when what the header shows changes; cells render through the latest column definitions.
  const updatePrefRef = useRef(updatePref);
  updatePrefRef.current = updatePref;
  const shownSig = JSON.stringify(
    shown.map((c) => [c.key, nodeText(c.title), widthOf(c) ?? null, c.fixed ?? null, !!c.sorter, !!c.render]),
  );
  const sortKey = sort?.key;
  const sortOrder = sort?.order;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are read from the ref; shownSig stands for them
  return useMemo(() => {
    const filterValues = new Map(JSON.parse(colFilterSig) as [string, string][]);
    const renderOf = (key: string) => columnsRef.current.find((x) => x.key === key)?.render;
    const out: ColumnsType<T> = (JSON.parse(shownSig) as [string, string, number | null][]).map(
      ([key, titleText, w]) => {
        const c = columnsRef.current.find((x) => x.key === key) as DataColumn<T>;
        const filterable = isFilterable(c);
        const value = filterValues.get(key) ?? '';
        const width = w ?? undefined;
        // A data cell stays on one line inside its column and ends in an ellipsis, the whole text on hover (the
        // native title: cheap on long lists), so no cell runs under a fixed column such as the row actions.
        const onCell = isDataColumn(c)
          ? (row: T) => {
              const col = columnsRef.current.find((x) => x.key === key) ?? c;
              return { className: 'eqms-cell-ellipsis', title: cellText(col, row) || undefined };
            }
          : undefined;
        return {
          onCell,
          key,
          title: c.title,
          dataIndex: c.dataIndex,
          width,
          ellipsis: false,
          render: c.render ? (_: unknown, row: T) => renderOf(key)?.(row) : undefined,
          sorter: !!c.sorter,
          sortOrder: sortKey === key ? (sortOrder ?? null) : null,
          fixed: c.fixed,
          ...(filterable
            ? {
                filteredValue: value ? [value] : null,
                filtered: !!value,
                filterIcon: (active: boolean) => (
                  <FilterFilled
                    data-testid={`${testId}-filter-icon-${key}`}
                    style={active ? { color: '#1677ff' } : {}}
                  />
                ),
                filterDropdown: ({ close, visible }: { close: () => void; visible: boolean }) => (
                  <ColumnFilter
                    value={value}
                    visible={visible}
                    onChange={(text) => setUrl({ [`filter.${key}`]: text })}
                    close={close}
                    label={t('kit:columnFilter', { column: titleText || key })}
                    help={filterHelp}
                    testId={`${testId}-column-filter-${key}`}
                  />
                ),
              }
            : {}),
          // The resize handle's props reach the header cell (ResizableHeaderCell) through antd.
          onHeaderCell: () =>
            ({
              resizeWidth: width,
              resizeLabel: t('kit:resize'),
              onResizeLive: (next: number) => setLiveWidth({ key, width: next }),
              onResizeEnd: (next: number) => {
                setLiveWidth(null);
                updatePrefRef.current(key, { width: next });
              },
            }) satisfies ResizeProps as ThHTMLAttributes<HTMLTableCellElement>,
        };
      },
    );
    if (historyTable) out.push(historyColumn({ label: t('kit:history'), testId, rowKey, open: openHistory }));
    return out;
  }, [
    shownSig,
    colFilterSig,
    sortKey,
    sortOrder,
    filterHelp,
    testId,
    historyTable,
    rowKey,
    setUrl,
    t,
    i18n.language,
    columnsRef,
    setLiveWidth,
    openHistory,
  ]);
}
