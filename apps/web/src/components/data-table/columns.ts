import { isValidElement, type ReactNode } from 'react';

// A list column as pages declare it, and what the table reads from it: the visible text of a cell (for the
// filters, the sort and the export) and the order of two rows.

export type DataColumn<T> = {
  key: string;
  title: ReactNode;
  dataIndex?: keyof T & string;
  render?: (row: T) => ReactNode;
  width?: number;
  /**
   * For the one column without a width that takes what the others leave (a notice's title): the least it gets. A
   * narrower table scrolls sideways instead of squeezing it.
   */
  minWidth?: number;
  sorter?: boolean | ((a: T, b: T) => number);
  exportValue?: (row: T) => string | number | null;
  /** Keeps the column in view while the table scrolls sideways (e.g. row actions on the right). */
  fixed?: 'left' | 'right';
  /** A column filter on the cell text; on by default except for the row actions column (key 'actions'). */
  filter?: boolean;
};

export const DEFAULT_COLUMN_WIDTH = 140;
/** Room the kit adds to a page's column width for the filter icon it puts in the header. */
export const FILTER_ICON_ROOM = 24;

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

export function cellText<T>(col: DataColumn<T>, row: T): string {
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

export const isDataColumn = <T>(c: DataColumn<T>) =>
  c.key !== 'actions' && !!(c.dataIndex || c.render || c.exportValue);
export const isFilterable = <T>(c: DataColumn<T>) => c.filter ?? isDataColumn(c);

/**
 * What the memoized work of the table depends on: the set of columns (and which of them filter) and the language
 * the cells are rendered in. Render functions themselves are read from the latest props.
 */
export function columnSignature<T>(columns: DataColumn<T>[], language: string): string {
  return `${columns.map((c) => `${c.key}:${isFilterable(c) ? 1 : 0}`).join(',')}|${language}`;
}

/** Keys of the filterable columns named in a signature. */
export function filterKeysOf(columnSig: string): string[] {
  return columnSig
    .split('|')[0]
    .split(',')
    .filter((s) => s.endsWith(':1'))
    .map((s) => s.slice(0, -2));
}

/** Rows in the column's order; keys are computed once per row (a rendered cell's text is not cheap). */
export function sortRows<T>(rows: T[], col: DataColumn<T>, order: 'ascend' | 'descend'): T[] {
  const sign = order === 'descend' ? -1 : 1;
  if (typeof col.sorter === 'function') {
    const cmp = col.sorter;
    return [...rows].sort((a, b) => sign * cmp(a, b));
  }
  const keys = rows.map((row, i) => ({ row, i, v: rawValue(col, row) }));
  keys.sort((a, b) => sign * compareValues(a.v, b.v) || a.i - b.i);
  return keys.map((k) => k.row);
}
