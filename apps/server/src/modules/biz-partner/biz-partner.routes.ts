import {
  bizPartnerBulkCreateBody,
  bizPartnerCreateBody,
  bizPartnerIdQuery,
  bizPartnerListQuery,
  bizPartnerListResponse,
  bizPartnerOrderTreeResponse,
  bizPartnerResponse,
  bizPartnerTreeResponse,
  bizPartnerTypeParam,
  bizPartnerTypesQuery,
  bizPartnerUpdateBody,
  idParam,
  idsParam,
  okSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
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

// Partner lists and the type tree are look-ups of many screens (a material's supplier, an order's customer);
// a partner's orders trees belong to this screen; writes need the bizPartner menu.
const tags = ['biz-partner'];
const read = { permission: 'authenticated' as const };
const view = { permission: { menu: 'bizPartner', action: 'view' as const } };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'bizPartner', action } });
const orderTreeSchema = { tags, querystring: bizPartnerIdQuery, response: { 200: bizPartnerOrderTreeResponse } };

export const bizPartnerRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, {
    base: '/api/biz-partner',
    menu: 'bizPartner',
    entity: bizPartnerExcel,
    db,
    timeZone: config.timeZone,
  });
  app.get(
    '/api/biz-partner/tree',
    { config: read, schema: { tags, response: { 200: bizPartnerTreeResponse } } },
    async () => ({ data: await bizPartnerTree(db) }),
  );
  app.get('/api/biz-partner/orders-tree', { config: view, schema: orderTreeSchema }, async (req) => ({
    data: await bizPartnerOrderTree(db, req.query.bizPartnerId, 'orders'),
  }));
  app.get('/api/biz-partner/order-material-tree', { config: view, schema: orderTreeSchema }, async (req) => ({
    data: await bizPartnerOrderTree(db, req.query.bizPartnerId, 'materials'),
  }));
  app.get('/api/biz-partner/order-product-tree', { config: view, schema: orderTreeSchema }, async (req) => ({
    data: await bizPartnerOrderTree(db, req.query.bizPartnerId, 'products'),
  }));
  app.get(
    '/api/biz-partner/biz-partners',
    { config: read, schema: { tags, querystring: bizPartnerListQuery, response: { 200: bizPartnerListResponse } } },
    async (req) => ({ data: await listBizPartners(db, req.query) }),
  );
  app.get(
    '/api/biz-partner/type/:type',
    { config: read, schema: { tags, params: bizPartnerTypeParam, response: { 200: bizPartnerListResponse } } },
    async (req) => ({ data: await listByTypes(db, [req.params.type]) }),
  );
  app.get(
    '/api/biz-partner/types',
    { config: read, schema: { tags, querystring: bizPartnerTypesQuery, response: { 200: bizPartnerListResponse } } },
    async (req) => ({ data: await listByTypes(db, req.query.types) }),
  );
  app.get(
    '/api/biz-partner/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: bizPartnerResponse } } },
    async (req) => ({ data: await getBizPartner(db, req.params.id) }),
  );
  app.post(
    '/api/biz-partner',
    { config: write('create'), schema: { tags, body: bizPartnerCreateBody, response: { 200: bizPartnerResponse } } },
    async (req) => ({ data: await createBizPartner(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/biz-partner/biz-partners',
    {
      config: write('create'),
      schema: { tags, body: bizPartnerBulkCreateBody, response: { 200: bizPartnerListResponse } },
    },
    async (req) => ({ data: await createBizPartners(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/biz-partner',
    { config: write('modify'), schema: { tags, body: bizPartnerUpdateBody, response: { 200: bizPartnerResponse } } },
    async (req) => ({ data: await updateBizPartner(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/biz-partner/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteBizPartners(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/biz-partner/biz-partners/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteBizPartners(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
