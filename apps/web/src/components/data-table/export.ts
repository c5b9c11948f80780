import { useState } from 'react';
import { type ExportColumn, exportRows } from '../exportRows.ts';
import { cellText, type DataColumn, isDataColumn, nodeText } from './columns.ts';

// The toolbar's Excel export: the page's own export (e.g. a server export of a server-paged list), or what the
// user sees: the shown data columns, the filtered rows in the current order.

export function useTableExport<T>({
  onExport,
  exportAll,
  exportName,
  shown,
  widthOf,
  rows,
}: {
  onExport: (() => Promise<void>) | undefined;
  exportAll: (() => Promise<T[]>) | undefined;
  exportName: string | undefined;
  shown: DataColumn<T>[];
  widthOf: (c: DataColumn<T>) => number | undefined;
  rows: T[];
}) {
  const [exporting, setExporting] = useState(false);
  const exportExcel = async () => {
    setExporting(true);
    try {
      if (onExport) {
        await onExport();
        return;
      }
      if (!exportName) return;
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
      await exportRows(exportName, exportColumns, exportAll ? await exportAll() : rows);
    } catch {
      // The API client has reported a failed server export.
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportExcel };
}
