import { describe, expect, it } from 'vitest';
import { translateMessage } from '@eqms/contract';
import type { AppError } from '../../platform/errors.ts';
import { checkRows, parseMeasuredAt, parseNumber, type StandardItem } from './measurement-result.check.ts';
import { csvRows, decodeText, readMeasurementFile } from './measurement-file.ts';
import { csv, encodeCp949, xlsx } from './measurement-fixtures.ts';

// The measurement file's reader and row rules without a database (README "The file", "Rows").

const TZ = 'Asia/Seoul';
const ITEMS: StandardItem[] = [
  { id: 1, name: '외경', unit: 'mm', kind: 'NUMBER', target: 25, lsl: 24.9, usl: 25.1, sampleSize: 3 },
  { id: 2, name: '외관', unit: null, kind: 'PASS_FAIL', target: null, lsl: null, usl: null, sampleSize: 1 },
  { id: 3, name: '경도', unit: 'HRC', kind: 'NUMBER', target: null, lsl: 40, usl: null, sampleSize: 2 },
];

/** The file error a read fails with, in English. */
async function fileError(data: Buffer, name = 'm.csv') {
  try {
    await readMeasurementFile(data, name);
  } catch (e) {
    const fields = (e as AppError).extraData?.fields as { field: string; message: string }[];
    return `${fields[0].field}: ${translateMessage(fields[0].message, 'en')}`;
  }
  return 'no error';
}

describe('reading the file', () => {
  const lines = [
    ['항목', '시료', '측정값', '측정일시'],
    ['외경', '1', '25.02', '2026-11-20 09:30'],
    ['외관', '1', 'OK', ''],
  ];

  it('CSV in UTF-8 with a BOM and without, Korean headers', async () => {
    for (const bom of [true, false]) {
      const file = await readMeasurementFile(csv(lines, { bom }), 'm.csv');
      expect(file).toMatchObject({ format: 'csv', encoding: 'utf-8' });
      expect(file.rows).toEqual([
        { rowNumber: 2, cells: { item: '외경', sample: '1', value: '25.02', measuredAt: '2026-11-20 09:30' } },
        { rowNumber: 3, cells: { item: '외관', sample: '1', value: 'OK', measuredAt: '' } },
      ]);
    }
  });

  it('CSV in CP949 (Korean Excel) reads the same', async () => {
    const bytes = encodeCp949(lines.map((l) => l.join(',')).join('\r\n'));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const file = await readMeasurementFile(bytes, 'm.csv');
    expect(file.encoding).toBe('cp949');
    expect(file.rows.map((r) => r.cells.item)).toEqual(['외경', '외관']);
  });

  it('English headers, any order, a combined 항목|Item header, extra columns ignored, quoted fields, tabs', async () => {
    const text = 'Value,Nominal,"항목|Item",Sample\n"1,024.5",25,"Outer, ""A""",2\n\n25,25,외경,1\n';
    const file = await readMeasurementFile(Buffer.from(text), 'x.csv');
    expect(file.rows).toEqual([
      { rowNumber: 2, cells: { item: 'Outer, "A"', sample: '2', value: '1,024.5', measuredAt: '' } },
      { rowNumber: 4, cells: { item: '외경', sample: '1', value: '25', measuredAt: '' } },
    ]);
    const tabs = await readMeasurementFile(Buffer.from('Item\tSample\tValue\n외경\t1\t25.0\n'), 'x.txt');
    expect(tabs.rows[0].cells).toMatchObject({ item: '외경', sample: '1', value: '25.0' });
    expect(csvRows('a,"line\nbreak"\nb,c').map((r) => r.rowNumber)).toEqual([1, 3]);
  });

  it('xlsx: the first sheet, numbers and dates as typed', async () => {
    const file = await readMeasurementFile(
      await xlsx([
        ['Item', 'Sample', 'Value', 'Measured at'],
        ['외경', 1, 25.03, new Date(Date.UTC(2026, 10, 20, 9, 30))],
        [],
        ['외관', 1, 'NG'],
      ]),
      'm.xlsx',
    );
    expect(file).toMatchObject({ format: 'xlsx', encoding: null });
    expect(file.rows).toEqual([
      { rowNumber: 2, cells: { item: '외경', sample: '1', value: '25.03', measuredAt: '2026-11-20 09:30' } },
      { rowNumber: 4, cells: { item: '외관', sample: '1', value: 'NG', measuredAt: '' } },
    ]);
  });

  it('refuses what is not a measurement file, naming the file field', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(await fileError(png, 'm.csv')).toBe('file: Only CSV or spreadsheet (xlsx) files can be uploaded.');
    expect(await fileError(Buffer.from([0x41, 0x00, 0x42]), 'm.csv')).toMatch(/Only CSV/);
    expect(await fileError(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), 'm.xlsx')).toMatch(/Only CSV/);
    expect(
      await fileError(
        csv([
          ['Item', 'Value'],
          ['외경', '1'],
        ]),
      ),
    ).toBe(
      'file: Row 1 must hold the columns Item, Sample and Value (missing: 시료|Sample). Download the template and use it.',
    );
    expect(await fileError(csv([['Item', 'Sample', 'Value', '항목']]))).toBe('file: A column appears twice: 항목');
    expect(await fileError(csv([['Item', 'Sample', 'Value'], [',,']]))).toMatch(/no measured value/);
    const many = [['Item', 'Sample', 'Value'], ...Array.from({ length: 5001 }, (_, i) => ['외경', String(i), '1'])];
    expect(await fileError(csv(many))).toBe('file: A file can hold at most 5000 measured values.');
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe]))).toBeNull();
  });
});

describe('the rows against the standard', () => {
  const rows = (lines: string[][]) =>
    lines.map((l, i) => ({
      rowNumber: i + 2,
      cells: { item: l[0] ?? '', sample: l[1] ?? '', value: l[2] ?? '', measuredAt: l[3] ?? '' },
    }));
  const errorsOf = (lines: string[][]) =>
    checkRows(rows(lines), ITEMS, TZ).rows.map((r) =>
      r.errors.map((e) => `${e.column}: ${translateMessage(e.message, 'en')}`),
    );

  it('judges each value with the quality judgement (inclusive limits, one-sided, OK/NG) and the whole', () => {
    const checked = checkRows(
      rows([
        ['외경', '1', '24.9'],
        ['외경', '2', '25.1'],
        ['외경', '3', '25.100001', '2026-11-20 10:00'],
        [' 외 관 '.replace(/ /g, ''), '1', 'ok'],
        ['경도', '1', '40', '2026-11-20 09:00:30'],
        ['경도', '2', '999'],
      ]),
      ITEMS,
      TZ,
    );
    expect(checked.rows.map((r) => r.judgement)).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'PASS']);
    expect(checked.rows[2].value).toBe(25.1); // rounded to the column's 5 decimals first, then judged: on the limit, inclusive
    expect(checked).toMatchObject({ invalidCount: 0, itemCount: 3, valueCount: 6, ngCount: 0, judgement: 'PASS' });
    expect(checked.measuredAt?.toISOString()).toBe('2026-11-20T01:00:00.000Z');

    const ng = checkRows(
      rows([
        ['외경', '1', '25.2'],
        ['외관', '1', 'NG'],
      ]),
      ITEMS,
      TZ,
    );
    expect(ng).toMatchObject({ ngCount: 2, judgement: 'FAIL', measuredAt: null });
  });

  it('names every row error: missing cell, unknown item, sample out of range, not a number, OK/NG, date, duplicate', () => {
    expect(
      errorsOf([
        ['', '', ''],
        ['두께', '1', '3'],
        ['외경', '4', '25'],
        ['외경', '0', '25'],
        ['외경', '1.5', '25'],
        ['외경', '1', 'abc'],
        ['외관', '1', 'maybe'],
        ['외경', '2', '25', '2026-13-01'],
        ['외경', '3', '25'],
        ['외경', '3', '25.05'],
        ['경도', '1', '12345678901'],
      ]),
    ).toEqual([
      ['item: This field is required.', 'sample: This field is required.', 'value: This field is required.'],
      ['item: Not an inspection item of the product: 두께'],
      ['sample: The sample number runs from 1 to 3 (the item’s sample size).'],
      ['sample: Enter a natural number.'],
      ['sample: Enter a natural number.'],
      ['value: Enter a number.'],
      ['value: A pass/fail item takes OK or NG.'],
      ['measuredAt: Use the format yyyy-MM-dd HH:mm.'],
      [],
      ['sample: The same item and sample are already in row 10.'],
      ['value: Up to 10 integer digits and 5 decimal places.'],
    ]);
    const checked = checkRows(
      rows([
        ['외경', '1', 'x'],
        ['외경', '2', '25'],
      ]),
      ITEMS,
      TZ,
    );
    expect(checked).toMatchObject({ invalidCount: 1, judgement: null, valueCount: 1 });
  });

  it('an item name two standard items share is ambiguous', () => {
    const twice = [...ITEMS, { ...ITEMS[0], id: 9 }];
    const [row] = checkRows(rows([['외경', '1', '25']]), twice, TZ).rows;
    expect(row.errors.map((e) => translateMessage(e.message, 'en'))).toEqual([
      'Several inspection items of the product have this name: 외경',
    ]);
  });

  it('numbers and times as gauges write them', () => {
    expect(['25', '-0.5', '+.5', '1,234.5', '1.2E-3', ' 3 '].map(parseNumber)).toEqual([
      25, -0.5, 0.5, 1234.5, 0.0012, 3,
    ]);
    expect(['', '1,2', '0x10', 'NaN', 'Infinity', '1e999'].map(parseNumber)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(parseMeasuredAt('2026/11/20 9:05', TZ)?.toISOString()).toBe('2026-11-20T00:05:00.000Z');
    expect(parseMeasuredAt('2026.11.20', TZ)?.toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(parseMeasuredAt('2026-11-20T09:05:07', TZ)?.toISOString()).toBe('2026-11-20T00:05:07.000Z');
    expect(parseMeasuredAt('2026-02-30', TZ)).toBeNull();
    expect(parseMeasuredAt('20/11/2026', TZ)).toBeNull();
  });
});
