import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { qualityStandards } from '../quality/quality.table.ts';
import { csv, encodeCp949, multipart, xlsx } from './measurement-fixtures.ts';
import { measurementResults, measurementValues } from './measurement-result.table.ts';

// The measurement result paths (README "Paths") through HTTP on a real database, with data made here.

const t = await createTestApp();
const clerk = await t.makeUser({ measurementResult: { all: true }, productQualityInfo: { all: true } });
const viewer = await t.makeUser({ measurementResult: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

async function makeProduct() {
  const [p] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code: uniq('FG').toUpperCase(), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
      .returning(),
  );
  return p;
}
async function makeLot(productId: number) {
  const [l] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(lots)
      .values({ lotId: uniq('LOT').toUpperCase(), productId, day: today })
      .returning(),
  );
  return l;
}
/** 외경 (24.9 … 25.1 mm, 3 samples) and 외관 (OK/NG, 1 sample), final inspection items of the product. */
async function standardOf(productId: number) {
  return withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(qualityStandards)
      .values([
        {
          productId,
          name: '외경',
          unit: 'mm',
          kind: 'NUMBER',
          target: 25,
          lsl: 24.9,
          usl: 25.1,
          sampleSize: 3,
          stage: 'FINAL',
          sort: 1,
        },
        { productId, name: '외관', kind: 'PASS_FAIL', sampleSize: 1, stage: 'FINAL', sort: 2 },
      ])
      .returning(),
  );
}

const product = await makeProduct();
const items = await standardOf(product.id);
const lot = await makeLot(product.id);
const other = await makeProduct();
const otherLot = await makeLot(other.id);
const bare = await makeProduct();

const GOOD = [
  ['항목', '시료', '측정값', '측정일시'],
  ['외경', '1', '25.00', `${today} 09:10`],
  ['외경', '2', '25.05', `${today} 09:11`],
  ['외경', '3', '24.95', `${today} 09:12`],
  ['외관', '1', 'OK', `${today} 09:13`],
];
const NG_FILE = [
  ['Item', 'Sample', 'Value'],
  ['외경', '1', '25.30'],
  ['외관', '1', 'NG'],
];

type Form = { productId?: number | string; lotId?: string; [k: string]: string | number | undefined };
const send = (
  url: string,
  form: Form,
  file: { data: Buffer; name: string; field?: string } | null,
  token: string | null = clerk.token,
) => {
  const body = multipart(form, file, en);
  return t.inject({ method: 'POST', url, payload: body.payload, headers: body.headers, token });
};
const preview = (form: Form, file: { data: Buffer; name: string } | null, token?: string | null) =>
  send('/api/product-measurement-result/preview', form, file, token);
const save = (form: Form, file: { data: Buffer; name: string } | null, token?: string | null) =>
  send('/api/product-measurement-result', form, file, token);
const call = (method: string, url: string, token: string | null = clerk.token) =>
  t.inject({ method, url, token, headers: en });
async function saved(form: Form, data: Buffer, name = 'cmm.csv') {
  const res = await save(form, { data, name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('preview', () => {
  it('answers every row with its judgement and the whole, writing nothing', async () => {
    const before = await t.db.select({ id: measurementResults.id }).from(measurementResults);
    const res = await preview(
      { productId: product.id, lotId: lot.lotId.toLowerCase() },
      { data: csv(GOOD, { bom: true }), name: 'a.csv' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      fileName: 'a.csv',
      format: 'csv',
      encoding: 'utf-8',
      lotRowId: lot.id,
      invalidCount: 0,
      itemCount: 2,
      valueCount: 4,
      ngCount: 0,
      judgement: 'PASS',
    });
    expect(res.body.data.rows[0]).toMatchObject({
      rowNumber: 2,
      item: '외경',
      sample: '1',
      value: '25.00',
      standardId: items[0].id,
      unit: 'mm',
      kind: 'NUMBER',
      lsl: 24.9,
      usl: 25.1,
      judgement: 'PASS',
      errors: [],
    });
    expect(await t.db.select({ id: measurementResults.id }).from(measurementResults)).toHaveLength(before.length);
  });

  it('lists row errors in the caller’s language, and a NG judgement', async () => {
    const bad = [...GOOD, ['두께', '1', '3'], ['외경', '4', '25'], ['외경', '1', 'x']];
    const res = await preview(
      { productId: product.id },
      { data: encodeCp949(bad.map((l) => l.join(',')).join('\n')), name: 'k.csv' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ encoding: 'cp949', invalidCount: 3, judgement: null });
    expect(res.body.data.rows.slice(4).map((r: any) => [r.rowNumber, r.errors])).toEqual([
      [6, [{ column: 'item', message: 'Not an inspection item of the product: 두께' }]],
      [7, [{ column: 'sample', message: 'The sample number runs from 1 to 3 (the item’s sample size).' }]],
      [
        8,
        [
          { column: 'value', message: 'Enter a number.' },
          { column: 'sample', message: 'The same item and sample are already in row 2.' },
        ],
      ],
    ]);
    const kr = multipart(
      { productId: product.id },
      { data: csv([...GOOD, ['두께', '1', '3']]), name: 'k.csv' },
      { 'accept-language': 'ko' },
    );
    const korean = await t.inject({
      method: 'POST',
      url: '/api/product-measurement-result/preview',
      ...kr,
      token: clerk.token,
    });
    expect(korean.body.data.rows[4].errors[0].message).toBe('제품의 검사 항목에 없는 항목입니다: 두께');

    const ng = await preview({ productId: product.id }, { data: await xlsx(NG_FILE), name: 'ng.xlsx' });
    expect(ng.body.data).toMatchObject({ format: 'xlsx', encoding: null, ngCount: 2, judgement: 'FAIL' });
    expect(ng.body.data.rows.map((r: any) => r.judgement)).toEqual(['FAIL', 'FAIL']);
  });

  it('400 on the form: product, lot, file; 409 for a product without a standard', async () => {
    const file = { data: csv(GOOD), name: 'a.csv' };
    expect(fieldsOf(await preview({}, file))).toEqual(['productId']);
    expect(fieldsOf(await preview({ productId: 'x' }, file))).toEqual(['productId']);
    expect(fieldsOf(await preview({ productId: 999999 }, file))).toEqual(['productId']);
    expect(fieldsOf(await preview({ productId: product.id, lotId: 'NO-SUCH-LOT' }, file))).toEqual(['lotId']);
    const foreign = await preview({ productId: product.id, lotId: otherLot.lotId }, file);
    expect(foreign.body.extraData.fields[0].message).toBe('This lot is not a lot of the selected product.');
    expect(fieldsOf(await preview({ productId: product.id, extra: '1' }, file))).toEqual(['extra']);
    expect(fieldsOf(await preview({ productId: product.id }, null))).toEqual(['file']);
    expect(
      fieldsOf(await preview({ productId: product.id }, { data: Buffer.from('%PDF-1.7 x'), name: 'a.csv' })),
    ).toEqual(['file']);
    expect(
      fieldsOf(
        await preview({ productId: product.id }, { data: Buffer.alloc(5 * 1024 * 1024 + 1, 0x41), name: 'big.csv' }),
      ),
    ).toEqual(['file']);
    const columns = await preview({ productId: product.id }, { data: csv([['Item', 'Value']]), name: 'a.csv' });
    expect(columns.status).toBe(400);
    expect(columns.body.extraData.fields[0].message).toMatch(/^Row 1 must hold the columns/);
    const none = await preview({ productId: bare.id }, file);
    expect(none.status).toBe(409);
    expect(none.body.extraData.messageKey).toBe('measurementNoStandard');
  });

  it('415 for a body that is not multipart', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/product-measurement-result/preview',
      payload: { productId: product.id },
      token: clerk.token,
      headers: en,
    });
    expect(res.status).toBe(415);
  });

  it('401 without a token, 403 without create', async () => {
    const file = { data: csv(GOOD), name: 'a.csv' };
    expect((await preview({ productId: product.id }, file, null)).status).toBe(401);
    expect((await preview({ productId: product.id }, file, viewer.token)).status).toBe(403);
    expect((await save({ productId: product.id }, file, viewer.token)).status).toBe(403);
    expect((await save({ productId: product.id }, file, stranger.token)).status).toBe(403);
  });
});

describe('save, get, download', () => {
  it('saves the file, the result and its values; the download is the same bytes', async () => {
    const bytes = csv(GOOD, { bom: true });
    const data = await saved({ productId: product.id, lotId: lot.lotId }, bytes, '외경 측정.csv');
    expect(data).toMatchObject({
      productId: product.id,
      productCode: product.code,
      lotRowId: lot.id,
      lotId: lot.lotId,
      fileName: '외경 측정.csv',
      fileSize: bytes.length,
      itemCount: 2,
      valueCount: 4,
      ngCount: 0,
      judgement: 'PASS',
      createdBy: clerk.userId,
    });
    // The latest 측정일시 of the file.
    expect(new Date(data.measuredAt).getTime()).toBe(new Date(`${today}T09:13:00+09:00`).getTime());
    expect(data.values.map((v: any) => [v.name, v.sampleNo, v.value, v.passed, v.ok])).toEqual([
      ['외경', 1, 25, null, true],
      ['외경', 2, 25.05, null, true],
      ['외경', 3, 24.95, null, true],
      ['외관', 1, null, true, true],
    ]);

    const got = await call('GET', `/api/product-measurement-result/${data.id}`, viewer.token);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(data);

    const file = await call('GET', `/api/product-measurement-result/file/${data.id}`, viewer.token);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;.*filename\*=UTF-8''%EC%99%B8/);
    expect(Buffer.compare(file.raw.rawPayload, bytes)).toBe(0);

    const xlsxBytes = await xlsx(NG_FILE);
    const ng = await saved({ productId: product.id }, xlsxBytes, 'ng.xlsx');
    expect(ng).toMatchObject({ judgement: 'FAIL', ngCount: 2, lotId: null });
    const ngFile = await call('GET', `/api/product-measurement-result/file/${ng.id}`);
    expect(ngFile.headers['content-type']).toMatch(/spreadsheetml/);
    expect(Buffer.compare(ngFile.raw.rawPayload, xlsxBytes)).toBe(0);
    // In the change history (audited tables), the file's bytes kept out.
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'measurement_results'));
    expect(history.some((h) => h.rowId === String(ng.id) && h.revisionType === 'ADD')).toBe(true);
  });

  it('all or none: a file with any row error is a 400 naming the rows, and nothing is written', async () => {
    const count = async () => ({
      results: (await t.db.select({ id: measurementResults.id }).from(measurementResults)).length,
      values: (await t.db.select({ id: measurementValues.id }).from(measurementValues)).length,
      files: (await t.db.select({ id: files.id }).from(files)).length,
    });
    const before = await count();
    const res = await save(
      { productId: product.id },
      { data: csv([...GOOD, ['외경', '9', '25'], ['외관', '1', 'OK']]), name: 'b.csv' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: '2 rows have errors, so nothing was saved.' });
    expect(res.body.extraData.rows.map((r: any) => r.rowNumber)).toEqual([6, 7]);
    expect(res.body.extraData.fields).toEqual([
      { field: 'file', message: '2 rows have errors, so nothing was saved.' },
    ]);
    expect(await count()).toEqual(before);
  });

  it('404 for a result that does not exist; 401, 403', async () => {
    expect((await call('GET', '/api/product-measurement-result/999999')).status).toBe(404);
    expect((await call('GET', '/api/product-measurement-result/file/999999')).status).toBe(404);
    expect((await call('GET', '/api/product-measurement-result/abc')).status).toBe(400);
    expect((await call('GET', '/api/product-measurement-result/1', null)).status).toBe(401);
    expect((await call('GET', '/api/product-measurement-result/1', stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/product-measurement-result/file/1', stranger.token)).status).toBe(403);
  });

  it('a standard item a file was judged by cannot be deleted (409 with the result)', async () => {
    const p = await makeProduct();
    const [item] = await standardOf(p.id);
    const data = await saved(
      { productId: p.id },
      csv([
        ['Item', 'Sample', 'Value'],
        ['외경', '1', '25'],
      ]),
    );
    const res = await call('DELETE', `/api/product-quality/${item.id}`);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual([expect.objectContaining({ screen: 'measurementResult', id: data.id })]);
  });
});

const p = await makeProduct();
await standardOf(p.id);
const l = await makeLot(p.id);
const old = addDays(today, -40);
const a = await saved({ productId: p.id, lotId: l.lotId }, csv([...GOOD.slice(0, 2)]));
const b = await saved(
  { productId: p.id },
  csv([
    ['Item', 'Sample', 'Value', 'Measured at'],
    ['외관', '1', 'NG', `${old} 08:00`],
  ]),
);

describe('list', () => {
  it('by measured day (the last 30 days by default), product, lot, judgement; paged with the total', async () => {
    const list = async (query: string, token = viewer.token) => {
      const res = await call('GET', `/api/product-measurement-result/list?productId=${p.id}${query}`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    expect((await list('')).data.map((r: any) => r.id)).toEqual([a.id]);
    const all = await list(`&startDt=${addDays(today, -60)}&endDt=${today}`);
    expect(all.data.map((r: any) => r.id)).toEqual([a.id, b.id]);
    expect(all.total).toBe(2);
    expect(all.data[0]).toMatchObject({
      productCode: p.code,
      lotId: l.lotId,
      fileName: 'cmm.csv',
      valueCount: 1,
      judgement: 'PASS',
      createdBy: clerk.userId,
    });
    const period = `&startDt=${addDays(today, -60)}&endDt=${today}`;
    expect((await list(`${period}&judgement=FAIL`)).data.map((r: any) => r.id)).toEqual([b.id]);
    expect((await list(`${period}&lotId=${l.lotId.slice(-5).toLowerCase()}`)).data.map((r: any) => r.id)).toEqual([
      a.id,
    ]);
    const page = await list(`${period}&page=2&size=1`);
    expect([page.data.map((r: any) => r.id), page.total]).toEqual([[b.id], 2]);
    expect((await list(`&startDt=${old}&endDt=${old}`)).data.map((r: any) => r.id)).toEqual([b.id]);
  });

  it('the export: the filter as a workbook, headers in the caller’s language', async () => {
    const res = await call(
      'GET',
      `/api/product-measurement-result/list/excel?productId=${p.id}&startDt=${addDays(today, -60)}&endDt=${today}`,
      viewer.token,
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;.*measurement-results-/);
    const [sheet] = await readXlsx(res.raw.rawPayload);
    // Row 1 the column keys, row 2 the headers, data from row 3 (the platform's workbook shape).
    expect(sheet.rows[1].slice(0, 3)).toEqual(['Measured at', 'Judgement', 'Product code']);
    expect(sheet.rows.slice(2).map((r) => r[5])).toEqual(['cmm.csv', 'cmm.csv']);
    expect(sheet.rows[3].slice(0, 2)).toEqual([`${old} 08:00`, '불합격 / Fail']);
    expect((await call('GET', '/api/product-measurement-result/list/excel?judgement=X')).status).toBe(400);
    expect((await call('GET', '/api/product-measurement-result/list/excel', stranger.token)).status).toBe(403);
  });

  it('400 on a bad period or filter; 401, 403', async () => {
    const status = async (query: string, token: string | null = viewer.token) =>
      (await call('GET', `/api/product-measurement-result/list${query}`, token)).status;
    expect(
      fieldsOf(await call('GET', `/api/product-measurement-result/list?startDt=${today}&endDt=${addDays(today, -1)}`)),
    ).toEqual(['endDt']);
    expect(
      fieldsOf(
        await call('GET', `/api/product-measurement-result/list?startDt=${addDays(today, -400)}&endDt=${today}`),
      ),
    ).toEqual(['endDt']);
    expect(await status('?startDt=2026-13-01')).toBe(400);
    expect(await status('?judgement=MAYBE')).toBe(400);
    expect(await status('?productId=0')).toBe(400);
    expect(await status('', null)).toBe(401);
    expect(await status('', stranger.token)).toBe(403);
  });
});

describe('template', () => {
  it('xlsx with the headers in the caller’s language, a row per item and sample of a product; CSV with a BOM', async () => {
    const res = await call('GET', `/api/product-measurement-result/template?productId=${product.id}`, viewer.token);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;.*measurement-template\.xlsx/);
    const [sheet] = await readXlsx(res.raw.rawPayload);
    expect(sheet.rows[0]).toEqual(['Item', 'Sample', 'Value', 'Measured at']);
    expect(sheet.rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['외경', '1'],
      ['외경', '2'],
      ['외경', '3'],
      ['외관', '1'],
    ]);
    const csvRes = await t.inject({
      method: 'GET',
      url: '/api/product-measurement-result/template?format=csv',
      token: viewer.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(csvRes.headers['content-type']).toMatch(/^text\/csv/);
    expect(csvRes.raw.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvRes.raw.rawPayload.toString('utf8').split('\r\n')[0]).toBe('\uFEFF항목,시료,측정값,측정일시');
    expect((await call('GET', '/api/product-measurement-result/template?format=pdf')).status).toBe(400);
    expect((await call('GET', '/api/product-measurement-result/template?productId=999999')).status).toBe(404);
    expect((await call('GET', '/api/product-measurement-result/template', null)).status).toBe(401);
    expect((await call('GET', '/api/product-measurement-result/template', stranger.token)).status).toBe(403);
  });
});

describe('delete', () => {
  it('one, or a list all or none, with their values and files; 404 when one is missing', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await saved({ productId: product.id }, csv(GOOD)));
    const [one, two, three] = made;
    expect((await call('DELETE', `/api/product-measurement-result/${one.id}`, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/product-measurement-result/${one.id}`, null)).status).toBe(401);
    expect((await call('DELETE', `/api/product-measurement-result/${one.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/product-measurement-result/${one.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/product-measurement-result/list/${two.id},${one.id}`)).status).toBe(404);
    expect((await call('GET', `/api/product-measurement-result/${two.id}`)).status).toBe(200);
    expect((await call('DELETE', '/api/product-measurement-result/list/x,1')).status).toBe(400);
    expect((await call('DELETE', `/api/product-measurement-result/list/${two.id}`, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/product-measurement-result/list/${two.id},${three.id}`)).status).toBe(200);
    const ids = made.map((m) => m.id);
    expect(await t.db.select().from(measurementResults).where(inArray(measurementResults.id, ids))).toEqual([]);
    expect(await t.db.select().from(measurementValues).where(inArray(measurementValues.resultId, ids))).toEqual([]);
    expect(
      await t.db
        .select({ id: files.id })
        .from(files)
        .where(
          inArray(
            files.id,
            made.map((m) => m.fileId),
          ),
        ),
    ).toEqual([]);
  });
});
