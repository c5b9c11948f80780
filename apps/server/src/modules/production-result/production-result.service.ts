import type { KioskSave, ProductionResult, ProductionResultDetail, ResultSave, WorkStatus } from '@eqms/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { instantAt } from '../../platform/dates.ts';
import { invalidField } from '../../platform/errors.ts';
import type { Providers } from '../../platform/providers.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { products } from '../product/product.table.ts';
import { consumeForResult } from '../production-material/production-material.consume.ts';
import { materialMayReleaseProvider } from '../production-material/production-material.service.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { assertToolOnLine, lockPlanOfDailyPlan } from '../production-plan/production-plan.service.ts';
import { dailyPlans, productionOperPlans } from '../production-plan/production-plan.table.ts';
import { users } from '../user/user.table.ts';
import { resultConsumedLotExpiryProvider, resultConsumeProductsProvider } from './production-result.consume.ts';
import { refreshLotExpiry, storeGoodQty } from './production-result.lot.ts';
import { dailyPlanDefects } from './production-result.table.ts';
import { getResult, resultsByIds } from './production-result.views.ts';

// Saving a result (DOMAIN "Execution"): in one transaction that first locks the plan row (so two kiosks, a release
// and a restock of the same plan run one after the other), the daily plan's totals change, the first operation's
// quantity consumes BOM material at the line, and the last operation's good quantity goes into the plan's lot.
// See README.md.

export type ResultDeps = { db: Db; timeZone: string; providers: Providers };

/** The defect types a result may name (code category DEFECT_TYPE). */
const DEFECT_CATEGORY = 'DEFECT_TYPE';

async function assertDefects(tx: Tx, body: ResultSave, field: (i: number) => string) {
  const list = body.defects ?? [];
  if (list.length === 0) return;
  const known = await tx
    .select({ code: codes.code })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(
      and(
        eq(codeCategories.category, DEFECT_CATEGORY),
        inArray(
          codes.code,
          list.map((d) => d.defectCode),
        ),
      ),
    );
  const names = new Set(known.map((k) => k.code));
  const missing = list.findIndex((d) => !names.has(d.defectCode));
  if (missing >= 0) throw invalidField(field(missing), 'notExists');
}

async function assertUser(tx: Tx, id: number | null | undefined, field: string) {
  if (id == null) return;
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!u) throw invalidField(field, 'notExists');
}

/** Status, start and end after a save: quantities start the work; completion stamps the end (now unless given). */
function nextTimes(
  was: { status: string; startedAt: Date | null; endedAt: Date | null },
  body: ResultSave,
  status: WorkStatus,
  timeZone: string,
  now: Date,
) {
  if (status === 'PLAN_COMPLETED') return { startedAt: null, endedAt: null };
  const given = (v: string | null | undefined, fallback: Date | null) =>
    v === undefined ? fallback : v === null ? null : instantAt(v, timeZone);
  const startedAt = given(body.startedAt, was.startedAt) ?? now;
  const endedAt = status === 'WORK_COMPLETED' ? (given(body.endedAt, was.endedAt) ?? now) : null;
  return { startedAt, endedAt };
}

/**
 * Saves one result inside the caller's transaction (the demo seed saves this way). `prefix` names the fields of a
 * kiosk list item; `providers` (the app's) answers the consumption of child products (result.consume-products) —
 * without it, none are consumed.
 */
export async function saveInTx(
  tx: Tx,
  actor: Actor,
  timeZone: string,
  body: ResultSave,
  prefix: string,
  /** Required: without them a save would skip the semi-finished lots' consumption and the lot's expiry cap. */
  providers: Providers,
): Promise<number> {
  const plan = await lockPlanOfDailyPlan(tx, body.id);
  // After the lock, in one read: the daily plan with its sequence and defects, the plan's first and last sequences,
  // the product and the plan's lot (all of them change only under the plan's lock).
  const [row] = await tx
    .select({
      d: dailyPlans,
      seq: productionOperPlans.seq,
      first: sql<number>`(select min(o.seq) from production_oper_plans o where o.plan_id = ${plan.id})`.mapWith(Number),
      last: sql<number>`(select max(o.seq) from production_oper_plans o where o.plan_id = ${plan.id})`.mapWith(Number),
      productCode: products.code,
      unit: products.unit,
      shelfLifeDays: products.shelfLifeDays,
      lot: lots,
      defects: sql<string>`(select coalesce(json_agg(json_build_array(x.defect_code, x.qty)), '[]')::text
        from ${dailyPlanDefects} x where x.daily_plan_id = ${dailyPlans.id})`,
    })
    .from(dailyPlans)
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .innerJoin(products, eq(products.id, plan.productId))
    .leftJoin(lots, eq(lots.planId, plan.id))
    .where(eq(dailyPlans.id, body.id));
  const bounds = { first: row.first, last: row.last };
  const product = { code: row.productCode, unit: row.unit };

  await assertDefects(tx, body, (i) => `${prefix}defects.${i}.defectCode`);
  await assertUser(tx, body.workerId, `${prefix}workerId`);
  if (body.toolId != null) await assertToolOnLine(tx, body.toolId, `${prefix}toolId`);

  const was = row.d;
  const hasQty = body.goodQty > 0 || body.badQty > 0;
  const status: WorkStatus =
    body.status ?? (was.status === 'PLAN_COMPLETED' && hasQty ? 'WORKING' : (was.status as WorkStatus));
  if (status === 'PLAN_COMPLETED' && hasQty) throw invalidField(`${prefix}status`, 'resultNotStarted');
  const times = nextTimes(was, body, status, timeZone, new Date());
  if (times.startedAt && times.endedAt && times.endedAt < times.startedAt)
    throw invalidField(`${prefix}endedAt`, 'endBeforeStart');

  const consumedLot = providers.get(resultConsumedLotExpiryProvider);
  let consumed = false;
  if (row.seq === bounds.first) {
    const consumption = {
      planId: plan.id,
      productId: plan.productId,
      dailyPlanId: was.id,
      totalQty: body.goodQty + body.badQty,
      day: was.day,
    };
    consumed = await consumeForResult(tx, actor, consumption, providers.get(materialMayReleaseProvider));
    // Semi-finished lots released to the plan (production-product-stock), after the materials.
    const consumeProducts = providers.get(resultConsumeProductsProvider);
    consumed = (await consumeProducts(tx, actor, consumption, providers)) || consumed;
  }
  if (row.seq === bounds.last) {
    await storeGoodQty(tx, actor, {
      plan: {
        id: plan.id,
        productId: plan.productId,
        productCode: product.code,
        lotSeq: plan.lotSeq,
        lineId: plan.lineId,
        shelfLifeDays: row.shelfLifeDays,
        lot: row.lot,
      },
      dailyPlanId: was.id,
      day: was.day,
      change: body.goodQty - was.goodQty,
      locationId: body.locationId,
      unit: product.unit,
      consumedLot,
    });
  }
  // Consumption moves the lot's expiry (never later than a consumed package's); a lot made by this save (after the
  // consumption) has it already.
  if (consumed && row.lot)
    await refreshLotExpiry(tx, actor, { id: plan.id, shelfLifeDays: row.shelfLifeDays, lot: row.lot }, consumedLot);

  await tx
    .update(dailyPlans)
    .set({
      status,
      goodQty: body.goodQty,
      badQty: body.badQty,
      ...times,
      ...(body.workerId !== undefined ? { workerId: body.workerId } : {}),
      ...(body.toolId !== undefined ? { toolId: body.toolId } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...updatedStamp(actor),
    })
    .where(eq(dailyPlans.id, was.id));
  await saveDefects(tx, actor, was.id, body, JSON.parse(row.defects));
  return was.id;
}

/**
 * The result's defects become the body's (unchanged rows stay, so the change history shows only what changed; nothing
 * is written when nothing changed). `current`: [defect code, qty] as read after the plan's lock.
 */
async function saveDefects(
  tx: Tx,
  actor: Actor,
  dailyPlanId: number,
  body: ResultSave,
  current: [code: string, qty: number][],
) {
  if (body.defects === undefined && body.badQty > 0) return;
  const list = body.defects ?? [];
  const had = new Map(current);
  const listed = new Set(list.map((d) => d.defectCode));
  if (current.some(([code]) => !listed.has(code)))
    await tx.delete(dailyPlanDefects).where(
      and(
        eq(dailyPlanDefects.dailyPlanId, dailyPlanId),
        list.length
          ? notInArray(
              dailyPlanDefects.defectCode,
              list.map((d) => d.defectCode),
            )
          : undefined,
      ),
    );
  for (const d of list) {
    if (had.get(d.defectCode) === d.qty) continue;
    await tx
      .insert(dailyPlanDefects)
      .values({ dailyPlanId, defectCode: d.defectCode, qty: d.qty, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: [dailyPlanDefects.dailyPlanId, dailyPlanDefects.defectCode],
        set: { qty: d.qty, ...updatedStamp(actor) },
        setWhere: sql`${dailyPlanDefects.qty} <> ${String(d.qty)}::numeric`,
      });
  }
}

/** PUT /productionprofit: one result. */
export async function saveResult(deps: ResultDeps, actor: Actor, body: ResultSave): Promise<ProductionResultDetail> {
  const id = await withTx(deps.db, actor, (tx) => saveInTx(tx, actor, deps.timeZone, body, '', deps.providers));
  return getResult(deps.db, id);
}

/** PUT /kiosk/daily-plans: several results, all or none. */
export async function saveKioskResults(deps: ResultDeps, actor: Actor, body: KioskSave): Promise<ProductionResult[]> {
  const ids = await withTx(deps.db, actor, async (tx) => {
    const out: number[] = [];
    for (const [i, item] of body.dailyPlans.entries())
      out.push(await saveInTx(tx, actor, deps.timeZone, item, `dailyPlans.${i}.`, deps.providers));
    return out;
  });
  return resultsByIds(deps.db, ids);
}
