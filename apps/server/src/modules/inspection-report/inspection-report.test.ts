import { writeFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { createTestApp } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { makePartner } from '../product/master-fixtures.ts';
import { qualityFixtures } from '../quality/quality-fixtures.ts';

const t = await createTestApp();
const w = await qualityFixtures(t);
const clerk = await t.makeUser({ inspectionReport: { all: true } });
const viewer = await t.makeUser({ inspectionReport: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const kr = { 'accept-language': 'ko-KR' };

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token, headers = en) =>
  t.inject({ method, url, payload, token, headers });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

// A product with a FINAL item and a lot, inspected twice (a pass, then a fail of another lot), and an in-process item.
const { product, items, lot } = await w.productWithLot(10);
const weigh = (value: number) => [{ standardId: items[0].id, samples: [{ value }] }];
const passed = await w.ok('POST', '/api/product-quality-result', { lotRowId: lot.lotRowId, items: weigh(101.5) });
const otherLot = await w.addLot(product.id, 5);
const failed = await w.ok('POST', '/api/product-quality-result', { lotRowId: otherLot.lotRowId, items: weigh(99) });
const other = await w.productWithLot(3);
const otherResult = await w.ok('POST', '/api/product-quality-result', {
  lotRowId: other.lot.lotRowId,
  items: [{ standardId: other.items[0].id, samples: [{ value: 120 }] }],
});
const supplier = await makePartner(t.db, ['SUPPLIER']);

const body = (extra: Record<string, unknown> = {}) => ({
  issueDt: w.today,
  bizPartnerId: w.customer.id,
  productId: product.id,
  lotId: lot.lotId.toLowerCase(),
  qty: 10,
  resultIds: [passed.id],
  inspectorName: '김검사',
  approverName: '이승인',
  remarks: '출하 검사 성적서',
  ...extra,
});
async function created(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/inspection-report', body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; reportNo: string; [k: string]: unknown };
}

describe('POST /api/inspection-report', () => {
  it('issues a report numbered IR-<day>-NNN from a result, with the lot given in any case; in the change history', async () => {
    const a = await created();
    const b = await created();
    const day = w.today.replaceAll('-', '');
    expect(a.reportNo).toMatch(new RegExp(`^IR-${day}-\\d{3}$`));
    expect(Number(b.reportNo.slice(-3))).toBe(Number(a.reportNo.slice(-3)) + 1);
    expect(a).toMatchObject({
      lotId: lot.lotId,
      lotRowId: lot.lotRowId,
      bizPartnerName: w.customer.name,
      productCode: product.code,
      judgement: 'PASS',
      resultIds: [passed.id],
      createdBy: clerk.userId,
    });
    const detail = a as unknown as { results: { id: number; items: { samples: { value: number }[] }[] }[] };
    expect(detail.results[0].id).toBe(passed.id);
    expect(detail.results[0].items[0].samples[0].value).toBe(101.5);
    const hist = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'inspection_reports'), eq(changeHistory.rowId, String(a.id))));
    expect(hist.map((h) => h.revisionType)).toEqual(['ADD']);
  });

  it('is FAIL when a result failed; without a lot it takes any final inspection of the product', async () => {
    const r = await created({ lotId: null, resultIds: [passed.id, failed.id] });
    expect(r).toMatchObject({ judgement: 'FAIL', lotId: null, resultIds: [passed.id, failed.id] });
  });

  it('400 naming the fields: dates, quantity, no results, empty inspector, unknown field', async () => {
    const res = await call('POST', '/api/inspection-report', {
      ...body({ issueDt: '2026-02-30', qty: 0, resultIds: [], inspectorName: ' ' }),
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toContain('extra');
    const res2 = await call(
      'POST',
      '/api/inspection-report',
      body({ issueDt: '2026-02-30', qty: 0, resultIds: [], inspectorName: ' ' }),
    );
    expect(fieldsOf(res2).sort()).toEqual(['inspectorName', 'issueDt', 'qty', 'resultIds']);
  });

  it('400: a result of another product or lot, a missing one; a supplier as customer; another product’s lot', async () => {
    const field = async (extra: Record<string, unknown>) => {
      const res = await call('POST', '/api/inspection-report', body(extra));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return [fieldsOf(res), res.body.extraData.fields[0].message];
    };
    expect(await field({ resultIds: [passed.id, otherResult.id] })).toEqual([
      ['resultIds.1'],
      expect.stringContaining('not a product inspection of the selected product'),
    ]);
    expect((await field({ resultIds: [failed.id] }))[0]).toEqual(['resultIds.0']);
    expect((await field({ resultIds: [2_000_000_000] }))[0]).toEqual(['resultIds.0']);
    expect((await field({ bizPartnerId: supplier.id }))[0]).toEqual(['bizPartnerId']);
    expect((await field({ lotId: other.lot.lotId }))[0]).toEqual(['lotId']);
    expect((await field({ lotId: 'NO-SUCH-LOT' }))[0]).toEqual(['lotId']);
    expect((await field({ productId: 2_000_000_000 }))[0]).toEqual(['productId']);
  });

  it('409 DUPLICATE on a report number in any case', async () => {
    const a = await created({ reportNo: 'ir-dup-1' });
    const res = await call('POST', '/api/inspection-report', body({ reportNo: 'IR-DUP-1' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'reportNo' } });
    expect(a.reportNo).toBe('ir-dup-1');
  });

  it('401 without a token, 403 without the create right', async () => {
    expect((await call('POST', '/api/inspection-report', body(), null)).status).toBe(401);
    expect((await call('POST', '/api/inspection-report', body(), viewer.token)).status).toBe(403);
  });
});

describe('GET, PUT, DELETE /api/inspection-report', () => {
  it('lists by issue period, customer, product and text, paged with the total; gets one; 404', async () => {
    const r = await created({ remarks: '목록 확인' });
    const list = await call(
      'GET',
      `/api/inspection-report/inspection-reports?startDt=${w.today}&endDt=${w.today}&productId=${product.id}&q=${encodeURIComponent(r.reportNo)}&page=1&size=10`,
      undefined,
      viewer.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ id: r.id, reportNo: r.reportNo });
    expect(
      (await call('GET', `/api/inspection-report/${r.id}`, undefined, viewer.token)).body.data.results,
    ).toHaveLength(1);
    expect((await call('GET', '/api/inspection-report/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/inspection-report/x')).status).toBe(400);
    expect(
      (await call('GET', '/api/inspection-report/inspection-reports?startDt=2026-01-01&endDt=2025-01-01')).status,
    ).toBe(400);
    expect((await call('GET', `/api/inspection-report/${r.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/inspection-report/${r.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/inspection-report/inspection-reports', undefined, stranger.token)).status).toBe(
      403,
    );
  });

  it('the pick list: a product’s results, a lot’s final ones; 404 for a missing product or lot; 400', async () => {
    const all = await call('GET', `/api/inspection-report/results?productId=${product.id}`, undefined, viewer.token);
    expect(all.body.data.map((r: { id: number }) => r.id).sort()).toEqual([passed.id, failed.id].sort());
    const ofLot = await call(
      'GET',
      `/api/inspection-report/results?productId=${product.id}&lotId=${lot.lotId.toLowerCase()}`,
    );
    expect(ofLot.body.data.map((r: { id: number }) => r.id)).toEqual([passed.id]);
    expect((await call('GET', '/api/inspection-report/results?productId=2000000000')).status).toBe(404);
    expect((await call('GET', `/api/inspection-report/results?productId=${product.id}&lotId=nope`)).status).toBe(404);
    expect((await call('GET', '/api/inspection-report/results')).status).toBe(400);
    expect(
      (await call('GET', `/api/inspection-report/results?productId=${product.id}`, undefined, stranger.token)).status,
    ).toBe(403);
  });

  it('changes a report (keeps its number when the field is emptied); 404, 400, 403', async () => {
    const r = await created();
    const res = await call('PUT', '/api/inspection-report', {
      ...body({ reportNo: '', qty: 7, resultIds: [passed.id] }),
      id: r.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: r.id, reportNo: r.reportNo, qty: 7, updatedBy: clerk.userId });
    expect((await call('PUT', '/api/inspection-report', { ...body(), id: 2_000_000_000 })).status).toBe(404);
    expect(fieldsOf(await call('PUT', '/api/inspection-report', { ...body({ qty: -1 }), id: r.id }))).toEqual(['qty']);
    expect((await call('PUT', '/api/inspection-report', { ...body(), id: r.id }, viewer.token)).status).toBe(403);
  });

  it('deletes reports all or none: 404 when one is missing, 403 without the right, 400 on bad ids', async () => {
    const a = await created();
    const b = await created();
    expect((await call('DELETE', `/api/inspection-report/${a.id},2000000000`)).status).toBe(404);
    expect((await call('DELETE', `/api/inspection-report/${a.id},${b.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', '/api/inspection-report/a,b')).status).toBe(400);
    expect((await call('DELETE', `/api/inspection-report/${a.id},${b.id}`)).status).toBe(200);
    expect((await call('GET', `/api/inspection-report/${a.id}`)).status).toBe(404);
  });

  it('a customer on a report cannot be deleted: 409 with the report on the inspection report screen', async () => {
    const customer = await makePartner(t.db, ['CUSTOMER']);
    const r = await created({ bizPartnerId: customer.id });
    const admin = await t.makeUser({ bizPartner: { all: true } });
    const res = await call('DELETE', `/api/biz-partner/${customer.id}`, undefined, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toContainEqual(
      expect.objectContaining({ screen: 'inspectionReport', id: r.reportNo }),
    );
  });
});

describe('the generic report files /report/pdf|excel/{name}/{type}', () => {
  it('renders the PDF (A4, Korean text, items, judgement) and the Excel of one report', async () => {
    const r = await created({ resultIds: [passed.id] });
    const params = encodeURIComponent(JSON.stringify({ id: r.id }));
    const pdf = await call(
      'GET',
      `/api/report/pdf/inspection-report/single?params=${params}`,
      undefined,
      viewer.token,
      kr,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`inspection-report-${r.reportNo}.pdf`);
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf.raw.rawPayload);
    for (const s of [
      '검사 성적서',
      r.reportNo,
      w.customer.name,
      product.name,
      lot.lotId,
      '중량',
      '101.5',
      '합격',
      '김검사',
      '이승인',
    ])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/inspection-report-kr.pdf`, pdf.raw.rawPayload);
    const enPdf = await call(
      'GET',
      `/api/report/pdf/inspection-report/single?params=${params}`,
      undefined,
      viewer.token,
    );
    expect(textOf(enPdf.raw.rawPayload)).toContain('Inspection Report');
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/inspection-report-en.pdf`, enPdf.raw.rawPayload);

    const xlsx = await call(
      'GET',
      `/api/report/excel/inspection-report/single?params=${params}`,
      undefined,
      viewer.token,
      kr,
    );
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    const cells = sheet.rows.flat();
    expect(cells).toContain(r.reportNo);
    expect(cells).toContain('중량');
  });

  it('the list as Excel, with the filter as params', async () => {
    const r = await created();
    const params = encodeURIComponent(JSON.stringify({ startDt: w.today, endDt: w.today, q: r.reportNo }));
    const res = await call('GET', `/api/report/excel/inspection-report/list?params=${params}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.raw.rawPayload);
    expect(sheet.rows.flat()).toContain(r.reportNo);
  });

  it('404 for an unknown name, type or format; 400 naming the param; 403 without the report’s menu; 401', async () => {
    const r = await created();
    const params = encodeURIComponent(JSON.stringify({ id: r.id }));
    expect((await call('GET', `/api/report/pdf/no-such-report/single?params=${params}`)).status).toBe(404);
    expect((await call('GET', `/api/report/pdf/inspection-report/nope?params=${params}`)).status).toBe(404);
    expect((await call('GET', '/api/report/pdf/inspection-report/list')).status).toBe(404);
    expect(
      (await call('GET', '/api/report/pdf/inspection-report/single?params=%7B%22id%22%3A2000000000%7D')).status,
    ).toBe(404);
    const bad = await call(
      'GET',
      `/api/report/pdf/inspection-report/single?params=${encodeURIComponent('{"id":"x"}')}`,
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['params.id']);
    expect(fieldsOf(await call('GET', '/api/report/pdf/inspection-report/single'))).toEqual(['params.id']);
    expect(fieldsOf(await call('GET', '/api/report/pdf/inspection-report/single?params=%7Bnot-json'))).toEqual([
      'params',
    ]);
    expect(
      fieldsOf(
        await call(
          'GET',
          `/api/report/pdf/inspection-report/single?params=${encodeURIComponent(`{"id":${r.id},"x":1}`)}`,
        ),
      ),
    ).toEqual(['params.x']);
    expect(
      fieldsOf(
        await call(
          'GET',
          `/api/report/excel/inspection-report/list?params=${encodeURIComponent('{"startDt":"2026-05-01","endDt":"2026-01-01"}')}`,
        ),
      ),
    ).toEqual(['params.endDt']);
    expect(
      (await call('GET', `/api/report/pdf/inspection-report/single?params=${params}`, undefined, stranger.token))
        .status,
    ).toBe(403);
    expect(
      (await call('GET', `/api/report/excel/inspection-report/single?params=${params}`, undefined, stranger.token))
        .status,
    ).toBe(403);
    expect(
      (await call('GET', `/api/report/pdf/inspection-report/single?params=${params}`, undefined, null)).status,
    ).toBe(401);
  });

  it('the registry lists every report type with its menu and formats', () => {
    expect(t.app.reports.list()).toEqual(
      expect.arrayContaining([
        { name: 'inspection-report', type: 'single', menu: 'inspectionReport', formats: ['pdf', 'excel'] },
        { name: 'inspection-report', type: 'list', menu: 'inspectionReport', formats: ['excel'] },
      ]),
    );
  });
});
