import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { bizPartners } from '../../modules/biz-partner/biz-partner.table.ts';
import { businesses } from '../../modules/business/business.table.ts';
import { orderProductPlans, orderProducts, orders } from '../../modules/order/order.table.ts';
import { sendInTx } from '../../modules/out-sourcing/out-sourcing.service.ts';
import { lots, productStocks } from '../../modules/product-stock/product-stock.table.ts';
import { productionOperPlans, productionPlans } from '../../modules/production-plan/production-plan.table.ts';
import { cancelInTx, shipInTx } from '../../modules/shipment/shipment.service.ts';
import { addDays } from '../../platform/dates.ts';
import type { Providers } from '../../platform/providers.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo's deliveries and outsourcing (issue 14), after the orders (demo-orders.ts): the order products whose plans
// made lots ship part of them (lots picked first expired first, through the shipment module), one shipment is
// cancelled; the last operation of last week's first finished plan was partly done by an outsourcer (received: its
// result), and this week's next plan has one sent and not back yet. So a recall from a supplier lot of a consumed
// package reaches real customers, through the sub-assembly lots the finished plans consumed (demo-results.ts).

export type DemoShipmentResult = { shipmentIds: number[]; outSourcingIds: number[] };

/** Order products planned and produced: at most this many ship. */
const SHIPPED_LINES = 6;

export async function seedDemoShipments(
  tx: Tx,
  today: string,
  timeZone: string,
  providers: Providers,
  planIds: number[],
): Promise<DemoShipmentResult> {
  const actor = SYSTEM_ACTOR;
  // Order products with a linked plan whose lot is in stock, oldest due first.
  const lines = await tx
    .selectDistinct({
      id: orderProducts.id,
      productId: orderProducts.productId,
      qty: orderProducts.qty,
      dueDt: orderProducts.dueDt,
      customerId: bizPartners.id,
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId))
    .innerJoin(orderProductPlans, eq(orderProductPlans.orderProductId, orderProducts.id))
    .innerJoin(lots, eq(lots.planId, orderProductPlans.planId))
    .orderBy(asc(orderProducts.dueDt), asc(orderProducts.id));
  const shipmentIds: number[] = [];
  for (const line of lines.slice(0, SHIPPED_LINES)) {
    const stock = await tx
      .select({ qty: productStocks.qty })
      .from(productStocks)
      .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
      .where(and(eq(lots.productId, line.productId), eq(productStocks.disposed, false)));
    const available = stock.reduce((s, r) => s + r.qty, 0);
    const qty = Math.floor(Math.min(line.qty * 0.6, available * 0.4));
    if (qty <= 0) continue;
    shipmentIds.push(
      await shipInTx(tx, providers, actor, {
        bizPartnerId: line.customerId,
        orderProductId: line.id,
        productId: line.productId,
        shipmentDt: addDays(today, -1),
        description: '정기 납품',
        qty,
      }),
    );
  }
  // The customer asked to hold the second delivery: cancelled, its quantities back on the shelves.
  if (shipmentIds.length > 1) await cancelInTx(tx, actor, [shipmentIds[1]], '고객 요청: 납기 연기', today);

  const outSourcingIds = await seedOutSourcing(tx, today, timeZone, providers, planIds);
  return { shipmentIds, outSourcingIds };
}

async function seedOutSourcing(tx: Tx, today: string, timeZone: string, providers: Providers, planIds: number[]) {
  const [outsourcer] = await tx.select({ id: bizPartners.id }).from(bizPartners).where(eq(bizPartners.code, 'BP-O001'));
  if (!outsourcer || planIds.length === 0) return [];
  // Last week's and this week's plans (the demo's plans start on Mondays), first of each: their last operation.
  const plans = await tx
    .select({ id: productionPlans.id, startDt: productionPlans.startDt, qty: productionPlans.qty })
    .from(productionPlans)
    .where(and(inArray(productionPlans.id, planIds), lt(productionPlans.startDt, addDays(today, 7))))
    .orderBy(asc(productionPlans.startDt), asc(productionPlans.id));
  const lastWeek = plans.filter((p) => p.startDt < addDays(today, -6) && p.startDt >= addDays(today, -13));
  const thisWeek = plans.filter((p) => p.startDt > addDays(today, -7) && p.startDt <= today);
  const lastOperPlan = async (planId: number) => {
    const [op] = await tx
      .select({ id: productionOperPlans.id })
      .from(productionOperPlans)
      .where(eq(productionOperPlans.planId, planId))
      .orderBy(asc(productionOperPlans.seq))
      .then((rows) => rows.slice(-1));
    return op.id;
  };
  const deps = { timeZone, providers };
  const ids: number[] = [];
  const done = lastWeek[0];
  if (done) {
    const sent = Math.round(done.qty * 0.1);
    ids.push(
      await sendInTx(tx, deps, SYSTEM_ACTOR, {
        operPlanId: await lastOperPlan(done.id),
        bizPartnerId: outsourcer.id,
        sentQty: sent,
        sentDt: addDays(done.startDt, 1),
        receivedGoodQty: sent - 2,
        receivedBadQty: 2,
        receivedDt: addDays(done.startDt, 3),
        unitCost: 350,
        description: '포장 외주(성수기 물량)',
      }),
    );
  }
  const open = thisWeek[1] ?? thisWeek[0];
  if (open) {
    ids.push(
      await sendInTx(tx, deps, SYSTEM_ACTOR, {
        operPlanId: await lastOperPlan(open.id),
        bizPartnerId: outsourcer.id,
        sentQty: Math.round(open.qty * 0.1),
        sentDt: today,
        receivedGoodQty: 0,
        receivedBadQty: 0,
        receivedDt: null,
        unitCost: 350,
        description: '포장 외주 발주',
      }),
    );
  }
  return ids;
}
