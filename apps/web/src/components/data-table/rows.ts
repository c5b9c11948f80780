import { compileQuickFilter } from '@eqms/contract';
import { type RefObject, useCallback, useMemo, useRef } from 'react';
import { cellText, type DataColumn, isFilterable, sortRows } from './columns.ts';
import type { SortState } from './url-state.ts';

/**
 * The rows the table shows: the data through the quick filter and the column filters (SPEC §2 filter syntax), in
 * the chosen order. O(rows) only when the data, a filter or the sort changes; a cell's text is computed once per
 * data and set of columns.
 */
export function useTableRows<T>({
  data,
  columnsRef,
  columnSig,
  urlQuery,
  colFilterSig,
  sort,
}: {
  data: T[] | undefined;
  /** The latest column definitions; `columnSig` stands for them. */
  columnsRef: RefObject<DataColumn<T>[]>;
  columnSig: string;
  urlQuery: string;
  colFilterSig: string;
  sort: SortState;
}): T[] {
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
    [columnSig, columnsRef],
  );

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
  }, [data, urlQuery, colFilterSig, textsOf, columnsRef]);

  const sortKey = sort?.key;
  const sortOrder = sort?.order;
  // biome-ignore lint/correctness/useExhaustiveDependencies: columns are read from the ref; columnSig stands for them
  return useMemo(() => {
    const col = sortKey ? columnsRef.current.find((c) => c.key === sortKey) : undefined;
    return col?.sorter && sortOrder ? sortRows(filtered, col, sortOrder) : filtered;
  }, [filtered, sortKey, sortOrder, columnSig, columnsRef]);
}
