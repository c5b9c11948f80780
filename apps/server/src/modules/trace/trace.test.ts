import type { TraceEdge, TraceGraph, TraceNode } from '@eqms/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { makePartner } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import {
  productionProductHistories,
  productionProductStocks,
} from '../production-product-stock/production-product-stock.table.ts';
import { spreadPlan } from '../production-result/result-fixtures.ts';
import { tools } from '../tool/tool.table.ts';

// Genealogy both ways and the mock recall against a chain built through the APIs (README.md): two packages of one
// supplier lot (and a third of another lot) → a semi-finished lot → released to and consumed by a finished plan → its
// lot → two shipments to two customers, one canceled; on the way a sale, a correction, a restock, a disposal and a
// stock count, so every term of both mass balances is exercised to the unit.

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({
  materialStock: { all: true },
  materialSales: { all: true },
  stockOutRestock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
  productStockOutRestock: { all: true },
  prodStock: { all: true },
  shipment: { all: true },
});
const viewer = await t.makeUser({ lotReport: { view: true } });
const stranger = await t.makeUser({ shipment: { all: true }, materialStock: { all: true } });
const customer2 = await makePartner(t.db, ['CUSTOMER']);
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = async (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const ok = async (method: string, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const get = (url: string, token: string | null = viewer.token) => call('GET', url, undefined, token);
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

/** A semi-finished product SA made of 2 KG of the world's material a unit and a finished one of 1 SA a unit, one
 * operation each (the result both consumes and makes the lot); SB, of the same material, mixed then packed. */
const world = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const product = async (type: string) =>
    (
      await tx
        .insert(products)
        .values({ code: uniq(type === 'SEMI' ? 'SA' : 'FG'), name: uniq('제품 '), type, unit: 'EA', shelfLifeDays: 30 })
        .returning()
    )[0];
  const sa = await product('SEMI');
  const sb = await product('SEMI');
  const fg = await product('FINISHED');
  const [mixer] = await tx
    .insert(tools)
    .values({ code: uniq('T'), name: '믹서', locationId: w.line.id })
    .returning();
  const [mixing, packing] = await tx
    .insert(operations)
    .values([
      { code: uniq('OP'), name: '배합' },
      { code: uniq('OP'), name: '포장' },
    ])
    .returning();
  await tx.insert(operPlans).values([
    { productId: sa.id, operationId: mixing.id, seq: 1, toolId: mixer.id },
    { productId: fg.id, operationId: packing.id, seq: 1 },
    { productId: sb.id, operationId: mixing.id, seq: 1, toolId: mixer.id },
    { productId: sb.id, operationId: packing.id, seq: 2 },
  ]);
  await tx.insert(boms).values([
    { parentProductId: sa.id, materialId: w.material.id, qty: 2, unit: 'KG' },
    { parentProductId: fg.id, childProductId: sa.id, qty: 1, unit: 'EA' },
    { parentProductId: sb.id, materialId: w.material.id, qty: 2, unit: 'KG' },
  ]);
  return { sa, sb, fg };
});

const lotOfPlan = async (planId: number) => {
  const [lot] = await t.db.select().from(lots).where(eq(lots.planId, planId));
  const [stock] = await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id));
  return { ...lot, stockId: stock.id };
};

/**
 * The chain, every movement through the API:
 * - P1 30 KG and P2 12 KG of supplier lot `lot` (P2 typed in lower case), P3 5 KG of another lot;
 * - semi plan 1: P1 15 released, 2 restocked, P2 10 released; its result 10 good consumes 20 KG (P1 13, P2 7) and
 *   makes LS (10 EA); an SB plan: P2 2 released, mixed 1 (consumed 2), not packed yet: no lot;
 * - P1: 4 KG sold to the customer, counted at 12 (a correction of −1);
 * - finished plan: LS 8 released, its result 6 good consumes 6 and makes LF (6 EA); LS's shelf row (2) discarded;
 * - LF: 2 shipped to the customer (A), 3 to customer 2 (B, canceled), counted at 3 (an adjustment of −1).
 */
async function buildChain() {
  const lot = `SL-${uniq()}`.toUpperCase();
  const supplier = { supplierId: w.supplier.id };
  const p1 = await receive(t, clerk.token, {
    materialId: w.material.id,
    qty: 30,
    locationId: w.shelf.id,
    ...supplier,
    supplierLot: lot,
  });
  const p2 = await receive(t, clerk.token, {
    materialId: w.material.id,
    qty: 12,
    locationId: w.shelf.id,
    ...supplier,
    supplierLot: lot.toLowerCase(),
  });
  const p3 = await receive(t, clerk.token, {
    materialId: w.material.id,
    qty: 5,
    locationId: w.shelf.id,
    ...supplier,
    supplierLot: `${lot}-X`,
  });

  const semi = await spreadPlan(call, world.sa.id, w.line.id, today, 10);
  const r1 = await ok('POST', '/api/material-stock/ship-out', { stockId: p1.id, planId: semi.plan.id, qty: 15 });
  await ok('POST', '/api/material-stock/ship-in-restock', { prodStockId: r1.id, qty: 2, reason: '남은 자재' });
  await ok('POST', '/api/material-stock/ship-out', { stockId: p2.id, planId: semi.plan.id, qty: 10 });
  const semiDaily = semi.first[0].id;
  await ok('PUT', '/api/productionprofit', { id: semiDaily, goodQty: 10, badQty: 0, locationId: w.shelf.id });
  const ls = await lotOfPlan(semi.plan.id);

  const wip = await spreadPlan(call, world.sb.id, w.line.id, today, 5);
  await ok('POST', '/api/material-stock/ship-out', { stockId: p2.id, planId: wip.plan.id, qty: 2 });
  await ok('PUT', '/api/productionprofit', { id: wip.first[0].id, goodQty: 1, badQty: 0 });

  await ok('POST', '/api/material-sales', { stockId: p1.id, customerId: w.customer.id, qty: 4 });
  await ok('PUT', '/api/material-stock/stock', {
    id: p1.id,
    qty: 12,
    locationId: w.shelf.id,
    supplierLot: lot,
    reason: '실사',
  });

  const finished = await spreadPlan(call, world.fg.id, w.line.id, today, 6);
  await ok('POST', '/api/production-product-stock/ship-out', {
    productStockId: ls.stockId,
    planId: finished.plan.id,
    qty: 8,
  });
  const fgDaily = finished.first[0].id;
  await ok('PUT', '/api/productionprofit', { id: fgDaily, goodQty: 6, badQty: 0, locationId: w.shelf.id });
  const lf = await lotOfPlan(finished.plan.id);
  await ok('PUT', `/api/productstock/dispose/${ls.stockId}`, { reason: '샘플 폐기' });

  const ship = (bizPartnerId: number, qty: number) =>
    ok('POST', '/api/shipment', {
      bizPartnerId,
      productId: world.fg.id,
      shipmentDt: today,
      lots: [{ productStockId: lf.stockId, qty }],
    });
  const a = await ship(w.customer.id, 2);
  const b = await ship(customer2.id, 3);
  await ok('PUT', '/api/shipment/cancel', { id: b.id, reason: '주문 취소' });
  await ok('PUT', `/api/productstock/stock/${lf.stockId}/qty`, { adjustedQty: 3, description: '실사' });
  return { lot, p1, p2, p3, semi, semiDaily, wip, ls, finished, fgDaily, lf, a, b };
}

const c = await buildChain();

const node = (g: TraceGraph, key: string) => g.nodes.find((n) => n.key === key) as TraceNode;
const edgeList = (g: TraceGraph) =>
  g.edges.map((e: TraceEdge) => `${e.kind} ${e.from} → ${e.to} ${e.qty}${e.canceled ? ' canceled' : ''}`).sort();
const SL = () => `SL:${w.supplier.id}:${c.lot.toLowerCase()}`;
const PK = (id: number) => `PK:${id}`;
const LT = (id: number) => `LT:${id}`;
const SH = (id: number) => `SH:${id}`;
const CU = (id: number) => `CU:${id}`;

describe('GET /api/trace/backward', () => {
  it('from a lot (LOT ID, any case): the semi-finished lot it consumed, the packages in that, their supplier lot', async () => {
    const res = await get(`/api/trace/backward?lotId=${encodeURIComponent(c.lf.lotId.toLowerCase())}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const g: TraceGraph = res.body.data;
    expect(g.direction).toBe('BACKWARD');
    expect(g.subjectKeys).toEqual([LT(c.lf.id)]);
    expect(edgeList(g)).toEqual(
      [
        `CONSUMED ${LT(c.ls.id)} → ${LT(c.lf.id)} 6`,
        `CONSUMED ${PK(c.p1.id)} → ${LT(c.ls.id)} 13`,
        `CONSUMED ${PK(c.p2.id)} → ${LT(c.ls.id)} 7`,
        `RECEIVED ${SL()} → ${PK(c.p1.id)} 30`,
        `RECEIVED ${SL()} → ${PK(c.p2.id)} 12`,
      ].sort(),
    );
    // The results that consumed, on each consumption; names and levels on the nodes.
    expect(g.edges.find((e) => e.from === LT(c.ls.id))!.dailyPlanIds).toEqual([c.fgDaily]);
    expect(g.edges.find((e) => e.from === PK(c.p1.id))!.dailyPlanIds).toEqual([c.semiDaily]);
    expect(node(g, LT(c.lf.id))).toMatchObject({
      kind: 'LOT',
      label: c.lf.lotId,
      qty: 6,
      level: 0,
      planId: c.finished.plan.id,
    });
    expect(node(g, LT(c.ls.id))).toMatchObject({
      label: c.ls.lotId,
      code: world.sa.code,
      unit: 'EA',
      qty: 10,
      level: 1,
    });
    expect(node(g, PK(c.p1.id))).toMatchObject({
      kind: 'PACKAGE',
      label: c.p1.packageId,
      code: w.material.code,
      unit: 'KG',
      qty: 30,
      partnerId: w.supplier.id,
      partnerName: w.supplier.name,
      supplierLot: c.lot,
      level: 2,
    });
    expect(node(g, SL())).toMatchObject({ kind: 'SUPPLIER_LOT', label: c.lot, qty: 42, unit: 'KG', level: 3 });
    expect(g.nodes.map((n) => n.level)).toEqual([...g.nodes.map((n) => n.level)].sort((a, b) => a - b));
    expect(g.truncated).toBe(false);
    expect(g.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('from a shipment: its lines, then the same chain; the customer it went to', async () => {
    const g: TraceGraph = (await get(`/api/trace/backward?shipmentId=${c.a.id}`)).body.data;
    expect(g.subjectKeys).toEqual([SH(c.a.id)]);
    expect(edgeList(g)).toEqual(
      expect.arrayContaining([
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.a.id)} 2`,
        `DELIVERED ${SH(c.a.id)} → ${CU(w.customer.id)} 2`,
        `CONSUMED ${PK(c.p2.id)} → ${LT(c.ls.id)} 7`,
      ]),
    );
    expect(node(g, SH(c.a.id))).toMatchObject({ label: c.a.shipmentNo, qty: 2, canceled: false, level: 0 });
    expect(node(g, PK(c.p1.id)).level).toBe(3);
    // A canceled shipment still traces back; it delivered nothing.
    const b: TraceGraph = (await get(`/api/trace/backward?shipmentId=${c.b.id}`)).body.data;
    expect(edgeList(b)).toContain(`SHIPPED ${LT(c.lf.id)} → ${SH(c.b.id)} 3 canceled`);
    expect(b.edges.filter((e) => e.kind === 'DELIVERED')).toEqual([]);
  });

  it('a lot added by hand has no genealogy: itself only', async () => {
    const added = await ok('POST', '/api/productstock/stock-add', {
      productId: world.fg.id,
      locationId: w.shelf.id,
      qty: 1,
    });
    const g: TraceGraph = (await get(`/api/trace/backward?lotId=${encodeURIComponent(added.lotId)}`)).body.data;
    expect(g.nodes.map((n) => n.key)).toEqual([LT(added.lotRowId)]);
    expect(g.edges).toEqual([]);
  });
});

describe('GET /api/trace/forward', () => {
  it('from a supplier lot (any case): both packages, every lot at any depth, shipments (canceled flagged) and customers', async () => {
    const res = await get(
      `/api/trace/forward?supplierId=${w.supplier.id}&supplierLot=${encodeURIComponent(c.lot.toLowerCase())}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const g: TraceGraph = res.body.data;
    expect(g.subjectKeys).toEqual([SL()]);
    expect(edgeList(g)).toEqual(
      [
        `RECEIVED ${SL()} → ${PK(c.p1.id)} 30`,
        `RECEIVED ${SL()} → ${PK(c.p2.id)} 12`,
        `CONSUMED ${PK(c.p1.id)} → ${LT(c.ls.id)} 13`,
        `CONSUMED ${PK(c.p2.id)} → ${LT(c.ls.id)} 7`,
        `CONSUMED ${PK(c.p2.id)} → PL:${c.wip.plan.id} 2`,
        `SOLD ${PK(c.p1.id)} → ${CU(w.customer.id)} 4`,
        `CONSUMED ${LT(c.ls.id)} → ${LT(c.lf.id)} 6`,
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.a.id)} 2`,
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.b.id)} 3 canceled`,
        `DELIVERED ${SH(c.a.id)} → ${CU(w.customer.id)} 2`,
      ].sort(),
    );
    // The other supplier lot and the customer of the canceled shipment are not reached.
    expect(g.nodes.find((n) => n.key === PK(c.p3.id))).toBeUndefined();
    expect(g.nodes.find((n) => n.key === CU(customer2.id))).toBeUndefined();
    expect(node(g, SH(c.b.id))).toMatchObject({ canceled: true, partnerId: customer2.id, qty: 3 });
    expect(node(g, `PL:${c.wip.plan.id}`)).toMatchObject({ kind: 'PLAN', code: world.sb.code, qty: 5, level: 2 });
    // Material sold (KG) and product shipped (EA): no single total for the customer.
    expect(node(g, CU(w.customer.id))).toMatchObject({ label: w.customer.name, qty: null, unit: null });
    expect(node(g, LT(c.lf.id)).level).toBe(3);
  });

  it('from one package: only what it went into', async () => {
    const g: TraceGraph = (await get(`/api/trace/forward?stockId=${c.p2.id}`)).body.data;
    expect(g.subjectKeys).toEqual([PK(c.p2.id)]);
    expect(edgeList(g)).toEqual(
      expect.arrayContaining([
        `CONSUMED ${PK(c.p2.id)} → ${LT(c.ls.id)} 7`,
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.a.id)} 2`,
      ]),
    );
    expect(g.edges.some((e) => e.from === PK(c.p1.id) || e.kind === 'SOLD')).toBe(false);
    // Its supplier lot hangs above it (one package's worth).
    expect(node(g, SL())).toMatchObject({ qty: 12, level: 1 });
  });

  it('from a lot: the lots that consumed it and their shipments, and its own', async () => {
    const g: TraceGraph = (await get(`/api/trace/forward?lotId=${encodeURIComponent(c.ls.lotId)}`)).body.data;
    expect(g.subjectKeys).toEqual([LT(c.ls.id)]);
    expect(edgeList(g)).toEqual(
      [
        `CONSUMED ${LT(c.ls.id)} → ${LT(c.lf.id)} 6`,
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.a.id)} 2`,
        `SHIPPED ${LT(c.lf.id)} → ${SH(c.b.id)} 3 canceled`,
        `DELIVERED ${SH(c.a.id)} → ${CU(w.customer.id)} 2`,
      ].sort(),
    );
    expect(node(g, CU(w.customer.id))).toMatchObject({ qty: 2, unit: 'EA', level: 3 });
  });
});

describe('GET /api/trace/recall', () => {
  it('balances every package and every lot to the unit, splits each lot per customer, lists the canceled shipment apart', async () => {
    const res = await get(`/api/trace/recall?supplierId=${w.supplier.id}&supplierLot=${encodeURIComponent(c.lot)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      supplierId: w.supplier.id,
      supplierName: w.supplier.name,
      supplierLot: c.lot,
      stockId: null,
      toDate: today,
      balanced: true,
      truncated: false,
    });
    expect(r.elapsedMs).toBeGreaterThanOrEqual(0);
    // received = in stock + at lines + consumed + sold + corrected.
    expect(r.packages).toEqual([
      expect.objectContaining({
        stockId: c.p1.id,
        receivedQty: 30,
        inStockQty: 12,
        atLineQty: 0,
        consumedQty: 13,
        soldQty: 4,
        correctedQty: 1,
        residualQty: 0,
      }),
      expect.objectContaining({
        stockId: c.p2.id,
        receivedQty: 12,
        inStockQty: 0,
        atLineQty: 3,
        consumedQty: 9,
        soldQty: 0,
        correctedQty: 0,
        residualQty: 0,
      }),
    ]);
    // produced = in stock + shipped + consumed higher up + at lines + disposed + adjusted.
    expect(r.lots).toEqual([
      expect.objectContaining({
        lotRowId: c.ls.id,
        level: 1,
        producedQty: 10,
        inStockQty: 0,
        shippedQty: 0,
        consumedQty: 6,
        atLineQty: 2,
        disposedQty: 2,
        adjustedQty: 0,
        residualQty: 0,
        customers: [],
      }),
      expect.objectContaining({
        lotRowId: c.lf.id,
        lotId: c.lf.lotId,
        level: 2,
        producedQty: 6,
        inStockQty: 3,
        shippedQty: 2,
        consumedQty: 0,
        atLineQty: 0,
        disposedQty: 0,
        adjustedQty: 1,
        residualQty: 0,
        customers: [
          {
            bizPartnerId: w.customer.id,
            bizPartnerCode: w.customer.code,
            bizPartnerName: w.customer.name,
            qty: 2,
            shipmentNos: [c.a.shipmentNo],
          },
        ],
      }),
    ]);
    expect(r.plans).toEqual([expect.objectContaining({ planId: c.wip.plan.id, productCode: world.sb.code, qty: 5 })]);
    expect(r.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          bizPartnerId: w.customer.id,
          kind: 'SHIPPED',
          itemCode: world.fg.code,
          qty: 2,
          unit: 'EA',
          refs: [c.a.shipmentNo],
        }),
        expect.objectContaining({
          bizPartnerId: w.customer.id,
          kind: 'SOLD',
          itemCode: w.material.code,
          qty: 4,
          unit: 'KG',
          refs: [c.p1.packageId],
        }),
      ]),
    );
    expect(r.deliveries).toHaveLength(2);
    expect(r.canceledShipments).toEqual([
      expect.objectContaining({
        shipmentId: c.b.id,
        shipmentNo: c.b.shipmentNo,
        bizPartnerName: customer2.name,
        qty: 3,
      }),
    ]);
  });

  it('of one package: its own balance and supplier lot; a ledger that does not add up shows its residual', async () => {
    const r = (await get(`/api/trace/recall?stockId=${c.p1.id}`)).body.data;
    expect(r).toMatchObject({ stockId: c.p1.id, packageId: c.p1.packageId, supplierLot: c.lot, balanced: true });
    expect(r.packages.map((p: { stockId: number }) => p.stockId)).toEqual([c.p1.id]);
    expect(r.lots.map((l: { lotRowId: number }) => l.lotRowId)).toEqual([c.ls.id, c.lf.id]);
  });
});

describe('GET /api/trace/…/excel and /api/trace/recall/pdf', () => {
  it('the forward and backward tables as workbooks, one row per edge, in the reader’s language', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/trace/forward/excel?stockId=${c.p2.id}`,
      token: viewer.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('trace-forward-');
    const [sheet] = await readXlsx(res.raw.rawPayload);
    const graph: TraceGraph = (await get(`/api/trace/forward?stockId=${c.p2.id}`)).body.data;
    const rows = sheet.rows.filter((r) => r.some((v) => v !== ''));
    const header = rows.find((r) => r.includes('수량'))!;
    expect(header).toEqual(expect.arrayContaining(['단계', '흐름', '보낸 곳', '받은 곳', '수량', '단위', '취소']));
    const body = rows.slice(rows.indexOf(header) + 1);
    expect(body).toHaveLength(graph.edges.length);
    // Canceled shipments last.
    expect(body.at(-1)).toEqual(expect.arrayContaining(['출하', c.lf.lotId, c.b.shipmentNo, '3', 'Y']));
    const back = await get(`/api/trace/backward/excel?lotId=${encodeURIComponent(c.lf.lotId)}`);
    expect(back.status).toBe(200);
    expect(String(back.headers['content-disposition'])).toContain('trace-backward-');
  });

  it('the recall report is a PDF with the supplier lot in its name', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/trace/recall/pdf?supplierId=${w.supplier.id}&supplierLot=${encodeURIComponent(c.lot)}`,
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`mock-recall-${c.lot}.pdf`);
    const pdf = res.raw.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/Type \/Page\b/);
  });
});

describe('bad input, rights and missing subjects on every path', () => {
  const paths = [
    '/api/trace/backward',
    '/api/trace/backward/excel',
    '/api/trace/forward',
    '/api/trace/forward/excel',
    '/api/trace/recall',
    '/api/trace/recall/pdf',
  ];
  const good: Record<string, string> = {
    backward: `lotId=${encodeURIComponent(c.lf.lotId)}`,
    forward: `stockId=${c.p1.id}`,
    recall: `stockId=${c.p1.id}`,
  };
  const groupOf = (path: string) => path.split('/')[3];

  it.each(paths)('%s: 400 naming the field, 401 without a token, 403 without the lot report', async (path) => {
    const none = await get(path);
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual([groupOf(path) === 'backward' ? 'lotId' : 'stockId']);
    expect(none.body.extraData.fields[0].message).toBe(
      'Give exactly one subject to trace (a lot, a shipment, a material package or a supplier lot).',
    );
    const ok = `${path}?${good[groupOf(path)]}`;
    expect((await get(ok, null)).status).toBe(401);
    expect((await get(ok, stranger.token)).status).toBe(403);
  });

  it('two subjects, half a supplier lot, bad ids and texts are 400 on the field', async () => {
    expect(fieldsOf(await get(`/api/trace/backward?lotId=X&shipmentId=1`))).toEqual(['lotId']);
    expect(fieldsOf(await get(`/api/trace/backward?shipmentId=0`))).toEqual(['shipmentId']);
    expect(fieldsOf(await get(`/api/trace/backward?lotId=${'x'.repeat(101)}`))).toEqual(['lotId']);
    expect(fieldsOf(await get(`/api/trace/forward?stockId=1&lotId=X`))).toEqual(['stockId']);
    expect(fieldsOf(await get(`/api/trace/forward?supplierId=${w.supplier.id}`))).toEqual(['supplierLot']);
    expect(fieldsOf(await get(`/api/trace/forward?supplierLot=A`))).toEqual(['supplierId']);
    expect(fieldsOf(await get(`/api/trace/forward?stockId=abc`))).toEqual(['stockId']);
    // A recall starts from material only: a LOT ID is no subject of it.
    expect(fieldsOf(await get(`/api/trace/recall?lotId=X`))).toEqual(['stockId']);
    expect(fieldsOf(await get(`/api/trace/recall/pdf?supplierId=1&supplierLot=A&stockId=1`))).toEqual(['stockId']);
    const ko = await t.inject({
      method: 'GET',
      url: '/api/trace/recall',
      token: viewer.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(ko.body.extraData.fields[0].message).toBe(
      '추적 대상을 하나만 지정하세요(LOT, 출하, 자재 패키지, 공급사 LOT 중 하나).',
    );
  });

  it('404 for a lot, shipment, package or supplier lot that does not exist', async () => {
    const missing = [
      '/api/trace/backward?lotId=NOPE-404',
      '/api/trace/backward/excel?shipmentId=2000000000',
      '/api/trace/backward?shipmentId=2000000000',
      '/api/trace/forward?stockId=2000000000',
      `/api/trace/forward/excel?supplierId=${w.supplier.id}&supplierLot=NOPE-404`,
      `/api/trace/forward?supplierId=2000000000&supplierLot=${encodeURIComponent(c.lot)}`,
      '/api/trace/forward?lotId=NOPE-404',
      '/api/trace/recall?stockId=2000000000',
      `/api/trace/recall/pdf?supplierId=${w.supplier.id}&supplierLot=NOPE-404`,
    ];
    for (const url of missing) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });
});

describe('cycles', () => {
  it('a lot consumed by the plan of a lot inside it (written straight into the ledgers) ends, both ways', async () => {
    const d = await buildChain();
    // LF released to and consumed by the semi-finished plan that made LS: a circle the APIs never make.
    await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [row] = await tx
        .insert(productionProductStocks)
        .values({
          planId: d.semi.plan.id,
          productStockId: d.lf.stockId,
          lotRowId: d.lf.id,
          productId: world.fg.id,
          lineId: w.line.id,
          qty: 0,
          releasedQty: 1,
          consumedQty: 1,
        })
        .returning();
      await tx.insert(productionProductHistories).values([
        { prodProductStockId: row.id, planId: d.semi.plan.id, type: 'RELEASE', qty: 1, balance: 1, day: today },
        {
          prodProductStockId: row.id,
          planId: d.semi.plan.id,
          type: 'CONSUME',
          qty: -1,
          balance: 0,
          dailyPlanId: d.semiDaily,
          day: today,
        },
      ]);
    });
    const back = await get(`/api/trace/backward?lotId=${encodeURIComponent(d.lf.lotId)}`);
    expect(back.status).toBe(200);
    expect(back.body.data.truncated).toBe(false);
    expect(edgeList(back.body.data)).toEqual(
      expect.arrayContaining([
        `CONSUMED ${LT(d.ls.id)} → ${LT(d.lf.id)} 6`,
        `CONSUMED ${LT(d.lf.id)} → ${LT(d.ls.id)} 1`,
      ]),
    );
    const fwd = await get(`/api/trace/forward?supplierId=${w.supplier.id}&supplierLot=${encodeURIComponent(d.lot)}`);
    expect(fwd.status).toBe(200);
    expect(
      fwd.body.data.nodes
        .filter((n: TraceNode) => n.kind === 'LOT')
        .map((n: TraceNode) => n.id)
        .sort(),
    ).toEqual([d.ls.id, d.lf.id].sort());
  });
});
