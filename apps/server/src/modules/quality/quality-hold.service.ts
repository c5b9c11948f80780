import type { Disposition, DispositionBody, HoldStatus, QualityHold, QualityHoldQuery } from '@eqms/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { todayIn } from '../../platform/dates.ts';
import type { Db } from '../../db/client.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { applyMovement } from '../material-stock/material-stock.ledger.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { products } from '../product/product.table.ts';
import { disposeInTx } from '../product-stock/product-stock.service.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import type { LotHold } from '../shipment/shipment.service.ts';
import type { StockHold } from '../production-material/production-material.service.ts';
import { qualityDispositions, qualityHolds } from './quality.table.ts';

// Holds and dispositions (README "Hold and disposition"): ledger facts. A failed incoming or final inspection opens a
// hold on its package or lot; dispositions are appended with who, when and why; the hold closes on ACCEPT, RETURN or
// SCRAP (or, after REWORK, on a passing re-inspection). Never deleted. The answers to production-material's,
// production-product-stock's and shipment's questions are the active holds.

const h = qualityHolds;
export type HoldSubject = 'MATERIAL_STOCK' | 'LOT';
export type HoldDeps = { db: Db; timeZone: string };
export const holdNoOf = (id: number) => `QH-${id}`;
const ACTIVE = ne(h.status, 'CLOSED');

// ---- the answers to the seams ----

/** shipment.lot-may-ship and production-product-stock.lot-may-release: the lots with an active hold. */
export async function heldLots(tx: Tx, lotRowIds: number[]): Promise<LotHold[]> {
  if (lotRowIds.length === 0) return [];
  const rows = await tx
    .select({ id: h.id, lotRowId: h.lotRowId })
    .from(h)
    .where(and(inArray(h.lotRowId, lotRowIds), ACTIVE));
  return rows.map((r) => ({ lotRowId: r.lotRowId!, reason: holdNoOf(r.id) }));
}

/** production-material.stock-may-release: the packages with an active hold. */
export async function heldStocks(tx: Tx, stockIds: number[]): Promise<StockHold[]> {
  if (stockIds.length === 0) return [];
  const rows = await tx
    .select({ id: h.id, stockId: h.materialStockId })
    .from(h)
    .where(and(inArray(h.materialStockId, stockIds), ACTIVE));
  return rows.map((r) => ({ stockId: r.stockId!, reason: holdNoOf(r.id) }));
}

// ---- opening and closing by inspections ----

/**
 * After an inspection of a package or lot (its row locked by the caller): a FAIL opens a hold unless one is active;
 * a PASS closes an active hold that is in REWORK (the re-inspection after rework). Answers the hold it opened.
 */
export async function holdAfterInspection(
  tx: Tx,
  actor: Actor,
  subject: { materialStockId: number } | { lotRowId: number },
  resultId: number,
  judgement: 'PASS' | 'FAIL',
): Promise<number | null> {
  const where =
    'lotRowId' in subject ? eq(h.lotRowId, subject.lotRowId) : eq(h.materialStockId, subject.materialStockId);
  const [active] = await tx.select().from(h).where(and(where, ACTIVE)).for('update');
  if (judgement === 'FAIL') {
    if (active) return null;
    const [opened] = await tx
      .insert(h)
      .values({
        ...('lotRowId' in subject ? { lotRowId: subject.lotRowId } : { materialStockId: subject.materialStockId }),
        resultId,
        status: 'OPEN',
        openedBy: actor.userId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: h.id });
    return opened.id;
  }
  if (active?.status === 'REWORK') {
    await tx
      .update(h)
      .set({
        status: 'CLOSED',
        closedAt: new Date(),
        closedBy: actor.userId,
        closedByResultId: resultId,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(h.id, active.id));
  }
  return null;
}

// ---- disposition ----

/**
 * A disposition of a hold, one transaction. Locks in the order of the stock writers: the subject's stock rows first
 * (the package; the lot's product stock rows in id order — as a shipment does), then the hold row. So a release or
 * shipment racing a disposition either finds the hold still active (409) or runs after it and sees what it left.
 */
export async function dispose(
  deps: HoldDeps,
  actor: Actor,
  subject: HoldSubject,
  holdId: number,
  body: DispositionBody,
): Promise<QualityHold> {
  await withTx(deps.db, actor, (tx) => disposeHoldInTx(tx, actor, subject, holdId, body, todayIn(deps.timeZone)));
  return getHold(deps.db, subject, holdId);
}

/** A disposition inside the caller's transaction (the route's and the demo seed's); `today` is the movement's day. */
export async function disposeHoldInTx(
  tx: Tx,
  actor: Actor,
  subject: HoldSubject,
  holdId: number,
  body: DispositionBody,
  today: string,
): Promise<void> {
  const [found] = await tx.select().from(h).where(eq(h.id, holdId));
  if (!found || (subject === 'LOT') !== (found.lotRowId != null)) throw notFound('Quality hold');
  const holdNo = holdNoOf(holdId);
  const note = `${holdNo} ${body.disposition}: ${body.reason}`;
  let qty = 0;
  let materialHistoryId: number | null = null;
  if (found.materialStockId != null) {
    const [stock] = await tx
      .select({ qty: materialStocks.qty })
      .from(materialStocks)
      .where(eq(materialStocks.id, found.materialStockId))
      .for('update');
    const [hold] = await tx.select().from(h).where(eq(h.id, holdId)).for('update');
    if (hold.status === 'CLOSED') throw conflict('qualityHoldClosed', { holdId }, { holdNo });
    if ((body.disposition === 'RETURN' || body.disposition === 'SCRAP') && stock.qty > 0) {
      // The package's whole rest leaves by the ledger's own RETURN or SCRAP movement (guarded: never below zero), its
      // reason naming the hold; the disposition row keeps the movement's id.
      const moved = await applyMovement(tx, actor, found.materialStockId, {
        type: body.disposition,
        qty: -stock.qty,
        day: today,
        reason: note,
      });
      qty = stock.qty;
      materialHistoryId = moved.ledgerId;
    }
  } else {
    const rows = await tx
      .select({ id: productStocks.id, qty: productStocks.qty, disposed: productStocks.disposed })
      .from(productStocks)
      .where(eq(productStocks.lotRowId, found.lotRowId!))
      .orderBy(asc(productStocks.id))
      .for('update');
    const [hold] = await tx.select().from(h).where(eq(h.id, holdId)).for('update');
    if (hold.status === 'CLOSED') throw conflict('qualityHoldClosed', { holdId }, { holdNo });
    if (body.disposition === 'SCRAP') {
      for (const row of rows.filter((r) => !r.disposed)) {
        await disposeInTx(tx, actor, row.id, { reason: note }, today);
        qty += row.qty;
      }
    }
  }
  await tx.insert(qualityDispositions).values({
    holdId,
    disposition: body.disposition,
    reason: body.reason,
    qty: Math.round(qty * 1e5) / 1e5,
    materialHistoryId,
    createdBy: actor.userId,
  });
  const closes = body.disposition !== 'REWORK';
  await tx
    .update(h)
    .set({
      status: closes ? 'CLOSED' : 'REWORK',
      ...(closes ? { disposition: body.disposition, closedAt: new Date(), closedBy: actor.userId } : {}),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(eq(h.id, holdId));
}

// ---- reads ----

const stockQtySql = sql<number>`case when ${h.materialStockId} is not null then ${materialStocks.qty}
  else (select coalesce(sum(ps.qty), 0) from product_stocks ps where ps.lot_row_id = ${h.lotRowId} and not ps.disposed)
  end`.mapWith(Number);

const selectHolds = (db: Executor) =>
  db
    .select({
      h,
      packageId: materialStocks.packageId,
      materialId: materials.id,
      materialCode: materials.code,
      materialName: materials.name,
      materialUnit: materials.unit,
      lotId: lots.lotId,
      productId: products.id,
      productCode: products.code,
      productName: products.name,
      productUnit: products.unit,
      stockQty: stockQtySql,
    })
    .from(h)
    .leftJoin(materialStocks, eq(materialStocks.id, h.materialStockId))
    .leftJoin(materials, eq(materials.id, materialStocks.materialId))
    .leftJoin(lots, eq(lots.id, h.lotRowId))
    .leftJoin(products, eq(products.id, lots.productId));
type HoldJoined = Awaited<ReturnType<ReturnType<typeof selectHolds>['execute']>>[number];

async function holdViews(db: Executor, rows: HoldJoined[]): Promise<QualityHold[]> {
  const ids = rows.map((r) => r.h.id);
  const dispositions = ids.length
    ? await db
        .select()
        .from(qualityDispositions)
        .where(inArray(qualityDispositions.holdId, ids))
        .orderBy(asc(qualityDispositions.id))
    : [];
  return rows.map(({ h: r, ...j }) => ({
    id: r.id,
    holdNo: holdNoOf(r.id),
    subject: r.lotRowId != null ? 'LOT' : 'MATERIAL_STOCK',
    materialStockId: r.materialStockId,
    packageId: j.packageId,
    materialId: j.materialId,
    materialCode: j.materialCode,
    materialName: j.materialName,
    lotRowId: r.lotRowId,
    lotId: j.lotId,
    productId: j.productId,
    productCode: j.productCode,
    productName: j.productName,
    unit: j.materialUnit ?? j.productUnit ?? '',
    stockQty: j.stockQty,
    resultId: r.resultId,
    status: r.status as HoldStatus,
    openedAt: r.openedAt.toISOString(),
    openedBy: r.openedBy,
    disposition: (r.disposition as Disposition | null) ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    closedBy: r.closedBy,
    closedByResultId: r.closedByResultId,
    dispositions: dispositions
      .filter((d) => d.holdId === r.id)
      .map((d) => ({
        id: d.id,
        disposition: d.disposition as Disposition,
        reason: d.reason,
        qty: d.qty,
        createdBy: d.createdBy,
        createdAt: d.createdAt.toISOString(),
      })),
  }));
}

const subjectWhere = (subject: HoldSubject) =>
  subject === 'LOT' ? isNotNull(h.lotRowId) : isNotNull(h.materialStockId);

export async function getHold(db: Executor, subject: HoldSubject, id: number): Promise<QualityHold> {
  const rows = await selectHolds(db).where(and(eq(h.id, id), subjectWhere(subject)));
  if (rows.length === 0) throw notFound('Quality hold');
  return (await holdViews(db, rows))[0];
}

/** Holds by id (any subject), for results that opened them. */
export async function holdsByIds(db: Executor, ids: number[]): Promise<Map<number, QualityHold>> {
  if (ids.length === 0) return new Map();
  const views = await holdViews(db, await selectHolds(db).where(inArray(h.id, ids)));
  return new Map(views.map((v) => [v.id, v]));
}

/** The active hold of a package or lot, if any. */
export async function activeHoldOf(
  db: Executor,
  subject: { materialStockId: number } | { lotRowId: number },
): Promise<QualityHold | null> {
  const where =
    'lotRowId' in subject ? eq(h.lotRowId, subject.lotRowId) : eq(h.materialStockId, subject.materialStockId);
  const rows = await selectHolds(db).where(and(where, ACTIVE));
  return rows.length ? (await holdViews(db, rows))[0] : null;
}

export async function listHolds(
  db: Executor,
  subject: HoldSubject,
  q: QualityHoldQuery,
): Promise<{ data: QualityHold[]; total: number }> {
  const text =
    subject === 'LOT'
      ? textFilter([lots.lotId, products.code, products.name], q.q)
      : textFilter([materialStocks.packageId, materials.code, materials.name], q.q);
  const where = and(subjectWhere(subject), q.active ? ACTIVE : undefined, text);
  const size = q.size ?? 50;
  const rows = await selectHolds(db)
    .where(where)
    .orderBy(desc(h.openedAt), desc(h.id))
    .limit(size)
    .offset(((q.page ?? 1) - 1) * size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(h)
    .leftJoin(materialStocks, eq(materialStocks.id, h.materialStockId))
    .leftJoin(materials, eq(materials.id, materialStocks.materialId))
    .leftJoin(lots, eq(lots.id, h.lotRowId))
    .leftJoin(products, eq(products.id, lots.productId))
    .where(where);
  return { data: await holdViews(db, rows), total: n };
}
