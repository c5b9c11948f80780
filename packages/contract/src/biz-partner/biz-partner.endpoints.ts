import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
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
} from './biz-partner.schemas.ts';

// SPEC §7 "Biz partner". Partner lists and the type tree are look-ups of many screens (a material's supplier, an
// order's customer); a partner's orders trees belong to this screen; writes need the bizPartner menu.
const view = { menu: 'bizPartner', action: 'view' } as const;
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'bizPartner', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const bizPartnerEndpoints = endpoints('bizPartner', {
  ...excelEndpoints('/biz-partner', 'bizPartner', bizPartnerListQuery),
  tree: endpoint('GET', '/biz-partner/tree', bizPartnerTreeResponse, 'authenticated', 'Partner types (labels from the code) with the partners having each'),
  ordersTree: endpoint('GET', '/biz-partner/orders-tree', bizPartnerOrderTreeResponse, view, "The partner's businesses, orders and order lines", { query: bizPartnerIdQuery }),
  orderMaterialTree: endpoint('GET', '/biz-partner/order-material-tree', bizPartnerOrderTreeResponse, view, "The materials of the partner's orders", { query: bizPartnerIdQuery }),
  orderProductTree: endpoint('GET', '/biz-partner/order-product-tree', bizPartnerOrderTreeResponse, view, "The products of the partner's orders", { query: bizPartnerIdQuery }),
  list: endpoint('GET', '/biz-partner/biz-partners', bizPartnerListResponse, 'authenticated', 'Partners in code order, filtered by text and types', { query: bizPartnerListQuery }),
  byType: endpoint('GET', '/biz-partner/type/{type}', bizPartnerListResponse, 'authenticated', 'Partners having this type', { params: bizPartnerTypeParam }),
  byTypes: endpoint('GET', '/biz-partner/types', bizPartnerListResponse, 'authenticated', 'Partners having any of these types', { query: bizPartnerTypesQuery }),
  get: endpoint('GET', '/biz-partner/{id}', bizPartnerResponse, 'authenticated', 'One partner with its contacts', { params: idParam }),
  create: endpoint('POST', '/biz-partner', bizPartnerResponse, write('create'), 'Create a partner with its contacts', { body: bizPartnerCreateBody }),
  createBulk: endpoint('POST', '/biz-partner/biz-partners', bizPartnerListResponse, write('create'), 'Create partners, all or none', { body: bizPartnerBulkCreateBody }),
  update: endpoint('PUT', '/biz-partner', bizPartnerResponse, write('modify'), 'Modify a partner and replace its contacts', { body: bizPartnerUpdateBody }),
  remove: endpoint('DELETE', '/biz-partner/{id}', okSchema, write('delete'), 'Delete a partner (refused while other rows refer to it)', { params: idParam }),
  removeBulk: endpoint('DELETE', '/biz-partner/biz-partners/{ids}', okSchema, write('delete'), 'Delete partners, all or none', { params: idsParam }),
});
