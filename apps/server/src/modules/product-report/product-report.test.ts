import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { createTestApp } from '../../test/harness.ts';
import { FEB, reportWorld } from '../defect-report/report-fixtures.ts';
import { issuerOf } from '../inspection-report/inspection-report.files.ts';
import { bucketLabel } from './product-report.files.ts';
import { bucketsOf, figuresOf } from './product-report.service.ts';

// The product report against the hand-computed figures of the fixed February 2037 data set
// (defect-report/report-fixtures.ts): planned and good from each plan's last operation, bad from every operation.

const t = await createTestApp();
const viewer = await t.makeUser({ productReport: { view: true } });
const stranger = await t.makeUser({ defectReport: { view: true } });
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
const figures = (f: any) => [f.plannedQty, f.goodQty, f.badQty, f.achievementRate, f.defectRate];
const report = (query: string) => get(`/api/product-report/report?${query}`);
const mine = (data: any) =>
  Object.fromEntries(
    data.products
      .filter((p: any) => [w.p1.id, w.p2.id, w.p3.id].includes(p.productId))
      .map((p: any) => [p.productId, p]),
  );

describe('GET /product-report/report', () => {
  it('by month: planned, good, bad, achievement and defect rate per product (rounded: 1 and 2 places)', async () => {
    const data = ok(await report(`startDt=${FEB.startDt}&endDt=${FEB.endDt}&bucket=month`));
    const p = mine(data);
    // P1: planned = B's targets 50 + 50, good = B's 45 + 40, bad = 2 + 3 + 0 + 1; 85 / 100; 6 / 91 = 6.593… %.
    expect(figures(p[w.p1.id])).toEqual([100, 85, 6, 85, 6.59]);
    expect(p[w.p1.id]).toMatchObject({ productCode: w.p1.code, productName: w.p1.name, unit: 'EA' });
    expect(p[w.p1.id].buckets.map((b: any) => [b.key, b.startDt, b.endDt])).toEqual([
      ['2037-02', '2037-02-01', '2037-02-28'],
    ]);
    // P2: one operation, 27 of 30, 3 bad of 30 made.
    expect(figures(p[w.p2.id])).toEqual([30, 27, 3, 90, 10]);
    // P3: a plan with no results: achievement 0, no defect rate (nothing made).
    expect(figures(p[w.p3.id])).toEqual([20, 0, 0, 0, null]);
    expect(data.buckets.map((b: any) => b.key)).toEqual(['2037-02']);
  });

  it('one product by ISO week: every week of the period, cut by it; empty weeks with zeros and no rates', async () => {
    const data = ok(await report(`startDt=${FEB.startDt}&endDt=${FEB.endDt}&bucket=week&productId=${w.p1.id}`));
    expect(data.products.map((p: any) => p.productId)).toEqual([w.p1.id]);
    // 2037-02-01 is a Sunday: its week starts on Monday 01-26; the last week (Monday 02-23) is cut at 02-28.
    expect(data.buckets.map((b: any) => [b.key, b.startDt, b.endDt, ...figures(b)])).toEqual([
      ['2037-01-26', '2037-02-01', '2037-02-01', 0, 0, 0, null, null],
      ['2037-02-02', '2037-02-02', '2037-02-08', 50, 45, 5, 90, 10],
      ['2037-02-09', '2037-02-09', '2037-02-15', 50, 40, 1, 80, 2.44],
      ['2037-02-16', '2037-02-16', '2037-02-22', 0, 0, 0, null, null],
      ['2037-02-23', '2037-02-23', '2037-02-28', 0, 0, 0, null, null],
    ]);
    expect(data.products[0].buckets.map((b: any) => b.key)).toEqual(['2037-02-02', '2037-02-09']);
    expect(figures(data.total)).toEqual([100, 85, 6, 85, 6.59]);
  });

  it('by day; an empty period answers zeros; the results after the period stay out', async () => {
    const days = ok(await report(`startDt=2037-02-01&endDt=2037-02-05&bucket=day&productId=${w.p2.id}`));
    expect(days.buckets).toHaveLength(5);
    expect(figures(days.buckets[2])).toEqual([30, 27, 3, 90, 10]);
    const empty = ok(await report(`startDt=2037-01-01&endDt=2037-01-31&productId=${w.p1.id}`));
    expect(empty.products).toEqual([]);
    expect(figures(empty.total)).toEqual([0, 0, 0, null, null]);
    const march = ok(await report(`startDt=2037-03-01&endDt=2037-03-31&productId=${w.p1.id}`));
    // 03-02: B (the last operation) 10 of target 10, 5 bad: 100 %, 5 / 15 = 33.33 %.
    expect(figures(march.total)).toEqual([10, 10, 5, 100, 33.33]);
  });

  it('the month bucket is the default; the rates round half up', () => {
    expect(figuresOf({ plannedQty: 150, goodQty: 112, badQty: 9 })).toEqual({
      plannedQty: 150,
      goodQty: 112,
      badQty: 9,
      achievementRate: 74.7, // 74.666…
      defectRate: 7.44, // 7.438…
    });
    expect(figuresOf({ plannedQty: 8, goodQty: 1, badQty: 0 }).achievementRate).toBe(12.5);
    expect(bucketsOf('2037-12-30', '2038-01-02', 'week').map((b) => b.key)).toEqual(['2037-12-28']);
    expect(bucketLabel('2037-12-28', 'week')).toBe('2037-W53');
    expect(bucketLabel('2038-01-04', 'week')).toBe('2038-W01');
  });

  it('400 for bad or reversed dates, a period over 366 days, a bad bucket or id; 401; 403; 404', async () => {
    expect(fieldsOf(await report('startDt=2037-13-01&endDt=2037-02-28'))).toEqual(['startDt']);
    expect(fieldsOf(await report('endDt=2037-02-28'))).toEqual(['startDt']);
    expect(fieldsOf(await report('startDt=2037-03-01&endDt=2037-02-01'))).toEqual(['endDt']);
    expect(fieldsOf(await report('startDt=2036-01-01&endDt=2037-01-01'))).toEqual(['endDt']);
    expect((await report('startDt=2036-01-01&endDt=2036-12-31')).status).toBe(200);
    expect(fieldsOf(await report(`startDt=${FEB.startDt}&endDt=${FEB.endDt}&bucket=year`))).toEqual(['bucket']);
    // By day at most 93 days.
    expect(fieldsOf(await report('startDt=2037-01-01&endDt=2037-04-04&bucket=day'))).toEqual(['endDt']);
    expect((await report('startDt=2037-01-01&endDt=2037-04-03&bucket=day')).status).toBe(200);
    expect(fieldsOf(await report(`startDt=${FEB.startDt}&endDt=${FEB.endDt}&productId=-1`))).toEqual(['productId']);
    const url = `/api/product-report/report?startDt=${FEB.startDt}&endDt=${FEB.endDt}`;
    expect(ok(await get(url)).bucket).toBe('month');
    expect((await get(url, null)).status).toBe(401);
    expect((await get(url, stranger.token)).status).toBe(403);
    const missing = await report(`startDt=${FEB.startDt}&endDt=${FEB.endDt}&productId=2000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('the product report files (/report/pdf|excel/product-report/period)', () => {
  const params = (p: object) => encodeURIComponent(JSON.stringify(p));
  const p1Weeks = params({ ...FEB, bucket: 'week', productId: w.p1.id });

  it('PDF: heading with company, period and print time; totals and the table (kr and en)', async () => {
    const pdf = await get(`/api/report/pdf/product-report/period?params=${p1Weeks}`, viewer.token, kr);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('product-report-week-20370201-20370228.pdf');
    const text = textOf(pdf.raw.rawPayload);
    for (const s of [
      '제품 생산 보고서',
      await issuerOf(t.db),
      '2037-02-01 ~ 2037-02-28',
      '출력 일시',
      '주별',
      w.p1.code,
      '2037-W06',
      '85.0',
      '6.59',
      '80.0',
      '2.44',
      '소계',
      '합계',
      '기간별 생산',
    ])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/product-report-kr.pdf`, pdf.raw.rawPayload);
    const all = params({ ...FEB, bucket: 'day' });
    expect(
      fieldsOf(
        await get(
          `/api/report/pdf/product-report/period?params=${params({ startDt: '2037-01-01', endDt: '2037-12-31', bucket: 'day' })}`,
        ),
      ),
    ).toEqual(['params.endDt']);
    const enPdf = await get(`/api/report/pdf/product-report/period?params=${all}`);
    const enText = textOf(enPdf.raw.rawPayload);
    for (const s of ['Product Report', 'Achievement (%)', 'Production by period', 'Printed'])
      expect(enText).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/product-report-en.pdf`, enPdf.raw.rawPayload);
  });

  it('Excel: each product’s subtotal, its buckets, the grand total', async () => {
    const xlsx = await get(`/api/report/excel/product-report/period?params=${p1Weeks}`, viewer.token, kr);
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    const rows = sheet.rows as unknown[][];
    expect(rows.flat()).toContain('2037-02-01 ~ 2037-02-28');
    const start = rows.findIndex((r) => r[0] === '제품 코드');
    expect(rows.slice(start, start + 5).map((r) => r.slice(0, 9))).toEqual([
      ['제품 코드', '제품명', '단위', '기간', '계획 수량', '양품 수량', '불량 수량', '달성률(%)', '불량률(%)'],
      [w.p1.code, w.p1.name, 'EA', '소계', '100', '85', '6', '85', '6.59'],
      ['', '', 'EA', '2037-W06', '50', '45', '5', '90', '10'],
      ['', '', 'EA', '2037-W07', '50', '40', '1', '80', '2.44'],
      ['합계', '', '', '', '100', '85', '6', '85', '6.59'],
    ]);
  });

  it('400 naming the param, 401, 403 without the menu, 404 for a missing product', async () => {
    expect(
      fieldsOf(await get(`/api/report/pdf/product-report/period?params=${params({ ...FEB, bucket: 'x' })}`)),
    ).toEqual(['params.bucket']);
    expect(
      fieldsOf(await get(`/api/report/excel/product-report/period?params=${params({ startDt: FEB.startDt })}`)),
    ).toEqual(['params.endDt']);
    expect((await get(`/api/report/pdf/product-report/period?params=${p1Weeks}`, null)).status).toBe(401);
    expect((await get(`/api/report/pdf/product-report/period?params=${p1Weeks}`, stranger.token)).status).toBe(403);
    const missing = params({ ...FEB, productId: 2000000000 });
    expect((await get(`/api/report/excel/product-report/period?params=${missing}`)).status).toBe(404);
  });
});
