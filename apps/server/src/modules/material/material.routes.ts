import { materialEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { materialExcel } from './material.excel.ts';
import {
  createMaterial,
  createMaterials,
  deleteMaterials,
  getMaterial,
  listMaterials,
  materialByBarcode,
  materialsByName,
  updateMaterial,
} from './material.service.ts';

// Material reads are shared look-ups (BOM, stock, quality); writes need materialInfo. The static paths
// (/materials, /by-barcode, /excel) are separate routes from /:id, so the router never reads them as an id.
export const materialRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, materialEndpoints, {
    ...excelHandlers({ entity: materialExcel, db, timeZone: config.timeZone }),
    list: async (req) => listMaterials(db, req.query),
    byName: async (req) => ({ data: await materialsByName(db, req.params.name) }),
    byBarcode: async (req) => ({ data: await materialByBarcode(db, req.params.barcode) }),
    get: async (req) => ({ data: await getMaterial(db, req.params.id) }),
    create: async (req) => ({ data: await createMaterial(db, actorOf(req), req.body) }),
    createBulk: async (req) => ({ data: await createMaterials(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateMaterial(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteMaterials(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteMaterials(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
