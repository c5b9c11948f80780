import { equipmentHistoryEndpoints, equipmentStockEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { todayIn } from '../../platform/dates.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addStock,
  discardStock,
  editStock,
  getStock,
  kindStockTree,
  listHistory,
  listStock,
  locationStockTree,
  moveStock,
  stockAtLocations,
  stockHistories,
  stockOnTool,
  toolStockTree,
} from './equipment-stock.service.ts';

// SPEC §7 "Equipment stock" and "Equipment history". A movement counts for today in the factory time zone.
export const equipmentStockRoutes: ModuleRoutes = (app, { db, config }) => {
  const today = () => todayIn(config.timeZone);
  bindEndpoints(app, equipmentStockEndpoints, {
    locationTree: async () => ({ data: await locationStockTree(db) }),
    stockTree: async () => ({ data: await kindStockTree(db) }),
    toolTree: async () => ({ data: await toolStockTree(db) }),
    list: async (req) => listStock(db, req.query),
    histories: async (req) => ({ data: await stockHistories(db, req.params.id) }),
    atLocations: async (req) => stockAtLocations(db, req.params.ids, req.query),
    atTool: async (req) => stockOnTool(db, req.params.id, req.query),
    get: async (req) => ({ data: await getStock(db, req.params.id) }),
    create: async (req) => ({ data: await addStock(db, actorOf(req), req.body, today()) }),
    update: async (req) => ({ data: await editStock(db, actorOf(req), req.params.id, req.body, today()) }),
    discard: async (req) => ({ data: await discardStock(db, actorOf(req), req.params.id, req.body, today()) }),
    move: async (req) => ({ data: await moveStock(db, actorOf(req), req.params.id, req.body, today()) }),
  });
  bindEndpoints(app, equipmentHistoryEndpoints, {
    list: async (req) => listHistory(db, req.query),
  });
};
