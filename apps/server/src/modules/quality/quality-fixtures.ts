import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { todayIn } from '../../platform/dates.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeMaterial, receive } from '../material-stock/stock-fixtures.ts';
import { materialHistories, materialStocks } from '../material-stock/material-stock.table.ts';
import { madeProduct, spreadPlan } from '../production-result/result-fixtures.ts';
import { shipmentWorld } from '../shipment/shipment-fixtures.ts';

// Test data of the quality tests: the shipment world (shelves, customer, lots added by hand), a product made by forming
// then packing (result fixtures) with a plan whose daily plans are production results to inspect, and a clerk who may
// do everything the flows need (standards, results, holds, stock, release, shipment).

export type QualityWorld = Awaited<ReturnType<typeof qualityFixtures>>;

export async function qualityFixtures(t: TestApp) {
  const w = await shipmentWorld(t);
  const qa = await t.makeUser({
    materialQualityInfo: { all: true },
    productQualityInfo: { all: true },
    materialQualityResult: { all: true },
    productQualityResult: { all: true },
    materialStock: { all: true },
    stockOutRestock: { all: true },
    productionPlan: { all: true },
    shipment: { all: true },
    prodStock: { all: true },
  });
  const today = todayIn(t.config.timeZone);
  const call = (method: string, url: string, payload?: unknown, token: string | null = qa.token) =>
    t.inject({ method, url, payload, token, headers: { 'accept-language': 'en' } });
  const ok = async (method: string, url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const made = await madeProduct(t, w);
  const { plan, first } = await spreadPlan(call, made.product.id, w.line.id, today);

  /** A fresh material with a NUMBER item (10 … 20, 2 samples) and a PASS_FAIL item (visual, 1 sample). */
  async function materialWithStandard() {
    const material = await makeMaterial(t.db, { unit: 'KG' });
    const items = await ok('POST', '/api/material-quality', [
      {
        materialId: material.id,
        name: '두께',
        unit: 'mm',
        kind: 'NUMBER',
        lsl: 10,
        usl: 20,
        target: 15,
        sampleSize: 2,
        sort: 1,
      },
      { materialId: material.id, name: '외관', kind: 'PASS_FAIL', sort: 2 },
    ]);
    return { material, items: items as { id: number; name: string }[] };
  }
  /** A package of the material on the world's shelf. */
  const receivePackage = (materialId: number, qty = 50) =>
    receive(t, qa.token, { materialId, qty, locationId: w.shelf.id, supplierId: w.supplier.id });
  /** Samples that pass (pass = true) or fail the material items above. */
  const materialSamples = (items: { id: number }[], pass = true) => [
    { standardId: items[0].id, samples: [{ value: 12 }, { value: pass ? 20 : 20.5 }] },
    { standardId: items[1].id, samples: [{ passed: true }] },
  ];
  /** A product with a FINAL NUMBER item (weight ≥ 100, one-sided) and a lot of `qty` on the shelf. */
  async function productWithLot(qty = 10) {
    const product = await w.makeProduct();
    const items = await ok('POST', '/api/product-quality', {
      productId: product.id,
      name: '중량',
      unit: 'g',
      kind: 'NUMBER',
      lsl: 100,
      stage: 'FINAL',
    });
    const lot = await w.addLot(product.id, qty);
    return { product, items: items as { id: number }[], lot };
  }
  const stockQtyOf = async (id: number) =>
    (await t.db.select({ qty: materialStocks.qty }).from(materialStocks).where(eq(materialStocks.id, id)))[0].qty;
  const materialLedgerOf = (id: number) =>
    t.db.select().from(materialHistories).where(eq(materialHistories.stockId, id)).orderBy(asc(materialHistories.id));

  return {
    ...w,
    qa,
    today,
    call,
    ok,
    made,
    plan,
    first,
    materialWithStandard,
    receivePackage,
    materialSamples,
    productWithLot,
    stockQtyOf,
    materialLedgerOf,
  };
}
