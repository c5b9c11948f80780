import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { locations } from '../../modules/location/location.table.ts';
import { insertShipIn } from '../../modules/material-stock/material-stock.service.ts';
import { materials } from '../../modules/material/material.table.ts';
import { releaseInTx } from '../../modules/production-material/production-material.service.ts';
import { materialsPerUnit } from '../../modules/production-material/production-material.views.ts';
import {
  dailyPlans,
  productionOperPlans,
  productionPlans,
} from '../../modules/production-plan/production-plan.table.ts';
import { saveInTx } from '../../modules/production-result/production-result.service.ts';
import { adjustInTx, disposeInTx } from '../../modules/product-stock/product-stock.service.ts';
import { lots, productStocks } from '../../modules/product-stock/product-stock.table.ts';
import { childProductsPerUnit } from '../../modules/production-product-stock/production-product-stock.views.ts';
import { releaseProductInTx } from '../../modules/production-product-stock/production-product-stock.service.ts';
import { workers } from '../../modules/worker/worker.table.ts';
import type { Providers } from '../../platform/providers.ts';
import { addDays } from '../../platform/dates.ts';
import { round5 } from '../../platform/qty.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo's results (issue 13): every daily plan before today worked and completed — a few percent bad, by defect
// type, each by a worker of its line — and today's first operations under way. Before its first day each plan gets
// its material: a package received for it on the factory's raw-material shelf and released to its line. Everything
// goes through the modules' own functions, so consumption, lots, product stock and the ledgers agree. Then a
// stock-take corrects two lots and discards one. Sub-assembly lots go to the finished plans that use them and are
// consumed by their results (releaseSemiFinished).

const DEFECTS = ['APPEARANCE', 'DIMENSION', 'FUNCTION', 'FOREIGN_MATTER', 'PACKAGING'];

export type DemoResultResult = { resultCount: number };

/** A stable pseudo-random share in [0, 1) from a number. */
const share = (n: number) => ((n * 7919) % 997) / 997;

export async function seedDemoResults(
  tx: Tx,
  today: string,
  planIds: number[],
  placeIds: Map<string, number>,
  timeZone: string,
  providers: Providers,
): Promise<DemoResultResult> {
  const actor = SYSTEM_ACTOR;
  let count = 0;
  const plans = await tx
    .select({ plan: productionPlans, lineCode: locations.code })
    .from(productionPlans)
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .where(and(inArray(productionPlans.id, planIds), lte(productionPlans.startDt, today)))
    .orderBy(asc(productionPlans.startDt), asc(productionPlans.id));
  for (const { plan, lineCode } of plans) {
    const factory = (lineCode ?? '').slice(0, 3);
    const crew = await tx
      .select({ userId: workers.userId })
      .from(workers)
      .where(eq(workers.lineId, plan.lineId))
      .orderBy(asc(workers.id));
    const steps = await tx
      .select({ id: productionOperPlans.id, seq: productionOperPlans.seq })
      .from(productionOperPlans)
      .where(eq(productionOperPlans.planId, plan.id))
      .orderBy(asc(productionOperPlans.seq));
    const days = await tx
      .select({
        id: dailyPlans.id,
        operPlanId: dailyPlans.operPlanId,
        day: dailyPlans.day,
        target: dailyPlans.targetQty,
      })
      .from(dailyPlans)
      .where(and(eq(dailyPlans.planId, plan.id), lte(dailyPlans.day, today)))
      .orderBy(asc(dailyPlans.day), asc(dailyPlans.id));
    if (steps.length === 0 || days.length === 0) continue;

    // What each daily plan makes: the first operation 93–99% good of its target and 1–3% bad; a later operation
    // passes on what the one before made that day, less a little. Today only the first operation is under way.
    type Made = { id: number; seq: number; day: string; good: number; bad: number };
    const made: Made[] = [];
    for (const d of days) {
      const seq = steps.find((s) => s.id === d.operPlanId)?.seq ?? 1;
      const isToday = d.day === today;
      if (isToday && seq !== steps[0].seq) continue;
      const before = made.find((m) => m.day === d.day && m.seq === seq - 1);
      const base = seq === steps[0].seq ? d.target : (before?.good ?? 0);
      const r = share(d.id);
      let good = Math.floor(base * (0.93 + r * 0.06));
      let bad = Math.round(base * (0.01 + r * 0.02));
      if (isToday) {
        good = Math.floor(good / 2);
        bad = Math.floor(bad / 2);
      }
      made.push({ id: d.id, seq, day: d.day, good, bad });
    }

    // Material for the first operation's total, received and released the working day before the plan starts.
    const firstTotal = made.filter((m) => m.seq === steps[0].seq).reduce((s, m) => s + m.good + m.bad, 0);
    const perUnit = await materialsPerUnit(tx, plan.productId);
    const received = addDays(plan.startDt, -3);
    for (const [materialId, per] of perUnit) {
      const need = round5(per * firstTotal);
      if (need <= 0) continue;
      const [m] = await tx.select({ code: materials.code }).from(materials).where(eq(materials.id, materialId));
      const stockId = await insertShipIn(
        tx,
        actor,
        {
          materialId,
          qty: Math.ceil(need * 1.03),
          locationId: placeIds.get(`${factory}-W01-A01`) ?? null,
          toolId: null,
          supplierId: null,
          supplierLot: `P${plan.id}-${received.replaceAll('-', '').slice(2)}`,
          packageId: `${m.code}-P${plan.id}`,
          receivedDate: received,
          manufactureDate: null,
          expiryDate: null,
          description: '생산 계획 투입분',
        },
        received,
      );
      await releaseInTx(tx, actor, addDays(plan.startDt, -1), {
        stockId,
        planId: plan.id,
        qty: Math.ceil(need * 1.02),
      });
    }

    await releaseSemiFinished(tx, plan, firstTotal, addDays(plan.startDt, -1));

    const shelf = placeIds.get(`${factory}-W02-A01`);
    for (const m of made) {
      const isToday = m.day === today;
      const defectCode = DEFECTS[m.id % DEFECTS.length];
      await saveInTx(
        tx,
        actor,
        timeZone,
        {
          id: m.id,
          goodQty: m.good,
          badQty: m.bad,
          defects: m.bad > 0 ? [{ defectCode, qty: m.bad }] : [],
          status: isToday ? 'WORKING' : 'WORK_COMPLETED',
          workerId: crew.length ? crew[m.id % crew.length].userId : null,
          locationId: m.seq === steps[steps.length - 1].seq ? shelf : undefined,
          startedAt: `${m.day} 08:30`,
          endedAt: isToday ? null : `${m.day} 17:30`,
        },
        '',
        providers,
      );
      count++;
    }
  }
  await correctDemoStock(tx, today, planIds);
  return { resultCount: count };
}

/**
 * Sub-assemblies the factory makes go to the finished plans that use them: before a plan's first day, lots of each
 * child product of its BOM (made by earlier plans) are released to its line, first expired first, for the first
 * operation's whole quantity — when there is enough; then its results consume them (tracked child products), which is
 * the genealogy across product levels. A plan whose children have no lots yet (the first week) works untracked.
 */
async function releaseSemiFinished(tx: Tx, plan: { id: number; productId: number }, units: number, day: string) {
  for (const [childId, per] of await childProductsPerUnit(tx, plan.productId)) {
    let need = Math.ceil(round5(per * units) * 1.02);
    const rows = await tx
      .select({ id: productStocks.id, qty: productStocks.qty })
      .from(productStocks)
      .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
      .where(and(eq(lots.productId, childId), eq(productStocks.disposed, false), gt(productStocks.qty, 0)))
      .orderBy(asc(lots.expiryDate), asc(lots.day), asc(productStocks.id));
    if (need <= 0 || rows.reduce((s, r) => s + r.qty, 0) < need) continue;
    for (const r of rows) {
      if (need <= 0) break;
      const qty = Math.min(r.qty, need);
      await releaseProductInTx(tx, SYSTEM_ACTOR, day, { productStockId: r.id, planId: plan.id, qty });
      need = round5(need - qty);
    }
  }
}

/**
 * A stock-take's findings on the oldest lots: two counted short (ADJUST with the reason) and one discarded after a
 * customer complaint (a "discarded LOT"), through the product stock module's own functions.
 */
async function correctDemoStock(tx: Tx, today: string, planIds: number[]) {
  const rows = await tx
    .select({ id: productStocks.id, qty: productStocks.qty, day: lots.day })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(inArray(lots.planId, planIds))
    .orderBy(asc(lots.day), asc(lots.id))
    .limit(3);
  const [short, broken, recalled] = rows;
  const day = addDays(today, -2);
  if (short)
    await adjustInTx(
      tx,
      SYSTEM_ACTOR,
      short.id,
      { adjustedQty: short.qty - 3, description: '재고 실사: 3개 부족' },
      day,
    );
  if (broken)
    await adjustInTx(
      tx,
      SYSTEM_ACTOR,
      broken.id,
      { adjustedQty: broken.qty - 1, description: '운반 중 파손 1개' },
      day,
    );
  if (recalled) await disposeInTx(tx, SYSTEM_ACTOR, recalled.id, { reason: '고객 불만: 외관 불량 LOT 전량 폐기' }, day);
}
