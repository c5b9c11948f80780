import { eq } from 'drizzle-orm';
import { bizPartners } from '../../modules/biz-partner/biz-partner.table.ts';
import { materials } from '../../modules/material/material.table.ts';
import { applyMovement, writeLedger } from '../../modules/material-stock/material-stock.ledger.ts';
import { insertShipIn } from '../../modules/material-stock/material-stock.service.ts';
import { materialSales, materialStocks } from '../../modules/material-stock/material-stock.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';
import { DEMO_MATERIALS } from './demo-data.ts';

// The demo warehouse (issue 12): a month of receipts for every material on the raw-material warehouses' shelves —
// some materials below their safety stock, a few resin bags expired or about to — and a few sales and count
// corrections, all through the module's own insert and ledger functions, so history and daily totals show something
// real and agree with the stock.

const SHELVES = ['F01-W01-A01', 'F01-W01-A02', 'F01-W01-A03', 'F02-W01-A01', 'F02-W01-A02'];

export type DemoStockResult = { materialStockIds: number[]; materialSaleIds: number[] };

export async function seedDemoStock(tx: Tx, today: string, placeIds: Map<string, number>): Promise<DemoStockResult> {
  const actor = SYSTEM_ACTOR;
  const materialRows = await tx.select({ id: materials.id, code: materials.code }).from(materials);
  const materialId = new Map(materialRows.map((m) => [m.code, m.id]));
  const partners = await tx
    .select({ id: bizPartners.id, code: bizPartners.code, types: bizPartners.types })
    .from(bizPartners);
  const partnerId = new Map(partners.map((p) => [p.code, p.id]));
  const customers = partners.filter((p) => p.types.includes('CUSTOMER')).map((p) => p.id);

  const stockIds: number[] = [];
  for (const [i, m] of DEMO_MATERIALS.entries()) {
    // Every fifth material sits at 40% of its safety stock (the buyer's red rows); the rest at 110–190%.
    const share = i % 5 === 3 ? 0.4 : 1.1 + ((i * 37) % 9) / 10;
    const packages = 2 + (i % 2);
    const total = Math.round(m.safetyStock * share);
    for (let p = 0; p < packages; p++) {
      const qty = Math.max(1, Math.round(total / packages));
      const receivedDate = addDays(today, -(27 - ((i * 5 + p * 9) % 26)));
      // RM-009's oldest bag was made 14 months ago (expired); RM-008's first bag expires within the month.
      const manufactureDate =
        m.code === 'RM-009' && p === 0
          ? addDays(today, -420)
          : m.code === 'RM-008' && p === 0
            ? addDays(today, -350)
            : m.shelfLifeDays
              ? addDays(receivedDate, -7)
              : null;
      stockIds.push(
        await insertShipIn(
          tx,
          actor,
          {
            materialId: materialId.get(m.code)!,
            qty,
            locationId: placeIds.get(SHELVES[(i + p) % SHELVES.length])!,
            toolId: null,
            supplierId: partnerId.get(m.supplier) ?? null,
            supplierLot: `${m.supplier.replace('BP-', '')}-${receivedDate.replaceAll('-', '').slice(2)}-${p + 1}`,
            packageId: `${m.code}-${receivedDate.replaceAll('-', '').slice(2)}-${p + 1}`,
            receivedDate,
            manufactureDate,
            expiryDate: null,
            description: null,
          },
          today,
        ),
      );
    }
  }

  // A few sales of resin and packaging to customers, and two count corrections after a stock-take.
  const saleIds: number[] = [];
  const sell = async (stockIndex: number, qty: number, daysAgo: number, unitPrice: number) => {
    const [stock] = await tx.select().from(materialStocks).where(eq(materialStocks.id, stockIds[stockIndex]));
    const saleDate = addDays(today, -daysAgo);
    const [sale] = await tx
      .insert(materialSales)
      .values({
        stockId: stock.id,
        materialId: stock.materialId,
        customerId: customers[saleIds.length % customers.length],
        qty,
        unitPrice,
        saleDate: saleDate < stock.receivedDate ? stock.receivedDate : saleDate,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: materialSales.id, saleDate: materialSales.saleDate });
    await applyMovement(tx, actor, stock.id, { type: 'SALE', qty: -qty, day: sale.saleDate, saleId: sale.id });
    saleIds.push(sale.id);
  };
  await sell(0, 100, 12, 1850);
  await sell(3, 50, 8, 1900);
  await sell(7, 30, 3, 2400);
  await sell(stockIds.length - 2, 40, 1, 650);
  for (const [stockIndex, delta, reason] of [
    [1, -12, '월말 재고 실사: 포대 파손 폐기'],
    [10, 500, '월말 재고 실사: 미등록 입고분 확인'],
  ] as const) {
    const [before] = await tx.select().from(materialStocks).where(eq(materialStocks.id, stockIds[stockIndex]));
    const [after] = await tx
      .update(materialStocks)
      .set({ qty: before.qty + delta })
      .where(eq(materialStocks.id, before.id))
      .returning();
    await writeLedger(tx, actor, after, { type: 'CORRECT', qty: delta, day: addDays(today, -2), reason });
  }
  return { materialStockIds: stockIds, materialSaleIds: saleIds };
}
