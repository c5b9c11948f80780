import type { OutSourcing, OutSourcingFilter, OutSourcingPlan, OutSourcingStatus } from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditView } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { locations } from '../location/location.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { outSourcings } from './out-sourcing.table.ts';

// What the outsourcing screen reads: each row with its plan, product, line, operation and partner.

const o = outSourcings;
/** The form's plan pick-list is bounded: a period of plans beyond this is narrowed by text. */
const PLAN_PICK_MAX = 500;
// The line's name is read by a scalar subquery, not joined: seven relations took PostgreSQL 14 ms to plan against
// 2 ms for six (bench/RESULTS.md 2026-11-26); the six joined are those the text filter needs.
const lineName = sql<string>`(select l.name from locations l where l.id = ${productionPlans.lineId})`;
const selectJoined = (db: Executor) =>
  db
    .select({
      o,
      productId: productionPlans.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      lineName,
      planStartDt: productionPlans.startDt,
      planEndDt: productionPlans.endDt,
      seq: productionOperPlans.seq,
      operationCode: operations.code,
      operationName: operations.name,
      bizPartnerName: bizPartners.name,
    })
    .from(o)
    .innerJoin(productionPlans, eq(productionPlans.id, o.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, o.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .innerJoin(bizPartners, eq(bizPartners.id, o.bizPartnerId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

export function statusOf(r: { sentQty: number; receivedGoodQty: number; receivedBadQty: number }): OutSourcingStatus {
  const back = round5(r.receivedGoodQty + r.receivedBadQty);
  return back <= 0 ? 'SENT' : back < r.sentQty ? 'PARTIAL' : 'RECEIVED';
}

const view = ({ o: r, ...j }: Joined): OutSourcing => ({
  id: r.id,
  planId: r.planId,
  productId: j.productId,
  productCode: j.productCode,
  productName: j.productName,
  unit: j.unit,
  lineName: j.lineName,
  planStartDt: j.planStartDt,
  planEndDt: j.planEndDt,
  operPlanId: r.operPlanId,
  seq: j.seq,
  operationCode: j.operationCode,
  operationName: j.operationName,
  bizPartnerId: r.bizPartnerId,
  bizPartnerName: j.bizPartnerName,
  sentQty: r.sentQty,
  sentDt: r.sentDt,
  receivedGoodQty: r.receivedGoodQty,
  receivedBadQty: r.receivedBadQty,
  receivedDt: r.receivedDt,
  status: statusOf(r),
  unitCost: r.unitCost,
  amount: r.unitCost == null ? null : round5((r.receivedGoodQty + r.receivedBadQty) * r.unitCost),
  dailyPlanId: r.dailyPlanId,
  description: r.description,
  ...auditView(r),
});

export async function getOutSourcing(db: Executor, id: number): Promise<OutSourcing> {
  const [row] = await selectJoined(db).where(eq(o.id, id));
  if (!row) throw notFound('Out-sourcing');
  return view(row);
}

const received = sql`(${o.receivedGoodQty} + ${o.receivedBadQty})`;
const STATUS_WHERE: Record<OutSourcingStatus, SQL> = {
  SENT: sql`${received} = 0`,
  PARTIAL: sql`${received} > 0 and ${received} < ${o.sentQty}`,
  RECEIVED: sql`${received} >= ${o.sentQty}`,
};

/** The filter's rows, newest sent first; one page and the total when a page is asked. */
export async function listOutSourcings(
  db: Executor,
  q: OutSourcingFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: OutSourcing[]; total: number }> {
  const where = and(
    q.startDt ? gte(o.sentDt, q.startDt) : undefined,
    q.endDt ? lte(o.sentDt, q.endDt) : undefined,
    q.bizPartnerId ? eq(o.bizPartnerId, q.bizPartnerId) : undefined,
    q.status ? STATUS_WHERE[q.status] : undefined,
    textFilter([products.code, products.name, operations.name, bizPartners.name], q.q),
  );
  const ordered = selectJoined(db).where(where).orderBy(desc(o.sentDt), desc(o.id));
  if (!page?.size) {
    const rows = await ordered;
    return { data: rows.map(view), total: rows.length };
  }
  const rows = await ordered.limit(page.size).offset(((page.page ?? 1) - 1) * page.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(o)
    .innerJoin(productionPlans, eq(productionPlans.id, o.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, o.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .innerJoin(bizPartners, eq(bizPartners.id, o.bizPartnerId))
    .where(where);
  return { data: rows.map(view), total: n };
}

/** A plan's outsourcing by operation sequence, or an operation plan's; 404 when the plan / operation plan is missing. */
export async function outSourcingsOf(
  db: Executor,
  by: { planId: number } | { operPlanId: number },
): Promise<OutSourcing[]> {
  if ('planId' in by) {
    const [plan] = await db
      .select({ id: productionPlans.id })
      .from(productionPlans)
      .where(eq(productionPlans.id, by.planId));
    if (!plan) throw notFound('Production plan');
  } else {
    const [op] = await db
      .select({ id: productionOperPlans.id })
      .from(productionOperPlans)
      .where(eq(productionOperPlans.id, by.operPlanId));
    if (!op) throw notFound('Production operation plan');
  }
  const rows = await selectJoined(db)
    .where('planId' in by ? eq(o.planId, by.planId) : eq(o.operPlanId, by.operPlanId))
    .orderBy(asc(productionOperPlans.seq), asc(o.sentDt), asc(o.id));
  return rows.map(view);
}

/** The plans meeting a period, with their operation plans and good quantity so far: the form's pick-list. */
export async function plansToSend(
  db: Executor,
  q: { startDt: string; endDt: string; q?: string },
): Promise<OutSourcingPlan[]> {
  const plans = await db
    .select({
      id: productionPlans.id,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      lineName: locations.name,
      qty: productionPlans.qty,
      startDt: productionPlans.startDt,
      endDt: productionPlans.endDt,
    })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .where(
      and(
        lte(productionPlans.startDt, q.endDt),
        gte(productionPlans.endDt, q.startDt),
        textFilter([products.code, products.name], q.q),
      ),
    )
    .orderBy(desc(productionPlans.startDt), desc(productionPlans.id))
    .limit(PLAN_PICK_MAX);
  if (plans.length === 0) return [];
  const opers = await db
    .select({
      id: productionOperPlans.id,
      planId: productionOperPlans.planId,
      seq: productionOperPlans.seq,
      operationCode: operations.code,
      operationName: operations.name,
      targetQty: productionOperPlans.targetQty,
      goodQty: sql<string>`coalesce((select sum(d.good_qty) from daily_plans d where d.oper_plan_id = ${productionOperPlans.id}), 0)`,
    })
    .from(productionOperPlans)
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .where(
      inArray(
        productionOperPlans.planId,
        plans.map((p) => p.id),
      ),
    )
    .orderBy(asc(productionOperPlans.seq));
  return plans.map((p) => ({
    ...p,
    operPlans: opers
      .filter((o) => o.planId === p.id)
      .map(({ planId: _, goodQty, ...o }) => ({ ...o, goodQty: Number(goodQty) })),
  }));
}
