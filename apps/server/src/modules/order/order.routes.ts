import { can, type OrderProduct, orderEndpoints, orderProductEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { forbidden } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createOrderMaterial,
  createOrderMaterials,
  createOrderProduct,
  createOrderProducts,
  deleteOrderMaterials,
  deleteOrderProducts,
  planOrderProduct,
  updateOrderMaterial,
  updateOrderProduct,
} from './order-product.service.ts';
import { getOrderProduct, listOrderProducts, noProduction, orderProductsOfOrder } from './order-product.views.ts';
import { createOrder, deleteOrders, updateOrder } from './order.service.ts';
import { orderProductTree } from './order.tree.ts';
import { getOrder, orderMaterialsOfOrder, ordersOfBusiness } from './order.views.ts';

const col = exportColumn<OrderProduct>;
const ORDER_PRODUCT_COLUMNS = [
  col('bizPartnerName', '거래처', 'Customer', (r) => r.bizPartnerName, 20),
  col('businessName', '영업', 'Business', (r) => r.businessName, 20),
  col('orderNo', '수주 번호', 'Order no.', (r) => r.orderNo, 16),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('qty', '수주 수량', 'Order qty', (r) => r.qty, 10),
  col('plannedQty', '계획 수량', 'Planned qty', (r) => r.plannedQty, 10),
  col('producedQty', '생산 양품', 'Produced good', (r) => r.producedQty, 10),
  col('remainingQty', '미계획 수량', 'Remaining', (r) => r.remainingQty, 10),
  col('dueDt', '납기일', 'Due', (r) => r.dueDt, 12),
  col('unitPrice', '단가', 'Unit price', (r) => r.unitPrice, 12),
  col('amount', '금액', 'Amount', (r) => r.amount, 14),
  col('description', '비고', 'Note', (r) => r.description, 24),
];

// SPEC §7 "Order" and "Order-product" (menu orderInfo; the plan action productionPlan). Paths: the module README.
export const orderRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  const ok = { data: { ok: true as const } };
  bindEndpoints(app, orderEndpoints, {
    orders: async (req) => ({ data: await ordersOfBusiness(db, req.params.businessId) }),
    get: async (req) => ({ data: await getOrder(db, req.params.id) }),
    create: async (req) => ({ data: await createOrder(ctx, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateOrder(ctx, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteOrders(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteOrders(ctx, actorOf(req), req.params.ids);
      return ok;
    },
  });
  bindEndpoints(app, orderProductEndpoints, {
    byOrder: async (req) => ({ data: await orderProductsOfOrder(db, req.params.orderId) }),
    materialsByOrder: async (req) => ({ data: await orderMaterialsOfOrder(db, req.params.orderId) }),
    noProduction: async (req) => noProduction(db, req.query),
    tree: async (req) => ({ data: await orderProductTree(db, req.query) }),
    period: async (req) => listOrderProducts(db, req.query, req.query),
    periodExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'order-products',
        sheet: { kr: '수주 품목', en: 'Order products' },
        columns: ORDER_PRODUCT_COLUMNS,
        records: (await listOrderProducts(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    get: async (req) => ({ data: await getOrderProduct(db, req.params.id) }),
    create: async (req) => ({ data: await createOrderProduct(ctx, actorOf(req), req.body) }),
    createBulk: async (req) => ({ data: await createOrderProducts(ctx, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateOrderProduct(ctx, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteOrderProducts(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteOrderProducts(ctx, actorOf(req), req.params.ids);
      return ok;
    },
    createMaterial: async (req) => ({ data: await createOrderMaterial(ctx, actorOf(req), req.body) }),
    createMaterials: async (req) => ({ data: await createOrderMaterials(ctx, actorOf(req), req.body) }),
    updateMaterial: async (req) => ({ data: await updateOrderMaterial(ctx, actorOf(req), req.body) }),
    removeMaterial: async (req) => {
      await deleteOrderMaterials(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeMaterials: async (req) => {
      await deleteOrderMaterials(ctx, actorOf(req), req.params.ids);
      return ok;
    },
    // The endpoint needs productionPlan create (it makes a plan); the order product is the orderInfo screen's.
    plan: async (req) => {
      const actor = actorOf(req);
      if (!can(actor.permissions, 'orderInfo', 'view')) throw forbidden();
      return { data: await planOrderProduct(ctx, actor, req.params.id, req.body) };
    },
  });
};
