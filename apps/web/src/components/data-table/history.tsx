import { HistoryOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table/interface';
import { lazy, type RefObject, Suspense, useCallback, useState } from 'react';
import { RowAction } from '../RowAction.tsx';
import { cellText, type DataColumn, isDataColumn } from './columns.ts';

// Each row's change history: a button at the end of the row opens the history dialog of the row.

// The dialog is needed only when someone opens a row's history.
const HistoryDialog = lazy(() => import('../HistoryDialog.tsx').then((m) => ({ default: m.HistoryDialog })));

const HISTORY_COLUMN = '__history';
export const HISTORY_COLUMN_WIDTH = 48;

export type HistoryRow = { id: string | number; title: string };

/** The row whose history is open; `used` stays true once a history was opened (the dialog is loaded then). */
export function useRowHistory<T>(columnsRef: RefObject<DataColumn<T>[]>, rowKey: keyof T & string) {
  const [row, setRow] = useState<HistoryRow | null>(null);
  const [used, setUsed] = useState(false);
  const open = useCallback(
    (r: T) => {
      // The dialog's subject: the row's first data column.
      const first = columnsRef.current.find(isDataColumn);
      setUsed(true);
      setRow({ id: r[rowKey] as string | number, title: first ? cellText(first, r) : '' });
    },
    [columnsRef, rowKey],
  );
  const close = useCallback(() => setRow(null), []);
  return { row, used, open, close };
}

export function historyColumn<T>({
  label,
  testId,
  rowKey,
  open,
}: {
  label: string;
  testId: string;
  rowKey: keyof T & string;
  open: (row: T) => void;
}): ColumnsType<T>[number] {
  return {
    key: HISTORY_COLUMN,
    // Named for screen readers (a data cell needs a header with text); the column is too narrow to show it.
    title: <span className="eqms-sr-only">{label}</span>,
    width: HISTORY_COLUMN_WIDTH,
    fixed: 'right',
    render: (_: unknown, row: T) => (
      // The row may open something else on click; its history button must not.
      <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
        <RowAction
          label={label}
          icon={<HistoryOutlined />}
          testId={`${testId}-history-${String(row[rowKey])}`}
          onClick={() => open(row)}
        />
      </span>
    ),
  };
}

export function RowHistoryDialog({
  table,
  row,
  onClose,
}: {
  table: string;
  row: HistoryRow | null;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <HistoryDialog table={table} rowId={row?.id ?? null} title={row?.title || undefined} onClose={onClose} />
    </Suspense>
  );
}
