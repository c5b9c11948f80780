import type { BomShortage } from '@eqms/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { round5 } from '../../platform/qty.ts';
import type { Actor } from '../../platform/tx.ts';
import { insufficientBomStock } from '../bom/bom.stock.ts';
import { materials } from '../material/material.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import {
  materialOnHold,
  materialMayReleaseProvider,
  type StockMayReleaseSource,
} from './production-material.service.ts';
import { productionMaterialHistories, productionMaterialStocks } from './production-material.table.ts';
import { bomMaterialLines, perUnitOf } from './production-material.views.ts';

// Consumption by results (DOMAIN "Execution" 1): a daily plan's result consumes the BOM material of its quantity from
// the plan's production material stock — first released, first consumed — in the caller's transaction, which holds
// the plan row's lock (so releases, restocks and other results of the plan wait). A corrected result gives back what
// it no longer needs to the packages it took from, last taken first.
// A package held by quality (failed incoming inspection, asked through the same question a release asks) is not
// consumed even when part of it reached the line before the hold: its rows are skipped, and a result that cannot be
// made without them is a 409 MATERIAL_ON_HOLD naming the package.

export type Consumption = { materialId: number; stockId: number; packageId: string; qty: number };

/** The query of what a daily plan has consumed, per production material stock row (net of give-backs). */
const consumedBy = (tx: Tx, dailyPlanId: number) =>
  tx
    .select({
      prodStockId: productionMaterialHistories.prodStockId,
      materialId: productionMaterialStocks.materialId,
      qty: sql<number>`-sum(${productionMaterialHistories.qty})`.as('qty'),
      lastId: sql<number>`max(${productionMaterialHistories.id})`.as('last_id'),
    })
    .from(productionMaterialHistories)
    .innerJoin(productionMaterialStocks, eq(productionMaterialStocks.id, productionMaterialHistories.prodStockId))
    .where(
      and(eq(productionMaterialHistories.dailyPlanId, dailyPlanId), eq(productionMaterialHistories.type, 'CONSUME')),
    )
    .groupBy(productionMaterialHistories.prodStockId, productionMaterialStocks.materialId);

/**
 * What one unit of the product takes of each material (its BOM lines) and what the daily plan has consumed so far
 * (rows with some left), in one read: each a JSON array, so one statement answers both on either engine.
 */
async function perUnitAndTaken(tx: Tx, productId: number, dailyPlanId: number) {
  const [row] = rowsOf<{ bom: string; taken: string }>(
    await tx.execute(sql`select
      (select coalesce(json_agg(b), '[]') from (${bomMaterialLines(tx, productId)}) b)::text as bom,
      (select coalesce(json_agg(t), '[]') from (${consumedBy(tx, dailyPlanId)}) t)::text as taken`),
  );
  const bom = JSON.parse(row.bom) as { material_id: number; qty: number; loss_rate: number }[];
  const taken = JSON.parse(row.taken) as { prod_stock_id: number; material_id: number; qty: number; last_id: number }[];
  return {
    perUnit: perUnitOf(bom.map((l) => ({ materialId: l.material_id, qty: l.qty, lossRate: l.loss_rate }))),
    taken: taken
      .map((t) => ({ prodStockId: t.prod_stock_id, materialId: t.material_id, qty: t.qty, lastId: t.last_id }))
      .filter((t) => t.qty > 0),
  };
}

/** A production material stock row's qty changes by `change` with its CONSUME ledger row: one statement. */
async function move(
  tx: Tx,
  actor: Actor,
  prodStockId: number,
  planId: number,
  change: number,
  dailyPlanId: number,
  day: string,
) {
  const q = String(change);
  const moved = await tx.execute(sql`with moved as (
      update ${productionMaterialStocks} set qty = qty + ${q}::numeric, consumed_qty = consumed_qty - ${q}::numeric,
        updated_by = ${actor.userId}, updated_at = ${new Date().toISOString()}::timestamptz
      where id = ${prodStockId}
      returning id, qty)
    insert into ${productionMaterialHistories}
      (prod_stock_id, plan_id, type, qty, balance, daily_plan_id, reason, day, created_by)
    select id, ${planId}::int, 'CONSUME', ${q}::numeric, qty, ${dailyPlanId}::int,
      ${change > 0 ? 'result corrected' : null}::text, ${day}::date, ${actor.userId}::text from moved
    returning 1`);
  if (rowsOf(moved).length !== 1) throw new Error(`Production material stock ${prodStockId} not moved.`);
}

/**
 * The held ones among the packages behind `rows` (production material stock rows), with why. Their warehouse rows
 * are share-locked first — the order every writer of a held package keeps (stock row, then hold): an inspection
 * opening a hold on one of them waits for this result's transaction, or this waits for it and sees the hold.
 */
async function heldPackages(tx: Tx, stockIds: number[], mayConsume: StockMayReleaseSource) {
  if (stockIds.length === 0) return new Map<number, { id: number; packageId: string; reason: string }>();
  const packages = await tx
    .select({ id: materialStocks.id, packageId: materialStocks.packageId })
    .from(materialStocks)
    .where(inArray(materialStocks.id, stockIds))
    .orderBy(asc(materialStocks.id))
    .for('share');
  const held = await mayConsume(tx, stockIds);
  return new Map(
    held.flatMap((h) => {
      const p = packages.find((x) => x.id === h.stockId);
      return p ? [[p.id, { ...p, reason: h.reason ?? '' }] as const] : [];
    }),
  );
}

/**
 * Brings a daily plan's consumption to what `totalQty` units of the plan's product take (BOM materials, loss
 * included), never from a held package (`mayConsume`: production-material's hold question, the quality module's
 * answer). Short material at the line: 409 MATERIAL_ON_HOLD when a held package of a short material is at the line,
 * else 409 INSUFFICIENT_BOM_STOCK listing each material and its shortage; nothing written either way. The caller
 * holds the plan row's lock. Answers whether the consumption changed.
 */
export async function consumeForResult(
  tx: Tx,
  actor: Actor,
  r: { planId: number; productId: number; dailyPlanId: number; totalQty: number; day: string },
  mayConsume: StockMayReleaseSource = materialMayReleaseProvider.fallback,
): Promise<boolean> {
  const { perUnit, taken } = await perUnitAndTaken(tx, r.productId, r.dailyPlanId);
  const materialIds = new Set([...perUnit.keys(), ...taken.map((t) => t.materialId)]);
  const need = new Map<number, number>();
  for (const id of materialIds) {
    const target = round5((perUnit.get(id) ?? 0) * r.totalQty);
    const had = round5(taken.filter((t) => t.materialId === id).reduce((s, t) => s + t.qty, 0));
    const diff = round5(target - had);
    if (diff !== 0) need.set(id, diff);
  }
  if (need.size === 0) return false;

  // Give back first (last taken, first returned): what a smaller result no longer needs.
  for (const [materialId, diff] of need) {
    if (diff > 0) continue;
    let rest = -diff;
    for (const t of taken.filter((x) => x.materialId === materialId).sort((a, b) => b.lastId - a.lastId)) {
      if (rest <= 0) break;
      const give = round5(Math.min(rest, t.qty));
      await move(tx, actor, t.prodStockId, r.planId, give, r.dailyPlanId, r.day);
      rest = round5(rest - give);
    }
  }

  const wanted = [...need].filter(([, diff]) => diff > 0);
  if (wanted.length === 0) return true;
  const atLine = await tx
    .select({
      id: productionMaterialStocks.id,
      materialId: productionMaterialStocks.materialId,
      stockId: productionMaterialStocks.stockId,
      qty: productionMaterialStocks.qty,
    })
    .from(productionMaterialStocks)
    .where(
      and(
        eq(productionMaterialStocks.planId, r.planId),
        inArray(
          productionMaterialStocks.materialId,
          wanted.map(([id]) => id),
        ),
        gt(productionMaterialStocks.qty, 0),
      ),
    )
    .orderBy(asc(productionMaterialStocks.id))
    .for('update');
  const held = await heldPackages(tx, [...new Set(atLine.map((a) => a.stockId))], mayConsume);
  const available = atLine.filter((a) => !held.has(a.stockId));
  const shortIds = wanted.filter(
    ([id, diff]) => round5(available.filter((a) => a.materialId === id).reduce((s, a) => s + a.qty, 0)) < diff,
  );
  if (shortIds.length) {
    // Short only because a held package sits at the line: the hold is the reason to give.
    for (const [id] of shortIds) {
      const blocked = atLine.find((a) => a.materialId === id && held.has(a.stockId));
      if (blocked) {
        const p = held.get(blocked.stockId)!;
        throw materialOnHold(p, p.reason);
      }
    }
    const info = await tx
      .select({ id: materials.id, code: materials.code, name: materials.name })
      .from(materials)
      .where(
        inArray(
          materials.id,
          shortIds.map(([id]) => id),
        ),
      );
    const shortages: BomShortage[] = shortIds.map(([id, diff]) => {
      const atLine = round5(available.filter((a) => a.materialId === id).reduce((s, a) => s + a.qty, 0));
      const m = info.find((x) => x.id === id);
      return {
        materialId: id,
        code: m?.code ?? '',
        name: m?.name ?? '',
        requiredQty: diff,
        stockQty: atLine,
        shortageQty: round5(diff - atLine),
      };
    });
    throw insufficientBomStock(shortages);
  }
  for (const [materialId, diff] of wanted) {
    let rest = diff;
    for (const a of available.filter((x) => x.materialId === materialId)) {
      if (rest <= 0) break;
      const take = round5(Math.min(rest, a.qty));
      await move(tx, actor, a.id, r.planId, -take, r.dailyPlanId, r.day);
      rest = round5(rest - take);
    }
  }
  return true;
}

/** The packages a daily plan's result consumed (net), with their supplier lots: the result's genealogy. */
export async function consumptionsOf(tx: Executor, dailyPlanIds: number[]) {
  if (dailyPlanIds.length === 0) return [];
  return tx
    .select({
      dailyPlanId: productionMaterialHistories.dailyPlanId,
      prodStockId: productionMaterialHistories.prodStockId,
      stockId: productionMaterialStocks.stockId,
      packageId: materialStocks.packageId,
      supplierLot: materialStocks.supplierLot,
      expiryDate: materialStocks.expiryDate,
      materialId: materials.id,
      materialCode: materials.code,
      materialName: materials.name,
      unit: materials.unit,
      qty: sql<number>`-sum(${productionMaterialHistories.qty})`.mapWith(Number),
    })
    .from(productionMaterialHistories)
    .innerJoin(productionMaterialStocks, eq(productionMaterialStocks.id, productionMaterialHistories.prodStockId))
    .innerJoin(materialStocks, eq(materialStocks.id, productionMaterialStocks.stockId))
    .innerJoin(materials, eq(materials.id, productionMaterialStocks.materialId))
    .where(
      and(
        inArray(productionMaterialHistories.dailyPlanId, dailyPlanIds),
        eq(productionMaterialHistories.type, 'CONSUME'),
      ),
    )
    .groupBy(
      productionMaterialHistories.dailyPlanId,
      productionMaterialHistories.prodStockId,
      productionMaterialStocks.stockId,
      materialStocks.packageId,
      materialStocks.supplierLot,
      materialStocks.expiryDate,
      materials.id,
      materials.code,
      materials.name,
      materials.unit,
    )
    .having(sql`sum(${productionMaterialHistories.qty}) < 0`)
    .orderBy(productionMaterialHistories.dailyPlanId, productionMaterialHistories.prodStockId);
}
