import {
  EXCEL_FILE_FIELD,
  EXCEL_FIRST_DATA_ROW,
  EXCEL_HEADER_ROW,
  EXCEL_KEY_ROW,
  EXCEL_MAX_FILE_BYTES,
  EXCEL_MAX_ROWS,
  EXCEL_MAX_UNZIPPED_BYTES,
  type ExcelRow,
  ruleMessage,
} from '@eqms/contract';
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs.ts';
import type { FastifyRequest } from 'fastify';
import { Unzip, UnzipInflate } from 'fflate';
import { invalidField } from '../errors.ts';
import { fileTooLarge } from '../files.ts';
import type { ExcelColumn } from './excel-columns.ts';

// Reading an uploaded workbook safely (SPEC §5): one file, a spreadsheet by its bytes, no zip bomb, then the sheet.

/** A zip holding more entries than this is not a workbook anyone typed. */
export const EXCEL_MAX_ZIP_ENTRIES = 2000;
/** Bytes handed to the inflater at once: a deflate block inflates at most ~1032×, so this bounds one step. */
const INFLATE_STEP = 16 * 1024;
/** workbook.xml and its relationships are kept to find the first sheet; they are tiny in any real workbook. */
const MAX_KEPT_XML = 1024 * 1024;

const MB = 1024 * 1024;
const fileError = (key: Parameters<typeof ruleMessage>[0], params?: Record<string, number>) =>
  invalidField(EXCEL_FILE_FIELD, ruleMessage(key, params));
const tooLarge = () =>
  fileError('excelTooLarge', { rows: EXCEL_MAX_ROWS, mb: Math.round(EXCEL_MAX_UNZIPPED_BYTES / MB) });

/**
 * The single file of a multipart upload, at most EXCEL_MAX_FILE_BYTES. A second file part → excelOneFile; no part
 * named `file` → required; a bigger file → fileSize.
 */
export async function readExcelUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw fileError('required');
  let data: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: EXCEL_MAX_FILE_BYTES } })) {
      if (part.type === 'field') continue;
      if (data) throw fileError('excelOneFile');
      const buf = await part.toBuffer();
      if (part.file.truncated) throw sizeError();
      if (part.fieldname !== EXCEL_FILE_FIELD || !part.filename) continue;
      data = buf;
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fileError('excelOneFile');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw sizeError();
    throw e;
  }
  if (!data || data.length === 0) throw fileError('required');
  return data;
}

const sizeError = () => fileTooLarge(EXCEL_FILE_FIELD, EXCEL_MAX_FILE_BYTES);

export type XlsxInspection = { entries: string[]; unzippedBytes: number; firstSheet: string | null; rows: number };

/**
 * Checks the bytes before exceljs sees them: a zip (PK\3\4) whose entries include `[Content_Types].xml` and
 * `xl/workbook.xml` (else excelType — an .xls, a CSV, a PDF or PNG renamed .xlsx), inflated here entry by entry
 * counting the real decompressed bytes (the sizes a zip declares can lie) and stopping above
 * EXCEL_MAX_UNZIPPED_BYTES, and counting the `<row>` elements of the first sheet against EXCEL_MAX_ROWS
 * (excelTooLarge), so a bomb never reaches the parser that would build it in memory.
 */
export function inspectXlsx(buf: Buffer): XlsxInspection {
  if (!(buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04)) {
    throw fileError('excelType');
  }
  const entries: string[] = [];
  const rowCounts = new Map<string, number>();
  const kept = new Map<string, Buffer[]>();
  let total = 0;
  let failed = false;
  // Limits are flags checked between pushes: fflate catches what its callbacks throw and reports it as a
  // corrupt entry, which would hide a bomb behind "not a spreadsheet".
  let overLimit = false;
  const unzip = new Unzip((file) => {
    entries.push(file.name);
    if (entries.length > EXCEL_MAX_ZIP_ENTRIES) overLimit = true;
    if (overLimit) return;
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name);
    const keep = file.name === 'xl/workbook.xml' || file.name === 'xl/_rels/workbook.xml.rels';
    const rows = isSheet ? rowCounter() : null;
    let keptBytes = 0;
    file.ondata = (err, chunk) => {
      if (err) {
        failed = true;
        return;
      }
      if (overLimit) return;
      total += chunk.length;
      if (total > EXCEL_MAX_UNZIPPED_BYTES) {
        overLimit = true;
        return;
      }
      if (rows) rowCounts.set(file.name, rows(chunk));
      if (keep && keptBytes + chunk.length <= MAX_KEPT_XML) {
        keptBytes += chunk.length;
        kept.set(file.name, [...(kept.get(file.name) ?? []), Buffer.from(chunk)]);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < buf.length && !overLimit && !failed; at += INFLATE_STEP) {
      const end = Math.min(buf.length, at + INFLATE_STEP);
      unzip.push(buf.subarray(at, end), end === buf.length);
    }
  } catch {
    // Not a readable zip (truncated, an unsupported compression, …): not a spreadsheet we can take.
    failed = true;
  }
  if (overLimit) throw tooLarge();
  if (failed || !entries.includes('[Content_Types].xml') || !entries.includes('xl/workbook.xml')) {
    throw fileError('excelType');
  }
  const xml = (name: string) => Buffer.concat(kept.get(name) ?? []).toString('utf8');
  const firstSheet = firstSheetPath(xml('xl/workbook.xml'), xml('xl/_rels/workbook.xml.rels'));
  // Unknown first sheet: the largest sheet counts, which can only be stricter.
  const rows = firstSheet ? (rowCounts.get(firstSheet) ?? 0) : Math.max(0, ...rowCounts.values());
  if (rows > EXCEL_MAX_ROWS + EXCEL_FIRST_DATA_ROW - 1) throw tooLarge();
  return { entries, unzippedBytes: total, firstSheet, rows };
}

/** Counts `<row …>` start tags over a stream of chunks (a tag may straddle two chunks). */
function rowCounter() {
  const TAIL = 32;
  let tail = '';
  let count = 0;
  return (chunk: Uint8Array) => {
    const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    for (const m of text.matchAll(/<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g)) {
      // A tag ending inside the carried tail was counted with the previous chunk.
      if (m.index + m[0].length > tail.length) count++;
    }
    tail = text.slice(-TAIL);
    return count;
  };
}

/** The zip path of the workbook's first sheet, from workbook.xml and its relationships. */
export function firstSheetPath(workbookXml: string, relsXml: string): string | null {
  const sheet = /<(?:[\w.-]+:)?sheet\s[^>]*?\s(?:[\w.-]+:)id="([^"]+)"/.exec(workbookXml);
  if (!sheet) return null;
  for (const tag of relsXml.match(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (attr('Id') !== sheet[1]) continue;
    const target = attr('Target');
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return null;
}

/** exceljs on checked bytes; a zip that is not a readable workbook after all → excelFormat. */
export async function loadWorkbook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new (await excelJs()).Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fileError('excelFormat');
  }
  return workbook;
}

/** A cell as the text a user typed: numbers without formatting, dates as yyyy-MM-dd[ HH:mm], formulas by result. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

const sameText = (a: string, b: string) => a.normalize('NFC').trim() === b.normalize('NFC').trim();

/**
 * The data rows of the first sheet. Row 1 must hold the template's column keys (any order, each once); when row 1
 * is empty, row 2 must hold the headers, each in Korean or English. Otherwise excelFormat. Empty rows are skipped;
 * none left → excelNoData; more than EXCEL_MAX_ROWS → excelTooLarge.
 */
export function readSheetRows(workbook: ExcelJS.Workbook, columns: ExcelColumn[]): ExcelRow[] {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('excelFormat');
  const rowTexts = (n: number) => {
    const out: string[] = [];
    const row = sheet.getRow(n);
    for (let i = 1; i <= Math.max(row.cellCount, columns.length); i++) out.push(cellText(row.getCell(i).value).trim());
    while (out.length && out[out.length - 1] === '') out.pop();
    return out;
  };
  const keyRow = rowTexts(EXCEL_KEY_ROW);
  const keyAt =
    keyRow.length > 0
      ? matchColumns(keyRow, (text, c) => text === c.key, columns)
      : matchColumns(
          rowTexts(EXCEL_HEADER_ROW),
          (text, c) => sameText(text, c.header.kr) || sameText(text, c.header.en),
          columns,
        );
  if (!keyAt) throw fileError('excelFormat');

  const rows: ExcelRow[] = [];
  for (let n = EXCEL_FIRST_DATA_ROW; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const values: Record<string, string> = {};
    let empty = true;
    keyAt.forEach((key, i) => {
      const text = cellText(row.getCell(i + 1).value);
      values[key] = text;
      if (text.trim() !== '') empty = false;
    });
    if (empty) continue;
    if (rows.length === EXCEL_MAX_ROWS) throw tooLarge();
    rows.push({ rowNumber: n, values });
  }
  if (rows.length === 0) throw fileError('excelNoData');
  return rows;
}

/** The column key of each sheet column, when the texts name every column exactly once and nothing else. */
function matchColumns(
  texts: string[],
  matches: (text: string, column: ExcelColumn) => boolean,
  columns: ExcelColumn[],
): string[] | null {
  if (texts.length !== columns.length) return null;
  const keys: string[] = [];
  for (const text of texts) {
    const column = columns.find((c) => matches(text, c));
    if (!column || keys.includes(column.key)) return null;
    keys.push(column.key);
  }
  return keys;
}
