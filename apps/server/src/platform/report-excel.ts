import type ExcelJS from 'exceljs';
import { escapeCellText, escapeSheetName } from './excel/excel-write.ts';
import { excelJs } from './excel/exceljs.ts';

// A document as a workbook (the Excel twin of a report PDF, platform/reports.ts): a title, captioned values, then
// tables with a header row each, on one sheet. Text goes through the export's formula-injection escape; numbers stay
// numbers.

export type SheetValue = string | number | null | undefined;
export type DocumentTable = { title?: string; headers: string[]; widths?: number[]; rows: SheetValue[][] };
export type DocumentSheet = {
  sheetName: string;
  title: string;
  info: [string, SheetValue][];
  tables: DocumentTable[];
};

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const LABEL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF2F7' } };
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  bottom: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  left: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  right: { style: 'thin', color: { argb: 'FF8EA9DB' } },
};
const value = (v: SheetValue) => (v == null ? null : typeof v === 'number' ? v : escapeCellText(v));

export async function documentWorkbook(spec: DocumentSheet): Promise<Buffer> {
  const workbook = new (await excelJs()).Workbook();
  workbook.creator = 'eQMS';
  const sheet = workbook.addWorksheet(escapeSheetName(spec.sheetName));
  const widest = Math.max(2, ...spec.tables.map((t) => t.headers.length));
  for (let c = 1; c <= widest; c++) sheet.getColumn(c).width = 16;
  for (const t of spec.tables)
    t.widths?.forEach((w, i) => {
      const col = sheet.getColumn(i + 1);
      col.width = Math.max(col.width ?? 0, w);
    });

  let r = 1;
  const title = sheet.getCell(r, 1);
  title.value = value(spec.title);
  title.font = { bold: true, size: 16 };
  r += 2;
  for (const [label, v] of spec.info) {
    const l = sheet.getCell(r, 1);
    l.value = value(label);
    l.font = { bold: true };
    l.fill = LABEL_FILL;
    l.border = THIN;
    const cell = sheet.getCell(r, 2);
    cell.value = value(v);
    cell.border = THIN;
    r++;
  }
  for (const t of spec.tables) {
    r++;
    if (t.title) {
      const c = sheet.getCell(r, 1);
      c.value = value(t.title);
      c.font = { bold: true, size: 12 };
      r++;
    }
    t.headers.forEach((h, i) => {
      const c = sheet.getCell(r, i + 1);
      c.value = value(h);
      c.font = { bold: true };
      c.fill = HEADER_FILL;
      c.border = THIN;
      c.alignment = { horizontal: 'center', vertical: 'middle' };
    });
    r++;
    for (const row of t.rows) {
      row.forEach((v, i) => {
        const c = sheet.getCell(r, i + 1);
        c.value = value(v);
        c.border = THIN;
      });
      r++;
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
