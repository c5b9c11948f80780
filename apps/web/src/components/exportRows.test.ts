import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, escapeCell } from './exportRows.ts';

describe('escapeCell (formula injection)', () => {
  it.each(['=1+2', '+1', '-2+3', '@SUM(A1)', '\t=x', '\r=x'])('prefixes %j with an apostrophe', (v) => {
    expect(escapeCell(v)).toBe(`'${v}`);
  });
  it('leaves plain text, numbers and booleans alone', () => {
    expect(escapeCell('apple')).toBe('apple');
    expect(escapeCell('a=b')).toBe('a=b');
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(true)).toBe(true);
    expect(escapeCell(null)).toBeNull();
    expect(escapeCell(undefined)).toBeNull();
  });
});

describe('buildWorkbook', () => {
  it('writes a header row and the rows, with dangerous text escaped', async () => {
    const rows = [
      { name: '=HYPERLINK("http://x","click")', qty: 3 },
      { name: '사과', qty: -1 },
    ];
    const buf = await buildWorkbook(
      '목록 [1]',
      [
        { title: 'Name', value: (r: (typeof rows)[number]) => r.name },
        { title: 'Qty', value: (r: (typeof rows)[number]) => r.qty },
      ],
      rows,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('목록  1 ');
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Qty']);
    expect(ws.getCell('A2').value).toBe(`'=HYPERLINK("http://x","click")`);
    expect(ws.getCell('A3').value).toBe('사과');
    expect(ws.getCell('B3').value).toBe(-1);
  });
});
