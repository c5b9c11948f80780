import { codeEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  codeChildren,
  codesChildOf,
  codesOfCategory,
  codeTree,
  createCategory,
  createCode,
  deleteCategory,
  deleteCode,
  getCategory,
  getCode,
  listCategories,
  listCodes,
  updateCategory,
  updateCode,
} from './code.service.ts';
import { codeExcel } from './code.excel.ts';

// Reads are shared look-ups (every screen's code selects and the web's codes cache); writes need the code menu.
// POST /api/code/cateogry is misspelt on purpose: it is the path of SPEC §7.
const ok = { data: { ok: true as const } };

export const codeRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, codeEndpoints, {
    ...excelHandlers({ entity: codeExcel, db, timeZone: config.timeZone }),
    tree: async () => ({ data: await codeTree(db) }),
    list: async (req) => ({ data: await listCodes(db, req.query.category) }),
    categories: async () => ({ data: await listCategories(db) }),
    getCategory: async (req) => ({ data: await getCategory(db, req.params.id) }),
    get: async (req) => ({ data: await getCode(db, req.params.id) }),
    children: async (req) => ({ data: await codeChildren(db, req.params.id) }),
    ofCategory: async (req) => ({ data: await codesOfCategory(db, req.params.category) }),
    childOf: async (req) => ({ data: await codesChildOf(db, req.params.category, req.params.code) }),
    create: async (req) => ({ data: await createCode(db, actorOf(req), req.body) }),
    createCategory: async (req) => ({ data: await createCategory(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateCode(db, actorOf(req), req.body) }),
    updateCategory: async (req) => ({ data: await updateCategory(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteCode(ctx, actorOf(req), req.params.id);
      return ok;
    },
    removeCategory: async (req) => {
      await deleteCategory(ctx, actorOf(req), req.params.id);
      return ok;
    },
  });
};
