import { materialEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { masterHandlers } from '../../platform/master.ts';
import { materialExcel } from './material.excel.ts';
import { materialMaster } from './material.service.ts';

// Material reads are shared look-ups (BOM, stock, quality); writes need materialInfo. The static paths
// (/materials, /by-barcode, /excel) are separate routes from /:id, so the router never reads them as an id.
export const materialRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, materialEndpoints, {
    ...excelHandlers({ entity: materialExcel, db, timeZone: config.timeZone }),
    ...masterHandlers(materialMaster, ctx),
    byName: async (req) => ({ data: await materialMaster.pickList(db, req.params.name) }),
    byBarcode: async (req) => ({ data: await materialMaster.byBarcode(db, req.params.barcode) }),
  });
};
