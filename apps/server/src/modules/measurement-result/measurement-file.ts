import {
  MEASUREMENT_COLUMNS,
  MEASUREMENT_FILE_FIELD,
  MEASUREMENT_MAX_ROWS,
  type MeasurementColumn,
  type MeasurementFormat,
  ruleMessage,
} from '@eqms/contract';
import { type AppError, invalidField } from '../../platform/errors.ts';
import { cellText, inspectXlsx, loadWorkbook } from '../../platform/excel/excel-read.ts';
import { detectFileType } from '../../platform/files.ts';

// Reading a measurement file (README "The file"): xlsx by its bytes through the platform's Excel reader (zip-bomb
// guard first), anything else must be text — UTF-8 with or without BOM, or CP949/EUC-KR as Korean Excel saves CSV —
// split as CSV. Row 1 holds the headers; one row per measured value follows. No database here: a pure function of
// the bytes, tested on its own.

export type RawRow = { rowNumber: number; cells: Record<MeasurementColumn, string> };
export type MeasurementFile = {
  format: MeasurementFormat;
  encoding: 'utf-8' | 'cp949' | null;
  rows: RawRow[];
};

const fileError = (key: Parameters<typeof ruleMessage>[0], params?: Record<string, string | number>) =>
  invalidField(MEASUREMENT_FILE_FIELD, ruleMessage(key, params));

export async function readMeasurementFile(data: Buffer, name: string): Promise<MeasurementFile> {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (isZip) return { format: 'xlsx', encoding: null, rows: headed(await xlsxRows(data)) };
  const kind = detectFileType(data, name);
  // A signature (image, PDF, OLE .xls) is not text whatever its name says.
  if (kind && !kind.mime.startsWith('text/')) throw fileError('measurementFileType');
  const text = decodeText(data);
  if (!text) throw fileError('measurementFileType');
  return { format: 'csv', encoding: text.encoding, rows: headed(csvRows(text.text)) };
}

/** UTF-8 (a BOM dropped), else CP949 (WHATWG's euc-kr is Windows-949, Korean Excel's CSV); null when neither or binary. */
export function decodeText(data: Buffer): { text: string; encoding: 'utf-8' | 'cp949' } | null {
  if (data.length === 0 || data.includes(0)) return null;
  const bom = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
  const body = bom ? data.subarray(3) : data;
  let text: string | null = null;
  let encoding: 'utf-8' | 'cp949' = 'utf-8';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    if (bom) return null;
    try {
      text = new TextDecoder('euc-kr', { fatal: true }).decode(body);
      encoding = 'cp949';
    } catch {
      return null;
    }
  }
  // Control characters other than tab and line ends: a binary file that happens to decode.
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if ((code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || code === 0x7f) return null;
  }
  return { text, encoding };
}

type Cells = { rowNumber: number; values: string[] };

/**
 * RFC 4180 CSV: quoted fields with "" escapes and line breaks, CRLF or LF. The delimiter is the one of comma, tab
 * and semicolon found most often in the first line (gauge software writes all three).
 */
export function csvRows(text: string): Cells[] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const out: Cells[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    row.push(field);
    out.push({ rowNumber: rowLine, values: row });
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (field !== '' || row.length) endRow();
  return out;
}

async function xlsxRows(data: Buffer): Promise<Cells[]> {
  try {
    inspectXlsx(data);
  } catch (e) {
    // A zip that is not a workbook (a docx, a broken zip): not a measurement file. A bomb stays excelTooLarge.
    const message = (e as AppError).extraData?.fields as { message: string }[] | undefined;
    if (message?.[0]?.message === ruleMessage('excelType')) throw fileError('measurementFileType');
    throw e;
  }
  const workbook = await loadWorkbook(data);
  const sheet = workbook.worksheets[0];
  const out: Cells[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      values[col - 1] = cellText(cell.value);
    });
    out.push({ rowNumber, values: Array.from(values, (v) => v ?? '') });
  });
  return out;
}

const norm = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
/** Each column's accepted headers: Korean, English, both as `항목|Item` (or `항목/Item`, `항목(Item)`), the key. */
const HEADERS = new Map<string, MeasurementColumn>(
  MEASUREMENT_COLUMNS.flatMap((c) =>
    [c.kr, c.en, c.key, `${c.kr}|${c.en}`, `${c.kr}/${c.en}`, `${c.kr}(${c.en})`, `${c.kr} (${c.en})`].map(
      (h) => [norm(h).replace(/\s*([|/])\s*/g, '$1'), c.key] as const,
    ),
  ),
);
export const headerKey = (cell: string): MeasurementColumn | undefined =>
  HEADERS.get(norm(cell).replace(/\s*([|/])\s*/g, '$1'));

/**
 * Row 1 = the headers (other columns, such as a CMM's nominal or deviation, are ignored); the rest, blank rows
 * skipped, are the values. A missing required column, a column twice, no value row or too many → 400 on `file`.
 */
function headed(rows: Cells[]): RawRow[] {
  const header = rows[0];
  if (header?.rowNumber !== 1)
    throw fileError('measurementColumns', { missing: requiredNames(MEASUREMENT_COLUMNS.map((c) => c.key)) });
  const at = new Map<MeasurementColumn, number>();
  header.values.forEach((cell, i) => {
    const key = headerKey(cell);
    if (!key) return;
    if (at.has(key)) throw fileError('measurementColumnTwice', { column: cell.trim() });
    at.set(key, i);
  });
  const missing = MEASUREMENT_COLUMNS.filter((c) => c.required && !at.has(c.key)).map((c) => c.key);
  if (missing.length) throw fileError('measurementColumns', { missing: requiredNames(missing) });
  const data = rows
    .slice(1)
    .filter((r) => r.values.some((v) => v.trim() !== ''))
    .map((r) => ({
      rowNumber: r.rowNumber,
      cells: Object.fromEntries(
        MEASUREMENT_COLUMNS.map((c) => {
          const i = at.get(c.key);
          return [c.key, i == null ? '' : (r.values[i] ?? '').trim()];
        }),
      ) as Record<MeasurementColumn, string>,
    }));
  if (data.length === 0) throw fileError('measurementNoData');
  if (data.length > MEASUREMENT_MAX_ROWS) throw fileError('measurementTooManyRows', { max: MEASUREMENT_MAX_ROWS });
  return data;
}

const requiredNames = (keys: MeasurementColumn[]) =>
  MEASUREMENT_COLUMNS.filter((c) => keys.includes(c.key))
    .map((c) => `${c.kr}|${c.en}`)
    .join(', ');
