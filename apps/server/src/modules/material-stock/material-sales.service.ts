import type { ItemSale, ItemSaleQuery, MaterialSale, MaterialSaleCreate } from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { createdStamp } from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { materials } from '../material/material.table.ts';
import { applyMovement } from './material-stock.ledger.ts';
import { round5 } from '../../platform/qty.ts';
import { PICK_ORDER, type StockDeps, stockViews } from './material-stock.service.ts';
import { materialSales, materialStocks } from './material-stock.table.ts';

// Material sales: sold from one stock row (a SALE movement; at most the row's stock), deleted = returned
// (SALE_CANCEL). An expired row is sold only with a reason, which the sale and its movement keep.

/** The partner type a sale's customer must have (code of BIZ_PARTNER_TYPE). */
export const CUSTOMER = 'CUSTOMER';

const saleColumns = {
  sale: materialSales,
  packageId: materialStocks.packageId,
  materialCode: materials.code,
  materialName: materials.name,
  unit: materials.unit,
  customerName: bizPartners.name,
};
const selectSales = (db: Executor) =>
  db
    .select(saleColumns)
    .from(materialSales)
    .innerJoin(materialStocks, eq(materialStocks.id, materialSales.stockId))
    .innerJoin(materials, eq(materials.id, materialSales.materialId))
    .innerJoin(bizPartners, eq(bizPartners.id, materialSales.customerId));

type SaleJoined = Awaited<ReturnType<ReturnType<typeof selectSales>['execute']>>[number];

function saleView(r: SaleJoined): MaterialSale {
  const s = r.sale;
  return {
    id: s.id,
    saleDate: s.saleDate,
    stockId: s.stockId,
    packageId: r.packageId,
    materialId: s.materialId,
    materialCode: r.materialCode,
    materialName: r.materialName,
    unit: r.unit,
    customerId: s.customerId,
    customerName: r.customerName,
    qty: s.qty,
    unitPrice: s.unitPrice,
    amount: s.unitPrice == null ? null : round5(s.qty * s.unitPrice),
    expiredReason: s.expiredReason,
    description: s.description,
    createdBy: s.createdBy,
    createdAt: s.createdAt.toISOString(),
    updatedBy: s.updatedBy,
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function getSale(db: Executor, id: number): Promise<MaterialSale> {
  const [row] = await selectSales(db).where(eq(materialSales.id, id));
  if (!row) throw notFound('Material sale');
  return saleView(row);
}

/**
 * Sells `qty` from the stock row to a customer: 400 on a missing row or a partner that is not a customer, 409
 * CONFLICT stockExpired for an expired row without a reason, 409 OUT_OF_STOCK beyond the row's stock.
 */
export async function createSale(deps: StockDeps, actor: Actor, body: MaterialSaleCreate): Promise<MaterialSale> {
  const today = todayIn(deps.timeZone);
  const id = await withTx(deps.db, actor, async (tx) => {
    const [stock] = await tx
      .select({ id: materialStocks.id, materialId: materialStocks.materialId, expiryDate: materialStocks.expiryDate })
      .from(materialStocks)
      .where(eq(materialStocks.id, body.stockId));
    if (!stock) throw invalidField('stockId', 'notExists');
    await assertPartnerOfType(tx, body.customerId, CUSTOMER, 'customerId');
    const saleDate = body.saleDate ?? today;
    const expired = stock.expiryDate != null && stock.expiryDate < saleDate;
    if (expired && !body.expiredReason)
      throw conflict('stockExpired', { stockId: stock.id }, { date: stock.expiryDate! });
    const [sale] = await tx
      .insert(materialSales)
      .values({
        stockId: stock.id,
        materialId: stock.materialId,
        customerId: body.customerId,
        qty: body.qty,
        unitPrice: body.unitPrice,
        saleDate,
        expiredReason: expired ? body.expiredReason || null : null,
        description: body.description || null,
        ...createdStamp(actor),
      })
      .returning({ id: materialSales.id });
    await applyMovement(tx, actor, stock.id, {
      type: 'SALE',
      qty: -body.qty,
      day: saleDate,
      saleId: sale.id,
      reason: expired ? body.expiredReason : null,
    });
    return sale.id;
  });
  return getSale(deps.db, id);
}

/** Deletes sales, all or none (404 when one is missing): each quantity returns to its stock row (SALE_CANCEL). */
export async function deleteSales(deps: StockDeps, actor: Actor, ids: number[]): Promise<void> {
  const today = todayIn(deps.timeZone);
  await withTx(deps.db, actor, async (tx) => {
    const rows = await tx
      .select()
      .from(materialSales)
      .where(inArray(materialSales.id, ids))
      .orderBy(asc(materialSales.id))
      .for('update');
    if (rows.length !== ids.length) throw notFound('Material sale');
    for (const sale of rows) {
      await applyMovement(tx, actor, sale.stockId, { type: 'SALE_CANCEL', qty: sale.qty, day: today, saleId: sale.id });
    }
    await tx.delete(materialSales).where(inArray(materialSales.id, ids));
  });
}

export type SaleFilter = { from?: string; to?: string; materialId?: number; customerId?: number; q?: string };

function saleCondition(q: SaleFilter): SQL | undefined {
  return and(
    q.from ? gte(materialSales.saleDate, q.from) : undefined,
    q.to ? lte(materialSales.saleDate, q.to) : undefined,
    q.materialId ? eq(materialSales.materialId, q.materialId) : undefined,
    q.customerId ? eq(materialSales.customerId, q.customerId) : undefined,
    textFilter([materials.code, materials.name, materialStocks.packageId, bizPartners.name], q.q),
  );
}

/** Sales, newest first; one page with the total, or all (`page` null: the export). */
export async function listSales(db: Executor, q: SaleFilter, page: { page: number; size: number } | null) {
  const query = selectSales(db).where(saleCondition(q)).orderBy(desc(materialSales.saleDate), desc(materialSales.id));
  const rows = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  const total = page
    ? (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(materialSales)
          .innerJoin(materialStocks, eq(materialStocks.id, materialSales.stockId))
          .innerJoin(materials, eq(materials.id, materialSales.materialId))
          .innerJoin(bizPartners, eq(bizPartners.id, materialSales.customerId))
          .where(saleCondition(q))
      )[0].n
    : rows.length;
  return { data: rows.map(saleView), total };
}

/** A material's stock rows in picking order, each with its sales (rows at zero only with containQtyZero). */
export async function saleTree(deps: StockDeps, materialId: number, containQtyZero: boolean) {
  const [material] = await deps.db.select({ id: materials.id }).from(materials).where(eq(materials.id, materialId));
  if (!material) throw notFound('Material');
  const rows = await deps.db
    .select({
      s: materialStocks,
      m: {
        materialCode: materials.code,
        materialName: materials.name,
        materialType: materials.type,
        specification: materials.specification,
        unit: materials.unit,
      },
    })
    .from(materialStocks)
    .innerJoin(materials, eq(materials.id, materialStocks.materialId))
    .where(and(eq(materialStocks.materialId, materialId), containQtyZero ? undefined : sql`${materialStocks.qty} > 0`))
    .orderBy(...PICK_ORDER);
  const stocks = await stockViews(deps.db, rows, { today: todayIn(deps.timeZone), soonDays: deps.soonDays });
  const sales = stocks.length
    ? (
        await selectSales(deps.db)
          .where(
            inArray(
              materialSales.stockId,
              stocks.map((s) => s.id),
            ),
          )
          .orderBy(desc(materialSales.saleDate), desc(materialSales.id))
      ).map(saleView)
    : [];
  return stocks.map((s) => {
    const own = sales.filter((x) => x.stockId === s.id);
    return { ...s, soldQty: round5(own.reduce((acc, x) => acc + x.qty, 0)), sales: own };
  });
}

/**
 * The combined sales view's product half (shipments of lots to customers): answered by the shipments module of a
 * later issue; until then there are none.
 */
export type ProductSalesSource = (db: Executor, q: ItemSaleQuery) => Promise<ItemSale[]>;
export const productSalesProvider = defineProvider<ProductSalesSource>('sales.products', async () => []);

/** Material sales and product shipments of a period together, newest first; one page with the total. */
export async function itemSales(db: Executor, providers: Providers, q: ItemSaleQuery) {
  const material: ItemSale[] =
    q.kind === 'PRODUCT'
      ? []
      : (await listSales(db, { from: q.from, to: q.to, customerId: q.customerId, q: q.q }, null)).data.map((s) => ({
          kind: 'MATERIAL' as const,
          id: s.id,
          saleDate: s.saleDate,
          customerId: s.customerId,
          customerName: s.customerName,
          itemId: s.materialId,
          itemCode: s.materialCode,
          itemName: s.materialName,
          unit: s.unit,
          qty: s.qty,
          unitPrice: s.unitPrice,
          amount: s.amount,
          reference: s.packageId,
          createdBy: s.createdBy,
        }));
  const product = q.kind === 'MATERIAL' ? [] : await providers.get(productSalesProvider)(db, q);
  const all = [...material, ...product].sort(
    (a, b) => b.saleDate.localeCompare(a.saleDate) || a.kind.localeCompare(b.kind) || b.id - a.id,
  );
  const start = (q.page - 1) * q.size;
  return { data: all.slice(start, start + q.size), total: all.length };
}
