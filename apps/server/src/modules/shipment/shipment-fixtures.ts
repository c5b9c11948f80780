import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { type TestApp, uniq } from '../../test/harness.ts';
import { businesses } from '../business/business.table.ts';
import { stockWorld } from '../material-stock/stock-fixtures.ts';
import { orderProducts, orders } from '../order/order.table.ts';
import { products } from '../product/product.table.ts';
import { productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';

// Test data of the shipment tests: the stock world (shelves, a customer, a supplier), products, lots added by hand
// onto a shelf through the product stock API (with the expiry and production day a test needs), and order products
// inserted directly (the order module's own API is another module's).

export type ShipmentWorld = Awaited<ReturnType<typeof shipmentWorld>>;

export async function shipmentWorld(t: TestApp) {
  const w = await stockWorld(t);
  const clerk = await t.makeUser({ shipment: { all: true }, prodStock: { all: true } });
  const makeProduct = async (extra: Partial<typeof products.$inferInsert> = {}) =>
    (
      await withTx(t.db, SYSTEM_ACTOR, (tx) =>
        tx
          .insert(products)
          .values({ code: uniq('FG').toUpperCase(), name: `제품 ${uniq('n')}`, type: 'FINISHED', unit: 'EA', ...extra })
          .returning(),
      )
    )[0];

  /** A lot added by hand onto a shelf (the world's first unless given); its stock row. */
  async function addLot(
    productId: number,
    qty: number,
    extra: { expiryDate?: string | null; day?: string; lotId?: string; locationId?: number } = {},
  ) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/productstock/stock-add',
      token: clerk.token,
      payload: { productId, qty, ...extra, locationId: extra.locationId ?? w.shelf.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; lotRowId: number; lotId: string; qty: number; expiryDate: string | null };
  }

  /** A business of the customer with one order and one order product of the product. */
  async function orderProduct(
    bizPartnerId: number,
    productId: number,
    extra: { qty?: number; unitPrice?: number | null } = {},
  ) {
    return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [business] = await tx
        .insert(businesses)
        .values({ bizPartnerId, code: uniq('BZ'), name: `사업 ${uniq('b')}` })
        .returning();
      const [order] = await tx
        .insert(orders)
        .values({ businessId: business.id, orderNo: uniq('PO').toUpperCase(), orderDt: '2026-01-05' })
        .returning();
      const [op] = await tx
        .insert(orderProducts)
        .values({
          orderId: order.id,
          productId,
          qty: extra.qty ?? 100,
          dueDt: '2026-02-01',
          unitPrice: extra.unitPrice === undefined ? 1500 : extra.unitPrice,
        })
        .returning();
      return { business, order, orderProduct: op };
    });
  }

  const stockQty = async (id: number) =>
    (await t.db.select({ qty: productStocks.qty }).from(productStocks).where(eq(productStocks.id, id)))[0].qty;
  const ledgerOf = (id: number) =>
    t.db
      .select()
      .from(productStockHistories)
      .where(eq(productStockHistories.productStockId, id))
      .orderBy(asc(productStockHistories.id));

  return { ...w, clerk, makeProduct, addLot, orderProduct, stockQty, ledgerOf };
}
