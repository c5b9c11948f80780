import { bomEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addMaterialLine,
  addProductLine,
  bomRoots,
  bomTreeOf,
  copyBom,
  deleteBomOf,
  deleteLine,
  directLines,
  materialLine,
  updateLine,
  usageTree,
  whereUsed,
} from './bom.service.ts';
import { bomStock } from './bom.stock.ts';

// SPEC §7 BOM; endpoints, permissions and schemas: packages/contract bom.endpoints.ts. Other modules use the
// service functions, not these routes.
const ok = { data: { ok: true as const } };

export const bomRoutes: ModuleRoutes = (app, { db, providers }) => {
  bindEndpoints(app, bomEndpoints, {
    roots: async () => ({ data: await bomRoots(db) }),
    tree: async (req) => ({ data: await bomTreeOf(db, req.params.id) }),
    usageTree: async (req) => ({ data: await usageTree(db, req.params.id) }),
    stock: async (req) => ({ data: await bomStock(providers, db, req.params.productId, req.params.qty) }),
    lines: async (req) => ({ data: await directLines(db, req.params.id) }),
    whereUsed: async (req) => ({ data: await whereUsed(db, req.params.id) }),
    materialLine: async (req) => ({ data: await materialLine(db, req.params.parent, req.params.id) }),
    createProduct: async (req) => ({ data: await addProductLine(db, actorOf(req), req.body) }),
    createMaterial: async (req) => ({ data: await addMaterialLine(db, actorOf(req), req.body) }),
    copy: async (req) => ({ data: await copyBom(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateLine(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteLine(db, actorOf(req), req.params.id);
      return ok;
    },
    removeAll: async (req) => {
      await deleteBomOf(db, actorOf(req), req.params.id);
      return ok;
    },
  });
};
