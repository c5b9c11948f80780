import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  businessIdParam,
  orderCreateBody,
  orderListResponse,
  orderResponse,
  orderUpdateBody,
} from './order.schemas.ts';

// SPEC §7 "Order" (the orderInfo screen, /production/orderInfo). Its lines: order-product.endpoints.ts.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'orderInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const orderEndpoints = endpoints('order', {
  orders: endpoint('GET', '/order/orders/{businessId}', orderListResponse, can('view'), "A business's orders by order date, with their line counts, quantity and amount", { params: businessIdParam }),
  get: endpoint('GET', '/order/{id}', orderResponse, can('view'), 'One order with its order products (planned and produced quantities) and order materials', { params: idParam }),
  create: endpoint('POST', '/order', orderResponse, can('create'), 'Create an order under a business, with its first order products and materials if given', { body: orderCreateBody }),
  update: endpoint('PUT', '/order', orderResponse, can('modify'), "Modify an order's own fields (its lines change through /order-product)", { body: orderUpdateBody }),
  remove: endpoint('DELETE', '/order/{id}', okSchema, can('delete'), 'Delete an order with its lines (refused while a line has plans or shipments)', { params: idParam }),
  removeBulk: endpoint('DELETE', '/order/orders/{ids}', okSchema, can('delete'), 'Delete orders with their lines, all or none', { params: idsParam }),
});
