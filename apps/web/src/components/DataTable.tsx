import { compileQuickFilter, menuForPath, TABLE_COLUMN_WIDTH, type TableColumnPref } from '@eqms/contract';
import {
  DeleteOutlined,
  DownloadOutlined,
  FilterFilled,
  HistoryOutlined,
  InsertRowRightOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Flex, Input, type InputRef, Popover, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import {
  isValidElement,
  type Key,
  lazy,
  type ReactNode,
  Suspense,
  type ThHTMLAttributes,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { useUrlState } from '../app/url-state.ts';
import { registerLocales } from '../i18n/index.ts';
import { type ExportColumn, exportRows } from './exportRows.ts';
import { RowAction } from './RowAction.tsx';
import { SavedSearchMenu } from './SavedSearchMenu.tsx';

// The dialog is needed only when someone opens a row's history.
const HistoryDialog = lazy(() => import('./HistoryDialog.tsx').then((m) => ({ default: m.HistoryDialog })));

// The shared list kit (ARCHITECTURE §7): every list screen uses this table for sorting, column filters and the quick
// filter (SPEC §2 table filter syntax), selection with bulk delete, Excel export, server paging, virtual scrolling,
// remembered column visibility and widths, saved searches and each row's change history. Its view state (sort,
// filters) lives in the URL so a link reproduces it.
registerLocales('kit', {
  kr: {
    filter: '목록 내 검색',
    filterHelp: '검색어 사이의 | 는 또는, & 는 그리고입니다. 따옴표로 감싼 글자("Ab")는 대소문자를 구분합니다.',
    shortcut: '단축키: /',
    pageOnly: '현재 페이지에 불러온 행에만 적용됩니다.',
    columnFilter: '{{column}} 필터',
    count: '{{count}}건',
    countFiltered: '{{count}} / {{total}}건',
    selected: '{{count}}건 선택',
    columns: '열',
    columnsHelp: '표시할 열을 고르고, 머리글 오른쪽 끝을 끌어 너비를 바꿉니다.',
    resetColumns: '기본값으로',
    resize: '열 너비 조절',
    history: '변경 이력',
    savedSearches: '저장된 검색',
    saveSearch: '현재 검색 저장',
    noSavedSearches: '저장된 검색이 없습니다.',
    searchTitle: '제목',
    deleteSearch: '삭제',
    confirmDeleteSearch: '저장된 검색 "{{title}}"을(를) 삭제하시겠습니까?',
    searchSaved: '검색 조건을 저장했습니다.',
    searchBroken: '저장된 검색 조건을 읽을 수 없습니다.',
  },
  en: {
    filter: 'Filter rows',
    filterHelp: 'Between words, | means or and & means and. Quoted text ("Ab") matches case.',
    shortcut: 'Shortcut: /',
    pageOnly: 'Applies to the rows of the loaded page only.',
    columnFilter: 'Filter {{column}}',
    count: '{{count}} rows',
    countFiltered: '{{count}} of {{total}} rows',
    selected: '{{count}} selected',
    columns: 'Columns',
    columnsHelp: 'Choose the columns to show; drag the right edge of a header to change its width.',
    resetColumns: 'Reset',
    resize: 'Resize column',
    history: 'Change history',
    savedSearches: 'Saved searches',
    saveSearch: 'Save current search',
    noSavedSearches: 'No saved searches.',
    searchTitle: 'Title',
    deleteSearch: 'Delete',
    confirmDeleteSearch: 'Delete the saved search "{{title}}"?',
    searchSaved: 'The search was saved.',
    searchBroken: 'The saved search cannot be read.',
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
  /** A column filter on the cell text; on by default except for the row actions column (key 'actions'). */
  filter?: boolean;
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
  /** Replaces the client export (e.g. a server export of a server-paged list). */
  onExport?: () => Promise<void>;
  onRowClick?: (row: T) => void;
  pagination?: { page: number; size: number; total: number; onChange: (page: number, size: number) => void };
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

/** Client lists longer than this render virtually. */
const VIRTUAL_FROM = 100;
const DEFAULT_VIRTUAL_HEIGHT = 560;
const DEFAULT_COLUMN_WIDTH = 140;
const MIN_COLUMN_WIDTH = Math.max(48, TABLE_COLUMN_WIDTH.min);
const MAX_COLUMN_WIDTH = TABLE_COLUMN_WIDTH.max;
const HISTORY_COLUMN = '__history';
const FILTER_ICON_ROOM = 24;
/** Typing in a filter reaches the URL (and the filtering of a long list) after this pause. */
const FILTER_DELAY_MS = 200;
const PREFS_SAVE_DELAY_MS = 600;

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

const collator = new Intl.Collator(undefined, { numeric: true });

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

const isDataColumn = <T,>(c: DataColumn<T>) => c.key !== 'actions' && !!(c.dataIndex || c.render || c.exportValue);
const isFilterable = <T,>(c: DataColumn<T>) => c.filter ?? isDataColumn(c);

/** Rows in the column's order; keys are computed once per row (a rendered cell's text is not cheap). */
function sortRows<T>(rows: T[], col: DataColumn<T>, order: 'ascend' | 'descend'): T[] {
  const sign = order === 'descend' ? -1 : 1;
  if (typeof col.sorter === 'function') {
    const cmp = col.sorter;
    return [...rows].sort((a, b) => sign * cmp(a, b));
  }
  const keys = rows.map((row, i) => ({ row, i, v: rawValue(col, row) }));
  keys.sort((a, b) => sign * compareValues(a.v, b.v) || a.i - b.i);
  return keys.map((k) => k.row);
}

type SortState = { key: string; order: 'ascend' | 'descend' } | null;

/** `name` ascending, `-name` descending, in the URL. */
function parseSort(text: string): SortState {
  if (!text) return null;
  return text.startsWith('-') ? { key: text.slice(1), order: 'descend' } : { key: text, order: 'ascend' };
}

/**
 * Text typed into a filter: shown at once, handed on after a short pause (or at `flush`), and replaced when the value
 * changes from outside (a link, a saved search, the back button).
 */
function useDebouncedText(
  value: string,
  commit: (text: string) => void,
): [text: string, change: (text: string) => void, flush: () => void] {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const typed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      typed.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  // Leaving the screen drops what was not handed on yet: a late URL change would land on the next screen.
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (typed.current === sent.current) return;
    sent.current = typed.current;
    commitRef.current(typed.current);
  }, []);
  const change = useCallback(
    (next: string) => {
      setText(next);
      typed.current = next;
      clearTimeout(timer.current);
      // Clearing shows everything again at once.
      if (next === '') flush();
      else timer.current = setTimeout(flush, FILTER_DELAY_MS);
    },
    [flush],
  );
  return [text, change, flush];
}

// ---------------------------------------------------------------------------------------------------------------
// Column settings remembered per user and screen (GET/PUT/DELETE /api/settings/table/:screen).

export type ColumnPref = TableColumnPref;
/** Column keys the settings service stores (custom field columns are `ext.<field>`). */
const PREF_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** A screen key the server accepts ([A-Za-z0-9_.-]{1,100}). */
function screenKey(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100) || 'table';
}

function useColumnPrefs(screen: string) {
  const qc = useQueryClient();
  const queryKey = useMemo(() => ['tablePrefs', screen], [screen]);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      try {
        const prefs = await api.get<{ columns: ColumnPref[] } | null>(`/settings/table/${screen}`, {
          signal,
          silent: true,
        });
        return prefs?.columns ?? null;
      } catch {
        // No saved settings, or the read failed: the screen's defaults, without bothering anyone.
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const unsaved = useRef<ColumnPref[] | null>(null);
  const save = useCallback(() => {
    clearTimeout(timer.current);
    const columns = unsaved.current;
    unsaved.current = null;
    if (columns)
      api.put(`/settings/table/${screen}`, { columns }, { silent: true, spinner: false }).catch(() => undefined);
  }, [screen]);
  // Leaving the screen right after a change still saves it.
  useEffect(() => save, [save]);
  const set = useCallback(
    (columns: ColumnPref[]) => {
      qc.setQueryData(queryKey, columns);
      unsaved.current = columns;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, PREFS_SAVE_DELAY_MS);
    },
    [qc, queryKey, save],
  );
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    unsaved.current = null;
    qc.setQueryData(queryKey, null);
    api.del(`/settings/table/${screen}`, { silent: true, spinner: false }).catch(() => undefined);
  }, [qc, queryKey, screen]);
  return { prefs: query.data ?? null, set, reset };
}

// ---------------------------------------------------------------------------------------------------------------
// Header cell with a drag handle on its right edge.

type ResizeProps = {
  resizeWidth?: number;
  resizeLabel?: string;
  onResizeLive?: (width: number) => void;
  onResizeEnd?: (width: number) => void;
};

function ResizableHeaderCell({
  resizeWidth,
  resizeLabel,
  onResizeLive,
  onResizeEnd,
  ...th
}: ThHTMLAttributes<HTMLTableCellElement> & ResizeProps) {
  const thRef = useRef<HTMLTableCellElement>(null);
  if (!onResizeLive || !onResizeEnd) return <th {...th} />;
  const start = (e: React.PointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const x0 = e.clientX;
    const w0 = resizeWidth ?? thRef.current?.getBoundingClientRect().width ?? DEFAULT_COLUMN_WIDTH;
    let width = w0;
    let frame = 0;
    const move = (ev: PointerEvent) => {
      width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(w0 + ev.clientX - x0)));
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => onResizeLive(width));
    };
    const end = () => {
      cancelAnimationFrame(frame);
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      onResizeEnd(width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    <th {...th} ref={thRef}>
      {th.children}
      <span
        className="data-table-resize"
        data-testid="column-resize"
        title={resizeLabel}
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          insetInlineEnd: -4,
          width: 8,
          cursor: 'col-resize',
          zIndex: 2,
          touchAction: 'none',
        }}
      />
    </th>
  );
}

const headerComponents = { header: { cell: ResizableHeaderCell } };

// ---------------------------------------------------------------------------------------------------------------
// Column filter dropdown.

function ColumnFilter({
  value,
  visible,
  onChange,
  close,
  label,
  help,
  testId,
}: {
  value: string;
  visible: boolean;
  onChange: (text: string) => void;
  close: () => void;
  label: string;
  help: string;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'kit']);
  const [text, setText, flush] = useDebouncedText(value, onChange);
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    if (!visible) {
      // Closed by a click elsewhere: what was typed applies.
      flush();
      return;
    }
    const id = setTimeout(() => ref.current?.focus(), 50);
    return () => clearTimeout(id);
  }, [visible, flush]);
  const apply = () => {
    flush();
    close();
  };
  return (
    // Keeps the header from sorting when the dropdown is used.
    <div style={{ padding: 8, width: 260 }} onKeyDown={(e) => e.stopPropagation()} onClick={(e) => e.stopPropagation()}>
      <Input
        ref={ref}
        data-testid={testId}
        aria-label={label}
        placeholder={label}
        prefix={<SearchOutlined />}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={apply}
        onKeyDown={(e) => {
          // Esc closes without applying what was typed.
          if (e.key !== 'Escape') return;
          setText(value);
          close();
        }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0' }}>
        {help}
      </Typography.Paragraph>
      <Flex justify="end" gap={8}>
        <Button
          size="small"
          data-testid={`${testId}-clear`}
          disabled={!text}
          onClick={() => {
            setText('');
            close();
          }}
        >
          {t('common:actions.reset')}
        </Button>
        <Button size="small" type="primary" data-testid={`${testId}-apply`} onClick={apply}>
          {t('common:actions.ok')}
        </Button>
      </Flex>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** True while the user types into a field, where `/` is a character and not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], .ant-modal-wrap, .ant-drawer')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

type TableState = Record<string, string>;

export function DataTable<T>(props: DataTableProps<T>) {
  const { rowKey, columns, data, loading, selectable, onDeleteSelected, toolbar, exportName, onRowClick, pagination } =
    props;
  const { t, i18n } = useTranslation(['common', 'kit']);
  const location = useLocation();
  const testId = props.testId ?? 'data-table';
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [exporting, setExporting] = useState(false);
  const [historyRow, setHistoryRow] = useState<{ id: string | number; title: string } | null>(null);
  const [historyUsed, setHistoryUsed] = useState(false);
  const [liveWidth, setLiveWidth] = useState<{ key: string; width: number } | null>(null);
  const filterRef = useRef<InputRef>(null);

  // Render functions are read from the latest props; the memoized work below depends only on what changes the
  // texts: the data, the set of columns and the language.
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const columnSig = `${columns.map((c) => `${c.key}:${isFilterable(c) ? 1 : 0}`).join(',')}|${i18n.language}`;

  // ---- view state in the URL
  const filterKeys = useMemo(
    () =>
      columnSig
        .split('|')[0]
        .split(',')
        .filter((s) => s.endsWith(':1'))
        .map((s) => s.slice(0, -2)),
    [columnSig],
  );
  const urlDefaults = useMemo(() => {
    const d: TableState = { sort: '', filter: '' };
    for (const k of filterKeys) d[`filter.${k}`] = '';
    return d;
  }, [filterKeys]);
  const [url, setUrl] = useUrlState<TableState>(urlDefaults, { prefix: props.urlKey });
  const sort = parseSort(url.sort ?? '');
  const [query, setQuery] = useDebouncedText(url.filter ?? '', (filter) => setUrl({ filter }));
  const colFilters = useMemo(() => {
    const out: [string, string][] = [];
    for (const k of filterKeys) {
      const v = url[`filter.${k}`];
      if (v) out.push([k, v]);
    }
    return out;
  }, [filterKeys, url]);
  const colFilterSig = JSON.stringify(colFilters);

  // ---- texts, filtering and sorting: O(rows) only when the data, a filter or the sort changes
  const texts = useRef<{ data: T[] | undefined; sig: string; cells: string[][]; joined: string[] } | null>(null);
  const textsOf = useCallback(
    (all: T[]) => {
      if (!texts.current || texts.current.data !== all || texts.current.sig !== columnSig) {
        const cols = columnsRef.current;
        const cells = all.map((row) => cols.map((c) => (isFilterable(c) ? cellText(c, row) : '')));
        texts.current = { data: all, sig: columnSig, cells, joined: cells.map((c) => c.join('\u0001')) };
      }
      return texts.current;
    },
    [columnSig],
  );

  const urlQuery = url.filter ?? '';
  const filtered = useMemo(() => {
    const all = data ?? [];
    const quick = compileQuickFilter(urlQuery);
    const byColumn = (JSON.parse(colFilterSig) as [string, string][])
      .map(([k, q]) => ({ index: columnsRef.current.findIndex((c) => c.key === k), match: compileQuickFilter(q) }))
      .filter((f) => f.index >= 0 && f.match);
    if (!quick && byColumn.length === 0) return all;
    const { cells, joined } = textsOf(all);
    return all.filter(
      (_, i) => (!quick || quick(joined[i])) && byColumn.every((f) => f.match?.(cells[i][f.index]) ?? true),
    );
  }, [data, urlQuery, colFilterSig, textsOf]);

  const sortKey = sort?.key;
  const sortOrder = sort?.order;
  // biome-ignore lint/correctness/useExhaustiveDependencies: columns are read from the ref; columnSig stands for them
  const rows = useMemo(() => {
    const col = sortKey ? columnsRef.current.find((c) => c.key === sortKey) : undefined;
    return col?.sorter && sortOrder ? sortRows(filtered, col, sortOrder) : filtered;
  }, [filtered, sortKey, sortOrder, columnSig]);

  // ---- column settings
  const screen = screenKey(props.prefsKey ?? `${menuForPath(location.pathname)?.name ?? 'app'}.${testId}`);
  const { prefs, set: setPrefs, reset: resetPrefs } = useColumnPrefs(screen);
  const prefOf = useMemo(() => new Map((prefs ?? []).map((p) => [p.key, p])), [prefs]);
  const updatePref = (key: string, patch: Partial<ColumnPref>) => {
    const next = columns.map((c) => ({ key: c.key, ...prefOf.get(c.key) }));
    const i = next.findIndex((p) => p.key === key);
    if (i >= 0) next[i] = { ...next[i], ...patch };
    setPrefs(next.filter((p) => (p.hidden || p.width) && PREF_KEY.test(p.key)));
  };
  const shown = columns.filter((c) => !prefOf.get(c.key)?.hidden);
  // A page's widths are for its content; the kit adds room for the filter icon it puts in the header.
  const widthOf = (c: DataColumn<T>) =>
    liveWidth?.key === c.key
      ? liveWidth.width
      : (prefOf.get(c.key)?.width ??
        (c.width === undefined ? undefined : c.width + (isFilterable(c) ? FILTER_ICON_ROOM : 0)));

  // ---- selection: keys of rows that left the data (deleted, next page) are no longer selected
  const liveKeys = useMemo(() => new Set((data ?? []).map((r) => r[rowKey] as Key)), [data, rowKey]);
  const selected = selectedKeys.filter((k) => liveKeys.has(k));

  // ---- `/` focuses the quick filter (the first table of the page takes it)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (!filterRef.current?.input?.isConnected) return;
      e.preventDefault();
      filterRef.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const pageOnlyHelp = pagination ? ` ${t('kit:pageOnly')}` : '';
  const filterHelp = `${t('kit:filterHelp')}${pageOnlyHelp}`;

  // Rebuilt only when what the header shows changes; cells render through the latest column definitions.
  const updatePrefRef = useRef(updatePref);
  updatePrefRef.current = updatePref;
  const shownSig = JSON.stringify(
    shown.map((c) => [c.key, nodeText(c.title), widthOf(c) ?? null, c.fixed ?? null, !!c.sorter, !!c.render]),
  );
  const historyTable = props.historyTable;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are read from the ref; shownSig stands for them
  const antColumns = useMemo(() => {
    const filterValues = new Map(JSON.parse(colFilterSig) as [string, string][]);
    const renderOf = (key: string) => columnsRef.current.find((x) => x.key === key)?.render;
    const out: ColumnsType<T> = (JSON.parse(shownSig) as [string, string, number | null][]).map(
      ([key, titleText, w]) => {
        const c = columnsRef.current.find((x) => x.key === key) as DataColumn<T>;
        const filterable = isFilterable(c);
        const value = filterValues.get(key) ?? '';
        const width = w ?? undefined;
        return {
          key,
          title: c.title,
          dataIndex: c.dataIndex,
          width,
          ellipsis: false,
          render: c.render ? (_: unknown, row: T) => renderOf(key)?.(row) : undefined,
          // The table sorts and filters itself (once per change, see above); antd only shows the state.
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
          onHeaderCell: () =>
            ({
              resizeWidth: width,
              resizeLabel: t('kit:resize'),
              onResizeLive: (next: number) => setLiveWidth({ key, width: next }),
              onResizeEnd: (next: number) => {
                setLiveWidth(null);
                updatePrefRef.current(key, { width: next });
              },
            }) as ThHTMLAttributes<HTMLTableCellElement>,
        };
      },
    );
    if (historyTable) {
      out.push({
        key: HISTORY_COLUMN,
        title: '',
        width: 48,
        fixed: 'right',
        render: (_: unknown, row: T) => (
          // The row may open something else on click; its history button must not.
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <RowAction
              label={t('kit:history')}
              icon={<HistoryOutlined />}
              testId={`${testId}-history-${String(row[rowKey])}`}
              onClick={() => {
                const first = columnsRef.current.find(isDataColumn);
                setHistoryUsed(true);
                setHistoryRow({ id: row[rowKey] as string | number, title: first ? cellText(first, row) : '' });
              }}
            />
          </span>
        ),
      });
    }
    return out;
  }, [shownSig, colFilterSig, sortKey, sortOrder, filterHelp, testId, historyTable, rowKey, setUrl, t, i18n.language]);

  const virtual = !pagination && rows.length > VIRTUAL_FROM;
  const scrollY = props.height ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  // The table is at least as wide as its columns ask (text wraps inside them) and fills a wider container;
  // a narrower one scrolls sideways.
  const scrollX = shown.reduce(
    (sum, c) => sum + (widthOf(c) ?? DEFAULT_COLUMN_WIDTH),
    (selectable ? 48 : 0) + (props.historyTable ? 48 : 0),
  );

  const deleteSelected = async () => {
    const keys = new Set(selected);
    const selectedRows = (data ?? []).filter((r) => keys.has(r[rowKey] as Key));
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
    setExporting(true);
    try {
      if (props.onExport) {
        await props.onExport();
        return;
      }
      if (!exportName) return;
      // What the user sees: the shown data columns, the filtered rows in the current order.
      const exportColumns: ExportColumn<T>[] = shown.filter(isDataColumn).map((c) => ({
        title: nodeText(c.title) || c.key,
        width: widthOf(c) ? Math.round((widthOf(c) ?? 0) / 7) : undefined,
        value: (row: T) => {
          const v = c.exportValue ? c.exportValue(row) : c.dataIndex && !c.render ? row[c.dataIndex] : cellText(c, row);
          return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string'
            ? v
            : v == null
              ? null
              : String(v);
        },
      }));
      await exportRows(exportName, exportColumns, rows);
    } catch {
      // The API client has reported a failed server export.
    } finally {
      setExporting(false);
    }
  };

  const total = pagination ? pagination.total : (data?.length ?? 0);
  const isFiltered = rows.length !== (data?.length ?? 0);
  const countText =
    selected.length > 0
      ? t('kit:selected', { count: selected.length })
      : isFiltered && !pagination
        ? t('kit:countFiltered', { count: rows.length, total })
        : t('kit:count', { count: total });

  const visibleCount = shown.length;
  const [columnsOpen, setColumnsOpen] = useState(false);
  useEffect(() => {
    if (!columnsOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setColumnsOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [columnsOpen]);
  const columnsMenu = (
    <div style={{ maxWidth: 280 }} data-testid={`${testId}-columns-menu`}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('kit:columnsHelp')}
      </Typography.Paragraph>
      <Flex vertical gap={4} style={{ maxHeight: 320, overflowY: 'auto' }}>
        {columns.map((c) => {
          const hidden = !!prefOf.get(c.key)?.hidden;
          return (
            <Checkbox
              key={c.key}
              data-testid={`${testId}-column-toggle-${c.key}`}
              checked={!hidden}
              // The last shown column stays.
              disabled={!hidden && visibleCount <= 1}
              onChange={(e) => updatePref(c.key, { hidden: !e.target.checked })}
            >
              {nodeText(c.title) ? c.title : c.key}
            </Checkbox>
          );
        })}
      </Flex>
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Button size="small" data-testid={`${testId}-columns-reset`} disabled={!prefs?.length} onClick={resetPrefs}>
          {t('kit:resetColumns')}
        </Button>
      </Flex>
    </div>
  );

  return (
    <div data-testid={testId} className="data-table">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {toolbar}
          <Tooltip title={`${filterHelp} ${t('kit:shortcut')}`}>
            <Input
              ref={filterRef}
              data-testid={`${testId}-filter`}
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('kit:filter')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              style={{ width: 240, maxWidth: '100%' }}
              aria-label={t('kit:filter')}
              aria-keyshortcuts="/"
            />
          </Tooltip>
          {props.savedSearchMenu && <SavedSearchMenu menu={props.savedSearchMenu} testId={`${testId}-saved`} />}
        </Space>
        <Space wrap>
          <Typography.Text type="secondary" data-testid={`${testId}-count`}>
            {countText}
          </Typography.Text>
          <Popover
            content={columnsMenu}
            trigger="click"
            placement="bottomRight"
            title={t('kit:columns')}
            open={columnsOpen}
            onOpenChange={setColumnsOpen}
          >
            <Button data-testid={`${testId}-columns`} icon={<InsertRowRightOutlined />} aria-label={t('kit:columns')}>
              {t('kit:columns')}
            </Button>
          </Popover>
          {(exportName || props.onExport) && (
            <Button
              data-testid={`${testId}-export`}
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportExcel}
              disabled={!props.onExport && rows.length === 0}
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
        components={headerComponents}
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
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
          setUrl(
            { sort: s?.order && s.columnKey ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : '' },
            { push: true },
          );
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
      {props.historyTable && historyUsed && (
        <Suspense fallback={null}>
          <HistoryDialog
            table={props.historyTable}
            rowId={historyRow?.id ?? null}
            title={historyRow?.title || undefined}
            onClose={() => setHistoryRow(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
