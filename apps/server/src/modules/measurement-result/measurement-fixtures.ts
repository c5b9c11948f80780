import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';

// Test files of the measurement tests: CSV text in UTF-8 (with or without BOM) or CP949, xlsx workbooks, and the
// multipart body that carries one with the form's fields.

/** CP949 bytes of a text (ASCII as is, Hangul and symbols through a table built from the platform's decoder). */
let cp949: Map<string, number[]> | null = null;
export function encodeCp949(text: string): Buffer {
  if (!cp949) {
    cp949 = new Map();
    const decoder = new TextDecoder('euc-kr');
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x41; trail <= 0xfe; trail++) {
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\uFFFD' && !cp949.has(ch)) cp949.set(ch, [lead, trail]);
      }
  }
  const table = cp949;
  return Buffer.from(
    [...text].flatMap((ch) => {
      if (ch.charCodeAt(0) < 0x80) return [ch.charCodeAt(0)];
      const bytes = table.get(ch);
      if (!bytes) throw new Error(`not in CP949: ${ch}`);
      return bytes;
    }),
  );
}

export const csv = (lines: string[][], { bom = false } = {}) =>
  Buffer.from(`${bom ? '\uFEFF' : ''}${lines.map((l) => l.join(',')).join('\r\n')}\r\n`, 'utf8');

export async function xlsx(lines: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('측정');
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body: text fields, then one file in `file` (or another field name). */
export function multipart(
  fields: Record<string, string | number | undefined>,
  file: { data: Buffer; name: string; field?: string } | null,
  headers: Record<string, string> = {},
) {
  const boundary = `----eqms${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  };
}
