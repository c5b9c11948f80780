import { writeFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { products } from '../product/product.table.ts';
import { qualityFixtures } from '../quality/quality-fixtures.ts';

const t = await createTestApp();
const w = await qualityFixtures(t);
const clerk = await t.makeUser({ inspectReport: { all: true } });
const viewer = await t.makeUser({ inspectReport: { view: true } });
const stranger = await t.makeUser({ inspectionReport: { all: true } });
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko' };
const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token, headers = en) =>
  t.inject({ method, url, payload, token, headers });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const { product, items, lot } = await w.productWithLot(10);
const result = await w.ok('POST', '/api/product-quality-result', {
  lotRowId: lot.lotRowId,
  items: [{ standardId: items[0].id, samples: [{ value: 104.25 }] }],
});
const other = await w.productWithLot(3);

// A drawing as the product's design image: a PNG (bwip-js draws one), big enough to see in the PDF.
const drawing = await bwipjs.toBuffer({ bcid: 'datamatrix', text: `DRAWING ${product.code}`, scale: 8, padding: 4 });
await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [f] = await tx
    .insert(files)
    .values({ name: 'drawing.png', mimeType: 'image/png', size: drawing.length, data: drawing })
    .returning({ id: files.id });
  await tx.update(products).set({ designImageId: f.id }).where(eq(products.id, product.id));
});

const typed = [
  {
    name: '인장 강도',
    method: 'KS B 0802',
    unit: 'MPa',
    lsl: 400,
    usl: 550,
    target: 470,
    value: '482',
    judgement: 'PASS',
  },
  { name: '외관', value: '양호', judgement: 'PASS' },
];
const body = (extra: Record<string, unknown> = {}) => ({
  testDt: w.today,
  productId: product.id,
  lotId: lot.lotId,
  bizPartnerId: w.customer.id,
  testerName: '박시험',
  approverName: '최승인',
  remarks: '정기 시험',
  items: typed,
  ...extra,
});
async function created(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/testreport/report', body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; reportNo: string; items: { value: string }[]; [k: string]: unknown };
}

describe('test reports (/testreport/report, /report/{id}, /reports/{ids})', () => {
  it('records typed items, numbered TR-<day>-NNN, judged PASS; in the change history', async () => {
    const r = await created();
    expect(r.reportNo).toMatch(new RegExp(`^TR-${w.today.replaceAll('-', '')}-\\d{3}$`));
    expect(r).toMatchObject({
      productCode: product.code,
      lotId: lot.lotId,
      bizPartnerName: w.customer.name,
      judgement: 'PASS',
      itemCount: 2,
      hasDesignImage: true,
      items: [
        { name: '인장 강도', lsl: 400, usl: 550, value: '482', judgement: 'PASS' },
        { name: '외관', method: null, lsl: null, value: '양호' },
      ],
    });
    const hist = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'test_reports'), eq(changeHistory.rowId, String(r.id))));
    expect(hist.map((h) => h.revisionType)).toEqual(['ADD']);
  });

  it('copies the items of a product quality result when none are typed', async () => {
    const r = await created({ items: [], resultId: result.id });
    expect(r).toMatchObject({
      resultId: result.id,
      judgement: 'PASS',
      items: [{ name: '중량', unit: 'g', lsl: 100, value: '104.25', judgement: 'PASS' }],
    });
  });

  it('400 naming the fields: no items and no result, a result of another product, bad item, unknown field', async () => {
    expect(fieldsOf(await call('POST', '/api/testreport/report', body({ items: [] })))).toEqual(['items']);
    const otherResult = await w.ok('POST', '/api/product-quality-result', {
      lotRowId: other.lot.lotRowId,
      items: [{ standardId: other.items[0].id, samples: [{ value: 120 }] }],
    });
    expect(fieldsOf(await call('POST', '/api/testreport/report', body({ resultId: otherResult.id })))).toEqual([
      'resultId',
    ]);
    expect(
      fieldsOf(
        await call('POST', '/api/testreport/report', body({ items: [{ name: '', value: 'x', judgement: 'MAYBE' }] })),
      ).sort(),
    ).toEqual(['items.0.judgement', 'items.0.name']);
    expect(
      fieldsOf(await call('POST', '/api/testreport/report', body({ testDt: 'x', testerName: '' }))).sort(),
    ).toEqual(['testDt', 'testerName']);
    expect(fieldsOf(await call('POST', '/api/testreport/report', { ...body(), what: 1 }))).toEqual(['what']);
    expect(
      fieldsOf(await call('POST', '/api/testreport/report', body({ items: [{ ...typed[0], lsl: 600, usl: 550 }] }))),
    ).toEqual(['items.0.usl']);
    expect(fieldsOf(await call('POST', '/api/testreport/report', body({ lotId: other.lot.lotId })))).toEqual(['lotId']);
  });

  it('lists by period and text (paged), gets one, changes it; 401, 403, 404', async () => {
    const r = await created();
    const list = await call(
      'GET',
      `/api/testreport/report?startDt=${w.today}&endDt=${w.today}&q=${r.reportNo}&page=1&size=5`,
      undefined,
      viewer.token,
    );
    expect(list.body).toMatchObject({ total: 1, data: [{ id: r.id, itemCount: 2 }] });
    expect((await call('GET', `/api/testreport/report/${r.id}`, undefined, viewer.token)).body.data.items).toHaveLength(
      2,
    );
    const changed = await call('PUT', '/api/testreport/report', {
      ...body({ items: [{ ...typed[0], value: '390', judgement: 'FAIL' }] }),
      id: r.id,
    });
    expect(changed.body.data).toMatchObject({ reportNo: r.reportNo, judgement: 'FAIL', itemCount: 1 });
    expect((await call('PUT', '/api/testreport/report', { ...body(), id: 2_000_000_000 })).status).toBe(404);
    expect((await call('PUT', '/api/testreport/report', { ...body(), id: r.id }, viewer.token)).status).toBe(403);
    expect((await call('GET', '/api/testreport/report/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/testreport/report?startDt=2026-13-01')).status).toBe(400);
    expect((await call('GET', '/api/testreport/report', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/testreport/report', undefined, stranger.token)).status).toBe(403);
    expect(
      (await call('GET', `/api/testreport/results?productId=${product.id}`, undefined, viewer.token)).body.data[0].id,
    ).toBe(result.id);
  });

  it('serves the product’s design image; 404 without one or for a missing report; 403', async () => {
    const r = await created();
    const img = await call('GET', `/api/report/${r.id}/design-image`, undefined, viewer.token);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.raw.rawPayload.equals(drawing)).toBe(true);
    const noImage = await created({ productId: other.product.id, lotId: null, items: typed });
    expect(noImage.hasDesignImage).toBe(false);
    expect((await call('GET', `/api/report/${noImage.id}/design-image`)).status).toBe(404);
    expect((await call('GET', '/api/report/2000000000/design-image')).status).toBe(404);
    expect((await call('GET', `/api/report/${r.id}/design-image`, undefined, stranger.token)).status).toBe(403);
  });

  it('deletes one or several (all or none); 404, 403, 400', async () => {
    const a = await created();
    const b = await created();
    const c = await created();
    expect((await call('DELETE', `/api/report/${a.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/report/${a.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/report/${a.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/reports/${b.id},${a.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/reports/x')).status).toBe(400);
    expect((await call('DELETE', `/api/reports/${b.id},${c.id}`)).status).toBe(200);
    expect((await call('GET', `/api/testreport/report/${c.id}`)).status).toBe(404);
  });

  it('the PDF embeds the design image and prints the items in Korean; Excel; 403 with another menu’s right', async () => {
    const r = await created({ remarks: '도면 포함 시험 성적서' });
    const params = encodeURIComponent(JSON.stringify({ id: r.id }));
    const pdf = await call('GET', `/api/report/pdf/test-report/single?params=${params}`, undefined, viewer.token, kr);
    expect(pdf.status).toBe(200);
    const bytes = pdf.raw.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(bytes);
    for (const s of ['시험 성적서', r.reportNo, '인장 강도', 'KS B 0802', '482', '합격', '박시험', '최승인', '도면'])
      expect(text).toContain(s);
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
    if (process.env.REPORT_PDF_OUT) writeFileSync(`${process.env.REPORT_PDF_OUT}/test-report-kr.pdf`, bytes);
    const enPdf = await call('GET', `/api/report/pdf/test-report/single?params=${params}`, undefined, viewer.token);
    expect(textOf(enPdf.raw.rawPayload)).toContain('Test Report');
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/test-report-en.pdf`, enPdf.raw.rawPayload);
    const xlsx = await call(
      'GET',
      `/api/report/excel/test-report/single?params=${params}`,
      undefined,
      viewer.token,
      kr,
    );
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    expect(sheet.rows.flat()).toContain('인장 강도');
    const list = await call(
      'GET',
      `/api/report/excel/test-report/list?params=${encodeURIComponent(JSON.stringify({ q: r.reportNo }))}`,
      undefined,
      viewer.token,
    );
    expect((await readXlsx(list.raw.rawPayload))[0].rows.flat()).toContain(r.reportNo);
    expect(
      (await call('GET', `/api/report/pdf/test-report/single?params=${params}`, undefined, stranger.token)).status,
    ).toBe(403);
    expect((await call('GET', '/api/report/pdf/test-report/single?params=%7B%22id%22%3A0%7D')).status).toBe(400);
  });
});
