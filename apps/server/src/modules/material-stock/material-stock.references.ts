import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { materialHistories, materialSales, materialStocks } from './material-stock.table.ts';

// What stock rows, their movements and sales refer to (platform/references.ts). A material, shelf, tool or partner
// with stock (or with movements in the ledger) cannot be deleted: the dialog lists the packages on the stock screen.

const stockRow = (column: AnyPgColumn, refers: string): Reference => ({
  table: materialStocks,
  column,
  refers,
  screen: 'materialStock',
  id: materialStocks.packageId,
  name: sql<string>`(select m.name from materials m where m.id = ${materialStocks.materialId})`,
  createdBy: materialStocks.createdBy,
  createdAt: materialStocks.createdAt,
});

/** A movement is shown as its stock package (the ledger keeps places and materials a stock row has left). */
const movement = (column: AnyPgColumn, refers: string): Reference => ({
  table: materialHistories,
  column,
  refers,
  screen: 'materialHistory',
  id: sql<string>`(select s.package_id from material_stocks s where s.id = ${materialHistories.stockId})`,
  name: sql<string>`(select m.name from materials m where m.id = ${materialHistories.materialId})`,
  createdBy: materialHistories.createdBy,
  createdAt: materialHistories.occurredAt,
});

export const materialStockReferences: Reference[] = [
  stockRow(materialStocks.materialId, 'materials'),
  stockRow(materialStocks.locationId, 'locations'),
  stockRow(materialStocks.toolId, 'tools'),
  stockRow(materialStocks.supplierId, 'biz_partners'),
  movement(materialHistories.locationId, 'locations'),
  movement(materialHistories.toolId, 'tools'),
  movement(materialHistories.fromLocationId, 'locations'),
  movement(materialHistories.fromToolId, 'tools'),
  movement(materialHistories.materialId, 'materials'),
  sale(materialSales.customerId, 'biz_partners'),
  sale(materialSales.materialId, 'materials'),
  sale(materialSales.stockId, 'material_stocks'),
];

/** A sale is shown by its id and material on the sales screen. */
function sale(column: AnyPgColumn, refers: string): Reference {
  return {
    table: materialSales,
    column,
    refers,
    screen: 'materialSales',
    id: materialSales.id,
    name: sql<string>`(select m.name from materials m where m.id = ${materialSales.materialId})`,
    createdBy: materialSales.createdBy,
    createdAt: materialSales.createdAt,
  };
}
