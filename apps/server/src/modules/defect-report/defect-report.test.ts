import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { createTestApp } from '../../test/harness.ts';
import { issuerOf } from '../inspection-report/inspection-report.files.ts';
import { FEB, reportWorld } from './report-fixtures.ts';

// The defect report against the hand-computed figures of the fixed February 2037 data set (report-fixtures.ts).

const t = await createTestApp();
const viewer = await t.makeUser({ defectReport: { view: true } });
const stranger = await t.makeUser({ productReport: { view: true } });
const w = await reportWorld(t);
const kr = { 'accept-language': 'kr' };
const en = { 'accept-language': 'en' };

const get = (url: string, token: string | null = viewer.token, headers = en) =>
  t.inject({ method: 'GET', url, token, headers });
const ok = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const feb = (groupBy: string, query = '') => `/api/defect-report/${groupBy}/${FEB.startDt}/${FEB.endDt}${query}`;
/** key, qty, share, cumulative share of each row. */
const table = (data: any) =>
  data.rows.map((r: any) => [r.unclassified ? '?' : r.code, r.qty, r.share, r.cumulativeShare]);

describe('GET /defect-report/{groupBy}/{startDt}/{endDt}', () => {
  it('by defect type: largest first, the bad quantity without a type as the last row, shares and cumulative shares', async () => {
    const data = ok(await get(feb('defect-type', `?productId=${w.p1.id}`)));
    // P1 in February: APPEARANCE 2 + 1, FUNCTION 1, and 3 − 1 = 2 of the 02-02 B result without a type.
    expect(table(data)).toEqual([
      ['APPEARANCE', 3, 50, 50],
      ['FUNCTION', 1, 16.67, 66.67],
      ['?', 2, 33.33, 100],
    ]);
    expect(data.totalQty).toBe(6);
    expect(data.rows[0]).toMatchObject({ key: 'APPEARANCE', name: '외관 불량', nameEn: 'Appearance defect' });
    expect(data.rows[2]).toMatchObject({ key: '', code: null, name: null, unclassified: true });
  });

  it('by product and by operation: every operation’s bad quantity, the results after the period left out', async () => {
    const byProduct = ok(await get(feb('product')));
    const mine = byProduct.rows.filter((r: any) => [String(w.p1.id), String(w.p2.id)].includes(r.key));
    expect(mine.map((r: any) => [r.key, r.code, r.qty])).toEqual([
      [String(w.p1.id), w.p1.code, 6],
      [String(w.p2.id), w.p2.code, 3],
    ]);
    const byOperation = ok(await get(feb('operation', `?productId=${w.p1.id}`)));
    expect(table(byOperation)).toEqual([
      [w.opB.code, 4, 66.67, 66.67],
      [w.opA.code, 2, 33.33, 100],
    ]);
    expect(byOperation.rows[0].name).toBe(w.opB.name);
  });

  it('filters by operation and defect type; ties by code; rounding to 2 places', async () => {
    // Operation B of P1: FUNCTION 1, APPEARANCE 1 (02-10), 2 unclassified — a tie ordered by code.
    const b = ok(await get(feb('defect-type', `?productId=${w.p1.id}&operationId=${w.opB.id}`)));
    expect(table(b)).toEqual([
      ['APPEARANCE', 1, 25, 25],
      ['FUNCTION', 1, 25, 50],
      ['?', 2, 50, 100],
    ]);
    // APPEARANCE only, by operation, both products: A 2 (P1) + 1 (P2), B 1.
    const appearance = ok(await get(feb('operation', '?defectCode=APPEARANCE')));
    const rows = appearance.rows.filter((r: any) => [w.opA.code, w.opB.code].includes(r.code));
    expect(rows.map((r: any) => [r.code, r.qty])).toEqual([
      [w.opA.code, 3],
      [w.opB.code, 1],
    ]);
    expect(appearance.rows.some((r: any) => r.unclassified)).toBe(false);
    // Both products by type: APPEARANCE 4, FUNCTION 3, unclassified 2 of 9 → 44.44, 33.33 (77.78), 22.22 (100).
    const both = ok(await get(feb('defect-type', `?operationId=${w.opA.id}`)));
    expect(table(both)).toEqual([
      ['APPEARANCE', 3, 60, 60],
      ['FUNCTION', 2, 40, 100],
    ]);
    const p2 = ok(await get(feb('product', `?productId=${w.p2.id}`)));
    expect(table(p2)).toEqual([[w.p2.code, 3, 100, 100]]);
  });

  it('an empty period: no rows, total 0; a product with a plan but no results has no row', async () => {
    const empty = ok(await get(`/api/defect-report/defect-type/2037-01-01/2037-01-31?productId=${w.p1.id}`));
    expect(empty).toEqual({
      groupBy: 'defect-type',
      startDt: '2037-01-01',
      endDt: '2037-01-31',
      rows: [],
      totalQty: 0,
    });
    expect(ok(await get(feb('product', `?productId=${w.p3.id}`))).rows).toEqual([]);
    // The day after the period's 02-10 … 03-02 is counted only from March on.
    const march = ok(await get(`/api/defect-report/defect-type/2037-03-01/2037-03-31?productId=${w.p1.id}`));
    expect(table(march)).toEqual([['APPEARANCE', 5, 100, 100]]);
  });

  it('400 for a bad group, bad or reversed dates, a period over 366 days, a bad id; 401; 403; 404', async () => {
    expect(fieldsOf(await get('/api/defect-report/line/2037-02-01/2037-02-28'))).toEqual(['groupBy']);
    expect(fieldsOf(await get('/api/defect-report/product/2037-13-01/2037-03-01'))).toEqual(['startDt']);
    expect(fieldsOf(await get('/api/defect-report/product/2037-03-01/2037-02-01'))).toEqual(['endDt']);
    const long = await get('/api/defect-report/product/2036-01-01/2037-01-01');
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(long)).toEqual(['endDt']);
    expect((await get('/api/defect-report/product/2036-01-01/2036-12-31')).status).toBe(200);
    expect(fieldsOf(await get(feb('product', '?productId=x')))).toEqual(['productId']);
    expect(fieldsOf(await get(feb('product', '?operationId=0')))).toEqual(['operationId']);
    expect((await get(feb('product'), null)).status).toBe(401);
    expect((await get(feb('product'), stranger.token)).status).toBe(403);
    expect((await get(feb('product', '?productId=2000000000'))).status).toBe(404);
    expect((await get(feb('product', '?operationId=2000000000'))).status).toBe(404);
    const noCode = await get(feb('product', '?defectCode=NO_SUCH_DEFECT'));
    expect([noCode.status, noCode.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('the defect report files (/report/pdf|excel/defect-report/period)', () => {
  const params = (p: object) => encodeURIComponent(JSON.stringify(p));
  const mine = params({ groupBy: 'defect-type', ...FEB, productId: w.p1.id });

  it('PDF: heading with company, period and print time; the filters; the table with its total (kr and en)', async () => {
    const pdf = await get(`/api/report/pdf/defect-report/period?params=${mine}`, viewer.token, kr);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('defect-report-defect-type-20370201-20370228.pdf');
    const text = textOf(pdf.raw.rawPayload);
    for (const s of [
      '불량 보고서',
      await issuerOf(t.db),
      '2037-02-01 ~ 2037-02-28',
      '출력 일시',
      '불량 유형',
      // The filter's cell shortens a long "code name" with an ellipsis (the test's made-up names vary in length).
      w.p1.code,
      '외관 불량',
      '기능 불량',
      '미분류',
      '16.67',
      '66.67',
      '33.33',
      '합계',
      '파레토 차트',
    ])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/defect-report-kr.pdf`, pdf.raw.rawPayload);
    const enPdf = await get(`/api/report/pdf/defect-report/period?params=${mine}`);
    const enText = textOf(enPdf.raw.rawPayload);
    for (const s of ['Defect Report', 'Appearance defect', 'Unclassified', 'Pareto chart', 'Printed'])
      expect(enText).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/defect-report-en.pdf`, enPdf.raw.rawPayload);
    const empty = await get(
      `/api/report/pdf/defect-report/period?params=${params({ groupBy: 'product', startDt: '2037-01-01', endDt: '2037-01-31', productId: w.p1.id })}`,
      viewer.token,
      kr,
    );
    expect(textOf(empty.raw.rawPayload)).toContain('기간 안에 불량 실적이 없습니다');
  });

  it('Excel: the rows with rank, quantity, share and cumulative share, and the total', async () => {
    const xlsx = await get(`/api/report/excel/defect-report/period?params=${mine}`, viewer.token, kr);
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    const rows = sheet.rows as unknown[][];
    expect(rows.flat()).toContain('불량 보고서');
    expect(rows.flat()).toContain('2037-02-01 ~ 2037-02-28');
    const start = rows.findIndex((r) => r[0] === '순위');
    expect(rows.slice(start, start + 5).map((r) => r.slice(0, 6))).toEqual([
      ['순위', '코드', '불량 유형', '불량 수량', '점유율(%)', '누적 점유율(%)'],
      ['1', 'APPEARANCE', '외관 불량', '3', '50', '50'],
      ['2', 'FUNCTION', '기능 불량', '1', '16.67', '66.67'],
      ['3', '', '미분류', '2', '33.33', '100'],
      ['합계', '', '', '6', '100', ''],
    ]);
  });

  it('400 naming the param, 403 without the menu, 404 for a filter naming nothing', async () => {
    const bad = await get(`/api/report/pdf/defect-report/period?params=${params({ ...FEB, groupBy: 'x' })}`);
    expect(fieldsOf(bad)).toEqual(['params.groupBy']);
    const long = await get(
      `/api/report/excel/defect-report/period?params=${params({ groupBy: 'product', startDt: '2036-01-01', endDt: '2037-01-01' })}`,
    );
    expect(fieldsOf(long)).toEqual(['params.endDt']);
    expect((await get(`/api/report/pdf/defect-report/period?params=${mine}`, stranger.token)).status).toBe(403);
    expect((await get(`/api/report/pdf/defect-report/period?params=${mine}`, null)).status).toBe(401);
    const missing = params({ groupBy: 'product', ...FEB, productId: 2000000000 });
    expect((await get(`/api/report/pdf/defect-report/period?params=${missing}`)).status).toBe(404);
  });
});
