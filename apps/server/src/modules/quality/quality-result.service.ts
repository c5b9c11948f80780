import {
  itemJudgement,
  type Judgement,
  type MaterialQualityResultCreate,
  overallJudgement,
  type ProductQualityResultCreate,
  type QualityResultDetail,
  type QualitySide,
  type QualityResultTime,
  ruleMessage,
  sampleOk,
} from '@eqms/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { createdStamp, updatedStamp } from '../../platform/crud.ts';
import { instantAt } from '../../platform/dates.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { users } from '../user/user.table.ts';
import { holdAfterInspection } from './quality-hold.service.ts';
import { getResult } from './quality-result.views.ts';
import { itemsOfStage, type StandardRow } from './quality-standard.service.ts';
import { qualityResultItems, qualityResultSamples, qualityResults } from './quality.table.ts';

// Recording an inspection (README "Results", "Judgement"): one transaction — the subject row is locked (package or
// lot: the hold rules run after it), the values are checked against the stage's items, the server judges per sample,
// item and overall (contract quality.judgement.ts), an override needs a reason and records who and when, and a FAIL
// of a package or lot opens its hold.

export type ResultDeps = { db: Db; timeZone: string };
type Given = MaterialQualityResultCreate['items'];

type Judged = {
  std: StandardRow;
  judgement: Judgement;
  samples: { value: number | null; passed: boolean | null; ok: boolean }[];
};

/** Every item of the stage exactly once, with its sample size and the right kind of value (400 on the field). */
export function judgeItems(standards: StandardRow[], given: Given): Judged[] {
  const byId = new Map(standards.map((st) => [st.id, st]));
  const seen = new Set<number>();
  const judged = given.map((it, i) => {
    const std = byId.get(it.standardId);
    if (!std) throw invalidField(`items.${i}.standardId`, 'qualityItemOther');
    if (seen.has(std.id)) throw invalidField(`items.${i}.standardId`, 'duplicateValue');
    seen.add(std.id);
    if (it.samples.length !== std.sampleSize)
      throw invalidField(`items.${i}.samples`, ruleMessage('qualitySampleCount', { n: std.sampleSize }));
    const limits = { kind: std.kind as 'NUMBER' | 'PASS_FAIL', lsl: std.lsl, usl: std.usl };
    const samples = it.samples.map((sm, k) => {
      const at = `items.${i}.samples.${k}`;
      if (limits.kind === 'NUMBER') {
        if (sm.value == null) throw invalidField(`${at}.value`, 'qualityValueRequired');
        if (sm.passed != null) throw invalidField(`${at}.passed`, 'qualityValueKind');
      } else {
        if (sm.passed == null) throw invalidField(`${at}.passed`, 'qualityPassedRequired');
        if (sm.value != null) throw invalidField(`${at}.value`, 'qualityValueKind');
      }
      return { value: sm.value, passed: sm.passed, ok: sampleOk(limits, sm) };
    });
    return { std, judgement: itemJudgement(limits, samples), samples };
  });
  const missing = standards.filter((st) => !seen.has(st.id));
  if (missing.length)
    throw invalidField('items', ruleMessage('qualityItemsMissing', { names: missing.map((m) => m.name).join(', ') }));
  return judged;
}

type Subject = {
  stage: 'INCOMING' | 'IN_PROCESS' | 'FINAL';
  materialId?: number;
  materialStockId?: number;
  productId?: number;
  lotRowId?: number;
  dailyPlanId?: number;
  operationId?: number;
};

/** Writes the result, its items and samples, and the hold a FAIL of a package or lot opens. Answers the id. */
async function record(
  tx: Tx,
  actor: Actor,
  timeZone: string,
  subject: Subject,
  standards: StandardRow[],
  body: MaterialQualityResultCreate | ProductQualityResultCreate,
): Promise<number> {
  const judged = judgeItems(standards, body.items);
  const computed = overallJudgement(judged.map((j) => j.judgement));
  if (body.override && body.override.judgement === computed)
    throw invalidField('override.judgement', 'qualityOverrideSame');
  const inspectorId = body.inspectorId ?? actor.id;
  const [inspector] = await tx.select({ id: users.id }).from(users).where(eq(users.id, inspectorId));
  if (!inspector) throw invalidField('inspectorId', 'notExists');
  const judgement = body.override?.judgement ?? computed;
  const [result] = await tx
    .insert(qualityResults)
    .values({
      stage: subject.stage,
      materialId: subject.materialId ?? null,
      materialStockId: subject.materialStockId ?? null,
      productId: subject.productId ?? null,
      lotRowId: subject.lotRowId ?? null,
      dailyPlanId: subject.dailyPlanId ?? null,
      operationId: subject.operationId ?? null,
      inspectedAt: body.inspectedAt ? instantAt(body.inspectedAt, timeZone) : new Date(),
      inspectorId,
      inspectionMinutes: body.inspectionMinutes,
      computedJudgement: computed,
      judgement,
      overrideReason: body.override?.reason ?? null,
      overriddenBy: body.override ? actor.userId : null,
      overriddenAt: body.override ? new Date() : null,
      description: body.description,
      ...createdStamp(actor),
    })
    .returning({ id: qualityResults.id });
  const items = await tx
    .insert(qualityResultItems)
    .values(
      judged.map((j, sort) => ({
        resultId: result.id,
        standardId: j.std.id,
        name: j.std.name,
        method: j.std.method,
        unit: j.std.unit,
        kind: j.std.kind,
        target: j.std.target,
        lsl: j.std.lsl,
        usl: j.std.usl,
        sampleSize: j.std.sampleSize,
        judgement: j.judgement,
        sort,
      })),
    )
    .returning({ id: qualityResultItems.id });
  await tx.insert(qualityResultSamples).values(
    judged.flatMap((j, i) =>
      j.samples.map((sm, k) => ({
        itemId: items[i].id,
        sampleNo: k + 1,
        value: sm.value,
        passed: sm.passed,
        ok: sm.ok,
      })),
    ),
  );
  if (subject.materialStockId != null)
    await holdAfterInspection(tx, actor, { materialStockId: subject.materialStockId }, result.id, judgement);
  else if (subject.lotRowId != null)
    await holdAfterInspection(tx, actor, { lotRowId: subject.lotRowId }, result.id, judgement);
  return result.id;
}

// ---- subjects ----

/** The package by id or package ID (any case), locked when asked; 400 notExists on the field given. */
export async function packageOf(
  tx: Tx,
  by: { materialStockId?: number; packageId?: string },
  lock: boolean,
  missing: 'field' | '404' = 'field',
) {
  const q = tx
    .select({
      id: materialStocks.id,
      packageId: materialStocks.packageId,
      materialId: materialStocks.materialId,
      qty: materialStocks.qty,
      materialCode: materials.code,
      materialName: materials.name,
      unit: materials.unit,
    })
    .from(materialStocks)
    .innerJoin(materials, eq(materials.id, materialStocks.materialId))
    .where(
      by.materialStockId != null
        ? eq(materialStocks.id, by.materialStockId)
        : sql`lower(${materialStocks.packageId}) = lower(${by.packageId ?? ''})`,
    );
  const [row] = lock ? await q.for('update', { of: materialStocks }) : await q;
  if (!row && missing === '404') throw notFound('Material stock');
  if (!row) throw invalidField(by.materialStockId != null ? 'materialStockId' : 'packageId', 'notExists');
  return row;
}

/** The lot by row id or LOT ID (any case), locked when asked; 400 notExists on the field given. */
export async function lotOf(
  tx: Tx,
  by: { lotRowId?: number; lotId?: string },
  lock: boolean,
  missing: 'field' | '404' = 'field',
) {
  const q = tx
    .select({
      id: lots.id,
      lotId: lots.lotId,
      productId: lots.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      qty: sql<number>`(select coalesce(sum(ps.qty), 0) from product_stocks ps
        where ps.lot_row_id = ${lots.id} and not ps.disposed)`.mapWith(Number),
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(by.lotRowId != null ? eq(lots.id, by.lotRowId) : sql`lower(${lots.lotId}) = lower(${by.lotId ?? ''})`);
  const [row] = lock ? await q.for('update', { of: lots }) : await q;
  if (!row && missing === '404') throw notFound('Lot');
  if (!row) throw invalidField(by.lotRowId != null ? 'lotRowId' : 'lotId', 'notExists');
  return row;
}

/** A production result: the daily plan, its plan's product and its operation; 400 notExists on dailyPlanId. */
export async function dailyPlanOf(tx: Tx, dailyPlanId: number, missing: 'field' | '404' = 'field') {
  const [row] = await tx
    .select({
      id: dailyPlans.id,
      productId: productionPlans.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      operationId: productionOperPlans.operationId,
      qty: sql<number>`${dailyPlans.goodQty} + ${dailyPlans.badQty}`.mapWith(Number),
    })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .where(eq(dailyPlans.id, dailyPlanId));
  if (!row && missing === '404') throw notFound('Daily plan');
  if (!row) throw invalidField('dailyPlanId', 'notExists');
  return row;
}

const noStandard = (subject: string) => conflict('qualityNoStandard', { subject }, { subject });

// ---- create ----

export async function createMaterialResult(
  deps: ResultDeps,
  actor: Actor,
  body: MaterialQualityResultCreate,
): Promise<QualityResultDetail> {
  const id = await withTx(deps.db, actor, (tx) => createMaterialResultInTx(tx, deps.timeZone, actor, body));
  return getResult(deps.db, 'MATERIAL', id);
}

/** An incoming inspection inside the caller's transaction (the route's and the demo seed's); answers its id. */
export async function createMaterialResultInTx(
  tx: Tx,
  timeZone: string,
  actor: Actor,
  body: MaterialQualityResultCreate,
): Promise<number> {
  const pkg = await packageOf(tx, body, true);
  const standards = await itemsOfStage(tx, { materialId: pkg.materialId });
  if (standards.length === 0) throw noStandard(pkg.materialCode);
  return record(
    tx,
    actor,
    timeZone,
    { stage: 'INCOMING', materialId: pkg.materialId, materialStockId: pkg.id },
    standards,
    body,
  );
}

export async function createProductResult(
  deps: ResultDeps,
  actor: Actor,
  body: ProductQualityResultCreate,
): Promise<QualityResultDetail> {
  const id = await withTx(deps.db, actor, (tx) => createProductResultInTx(tx, deps.timeZone, actor, body));
  return getResult(deps.db, 'PRODUCT', id);
}

/** A final or in-process inspection inside the caller's transaction (the route's and the demo seed's). */
export async function createProductResultInTx(
  tx: Tx,
  timeZone: string,
  actor: Actor,
  body: ProductQualityResultCreate,
): Promise<number> {
  if (body.dailyPlanId != null) {
    const dp = await dailyPlanOf(tx, body.dailyPlanId);
    const standards = await itemsOfStage(tx, { productId: dp.productId, operationId: dp.operationId });
    if (standards.length === 0) throw noStandard(dp.productCode);
    const subject = {
      stage: 'IN_PROCESS' as const,
      productId: dp.productId,
      dailyPlanId: dp.id,
      operationId: dp.operationId,
    };
    return record(tx, actor, timeZone, subject, standards, body);
  }
  const lot = await lotOf(tx, body, true);
  const standards = await itemsOfStage(tx, { productId: lot.productId, stage: 'FINAL' });
  if (standards.length === 0) throw noStandard(lot.productCode);
  return record(tx, actor, timeZone, { stage: 'FINAL', productId: lot.productId, lotRowId: lot.id }, standards, body);
}

// ---- the time, afterwards ----

/**
 * Sets or clears a recorded inspection's time (README "Time"): the one field a result may change, since it judges
 * nothing. 404 for no such result or the other side's.
 */
export async function setResultTime(
  deps: ResultDeps,
  actor: Actor,
  side: QualitySide,
  id: number,
  body: QualityResultTime,
): Promise<QualityResultDetail> {
  await withTx(deps.db, actor, async (tx) => {
    const [row] = await tx
      .update(qualityResults)
      .set({ inspectionMinutes: body.inspectionMinutes, ...updatedStamp(actor) })
      .where(
        and(
          eq(qualityResults.id, id),
          side === 'MATERIAL' ? eq(qualityResults.stage, 'INCOMING') : sql`${qualityResults.stage} <> 'INCOMING'`,
        ),
      )
      .returning({ id: qualityResults.id });
    if (!row) throw notFound('Quality result');
  });
  return getResult(deps.db, side, id);
}
