import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { lots, productStockHistories, productStocks } from './product-stock.table.ts';

// What lots and product stock refer to (platform/references.ts): a product or plan with a lot, a shelf holding a lot
// and a daily plan whose result made stock cannot be deleted; the dialog lists the lots on the product stock screen.
// Lots and stock rows are never deleted through the API; their own links (a row's lot, a movement's row) are declared
// all the same, so every blocking foreign key is (test/references.test.ts).
const lotRef = (column: AnyPgColumn, refers: string): Reference => ({
  table: lots,
  column,
  refers,
  screen: 'prodStock',
  id: lots.lotId,
  name: sql<string>`(select p.name from products p where p.id = ${lots.productId})`,
  createdBy: lots.createdBy,
  createdAt: lots.createdAt,
});

export const productStockReferences: Reference[] = [
  lotRef(lots.productId, 'products'),
  lotRef(lots.planId, 'production_plans'),
  {
    table: productStocks,
    column: productStocks.locationId,
    refers: 'locations',
    screen: 'prodStock',
    id: sql<string>`(select l.lot_id from lots l where l.id = ${productStocks.lotRowId})`,
    name: sql<string>`(select p.name from lots l join products p on p.id = l.product_id where l.id = ${productStocks.lotRowId})`,
    createdBy: productStocks.createdBy,
    createdAt: productStocks.createdAt,
  },
  {
    table: productStocks,
    column: productStocks.lotRowId,
    refers: 'lots',
    screen: 'prodStock',
    id: sql<string>`(select l.lot_id from lots l where l.id = ${productStocks.lotRowId})`,
    name: sql<string>`(select p.name from lots l join products p on p.id = l.product_id where l.id = ${productStocks.lotRowId})`,
    createdBy: productStocks.createdBy,
    createdAt: productStocks.createdAt,
  },
  {
    table: productStockHistories,
    column: productStockHistories.productStockId,
    refers: 'product_stocks',
    screen: 'prodStock',
    id: sql<string>`(select l.lot_id from product_stocks s join lots l on l.id = s.lot_row_id where s.id = ${productStockHistories.productStockId})`,
    name: sql<string>`(select p.name from product_stocks s join lots l on l.id = s.lot_row_id join products p on p.id = l.product_id where s.id = ${productStockHistories.productStockId})`,
    createdBy: productStockHistories.createdBy,
    createdAt: productStockHistories.occurredAt,
  },
  {
    table: productStockHistories,
    column: productStockHistories.dailyPlanId,
    refers: 'daily_plans',
    screen: 'prodStock',
    id: sql<string>`(select l.lot_id from product_stocks s join lots l on l.id = s.lot_row_id where s.id = ${productStockHistories.productStockId})`,
    name: sql<string>`(select p.name from product_stocks s join lots l on l.id = s.lot_row_id join products p on p.id = l.product_id where s.id = ${productStockHistories.productStockId})`,
    createdBy: productStockHistories.createdBy,
    createdAt: productStockHistories.occurredAt,
  },
];
