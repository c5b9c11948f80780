import { EXCEL_FIRST_DATA_ROW, EXCEL_HEADER_ROW, EXCEL_KEY_ROW, EXCEL_MAX_ROWS, type Locale } from '@eqms/contract';
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs.ts';
import { type ExcelColumn, type ExcelOption, headerOf, listedValues } from './excel-columns.ts';

// The template and the export are one workbook shape: sheet 1 with the hidden column keys in row 1, the headers in
// row 2 and data from row 3; sheet 2 listing the allowed values of the coded columns.

export const OPTIONS_SHEET: Record<Locale, string> = { kr: '허용값', en: 'options' };
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFC00000' } };
const BORDER: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  bottom: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  left: { style: 'thin', color: { argb: 'FF8EA9DB' } },
  right: { style: 'thin', color: { argb: 'FF8EA9DB' } },
};
/** Above this many values a dropdown stops helping; the options sheet still lists them. */
const MAX_DROPDOWN_VALUES = 1000;

/**
 * Formula injection (CSV/Excel injection): a text that starts with = + - @, a tab or a carriage return would be
 * taken as a formula by a spreadsheet, so it is written with a leading apostrophe and stays text. The import drops
 * that apostrophe again (cleanCellText), so an export can be imported back.
 */
export function escapeCellText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const cellValue = (v: string | number | null | undefined): string | number | null =>
  v === null || v === undefined ? null : typeof v === 'number' ? v : escapeCellText(String(v));

export type SheetSpec = {
  sheetName: string;
  columns: ExcelColumn[];
  locale: Locale;
  /** Lookup options by column key. */
  options: Map<string, ExcelOption[]>;
  records?: unknown[];
};

export async function buildWorkbook(spec: SheetSpec): Promise<Buffer> {
  const { columns, locale } = spec;
  const workbook = new (await excelJs()).Workbook();
  workbook.creator = 'eQMS';
  const sheet = workbook.addWorksheet(escapeSheetName(spec.sheetName), {
    views: [{ state: 'frozen', ySplit: EXCEL_HEADER_ROW }],
  });
  const optionsSheet = workbook.addWorksheet(OPTIONS_SHEET[locale]);

  const keyRow = sheet.getRow(EXCEL_KEY_ROW);
  const headerRow = sheet.getRow(EXCEL_HEADER_ROW);
  let optionsColumn = 0;
  columns.forEach((column, i) => {
    const col = sheet.getColumn(i + 1);
    const header = headerOf(column, locale);
    col.width = column.width ?? Math.min(40, Math.max(12, [...header].length * 2 + 2));
    // Text cells keep what is typed (leading zeros of a code, a phone number) instead of turning it into a number.
    if (column.kind !== 'integer') col.numFmt = '@';
    keyRow.getCell(i + 1).value = column.key;
    const cell = headerRow.getCell(i + 1);
    cell.value = escapeCellText(header);
    cell.font = column.required ? REQUIRED_FONT : { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = BORDER;
    cell.alignment = { vertical: 'middle', horizontal: 'center' };

    const listed = listedValues(column, spec.options.get(column.key));
    if (!listed) return;
    optionsColumn++;
    const optionsCol = optionsSheet.getColumn(optionsColumn);
    optionsCol.width = Math.min(50, Math.max(14, ...listed.map((v) => [...v].length + 2), [...header].length * 2));
    const title = optionsSheet.getCell(1, optionsColumn);
    title.value = escapeCellText(header);
    title.font = { bold: true };
    title.fill = HEADER_FILL;
    listed.forEach((v, j) => {
      optionsSheet.getCell(j + 2, optionsColumn).value = escapeCellText(v);
    });
    // A dropdown where one value per cell is what the column takes; typing another accepted label (a code instead
    // of the path) only warns, because the check accepts every label.
    if (column.lookup?.multiple || listed.length === 0 || listed.length > MAX_DROPDOWN_VALUES) return;
    const letter = optionsCol.letter;
    const formula =
      column.kind === 'yesNo' ? '"Y,N"' : `'${OPTIONS_SHEET[locale]}'!$${letter}$2:$${letter}$${listed.length + 1}`;
    const dataCol = sheet.getColumn(i + 1).letter;
    (
      sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${dataCol}${EXCEL_FIRST_DATA_ROW}:${dataCol}${EXCEL_FIRST_DATA_ROW + EXCEL_MAX_ROWS - 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: 'warning',
    });
  });
  keyRow.hidden = true;
  headerRow.height = 22;

  spec.records?.forEach((record, r) => {
    const row = sheet.getRow(EXCEL_FIRST_DATA_ROW + r);
    columns.forEach((column, i) => {
      if (column.secret) return;
      const value = column.exportValue
        ? column.exportValue(record)
        : ((record as Record<string, unknown>)[column.key] as string | number | null | undefined);
      row.getCell(i + 1).value = cellValue(value);
    });
  });
  if (optionsColumn === 0) optionsSheet.getCell(1, 1).value = '-';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sheet names may not hold : \ / ? * [ ] and are at most 31 characters. */
export const escapeSheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
