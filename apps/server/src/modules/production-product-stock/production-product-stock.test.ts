import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { stockWorld } from '../material-stock/stock-fixtures.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { spreadPlan } from '../production-result/result-fixtures.ts';
import { tools } from '../tool/tool.table.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  productStockOutRestock: { all: true },
  prodStock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
});
const viewer = await t.makeUser({ productStockOutRestock: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);

/**
 * A finished product made by forming then packing on the world's line, whose BOM takes 2 of a semi-finished product
 * SA per unit with 10% loss (2.2) and 1 of a sub-assembly SB nobody releases by lot; and a product outside its BOM.
 */
const world = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const product = async (type: string, extra: Partial<typeof products.$inferInsert> = {}) =>
    (
      await tx
        .insert(products)
        .values({ code: uniq(type === 'SEMI' ? 'SA' : 'FG'), name: uniq('제품 '), type, unit: 'EA', ...extra })
        .returning()
    )[0];
  const sa = await product('SEMI', { shelfLifeDays: 60 });
  const sb = await product('SEMI');
  const other = await product('SEMI');
  const fg = await product('FINISHED', { shelfLifeDays: 30 });
  const [press] = await tx
    .insert(tools)
    .values({ code: uniq('T'), name: '프레스', locationId: w.line.id })
    .returning();
  const [forming, packing] = await tx
    .insert(operations)
    .values([
      { code: uniq('OP'), name: '조립' },
      { code: uniq('OP'), name: '포장' },
    ])
    .returning();
  await tx.insert(operPlans).values([
    { productId: fg.id, operationId: forming.id, seq: 1, toolId: press.id },
    { productId: fg.id, operationId: packing.id, seq: 2 },
  ]);
  await tx.insert(boms).values([
    { parentProductId: fg.id, childProductId: sa.id, qty: 2, unit: 'EA', lossRate: 10 },
    { parentProductId: fg.id, childProductId: sb.id, qty: 1, unit: 'EA' },
  ]);
  return { sa, sb, other, fg };
});

/** A plan of the finished product over 5 days, spread on every day; its daily plans by sequence. */
const makePlan = (qty = 10) => spreadPlan(call, world.fg.id, w.line.id, today, qty);
/** A lot of a product added by hand onto the world's shelf: its product stock row. */
async function newLot(qty: number, productId = world.sa.id, expiryDate?: string) {
  const res = await call('POST', '/api/productstock/stock-add', { productId, locationId: w.shelf.id, qty, expiryDate });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; lotId: string; lotRowId: number; qty: number };
}
const shipOut = (productStockId: number, planId: number, qty: number, token?: string | null) =>
  call('POST', '/api/production-product-stock/ship-out', { productStockId, planId, qty }, token);
const restock = (prodProductStockId: number, qty: number, token?: string | null, reason?: string) =>
  call('POST', '/api/production-product-stock/ship-restock', { prodProductStockId, qty, reason }, token);
const save = (body: Record<string, unknown>) => call('PUT', '/api/productionprofit', body);
const stockQty = async (id: number) =>
  (await t.db.select({ qty: productStocks.qty }).from(productStocks).where(eq(productStocks.id, id)))[0].qty;
const prodRow = async (id: number) =>
  (await t.db.select().from(productionProductStocks).where(eq(productionProductStocks.id, id)))[0];
const ledgerOf = (prodId: number) =>
  t.db
    .select()
    .from(productionProductHistories)
    .where(eq(productionProductHistories.prodProductStockId, prodId))
    .orderBy(productionProductHistories.id);

describe('POST /api/production-product-stock/ship-out and /ship-restock', () => {
  it('releases a lot to a plan (RELEASE on both ledgers) and restocks it (RESTOCK on both); releases add up', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(30);
    const res = await shipOut(lot.id, plan.id, 12);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      planId: plan.id,
      planProductId: world.fg.id,
      planProductCode: world.fg.code,
      lineId: w.line.id,
      lineName: w.line.name,
      productStockId: lot.id,
      locationId: w.shelf.id,
      disposed: false,
      lotRowId: lot.lotRowId,
      lotId: lot.lotId,
      productId: world.sa.id,
      productCode: world.sa.code,
      unit: 'EA',
      qty: 12,
      releasedQty: 12,
      restockedQty: 0,
      consumedQty: 0,
    });
    expect(res.body.data.expiryDate).toBe(addDays(today, 60));
    const prodId = res.body.data.id;
    expect((await shipOut(lot.id, plan.id, 3)).body.data).toMatchObject({ id: prodId, qty: 15, releasedQty: 15 });
    expect(await stockQty(lot.id)).toBe(15);
    const back = await restock(prodId, 4, undefined, '남은 반제품');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ qty: 11, releasedQty: 15, restockedQty: 4 });
    expect(await stockQty(lot.id)).toBe(19);
    const shelf = await t.db
      .select()
      .from(productStockHistories)
      .where(eq(productStockHistories.productStockId, lot.id))
      .orderBy(productStockHistories.id);
    expect(shelf.map((h) => [h.type, h.qty, h.balance])).toEqual([
      ['ADD', 30, 30],
      ['RELEASE', -12, 18],
      ['RELEASE', -3, 15],
      ['RESTOCK', 4, 19],
    ]);
    expect(shelf[3].reason).toBe('남은 반제품');
    const history = await call(
      'GET',
      `/api/production-product-stock/production-product-stock-history/${prodId}`,
      undefined,
      viewer.token,
    );
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((h: { type: string; qty: number; balance: number; productStockHistoryId: number }) => [
        h.type,
        h.qty,
        h.balance,
        h.productStockHistoryId,
      ]),
    ).toEqual([
      ['RELEASE', 12, 12, shelf[1].id],
      ['RELEASE', 3, 15, shelf[2].id],
      ['RESTOCK', -4, 11, shelf[3].id],
    ]);
  });

  it('409 OUT_OF_STOCK beyond the lot or beyond what is at the line; nothing written', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(5);
    const over = await shipOut(lot.id, plan.id, 5.5);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 5, requested: 5.5, unit: 'EA' } });
    expect(await stockQty(lot.id)).toBe(5);
    const prod = (await shipOut(lot.id, plan.id, 5)).body.data;
    const back = await restock(prod.id, 6);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 5, requested: 6, unit: 'EA' } });
    expect(await stockQty(lot.id)).toBe(0);
    expect((await ledgerOf(prod.id)).length).toBe(1);
    expect((await restock(prod.id, 5)).body.data).toMatchObject({ qty: 0, restockedQty: 5 });
  });

  it('409 lotDisposed: a discarded LOT is not released, and takes nothing back', async () => {
    const { plan } = await makePlan();
    const gone = await newLot(5);
    expect((await call('PUT', `/api/productstock/dispose/${gone.id}`, { reason: '오염' })).status).toBe(200);
    const refused = await shipOut(gone.id, plan.id, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.extraData).toMatchObject({ productStockId: gone.id });
    expect(refused.body.extraData.messageKey).toContain('lotDisposed');

    const lot = await newLot(5);
    const prod = (await shipOut(lot.id, plan.id, 3)).body.data;
    expect((await call('PUT', `/api/productstock/dispose/${lot.id}`, {})).status).toBe(200);
    const back = await restock(prod.id, 1);
    expect(back.status).toBe(409);
    expect(back.body.extraData.messageKey).toContain('lotDisposed');
    expect(await prodRow(prod.id)).toMatchObject({ qty: 3, restockedQty: 0 });
  });

  it('400 on missing rows, a lot outside the BOM and bad quantities; 401; 403', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(5);
    const outside = await newLot(5, world.other.id);
    expect(fieldsOf(await shipOut(2_000_000_000, plan.id, 1))).toEqual(['productStockId']);
    expect(fieldsOf(await shipOut(lot.id, 2_000_000_000, 1))).toEqual(['planId']);
    const notChild = await shipOut(outside.id, plan.id, 1);
    expect(notChild.status).toBe(400);
    expect(notChild.body.extraData.fields).toEqual([
      {
        field: 'productStockId',
        message: "This lot's product is not a child product in the BOM of the plan's product.",
      },
    ]);
    expect(fieldsOf(await shipOut(lot.id, plan.id, 0))).toEqual(['qty']);
    expect(fieldsOf(await shipOut(lot.id, plan.id, 1.123456))).toEqual(['qty']);
    expect(fieldsOf(await call('POST', '/api/production-product-stock/ship-out', { productStockId: lot.id }))).toEqual(
      expect.arrayContaining(['planId', 'qty']),
    );
    expect(fieldsOf(await restock(2_000_000_000, 1))).toEqual(['prodProductStockId']);
    expect(fieldsOf(await restock(1, -1))).toEqual(['qty']);
    expect((await shipOut(lot.id, plan.id, 1, null)).status).toBe(401);
    expect((await restock(1, 1, null)).status).toBe(401);
    expect((await shipOut(lot.id, plan.id, 1, viewer.token)).status).toBe(403);
    expect((await restock(1, 1, viewer.token)).status).toBe(403);
    expect(await stockQty(lot.id)).toBe(5);
    expect(await stockQty(outside.id)).toBe(5);
  });
});

describe('reads', () => {
  it("a plan's semi-finished requirement: required by its BOM, released, at the line, still to release, stock", async () => {
    const { plan } = await makePlan(10);
    const lot = await newLot(30);
    const spare = await newLot(7);
    const prod = (await shipOut(lot.id, plan.id, 20)).body.data;
    await restock(prod.id, 2);
    const res = await call('GET', `/api/production-product-stock/plan/${plan.id}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ planId: plan.id, productId: world.fg.id, qty: 10, lineId: w.line.id });
    const byId = new Map(res.body.data.products.map((m: { productId: number }) => [m.productId, m]));
    // 10 × 2 × 1.1 = 22; released 20, 2 back: 4 still to release. Stock: every SA lot on a shelf, this test's among.
    expect(byId.get(world.sa.id)).toMatchObject({
      code: world.sa.code,
      requiredQty: 22,
      releasedQty: 20,
      restockedQty: 2,
      consumedQty: 0,
      atLineQty: 18,
      toReleaseQty: 4,
      tracked: true,
    });
    expect((byId.get(world.sa.id) as { stockQty: number }).stockQty).toBeGreaterThanOrEqual(12 + spare.qty);
    expect(byId.get(world.sb.id)).toMatchObject({
      requiredQty: 10,
      releasedQty: 0,
      toReleaseQty: 10,
      stockQty: 0,
      tracked: false,
    });
    expect(res.body.data.stocks).toMatchObject([{ id: prod.id, qty: 18 }]);
    expect((await call('GET', '/api/production-product-stock/plan/2000000000')).status).toBe(404);
    expect((await call('GET', `/api/production-product-stock/plan/${plan.id}`, undefined, stranger.token)).status).toBe(
      403,
    );
    expect((await call('GET', `/api/production-product-stock/plan/${plan.id}`, undefined, null)).status).toBe(401);
    expect(fieldsOf(await call('GET', '/api/production-product-stock/plan/0'))).toEqual(['id']);
  });

  it('by LOT ID (any case), of a period with the workbook, a ledger; the plan tree', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(10);
    const prod = (await shipOut(lot.id, plan.id, 4)).body.data;
    const byLot = await call('GET', `/api/production-product-stock/by-lot-id/${lot.lotId.toLowerCase()}`);
    expect(byLot.status).toBe(200);
    expect(byLot.body.data.map((r: { id: number }) => r.id)).toEqual([prod.id]);
    expect((await call('GET', '/api/production-product-stock/by-lot-id/NOPE-404')).status).toBe(404);
    const page = await call(
      'GET',
      `/api/production-product-stock/production-product-stocks?startDt=${today}&endDt=${today}&q=${encodeURIComponent(lot.lotId)}`,
      undefined,
      viewer.token,
    );
    expect(page.body).toMatchObject({ total: 1, data: [{ id: prod.id, lotId: lot.lotId }] });
    const byProduct = await call(
      'GET',
      `/api/production-product-stock/production-product-stocks?startDt=${today}&endDt=${today}&q=${encodeURIComponent(world.fg.code)}&size=1000`,
    );
    expect(byProduct.body.data.map((r: { id: number }) => r.id)).toContain(prod.id);
    const later = await call(
      'GET',
      `/api/production-product-stock/production-product-stocks?startDt=${addDays(today, 30)}&endDt=${addDays(today, 31)}&q=${encodeURIComponent(lot.lotId)}`,
    );
    expect(later.body).toMatchObject({ total: 0, data: [] });
    const xlsx = await call(
      'GET',
      `/api/production-product-stock/production-product-stocks/excel?startDt=${today}&endDt=${today}&q=${encodeURIComponent(lot.lotId)}`,
      undefined,
      viewer.token,
    );
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-disposition'])).toContain('production-product-stocks');
    expect(fieldsOf(await call('GET', '/api/production-product-stock/production-product-stocks/excel'))).toEqual([
      'startDt',
      'endDt',
    ]);
    expect(fieldsOf(await call('GET', '/api/production-product-stock/production-product-stocks'))).toEqual([
      'startDt',
      'endDt',
    ]);
    expect(
      fieldsOf(
        await call(
          'GET',
          `/api/production-product-stock/production-product-stocks?startDt=${today}&endDt=${addDays(today, -1)}`,
        ),
      ),
    ).toEqual(['endDt']);
    expect(
      (
        await call(
          'GET',
          `/api/production-product-stock/production-product-stocks?startDt=${today}&endDt=${today}`,
          undefined,
          stranger.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (await call('GET', '/api/production-product-stock/production-product-stock-history/2000000000')).status,
    ).toBe(404);
    const tree = await call('GET', '/api/production-product-stock/production-plan/tree', undefined, viewer.token);
    expect(tree.status).toBe(200);
    const find = (nodes: any[], key: string): any =>
      nodes.flatMap((n) => [n, find(n.children, key)]).find((n) => n?.key === key);
    expect(find(find(tree.body.data, `L${w.line.id}`).children, `P${plan.id}`)).toMatchObject({
      kind: 'PLAN',
      productCode: world.fg.code,
    });
    expect(
      (await call('GET', '/api/production-product-stock/production-plan/tree', undefined, stranger.token)).status,
    ).toBe(403);
  });

  it('a plan, lot or product stock row with a released lot is not deleted; the related rows name the lot', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(10);
    await shipOut(lot.id, plan.id, 1);
    const res = await call('DELETE', `/api/productionplan/plan/${plan.id}`);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'productStockOutRestock', id: lot.lotId }),
    ]);
  });
});

describe('consumption by results (genealogy across product levels)', () => {
  it('a result consumes the tracked child product first released first, names the daily plan; a correction gives back', async () => {
    const { plan, first, last } = await makePlan(10);
    const lot1 = await newLot(5);
    const lot2 = await newLot(30);
    const p1 = (await shipOut(lot1.id, plan.id, 5)).body.data;
    const p2 = (await shipOut(lot2.id, plan.id, 25)).body.data;
    // 9 good + 1 bad on the first operation: 10 × 2.2 = 22 of SA — 5 from the first lot, 17 from the second. SB is
    // not tracked (nothing of it released): nothing of it is asked for.
    const formed = await save({ id: first[0].id, goodQty: 9, badQty: 1 });
    expect(formed.status, JSON.stringify(formed.body)).toBe(200);
    expect(await prodRow(p1.id)).toMatchObject({ qty: 0, consumedQty: 5 });
    expect(await prodRow(p2.id)).toMatchObject({ qty: 8, consumedQty: 17 });
    const consumed = await t.db
      .select()
      .from(productionProductHistories)
      .where(and(eq(productionProductHistories.planId, plan.id), eq(productionProductHistories.type, 'CONSUME')))
      .orderBy(productionProductHistories.id);
    expect(consumed.map((h) => [h.prodProductStockId, h.qty, h.balance, h.dailyPlanId])).toEqual([
      [p1.id, -5, 0, first[0].id],
      [p2.id, -17, 8, first[0].id],
    ]);
    // The last operation makes the finished lot: what consumed which semi-finished lot is on record.
    expect((await save({ id: last[0].id, goodQty: 9, badQty: 0 })).status).toBe(200);

    // Corrected to 5: 11 needed, 11 given back, last taken first (the second lot).
    const corrected = await save({ id: first[0].id, goodQty: 5, badQty: 0 });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await prodRow(p1.id)).toMatchObject({ qty: 0, consumedQty: 5 });
    expect(await prodRow(p2.id)).toMatchObject({ qty: 19, consumedQty: 6 });
    const lastRow = (await ledgerOf(p2.id)).at(-1)!;
    expect(lastRow).toMatchObject({ type: 'CONSUME', qty: 11, dailyPlanId: first[0].id, reason: 'result corrected' });

    // What is at the line can go back, no more (consumed stays consumed).
    expect((await restock(p2.id, 20)).status).toBe(409);
    expect((await restock(p2.id, 19)).body.data).toMatchObject({ qty: 0, restockedQty: 19, consumedQty: 6 });
    for (const id of [p1.id, p2.id]) {
      const r = await prodRow(id);
      near(r.qty, r.releasedQty - r.restockedQty - r.consumedQty);
      near(
        (await ledgerOf(id)).reduce((s, h) => s + h.qty, 0),
        r.qty,
      );
    }
    const requirement = (await call('GET', `/api/production-product-stock/plan/${plan.id}`)).body.data;
    expect(requirement.products.find((x: { productId: number }) => x.productId === world.sa.id)).toMatchObject({
      releasedQty: 30,
      restockedQty: 19,
      consumedQty: 11,
      atLineQty: 0,
    });
  });

  it('409 INSUFFICIENT_BOM_STOCK lists the short child product; nothing is written', async () => {
    const { plan, first } = await makePlan(10);
    const lot = await newLot(5);
    const prod = (await shipOut(lot.id, plan.id, 5)).body.data;
    const res = await save({ id: first[0].id, goodQty: 3, badQty: 0 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_BOM_STOCK');
    expect(res.body.extraData.shortages).toEqual([
      {
        productId: world.sa.id,
        code: world.sa.code,
        name: world.sa.name,
        requiredQty: 6.6,
        stockQty: 5,
        shortageQty: 1.6,
      },
    ]);
    const [d] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[0].id));
    expect(d).toMatchObject({ status: 'PLAN_COMPLETED', goodQty: 0 });
    expect(await prodRow(prod.id)).toMatchObject({ qty: 5, consumedQty: 0 });
    expect((await ledgerOf(prod.id)).map((h) => h.type)).toEqual(['RELEASE']);
  });

  it('the kiosk consumes too (every save of a result goes through the same provider)', async () => {
    const { plan, first } = await makePlan(10);
    const lot = await newLot(10);
    const prod = (await shipOut(lot.id, plan.id, 10)).body.data;
    const res = await call('PUT', '/api/kiosk/daily-plans', {
      dailyPlans: [{ id: first[0].id, goodQty: 2, badQty: 0 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await prodRow(prod.id)).toMatchObject({ qty: 5.6, consumedQty: 4.4 });
  });

  it('a plan with untracked child products (none released, or all taken back) still saves results', async () => {
    const { first } = await makePlan(10);
    const ok = await save({ id: first[0].id, goodQty: 4, badQty: 0 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    const { plan, first: other } = await makePlan(10);
    const lot = await newLot(5);
    const prod = (await shipOut(lot.id, plan.id, 5)).body.data;
    await restock(prod.id, 5);
    const saved = await save({ id: other[0].id, goodQty: 4, badQty: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await prodRow(prod.id)).toMatchObject({ qty: 0, consumedQty: 0, restockedQty: 5 });
  });
});

// Held lots: quality opens a hold on a lot that fails its final inspection.
const qa = await t.makeUser({ productQualityInfo: { all: true }, productQualityResult: { all: true } });
const asQa = (method: string, url: string, payload?: unknown) => call(method, url, payload, qa.token);
// SA's final inspection: weight ≥ 100 g, one sample.
const [weight] = (
  await asQa('POST', '/api/product-quality', {
    productId: world.sa.id,
    name: '중량',
    unit: 'g',
    kind: 'NUMBER',
    lsl: 100,
    stage: 'FINAL',
  })
).body.data as { id: number }[];
/** A failed final inspection of the lot: its hold. */
async function fail(lotRowId: number) {
  const res = await asQa('POST', '/api/product-quality-result', {
    lotRowId,
    items: [{ standardId: weight.id, samples: [{ value: 99 }] }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.hold.status).toBe('OPEN');
  return res.body.data.hold as { id: number; holdNo: string };
}
const accept = async (holdId: number) => {
  const res = await asQa('POST', `/api/product-quality-result/hold/${holdId}/disposition`, {
    disposition: 'ACCEPT',
    reason: '특채',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const rowsOfPlan = (planId: number) =>
  t.db.select().from(productionProductStocks).where(eq(productionProductStocks.planId, planId));

describe('held lots (quality: a failed final inspection holds the lot)', () => {
  it('a held lot is not released: 409 LOT_ON_HOLD naming the LOT ID and the hold, nothing written; ACCEPT lets it go', async () => {
    const { plan } = await makePlan();
    const lot = await newLot(10);
    const hold = await fail(lot.lotRowId);
    const refused = await shipOut(lot.id, plan.id, 5);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'LOT_ON_HOLD',
      extraData: { lotRowId: lot.lotRowId, lotId: lot.lotId, reason: hold.holdNo },
    });
    expect(refused.body.extraData.messageKey).toContain('lotOnHoldProduction');
    expect(refused.body.message).toContain(lot.lotId);
    expect(await stockQty(lot.id)).toBe(10);
    expect(await rowsOfPlan(plan.id)).toEqual([]);
    expect(
      (await t.db.select().from(productStockHistories).where(eq(productStockHistories.productStockId, lot.id))).map(
        (h) => h.type,
      ),
    ).not.toContain('RELEASE');

    await accept(hold.id);
    const released = await shipOut(lot.id, plan.id, 5);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({ lotId: lot.lotId, qty: 5 });
    expect(await stockQty(lot.id)).toBe(5);
  });

  it('a lot released before its hold is not consumed (409 LOT_ON_HOLD); other lots at the line are; ACCEPT frees it', async () => {
    const { plan, first } = await makePlan(10);
    const lotA = await newLot(10);
    const a = (await shipOut(lotA.id, plan.id, 10)).body.data;
    // Inspected after the release: it fails and is held with all of it at the line.
    const hold = await fail(lotA.lotRowId);
    const refused = await save({ id: first[0].id, goodQty: 1, badQty: 0 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'LOT_ON_HOLD',
      extraData: { lotRowId: lotA.lotRowId, lotId: lotA.lotId, reason: hold.holdNo },
    });
    expect(await prodRow(a.id)).toMatchObject({ qty: 10, consumedQty: 0 });
    const [d] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, first[0].id));
    expect(d).toMatchObject({ goodQty: 0 });

    // Another lot of SA at the line covers the result (2 × 2.2 = 4.4); the held one stays untouched.
    const lotB = await newLot(5);
    const b = (await shipOut(lotB.id, plan.id, 5)).body.data;
    const covered = await save({ id: first[0].id, goodQty: 2, badQty: 0 });
    expect(covered.status, JSON.stringify(covered.body)).toBe(200);
    expect(await prodRow(b.id)).toMatchObject({ qty: 0.6, consumedQty: 4.4 });
    expect(await prodRow(a.id)).toMatchObject({ qty: 10, consumedQty: 0 });
    // More than the free lot holds: the hold is the reason given, nothing written.
    const more = await save({ id: first[1].id, goodQty: 1, badQty: 0 });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('LOT_ON_HOLD');
    expect(await prodRow(b.id)).toMatchObject({ qty: 0.6, consumedQty: 4.4 });

    // A concession releases it: the line consumes it again, first released first.
    await accept(hold.id);
    expect((await save({ id: first[1].id, goodQty: 1, badQty: 0 })).status).toBe(200);
    expect(await prodRow(a.id)).toMatchObject({ qty: 7.8, consumedQty: 2.2 });
    expect(await prodRow(b.id)).toMatchObject({ qty: 0.6 });
  });
});

describe("the finished lot's expiry", () => {
  it('is never later than a consumed semi-finished lot: capped when consumed, back to the shelf life when given back', async () => {
    const { plan, first, last } = await makePlan(10);
    const late = await newLot(11, world.sa.id, addDays(today, 40));
    const early = await newLot(11, world.sa.id, addDays(today, 10));
    await shipOut(late.id, plan.id, 11);
    const lotOf = async () =>
      (await call('GET', `/api/productstock/prod-stock/${plan.id}`)).body.data[0] as {
        expiryDate: string;
        expiryReason: string;
        expiryPackageId: string | null;
      };
    // 5 units take 11 of the late lot: the product's 30 days come first.
    expect((await save({ id: first[0].id, goodQty: 5, badQty: 0 })).status).toBe(200);
    expect((await save({ id: last[0].id, goodQty: 5, badQty: 0 })).status).toBe(200);
    expect(await lotOf()).toMatchObject({
      expiryDate: addDays(today, 30),
      expiryReason: 'SHELF_LIFE',
      expiryPackageId: null,
    });
    // 5 more take the early lot (released now): the finished lot expires with it.
    await shipOut(early.id, plan.id, 11);
    expect((await save({ id: first[0].id, goodQty: 10, badQty: 0 })).status).toBe(200);
    expect(await lotOf()).toMatchObject({
      expiryDate: addDays(today, 10),
      expiryReason: 'LOT',
      expiryPackageId: early.lotId,
    });
    // Corrected back to 5: the early lot's 11 go back (last taken first), and with them the cap.
    expect((await save({ id: first[0].id, goodQty: 5, badQty: 0 })).status).toBe(200);
    expect(await lotOf()).toMatchObject({ expiryDate: addDays(today, 30), expiryReason: 'SHELF_LIFE' });
  });
});

describe('concurrency', () => {
  it('100 concurrent releases and restocks of one lot to two plans: nothing lost, never negative, ledgers agree', async () => {
    const { plan: planA } = await makePlan();
    const { plan: planB } = await makePlan();
    const lot = await newLot(50);
    const prodA = (await shipOut(lot.id, planA.id, 5)).body.data;
    const prodB = (await shipOut(lot.id, planB.id, 5)).body.data;
    const calls = Array.from({ length: 100 }, (_, i) => {
      const amount = 0.5 + ((i * 7919) % 29) / 10;
      if (i % 3 === 2) return restock(i % 2 ? prodA.id : prodB.id, amount);
      return shipOut(lot.id, i % 2 ? planA.id : planB.id, amount);
    });
    const results = await Promise.all(calls);
    for (const r of results) {
      if (r.status !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('OUT_OF_STOCK');
    }
    const [stock] = await t.db.select().from(productStocks).where(eq(productStocks.id, lot.id));
    const prods = await t.db
      .select()
      .from(productionProductStocks)
      .where(eq(productionProductStocks.productStockId, lot.id));
    const atLines = prods.reduce((acc, p) => acc + p.qty, 0);
    // Conserved: what the lot received is on the shelf or at the lines.
    near(stock.qty + atLines, 50);
    expect(stock.qty).toBeGreaterThanOrEqual(0);
    for (const p of prods) {
      expect(p.qty).toBeGreaterThanOrEqual(0);
      near(p.qty, p.releasedQty - p.restockedQty - p.consumedQty);
      near(
        (await ledgerOf(p.id)).reduce((acc, h) => acc + h.qty, 0),
        p.qty,
      );
    }
    const shelf = await t.db
      .select()
      .from(productStockHistories)
      .where(eq(productStockHistories.productStockId, lot.id));
    near(
      shelf.reduce((acc, h) => acc + h.qty, 0),
      stock.qty,
    );
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(30);
  });
});
