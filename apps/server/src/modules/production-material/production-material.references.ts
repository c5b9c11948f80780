import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { productionMaterialHistories, productionMaterialStocks } from './production-material.table.ts';

// What released material refers to (platform/references.ts): a plan, a warehouse package, a material or a line with
// material released cannot be deleted; the dialog lists the released packages on the production material issue
// screen. (Drizzle writes a one-table select's columns unqualified: the subqueries name no column their tables have.)
const released = (column: AnyPgColumn, refers: string): Reference => ({
  table: productionMaterialStocks,
  column,
  refers,
  screen: 'stockOutRestock',
  id: sql<string>`(select s.package_id from material_stocks s where s.id = ${productionMaterialStocks.stockId})`,
  name: sql<string>`(select m.name from materials m where m.id = ${productionMaterialStocks.materialId})`,
  createdBy: productionMaterialStocks.createdBy,
  createdAt: productionMaterialStocks.createdAt,
});

export const productionMaterialReferences: Reference[] = [
  released(productionMaterialStocks.planId, 'production_plans'),
  released(productionMaterialStocks.stockId, 'material_stocks'),
  released(productionMaterialStocks.materialId, 'materials'),
  released(productionMaterialStocks.lineId, 'locations'),
  // A daily plan whose result consumed material (shown as the package consumed).
  {
    table: productionMaterialHistories,
    column: productionMaterialHistories.dailyPlanId,
    refers: 'daily_plans',
    screen: 'stockOutRestock',
    id: sql<string>`(select s.package_id from production_material_stocks p join material_stocks s on s.id = p.stock_id where p.id = ${productionMaterialHistories.prodStockId})`,
    name: sql<string>`(select m.name from production_material_stocks p join materials m on m.id = p.material_id where p.id = ${productionMaterialHistories.prodStockId})`,
    createdBy: productionMaterialHistories.createdBy,
    createdAt: productionMaterialHistories.occurredAt,
  },
];
