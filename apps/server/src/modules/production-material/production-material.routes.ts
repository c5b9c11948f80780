import { productionMaterialEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { restock, shipOut } from './production-material.service.ts';
import {
  listProdStocks,
  planMaterials,
  planTree,
  prodStockHistory,
  prodStocksAt,
  prodStocksByBarcode,
} from './production-material.views.ts';

// The production material issue paths (SPEC §7 Material stock, those that name a production plan).
export const productionMaterialRoutes: ModuleRoutes = (app, { db, config }) => {
  const deps = { db, timeZone: config.timeZone };
  bindEndpoints(app, productionMaterialEndpoints, {
    planTree: async (req) => ({ data: await planTree(deps, req.query) }),
    planMaterials: async (req) => ({ data: await planMaterials(db, req.params.id) }),
    byBarcode: async (req) => ({ data: await prodStocksByBarcode(db, req.params.code) }),
    atLocation: async (req) => ({ data: await prodStocksAt(db, req.params.id) }),
    stocks: async (req) => listProdStocks(db, req.query),
    history: async (req) => ({ data: await prodStockHistory(db, req.params.id) }),
    shipOut: async (req) => ({ data: await shipOut(deps, actorOf(req), req.body) }),
    restock: async (req) => ({ data: await restock(deps, actorOf(req), req.body) }),
  });
};
