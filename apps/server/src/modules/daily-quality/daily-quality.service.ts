import type {
  DailyQualityCreate,
  DailyQualityDefect,
  DailyQualityFilter,
  DailyQualityFillQuery,
  DailyQualityResult,
  DailyQualitySources,
  DailyQualityUpdate,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { auditView, createdStamp, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { addDays, instantAt } from '../../platform/dates.ts';
import { duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { locations } from '../location/location.table.ts';
import { operations } from '../operation/operation.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { dailyPlanDefects } from '../production-result/production-result.table.ts';
import { qualityResults } from '../quality/quality.table.ts';
import { dailyQualityDefects, dailyQualityResults } from './daily-quality.table.ts';

// Daily quality results (README): one record per day, line and product, its defects by type replacing the old ones
// by difference (so the change history shows what changed, not a delete and re-insert of every type). The fill reads
// the day's production results (daily plans) of the line and product and the day's inspections of the product.

const r = dailyQualityResults;
const DEFECT_CATEGORY = 'DEFECT_TYPE';
const UNIQUE = { daily_quality_results_uq: 'day' };

export type DailyQualityDeps = { db: Db; timeZone: string };

const selectJoined = (db: Executor) =>
  db
    .select({
      r,
      lineCode: locations.code,
      lineName: locations.name,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
    })
    .from(r)
    .innerJoin(locations, eq(locations.id, r.lineId))
    .innerJoin(products, eq(products.id, r.productId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['where']>>[number];

async function defectsOf(db: Executor, ids: number[]): Promise<Map<number, DailyQualityDefect[]>> {
  const out = new Map<number, DailyQualityDefect[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(dailyQualityDefects)
    .where(inArray(dailyQualityDefects.resultId, ids))
    .orderBy(asc(dailyQualityDefects.resultId), asc(dailyQualityDefects.defectCode));
  for (const d of rows) {
    const list = out.get(d.resultId) ?? [];
    list.push({ defectCode: d.defectCode, qty: d.qty });
    out.set(d.resultId, list);
  }
  return out;
}

async function views(db: Executor, rows: Joined[]): Promise<DailyQualityResult[]> {
  const defects = await defectsOf(
    db,
    rows.map((x) => x.r.id),
  );
  return rows.map(({ r: row, ...x }) => {
    const failed = round5(row.inspectedQty - row.passedQty);
    return {
      id: row.id,
      day: row.day,
      lineId: row.lineId,
      lineCode: x.lineCode,
      lineName: x.lineName,
      productId: row.productId,
      productCode: x.productCode,
      productName: x.productName,
      unit: x.unit,
      inspectedQty: row.inspectedQty,
      passedQty: row.passedQty,
      failedQty: failed,
      defectRate: row.inspectedQty > 0 ? Math.round((failed / row.inspectedQty) * 10_000) / 100 : 0,
      defects: defects.get(row.id) ?? [],
      description: row.description,
      ...auditView(row),
    };
  });
}

export async function getDailyQuality(db: Executor, id: number): Promise<DailyQualityResult> {
  const rows = await selectJoined(db).where(eq(r.id, id));
  if (rows.length === 0) throw notFound('Daily quality result');
  return (await views(db, rows))[0];
}

/** Newest day first, then line and product; a page with the total when `size` is given. */
export async function listDailyQuality(
  db: Executor,
  q: DailyQualityFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: DailyQualityResult[]; total: number }> {
  const where = and(
    q.startDt ? gte(r.day, q.startDt) : undefined,
    q.endDt ? lte(r.day, q.endDt) : undefined,
    q.lineId ? eq(r.lineId, q.lineId) : undefined,
    q.productId ? eq(r.productId, q.productId) : undefined,
    textFilter([products.code, products.name, locations.name], q.q),
  );
  const ordered = selectJoined(db)
    .where(where)
    .orderBy(desc(r.day), asc(locations.name), asc(products.code), asc(r.id));
  if (!page?.size) {
    const rows = await ordered;
    return { data: await views(db, rows), total: rows.length };
  }
  const rows = await ordered.limit(page.size).offset(((page.page ?? 1) - 1) * page.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(r)
    .innerJoin(locations, eq(locations.id, r.lineId))
    .innerJoin(products, eq(products.id, r.productId))
    .where(where);
  return { data: await views(db, rows), total: n };
}

// ---- the day's sources (fill from results) ----

/**
 * The worked daily plans of the day's plans of the line and product (kiosk results), each with its defects, and the
 * product's inspections of that day there: in-process ones of those daily plans, final ones of lots the line made.
 * Counts: passed = good of each plan's LAST operation, failed = bad of every operation, inspected = passed + failed;
 * defects = every operation's defects by type.
 */
export async function sourcesOf(
  db: Executor,
  timeZone: string,
  q: DailyQualityFillQuery,
  existingId: number | null = null,
): Promise<DailyQualitySources> {
  const lastSeq = sql<number>`(select max(x.seq) from production_oper_plans x where x.plan_id = ${dailyPlans.planId})`;
  const plans = await db
    .select({
      dailyPlanId: dailyPlans.id,
      planId: dailyPlans.planId,
      seq: productionOperPlans.seq,
      lastSeq: lastSeq.mapWith(Number),
      operationName: operations.name,
      status: dailyPlans.status,
      goodQty: dailyPlans.goodQty,
      badQty: dailyPlans.badQty,
    })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .innerJoin(operations, eq(operations.id, productionOperPlans.operationId))
    .where(
      and(
        eq(dailyPlans.day, q.day),
        eq(productionPlans.lineId, q.lineId),
        eq(productionPlans.productId, q.productId),
        ne(dailyPlans.status, 'PLAN_COMPLETED'),
      ),
    )
    .orderBy(asc(dailyPlans.planId), asc(productionOperPlans.seq), asc(dailyPlans.id));
  const ids = plans.map((p) => p.dailyPlanId);
  const defectRows = ids.length
    ? await db
        .select()
        .from(dailyPlanDefects)
        .where(inArray(dailyPlanDefects.dailyPlanId, ids))
        .orderBy(asc(dailyPlanDefects.defectCode))
    : [];
  const totals = new Map<string, number>();
  for (const d of defectRows) totals.set(d.defectCode, round5((totals.get(d.defectCode) ?? 0) + d.qty));
  const passed = round5(plans.filter((p) => p.seq === p.lastSeq).reduce((s, p) => s + p.goodQty, 0));
  const failed = round5(plans.reduce((s, p) => s + p.badQty, 0));

  const madeHere: SQL = sql`exists (select 1 from lots l join production_plans pp on pp.id = l.plan_id
    where l.id = ${qualityResults.lotRowId} and pp.line_id = ${q.lineId})`;
  const inspections = await db
    .select({
      id: qualityResults.id,
      stage: qualityResults.stage,
      judgement: qualityResults.judgement,
      inspectedAt: qualityResults.inspectedAt,
      lotId: lots.lotId,
      operationName: operations.name,
    })
    .from(qualityResults)
    .leftJoin(lots, eq(lots.id, qualityResults.lotRowId))
    .leftJoin(operations, eq(operations.id, qualityResults.operationId))
    .where(
      and(
        eq(qualityResults.productId, q.productId),
        gte(qualityResults.inspectedAt, instantAt(`${q.day} 00:00`, timeZone)),
        lt(qualityResults.inspectedAt, instantAt(`${addDays(q.day, 1)} 00:00`, timeZone)),
        ids.length ? sql`(${inArray(qualityResults.dailyPlanId, ids)} or ${madeHere})` : madeHere,
      ),
    )
    .orderBy(asc(qualityResults.inspectedAt), asc(qualityResults.id));

  let existing = existingId;
  if (existing === null) {
    const [row] = await db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.day, q.day), eq(r.lineId, q.lineId), eq(r.productId, q.productId)));
    existing = row?.id ?? null;
  }
  return {
    day: q.day,
    lineId: q.lineId,
    productId: q.productId,
    inspectedQty: round5(passed + failed),
    passedQty: passed,
    defects: [...totals].map(([defectCode, qty]) => ({ defectCode, qty })),
    dailyPlans: plans.map(({ lastSeq: ls, ...p }) => ({
      ...p,
      last: p.seq === ls,
      defects: defectRows
        .filter((d) => d.dailyPlanId === p.dailyPlanId)
        .map((d) => ({ defectCode: d.defectCode, qty: d.qty })),
    })),
    inspections: inspections.map((i) => ({ ...i, inspectedAt: i.inspectedAt.toISOString() })),
    existingId: existing,
  };
}

/** The sources of a stored record (GET results/{id}); 404 when it does not exist. */
export async function sourcesOfRecord(db: Executor, timeZone: string, id: number): Promise<DailyQualitySources> {
  const [row] = await db.select().from(r).where(eq(r.id, id));
  if (!row) throw notFound('Daily quality result');
  return sourcesOf(db, timeZone, { day: row.day, lineId: row.lineId, productId: row.productId }, row.id);
}

/** A fill query's line and product must exist (404 otherwise: the form asks about a line/product that is gone). */
export async function assertFillSubjects(db: Executor, q: DailyQualityFillQuery) {
  const [line] = await db
    .select({ id: locations.id, type: locations.type })
    .from(locations)
    .where(eq(locations.id, q.lineId));
  if (line?.type !== 'LINE') throw notFound('Line');
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, q.productId));
  if (!product) throw notFound('Product');
}

// ---- writes ----

async function assertRefs(tx: Tx, body: DailyQualityCreate) {
  const [line] = await tx.select({ type: locations.type }).from(locations).where(eq(locations.id, body.lineId));
  if (line?.type !== 'LINE') throw invalidField('lineId', 'notExists');
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
  if (!product) throw invalidField('productId', 'notExists');
  if (body.defects.length === 0) return;
  const known = new Set(
    (
      await tx
        .select({ code: codes.code })
        .from(codes)
        .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
        .where(
          and(
            eq(codeCategories.category, DEFECT_CATEGORY),
            inArray(
              codes.code,
              body.defects.map((d) => d.defectCode),
            ),
          ),
        )
    ).map((c) => c.code),
  );
  body.defects.forEach((d, i) => {
    if (!known.has(d.defectCode)) throw invalidField(`defects.${i}.defectCode`, 'notExists');
  });
}

async function assertFree(tx: Tx, body: DailyQualityCreate, exceptId?: number) {
  const [taken] = await tx
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.day, body.day),
        eq(r.lineId, body.lineId),
        eq(r.productId, body.productId),
        exceptId ? ne(r.id, exceptId) : undefined,
      ),
    );
  if (taken) throw duplicate('day');
}

/** The defects by type brought to `wanted`: changed quantities updated, missing types deleted, new ones inserted. */
async function syncDefects(tx: Tx, actor: Actor, resultId: number, wanted: DailyQualityDefect[]) {
  const now = await tx.select().from(dailyQualityDefects).where(eq(dailyQualityDefects.resultId, resultId));
  const byCode = new Map(now.map((d) => [d.defectCode, d]));
  const gone = now.filter((d) => !wanted.some((w) => w.defectCode === d.defectCode)).map((d) => d.id);
  if (gone.length) await tx.delete(dailyQualityDefects).where(inArray(dailyQualityDefects.id, gone));
  for (const w of wanted) {
    const old = byCode.get(w.defectCode);
    if (!old)
      await tx
        .insert(dailyQualityDefects)
        .values({ resultId, defectCode: w.defectCode, qty: w.qty, ...createdStamp(actor) });
    else if (old.qty !== w.qty)
      await tx
        .update(dailyQualityDefects)
        .set({ qty: w.qty, ...updatedStamp(actor) })
        .where(eq(dailyQualityDefects.id, old.id));
  }
}

/** A new record inside the caller's transaction (the route's and the demo seed's); answers its id. */
export async function insertDailyQuality(tx: Tx, actor: Actor, body: DailyQualityCreate): Promise<number> {
  await assertRefs(tx, body);
  await assertFree(tx, body);
  const [row] = await tx
    .insert(r)
    .values({
      day: body.day,
      lineId: body.lineId,
      productId: body.productId,
      inspectedQty: body.inspectedQty,
      passedQty: body.passedQty,
      description: body.description,
      ...createdStamp(actor),
    })
    .returning({ id: r.id });
  await syncDefects(tx, actor, row.id, body.defects);
  return row.id;
}

export async function createDailyQuality(db: Db, actor: Actor, body: DailyQualityCreate) {
  const id = await uniqueAs(UNIQUE, () => withTx(db, actor, (tx) => insertDailyQuality(tx, actor, body)));
  return getDailyQuality(db, id);
}

export async function updateDailyQuality(db: Db, actor: Actor, body: DailyQualityUpdate) {
  await uniqueAs(UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const [row] = await tx.select({ id: r.id }).from(r).where(eq(r.id, body.id)).for('update');
      if (!row) throw notFound('Daily quality result');
      await assertRefs(tx, body);
      await assertFree(tx, body, body.id);
      await tx
        .update(r)
        .set({
          day: body.day,
          lineId: body.lineId,
          productId: body.productId,
          inspectedQty: body.inspectedQty,
          passedQty: body.passedQty,
          description: body.description,
          ...updatedStamp(actor),
        })
        .where(eq(r.id, body.id));
      await syncDefects(tx, actor, body.id, body.defects);
    }),
  );
  return getDailyQuality(db, body.id);
}

/** All or none: 404 when one is missing. */
export async function deleteDailyQuality(db: Db, actor: Actor, ids: number[]) {
  await withTx(db, actor, async (tx) => {
    const rows = await tx.select({ id: r.id }).from(r).where(inArray(r.id, ids)).orderBy(asc(r.id)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound('Daily quality result');
    await tx.delete(r).where(inArray(r.id, ids));
  });
}
