import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';

// What released semi-finished lots refer to (platform/references.ts): a plan, product stock row, lot, product or line
// with a lot released to production cannot be deleted, nor a daily plan whose result consumed one; the dialog lists
// the released lots on the product issue screen.
const lotIdOf = sql<string>`(select l.lot_id from lots l where l.id = ${productionProductStocks.lotRowId})`;
const released = (column: AnyPgColumn, refers: string): Reference => ({
  table: productionProductStocks,
  column,
  refers,
  screen: 'productStockOutRestock',
  id: lotIdOf,
  name: sql<string>`(select p.name from products p where p.id = ${productionProductStocks.productId})`,
  createdBy: productionProductStocks.createdBy,
  createdAt: productionProductStocks.createdAt,
});

export const productionProductStockReferences: Reference[] = [
  released(productionProductStocks.planId, 'production_plans'),
  released(productionProductStocks.productStockId, 'product_stocks'),
  released(productionProductStocks.lotRowId, 'lots'),
  released(productionProductStocks.productId, 'products'),
  released(productionProductStocks.lineId, 'locations'),
  {
    table: productionProductHistories,
    column: productionProductHistories.dailyPlanId,
    refers: 'daily_plans',
    screen: 'productStockOutRestock',
    id: sql<string>`(select l.lot_id from production_product_stocks s join lots l on l.id = s.lot_row_id where s.id = ${productionProductHistories.prodProductStockId})`,
    name: sql<string>`(select p.name from production_product_stocks s join products p on p.id = s.product_id where s.id = ${productionProductHistories.prodProductStockId})`,
    createdBy: productionProductHistories.createdBy,
    createdAt: productionProductHistories.occurredAt,
  },
];
