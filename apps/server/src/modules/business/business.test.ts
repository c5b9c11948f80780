import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniq } from '../../test/harness.ts';
import { orderWorld } from '../order/order.fixtures.ts';

const t = await createTestApp();
const sales = await t.makeUser({ orderInfo: { all: true } });
const viewer = await t.makeUser({ orderInfo: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const world = await orderWorld(t.db);

const call = (method: string, url: string, payload?: unknown, token: string | null = sales.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const customer = await world.partner(['CUSTOMER']);
const supplier = await world.partner(['SUPPLIER']);

const body = (extra: Record<string, unknown> = {}) => ({
  bizPartnerId: customer.id,
  code: uniq('BIZ-'),
  name: '주전자 OEM 연간 공급',
  startDt: '2026-01-01',
  endDt: '2026-12-31',
  manager: '윤지호',
  description: '연 2회 단가 협의',
  ...extra,
});
async function create(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/business', body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; code: string; name: string };
}
async function order(businessId: number) {
  const res = await call('POST', '/api/order', { businessId, orderNo: uniq('SO-'), orderDt: '2026-03-02' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; orderNo: string };
}

describe('POST /api/business', () => {
  it('creates a business of a customer, with its partner', async () => {
    const b = await create();
    expect(b).toMatchObject({
      bizPartnerId: customer.id,
      bizPartnerCode: customer.code,
      bizPartnerName: customer.name,
      name: '주전자 OEM 연간 공급',
      startDt: '2026-01-01',
      endDt: '2026-12-31',
      manager: '윤지호',
      description: '연 2회 단가 협의',
      createdBy: sales.userId,
    });
    const open = await create({ startDt: null, endDt: undefined, manager: '', description: undefined });
    expect(open).toMatchObject({ startDt: null, endDt: null, manager: null, description: null });
  });

  it('409 DUPLICATE on code, whatever the case, naming the business that holds it', async () => {
    const first = await create({ code: uniq('Biz-Dup-') });
    const res = await call('POST', '/api/business', body({ code: first.code.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE');
    expect(res.body.extraData).toMatchObject({ field: 'code', existing: { id: first.id, key: first.code } });
  });

  it('400 names the field: partner missing or not a customer, period, required text, unknown key', async () => {
    const missing = await call('POST', '/api/business', body({ bizPartnerId: 2_000_000_000 }));
    expect(missing.body.extraData.fields).toEqual([
      { field: 'bizPartnerId', message: 'The selected item does not exist.' },
    ]);
    const notCustomer = await call('POST', '/api/business', body({ bizPartnerId: supplier.id }));
    expect(notCustomer.status).toBe(400);
    expect(notCustomer.body.extraData.fields).toEqual([
      { field: 'bizPartnerId', message: 'The partner is not a customer.' },
    ]);
    const kr = await t.inject({
      method: 'POST',
      url: '/api/business',
      payload: body({ bizPartnerId: supplier.id }),
      token: sales.token,
    });
    expect(kr.body.extraData.fields[0].message).toBe('고객사 유형의 거래처가 아닙니다.');
    expect(fieldsOf(await call('POST', '/api/business', body({ endDt: '2025-12-31' })))).toEqual(['endDt']);
    expect(fieldsOf(await call('POST', '/api/business', body({ code: ' ' })))).toEqual(['code']);
    expect(fieldsOf(await call('POST', '/api/business', body({ name: undefined })))).toEqual(['name']);
    expect(fieldsOf(await call('POST', '/api/business', body({ startDt: '2026-02-30' })))).toContain('startDt');
    expect((await call('POST', '/api/business', body({ extra: 1 }))).status).toBe(400);
  });

  it('401 without a token, 403 without the create right', async () => {
    expect((await call('POST', '/api/business', body(), null)).status).toBe(401);
    expect((await call('POST', '/api/business', body(), viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/business', () => {
  it('modifies a business; its own code stays free to it', async () => {
    const b = await create();
    const other = await world.partner(['CUSTOMER', 'OUTSOURCER']);
    const res = await call('PUT', '/api/business', {
      ...body({ code: b.code.toLowerCase(), name: '바뀐 이름', bizPartnerId: other.id }),
      id: b.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: b.id, code: b.code.toLowerCase(), name: '바뀐 이름' });
    expect(res.body.data.bizPartnerId).toBe(other.id);
    expect(res.body.data.updatedBy).toBe(sales.userId);
  });

  it('409 DUPLICATE on another business code, 400, 404, 401, 403', async () => {
    const a = await create();
    const b = await create();
    const dup = await call('PUT', '/api/business', { ...body({ code: a.code }), id: b.id });
    expect([dup.status, dup.body.extraData.field]).toEqual([409, 'code']);
    expect(fieldsOf(await call('PUT', '/api/business', { ...body({ bizPartnerId: supplier.id }), id: b.id }))).toEqual([
      'bizPartnerId',
    ]);
    expect(fieldsOf(await call('PUT', '/api/business', body()))).toEqual(['id']);
    const missing = await call('PUT', '/api/business', { ...body(), id: 2_000_000_000 });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('PUT', '/api/business', { ...body(), id: b.id }, null)).status).toBe(401);
    expect((await call('PUT', '/api/business', { ...body(), id: b.id }, viewer.token)).status).toBe(403);
  });
});

describe('GET /api/business', () => {
  it('one business: 200, 404, 400, 401, 403', async () => {
    const b = await create();
    const res = await call('GET', `/api/business/${b.id}`, undefined, viewer.token);
    expect(res.body.data).toEqual(b);
    expect((await call('GET', '/api/business/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', '/api/business/x', undefined, viewer.token)).status).toBe(400);
    expect((await call('GET', `/api/business/${b.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/business/${b.id}`, undefined, stranger.token)).status).toBe(403);
  });

  it("the partner tree: a partner's businesses by code, each with its orders by order date", async () => {
    const p = await world.partner();
    const b2 = await create({ bizPartnerId: p.id, code: uniq('Z-') });
    const b1 = await create({ bizPartnerId: p.id, code: uniq('A-') });
    const late = await call('POST', '/api/order', {
      businessId: b1.id,
      orderNo: uniq('SO-'),
      orderDt: '2026-04-01',
      dueDt: '2026-04-30',
      description: '2차',
      products: [{ productId: (await world.product()).id, qty: 10, dueDt: '2026-04-30' }],
    });
    const early = await order(b1.id);
    const res = await call('GET', `/api/business/partner-tree/${p.id}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { id: number }) => n.id)).toEqual([b1.id, b2.id]);
    expect(res.body.data[0].children).toEqual([
      {
        id: early.id,
        businessId: b1.id,
        orderNo: early.orderNo,
        orderDt: '2026-03-02',
        dueDt: null,
        description: null,
        productCount: 0,
        materialCount: 0,
      },
      {
        id: late.body.data.id,
        businessId: b1.id,
        orderNo: late.body.data.orderNo,
        orderDt: '2026-04-01',
        dueDt: '2026-04-30',
        description: '2차',
        productCount: 1,
        materialCount: 0,
      },
    ]);
    expect(res.body.data[1]).toMatchObject({ code: b2.code, bizPartnerName: p.name, children: [] });
    const none = await world.partner();
    expect((await call('GET', `/api/business/partner-tree/${none.id}`, undefined, viewer.token)).body.data).toEqual([]);
    expect((await call('GET', '/api/business/partner-tree/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', `/api/business/partner-tree/${p.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/business/partner-tree/${p.id}`, undefined, stranger.token)).status).toBe(403);
  });

  it('the list: by code, filtered by partner and text, paged with the total, and as a workbook', async () => {
    const p = await world.partner();
    const tag = uniq('q');
    const a = await create({ bizPartnerId: p.id, code: `${tag}-A`, manager: '김담당' });
    const b = await create({ bizPartnerId: p.id, code: `${tag}-B` });
    const page = await call(
      'GET',
      `/api/business/businesses?bizPartnerId=${p.id}&size=1&page=2`,
      undefined,
      viewer.token,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, data: [{ id: b.id }] });
    const text = await call('GET', `/api/business/businesses?q=${encodeURIComponent('김담당')}&bizPartnerId=${p.id}`);
    expect(text.body.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const byPartnerName = await call('GET', `/api/business/businesses?q=${encodeURIComponent(p.name)}`);
    expect(byPartnerName.body.data.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    const xlsx = await call('GET', `/api/business/businesses/excel?bizPartnerId=${p.id}`, undefined, viewer.token);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('businesses-');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('B2').value).toBe('Business');
    expect([sheet.getCell('A3').value, sheet.getCell('A4').value, sheet.getCell('A5').value]).toEqual([
      a.code,
      b.code,
      null,
    ]);
    expect(sheet.getCell('D3').value).toBe(p.name);
    expect(fieldsOf(await call('GET', '/api/business/businesses?size=1001'))).toEqual(['size']);
    expect((await call('GET', '/api/business/businesses', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/business/businesses/excel', undefined, stranger.token)).status).toBe(403);
  });
});

describe('DELETE /api/business', () => {
  it('deletes one, and several all at once', async () => {
    const a = await create();
    expect((await call('DELETE', `/api/business/${a.id}`)).status).toBe(200);
    expect((await call('GET', `/api/business/${a.id}`)).status).toBe(404);
    const b = await create();
    const c = await create();
    expect((await call('DELETE', `/api/business/businesses/${b.id},${c.id}`)).status).toBe(200);
    expect((await call('GET', `/api/business/${c.id}`)).status).toBe(404);
  });

  it('a business with orders is refused with 409 listing the orders; a missing id deletes nothing', async () => {
    const held = await create();
    const free = await create();
    const o = await order(held.id);
    const res = await call('DELETE', `/api/business/businesses/${free.id},${held.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'orderInfo', id: o.orderNo, name: held.name, createdBy: sales.userId }),
    ]);
    expect((await call('GET', `/api/business/${free.id}`)).status).toBe(200);
    const missing = await call('DELETE', `/api/business/businesses/${free.id},2000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', `/api/business/${free.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/order/${o.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/business/${held.id}`)).status).toBe(200);
  });

  it('400, 401, 403', async () => {
    const b = await create();
    expect((await call('DELETE', '/api/business/businesses/1,x')).status).toBe(400);
    expect((await call('DELETE', `/api/business/${b.id}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/api/business/${b.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/business/businesses/${b.id}`, undefined, viewer.token)).status).toBe(403);
  });
});
