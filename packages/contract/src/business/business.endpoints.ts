import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  businessCreateBody,
  businessFilterQuery,
  businessListQuery,
  businessPageResponse,
  businessResponse,
  businessTreeResponse,
  businessUpdateBody,
} from './business.schemas.ts';

// SPEC §7 "Business" (the orderInfo screen, /production/orderInfo). The list and its workbook
// (/business/businesses, /business/businesses/excel) are ours: the spec gives no path for them.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'orderInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const businessEndpoints = endpoints('business', {
  partnerTree: endpoint('GET', '/business/partner-tree/{id}', businessTreeResponse, can('view'), "A partner's businesses by code, each with its orders as children (id: the business partner)", { params: idParam }),
  list: endpoint('GET', '/business/businesses', businessPageResponse, can('view'), 'Businesses by code, filtered by partner and text, one page, with the total', { query: businessListQuery }),
  listExport: endpoint('GET', '/business/businesses/excel', FILE, can('view'), 'The businesses of the filter as a workbook', { query: businessFilterQuery }),
  get: endpoint('GET', '/business/{id}', businessResponse, can('view'), 'One business', { params: idParam }),
  create: endpoint('POST', '/business', businessResponse, can('create'), 'Create a business of a customer', { body: businessCreateBody }),
  update: endpoint('PUT', '/business', businessResponse, can('modify'), 'Modify a business', { body: businessUpdateBody }),
  remove: endpoint('DELETE', '/business/{id}', okSchema, can('delete'), 'Delete a business without orders', { params: idParam }),
  removeBulk: endpoint('DELETE', '/business/businesses/{ids}', okSchema, can('delete'), 'Delete businesses without orders, all or none', { params: idsParam }),
});
