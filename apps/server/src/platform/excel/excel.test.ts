import { EXCEL_MAX_ROWS, EXCEL_MAX_UNZIPPED_BYTES, translateMessage } from '@eqms/contract';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import {
  cleanCellText,
  type ExcelColumn,
  type ExcelEntity,
  type ParsedRow,
  parentsFirst,
  parseRows,
} from './excel-columns.ts';
import { cellText, firstSheetPath, inspectXlsx, readSheetRows } from './excel-read.ts';
import { xlsxOf } from './excel-testing.ts';
import { buildWorkbook, escapeCellText } from './excel-write.ts';

const noDb = {} as Executor;

/** The translated message of a 400 on `file`, whatever threw it. */
async function fileMessage(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const fields = (e as AppError).extraData?.fields as { field: string; message: string }[];
    expect(fields[0].field).toBe('file');
    return translateMessage(fields[0].message, 'en');
  }
  throw new Error('expected a 400 on file');
}

describe('formula injection', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+82 10', "'+82 10"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['a=b', 'a=b'],
    ['plain', 'plain'],
    ["'quoted", "'quoted"],
    ['', ''],
  ])('%j is written as %j', (text, written) => {
    expect(escapeCellText(text)).toBe(written);
  });

  it('reads an escaped cell back as typed, and leaves other apostrophes alone', () => {
    for (const text of ['=SUM(A1)', '+82 10', '-1', '@cmd']) expect(cleanCellText(escapeCellText(text))).toBe(text);
    expect(cleanCellText("'quoted")).toBe("'quoted");
    expect(cleanCellText('  spaced  ')).toBe('spaced');
  });

  it('escapes every text the workbook gets from data: headers, options and exported values', async () => {
    const columns: ExcelColumn[] = [
      { key: 'name', header: { kr: '=HEADER()', en: '=HEADER()' } },
      { key: 'kind', header: { kr: '종류', en: 'Kind' }, lookup: { options: async () => [] } },
      { key: 'n', header: { kr: '수', en: 'N' }, kind: 'integer' },
    ];
    const file = await buildWorkbook({
      sheetName: 'x',
      columns,
      locale: 'en',
      options: new Map([['kind', [{ value: '1', labels: ['@option'] }]]]),
      records: [{ name: '-danger', kind: '+1', n: -5 }],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const [sheet, options] = workbook.worksheets;
    expect(sheet.getCell('A2').value).toBe("'=HEADER()");
    expect(sheet.getCell('A3').value).toBe("'-danger");
    expect(sheet.getCell('B3').value).toBe("'+1");
    // Numbers are numbers, not text to escape.
    expect(sheet.getCell('C3').value).toBe(-5);
    expect(options.getCell('A2').value).toBe("'@option");
    // No cell of the file holds a formula.
    const xml = Object.entries(unzipSync(new Uint8Array(file)))
      .filter(([name]) => name.startsWith('xl/worksheets/'))
      .map(([, data]) => Buffer.from(data).toString());
    expect(xml.join('')).not.toContain('<f>');
  });
});

describe('inspectXlsx (before exceljs reads anything)', () => {
  it('accepts a workbook and finds its first sheet', async () => {
    const info = inspectXlsx(await xlsxOf([['a'], ['A'], ['1'], ['2']], { other: [['x'], ['y']] }));
    expect(info.entries).toContain('xl/workbook.xml');
    expect(info.firstSheet).toBe('xl/worksheets/sheet1.xml');
    expect(info.rows).toBe(4);
  });

  it('refuses a zip bomb: a small upload that inflates past the cap', async () => {
    const workbook = unzipSync(new Uint8Array(await xlsxOf([['a'], ['A'], ['1']])));
    const size = EXCEL_MAX_UNZIPPED_BYTES + 10 * 1024 * 1024;
    const bomb = Buffer.from(zipSync({ ...workbook, 'xl/media/padding.bin': new Uint8Array(size) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await fileMessage(() => inspectXlsx(bomb))).toBe(
      `The file is too large (at most ${EXCEL_MAX_ROWS} rows, ${EXCEL_MAX_UNZIPPED_BYTES / 1024 / 1024} MB uncompressed).`,
    );
    // Many entries that are each small add up the same way.
    const parts: Record<string, Uint8Array> = { ...workbook };
    for (let i = 0; i < 6; i++) parts[`xl/media/p${i}.bin`] = new Uint8Array(10 * 1024 * 1024);
    expect(await fileMessage(() => inspectXlsx(Buffer.from(zipSync(parts, { level: 9 }))))).toMatch(/too large/);
  });

  it('refuses a sheet with more rows than the cap by counting them in the XML', async () => {
    const rows: string[][] = [['a'], ['A']];
    for (let i = 0; i < EXCEL_MAX_ROWS + 1; i++) rows.push([`v${i}`]);
    const file = await xlsxOf(rows);
    expect(await fileMessage(() => inspectXlsx(file))).toMatch(/too large/);
    const justFits = await xlsxOf(rows.slice(0, -1));
    expect(inspectXlsx(justFits).rows).toBe(EXCEL_MAX_ROWS + 2);
    // Rows on the options sheet do not count against the first sheet.
    const manyOptions = await xlsxOf([['a'], ['A'], ['1']], { options: rows });
    expect(inspectXlsx(manyOptions).rows).toBe(3);
  });

  it('refuses what is not an xlsx zip', async () => {
    const docx = Buffer.from(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('x') }),
    );
    for (const bytes of [Buffer.from('a,b\n1,2\n'), Buffer.from('%PDF-1.7'), docx, Buffer.alloc(0)]) {
      expect(await fileMessage(() => inspectXlsx(bytes))).toBe('Only spreadsheet files (xlsx) can be uploaded.');
    }
  });

  it('reads the first sheet from workbook.xml and its relationships', () => {
    const workbook =
      '<workbook><sheets><sheet name="B" sheetId="2" r:id="rId7"/><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>';
    const rels =
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Target="/xl/worksheets/other.xml" Type="x" Id="rId7"/></Relationships>';
    expect(firstSheetPath(workbook, rels)).toBe('xl/worksheets/other.xml');
    expect(firstSheetPath('<workbook/>', rels)).toBeNull();
  });
});

describe('readSheetRows: header matching', () => {
  const columns: ExcelColumn[] = [
    { key: 'code', header: { kr: '코드', en: 'Code' } },
    { key: 'name', header: { kr: '이름', en: 'Name' } },
  ];
  const load = async (rows: (string | null)[][]) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsxOf(rows)) as unknown as ArrayBuffer);
    return workbook;
  };

  it('takes the keys of row 1 in any order, each once', async () => {
    const rows = readSheetRows(await load([['name', 'code'], ['x', 'y'], ['Kim', 'K1'], [], ['Lee', null]]), columns);
    expect(rows).toEqual([
      { rowNumber: 3, values: { name: 'Kim', code: 'K1' } },
      { rowNumber: 5, values: { name: 'Lee', code: '' } },
    ]);
  });

  it('takes the headers of row 2 in Korean or English when row 1 is empty', async () => {
    expect(readSheetRows(await load([[], ['Code', '이름'], ['K1', 'Kim']]), columns)).toEqual([
      { rowNumber: 3, values: { code: 'K1', name: 'Kim' } },
    ]);
  });

  it.each([
    [[['code'], [], ['K1']]],
    [[['code', 'name', 'extra'], [], ['K1']]],
    [[['code', 'code'], [], ['K1']]],
    [[['Code', 'Name'], [], ['K1']]],
    [[[], ['Code', 'Nom'], ['K1']]],
    [[[], [], ['K1', 'Kim']]],
  ])('refuses %j as the wrong format', async (rows) => {
    const workbook = await load(rows);
    expect(await fileMessage(() => readSheetRows(workbook, columns))).toBe(
      'The file format is wrong. Download the template and use it.',
    );
  });

  it('needs a data row and caps the rows', async () => {
    const empty = await load([
      ['code', 'name'],
      ['Code', 'Name'],
      [' ', ''],
    ]);
    expect(await fileMessage(() => readSheetRows(empty, columns))).toMatch(/no data row/);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(['code', 'name']);
    sheet.addRow(['Code', 'Name']);
    for (let i = 0; i <= EXCEL_MAX_ROWS; i++) sheet.addRow([`c${i}`, 'n']);
    expect(await fileMessage(() => readSheetRows(workbook, columns))).toMatch(/too large/);
  });
});

describe('cellText', () => {
  it.each([
    [null, ''],
    ['text', 'text'],
    [12, '12'],
    [0.5, '0.5'],
    [true, 'TRUE'],
    [new Date(Date.UTC(2024, 0, 31)), '2024-01-31'],
    [new Date(Date.UTC(2024, 0, 31, 9, 5)), '2024-01-31 09:05'],
    [{ richText: [{ text: 'a' }, { text: 'b' }] }, 'ab'],
    [{ formula: 'A1*2', result: 4 }, '4'],
    [{ text: 'site', hyperlink: 'http://x' }, 'site'],
    [{ error: '#N/A' }, '#N/A'],
  ] as [ExcelJS.CellValue, string][])('%j → %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});

describe('parseRows', () => {
  const parents = [
    { value: '10', labels: ['Root / A', 'A1', 'A'], data: { group: 'g1' } },
    { value: '11', labels: ['Root / B', 'B1', 'Same'], data: { group: 'g1' } },
    { value: '12', labels: ['Other / C', 'C1', 'Same'], data: { group: 'g2' } },
  ];
  const columns: ExcelColumn[] = [
    { key: 'name', header: { kr: '이름', en: 'Name' }, required: true, rule: z.string().max(5, 'maxLength {"max":5}') },
    { key: 'group', header: { kr: '그룹', en: 'Group' } },
    {
      key: 'parent',
      header: { kr: '상위', en: 'Parent' },
      lookup: {
        options: async () => parents,
        narrow: (row, found) => {
          const own = found.filter((o) => (o.data as { group: string }).group === row.data.group);
          return own.length ? own : found;
        },
        rowOption: (row) =>
          row.data.name ? { labels: [String(row.data.name)], data: { group: row.data.group } } : null,
      },
    },
    { key: 'tags', header: { kr: '태그', en: 'Tags' }, lookup: { multiple: true, options: async () => parents } },
    { key: 'sort', header: { kr: '순서', en: 'Sort' }, kind: 'integer', rule: z.number().int().default(0) },
    { key: 'on', header: { kr: '사용', en: 'On' }, kind: 'yesNo', rule: z.boolean().default(true) },
  ];
  const entity = {
    unique: [
      {
        column: 'name',
        key: (r: ParsedRow) => (r.data.name as string) ?? null,
        taken: async () => new Set(['taken']),
      },
    ],
  } as unknown as ExcelEntity;
  const parse = async (rows: Record<string, string>[]) =>
    (
      await parseRows(
        noDb,
        entity,
        columns,
        rows.map((values, i) => ({ rowNumber: i + 3, values })),
      )
    ).parsed.map((r) => ({ data: r.data, errors: r.errors.map((e) => [e.column, translateMessage(e.message, 'en')]) }));

  it('converts cells and applies the rules and their defaults', async () => {
    const [row] = await parse([{ name: ' Kim ', parent: 'a1', tags: 'A1, root/b ,A1', sort: '7' }]);
    expect(row).toEqual({
      data: { name: 'Kim', group: undefined, parent: '10', tags: ['10', '11'], sort: 7, on: true },
      errors: [],
    });
  });

  it('reports each bad cell once, on its column', async () => {
    const [row] = await parse([{ name: 'too long', parent: 'nowhere', sort: '1.5', on: 'perhaps', tags: 'A1, x' }]);
    expect(row.errors).toEqual([
      ['name', 'Enter at most 5 characters.'],
      ['parent', 'Not found: nowhere'],
      ['tags', 'Not found: x'],
      ['sort', 'Enter a whole number.'],
      ['on', 'Enter Y or N.'],
    ]);
    const [empty] = await parse([{ name: '' }]);
    expect(empty.errors).toEqual([['name', 'This field is required.']]);
  });

  it('narrows a label several options share by the row, else calls it ambiguous', async () => {
    const rows = await parse([
      { name: 'a', group: 'g2', parent: 'same' },
      { name: 'b', group: 'g3', parent: 'same' },
    ]);
    expect(rows[0].data.parent).toBe('12');
    expect(rows[1].errors).toEqual([['parent', 'Several items match same. Enter the code or the full path.']]);
  });

  it('lets a row refer to an earlier row of the file, never to a later one', async () => {
    const rows = await parse([
      { name: 'first', group: 'g1' },
      { name: 'child', group: 'g1', parent: 'first' },
      { name: 'early', parent: 'late' },
      { name: 'late' },
    ]);
    expect(rows[1].data.parent).toBe('@3');
    expect(rows[1].errors).toEqual([]);
    expect(rows[2].errors).toEqual([['parent', 'Not found: late']]);
  });

  it('takes the earlier row when the database has an option of the same label', async () => {
    const rows = await parse([
      { name: 'A1' },
      { name: 'child', parent: 'a1' },
      { name: 'B1' },
      { name: 'c', parent: 'B1' },
    ]);
    expect(rows[1].data.parent).toBe('@3');
    expect(rows[3].data.parent).toBe('@5');
    const twice = (await parse([{ name: 'x' }, { name: 'x' }, { name: 'c', parent: 'x' }]))[2];
    expect(twice.errors).toEqual([['parent', 'Several items match x. Enter the code or the full path.']]);
  });

  it('marks duplicates in the file after the first and values the database holds', async () => {
    const rows = await parse([{ name: 'one' }, { name: 'two' }, { name: 'one' }, { name: 'taken' }]);
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      [],
      [['name', 'Duplicated in the file (row 3).']],
      [['name', 'This value already exists.']],
    ]);
  });
});

describe('parentsFirst', () => {
  it('puts a parent before its children and keeps the order otherwise', () => {
    const items = [
      { id: 3, parent: 2 },
      { id: 1, parent: null },
      { id: 2, parent: 1 },
      { id: 4, parent: 99 },
    ];
    expect(
      parentsFirst(
        items,
        (i) => i.id,
        (i) => i.parent,
      ).map((i) => i.id),
    ).toEqual([1, 2, 3, 4]);
  });
});
