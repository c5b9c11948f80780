import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const bizPartnerEndpoints = endpoints('bizPartner', {
  ...excelEndpoints('/biz-partner', 'bizPartner', bizPartnerListQuery),
  tree: {
    method: 'GET',
    path: '/biz-partner/tree',
    response: bizPartnerTreeResponse,
    permission: 'authenticated',
    summary: 'Partner types (labels from the code) with the partners having each',
  },
  ordersTree: {
    method: 'GET',
    path: '/biz-partner/orders-tree',
    query: bizPartnerIdQuery,
    response: bizPartnerOrderTreeResponse,
    permission: view,
    summary: "The partner's businesses, orders and order lines",
  },
  orderMaterialTree: {
    method: 'GET',
    path: '/biz-partner/order-material-tree',
    query: bizPartnerIdQuery,
    response: bizPartnerOrderTreeResponse,
    permission: view,
    summary: "The materials of the partner's orders",
  },
  orderProductTree: {
    method: 'GET',
    path: '/biz-partner/order-product-tree',
    query: bizPartnerIdQuery,
    response: bizPartnerOrderTreeResponse,
    permission: view,
    summary: "The products of the partner's orders",
  },
  list: {
    method: 'GET',
    path: '/biz-partner/biz-partners',
    query: bizPartnerListQuery,
    response: bizPartnerListResponse,
    permission: 'authenticated',
    summary: 'Partners in code order, filtered by text and types',
  },
  byType: {
    method: 'GET',
    path: '/biz-partner/type/{type}',
    params: bizPartnerTypeParam,
    response: bizPartnerListResponse,
    permission: 'authenticated',
    summary: 'Partners having this type',
  },
  byTypes: {
    method: 'GET',
    path: '/biz-partner/types',
    query: bizPartnerTypesQuery,
    response: bizPartnerListResponse,
    permission: 'authenticated',
    summary: 'Partners having any of these types',
  },
  get: {
    method: 'GET',
    path: '/biz-partner/{id}',
    params: idParam,
    response: bizPartnerResponse,
    permission: 'authenticated',
    summary: 'One partner with its contacts',
  },
  create: {
    method: 'POST',
    path: '/biz-partner',
    body: bizPartnerCreateBody,
    response: bizPartnerResponse,
    permission: write('create'),
    summary: 'Create a partner with its contacts',
  },
  createBulk: {
    method: 'POST',
    path: '/biz-partner/biz-partners',
    body: bizPartnerBulkCreateBody,
    response: bizPartnerListResponse,
    permission: write('create'),
    summary: 'Create partners, all or none',
  },
  update: {
    method: 'PUT',
    path: '/biz-partner',
    body: bizPartnerUpdateBody,
    response: bizPartnerResponse,
    permission: write('modify'),
    summary: 'Modify a partner and replace its contacts',
  },
  remove: {
    method: 'DELETE',
    path: '/biz-partner/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete a partner (refused while other rows refer to it)',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/biz-partner/biz-partners/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete partners, all or none',
  },
});
