import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { orderWorld } from './order.fixtures.ts';

const t = await createTestApp();
const sales = await t.makeUser({ orderInfo: { all: true }, productionPlan: { all: true }, bizPartner: { view: true } });
const viewer = await t.makeUser({ orderInfo: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const world = await orderWorld(t.db);

const call = (method: string, url: string, payload?: unknown, token: string | null = sales.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const customer = await world.partner();
const business = await world.business(customer.id);
const kettle = await world.product();
const fan = await world.product();
const resin = await world.material();

const orderBody = (extra: Record<string, unknown> = {}) => ({
  businessId: business.id,
  orderNo: uniq('SO-'),
  orderDt: '2026-03-02',
  dueDt: '2026-04-30',
  description: '1차 분기 물량',
  ...extra,
});
async function createOrder(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/order', orderBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('POST /api/order', () => {
  it('creates an order with its first order products and materials; totals and amounts', async () => {
    const o = await createOrder({
      products: [
        { productId: kettle.id, qty: 120, dueDt: '2026-04-10', unitPrice: 32000.5, description: '선적 1' },
        { productId: fan.id, qty: 30, dueDt: '2026-04-20' },
      ],
      materials: [{ materialId: resin.id, qty: 250.5, startDt: '2026-03-10', endDt: '2026-04-05', supplied: true }],
    });
    expect(o).toMatchObject({
      businessId: business.id,
      businessCode: business.code,
      businessName: business.name,
      bizPartnerId: customer.id,
      bizPartnerCode: customer.code,
      bizPartnerName: customer.name,
      orderDt: '2026-03-02',
      dueDt: '2026-04-30',
      description: '1차 분기 물량',
      productCount: 2,
      materialCount: 1,
      totalQty: 150,
      amount: 3_840_060,
      createdBy: sales.userId,
    });
    expect(o.products).toEqual([
      expect.objectContaining({
        orderId: o.id,
        orderNo: o.orderNo,
        productId: kettle.id,
        productCode: kettle.code,
        unit: 'EA',
        qty: 120,
        dueDt: '2026-04-10',
        unitPrice: 32000.5,
        amount: 3_840_060,
        plannedQty: 0,
        producedQty: 0,
        remainingQty: 120,
        planCount: 0,
        description: '선적 1',
        bizPartnerId: customer.id,
      }),
      expect.objectContaining({ productId: fan.id, unitPrice: null, amount: null, remainingQty: 30 }),
    ]);
    expect(o.materials).toEqual([
      expect.objectContaining({
        orderId: o.id,
        materialId: resin.id,
        materialCode: resin.code,
        unit: 'KG',
        qty: 250.5,
        startDt: '2026-03-10',
        endDt: '2026-04-05',
        supplied: true,
        description: null,
      }),
    ]);
    const bare = await createOrder({ dueDt: null, description: '' });
    expect(bare).toMatchObject({ dueDt: null, description: null, products: [], materials: [], amount: 0 });
  });

  it('409 DUPLICATE on the order number, whatever the case', async () => {
    const first = await createOrder({ orderNo: uniq('so-Dup-') });
    const res = await call('POST', '/api/order', orderBody({ orderNo: first.orderNo.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'orderNo', existing: { id: first.id, key: first.orderNo } },
    });
  });

  it('400 names the field; a bad line rolls back the whole order', async () => {
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ businessId: 2_000_000_000 })))).toEqual([
      'businessId',
    ]);
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ dueDt: '2026-03-01' })))).toEqual(['dueDt']);
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ orderNo: '' })))).toEqual(['orderNo']);
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ orderDt: undefined })))).toEqual(['orderDt']);
    const badLine = { productId: kettle.id, qty: 0, dueDt: '2026-04-01' };
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ products: [badLine] })))).toEqual(['products.0.qty']);
    const badPrice = { productId: kettle.id, qty: 1, dueDt: '2026-04-01', unitPrice: -1 };
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ products: [badPrice] })))).toEqual([
      'products.0.unitPrice',
    ]);
    const badPeriod = { materialId: resin.id, qty: 1, startDt: '2026-04-02', endDt: '2026-04-01' };
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ materials: [badPeriod] })))).toEqual([
      'materials.0.endDt',
    ]);
    const orderNo = uniq('SO-');
    const missing = await call(
      'POST',
      '/api/order',
      orderBody({
        orderNo,
        products: [
          { productId: kettle.id, qty: 1, dueDt: '2026-04-01' },
          { productId: 2_000_000_000, qty: 1, dueDt: '2026-04-01' },
        ],
      }),
    );
    expect(missing.body.extraData.fields).toEqual([
      { field: 'products.1.productId', message: 'The selected item does not exist.' },
    ]);
    const noMaterial = { materialId: 2_000_000_000, qty: 1, startDt: '2026-04-01', endDt: '2026-04-01' };
    expect(fieldsOf(await call('POST', '/api/order', orderBody({ orderNo, materials: [noMaterial] })))).toEqual([
      'materials.0.materialId',
    ]);
    // Nothing of the refused calls stayed: the number is still free.
    expect((await call('POST', '/api/order', orderBody({ orderNo }))).status).toBe(200);
    expect((await call('POST', '/api/order', orderBody({ unknown: 1 }))).status).toBe(400);
  });

  it('401 without a token, 403 without the create right', async () => {
    expect((await call('POST', '/api/order', orderBody(), null)).status).toBe(401);
    expect((await call('POST', '/api/order', orderBody(), viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/order', () => {
  it("modifies the order's own fields, to another business too; its lines stay", async () => {
    const o = await createOrder({ products: [{ productId: kettle.id, qty: 5, dueDt: '2026-04-01' }] });
    const other = await world.business(customer.id);
    const res = await call('PUT', '/api/order', {
      id: o.id,
      businessId: other.id,
      orderNo: o.orderNo.toLowerCase(),
      orderDt: '2026-03-05',
      dueDt: null,
      description: '변경',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      businessId: other.id,
      businessCode: other.code,
      orderNo: o.orderNo.toLowerCase(),
      orderDt: '2026-03-05',
      dueDt: null,
      description: '변경',
      productCount: 1,
      updatedBy: sales.userId,
    });
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'orders'), eq(changeHistory.rowId, String(o.id))));
    expect(history.map((h) => [h.revisionType, h.updateBy])).toEqual([
      ['ADD', sales.userId],
      ['MOD', sales.userId],
    ]);
  });

  it('409 DUPLICATE, 400, 404, 401, 403', async () => {
    const a = await createOrder();
    const b = await createOrder();
    const put = (extra: Record<string, unknown>, token?: string | null) =>
      call(
        'PUT',
        '/api/order',
        { id: b.id, businessId: business.id, orderNo: b.orderNo, orderDt: b.orderDt, ...extra },
        token,
      );
    const dup = await put({ orderNo: a.orderNo });
    expect([dup.status, dup.body.extraData.field]).toEqual([409, 'orderNo']);
    expect(fieldsOf(await put({ businessId: 2_000_000_000 }))).toEqual(['businessId']);
    expect(fieldsOf(await put({ dueDt: '2026-01-01' }))).toEqual(['dueDt']);
    expect(fieldsOf(await put({ products: [] }))).toEqual(['products']);
    expect((await put({ id: 2_000_000_000 })).status).toBe(404);
    expect((await put({}, null)).status).toBe(401);
    expect((await put({}, viewer.token)).status).toBe(403);
  });
});

describe('GET /api/order', () => {
  it("a business's orders by order date, with line counts; 404 for an unknown business", async () => {
    const b = await world.business(customer.id);
    const late = await createOrder({
      businessId: b.id,
      orderDt: '2026-05-01',
      dueDt: null,
      products: [
        { productId: kettle.id, qty: 2, dueDt: '2026-05-10', unitPrice: 10 },
        { productId: fan.id, qty: 3, dueDt: '2026-05-10' },
      ],
    });
    const early = await createOrder({ businessId: b.id, orderDt: '2026-02-01', dueDt: null });
    const res = await call('GET', `/api/order/orders/${b.id}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: number }) => o.id)).toEqual([early.id, late.id]);
    expect(res.body.data[1]).toMatchObject({ productCount: 2, materialCount: 0, totalQty: 5, amount: 20 });
    expect(res.body.data[1]).not.toHaveProperty('products');
    expect((await call('GET', '/api/order/orders/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', '/api/order/orders/x', undefined, viewer.token)).status).toBe(400);
    expect((await call('GET', `/api/order/orders/${b.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/order/orders/${b.id}`, undefined, stranger.token)).status).toBe(403);
  });

  it('one order with its lines: 200, 404, 401, 403', async () => {
    const o = await createOrder({ products: [{ productId: fan.id, qty: 7, dueDt: '2026-04-01' }] });
    const res = await call('GET', `/api/order/${o.id}`, undefined, viewer.token);
    expect(res.body.data).toEqual(o);
    expect((await call('GET', '/api/order/2000000000', undefined, viewer.token)).status).toBe(404);
    expect((await call('GET', `/api/order/${o.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/order/${o.id}`, undefined, stranger.token)).status).toBe(403);
  });
});

describe('DELETE /api/order', () => {
  it('deletes orders with their lines, one or several', async () => {
    const o = await createOrder({
      products: [{ productId: kettle.id, qty: 5, dueDt: '2026-04-01' }],
      materials: [{ materialId: resin.id, qty: 1, startDt: '2026-04-01', endDt: '2026-04-01' }],
    });
    expect((await call('DELETE', `/api/order/${o.id}`)).status).toBe(200);
    expect((await call('GET', `/api/order/${o.id}`)).status).toBe(404);
    expect((await call('GET', `/api/order-product/${o.products[0].id}`)).status).toBe(404);
    const a = await createOrder();
    const b = await createOrder();
    expect((await call('DELETE', `/api/order/orders/${a.id},${b.id}`)).status).toBe(200);
    expect((await call('GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('an order whose product has a plan is refused with 409 listing the plan; a missing id deletes nothing', async () => {
    const o = await createOrder({ products: [{ productId: kettle.id, qty: 50, dueDt: '2026-06-30' }] });
    const free = await createOrder();
    const planned = await call('POST', `/api/order-product/${o.products[0].id}/plan`, {
      startDt: '2026-06-01',
      lineId: world.branch.line.id,
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const res = await call('DELETE', `/api/order/orders/${free.id},${o.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({
        screen: 'productionPlan',
        id: String(planned.body.data.plan.lotSeq),
        name: kettle.name,
        createdBy: sales.userId,
      }),
    ]);
    expect((await call('GET', `/api/order/${free.id}`)).status).toBe(200);
    const missing = await call('DELETE', `/api/order/orders/${free.id},2000000000`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', `/api/order/${free.id}`)).status).toBe(200);
    // Once the plan is gone (its link goes with it), the order goes too.
    expect((await call('DELETE', `/api/productionplan/plan/${planned.body.data.plan.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/order/${o.id}`)).status).toBe(200);
  });

  it('400, 401, 403', async () => {
    const o = await createOrder();
    expect((await call('DELETE', '/api/order/orders/x')).status).toBe(400);
    expect((await call('DELETE', `/api/order/${o.id}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/api/order/${o.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/order/orders/${o.id}`, undefined, viewer.token)).status).toBe(403);
  });
});

describe("the partner screen's order trees (GET /api/biz-partner/…-tree), answered by this module", () => {
  it('businesses → orders → order products and materials; the product and material trees keep only those lines', async () => {
    const p = await world.partner();
    const b1 = await world.business(p.id);
    const b2 = await world.business(p.id);
    const withLines = await createOrder({
      businessId: b1.id,
      orderDt: '2026-03-01',
      dueDt: '2026-03-31',
      description: '정기',
      products: [{ productId: kettle.id, qty: 12, dueDt: '2026-03-20' }],
      materials: [{ materialId: resin.id, qty: 3, startDt: '2026-03-02', endDt: '2026-03-09' }],
    });
    const onlyMaterial = await createOrder({
      businessId: b1.id,
      orderDt: '2026-03-05',
      dueDt: null,
      description: null,
      materials: [{ materialId: resin.id, qty: 1, startDt: '2026-03-06', endDt: '2026-03-07' }],
    });
    const empty = await createOrder({ businessId: b2.id, orderDt: '2026-03-03' });
    const tree = async (path: string) => {
      const res = await call('GET', `/api/biz-partner/${path}?bizPartnerId=${p.id}`);
      expect(res.status, path).toBe(200);
      return res.body.data;
    };
    const lineOf = (o: { products: { id: number }[] }) => o.products[0].id;
    const [first, second] = [b1, b2].sort((a, b) => a.code.localeCompare(b.code));
    const orders = await tree('orders-tree');
    expect(orders.map((n: { key: string }) => n.key)).toEqual([`B${first.id}`, `B${second.id}`]);
    const b1Node = orders.find((n: { id: number }) => n.id === b1.id);
    expect(b1Node).toMatchObject({ kind: 'BUSINESS', code: b1.code, name: b1.name });
    expect(b1Node.children.map((n: { key: string }) => n.key)).toEqual([`O${withLines.id}`, `O${onlyMaterial.id}`]);
    expect(b1Node.children[0]).toEqual({
      key: `O${withLines.id}`,
      id: withLines.id,
      kind: 'ORDER',
      code: withLines.orderNo,
      name: '정기',
      qty: null,
      unit: null,
      startDt: '2026-03-01',
      endDt: '2026-03-31',
      children: [
        {
          key: `OP${lineOf(withLines)}`,
          id: lineOf(withLines),
          kind: 'ORDER_PRODUCT',
          code: kettle.code,
          name: kettle.name,
          qty: 12,
          unit: 'EA',
          startDt: null,
          endDt: '2026-03-20',
          children: [],
        },
        {
          key: `OM${withLines.materials[0].id}`,
          id: withLines.materials[0].id,
          kind: 'ORDER_MATERIAL',
          code: resin.code,
          name: resin.name,
          qty: 3,
          unit: 'KG',
          startDt: '2026-03-02',
          endDt: '2026-03-09',
          children: [],
        },
      ],
    });
    expect(orders.find((n: { id: number }) => n.id === b2.id).children.map((n: { id: number }) => n.id)).toEqual([
      empty.id,
    ]);
    const productTree = await tree('order-product-tree');
    expect(productTree).toHaveLength(1);
    expect(productTree[0].children.map((n: { id: number }) => n.id)).toEqual([withLines.id]);
    expect(productTree[0].children[0].children.map((n: { kind: string }) => n.kind)).toEqual(['ORDER_PRODUCT']);
    const materialTree = await tree('order-material-tree');
    expect(materialTree.map((n: { id: number }) => n.id)).toEqual([b1.id]);
    expect(materialTree[0].children.map((n: { id: number }) => n.id)).toEqual([withLines.id, onlyMaterial.id]);
    expect(materialTree[0].children[1].children[0]).toMatchObject({ kind: 'ORDER_MATERIAL', qty: 1 });
    const none = await world.partner();
    expect((await call('GET', `/api/biz-partner/orders-tree?bizPartnerId=${none.id}`)).body.data).toEqual([]);
  });
});
