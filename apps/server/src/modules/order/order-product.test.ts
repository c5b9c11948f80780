import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniq } from '../../test/harness.ts';
import { orderWorld } from './order.fixtures.ts';
import { orderProductPlans } from './order.table.ts';

const t = await createTestApp();
const sales = await t.makeUser({ orderInfo: { all: true } });
const viewer = await t.makeUser({ orderInfo: { view: true } });
const planner = await t.makeUser({ orderInfo: { view: true }, productionPlan: { all: true } });
const plannerOnly = await t.makeUser({ productionPlan: { all: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const world = await orderWorld(t.db);

const call = (method: string, url: string, payload?: unknown, token: string | null = sales.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id);

const kettle = await world.product();
const fan = await world.product();
const resin = await world.material();
const box = await world.material();
const line = world.branch.line;

/** A new customer with a business and an order (lines optional): each test reads only its own customer's rows. */
async function order(lines: { products?: unknown[]; materials?: unknown[] } = {}) {
  const partner = await world.partner();
  const business = await world.business(partner.id);
  const res = await call('POST', '/api/order', {
    businessId: business.id,
    orderNo: uniq('SO-'),
    orderDt: '2026-05-04',
    ...lines,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { partner, business, order: res.body.data as { id: number; orderNo: string; products: { id: number }[] } };
}
const line100 = (extra: Record<string, unknown> = {}) => ({
  productId: kettle.id,
  qty: 100,
  dueDt: '2026-06-12',
  unitPrice: 1000,
  ...extra,
});
const plan = (id: number, body: Record<string, unknown> = {}, token: string | null = planner.token) =>
  call('POST', `/api/order-product/${id}/plan`, { startDt: '2026-06-01', lineId: line.id, ...body }, token);
const getLine = async (id: number) =>
  (await call('GET', `/api/order-product/${id}`, undefined, viewer.token)).body.data;

describe('order products: create, read, modify, delete', () => {
  it('POST one (the detail, with no plans yet) and GET an order’s products', async () => {
    const { order: o } = await order();
    const res = await call('POST', '/api/order-product', { orderId: o.id, ...line100({ description: '긴급' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      orderId: o.id,
      orderNo: o.orderNo,
      productId: kettle.id,
      productCode: kettle.code,
      qty: 100,
      dueDt: '2026-06-12',
      unitPrice: 1000,
      amount: 100000,
      plannedQty: 0,
      producedQty: 0,
      remainingQty: 100,
      planCount: 0,
      description: '긴급',
      plans: [],
      createdBy: sales.userId,
    });
    const early = await call('POST', '/api/order-product', { orderId: o.id, ...line100({ dueDt: '2026-06-01' }) });
    const list = await call('GET', `/api/order-product/order/${o.id}`, undefined, viewer.token);
    expect(ids(list)).toEqual([early.body.data.id, res.body.data.id]);
    expect(list.body.data[0]).not.toHaveProperty('plans');
    expect((await call('GET', '/api/order-product/order/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', `/api/order-product/order/${o.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/order-product/order/${o.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/order-product/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', `/api/order-product/${early.body.data.id}`, undefined, stranger.token)).status).toBe(403);
  });

  it('POST: 400 names the field, 401, 403', async () => {
    const { order: o } = await order();
    const post = (extra: Record<string, unknown>, token?: string | null) =>
      call('POST', '/api/order-product', { orderId: o.id, ...line100(extra) }, token);
    expect(fieldsOf(await post({ orderId: 2_000_000_000 }))).toEqual(['orderId']);
    expect(fieldsOf(await post({ productId: 2_000_000_000 }))).toEqual(['productId']);
    expect(fieldsOf(await post({ qty: 0 }))).toEqual(['qty']);
    expect(fieldsOf(await post({ qty: 1.123456 }))).toEqual(['qty']);
    expect(fieldsOf(await post({ unitPrice: -5 }))).toEqual(['unitPrice']);
    expect(fieldsOf(await post({ dueDt: '2026-13-01' }))).toEqual(['dueDt']);
    expect((await post({ planned: 1 })).status).toBe(400);
    expect((await post({}, null)).status).toBe(401);
    expect((await post({}, viewer.token)).status).toBe(403);
  });

  it('POST in bulk: all or none, an error names the line', async () => {
    const { order: o } = await order();
    const res = await call('POST', '/api/order-product/order-products', [
      { orderId: o.id, ...line100() },
      { orderId: o.id, ...line100({ productId: fan.id, qty: 5 }) },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((r: { productId: number }) => r.productId)).toEqual([kettle.id, fan.id]);
    const bad = await call('POST', '/api/order-product/order-products', [
      { orderId: o.id, ...line100() },
      { orderId: o.id, ...line100({ productId: 2_000_000_000 }) },
    ]);
    expect(bad.body.extraData.fields).toEqual([{ field: '1.productId', message: 'The selected item does not exist.' }]);
    expect(ids(await call('GET', `/api/order-product/order/${o.id}`))).toHaveLength(2);
    expect(fieldsOf(await call('POST', '/api/order-product/order-products', [{ orderId: o.id, qty: 1 }]))).toEqual([
      '0.productId',
      '0.dueDt',
    ]);
    expect((await call('POST', '/api/order-product/order-products', [])).status).toBe(400);
    expect((await call('POST', '/api/order-product/order-products', [], null)).status).toBe(401);
    expect((await call('POST', '/api/order-product/order-products', [], viewer.token)).status).toBe(403);
  });

  it('PUT: quantity, due date, price; the product only while nothing refers to the line', async () => {
    const { order: o } = await order({ products: [line100()] });
    const id = o.products[0].id;
    const put = (extra: Record<string, unknown>, token?: string | null) =>
      call('PUT', '/api/order-product', { id, ...line100(extra) }, token);
    const changed = await put({ productId: fan.id, qty: 80, unitPrice: null, dueDt: '2026-06-20' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ productId: fan.id, qty: 80, unitPrice: null, amount: null });
    expect((await plan(id, { qty: 30 })).status).toBe(200);
    const refused = await put({ productId: kettle.id, qty: 80 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      extraData: { messageKey: 'orderProductPlanned', datas: [expect.objectContaining({ screen: 'productionPlan' })] },
    });
    // A smaller quantity than planned leaves nothing remaining.
    const smaller = await put({ productId: fan.id, qty: 20 });
    expect(smaller.body.data).toMatchObject({ qty: 20, plannedQty: 30, remainingQty: 0 });
    expect(fieldsOf(await put({ productId: 2_000_000_000 }))).toEqual(['productId']);
    expect(fieldsOf(await put({ qty: -1 }))).toEqual(['qty']);
    expect(fieldsOf(await put({ orderId: o.id }))).toEqual(['orderId']);
    expect((await call('PUT', '/api/order-product', { id: 2_000_000_000, ...line100() })).status).toBe(404);
    expect((await put({}, null)).status).toBe(401);
    expect((await put({}, viewer.token)).status).toBe(403);
  });

  it('DELETE: one or several; a line with a plan is refused with 409 listing it; a missing id deletes nothing', async () => {
    const { order: o } = await order({ products: [line100(), line100(), line100()] });
    const [a, b, c] = o.products.map((p) => p.id);
    expect((await call('DELETE', `/api/order-product/${a}`)).status).toBe(200);
    expect((await call('GET', `/api/order-product/${a}`)).status).toBe(404);
    const planned = await plan(c);
    const res = await call('DELETE', `/api/order-product/order-products/${b},${c}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({
        screen: 'productionPlan',
        id: String(planned.body.data.plan.lotSeq),
        name: kettle.name,
      }),
    ]);
    const missing = await call('DELETE', `/api/order-product/order-products/${b},2000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', `/api/order-product/${b}`)).status).toBe(200);
    expect((await call('DELETE', `/api/order-product/order-products/${b}`)).status).toBe(200);
    expect((await call('DELETE', '/api/order-product/order-products/x')).status).toBe(400);
    expect((await call('DELETE', `/api/order-product/${c}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/api/order-product/${c}`, undefined, viewer.token)).status).toBe(403);
  });
});

describe('order materials', () => {
  it('POST one and in bulk, GET by order, PUT, DELETE one and several', async () => {
    const { order: o } = await order();
    const body = { orderId: o.id, materialId: resin.id, qty: 12.5, startDt: '2026-05-10', endDt: '2026-05-20' };
    const one = await call('POST', '/api/order-product/order-material', {
      ...body,
      supplied: true,
      description: '고객 지급',
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({
      orderId: o.id,
      orderNo: o.orderNo,
      materialId: resin.id,
      materialCode: resin.code,
      materialName: resin.name,
      unit: 'KG',
      qty: 12.5,
      supplied: true,
      description: '고객 지급',
      createdBy: sales.userId,
    });
    const bulk = await call('POST', '/api/order-product/order-materials', [
      { ...body, materialId: box.id, startDt: '2026-05-01' },
      body,
    ]);
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data.map((m: { supplied: boolean }) => m.supplied)).toEqual([false, false]);
    const list = await call('GET', `/api/order-product/order-material/${o.id}`, undefined, viewer.token);
    expect(ids(list)).toEqual([bulk.body.data[0].id, one.body.data.id, bulk.body.data[1].id]);
    const put = await call('PUT', '/api/order-product/order-material', {
      id: one.body.data.id,
      materialId: box.id,
      qty: 3,
      startDt: '2026-05-11',
      endDt: '2026-05-11',
    });
    expect(put.body.data).toMatchObject({ materialId: box.id, qty: 3, supplied: false, description: null });
    expect((await call('DELETE', `/api/order-product/order-material/${one.body.data.id}`)).status).toBe(200);
    const both = bulk.body.data.map((m: { id: number }) => m.id).join(',');
    expect((await call('DELETE', `/api/order-product/order-materials/${both}`)).status).toBe(200);
    expect((await call('GET', `/api/order-product/order-material/${o.id}`)).body.data).toEqual([]);
  });

  it('400 names the field (period, material, qty), 404, 401, 403', async () => {
    const { order: o } = await order();
    const body = { orderId: o.id, materialId: resin.id, qty: 1, startDt: '2026-05-10', endDt: '2026-05-20' };
    const post = (extra: Record<string, unknown>, token?: string | null) =>
      call('POST', '/api/order-product/order-material', { ...body, ...extra }, token);
    expect(fieldsOf(await post({ endDt: '2026-05-09' }))).toEqual(['endDt']);
    expect(fieldsOf(await post({ materialId: 2_000_000_000 }))).toEqual(['materialId']);
    expect(fieldsOf(await post({ orderId: 2_000_000_000 }))).toEqual(['orderId']);
    expect(fieldsOf(await post({ qty: 0 }))).toEqual(['qty']);
    expect(fieldsOf(await post({ supplied: 'Y' }))).toEqual(['supplied']);
    const bulkBad = await call('POST', '/api/order-product/order-materials', [
      body,
      { ...body, materialId: 2_000_000_000 },
    ]);
    expect(fieldsOf(bulkBad)).toEqual(['1.materialId']);
    expect((await call('GET', `/api/order-product/order-material/${o.id}`)).body.data).toEqual([]);
    const put = (extra: Record<string, unknown>, token?: string | null) =>
      call(
        'PUT',
        '/api/order-product/order-material',
        { id: 2_000_000_000, ...body, orderId: undefined, ...extra },
        token,
      );
    expect((await put({})).status).toBe(404);
    expect(fieldsOf(await put({ startDt: '2026-06-01' }))).toEqual(['endDt']);
    expect((await call('GET', '/api/order-product/order-material/2000000000')).status).toBe(404);
    expect((await call('DELETE', '/api/order-product/order-material/2000000000')).status).toBe(404);
    expect((await post({}, null)).status).toBe(401);
    expect((await post({}, viewer.token)).status).toBe(403);
    expect((await put({}, viewer.token)).status).toBe(403);
    expect((await call('DELETE', '/api/order-product/order-materials/1', undefined, viewer.token)).status).toBe(403);
    expect((await call('GET', `/api/order-product/order-material/${o.id}`, undefined, stranger.token)).status).toBe(
      403,
    );
  });
});

describe('POST /api/order-product/{id}/plan: a production plan from an order product', () => {
  it('plans part, then the rest; nothing remaining is 409; deleting a plan frees its quantity', async () => {
    const product = await world.product();
    const { partner, order: o } = await order({ products: [line100({ productId: product.id })] });
    const id = o.products[0].id;
    const noProduction = async () =>
      ids(await call('GET', `/api/order-product/no-production?bizPartnerId=${partner.id}`, undefined, viewer.token));
    expect(await noProduction()).toEqual([id]);

    const first = await plan(id, { qty: 60, description: '1차' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.plan).toMatchObject({
      productId: product.id,
      qty: 60,
      startDt: '2026-06-01',
      endDt: '2026-06-12',
      lineId: line.id,
      lotSeq: 1,
      status: 'PLAN_COMPLETED',
      description: '1차',
      createdBy: planner.userId,
    });
    // The product's operation plan was copied, as POST /productionplan/plan does.
    const ops = await call(
      'GET',
      `/api/productionplan/plan/${first.body.data.plan.id}/operplans`,
      undefined,
      planner.token,
    );
    expect(ops.body.data).toMatchObject([
      { seq: 1, operationId: world.forming.id, toolId: world.press.id, targetQty: 60, cycleTime: 10 },
      { seq: 2, operationId: world.packing.id, toolId: world.packer.id, targetQty: 60 },
    ]);
    expect(first.body.data.orderProduct).toMatchObject({ id, plannedQty: 60, remainingQty: 40, planCount: 1 });
    expect(first.body.data.orderProduct.plans).toEqual([
      {
        planId: first.body.data.plan.id,
        lotSeq: 1,
        lotId: null,
        qty: 60,
        startDt: '2026-06-01',
        endDt: '2026-06-12',
        lineId: line.id,
        lineName: line.name,
        goodQty: 0,
      },
    ]);
    expect(await noProduction()).toEqual([id]);

    // More than remains is a 400 on qty; the rest (no qty) takes what remains and the next lot sequence.
    const over = await plan(id, { qty: 40.5 });
    expect(over.status).toBe(400);
    expect(over.body.extraData.fields).toEqual([
      { field: 'qty', message: 'Cannot plan more than the remaining order quantity (40).' },
    ]);
    const second = await plan(id, { startDt: '2026-06-08', endDt: '2026-06-10' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.plan).toMatchObject({ qty: 40, lotSeq: 2, startDt: '2026-06-08', endDt: '2026-06-10' });
    expect(second.body.data.orderProduct).toMatchObject({ plannedQty: 100, remainingQty: 0, planCount: 2 });
    expect(await noProduction()).toEqual([]);

    const third = await plan(id);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: 'CONFLICT',
      extraData: { messageKey: 'orderProductFullyPlanned', orderProductId: id },
    });
    expect(third.body.message).toBe('This order product is fully planned: no quantity remains to plan.');

    // The plan's delete takes its link along: the order product is open again for that quantity.
    expect(
      (await call('DELETE', `/api/productionplan/plan/${second.body.data.plan.id}`, undefined, planner.token)).status,
    ).toBe(200);
    expect(
      await t.db.select().from(orderProductPlans).where(eq(orderProductPlans.planId, second.body.data.plan.id)),
    ).toEqual([]);
    expect(await getLine(id)).toMatchObject({ plannedQty: 60, remainingQty: 40, planCount: 1 });
    expect(await noProduction()).toEqual([id]);
    // The next lot sequence of the product, as POST /productionplan/plan takes it (the deleted plan's number is free).
    const again = await plan(id);
    expect(again.body.data.plan).toMatchObject({ qty: 40, lotSeq: 2 });
  });

  it('what the linked plans made counts as produced, with each plan’s lot', async () => {
    const { partner, order: o } = await order({ products: [line100({ qty: 200 })] });
    const id = o.products[0].id;
    const a = (await plan(id, { qty: 120 })).body.data.plan;
    const b = (await plan(id, { qty: 80, startDt: '2026-06-05' })).body.data.plan;
    await world.produce(a.id, kettle.id, '2026-06-02', 70);
    await world.produce(a.id, kettle.id, '2026-06-03', 45.5);
    await world.produce(b.id, kettle.id, '2026-06-05', 10);
    const detail = await getLine(id);
    expect(detail).toMatchObject({ plannedQty: 200, producedQty: 125.5, remainingQty: 0 });
    expect(detail.plans.map((p: { planId: number; goodQty: number }) => [p.planId, p.goodQty])).toEqual([
      [a.id, 115.5],
      [b.id, 10],
    ]);
    expect(detail.plans[0].lotId).toEqual(expect.any(String));
    const period = await call(
      'GET',
      `/api/order-product/order-products?startDt=2026-06-01&endDt=2026-06-30&bizPartnerId=${partner.id}`,
    );
    expect(period.body.data[0]).toMatchObject({ id, producedQty: 125.5, plannedQty: 200 });
  });

  it('400: the period (given or up to the due date), the line; 404; 401', async () => {
    const { order: o } = await order({ products: [line100({ dueDt: '2026-06-05' })] });
    const id = o.products[0].id;
    expect(fieldsOf(await plan(id, { endDt: '2026-05-31' }))).toEqual(['endDt']);
    // Starting after the due date without an end: the due date is before the start.
    const late = await plan(id, { startDt: '2026-06-06' });
    expect(late.body.extraData.fields).toEqual([
      { field: 'endDt', message: 'The end date must not be before the start date.' },
    ]);
    expect(fieldsOf(await plan(id, { endDt: '2027-06-05' }))).toEqual(['endDt']);
    const notLine = await plan(id, { lineId: world.branch.warehouse.id });
    expect(notLine.body.extraData.fields).toEqual([{ field: 'lineId', message: 'A production plan runs on a line.' }]);
    expect(fieldsOf(await plan(id, { lineId: 2_000_000_000 }))).toEqual(['lineId']);
    expect(fieldsOf(await plan(id, { qty: 0 }))).toEqual(['qty']);
    expect(fieldsOf(await plan(id, { startDt: undefined }))).toEqual(['startDt']);
    expect((await plan(id, { productId: kettle.id })).status).toBe(400);
    expect((await plan(2_000_000_000)).status).toBe(404);
    expect((await plan(id, {}, null)).status).toBe(401);
    // Nothing of the refused calls was planned.
    expect(await getLine(id)).toMatchObject({ plannedQty: 0, planCount: 0 });
  });

  it('403 without productionPlan create, and without orderInfo view', async () => {
    const { order: o } = await order({ products: [line100()] });
    const id = o.products[0].id;
    expect((await plan(id, {}, viewer.token)).status).toBe(403);
    expect((await plan(id, {}, sales.token)).status).toBe(403);
    const res = await plan(id, {}, plannerOnly.token);
    expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await getLine(id)).toMatchObject({ planCount: 0 });
  });

  it('concurrent plans of one order product never plan more than it asks', async () => {
    const { order: o } = await order({ products: [line100({ qty: 30 })] });
    const id = o.products[0].id;
    const results = await Promise.all(Array.from({ length: 4 }, () => plan(id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await getLine(id)).toMatchObject({ plannedQty: 30, remainingQty: 0, planCount: 1 });
  });
});

describe('GET /api/order-product/no-production, /tree, /order-products', () => {
  it('no-production: first due first, by due period, partner and product; 400, 401, 403', async () => {
    const { partner, order: o } = await order({
      products: [
        line100({ dueDt: '2026-07-20' }),
        line100({ dueDt: '2026-07-10', productId: fan.id }),
        line100({ dueDt: '2026-08-10' }),
      ],
    });
    // An order's products come by due date.
    const [early, late, august] = o.products.map((p) => p.id);
    const q = (s: string) => call('GET', `/api/order-product/no-production?bizPartnerId=${partner.id}${s}`);
    expect(ids(await q(''))).toEqual([early, late, august]);
    expect(ids(await q('&startDt=2026-07-15'))).toEqual([late, august]);
    expect(ids(await q('&endDt=2026-07-31'))).toEqual([early, late]);
    expect(ids(await q(`&productId=${fan.id}`))).toEqual([early]);
    expect(fieldsOf(await q('&startDt=2026-07-15&endDt=2026-07-14'))).toEqual(['endDt']);
    expect(fieldsOf(await q('&startDt=2026-01-01&endDt=2027-01-02'))).toEqual(['endDt']);
    // A page and the total; without page and size, every row and no total.
    const page1 = await q('&page=1&size=2');
    expect([ids(page1), page1.body.total]).toEqual([[early, late], 3]);
    const page2 = await q('&page=2&size=2');
    expect([ids(page2), page2.body.total]).toEqual([[august], 3]);
    expect((await q('&startDt=2026-07-15&page=1')).body.total).toBe(2);
    expect((await q('')).body.total).toBeUndefined();
    expect(fieldsOf(await q('&page=0'))).toEqual(['page']);
    expect((await call('GET', '/api/order-product/no-production', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/order-product/no-production', undefined, stranger.token)).status).toBe(403);
  });

  it('tree: partner → business → order → order products due in the period', async () => {
    const {
      partner,
      business,
      order: o,
    } = await order({
      products: [line100({ dueDt: '2026-09-01' }), line100({ dueDt: '2026-10-01', productId: fan.id })],
    });
    const res = await call(
      'GET',
      `/api/order-product/tree?bizPartnerId=${partner.id}&startDt=2026-08-01&endDt=2026-09-30`,
      undefined,
      viewer.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        key: `P${partner.id}`,
        id: partner.id,
        kind: 'PARTNER',
        code: partner.code,
        name: partner.name,
        qty: null,
        unit: null,
        startDt: null,
        endDt: null,
        children: [
          expect.objectContaining({
            key: `B${business.id}`,
            kind: 'BUSINESS',
            children: [
              expect.objectContaining({
                key: `O${o.id}`,
                kind: 'ORDER',
                code: o.orderNo,
                startDt: '2026-05-04',
                children: [
                  expect.objectContaining({
                    key: `OP${o.products[0].id}`,
                    kind: 'ORDER_PRODUCT',
                    code: kettle.code,
                    qty: 100,
                    unit: 'EA',
                    endDt: '2026-09-01',
                  }),
                ],
              }),
            ],
          }),
        ],
      },
    ]);
    const all = await call('GET', `/api/order-product/tree?bizPartnerId=${partner.id}`);
    expect(all.body.data[0].children[0].children[0].children).toHaveLength(2);
    expect(fieldsOf(await call('GET', '/api/order-product/tree?startDt=2026-09-02&endDt=2026-09-01'))).toEqual([
      'endDt',
    ]);
    expect((await call('GET', '/api/order-product/tree', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/order-product/tree', undefined, stranger.token)).status).toBe(403);
  });

  it('order-products: due in the period, paged with the total, text search, and the workbook', async () => {
    const { partner, order: o } = await order({
      products: [
        line100({ dueDt: '2026-11-03', qty: 4, unitPrice: 2.5 }),
        line100({ dueDt: '2026-11-01', productId: fan.id }),
        line100({ dueDt: '2026-12-01' }),
      ],
    });
    const [b, a] = o.products.map((p) => p.id);
    const base = `/api/order-product/order-products?startDt=2026-11-01&endDt=2026-11-30&bizPartnerId=${partner.id}`;
    const page = await call('GET', `${base}&size=1&page=2`, undefined, viewer.token);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, data: [{ id: a, amount: 10, bizPartnerName: partner.name }] });
    expect(ids(await call('GET', `${base}&q=${encodeURIComponent(fan.name)}`))).toEqual([b]);
    expect(ids(await call('GET', `${base}&q=${encodeURIComponent(o.orderNo.toLowerCase())}`))).toEqual([b, a]);
    const xlsx = await call('GET', base.replace('order-products?', 'order-products/excel?'), undefined, viewer.token);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('order-products-');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('C2').value).toBe('Order no.');
    expect([sheet.getCell('D3').value, sheet.getCell('D4').value, sheet.getCell('D5').value]).toEqual([
      fan.code,
      kettle.code,
      null,
    ]);
    expect(sheet.getCell('M4').value).toBe(10);
    expect(fieldsOf(await call('GET', '/api/order-product/order-products'))).toEqual(['startDt', 'endDt']);
    expect(fieldsOf(await call('GET', '/api/order-product/order-products/excel?startDt=2026-01-01'))).toEqual([
      'endDt',
    ]);
    expect(
      fieldsOf(await call('GET', '/api/order-product/order-products?startDt=2026-01-01&endDt=2027-01-02')),
    ).toEqual(['endDt']);
    expect((await call('GET', base, undefined, null)).status).toBe(401);
    expect((await call('GET', base, undefined, stranger.token)).status).toBe(403);
    expect(
      (await call('GET', base.replace('order-products?', 'order-products/excel?'), undefined, stranger.token)).status,
    ).toBe(403);
  });
});
