import type {
  Lot,
  LotExpiryReason,
  LotFilter,
  LotMaterial,
  LotShelf,
  LotTreeNode,
  LotTreePeriod,
  ProductionResult,
  ShipmentLotsQuery,
  WorkStatus,
} from '@eqms/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditView, sameKey } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { locationRefs } from '../location/location.paths.ts';
import { locations } from '../location/location.table.ts';
import { materialStocks } from '../material-stock/material-stock.table.ts';
import { products } from '../product/product.table.ts';
import { lots, productStockHistories, productStocks } from '../product-stock/product-stock.table.ts';
import { consumptionsOf } from '../production-material/production-material.consume.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { selectDaily } from '../production-plan/production-plan.views.ts';
import { resultsByIds } from '../production-result/production-result.views.ts';

// What the lot report reads (README.md): lots with their plan, line and what the plan's last operation made; their
// stock; the daily plans and results that made them; the material packages they consumed (backward genealogy); and
// the two trees of a period.

const SEPARATOR = ' / ';

const selectLots = (db: Executor) =>
  db
    .select({
      l: lots,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      planQty: productionPlans.qty,
      planStartDt: productionPlans.startDt,
      planEndDt: productionPlans.endDt,
      lineId: productionPlans.lineId,
      lineName: locations.name,
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .leftJoin(productionPlans, eq(productionPlans.id, lots.planId))
    .leftJoin(locations, eq(locations.id, productionPlans.lineId));
type LotJoined = Awaited<ReturnType<ReturnType<typeof selectLots>['execute']>>[number];

/** Per plan: good and bad quantity of its last operation's daily plans (the operation with the highest sequence). */
async function lastOperationOutput(db: Executor, planIds: number[]) {
  const out = new Map<number, { goodQty: number; badQty: number }>();
  if (planIds.length === 0) return out;
  const rows = await db
    .select({
      planId: dailyPlans.planId,
      goodQty: sql<string>`coalesce(sum(${dailyPlans.goodQty}), 0)`,
      badQty: sql<string>`coalesce(sum(${dailyPlans.badQty}), 0)`,
    })
    .from(dailyPlans)
    .where(
      and(
        inArray(dailyPlans.planId, planIds),
        sql`${dailyPlans.operPlanId} = (select o.id from production_oper_plans o where o.plan_id = ${dailyPlans.planId} order by o.seq desc, o.id desc limit 1)`,
      ),
    )
    .groupBy(dailyPlans.planId);
  for (const r of rows) out.set(r.planId, { goodQty: round5(Number(r.goodQty)), badQty: round5(Number(r.badQty)) });
  return out;
}

type LotStock = { stockQty: number; disposedQty: number; shelves: LotShelf[] };

/**
 * Per lot: the quantity in stock (rows not discarded), the quantity discarded (its DISPOSE movements), and the shelves
 * holding the stock, most first.
 */
async function lotStocks(db: Executor, lotRowIds: number[]): Promise<Map<number, LotStock>> {
  const out = new Map<number, LotStock>();
  if (lotRowIds.length === 0) return out;
  const s = productStocks;
  const [held, disposed] = await Promise.all([
    db
      .select({ lotRowId: s.lotRowId, locationId: s.locationId, qty: s.qty })
      .from(s)
      .where(and(inArray(s.lotRowId, lotRowIds), eq(s.disposed, false), gt(s.qty, 0)))
      .orderBy(desc(s.qty), asc(s.id)),
    db
      .select({ lotRowId: s.lotRowId, qty: sql<string>`-sum(${productStockHistories.qty})` })
      .from(productStockHistories)
      .innerJoin(s, eq(s.id, productStockHistories.productStockId))
      .where(and(inArray(s.lotRowId, lotRowIds), eq(productStockHistories.type, 'DISPOSE')))
      .groupBy(s.lotRowId),
  ]);
  const refs = await locationRefs(
    db,
    held.map((h) => h.locationId),
  );
  for (const id of lotRowIds) out.set(id, { stockQty: 0, disposedQty: 0, shelves: [] });
  for (const h of held) {
    const lot = out.get(h.lotRowId)!;
    lot.stockQty = round5(lot.stockQty + h.qty);
    lot.shelves.push({
      locationId: h.locationId,
      path: (refs.get(h.locationId)?.path ?? []).join(SEPARATOR),
      qty: h.qty,
    });
  }
  for (const d of disposed) out.get(d.lotRowId)!.disposedQty = round5(Number(d.qty));
  return out;
}

/** Lots as the API shows them: with their plan's output and, when asked, their stock. */
async function lotViews(db: Executor, rows: LotJoined[], includeStock: boolean): Promise<Lot[]> {
  if (rows.length === 0) return [];
  const planIds = rows.map((r) => r.l.planId).filter((v): v is number => v != null);
  const [output, stock] = await Promise.all([
    lastOperationOutput(db, planIds),
    includeStock
      ? lotStocks(
          db,
          rows.map((r) => r.l.id),
        )
      : Promise.resolve(null),
  ]);
  return rows.map(({ l, ...j }) => {
    const made = l.planId != null ? output.get(l.planId) : undefined;
    const st = stock?.get(l.id);
    return {
      id: l.id,
      lotId: l.lotId,
      productId: l.productId,
      productCode: j.productCode,
      productName: j.productName,
      unit: j.unit,
      planId: l.planId,
      planQty: j.planQty ?? null,
      planStartDt: j.planStartDt ?? null,
      planEndDt: j.planEndDt ?? null,
      lineId: j.lineId ?? null,
      lineName: j.lineName ?? null,
      day: l.day,
      expiryDate: l.expiryDate,
      expiryReason: (l.expiryReason as LotExpiryReason | null) ?? null,
      expiryPackageId: l.expiryPackageId,
      goodQty: made?.goodQty ?? 0,
      badQty: made?.badQty ?? 0,
      stockQty: st ? st.stockQty : null,
      disposedQty: st ? st.disposedQty : null,
      shelves: st ? st.shelves : null,
      description: l.description,
      ...auditView(l),
    };
  });
}

const inPeriod = (q: { startDt: string; endDt: string }) => and(gte(lots.day, q.startDt), lte(lots.day, q.endDt));
const lotText = (q: string | undefined) => textFilter([lots.lotId, products.code, products.name], q);

/** Lots produced in the period, newest day first, one page (all of them: `page` null, the export), with the total. */
export async function listLots(
  db: Executor,
  q: LotFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: Lot[]; total: number }> {
  const where = and(inPeriod(q), lotText(q.q));
  const ordered = selectLots(db).where(where).orderBy(desc(lots.day), asc(lots.lotId), asc(lots.id));
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const total = page
    ? (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(lots)
          .innerJoin(products, eq(products.id, lots.productId))
          .where(where)
      )[0].n
    : rows.length;
  return { data: await lotViews(db, rows, q.includeStock), total };
}

/** One lot by its LOT ID (any case), with its stock; 404 when there is none. */
export async function lotByLotId(db: Executor, lotId: string): Promise<Lot> {
  const rows = await selectLots(db).where(sameKey(lots.lotId, lotId));
  if (rows.length === 0) throw notFound('Lot');
  return (await lotViews(db, rows, true))[0];
}

async function lotRow(db: Executor, id: number) {
  const [lot] = await db
    .select({
      id: lots.id,
      planId: lots.planId,
      expiryPackageId: lots.expiryPackageId,
      expiryReason: lots.expiryReason,
    })
    .from(lots)
    .where(eq(lots.id, id));
  if (!lot) throw notFound('Lot');
  return lot;
}

/** A plan's daily plan ids by day, operation sequence and id. */
async function dailyPlanIdsOf(db: Executor, planId: number): Promise<number[]> {
  const rows = await db
    .select({ id: dailyPlans.id })
    .from(dailyPlans)
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .where(eq(dailyPlans.planId, planId))
    .orderBy(asc(dailyPlans.day), asc(productionOperPlans.seq), asc(dailyPlans.id));
  return rows.map((r) => r.id);
}

/** The daily plans of the lot's plan with their results, every operation, by day and sequence; none by hand. */
export async function lotDailyPlans(db: Executor, id: number): Promise<ProductionResult[]> {
  const lot = await lotRow(db, id);
  if (lot.planId == null) return [];
  return resultsByIds(db, await dailyPlanIdsOf(db, lot.planId));
}

/**
 * Backward genealogy: the material packages the lot's daily plans consumed (the net CONSUME of the production
 * material ledger, corrections given back), one row per package with its supplier lot, supplier, received day and
 * expiry, by material code and package ID. A lot added by hand consumed nothing.
 */
export async function lotMaterials(db: Executor, id: number): Promise<LotMaterial[]> {
  const lot = await lotRow(db, id);
  if (lot.planId == null) return [];
  const consumed = await consumptionsOf(db, await dailyPlanIdsOf(db, lot.planId));
  if (consumed.length === 0) return [];
  const byPackage = new Map<number, (typeof consumed)[number] & { dailyPlanIds: number[] }>();
  for (const c of consumed) {
    const had = byPackage.get(c.stockId);
    if (had) {
      had.qty = round5(had.qty + c.qty);
      if (c.dailyPlanId != null && !had.dailyPlanIds.includes(c.dailyPlanId)) had.dailyPlanIds.push(c.dailyPlanId);
    } else
      byPackage.set(c.stockId, {
        ...c,
        qty: round5(c.qty),
        dailyPlanIds: c.dailyPlanId != null ? [c.dailyPlanId] : [],
      });
  }
  const packages = await db
    .select({
      id: materialStocks.id,
      supplierId: materialStocks.supplierId,
      supplierName: bizPartners.name,
      receivedDate: materialStocks.receivedDate,
    })
    .from(materialStocks)
    .leftJoin(bizPartners, eq(bizPartners.id, materialStocks.supplierId))
    .where(inArray(materialStocks.id, [...byPackage.keys()]));
  const info = new Map(packages.map((p) => [p.id, p]));
  return [...byPackage.values()]
    .filter((c) => c.qty > 0)
    .map((c) => {
      const p = info.get(c.stockId);
      return {
        stockId: c.stockId,
        packageId: c.packageId,
        supplierLot: c.supplierLot,
        supplierId: p?.supplierId ?? null,
        supplierName: p?.supplierName ?? null,
        receivedDate: p?.receivedDate ?? '',
        expiryDate: c.expiryDate,
        materialId: c.materialId,
        materialCode: c.materialCode,
        materialName: c.materialName,
        unit: c.unit,
        qty: c.qty,
        dailyPlanIds: c.dailyPlanIds.sort((a, b) => a - b),
        setsLotExpiry: lot.expiryReason === 'MATERIAL' && lot.expiryPackageId === c.packageId,
      };
    })
    .sort((a, b) => a.materialCode.localeCompare(b.materialCode) || a.packageId.localeCompare(b.packageId));
}

/** Lots produced in the period that a customer could be shipped: stock not discarded, first expiring first. */
export async function shipmentLots(db: Executor, q: ShipmentLotsQuery): Promise<Lot[]> {
  if (q.bizPartnerId != null) {
    const [customer] = await db
      .select({ id: bizPartners.id })
      .from(bizPartners)
      .where(and(eq(bizPartners.id, q.bizPartnerId), sql`'CUSTOMER' = any(${bizPartners.types})`));
    if (!customer) throw notFound('Customer');
  }
  const inStock: SQL = sql`exists (select 1 from ${productStocks} s where s.lot_row_id = ${lots.id} and not s.disposed and s.qty > 0)`;
  const rows = await selectLots(db)
    .where(and(inPeriod(q), inStock, q.productId ? eq(lots.productId, q.productId) : undefined, lotText(q.q)))
    .orderBy(sql`${lots.expiryDate} asc nulls last`, asc(lots.day), asc(lots.lotId));
  return lotViews(db, rows, true);
}

// ── Trees ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The plan nodes of the lots produced in the period (lots added by hand have no plan and are left out). */
async function planNodes(db: Executor, q: LotTreePeriod): Promise<LotTreeNode[]> {
  const rows = await selectLots(db)
    .where(and(inPeriod(q), isNotNull(lots.planId)))
    .orderBy(asc(products.code), asc(lots.day), asc(lots.lotId));
  const output = await lastOperationOutput(
    db,
    rows.map((r) => r.l.planId as number),
  );
  return rows.map(({ l, ...j }) => {
    const made = output.get(l.planId as number);
    return {
      key: `PL${l.planId}`,
      title: l.lotId,
      data: {
        kind: 'PLAN',
        planId: l.planId as number,
        lotRowId: l.id,
        lotId: l.lotId,
        productId: l.productId,
        productCode: j.productCode,
        productName: j.productName,
        unit: j.unit,
        qty: j.planQty ?? 0,
        startDt: j.planStartDt ?? l.day,
        endDt: j.planEndDt ?? l.day,
        lineName: j.lineName ?? '',
        day: l.day,
        expiryDate: l.expiryDate,
        goodQty: made?.goodQty ?? 0,
        badQty: made?.badQty ?? 0,
      },
      children: [],
    };
  });
}

/** Products (by code) → the plans of their lots produced in the period (by production day and LOT ID). */
export async function prodPlanTree(db: Executor, q: LotTreePeriod): Promise<LotTreeNode[]> {
  const roots: LotTreeNode[] = [];
  const byProduct = new Map<number, LotTreeNode>();
  for (const plan of await planNodes(db, q)) {
    if (plan.data.kind !== 'PLAN') continue;
    const p = plan.data;
    let product = byProduct.get(p.productId);
    if (!product) {
      product = {
        key: `PR${p.productId}`,
        title: `${p.productCode} ${p.productName}`,
        data: {
          kind: 'PRODUCT',
          productId: p.productId,
          productCode: p.productCode,
          productName: p.productName,
          unit: p.unit,
          lotCount: 0,
          goodQty: 0,
        },
        children: [],
      };
      byProduct.set(p.productId, product);
      roots.push(product);
    }
    if (product.data.kind === 'PRODUCT') {
      product.data.lotCount += 1;
      product.data.goodQty = round5(product.data.goodQty + p.goodQty);
    }
    product.children.push(plan);
  }
  return roots;
}

/** The plans of the lots produced in the period (as prodPlanTree's plan nodes) → their daily plans by day and sequence. */
export async function dailyPlanTree(db: Executor, q: LotTreePeriod): Promise<LotTreeNode[]> {
  const plans = await planNodes(db, q);
  if (plans.length === 0) return [];
  const byPlan = new Map(plans.map((n) => [n.data.kind === 'PLAN' ? n.data.planId : 0, n]));
  const rows = await selectDaily(db)
    .where(
      inArray(
        dailyPlans.planId,
        db
          .select({ id: lots.planId })
          .from(lots)
          .where(and(inPeriod(q), isNotNull(lots.planId))),
      ),
    )
    .orderBy(asc(dailyPlans.planId), asc(dailyPlans.day), asc(productionOperPlans.seq), asc(dailyPlans.id));
  for (const r of rows) {
    byPlan.get(r.d.planId)?.children.push({
      key: `D${r.d.id}`,
      title: `${r.d.day} · ${r.seq}. ${r.operationName}`,
      data: {
        kind: 'DAILY_PLAN',
        dailyPlanId: r.d.id,
        planId: r.d.planId,
        day: r.d.day,
        seq: r.seq,
        operationName: r.operationName,
        toolName: r.toolName ?? null,
        targetQty: r.d.targetQty,
        status: r.d.status as WorkStatus,
        goodQty: r.d.goodQty,
        badQty: r.d.badQty,
      },
      children: [],
    });
  }
  return plans;
}
