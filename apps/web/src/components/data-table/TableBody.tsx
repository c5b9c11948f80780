import { Empty, Table } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLUMN_WIDTH } from './columns.ts';
import { HISTORY_COLUMN_WIDTH } from './history.tsx';
import { headerComponents } from './ResizableHeaderCell.tsx';
import { sortParam } from './url-state.ts';

// The rows themselves: antd's Table with server paging, or, for a long client list, virtual scrolling.

/** Client lists longer than this render virtually. */
const VIRTUAL_FROM = 100;
const DEFAULT_VIRTUAL_HEIGHT = 560;
const SELECTION_COLUMN_WIDTH = 48;

export type Pagination = {
  page: number;
  size: number;
  total: number;
  onChange: (page: number, size: number) => void;
};

export function TableBody<T>({
  rowKey,
  columns,
  rows,
  columnWidths,
  loading,
  pagination,
  height,
  selection,
  hasHistory,
  onSort,
  onRowClick,
  activeRowKey,
}: {
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  rows: T[];
  /** Widths of the shown page columns (undefined: the default), for the table's least width. */
  columnWidths: (number | undefined)[];
  loading: boolean | undefined;
  pagination: Pagination | undefined;
  height: number | undefined;
  /** Absent: rows cannot be selected. */
  selection: { keys: Key[]; onChange: (keys: Key[]) => void } | null;
  hasHistory: boolean;
  /** The URL text of the new sort (empty: unsorted). */
  onSort: (sort: string) => void;
  onRowClick: ((row: T) => void) | undefined;
  activeRowKey: Key | null | undefined;
}) {
  const { t } = useTranslation(['common', 'kit']);
  const virtual = !pagination && rows.length > VIRTUAL_FROM;
  const scrollY = height ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  // The table is at least as wide as its columns ask (text wraps inside them) and fills a wider container;
  // a narrower one scrolls sideways.
  const scrollX = columnWidths.reduce<number>(
    (sum, w) => sum + (w ?? DEFAULT_COLUMN_WIDTH),
    (selection ? SELECTION_COLUMN_WIDTH : 0) + (hasHistory ? HISTORY_COLUMN_WIDTH : 0),
  );
  return (
    <Table<T>
      rowKey={rowKey as string}
      size="middle"
      components={headerComponents}
      columns={columns}
      dataSource={rows}
      loading={loading}
      virtual={virtual}
      scroll={{ x: scrollX, y: scrollY }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:messages.noData')} /> }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.keys,
              onChange: (keys) => selection.onChange(keys),
              columnWidth: SELECTION_COLUMN_WIDTH,
            }
          : undefined
      }
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
        onSort(sortParam(s?.order, s?.columnKey));
      }}
      onRow={(row) => ({
        onClick: onRowClick ? () => onRowClick(row) : undefined,
        style: onRowClick ? { cursor: 'pointer' } : undefined,
      })}
      rowClassName={(row) => (activeRowKey != null && row[rowKey] === activeRowKey ? 'ant-table-row-selected' : '')}
      pagination={
        pagination
          ? {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              onChange: (page, size) => pagination.onChange(size !== pagination.size ? 1 : page, size),
            }
          : false
      }
    />
  );
}
