import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { makeMaterial, receive } from '../material-stock/stock-fixtures.ts';
import { makePartner } from '../product/master-fixtures.ts';
import { productStockHistories } from '../product-stock/product-stock.table.ts';
import { shipmentWorld } from './shipment-fixtures.ts';
import { lotMayShipProvider } from './shipment.service.ts';
import { shipmentLots, shipments } from './shipment.table.ts';

const t = await createTestApp();
const w = await shipmentWorld(t);
const viewer = await t.makeUser({ shipment: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const materialClerk = await t.makeUser({ materialStock: { all: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const compact = (day: string) => day.replaceAll('-', '');

const call = (method: string, url: string, payload?: unknown, token: string | null = w.clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const ship = (body: Record<string, unknown>, token?: string | null) => call('POST', '/api/shipment', body, token);
const cancel = (id: number, reason?: string, token?: string | null) =>
  call('PUT', '/api/shipment/cancel', { id, ...(reason ? { reason } : {}) }, token);
const cancels = (ids: number[], reason?: string) =>
  call('PUT', '/api/shipment/cancels', { ids, ...(reason ? { reason } : {}) });
async function shipped(body: Record<string, unknown>) {
  const res = await ship({ bizPartnerId: w.customer.id, shipmentDt: today, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const shipmentCount = async () => (await t.db.select({ id: shipments.id }).from(shipments)).length;

describe('POST /api/shipment and PUT /api/shipment/cancel', () => {
  it('ships the lots given: stock down by SHIP movements, the lines keep them; cancel gives it back (SHIP_CANCEL)', async () => {
    const product = await w.makeProduct({ name: '출하 제품 가' });
    const a = await w.addLot(product.id, 10, { expiryDate: addDays(today, 30) });
    const b = await w.addLot(product.id, 8, { locationId: w.shelf2.id });
    const res = await ship({
      bizPartnerId: w.customer.id,
      productId: product.id,
      shipmentDt: today,
      description: '첫 출하',
      lots: [
        { productStockId: a.id, qty: 4 },
        { productStockId: b.id, qty: 2.5 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      shipmentNo: expect.stringMatching(new RegExp(`^S${compact(today)}-\\d{3}$`)),
      shipmentDt: today,
      bizPartnerId: w.customer.id,
      bizPartnerName: w.customer.name,
      productId: product.id,
      productCode: product.code,
      unit: 'EA',
      totalQty: 6.5,
      lotCount: 2,
      lotIds: [a.lotId, b.lotId],
      orderProductId: null,
      orderNo: null,
      unitPrice: null,
      amount: null,
      canceled: false,
      description: '첫 출하',
      createdBy: w.clerk.userId,
    });
    expect(s.lots).toMatchObject([
      { productStockId: a.id, lotId: a.lotId, qty: 4, locationId: w.shelf.id, cancelHistoryId: null },
      { productStockId: b.id, lotId: b.lotId, qty: 2.5, locationId: w.shelf2.id, cancelHistoryId: null },
    ]);
    expect(s.lots[0].placePath).toContain(w.shelf.name);
    expect(await w.stockQty(a.id)).toBe(6);
    expect(await w.stockQty(b.id)).toBe(5.5);
    const ledgerA = await w.ledgerOf(a.id);
    expect(ledgerA.map((h) => [h.type, h.qty, h.balance, h.day, h.reason])).toEqual([
      ['ADD', 10, 10, today, null],
      ['SHIP', -4, 6, today, s.shipmentNo],
    ]);
    expect(s.lots[0].shipHistoryId).toBe(ledgerA[1].id);
    // The product stock screen's history shows the movement.
    const history = await call('GET', `/api/productstock/stock/${a.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((h: { type: string }) => h.type)).toEqual(['ADD', 'SHIP']);

    expect((await call('GET', `/api/shipment/${s.id}`, undefined, viewer.token)).body.data).toEqual(s);

    const back = await cancel(s.id, '고객 반품');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({
      id: s.id,
      canceled: true,
      canceledBy: w.clerk.userId,
      cancelReason: '고객 반품',
      totalQty: 6.5,
    });
    expect(back.body.data.canceledAt).not.toBeNull();
    expect(await w.stockQty(a.id)).toBe(10);
    expect(await w.stockQty(b.id)).toBe(8);
    const afterA = await w.ledgerOf(a.id);
    expect(afterA.map((h) => [h.type, h.qty, h.balance, h.reason])).toEqual([
      ['ADD', 10, 10, null],
      ['SHIP', -4, 6, s.shipmentNo],
      ['SHIP_CANCEL', 4, 10, `${s.shipmentNo} 고객 반품`],
    ]);
    expect(back.body.data.lots[0].cancelHistoryId).toBe(afterA[2].id);
    const history2 = await call('GET', `/api/productstock/stock/${a.id}/history`);
    expect(history2.body.data.map((h: { type: string }) => h.type)).toEqual(['ADD', 'SHIP', 'SHIP_CANCEL']);

    // Canceled once is canceled for good: nothing moves a second time.
    const again = await cancel(s.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      message: `Shipment ${s.shipmentNo} is already canceled.`,
      extraData: { shipmentId: s.id, shipmentNo: s.shipmentNo, messageKey: expect.stringMatching(/^shipmentCanceled/) },
    });
    expect(await w.ledgerOf(a.id)).toHaveLength(3);
  });

  it('for an order product: its product and customer must match; the price comes from it', async () => {
    const product = await w.makeProduct();
    const lot = await w.addLot(product.id, 10);
    const { order, orderProduct } = await w.orderProduct(w.customer.id, product.id, { unitPrice: 1250.5 });
    const s = await shipped({
      productId: product.id,
      orderProductId: orderProduct.id,
      lots: [{ productStockId: lot.id, qty: 3 }],
    });
    expect(s).toMatchObject({
      orderProductId: orderProduct.id,
      orderId: order.id,
      orderNo: order.orderNo,
      unitPrice: 1250.5,
      amount: 3751.5,
    });
    const other = await w.makeProduct();
    const otherCustomer = await makePartner(t.db, ['CUSTOMER']);
    const { orderProduct: ofOther } = await w.orderProduct(otherCustomer.id, product.id);
    const { orderProduct: otherProduct } = await w.orderProduct(w.customer.id, other.id);
    const body = (orderProductId: number) => ({
      bizPartnerId: w.customer.id,
      productId: product.id,
      orderProductId,
      shipmentDt: today,
      lots: [{ productStockId: lot.id, qty: 1 }],
    });
    const wrongCustomer = await ship(body(ofOther.id));
    expect(wrongCustomer.status).toBe(400);
    expect(wrongCustomer.body.extraData.fields).toEqual([
      { field: 'orderProductId', message: 'The order product belongs to another customer.' },
    ]);
    const wrongProduct = await ship(body(otherProduct.id));
    expect(wrongProduct.body.extraData.fields).toEqual([
      { field: 'orderProductId', message: 'The order product is for another product.' },
    ]);
    expect(fieldsOf(await ship(body(2_000_000_000)))).toEqual(['orderProductId']);
    expect(await w.stockQty(lot.id)).toBe(7);
  });

  it('a quantity alone is picked first expired first out (expiry, then production day, then row), as the pick read shows', async () => {
    const product = await w.makeProduct();
    const noExpiry = await w.addLot(product.id, 5, { expiryDate: null, day: addDays(today, -30) });
    const late = await w.addLot(product.id, 5, { expiryDate: addDays(today, 60), day: addDays(today, -20) });
    const soonNew = await w.addLot(product.id, 3, { expiryDate: addDays(today, 10), day: addDays(today, -1) });
    const soonOld = await w.addLot(product.id, 2, { expiryDate: addDays(today, 10), day: addDays(today, -5) });
    const soonOld2 = await w.addLot(product.id, 1, {
      expiryDate: addDays(today, 10),
      day: addDays(today, -5),
      locationId: w.shelf2.id,
    });
    const disposed = await w.addLot(product.id, 9, { expiryDate: addDays(today, 1) });
    expect((await call('PUT', `/api/productstock/dispose/${disposed.id}`, { reason: '파손' })).status).toBe(200);

    const pick = await call(
      'GET',
      `/api/shipment/shipments/pick?productId=${product.id}&qty=8`,
      undefined,
      viewer.token,
    );
    expect(pick.status).toBe(200);
    expect(pick.body.data).toMatchObject({ productId: product.id, unit: 'EA', qty: 8, pickedQty: 8, shortQty: 0 });
    const order = [
      [soonOld.id, 2, 2],
      [soonOld2.id, 1, 1],
      [soonNew.id, 3, 3],
      [late.id, 5, 2],
    ];
    expect(
      pick.body.data.lines.map((l: { productStockId: number; available: number; qty: number }) => [
        l.productStockId,
        l.available,
        l.qty,
      ]),
    ).toEqual(order);
    const short = await call('GET', `/api/shipment/shipments/pick?productId=${product.id}&qty=100`);
    expect(short.body.data).toMatchObject({ pickedQty: 16, shortQty: 84 });
    expect(short.body.data.lines.at(-1).productStockId).toBe(noExpiry.id);

    const s = await shipped({ productId: product.id, qty: 8 });
    expect(s.lots.map((l: { productStockId: number; qty: number }) => [l.productStockId, l.qty])).toEqual(
      order.map(([id, , qty]) => [id, qty]),
    );
    expect(s.totalQty).toBe(8);
    expect(await w.stockQty(late.id)).toBe(3);
    expect(await w.stockQty(soonOld.id)).toBe(0);

    // Beyond the product's stock: 409 OUT_OF_STOCK with what there is, nothing written.
    const before = await shipmentCount();
    const over = await ship({ bizPartnerId: w.customer.id, productId: product.id, shipmentDt: today, qty: 8.5 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 8, requested: 8.5, unit: 'EA' } });
    expect(await shipmentCount()).toBe(before);
    expect(await w.stockQty(late.id)).toBe(3);
    expect((await call('GET', '/api/shipment/shipments/pick?productId=2000000000&qty=1')).status).toBe(404);
    expect(fieldsOf(await call('GET', `/api/shipment/shipments/pick?productId=${product.id}&qty=0`))).toEqual(['qty']);
    expect(fieldsOf(await call('GET', `/api/shipment/shipments/pick?productId=${product.id}&qty=abc`))).toEqual([
      'qty',
    ]);
  });

  it('OUT_OF_STOCK names the LOT ID; all lines or none: nothing is written', async () => {
    const product = await w.makeProduct();
    const a = await w.addLot(product.id, 10);
    const b = await w.addLot(product.id, 3);
    const before = await shipmentCount();
    const res = await ship({
      bizPartnerId: w.customer.id,
      productId: product.id,
      shipmentDt: today,
      lots: [
        { productStockId: a.id, qty: 5 },
        { productStockId: b.id, qty: 3.5 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `Out of stock for LOT ${b.lotId}: 3 EA on hand, 3.5 EA asked.`,
      extraData: { lotId: b.lotId, productStockId: b.id, available: 3, requested: 3.5, unit: 'EA' },
    });
    expect(res.body.extraData.messageKey).toMatch(/^outOfStockLot /);
    expect(await shipmentCount()).toBe(before);
    expect(await w.stockQty(a.id)).toBe(10);
    expect(await w.stockQty(b.id)).toBe(3);
    expect((await w.ledgerOf(a.id)).map((h) => h.type)).toEqual(['ADD']);
  });

  it('a discarded row does not ship, nor take a canceled quantity back (409, nothing written)', async () => {
    const product = await w.makeProduct();
    const lot = await w.addLot(product.id, 5);
    const s = await shipped({ productId: product.id, lots: [{ productStockId: lot.id, qty: 2 }] });
    expect((await call('PUT', `/api/productstock/dispose/${lot.id}`, { reason: '오염' })).status).toBe(200);
    const refused = await ship({
      bizPartnerId: w.customer.id,
      productId: product.id,
      shipmentDt: today,
      lots: [{ productStockId: lot.id, qty: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: `Discarded LOT ${lot.lotId} cannot be shipped.`,
      extraData: { productStockId: lot.id, lotId: lot.lotId },
    });
    const back = await cancel(s.id);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({
      code: 'CONFLICT',
      message: `The shipped quantity cannot go back to discarded LOT ${lot.lotId}.`,
      extraData: { lotId: lot.lotId },
    });
    expect((await call('GET', `/api/shipment/${s.id}`)).body.data.canceled).toBe(false);
    expect((await w.ledgerOf(lot.id)).map((h) => h.type)).toEqual(['ADD', 'SHIP', 'DISPOSE']);
  });

  it('may this lot ship? a "no" of the provider is 409 LOT_ON_HOLD naming the lot, nothing written', async () => {
    const product = await w.makeProduct();
    const free = await w.addLot(product.id, 5);
    const held = await w.addLot(product.id, 5);
    const asked: number[][] = [];
    const undo = t.app.providers.register(lotMayShipProvider, async (tx, lotRowIds) => {
      asked.push(lotRowIds);
      // Asked inside the shipment's transaction: the stock rows it locked are visible to it.
      await tx.select().from(shipmentLots).limit(1);
      return lotRowIds.filter((id) => id === held.lotRowId).map((lotRowId) => ({ lotRowId, reason: '검사 불합격' }));
    });
    try {
      const before = await shipmentCount();
      const res = await ship({
        bizPartnerId: w.customer.id,
        productId: product.id,
        shipmentDt: today,
        lots: [
          { productStockId: free.id, qty: 1 },
          { productStockId: held.id, qty: 1 },
        ],
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'LOT_ON_HOLD',
        message: `LOT ${held.lotId} may not ship (on hold). 검사 불합격`,
        extraData: { lotRowId: held.lotRowId, lotId: held.lotId, reason: '검사 불합격' },
      });
      expect(asked).toEqual([[free.lotRowId, held.lotRowId]]);
      expect(await shipmentCount()).toBe(before);
      expect(await w.stockQty(free.id)).toBe(5);
      // The quantity-only pick is asked the same.
      const picked = await ship({ bizPartnerId: w.customer.id, productId: product.id, shipmentDt: today, qty: 7 });
      expect(picked.status).toBe(409);
      expect(picked.body.code).toBe('LOT_ON_HOLD');
      expect(
        (await ship({ bizPartnerId: w.customer.id, productId: product.id, shipmentDt: today, qty: 5 })).status,
      ).toBe(200);
    } finally {
      undo();
    }
    // Nobody answering: every lot may ship.
    expect(
      (
        await ship({
          bizPartnerId: w.customer.id,
          productId: product.id,
          shipmentDt: today,
          lots: [{ productStockId: held.id, qty: 5 }],
        })
      ).status,
    ).toBe(200);
  });

  it('numbers the shipments of a day S<yyyymmdd>-001, -002, …; another day starts again', async () => {
    const product = await w.makeProduct();
    const lot = await w.addLot(product.id, 10);
    const day = addDays(today, 400);
    const line = (qty: number) => ({ productId: product.id, shipmentDt: day, lots: [{ productStockId: lot.id, qty }] });
    const first = await shipped(line(1));
    const second = await shipped(line(1));
    const other = await shipped({ ...line(1), shipmentDt: addDays(day, 1) });
    expect([first.shipmentNo, second.shipmentNo, other.shipmentNo]).toEqual([
      `S${compact(day)}-001`,
      `S${compact(day)}-002`,
      `S${compact(addDays(day, 1))}-001`,
    ]);
    // A canceled shipment keeps its number: the next one takes the one after.
    await cancel(second.id);
    expect((await shipped(line(1))).shipmentNo).toBe(`S${compact(day)}-003`);
  });

  it('400 naming the field, 401, 403', async () => {
    const product = await w.makeProduct();
    const lot = await w.addLot(product.id, 5);
    const other = await w.makeProduct();
    const otherLot = await w.addLot(other.id, 5);
    const body = (extra: Record<string, unknown> = {}) => ({
      bizPartnerId: w.customer.id,
      productId: product.id,
      shipmentDt: today,
      lots: [{ productStockId: lot.id, qty: 1 }],
      ...extra,
    });
    expect(fieldsOf(await ship(body({ bizPartnerId: w.supplier.id })))).toEqual(['bizPartnerId']);
    expect(fieldsOf(await ship(body({ bizPartnerId: 2_000_000_000 })))).toEqual(['bizPartnerId']);
    expect(fieldsOf(await ship(body({ productId: 2_000_000_000 })))).toEqual(['productId']);
    expect(fieldsOf(await ship(body({ lots: [{ productStockId: 2_000_000_000, qty: 1 }] })))).toEqual([
      'lots.0.productStockId',
    ]);
    const notOfProduct = await ship(
      body({
        lots: [
          { productStockId: lot.id, qty: 1 },
          { productStockId: otherLot.id, qty: 1 },
        ],
      }),
    );
    expect(notOfProduct.body.extraData.fields).toEqual([
      { field: 'lots.1.productStockId', message: 'Not a lot of the product being shipped.' },
    ]);
    expect(fieldsOf(await ship(body({ lots: undefined })))).toEqual(['lots']);
    expect(fieldsOf(await ship(body({ lots: [] })))).toEqual(['lots']);
    expect(fieldsOf(await ship(body({ qty: 1 })))).toEqual(['qty']);
    expect(
      fieldsOf(
        await ship(
          body({
            lots: [
              { productStockId: lot.id, qty: 1 },
              { productStockId: lot.id, qty: 1 },
            ],
          }),
        ),
      ),
    ).toEqual(['lots.1.productStockId']);
    expect(fieldsOf(await ship(body({ lots: [{ productStockId: lot.id, qty: 0 }] })))).toEqual(['lots.0.qty']);
    expect(fieldsOf(await ship(body({ lots: [{ productStockId: lot.id, qty: 1.123456 }] })))).toEqual(['lots.0.qty']);
    expect(fieldsOf(await ship(body({ shipmentDt: '2026-13-01' })))).toEqual(['shipmentDt']);
    expect(fieldsOf(await ship(body({ extra: 1 })))).toContain('extra');
    expect(fieldsOf(await cancel(0))).toEqual(['id']);
    expect(fieldsOf(await cancels([]))).toEqual(['ids']);
    expect((await ship(body(), null)).status).toBe(401);
    expect((await ship(body(), viewer.token)).status).toBe(403);
    expect((await cancel(1, undefined, viewer.token)).status).toBe(403);
    expect((await cancel(1, undefined, null)).status).toBe(401);
    expect(
      (await call('GET', `/api/shipment/shipments?startDt=${today}&endDt=${today}`, undefined, stranger.token)).status,
    ).toBe(403);
    expect((await call('GET', '/api/shipment/shipments/today', undefined, null)).status).toBe(401);
    expect(await w.stockQty(lot.id)).toBe(5);
  });

  it('bulk cancel: all or none (404 for a missing one, 409 for a canceled one), then all of them', async () => {
    const product = await w.makeProduct();
    const lot = await w.addLot(product.id, 10);
    const one = await shipped({ productId: product.id, lots: [{ productStockId: lot.id, qty: 1 }] });
    const two = await shipped({ productId: product.id, lots: [{ productStockId: lot.id, qty: 2 }] });
    const three = await shipped({ productId: product.id, lots: [{ productStockId: lot.id, qty: 3 }] });
    expect(await w.stockQty(lot.id)).toBe(4);
    expect((await cancel(three.id)).status).toBe(200);
    const blocked = await cancels([one.id, two.id, three.id]);
    expect(blocked.status).toBe(409);
    expect(blocked.body.extraData).toMatchObject({ shipmentId: three.id });
    const missing = await cancels([one.id, 2_000_000_000]);
    expect(missing.status).toBe(404);
    expect(await w.stockQty(lot.id)).toBe(7);
    const flags = async () =>
      (
        await t.db
          .select()
          .from(shipments)
          .where(inArray(shipments.id, [one.id, two.id]))
      ).map((s) => s.canceled);
    expect(await flags()).toEqual([false, false]);
    const done = await cancels([two.id, one.id, two.id], '일괄 취소');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(
      done.body.data.map((s: { id: number; canceled: boolean; cancelReason: string }) => [
        s.id,
        s.canceled,
        s.cancelReason,
      ]),
    ).toEqual([
      [two.id, true, '일괄 취소'],
      [one.id, true, '일괄 취소'],
    ]);
    expect(await w.stockQty(lot.id)).toBe(10);
    expect((await w.ledgerOf(lot.id)).reduce((acc, h) => acc + h.qty, 0)).toBe(10);
  });
});

// The reads' shipments: one for an order product three days ago (2 lines), one canceled today, one today.
const readProduct = await w.makeProduct({ name: '조회 제품' });
const customer = await makePartner(t.db, ['CUSTOMER']);
const lotA = await w.addLot(readProduct.id, 20, { lotId: uniq('LOTA').toUpperCase() });
const lotB = await w.addLot(readProduct.id, 20);
const { orderProduct, order } = await w.orderProduct(customer.id, readProduct.id, { unitPrice: 100 });
const day = addDays(today, -3);
const s1 = await shipped({
  bizPartnerId: customer.id,
  productId: readProduct.id,
  shipmentDt: day,
  orderProductId: orderProduct.id,
  lots: [
    { productStockId: lotA.id, qty: 2 },
    { productStockId: lotB.id, qty: 1 },
  ],
});
const s2 = await shipped({
  bizPartnerId: customer.id,
  productId: readProduct.id,
  lots: [{ productStockId: lotB.id, qty: 4 }],
});
await cancel(s2.id, '취소');
const s3 = await shipped({
  bizPartnerId: customer.id,
  productId: readProduct.id,
  lots: [{ productStockId: lotA.id, qty: 5 }],
});
const list = (query: string, token = viewer.token) => call('GET', `/api/shipment/shipments?${query}`, undefined, token);
const idsOf = (res: { body: any }) => res.body.data.map((s: { id: number }) => s.id);
const period = `startDt=${addDays(today, -10)}&endDt=${today}`;

describe('reads', () => {
  it('lists a period with its filters, newest first, paged with the total', async () => {
    const all = await list(`${period}&bizPartnerId=${customer.id}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(idsOf(all)).toEqual([s3.id, s2.id, s1.id]);
    expect(all.body.data[2]).toMatchObject({
      shipmentNo: s1.shipmentNo,
      bizPartnerName: customer.name,
      orderNo: order.orderNo,
      productName: '조회 제품',
      totalQty: 3,
      lotCount: 2,
      lotIds: [lotA.lotId, lotB.lotId],
      unitPrice: 100,
      amount: 300,
      canceled: false,
      createdBy: w.clerk.userId,
    });
    expect(all.body.data[1]).toMatchObject({ canceled: true, canceledBy: w.clerk.userId, cancelReason: '취소' });
    expect(idsOf(await list(`${period}&bizPartnerId=${customer.id}&canceled=true`))).toEqual([s2.id]);
    expect(idsOf(await list(`${period}&bizPartnerId=${customer.id}&canceled=false`))).toEqual([s3.id, s1.id]);
    expect(idsOf(await list(`${period}&orderProductId=${orderProduct.id}`))).toEqual([s1.id]);
    expect(idsOf(await list(`${period}&productId=${readProduct.id}`))).toEqual([s3.id, s2.id, s1.id]);
    expect(idsOf(await list(`startDt=${day}&endDt=${day}&productId=${readProduct.id}`))).toEqual([s1.id]);
    expect(idsOf(await list(`${period}&q=${encodeURIComponent(s1.shipmentNo.toLowerCase())}`))).toEqual([s1.id]);
    expect(idsOf(await list(`${period}&q=${encodeURIComponent(lotA.lotId.toLowerCase())}`))).toEqual([s3.id, s1.id]);
    expect(idsOf(await list(`${period}&q=${encodeURIComponent(customer.name)}`))).toEqual([s3.id, s2.id, s1.id]);
    expect(idsOf(await list(`${period}&q=${encodeURIComponent('조회 제품')}&bizPartnerId=${customer.id}`))).toEqual([
      s3.id,
      s2.id,
      s1.id,
    ]);
    const page = await list(`${period}&bizPartnerId=${customer.id}&page=2&size=2`);
    expect(page.body).toMatchObject({ total: 3 });
    expect(idsOf(page)).toEqual([s1.id]);
    expect(fieldsOf(await list(`startDt=${today}`))).toEqual(['endDt']);
    expect(fieldsOf(await list(`startDt=${today}&endDt=${addDays(today, -1)}`))).toEqual(['endDt']);
    expect(fieldsOf(await list(`startDt=${today}&endDt=${addDays(today, 400)}`))).toEqual(['endDt']);
    expect(fieldsOf(await list(`${period}&canceled=maybe`))).toEqual(['canceled']);
  });

  it('exports the filter as a workbook', async () => {
    const res = await call(
      'GET',
      `/api/shipment/shipments/excel?${period}&bizPartnerId=${customer.id}`,
      undefined,
      viewer.token,
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('shipments-');
    const [sheet] = await readXlsx(res.raw.rawPayload as Buffer);
    const flat = JSON.stringify(sheet.rows);
    expect(flat).toContain(s1.shipmentNo);
    expect(flat).toContain(s3.shipmentNo);
    expect(flat).toContain(lotA.lotId);
    expect(fieldsOf(await call('GET', '/api/shipment/shipments/excel'))).toEqual(['startDt', 'endDt']);
  });

  it("one shipment, a lot's shipments (LOT ID in any case), today's", async () => {
    const one = await call('GET', `/api/shipment/${s1.id}`, undefined, viewer.token);
    expect(one.body.data.lots.map((l: { lotId: string; qty: number }) => [l.lotId, l.qty])).toEqual([
      [lotA.lotId, 2],
      [lotB.lotId, 1],
    ]);
    expect((await call('GET', '/api/shipment/2000000000')).status).toBe(404);
    const ofLot = await call('GET', `/api/shipment/shipments/lot/${encodeURIComponent(lotA.lotId.toLowerCase())}`);
    expect(ofLot.status).toBe(200);
    expect(idsOf(ofLot)).toEqual([s3.id, s1.id]);
    expect(ofLot.body.data[1].lots).toHaveLength(2);
    const ofB = await call('GET', `/api/shipment/shipments/lot/${encodeURIComponent(lotB.lotId)}`);
    expect(idsOf(ofB)).toEqual([s2.id, s1.id]);
    expect((await call('GET', '/api/shipment/shipments/lot/NO-SUCH-LOT-404')).status).toBe(404);
    const todays = await call('GET', '/api/shipment/shipments/today', undefined, viewer.token);
    expect(todays.status).toBe(200);
    const mine = todays.body.data.filter((s: { bizPartnerId: number }) => s.bizPartnerId === customer.id);
    expect(mine.map((s: { id: number; canceled: boolean }) => [s.id, s.canceled])).toEqual([
      [s3.id, false],
      [s2.id, true],
    ]);
    expect(mine[0]).toMatchObject({ bizPartnerName: customer.name, productName: '조회 제품', totalQty: 5 });
    expect(mine[0].lots).toMatchObject([{ lotId: lotA.lotId, qty: 5 }]);
  });

  it('the stock rows a clerk scans or picks, under the shipment menu alone (no right on the stock screen)', async () => {
    const ofLot = await call(
      'GET',
      `/api/shipment/stocks/lot-id/${encodeURIComponent(lotA.lotId.toLowerCase())}`,
      undefined,
      viewer.token,
    );
    expect(ofLot.status, JSON.stringify(ofLot.body)).toBe(200);
    expect(ofLot.body.data.map((r: { lotId: string }) => r.lotId)).toEqual([lotA.lotId]);
    const ofProduct = await call(
      'GET',
      `/api/shipment/stocks/product/${readProduct.id}?page=1&size=20`,
      undefined,
      viewer.token,
    );
    expect(ofProduct.status).toBe(200);
    expect(ofProduct.body.total).toBe(ofProduct.body.data.length);
    expect(ofProduct.body.data.map((r: { lotId: string }) => r.lotId)).toEqual(
      expect.arrayContaining([lotA.lotId, lotB.lotId]),
    );
    expect((await call('GET', '/api/shipment/stocks/lot-id/NO-SUCH-LOT-404', undefined, viewer.token)).status).toBe(
      404,
    );
    expect(
      (await call('GET', '/api/shipment/stocks/product/2000000000?page=1&size=20', undefined, viewer.token)).status,
    ).toBe(404);
  });

  it('sales.products: /material-sales/material-prod-sales lists the non-canceled shipments as product sales', async () => {
    const seller = await t.makeUser({ materialProdSales: { view: true } });
    const res = await call(
      'GET',
      `/api/material-sales/material-prod-sales?from=${addDays(today, -10)}&to=${today}&customerId=${customer.id}`,
      undefined,
      seller.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual([
      {
        kind: 'PRODUCT',
        id: s3.id,
        saleDate: today,
        customerId: customer.id,
        customerName: customer.name,
        itemId: readProduct.id,
        itemCode: readProduct.code,
        itemName: '조회 제품',
        unit: 'EA',
        qty: 5,
        unitPrice: null,
        amount: null,
        reference: lotA.lotId,
        createdBy: w.clerk.userId,
      },
      expect.objectContaining({
        kind: 'PRODUCT',
        id: s1.id,
        saleDate: day,
        qty: 3,
        unitPrice: 100,
        amount: 300,
        reference: `${lotA.lotId}, ${lotB.lotId}`,
      }),
    ]);
    const onlyMaterial = await call(
      'GET',
      `/api/material-sales/material-prod-sales?from=${addDays(today, -10)}&to=${today}&customerId=${customer.id}&kind=MATERIAL`,
      undefined,
      seller.token,
    );
    expect(onlyMaterial.body.total).toBe(0);
  });
});

// FG: 2 SEMI (10% loss) + 1 KG of M1; SEMI: 3 KG of M1 + 0.5 EA of M2 (20% loss) — M1 is reached by two paths.
const m1 = await makeMaterial(t.db, { unit: 'KG' });
const m2 = await makeMaterial(t.db, { unit: 'EA' });
const semi = await w.makeProduct({ type: 'SEMI', unit: 'EA' });
const fg = await w.makeProduct();
await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx.insert(boms).values([
    { parentProductId: fg.id, childProductId: semi.id, qty: 2, unit: 'EA', lossRate: 10 },
    { parentProductId: fg.id, materialId: m1.id, qty: 1, unit: 'KG' },
    { parentProductId: semi.id, materialId: m1.id, qty: 3, unit: 'KG' },
    { parentProductId: semi.id, materialId: m2.id, qty: 0.5, unit: 'EA', lossRate: 20 },
  ]),
);
await receive(t, materialClerk.token, { materialId: m1.id, qty: 50, locationId: w.shelf.id });
await w.addLot(semi.id, 7);
const info = (query: string, token = viewer.token) =>
  call('GET', `/api/shipment/shipments/bom-req-info?${query}`, undefined, token);

describe('GET /api/shipment/shipments/bom-req-info', () => {
  it('explodes every level, rolls each component up over its paths, with stock on hand and shortage', async () => {
    const res = await info(`productId=${fg.id}&qty=10`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // SEMI 10 × 2 × 1.1 = 22; M1 10 × 1 + 22 × 3 = 76; M2 22 × 0.5 × 1.2 = 13.2.
    expect(res.body.data).toMatchObject({
      productId: fg.id,
      productCode: fg.code,
      qty: 10,
      orderProductId: null,
      shipmentId: null,
      sufficient: false,
    });
    expect(
      res.body.data.components.map((c: any) => [c.kind, c.id, c.level, c.requiredQty, c.stockQty, c.shortageQty]),
    ).toEqual([
      ['PRODUCT', semi.id, 1, 22, 7, 15],
      ['MATERIAL', m1.id, 1, 76, 50, 26],
      ['MATERIAL', m2.id, 2, 13.2, 0, 13.2],
    ]);
    expect(res.body.data.components[1]).toMatchObject({ code: m1.code, name: m1.name, unit: 'KG' });
    const noBom = await info(`productId=${semi.id}&qty=1`);
    expect(noBom.body.data.components.map((c: any) => c.id)).toEqual([m1.id, m2.id]);
    const leaf = await w.makeProduct();
    expect((await info(`productId=${leaf.id}&qty=1`)).body.data).toMatchObject({ components: [], sufficient: true });
  });

  it('of an order product (its quantity unless given) and of a shipment (its total unless given)', async () => {
    const { orderProduct } = await w.orderProduct(w.customer.id, fg.id, { qty: 5 });
    const byOrder = await info(`orderProductId=${orderProduct.id}`);
    expect(byOrder.body.data).toMatchObject({ productId: fg.id, qty: 5, orderProductId: orderProduct.id });
    expect(byOrder.body.data.components[0].requiredQty).toBe(11);
    expect((await info(`orderProductId=${orderProduct.id}&qty=1`)).body.data.components[0].requiredQty).toBe(2.2);
    const lot = await w.addLot(fg.id, 4);
    const s = await shipped({ productId: fg.id, lots: [{ productStockId: lot.id, qty: 4 }] });
    const byShipment = await info(`shipmentId=${s.id}`);
    expect(byShipment.body.data).toMatchObject({ productId: fg.id, qty: 4, shipmentId: s.id });
    expect(byShipment.body.data.components[0].requiredQty).toBe(8.8);
  });

  it('400 without exactly one subject or without qty for a product; 404 for a missing one; 401; 403', async () => {
    expect(fieldsOf(await info(''))).toEqual(['productId']);
    expect(fieldsOf(await info(`productId=${fg.id}&shipmentId=1&qty=1`))).toEqual(['productId']);
    expect(fieldsOf(await info(`productId=${fg.id}`))).toEqual(['qty']);
    expect(fieldsOf(await info(`productId=${fg.id}&qty=-1`))).toEqual(['qty']);
    expect((await info('productId=2000000000&qty=1')).status).toBe(404);
    expect((await info('orderProductId=2000000000')).status).toBe(404);
    expect((await info('shipmentId=2000000000')).status).toBe(404);
    expect(
      (await call('GET', `/api/shipment/shipments/bom-req-info?productId=${fg.id}&qty=1`, undefined, null)).status,
    ).toBe(401);
    expect((await info(`productId=${fg.id}&qty=1`, stranger.token)).status).toBe(403);
  });
});

describe('rights and bad input on every path', () => {
  const reads = [
    `/api/shipment/shipments?startDt=${today}&endDt=${today}`,
    `/api/shipment/shipments/excel?startDt=${today}&endDt=${today}`,
    '/api/shipment/shipments/today',
    `/api/shipment/shipments/pick?productId=${readProduct.id}&qty=1`,
    `/api/shipment/shipments/bom-req-info?productId=${readProduct.id}&qty=1`,
    `/api/shipment/shipments/lot/${encodeURIComponent(lotA.lotId)}`,
    `/api/shipment/${s1.id}`,
    `/api/shipment/${s1.id}/note`,
    `/api/shipment/stocks/lot-id/${encodeURIComponent(lotA.lotId)}`,
    `/api/shipment/stocks/product/${readProduct.id}?page=1&size=20`,
  ];
  it.each(reads)('GET %s: 200 with view, 401 without a token, 403 without the menu', async (url) => {
    expect((await call('GET', url, undefined, viewer.token)).status).toBe(200);
    expect((await call('GET', url, undefined, null)).status).toBe(401);
    expect((await call('GET', url, undefined, stranger.token)).status).toBe(403);
  });

  it('400 on a bad id, LOT ID or quantity; 404 for a missing shipment to cancel', async () => {
    expect(fieldsOf(await call('GET', '/api/shipment/0'))).toEqual(['id']);
    expect(fieldsOf(await call('GET', '/api/shipment/abc/note'))).toEqual(['id']);
    expect(fieldsOf(await call('GET', '/api/shipment/shipments/lot/L%00X'))).toEqual(['lotId']);
    expect(fieldsOf(await call('GET', '/api/shipment/shipments/pick?qty=1'))).toEqual(['productId']);
    expect(fieldsOf(await call('GET', '/api/shipment/stocks/lot-id/L%00X'))).toEqual(['lotId']);
    expect(fieldsOf(await call('GET', '/api/shipment/stocks/product/0?page=1&size=20'))).toEqual(['id']);
    expect((await cancel(2_000_000_000)).status).toBe(404);
    expect((await call('PUT', '/api/shipment/cancels', { ids: [s1.id] }, viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/shipment/cancels', { ids: [s1.id] }, null)).status).toBe(401);
    expect((await call('GET', `/api/shipment/${s1.id}`)).body.data.canceled).toBe(false);
  });
});

describe('the ledger', () => {
  it('every SHIP and SHIP_CANCEL is a movement of the row it names', async () => {
    const rows = await t.db
      .select()
      .from(shipmentLots)
      .innerJoin(productStockHistories, eq(productStockHistories.id, shipmentLots.shipHistoryId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.product_stock_histories).toMatchObject({
        productStockId: r.shipment_lots.productStockId,
        type: 'SHIP',
        qty: -r.shipment_lots.qty,
      });
    }
  });
});
