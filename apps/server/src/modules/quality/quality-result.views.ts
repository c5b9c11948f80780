import type {
  HoldStatus,
  Judgement,
  MaterialQualityResultQuery,
  ProductQualityResultQuery,
  QualityInspectionForm,
  QualityKind,
  QualityResult,
  QualityResultDetail,
  QualitySide,
  QualityStage,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { auditView } from '../../platform/crud.ts';
import { addDays, instantAt } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { materials } from '../material/material.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { users } from '../user/user.table.ts';
import { activeHoldOf, holdsByIds } from './quality-hold.service.ts';
import { dailyPlanOf, lotOf, packageOf } from './quality-result.service.ts';
import { itemsOfStage, standardsByIds } from './quality-standard.service.ts';
import { qualityHolds, qualityResultItems, qualityResultSamples, qualityResults } from './quality.table.ts';

// What the result screens read: a page of inspections with their subject, inspector, counts and the hold each opened;
// one inspection with its items and samples; the inspection form of a subject.

const r = qualityResults;
const selectResults = (db: Executor) =>
  db
    .select({
      r,
      materialCode: materials.code,
      materialName: materials.name,
      packageId: materialStocks.packageId,
      supplierLot: materialStocks.supplierLot,
      productCode: products.code,
      productName: products.name,
      lotId: lots.lotId,
      operationName: operations.name,
      inspectorUserId: users.userId,
      inspectorName: users.username,
      itemCount: sql<number>`(select count(*) from quality_result_items i where i.result_id = ${r.id})`.mapWith(Number),
      failedItemCount: sql<number>`(select count(*) from quality_result_items i
        where i.result_id = ${r.id} and i.judgement = 'FAIL')`.mapWith(Number),
      holdId: qualityHolds.id,
      holdStatus: qualityHolds.status,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.inspectorId))
    .leftJoin(materials, eq(materials.id, r.materialId))
    .leftJoin(materialStocks, eq(materialStocks.id, r.materialStockId))
    .leftJoin(products, eq(products.id, r.productId))
    .leftJoin(lots, eq(lots.id, r.lotRowId))
    .leftJoin(operations, eq(operations.id, r.operationId))
    .leftJoin(qualityHolds, eq(qualityHolds.resultId, r.id));
type Joined = Awaited<ReturnType<ReturnType<typeof selectResults>['execute']>>[number];

const view = ({ r: x, ...j }: Joined): QualityResult => ({
  id: x.id,
  side: x.stage === 'INCOMING' ? 'MATERIAL' : 'PRODUCT',
  stage: x.stage as QualityStage,
  materialId: x.materialId,
  materialCode: j.materialCode,
  materialName: j.materialName,
  materialStockId: x.materialStockId,
  packageId: j.packageId,
  supplierLot: j.supplierLot,
  productId: x.productId,
  productCode: j.productCode,
  productName: j.productName,
  lotRowId: x.lotRowId,
  lotId: j.lotId,
  dailyPlanId: x.dailyPlanId,
  operationId: x.operationId,
  operationName: j.operationName,
  inspectedAt: x.inspectedAt.toISOString(),
  inspectorId: x.inspectorId,
  inspectorUserId: j.inspectorUserId,
  inspectorName: j.inspectorName,
  inspectionMinutes: x.inspectionMinutes,
  computedJudgement: x.computedJudgement as Judgement,
  judgement: x.judgement as Judgement,
  overridden: x.overrideReason != null,
  overrideReason: x.overrideReason,
  overriddenBy: x.overriddenBy,
  overriddenAt: x.overriddenAt?.toISOString() ?? null,
  itemCount: j.itemCount,
  failedItemCount: j.failedItemCount,
  holdId: j.holdId,
  holdStatus: (j.holdStatus as HoldStatus | null) ?? null,
  description: x.description,
  ...auditView(x),
});

const sideWhere = (side: QualitySide) =>
  side === 'MATERIAL' ? eq(r.stage, 'INCOMING') : sql`${r.stage} <> 'INCOMING'`;

export async function getResult(db: Executor, side: QualitySide, id: number): Promise<QualityResultDetail> {
  const [row] = await selectResults(db).where(and(eq(r.id, id), sideWhere(side)));
  if (!row) throw notFound('Quality result');
  const items = await db
    .select()
    .from(qualityResultItems)
    .where(eq(qualityResultItems.resultId, id))
    .orderBy(asc(qualityResultItems.sort));
  const samples = items.length
    ? await db
        .select()
        .from(qualityResultSamples)
        .where(
          inArray(
            qualityResultSamples.itemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(qualityResultSamples.itemId), asc(qualityResultSamples.sampleNo))
    : [];
  const holds = await holdsByIds(db, row.holdId != null ? [row.holdId] : []);
  return {
    ...view(row),
    items: items.map((i) => ({
      id: i.id,
      standardId: i.standardId,
      name: i.name,
      method: i.method,
      unit: i.unit,
      kind: i.kind as QualityKind,
      target: i.target,
      lsl: i.lsl,
      usl: i.usl,
      sampleSize: i.sampleSize,
      judgement: i.judgement as Judgement,
      samples: samples
        .filter((sm) => sm.itemId === i.id)
        .map((sm) => ({ sampleNo: sm.sampleNo, value: sm.value, passed: sm.passed, ok: sm.ok })),
    })),
    hold: row.holdId != null ? (holds.get(row.holdId) ?? null) : null,
  };
}

/** A page of one side's inspections, newest first. */
export async function listResults(
  db: Executor,
  side: QualitySide,
  q: MaterialQualityResultQuery | ProductQualityResultQuery,
  timeZone: string,
): Promise<{ data: QualityResult[]; total: number }> {
  const conds: (SQL | undefined)[] = [
    sideWhere(side),
    q.startDt ? gte(r.inspectedAt, instantAt(`${q.startDt} 00:00`, timeZone)) : undefined,
    q.endDt ? lt(r.inspectedAt, instantAt(`${addDays(q.endDt, 1)} 00:00`, timeZone)) : undefined,
    q.judgement ? eq(r.judgement, q.judgement) : undefined,
  ];
  if ('materialId' in q && q.materialId) conds.push(eq(r.materialId, q.materialId));
  if ('materialStockId' in q && q.materialStockId) conds.push(eq(r.materialStockId, q.materialStockId));
  if ('productId' in q && q.productId) conds.push(eq(r.productId, q.productId));
  if ('lotRowId' in q && q.lotRowId) conds.push(eq(r.lotRowId, q.lotRowId));
  if ('stage' in q && q.stage) conds.push(eq(r.stage, q.stage));
  conds.push(
    side === 'MATERIAL'
      ? textFilter([materialStocks.packageId, materials.code, materials.name], q.q)
      : textFilter([lots.lotId, products.code, products.name], q.q),
  );
  const where = and(...conds);
  const size = q.size ?? 50;
  const rows = await selectResults(db)
    .where(where)
    .orderBy(desc(r.inspectedAt), desc(r.id))
    .limit(size)
    .offset(((q.page ?? 1) - 1) * size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(r)
    .leftJoin(materials, eq(materials.id, r.materialId))
    .leftJoin(materialStocks, eq(materialStocks.id, r.materialStockId))
    .leftJoin(products, eq(products.id, r.productId))
    .leftJoin(lots, eq(lots.id, r.lotRowId))
    .where(where);
  return { data: rows.map(view), total: n };
}

// ---- the inspection form ----

const blankForm = {
  materialStockId: null,
  packageId: null,
  lotRowId: null,
  lotId: null,
  dailyPlanId: null,
  operationId: null,
  operationName: null,
};

export async function materialForm(
  db: Executor,
  by: { materialStockId?: number; packageId?: string },
): Promise<QualityInspectionForm> {
  const pkg = await packageOf(db as Tx, by, false, '404');
  const items = await itemsOfStage(db, { materialId: pkg.materialId });
  return {
    ...blankForm,
    side: 'MATERIAL',
    stage: 'INCOMING',
    materialStockId: pkg.id,
    packageId: pkg.packageId,
    itemId: pkg.materialId,
    itemCode: pkg.materialCode,
    itemName: pkg.materialName,
    unit: pkg.unit,
    qty: pkg.qty,
    hold: await activeHoldOf(db, { materialStockId: pkg.id }),
    items: await standardsByIds(
      db,
      items.map((i) => i.id),
    ),
  };
}

export async function productForm(
  db: Executor,
  by: { lotRowId?: number; lotId?: string; dailyPlanId?: number },
): Promise<QualityInspectionForm> {
  if (by.dailyPlanId != null) {
    const dp = await dailyPlanOf(db as Tx, by.dailyPlanId, '404');
    const items = await itemsOfStage(db, { productId: dp.productId, operationId: dp.operationId });
    const [op] = await db.select({ name: operations.name }).from(operations).where(eq(operations.id, dp.operationId));
    return {
      ...blankForm,
      side: 'PRODUCT',
      stage: 'IN_PROCESS',
      dailyPlanId: dp.id,
      operationId: dp.operationId,
      operationName: op?.name ?? null,
      itemId: dp.productId,
      itemCode: dp.productCode,
      itemName: dp.productName,
      unit: dp.unit,
      qty: dp.qty,
      hold: null,
      items: await standardsByIds(
        db,
        items.map((i) => i.id),
      ),
    };
  }
  const lot = await lotOf(db as Tx, by, false, '404');
  const items = await itemsOfStage(db, { productId: lot.productId, stage: 'FINAL' });
  return {
    ...blankForm,
    side: 'PRODUCT',
    stage: 'FINAL',
    lotRowId: lot.id,
    lotId: lot.lotId,
    itemId: lot.productId,
    itemCode: lot.productCode,
    itemName: lot.productName,
    unit: lot.unit,
    qty: lot.qty,
    hold: await activeHoldOf(db, { lotRowId: lot.id }),
    items: await standardsByIds(
      db,
      items.map((i) => i.id),
    ),
  };
}
