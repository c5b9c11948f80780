import ExcelJS from 'exceljs';
import { cellText } from './excel-read.ts';

// Test helpers: workbooks made with exceljs inside the test (no binary fixtures) and multipart bodies for inject.

export type Cell = string | number | boolean | null;

/** A workbook whose first sheet holds these rows from row 1 (keys, headers, data …). */
export async function xlsxOf(rows: Cell[][], extraSheets: Record<string, Cell[][]> = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  rows.forEach((row, i) => {
    row.forEach((value, j) => {
      if (value !== null) sheet.getCell(i + 1, j + 1).value = value;
    });
  });
  for (const [name, list] of Object.entries(extraSheets)) {
    const extra = workbook.addWorksheet(name);
    for (const row of list) extra.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every sheet of a workbook as rows of cell texts (row 1 first), plus whether row 1 is hidden. */
export async function readXlsx(data: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
      rows.push(cells);
    }
    return {
      name: sheet.name,
      rows,
      keyRowHidden: sheet.getRow(1).hidden,
      validations: (sheet as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } })
        .dataValidations.model,
      sheet,
    };
  });
}

export type Part = { field: string; filename?: string; contentType?: string; data: Buffer | string };

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----eqms${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"`
      : `form-data; name="${p.field}"`;
    const type = p.filename ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The upload of one workbook as the import dialog sends it. */
export const xlsxPart = (data: Buffer, filename = 'import.xlsx'): Part => ({
  field: 'file',
  filename,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  data,
});

/** A downloaded template (or export) with these rows written from row 3, by the column keys of its row 1. */
export async function fillTemplate(template: Buffer, rows: Record<string, Cell>[], firstRow = 3): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const keys = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    keys.set(String(cell.value), col);
  });
  rows.forEach((row, i) => {
    for (const [key, value] of Object.entries(row)) {
      const col = keys.get(key);
      if (!col) throw new Error(`The template has no column ${key}.`);
      sheet.getCell(firstRow + i, col).value = value;
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Rows of cell values as the save body's rows (`POST {base}/excel`), numbered from the template's first data row. */
export const asSaveRows = (rows: Record<string, Cell>[], firstRow = 3) =>
  rows.map((values, i) => ({
    rowNumber: i + firstRow,
    values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? '' : String(v)])),
  }));
