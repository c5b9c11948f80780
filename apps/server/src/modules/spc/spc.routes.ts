import { spcEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { itemSpc, parameterSpc } from './spc.service.ts';

export const spcRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, spcEndpoints, {
    productItem: async (req) => ({
      data: await itemSpc(db, 'PRODUCT', req.params.standardId, req.query, config.timeZone),
    }),
    materialItem: async (req) => ({
      data: await itemSpc(db, 'MATERIAL', req.params.standardId, req.query, config.timeZone),
    }),
    parameter: async (req) => ({ data: await parameterSpc(db, req.params.parameterId, req.query) }),
  });
};
