import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  noProductionQuery,
  orderIdParam,
  orderMaterialListResponse,
  orderMaterialResponse,
  orderProductFilterQuery,
  orderProductListQuery,
  orderProductListResponse,
  orderProductPageResponse,
  orderProductPlanBody,
  orderProductPlanResponse,
  orderProductResponse,
  orderProductTreeQuery,
  orderProductTreeResponse,
} from './order-product.schemas.ts';
import {
  orderMaterialBulkCreateBody,
  orderMaterialCreateBody,
  orderMaterialUpdateBody,
  orderProductBulkCreateBody,
  orderProductCreateBody,
  orderProductUpdateBody,
} from './order.schemas.ts';

// SPEC §7 "Order-product": the spec names the calls (by order, order-material, no-production, tree, period, create,
// modify and delete, single and bulk) but not their paths; these are ours, in the style of the other groups, and the
// order module's README lists them. Order lines follow the order's rights (orderInfo). Making a production plan from
// an order product is production planning: it needs productionPlan create, and the handler also asks orderInfo view
// (an endpoint declares one permission).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'orderInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const orderProductEndpoints = endpoints('orderProduct', {
  byOrder: endpoint('GET', '/order-product/order/{orderId}', orderProductListResponse, can('view'), "An order's products with their planned, produced and remaining quantities", { params: orderIdParam }),
  materialsByOrder: endpoint('GET', '/order-product/order-material/{orderId}', orderMaterialListResponse, can('view'), "An order's materials", { params: orderIdParam }),
  noProduction: endpoint('GET', '/order-product/no-production', orderProductListResponse, can('view'), 'Order products not yet covered by production plans (remaining > 0), by due date; with page/size one page and the total', { query: noProductionQuery }),
  tree: endpoint('GET', '/order-product/tree', orderProductTreeResponse, can('view'), 'Partners → businesses → orders → order products due in the period', { query: orderProductTreeQuery }),
  period: endpoint('GET', '/order-product/order-products', orderProductPageResponse, can('view'), 'Order products due in the period, by due date, one page, with the total', { query: orderProductListQuery }),
  periodExport: endpoint('GET', '/order-product/order-products/excel', FILE, can('view'), 'The order products of the filter as a workbook', { query: orderProductFilterQuery }),
  get: endpoint('GET', '/order-product/{id}', orderProductResponse, can('view'), 'One order product with the production plans made for it', { params: idParam }),
  create: endpoint('POST', '/order-product', orderProductResponse, can('create'), 'Add a product to an order', { body: orderProductCreateBody }),
  createBulk: endpoint('POST', '/order-product/order-products', orderProductListResponse, can('create'), 'Add order products, all or none', { body: orderProductBulkCreateBody }),
  update: endpoint('PUT', '/order-product', orderProductResponse, can('modify'), 'Modify an order product (its product is fixed once it has plans)', { body: orderProductUpdateBody }),
  remove: endpoint('DELETE', '/order-product/{id}', okSchema, can('delete'), 'Delete an order product without plans or shipments', { params: idParam }),
  removeBulk: endpoint('DELETE', '/order-product/order-products/{ids}', okSchema, can('delete'), 'Delete order products, all or none', { params: idsParam }),
  createMaterial: endpoint('POST', '/order-product/order-material', orderMaterialResponse, can('create'), 'Add a material to an order', { body: orderMaterialCreateBody }),
  createMaterials: endpoint('POST', '/order-product/order-materials', orderMaterialListResponse, can('create'), 'Add order materials, all or none', { body: orderMaterialBulkCreateBody }),
  updateMaterial: endpoint('PUT', '/order-product/order-material', orderMaterialResponse, can('modify'), 'Modify an order material', { body: orderMaterialUpdateBody }),
  removeMaterial: endpoint('DELETE', '/order-product/order-material/{id}', okSchema, can('delete'), 'Delete an order material', { params: idParam }),
  removeMaterials: endpoint('DELETE', '/order-product/order-materials/{ids}', okSchema, can('delete'), 'Delete order materials, all or none', { params: idsParam }),
  plan: endpoint('POST', '/order-product/{id}/plan', orderProductPlanResponse, { menu: 'productionPlan', action: 'create' }, "Make a production plan from an order product (its product, the remaining qty, up to its due date): the product's operation plan is copied, a lot sequence reserved and the plan linked; also needs orderInfo view", { params: idParam, body: orderProductPlanBody }),
});
