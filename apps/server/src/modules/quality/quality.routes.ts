import {
  materialQualityEndpoints,
  materialQualityResultEndpoints,
  productQualityEndpoints,
  productQualityResultEndpoints,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { dispose, getHold, listHolds } from './quality-hold.service.ts';
import { createMaterialResult, createProductResult, setResultTime } from './quality-result.service.ts';
import { getResult, listResults, materialForm, productForm } from './quality-result.views.ts';
import { createStandards, deleteStandards, listStandards, updateStandards } from './quality-standard.service.ts';
import { materialStandardExcel, productStandardExcel } from './quality-standard.excel.ts';

const ok = { data: { ok: true as const } };

// SPEC §7 "Quality": standards and results of materials and products, and (ours) the inspection form and the holds.
export const qualityRoutes: ModuleRoutes = (app, { db, config, references }) => {
  const deps = { db, references, timeZone: config.timeZone };
  bindEndpoints(app, materialQualityEndpoints, {
    ...excelHandlers({ entity: materialStandardExcel, db, timeZone: config.timeZone }),
    list: async (req) => ({ data: await listStandards(db, 'MATERIAL', req.params.materialId) }),
    create: async (req) => ({ data: await createStandards(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateStandards(deps, actorOf(req), 'MATERIAL', req.body) }),
    remove: async (req) => {
      await deleteStandards(deps, actorOf(req), 'MATERIAL', [req.params.id]);
      return ok;
    },
    removeMany: async (req) => {
      await deleteStandards(deps, actorOf(req), 'MATERIAL', req.params.ids);
      return ok;
    },
  });
  bindEndpoints(app, productQualityEndpoints, {
    ...excelHandlers({ entity: productStandardExcel, db, timeZone: config.timeZone }),
    list: async (req) => ({ data: await listStandards(db, 'PRODUCT', req.params.productId, req.query) }),
    create: async (req) => ({ data: await createStandards(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateStandards(deps, actorOf(req), 'PRODUCT', req.body) }),
    remove: async (req) => {
      await deleteStandards(deps, actorOf(req), 'PRODUCT', [req.params.id]);
      return ok;
    },
    removeMany: async (req) => {
      await deleteStandards(deps, actorOf(req), 'PRODUCT', req.params.ids);
      return ok;
    },
  });
  bindEndpoints(app, materialQualityResultEndpoints, {
    list: async (req) => listResults(db, 'MATERIAL', req.query, config.timeZone),
    form: async (req) => ({ data: await materialForm(db, req.query) }),
    holds: async (req) => listHolds(db, 'MATERIAL_STOCK', req.query),
    hold: async (req) => ({ data: await getHold(db, 'MATERIAL_STOCK', req.params.id) }),
    dispose: async (req) => ({ data: await dispose(deps, actorOf(req), 'MATERIAL_STOCK', req.params.id, req.body) }),
    get: async (req) => ({ data: await getResult(db, 'MATERIAL', req.params.id) }),
    create: async (req) => ({ data: await createMaterialResult(deps, actorOf(req), req.body) }),
    updateTime: async (req) => ({
      data: await setResultTime(deps, actorOf(req), 'MATERIAL', req.params.id, req.body),
    }),
  });
  bindEndpoints(app, productQualityResultEndpoints, {
    list: async (req) => listResults(db, 'PRODUCT', req.query, config.timeZone),
    form: async (req) => ({ data: await productForm(db, req.query) }),
    holds: async (req) => listHolds(db, 'LOT', req.query),
    hold: async (req) => ({ data: await getHold(db, 'LOT', req.params.id) }),
    dispose: async (req) => ({ data: await dispose(deps, actorOf(req), 'LOT', req.params.id, req.body) }),
    get: async (req) => ({ data: await getResult(db, 'PRODUCT', req.params.id) }),
    create: async (req) => ({ data: await createProductResult(deps, actorOf(req), req.body) }),
    updateTime: async (req) => ({
      data: await setResultTime(deps, actorOf(req), 'PRODUCT', req.params.id, req.body),
    }),
  });
};
