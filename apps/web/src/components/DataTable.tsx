import { compileQuickFilter } from '@eqms/contract';
import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { isValidElement, type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/store.ts';
import { registerLocales } from '../i18n/index.ts';
import { type ExportColumn, exportRows } from './exportRows.ts';

// The shared list kit (ARCHITECTURE §7): every list screen uses this table for sorting, the quick filter
// (SPEC §2 table filter syntax), selection with bulk delete, Excel export, server paging and virtual scrolling.
registerLocales('kit', {
  kr: {
    filter: '목록 내 검색',
    filterHelp: '검색어 사이의 | 는 또는, & 는 그리고입니다. 따옴표로 감싼 글자("Ab")는 대소문자를 구분합니다.',
    count: '{{count}}건',
    selected: '{{count}}건 선택',
  },
  en: {
    filter: 'Filter rows',
    filterHelp: 'Between words, | means or and & means and. Quoted text ("Ab") matches case.',
    count: '{{count}} rows',
    selected: '{{count}} selected',
  },
});

export type DataColumn<T> = {
  key: string;
  title: ReactNode;
  dataIndex?: keyof T & string;
  render?: (row: T) => ReactNode;
  width?: number;
  sorter?: boolean | ((a: T, b: T) => number);
  exportValue?: (row: T) => string | number | null;
  /** Keeps the column in view while the table scrolls sideways (e.g. row actions on the right). */
  fixed?: 'left' | 'right';
};

export type DataTableProps<T> = {
  rowKey: keyof T & string;
  columns: DataColumn<T>[];
  data: T[] | undefined;
  loading?: boolean;
  selectable?: boolean;
  onDeleteSelected?: (rows: T[]) => Promise<unknown>;
  toolbar?: ReactNode;
  exportName?: string;
  onRowClick?: (row: T) => void;
  pagination?: { page: number; size: number; total: number; onChange: (page: number, size: number) => void };
  height?: number;
  testId?: string;
  /** The row shown as current (e.g. the one open in a side panel). */
  activeRowKey?: Key | null;
};

/** Client lists longer than this render virtually. */
const VIRTUAL_FROM = 100;
const DEFAULT_VIRTUAL_HEIGHT = 560;
const DEFAULT_COLUMN_WIDTH = 140;

/** The visible text of a rendered cell, for filtering, sorting and export. */
export function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).filter(Boolean).join(' ');
  if (isValidElement<{ children?: ReactNode; title?: ReactNode }>(node)) {
    return nodeText(node.props.children ?? (typeof node.props.title === 'string' ? node.props.title : null));
  }
  return '';
}

function rawValue<T>(col: DataColumn<T>, row: T): unknown {
  if (col.exportValue) return col.exportValue(row);
  if (col.dataIndex) return row[col.dataIndex];
  if (col.render) return nodeText(col.render(row));
  return null;
}

function cellText<T>(col: DataColumn<T>, row: T): string {
  const v = col.dataIndex && col.render && !col.exportValue ? nodeText(col.render(row)) : rawValue(col, row);
  return v === null || v === undefined ? '' : String(v);
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function sorterOf<T>(col: DataColumn<T>): ((a: T, b: T) => number) | undefined {
  if (typeof col.sorter === 'function') return col.sorter;
  if (col.sorter) return (a, b) => compareValues(rawValue(col, a), rawValue(col, b));
  return undefined;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { rowKey, columns, data, loading, selectable, onDeleteSelected, toolbar, exportName, onRowClick, pagination } =
    props;
  const { t } = useTranslation(['common', 'kit']);
  const [query, setQuery] = useState('');
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [sort, setSort] = useState<{ key: string; order: 'ascend' | 'descend' } | null>(null);
  const [exporting, setExporting] = useState(false);
  const testId = props.testId ?? 'data-table';

  const rows = useMemo(() => {
    const all = data ?? [];
    const match = compileQuickFilter(query);
    if (!match) return all;
    return all.filter((row) => match(columns.map((c) => cellText(c, row)).join('\u0001')));
  }, [data, query, columns]);

  // Keys of rows that left the data (deleted, next page) are no longer selected.
  const liveKeys = useMemo(() => new Set((data ?? []).map((r) => r[rowKey] as Key)), [data, rowKey]);
  const selected = selectedKeys.filter((k) => liveKeys.has(k));
  const selectedRows = (data ?? []).filter((r) => selected.includes(r[rowKey] as Key));

  const antColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    dataIndex: c.dataIndex,
    width: c.width,
    ellipsis: false,
    render: c.render ? (_: unknown, row: T) => c.render?.(row) : undefined,
    sorter: sorterOf(c),
    sortOrder: sort?.key === c.key ? sort.order : null,
    fixed: c.fixed,
  }));

  const virtual = !pagination && rows.length > VIRTUAL_FROM;
  const scrollY = props.height ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  // The table is at least as wide as its columns ask (text wraps inside them) and fills a wider container;
  // a narrower one scrolls sideways.
  const scrollX = columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_COLUMN_WIDTH), selectable ? 48 : 0);

  const deleteSelected = async () => {
    if (!onDeleteSelected || selectedRows.length === 0) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('common:confirm.deleteCount', { count: selectedRows.length }),
      danger: true,
    });
    if (!ok) return;
    try {
      await onDeleteSelected(selectedRows);
      setSelectedKeys([]);
    } catch {
      // The API client has already told the user (snackbar, related-data dialog).
    }
  };

  const exportExcel = async () => {
    if (!exportName) return;
    setExporting(true);
    try {
      const col = sort && columns.find((c) => c.key === sort.key);
      const cmp = col ? sorterOf(col) : undefined;
      const ordered = cmp ? [...rows].sort((a, b) => (sort?.order === 'descend' ? -cmp(a, b) : cmp(a, b))) : rows;
      const exportColumns: ExportColumn<T>[] = columns
        .filter((c) => c.exportValue || c.dataIndex || c.render)
        .map((c) => ({
          title: nodeText(c.title) || c.key,
          width: c.width ? Math.round(c.width / 7) : undefined,
          value: (row: T) => {
            const v = c.exportValue
              ? c.exportValue(row)
              : c.dataIndex && !c.render
                ? row[c.dataIndex]
                : cellText(c, row);
            return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string'
              ? v
              : v == null
                ? null
                : String(v);
          },
        }));
      await exportRows(exportName, exportColumns, ordered);
    } finally {
      setExporting(false);
    }
  };

  const total = pagination ? pagination.total : rows.length;

  return (
    <div data-testid={testId} className="data-table">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {toolbar}
          <Tooltip title={t('kit:filterHelp')}>
            <Input
              data-testid={`${testId}-filter`}
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('kit:filter')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              style={{ width: 240, maxWidth: '100%' }}
              aria-label={t('kit:filter')}
            />
          </Tooltip>
        </Space>
        <Space wrap>
          <Typography.Text type="secondary" data-testid={`${testId}-count`}>
            {selected.length > 0 ? t('kit:selected', { count: selected.length }) : t('kit:count', { count: total })}
          </Typography.Text>
          {exportName && (
            <Button
              data-testid={`${testId}-export`}
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportExcel}
              disabled={rows.length === 0}
            >
              {t('common:actions.export')}
            </Button>
          )}
          {selectable && onDeleteSelected && (
            <Button
              data-testid={`${testId}-delete-selected`}
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={deleteSelected}
            >
              {t('common:actions.deleteSelected')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<T>
        rowKey={rowKey as string}
        size="middle"
        columns={antColumns}
        dataSource={rows}
        loading={loading}
        virtual={virtual}
        scroll={{ x: scrollX, y: scrollY }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:messages.noData')} /> }}
        rowSelection={
          selectable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelectedKeys(keys), columnWidth: 48 }
            : undefined
        }
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
          setSort(s?.order && s.columnKey ? { key: String(s.columnKey), order: s.order } : null);
        }}
        onRow={(row) => ({
          onClick: onRowClick ? () => onRowClick(row) : undefined,
          style: onRowClick ? { cursor: 'pointer' } : undefined,
        })}
        rowClassName={(row) =>
          props.activeRowKey != null && row[rowKey] === props.activeRowKey ? 'ant-table-row-selected' : ''
        }
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
    </div>
  );
}
