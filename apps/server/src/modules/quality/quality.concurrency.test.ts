import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { materialHistories } from '../material-stock/material-stock.table.ts';
import { productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import { qualityFixtures } from './quality-fixtures.ts';
import { qualityDispositions } from './quality.table.ts';

// A disposition racing releases or shipments of the held package or lot (a semi-finished lot is released too) (README "Locks"): one disposition wins, the
// other is refused as closed; a SCRAP or RETURN and a release / shipment never both take the stock; what ships or is
// released after an ACCEPT never exceeds what there is; the ledger still sums to the balance. PGlite and PostgreSQL.

const t = await createTestApp();
const w = await qualityFixtures(t);
const { call, ok } = w;
const ROUNDS = 3;

describe('dispositions racing releases and shipments', () => {
  it('a held package: ACCEPT vs SCRAP vs releases', async () => {
    const { material, items } = await w.materialWithStandard();
    for (let round = 0; round < ROUNDS; round++) {
      const pkg = await w.receivePackage(material.id, 5);
      const r = await ok('POST', '/api/material-quality-result', {
        materialStockId: pkg.id,
        items: w.materialSamples(items, false),
      });
      const url = `/api/material-quality-result/hold/${r.holdId}/disposition`;
      const release = () =>
        call('POST', '/api/material-stock/ship-out', { stockId: pkg.id, planId: w.plan.id, qty: 1 });
      const calls = [
        ...Array.from({ length: 4 }, release),
        call('POST', url, { disposition: round % 2 ? 'SCRAP' : 'ACCEPT', reason: 'a' }),
        ...Array.from({ length: 4 }, release),
        call('POST', url, { disposition: round % 2 ? 'ACCEPT' : 'RETURN', reason: 'b' }),
        ...Array.from({ length: 4 }, release),
      ];
      const res = await Promise.all(calls);
      const dispositions = [res[4], res[9]];
      expect(dispositions.map((d) => d.status).sort()).toEqual([200, 409]);
      const won = dispositions.find((d) => d.status === 200)!.body.data.disposition as string;
      const releases = res.filter((_, i) => i !== 4 && i !== 9);
      for (const x of releases) expect([200, 409]).toContain(x.status);
      for (const x of releases.filter((x) => x.status === 409))
        expect(['MATERIAL_ON_HOLD', 'OUT_OF_STOCK']).toContain(x.body.code);
      const released = releases.filter((x) => x.status === 200).length;
      const qty = await w.stockQtyOf(pkg.id);
      if (won === 'ACCEPT') {
        expect(qty).toBe(5 - released);
      } else {
        // What was scrapped or returned left nothing for a release; a release before it would have met the hold.
        expect(released).toBe(0);
        expect(qty).toBe(0);
      }
      expect(qty).toBeGreaterThanOrEqual(0);
      const [{ sum }] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${materialHistories.qty}), 0)`.mapWith(Number) })
        .from(materialHistories)
        .where(eq(materialHistories.stockId, pkg.id));
      expect(sum).toBe(qty);
      const rows = await t.db.select().from(qualityDispositions).where(eq(qualityDispositions.holdId, r.holdId));
      expect(rows).toHaveLength(1);
    }
  });

  it('a held lot: ACCEPT vs SCRAP vs shipments', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { product, items, lot } = await w.productWithLot(4);
      const r = await ok('POST', '/api/product-quality-result', {
        lotRowId: lot.lotRowId,
        items: [{ standardId: items[0].id, samples: [{ value: 1 }] }],
      });
      const url = `/api/product-quality-result/hold/${r.holdId}/disposition`;
      const ship = () =>
        call('POST', '/api/shipment', {
          bizPartnerId: w.customer.id,
          productId: product.id,
          shipmentDt: w.today,
          lots: [{ productStockId: lot.id, qty: 1 }],
        });
      const calls = [
        ...Array.from({ length: 3 }, ship),
        call('POST', url, { disposition: round % 2 ? 'SCRAP' : 'ACCEPT', reason: 'a' }),
        ...Array.from({ length: 3 }, ship),
        call('POST', url, { disposition: round % 2 ? 'ACCEPT' : 'SCRAP', reason: 'b' }),
        ...Array.from({ length: 3 }, ship),
      ];
      const res = await Promise.all(calls);
      const dispositions = [res[3], res[7]];
      expect(dispositions.map((d) => d.status).sort()).toEqual([200, 409]);
      const won = dispositions.find((d) => d.status === 200)!.body.data.disposition as string;
      const shipments = res.filter((_, i) => i !== 3 && i !== 7);
      for (const x of shipments.filter((x) => x.status !== 200))
        expect(['LOT_ON_HOLD', 'OUT_OF_STOCK', 'CONFLICT']).toContain(x.body.code);
      const shipped = shipments.filter((x) => x.status === 200).length;
      const [row] = await t.db.select().from(productStocks).where(eq(productStocks.id, lot.id));
      if (won === 'ACCEPT') {
        expect(row.qty).toBe(4 - shipped);
        expect(shipped).toBeGreaterThanOrEqual(0);
      } else {
        expect(shipped).toBe(0);
        expect(row).toMatchObject({ qty: 0, disposed: true });
      }
      const [{ sum }] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${productStockHistories.qty}), 0)`.mapWith(Number) })
        .from(productStockHistories)
        .where(eq(productStockHistories.productStockId, lot.id));
      expect(sum).toBe(row.qty);
    }
  });

  it('a held semi-finished lot: ACCEPT vs SCRAP vs releases to production', async () => {
    const releaser = await t.makeUser({ productStockOutRestock: { all: true } });
    for (let round = 0; round < ROUNDS; round++) {
      const { product, items, lot } = await w.productWithLot(4);
      // The lot's product goes into the world's plan's product: it may be released to that plan's line.
      await t.db
        .insert(boms)
        .values({ parentProductId: w.made.product.id, childProductId: product.id, qty: 1, unit: 'EA' });
      const r = await ok('POST', '/api/product-quality-result', {
        lotRowId: lot.lotRowId,
        items: [{ standardId: items[0].id, samples: [{ value: 1 }] }],
      });
      const url = `/api/product-quality-result/hold/${r.holdId}/disposition`;
      const release = () =>
        call(
          'POST',
          '/api/production-product-stock/ship-out',
          { productStockId: lot.id, planId: w.plan.id, qty: 1 },
          releaser.token,
        );
      const calls = [
        ...Array.from({ length: 3 }, release),
        call('POST', url, { disposition: round % 2 ? 'SCRAP' : 'ACCEPT', reason: 'a' }),
        ...Array.from({ length: 3 }, release),
        call('POST', url, { disposition: round % 2 ? 'ACCEPT' : 'SCRAP', reason: 'b' }),
        ...Array.from({ length: 3 }, release),
      ];
      const res = await Promise.all(calls);
      const dispositions = [res[3], res[7]];
      expect(dispositions.map((d) => d.status).sort()).toEqual([200, 409]);
      const won = dispositions.find((d) => d.status === 200)!.body.data.disposition as string;
      const releases = res.filter((_, i) => i !== 3 && i !== 7);
      for (const x of releases) expect([200, 409]).toContain(x.status);
      for (const x of releases.filter((x) => x.status === 409))
        expect(['LOT_ON_HOLD', 'OUT_OF_STOCK', 'CONFLICT']).toContain(x.body.code);
      const released = releases.filter((x) => x.status === 200).length;
      const [row] = await t.db.select().from(productStocks).where(eq(productStocks.id, lot.id));
      if (won === 'ACCEPT') expect(row.qty).toBe(4 - released);
      else {
        // A release before the scrap would have met the hold; one after it finds the row discarded.
        expect(released).toBe(0);
        expect(row).toMatchObject({ qty: 0, disposed: true });
      }
      const [{ sum }] = await t.db
        .select({ sum: sql<number>`coalesce(sum(${productStockHistories.qty}), 0)`.mapWith(Number) })
        .from(productStockHistories)
        .where(eq(productStockHistories.productStockId, lot.id));
      expect(sum).toBe(row.qty);
    }
  });
});
