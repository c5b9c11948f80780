import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { equipmentHistories, equipmentStocks } from './equipment-stock.table.ts';

// What equipment stock rows and their movements refer to (platform/references.ts). A kind, location or tool with
// stock rows (discarded ones too) or movements in the ledger cannot be deleted: the dialog lists the stock rows on
// the stock screen and the movements on the history screen.

const equipmentName = (column: AnyPgColumn) => sql<string>`(select e.name from equipments e where e.id = ${column})`;

const stockRow = (column: AnyPgColumn, refers: string): Reference => ({
  table: equipmentStocks,
  column,
  refers,
  screen: 'equipmentStock',
  id: equipmentStocks.id,
  name: equipmentName(equipmentStocks.equipmentId),
  createdBy: equipmentStocks.createdBy,
  createdAt: equipmentStocks.createdAt,
});

const movement = (column: AnyPgColumn, refers: string): Reference => ({
  table: equipmentHistories,
  column,
  refers,
  screen: 'equipmentHistory',
  id: equipmentHistories.id,
  name: equipmentName(equipmentHistories.equipmentId),
  createdBy: equipmentHistories.createdBy,
  createdAt: equipmentHistories.occurredAt,
});

export const equipmentStockReferences: Reference[] = [
  stockRow(equipmentStocks.equipmentId, 'equipments'),
  stockRow(equipmentStocks.locationId, 'locations'),
  stockRow(equipmentStocks.toolId, 'tools'),
  movement(equipmentHistories.equipmentId, 'equipments'),
  movement(equipmentHistories.stockId, 'equipment_stocks'),
  movement(equipmentHistories.locationId, 'locations'),
  movement(equipmentHistories.toolId, 'tools'),
  movement(equipmentHistories.otherLocationId, 'locations'),
  movement(equipmentHistories.otherToolId, 'tools'),
];
