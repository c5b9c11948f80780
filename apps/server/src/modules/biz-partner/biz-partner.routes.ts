import { bizPartnerEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { bizPartnerExcel } from './biz-partner.excel.ts';
import {
  bizPartnerOrderTree,
  bizPartnerTree,
  createBizPartner,
  createBizPartners,
  deleteBizPartners,
  getBizPartner,
  listBizPartners,
  listByTypes,
  updateBizPartner,
} from './biz-partner.service.ts';

// Endpoints, permissions and schemas: packages/contract biz-partner.endpoints.ts.
export const bizPartnerRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, bizPartnerEndpoints, {
    ...excelHandlers({ entity: bizPartnerExcel, db, timeZone: config.timeZone }),
    tree: async () => ({ data: await bizPartnerTree(db) }),
    ordersTree: async (req) => ({ data: await bizPartnerOrderTree(ctx, req.query.bizPartnerId, 'orders') }),
    orderMaterialTree: async (req) => ({ data: await bizPartnerOrderTree(ctx, req.query.bizPartnerId, 'materials') }),
    orderProductTree: async (req) => ({ data: await bizPartnerOrderTree(ctx, req.query.bizPartnerId, 'products') }),
    list: async (req) => ({ data: await listBizPartners(db, req.query) }),
    byType: async (req) => ({ data: await listByTypes(db, [req.params.type]) }),
    byTypes: async (req) => ({ data: await listByTypes(db, req.query.types) }),
    get: async (req) => ({ data: await getBizPartner(db, req.params.id) }),
    create: async (req) => ({ data: await createBizPartner(db, actorOf(req), req.body) }),
    createBulk: async (req) => ({ data: await createBizPartners(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateBizPartner(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteBizPartners(ctx, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteBizPartners(ctx, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
