import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { orderWorld } from '../order/order.fixtures.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { productionMaterialStocks } from '../production-material/production-material.table.ts';
import { shipmentLots, shipments } from '../shipment/shipment.table.ts';

// Requirement tracking against a small hand-built data set (README.md "Formulas"): one order of two products — the
// kettle planned (80 of 100), partly produced (50) and shipped (30, and a canceled 10), the fan neither — plus a later
// order of the kettle in the period and one after it; the kettle's BOM has a semi-finished level (a body of 2 per
// kettle, made of 3 of resin and 0.5 of steel) and 1 of steel with 10% loss; the fan takes 2 of steel. The orders'
// materials: 7 of labels we buy and 5 of resin the customer supplies. Orders through the order API, the rest inserted
// as the modules that own it would.

const t = await createTestApp();
const sales = await t.makeUser({ orderInfo: { all: true }, productionPlan: { all: true } });
const viewer = await t.makeUser({ trackingReport: { view: true } });
const stranger = await t.makeUser({ lotReport: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const world = await orderWorld(t.db);
const { line, shelf } = world.branch;

const call = (method: string, url: string, payload?: unknown, token: string | null = sales.token) =>
  t.inject({ method, url, payload, token, headers: en });
const get = (url: string, token: string | null = viewer.token) => call('GET', url, undefined, token);
const ok = <T = any>(res: { status: number; body: any }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
};
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const START = '2030-03-01';
const END = '2030-03-31';
const period = `startDt=${START}&endDt=${END}`;
const D1 = '2030-03-06';
const D2 = '2030-03-11';
const D3 = '2030-03-21';

const kettle = await world.product();
const fan = await world.product();
const body = await world.product();
const idle = await world.product();
const steel = await world.material();
const resin = await world.material();
const labels = await world.material();
const unused = await world.material();
const customer = await world.partner();
const business = await world.business(customer.id);

const order1 = ok(
  await call('POST', '/api/order', {
    businessId: business.id,
    orderNo: uniq('SO-'),
    orderDt: '2030-02-01',
    products: [
      { productId: kettle.id, qty: 100, dueDt: D1 },
      { productId: fan.id, qty: 40, dueDt: D2 },
    ],
    materials: [
      { materialId: labels.id, qty: 7, startDt: '2030-03-04', endDt: '2030-03-10' },
      { materialId: resin.id, qty: 5, startDt: '2030-03-02', endDt: '2030-03-05', supplied: true },
    ],
  }),
);
const order2 = ok(
  await call('POST', '/api/order', {
    businessId: business.id,
    orderNo: uniq('SO-'),
    orderDt: '2030-02-10',
    products: [
      { productId: kettle.id, qty: 10, dueDt: D3 },
      { productId: kettle.id, qty: 999, dueDt: '2030-04-01' },
    ],
  }),
);
const opOf = (o: { products: { id: number; productId: number; dueDt: string }[] }, due: string) =>
  o.products.find((p) => p.dueDt === due)!.id;
const op1 = opOf(order1, D1);
const op2 = opOf(order1, D2);
const op3 = opOf(order2, D3);

// The kettle's first order product planned for 80 through the order API; a plan of the kettle for stock, unlinked.
const p1 = ok(await call('POST', `/api/order-product/${op1}/plan`, { startDt: START, lineId: line.id, qty: 80 })).plan;
const p2 = ok(
  await call('POST', '/api/productionplan/plan', {
    productId: kettle.id,
    qty: 30,
    startDt: START,
    endDt: D1,
    lineId: line.id,
  }),
);
await world.produce(p1.id, kettle.id, '2030-03-02', 50);

await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  await tx.insert(boms).values([
    { parentProductId: kettle.id, childProductId: body.id, qty: 2, unit: 'EA' },
    { parentProductId: kettle.id, materialId: steel.id, qty: 1, unit: 'KG', lossRate: 10 },
    { parentProductId: body.id, materialId: resin.id, qty: 3, unit: 'KG' },
    { parentProductId: body.id, materialId: steel.id, qty: 0.5, unit: 'KG' },
    { parentProductId: fan.id, materialId: steel.id, qty: 2, unit: 'KG' },
  ]);
  // Product stock: 20 of the plan's lot; a kettle lot by hand whose row was discarded (5, not available); 15 fans.
  const [lot1] = await tx.select().from(lots).where(eq(lots.planId, p1.id));
  const [row1] = await tx
    .insert(productStocks)
    .values({ lotRowId: lot1.id, locationId: shelf.id, qty: 20 })
    .returning();
  const [byHand] = await tx
    .insert(lots)
    .values({ lotId: uniq('L'), productId: kettle.id, day: '2030-03-01' })
    .returning();
  await tx.insert(productStocks).values({ lotRowId: byHand.id, locationId: shelf.id, qty: 5, disposed: true });
  const [fanLot] = await tx
    .insert(lots)
    .values({ lotId: uniq('L'), productId: fan.id, day: '2030-03-01' })
    .returning();
  await tx.insert(productStocks).values({ lotRowId: fanLot.id, locationId: shelf.id, qty: 15 });
  // Shipped for the first order product: 30, and 10 canceled.
  for (const [qty, canceled] of [
    [30, false],
    [10, true],
  ] as const) {
    const [s] = await tx
      .insert(shipments)
      .values({
        shipmentNo: uniq('S'),
        bizPartnerId: customer.id,
        orderProductId: op1,
        productId: kettle.id,
        shipmentDt: '2030-03-05',
        canceled,
      })
      .returning();
    await tx.insert(shipmentLots).values({ shipmentId: s.id, productStockId: row1.id, lotRowId: lot1.id, qty });
  }
  // Material on hand: 100 of steel, 50 of resin (none of labels). Steel released: 60 to the linked plan (55
  // consumed, 5 at the line), 7 to the unlinked plan.
  const stockRow = async (materialId: number, qty: number) =>
    (
      await tx
        .insert(materialStocks)
        .values({
          packageId: uniq('PK'),
          materialId,
          locationId: shelf.id,
          qty,
          receivedQty: qty,
          receivedDate: '2030-02-20',
        })
        .returning()
    )[0];
  const steelRow = await stockRow(steel.id, 100);
  await stockRow(resin.id, 50);
  await tx.insert(productionMaterialStocks).values([
    {
      planId: p1.id,
      stockId: steelRow.id,
      materialId: steel.id,
      lineId: line.id,
      qty: 5,
      releasedQty: 60,
      consumedQty: 55,
    },
    { planId: p2.id, stockId: steelRow.id, materialId: steel.id, lineId: line.id, qty: 7, releasedQty: 7 },
  ]);
});

const left = (due: string) => daysBetween(today, due);
const orderOf1 = { orderId: order1.id, orderNo: order1.orderNo, bizPartnerId: customer.id, businessId: business.id };

describe('GET /tracking/product/{id|all}', () => {
  it('per order product due in the period: ordered, planned, produced, shipped, stock first due first, shortfall', async () => {
    const data = ok(await get(`/api/tracking/product/all?${period}`));
    expect(data).toMatchObject({ kind: 'product', startDt: START, endDt: END, today });
    const kettleItem = data.items.find((i: any) => i.productId === kettle.id);
    expect(kettleItem).toMatchObject({
      productCode: kettle.code,
      unit: 'EA',
      stockQty: 20,
      orderedQty: 110,
      plannedQty: 80,
      producedQty: 50,
      shippedQty: 30,
      openQty: 80,
      allocatedQty: 20,
      toProduceQty: 60,
      inProgressQty: 30,
      shortfallQty: 30,
    });
    // The order product due after the period is left out; the rows come first due first.
    expect(kettleItem.rows.map((r: any) => r.orderProductId)).toEqual([op1, op3]);
    expect(kettleItem.rows[0]).toEqual({
      orderProductId: op1,
      ...orderOf1,
      businessName: business.name,
      bizPartnerCode: customer.code,
      bizPartnerName: customer.name,
      dueDt: D1,
      daysLeft: left(D1),
      planCount: 1,
      orderedQty: 100,
      plannedQty: 80,
      producedQty: 50,
      shippedQty: 30,
      openQty: 70,
      allocatedQty: 20,
      toProduceQty: 50,
      inProgressQty: 30,
      shortfallQty: 20,
    });
    expect(kettleItem.rows[1]).toMatchObject({
      orderProductId: op3,
      orderId: order2.id,
      planCount: 0,
      openQty: 10,
      allocatedQty: 0,
      toProduceQty: 10,
      inProgressQty: 0,
      shortfallQty: 10,
    });
    const fanItem = data.items.find((i: any) => i.productId === fan.id);
    expect(fanItem).toMatchObject({
      stockQty: 15,
      orderedQty: 40,
      allocatedQty: 15,
      toProduceQty: 25,
      shortfallQty: 25,
    });
    // Only products with an order product due in the period, by code.
    expect(data.items.some((i: any) => [body.id, idle.id].includes(i.productId))).toBe(false);
    const codes = data.items.map((i: any) => i.productCode);
    expect(codes).toEqual([...codes].sort());
  });

  it('one product; one without orders in the period shows its stock and no rows', async () => {
    const data = ok(await get(`/api/tracking/product/${fan.id}?${period}`));
    expect(data.items.map((i: any) => i.productId)).toEqual([fan.id]);
    const none = ok(await get(`/api/tracking/product/${kettle.id}?startDt=2030-05-01&endDt=2030-05-31`));
    expect(none.items).toEqual([
      expect.objectContaining({ productId: kettle.id, stockQty: 20, orderedQty: 0, shortfallQty: 0, rows: [] }),
    ]);
    const nothing = ok(await get(`/api/tracking/product/all?startDt=2030-05-01&endDt=2030-05-31`));
    expect(nothing.items.filter((i: any) => i.productId === kettle.id)).toEqual([]);
  });

  it('the period decides which order products share the stock: April’s alone takes all of it', async () => {
    const data = ok(await get(`/api/tracking/product/${kettle.id}?startDt=2030-04-01&endDt=2030-04-01`));
    expect(data.items[0].rows[0]).toMatchObject({ orderedQty: 999, openQty: 999, allocatedQty: 20, toProduceQty: 979 });
  });
});

describe('GET /tracking/material/{id|all}', () => {
  it('the BOM explosion (every level, loss included) of what is still to make, against the line and stock', async () => {
    const data = ok(await get(`/api/tracking/material/all?${period}`));
    expect(data).toMatchObject({ kind: 'material', startDt: START, endDt: END, today });
    const item = (id: number) => data.items.find((i: any) => i.materialId === id);
    // Steel: 2.1 a kettle (1 × 1.1 + 2 bodies × 0.5), 2 a fan. To make: 50 and 10 kettles, 25 fans.
    expect(item(steel.id)).toMatchObject({
      materialCode: steel.code,
      unit: 'KG',
      stockQty: 100,
      requiredQty: 176,
      suppliedQty: 0,
      atLineQty: 5,
      consumedQty: 55,
      allocatedQty: 100,
      shortfallQty: 71,
    });
    expect(
      item(steel.id).rows.map((r: any) => [
        r.source,
        r.orderProductId,
        r.requiredQty,
        r.atLineQty,
        r.allocatedQty,
        r.shortfallQty,
      ]),
    ).toEqual([
      ['ORDER_PRODUCT', op1, 105, 5, 100, 0],
      ['ORDER_PRODUCT', op2, 50, 0, 0, 50],
      ['ORDER_PRODUCT', op3, 21, 0, 0, 21],
    ]);
    expect(item(steel.id).rows[0]).toMatchObject({
      productId: kettle.id,
      productCode: kettle.code,
      productUnit: 'EA',
      toProduceQty: 50,
      consumedQty: 55,
      ...orderOf1,
      dueDt: D1,
      daysLeft: left(D1),
      orderMaterialId: null,
      supplied: false,
    });
    // Resin: 6 a kettle through the body; the customer's 5 are shown, neither required nor cover.
    expect(item(resin.id)).toMatchObject({
      stockQty: 50,
      requiredQty: 360,
      suppliedQty: 5,
      allocatedQty: 50,
      shortfallQty: 310,
    });
    expect(
      item(resin.id).rows.map((r: any) => [r.source, r.supplied, r.requiredQty, r.suppliedQty, r.shortfallQty]),
    ).toEqual([
      ['ORDER_MATERIAL', true, 0, 5, 0],
      ['ORDER_PRODUCT', false, 300, 0, 250],
      ['ORDER_PRODUCT', false, 60, 0, 60],
    ]);
    // Labels: an order material we provide, none in stock.
    expect(item(labels.id)).toMatchObject({ stockQty: 0, requiredQty: 7, shortfallQty: 7 });
    expect(item(labels.id).rows[0]).toMatchObject({
      source: 'ORDER_MATERIAL',
      orderProductId: null,
      productId: null,
      toProduceQty: null,
      orderNo: order1.orderNo,
      dueDt: '2030-03-04',
      daysLeft: left('2030-03-04'),
    });
    expect(item(unused.id)).toBeUndefined();
  });

  it('one material; one nothing requires shows its stock and no rows', async () => {
    const data = ok(await get(`/api/tracking/material/${steel.id}?${period}`));
    expect(data.items.map((i: any) => [i.materialId, i.shortfallQty])).toEqual([[steel.id, 71]]);
    const none = ok(await get(`/api/tracking/material/${unused.id}?${period}`));
    expect(none.items).toEqual([
      expect.objectContaining({ materialId: unused.id, stockQty: 0, requiredQty: 0, rows: [] }),
    ]);
  });
});

describe('GET /tracking/{kind}/{id}?rows=N', () => {
  it('every item with its sums and counts but no rows; an order product past its due day and open is late', async () => {
    const full = ok(await get(`/api/tracking/product/all?${period}`));
    const lean = ok(await get(`/api/tracking/product/all?${period}&rows=N`));
    expect(lean.items).toEqual(full.items.map((i: any) => ({ ...i, rows: [] })));
    const kettleItem = lean.items.find((i: any) => i.productId === kettle.id);
    expect(kettleItem).toMatchObject({ rowCount: 2, lateCount: 0, rows: [] });
    const materials = ok(await get(`/api/tracking/material/all?${period}`));
    const leanMaterials = ok(await get(`/api/tracking/material/all?${period}&rows=N`));
    expect(leanMaterials.items).toEqual(materials.items.map((i: any) => ({ ...i, rows: [] })));
    expect(materials.items.map((i: any) => i.rowCount)).toEqual(materials.items.map((i: any) => i.rows.length));

    const late = await world.product();
    ok(
      await call('POST', '/api/order', {
        businessId: business.id,
        orderNo: uniq('SO-'),
        orderDt: addDays(today, -10),
        products: [
          { productId: late.id, qty: 5, dueDt: addDays(today, -2) },
          { productId: late.id, qty: 3, dueDt: addDays(today, 1) },
        ],
      }),
    );
    const recent = `startDt=${addDays(today, -3)}&endDt=${addDays(today, 3)}`;
    const lateItem = ok(await get(`/api/tracking/product/${late.id}?${recent}&rows=N`)).items[0];
    expect(lateItem).toMatchObject({ productId: late.id, openQty: 8, rowCount: 2, lateCount: 1, rows: [] });
    expect(ok(await get(`/api/tracking/product/${late.id}?${recent}`)).items[0].rows).toHaveLength(2);
    expect(fieldsOf(await get(`/api/tracking/product/all?${period}&rows=X`))).toEqual(['rows']);
  });
});

describe('GET /tracking/{kind}/{id}: refusals', () => {
  it('400 for an unknown kind, a bad id, a missing, reversed or too long period; 404 for an unknown id', async () => {
    expect(fieldsOf(await get(`/api/tracking/order/all?${period}`))).toEqual(['kind']);
    expect(fieldsOf(await get(`/api/tracking/product/abc?${period}`))).toEqual(['id']);
    expect(fieldsOf(await get(`/api/tracking/product/0?${period}`))).toEqual(['id']);
    expect(fieldsOf(await get('/api/tracking/product/all'))).toEqual(['startDt', 'endDt']);
    expect(fieldsOf(await get(`/api/tracking/product/all?startDt=${END}&endDt=${START}`))).toEqual(['endDt']);
    const tooLong = await get(`/api/tracking/material/all?startDt=${START}&endDt=${addDays(START, 366)}`);
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong)).toEqual(['endDt']);
    expect((await get(`/api/tracking/material/all?startDt=${START}&endDt=${addDays(START, 365)}`)).status).toBe(200);
    const missing = await get(`/api/tracking/product/2000000000?${period}`);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await get(`/api/tracking/material/2000000000?${period}`)).status).toBe(404);
  });

  it('401 without a token, 403 without the tracking report', async () => {
    for (const url of [`/api/tracking/product/all?${period}`, `/api/tracking/material/${steel.id}/excel?${period}`]) {
      expect((await get(url, null)).status).toBe(401);
      expect((await get(url, stranger.token)).status).toBe(403);
    }
  });
});

describe('GET /tracking/{kind}/{id}/excel', () => {
  it('one line per order product under its product, and its total line with the stock', async () => {
    const res = await get(`/api/tracking/product/${kettle.id}/excel?${period}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('tracking-product-');
    const [sheet] = await readXlsx(res.raw.rawPayload as Buffer);
    const header = sheet.rows.find((r) => r.includes('Shortfall'))!;
    const lines = sheet.rows.filter((r) => r[header.indexOf('Product code')] === kettle.code);
    expect(
      lines.map((r) => [r[header.indexOf('Customer')], r[header.indexOf('Shortfall')], r[header.indexOf('Stock')]]),
    ).toEqual([
      [customer.name, '20', ''],
      [customer.name, '10', ''],
      ['Total', '30', '20'],
    ]);
  });

  it('materials with the source of each requirement, in Korean by default', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/tracking/material/${resin.id}/excel?${period}`,
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.raw.rawPayload as Buffer);
    expect(sheet.name).toBe('자재 소요 추적');
    const header = sheet.rows.find((r) => r.includes('부족 수량'))!;
    const lines = sheet.rows.filter((r) => r[header.indexOf('자재 코드')] === resin.code);
    expect(
      lines.map((r) => [r[header.indexOf('구분')], r[header.indexOf('소요 수량')], r[header.indexOf('부족 수량')]]),
    ).toEqual([
      ['수주 자재 (고객 지급)', '0', '0'],
      ['수주 제품', '300', '250'],
      ['수주 제품', '60', '60'],
      ['', '360', '310'],
    ]);
    expect(lines.at(-1)![header.indexOf('거래처')]).toBe('합계');
  });
});
