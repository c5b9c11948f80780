import dayjs from 'dayjs';

// Excel export of what a table shows. exceljs is large, so it is imported only when someone exports
// (ARCHITECTURE §7: the login page must not load it).
export type ExportCell = string | number | boolean | null | undefined;
export type ExportColumn<T> = { title: string; value: (row: T) => ExportCell; width?: number };

/** Text a spreadsheet would run as a formula (=, +, -, @, and tab/CR which some readers strip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value that cannot be run as a formula: such text gets a leading apostrophe (CSV/formula injection). */
export function escapeCell(value: ExportCell): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && FORMULA_START.test(value)) return `'${value}`;
  return value;
}

async function loadExcel() {
  const mod = (await import('exceljs')) as unknown as typeof import('exceljs') & { default?: typeof import('exceljs') };
  return mod.Workbook ? mod : (mod.default as typeof import('exceljs'));
}

/** The workbook bytes: one sheet, a bold header row, then one row per item. */
export async function buildWorkbook<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcel();
  const wb = new ExcelJS.Workbook();
  // Sheet names cannot hold []:*?/\ and are at most 31 characters.
  const ws = wb.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({
    header: escapeCell(c.title) as string,
    width: c.width ?? Math.max(12, c.title.length + 4),
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => escapeCell(c.value(row))));
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

/** Builds the workbook and saves it as `<name>_yyyyMMdd_HHmm.xlsx`. */
export async function exportRows<T>(name: string, columns: ExportColumn<T>[], rows: T[]): Promise<void> {
  const buffer = await buildWorkbook(name, columns, rows);
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}_${dayjs().format('YYYYMMDD_HHmm')}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
