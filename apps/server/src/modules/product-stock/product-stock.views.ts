import type {
  BarcodeLot,
  ExpiryState,
  LotExpiryReason,
  ProductMovement,
  ProductMovementType,
  ProductStock,
  ProductStockFilter,
  ProductStockTreeNode,
} from '@eqms/contract';
import { ITEM_TREE_LOTS_MAX } from '@eqms/contract';
import { and, asc, count, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView, sameKey } from '../../platform/crud.ts';
import { addDays, daysBetween, todayIn } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { locationRefs } from '../location/location.paths.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { expiryStateOf } from '../material-stock/material-stock.service.ts';
import { products } from '../product/product.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { lots, productStockHistories, productStocks } from './product-stock.table.ts';

// What the product stock screens read: stock rows with their lot, product and shelf path; the two trees; a row's
// ledger; a lot by its LOT ID (the scanner's LOT barcodes).

/** What the reads need beyond the database: the factory's day and the soon-to-expire threshold. */
export type ProductStockDeps = { db: Db; timeZone: string; soonDays: number };
type Ctx = { today: string; soonDays: number };
const contextOf = (deps: ProductStockDeps, q: { soonDays?: number } = {}): Ctx => ({
  today: todayIn(deps.timeZone),
  soonDays: q.soonDays ?? deps.soonDays,
});

const s = productStocks;
const SEPARATOR = ' / ';

/** The reason a discarded row was discarded with: its last DISPOSE movement's. */
const disposedReason = sql<
  string | null
>`case when ${s.disposed} then (select h.reason from product_stock_histories h where h.product_stock_id = ${s.id} and h.type = 'DISPOSE' order by h.id desc limit 1) end`;

const joinedColumns = {
  s,
  lotId: lots.lotId,
  planId: lots.planId,
  day: lots.day,
  expiryDate: lots.expiryDate,
  expiryReason: lots.expiryReason,
  expiryPackageId: lots.expiryPackageId,
  productId: lots.productId,
  productCode: products.code,
  productName: products.name,
  productType: products.type,
  specification: products.specification,
  unit: products.unit,
  disposedReason,
};

const selectJoined = (db: Executor) =>
  db
    .select(joinedColumns)
    .from(s)
    .innerJoin(lots, eq(lots.id, s.lotRowId))
    .innerJoin(products, eq(products.id, lots.productId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

/** The list order: product code, then first expiring first (none last), the oldest production day, the LOT ID. */
const ORDER = [asc(products.code), sql`${lots.expiryDate} asc nulls last`, asc(lots.day), asc(lots.lotId), asc(s.id)];

/** Rows as the API shows them: with lot, product, shelf path and days to expiry. */
async function views(db: Executor, rows: Joined[], ctx: Ctx): Promise<ProductStock[]> {
  if (rows.length === 0) return [];
  const refs = await locationRefs(
    db,
    rows.map((r) => r.s.locationId),
  );
  return rows.map(({ s: r, ...j }) => ({
    id: r.id,
    lotRowId: r.lotRowId,
    lotId: j.lotId,
    planId: j.planId,
    productId: j.productId,
    productCode: j.productCode,
    productName: j.productName,
    productType: j.productType,
    specification: j.specification,
    unit: j.unit,
    locationId: r.locationId,
    placePath: (refs.get(r.locationId)?.path ?? []).join(SEPARATOR),
    qty: r.qty,
    disposed: r.disposed,
    disposedAt: r.disposedAt ? r.disposedAt.toISOString() : null,
    disposedReason: j.disposedReason,
    adjustedQty: r.adjustedQty,
    description: r.description,
    day: j.day,
    expiryDate: j.expiryDate,
    expiryReason: (j.expiryReason as LotExpiryReason | null) ?? null,
    expiryPackageId: j.expiryPackageId,
    daysToExpiry: j.expiryDate ? daysBetween(ctx.today, j.expiryDate) : null,
    expiryState: expiryStateOf(j.expiryDate, ctx.today, ctx.soonDays),
    ...auditView(r),
  }));
}

/**
 * Which rows count as stock for a list or a tree: rows with a quantity; with containQtyZero every row (discarded
 * LOTs, at zero, included); with includeDisposed also the discarded ones.
 */
export function stockRowCondition(q: { containQtyZero?: boolean; includeDisposed?: boolean }): SQL | undefined {
  if (q.containQtyZero) return undefined;
  return q.includeDisposed ? or(gt(s.qty, 0), eq(s.disposed, true)) : gt(s.qty, 0);
}

function expiryCondition(state: ExpiryState, ctx: Ctx): SQL {
  const soon = addDays(ctx.today, ctx.soonDays);
  const d = lots.expiryDate;
  switch (state) {
    case 'NONE':
      return isNull(d);
    case 'EXPIRED':
      return sql`${d} < ${ctx.today}`;
    case 'SOON':
      return sql`${d} >= ${ctx.today} and ${d} <= ${soon}`;
    case 'OK':
      return sql`${d} > ${soon}`;
  }
}

/**
 * The text search: the product's code or name (matched on the small products table, its lots found by id), or the
 * LOT ID.
 */
function lotText(db: Executor, q: string | undefined): SQL | undefined {
  const onProduct = textFilter([products.code, products.name], q);
  if (!onProduct) return undefined;
  return or(
    inArray(lots.productId, db.select({ id: products.id }).from(products).where(onProduct)),
    textFilter([lots.lotId], q),
  );
}

async function listCondition(db: Executor, q: ProductStockFilter, ctx: Ctx): Promise<SQL | undefined> {
  let place: SQL | undefined;
  if (q.locationId) {
    const ids = await subtreeIds(db, [q.locationId]);
    place = ids.length ? inArray(s.locationId, ids) : sql`false`;
  }
  return and(
    stockRowCondition(q),
    q.productId ? eq(lots.productId, q.productId) : undefined,
    q.lotId ? sameKey(lots.lotId, q.lotId) : undefined,
    place,
    q.productType?.length ? inArray(products.type, q.productType) : undefined,
    q.expiry?.length ? or(...q.expiry.map((e) => expiryCondition(e, ctx))) : undefined,
    lotText(db, q.q),
  );
}

/** One page of stock rows (all of them: `page` null) in list order, with the total. */
export async function listProductStocks(
  deps: ProductStockDeps,
  q: ProductStockFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: ProductStock[]; total: number }> {
  const { db } = deps;
  const ctx = contextOf(deps, q);
  const where = await listCondition(db, q, ctx);
  const ordered = selectJoined(db)
    .where(where)
    .orderBy(...ORDER);
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  if (!page) return { data: await views(db, rows, ctx), total: rows.length };
  return { data: await views(db, rows, ctx), total: await countRows(db, q, where) };
}

/**
 * The total of a list: the lots and products are joined only when the filters name their columns (100,000 rows:
 * about a fifth of the time of the joined count).
 */
async function countRows(db: Executor, q: ProductStockFilter, where: SQL | undefined): Promise<number> {
  const needsProducts = Boolean(q.productType?.length);
  const needsLots = needsProducts || Boolean(q.productId || q.lotId || q.expiry?.length || q.q);
  const counted = db.select({ n: count() }).from(s);
  const [{ n }] = await (needsProducts
    ? counted.innerJoin(lots, eq(lots.id, s.lotRowId)).innerJoin(products, eq(products.id, lots.productId)).where(where)
    : needsLots
      ? counted.innerJoin(lots, eq(lots.id, s.lotRowId)).where(where)
      : counted.where(where));
  return Number(n);
}

/** A product's stock rows (one page); 404 for a product that does not exist (an empty list would hide a wrong link). */
export async function stocksOfProduct(
  deps: ProductStockDeps,
  productId: number,
  q: ProductStockFilter & { page: number; size: number },
): Promise<{ data: ProductStock[]; total: number }> {
  const [product] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  return listProductStocks(deps, { ...q, productId }, q);
}

export async function getProductStock(deps: ProductStockDeps, id: number): Promise<ProductStock> {
  const rows = await selectJoined(deps.db).where(eq(s.id, id));
  if (rows.length === 0) throw notFound('Product stock');
  return (await views(deps.db, rows, contextOf(deps)))[0];
}

/** Every row of a lot by its LOT ID (any case), discarded and empty ones included, in list order; 404 when none. */
export async function stocksByLotId(deps: ProductStockDeps, lotId: string): Promise<ProductStock[]> {
  const rows = await selectJoined(deps.db)
    .where(sameKey(lots.lotId, lotId))
    .orderBy(...ORDER);
  if (rows.length === 0) throw notFound('Lot');
  return views(deps.db, rows, contextOf(deps));
}

/** Every row of a production plan's lot (none before it has one); 404 for a plan that does not exist. */
export async function stocksOfPlan(deps: ProductStockDeps, planId: number): Promise<ProductStock[]> {
  const [plan] = await deps.db
    .select({ id: productionPlans.id })
    .from(productionPlans)
    .where(eq(productionPlans.id, planId));
  if (!plan) throw notFound('Production plan');
  const rows = await selectJoined(deps.db)
    .where(eq(lots.planId, planId))
    .orderBy(...ORDER);
  return views(deps.db, rows, contextOf(deps));
}

/** A stock row's movements, oldest first; 404 for a row that does not exist. */
export async function movementsOf(db: Executor, id: number): Promise<ProductMovement[]> {
  const [row] = await db.select({ id: s.id }).from(s).where(eq(s.id, id));
  if (!row) throw notFound('Product stock');
  const h = productStockHistories;
  const rows = await db.select().from(h).where(eq(h.productStockId, id)).orderBy(asc(h.id));
  return rows.map((r) => ({
    id: r.id,
    productStockId: r.productStockId,
    type: r.type as ProductMovementType,
    qty: r.qty,
    balance: r.balance,
    dailyPlanId: r.dailyPlanId,
    reason: r.reason,
    day: r.day,
    occurredAt: r.occurredAt.toISOString(),
    createdBy: r.createdBy,
  }));
}

// ── Trees ────────────────────────────────────────────────────────────────────────────────────────────────────────

type TreeQuery = { containQtyZero: boolean; includeDisposed: boolean };

const node = (n: Partial<ProductStockTreeNode> & Pick<ProductStockTreeNode, 'key' | 'kind' | 'id' | 'name' | 'type'>) =>
  ({
    code: null,
    lotCount: 0,
    stockCount: 0,
    qty: 0,
    unit: null,
    expiryDate: null,
    disposed: false,
    moreLots: 0,
    children: [],
    ...n,
  }) as ProductStockTreeNode;

/** The stock-row condition of the trees as SQL text over the unaliased product_stocks table. */
const treeRowCondition = (q: TreeQuery) => stockRowCondition(q) ?? sql`true`;

/**
 * Sites, factories, warehouses and shelves (lines hold no product stock and are left out), each node with the lots
 * (each once), stock rows and quantity at or below it; the quantity's unit when the products there share one.
 * Without containQtyZero, only the branches holding stock.
 */
export async function locationStockTree(db: Executor, q: TreeQuery): Promise<ProductStockTreeNode[]> {
  // Rows, quantity and units per shelf; the lots each node holds, each once (a lot on two shelves of a warehouse
  // counts once there), over the ancestors of the shelves.
  type Held = { id: number; rows: number; qty: string; units: string[] };
  const held = rowsOf<Held>(
    await db.execute(sql`
      select product_stocks.location_id as id, count(*)::int as rows, sum(product_stocks.qty) as qty,
        array_agg(distinct products.unit) as units
      from product_stocks
      join lots on lots.id = product_stocks.lot_row_id
      join products on products.id = lots.product_id
      where ${treeRowCondition(q)}
      group by product_stocks.location_id`),
  );
  const lotCounts = rowsOf<{ id: number; lots: number }>(
    await db.execute(sql`
      with recursive anc(loc_id, anc_id) as (
        select id, id from locations
        union all
        select a.loc_id, l.parent_id from anc a join locations l on l.id = a.anc_id where l.parent_id is not null
      )
      select a.anc_id as id, count(distinct product_stocks.lot_row_id)::int as lots
      from product_stocks join anc a on a.loc_id = product_stocks.location_id
      where ${treeRowCondition(q)}
      group by a.anc_id`),
  );
  const heldAt = new Map(held.map((r) => [Number(r.id), r]));
  const lotsAt = new Map(lotCounts.map((r) => [Number(r.id), Number(r.lots)]));
  const locs = await db.select().from(locations).orderBy(asc(locations.sort), asc(locations.name));
  type Built = ProductStockTreeNode & { parentId: number | null; units: Set<string> };
  const nodes = new Map<number, Built>();
  for (const l of locs) {
    if (l.type === 'LINE') continue;
    const h = heldAt.get(l.id);
    nodes.set(l.id, {
      ...node({
        key: `L${l.id}`,
        kind: 'LOCATION',
        id: l.id,
        name: l.name,
        type: l.type,
        code: l.code,
        lotCount: lotsAt.get(l.id) ?? 0,
        stockCount: h ? Number(h.rows) : 0,
        qty: h ? Number(h.qty) : 0,
      }),
      parentId: l.parentId,
      units: new Set(h?.units ?? []),
    });
  }
  const roots: ProductStockTreeNode[] = [];
  for (const n of nodes.values()) {
    if (n.parentId != null && !nodes.has(n.parentId)) continue; // below a line
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  // Rows, quantity and units summed up from the shelves.
  const sum = (n: Built) => {
    for (const c of n.children as Built[]) {
      sum(c);
      n.stockCount += c.stockCount;
      n.qty += c.qty;
      for (const u of c.units) n.units.add(u);
    }
  };
  (roots as Built[]).forEach(sum);
  const finish = (list: ProductStockTreeNode[]): ProductStockTreeNode[] =>
    (list as Built[])
      .filter((n) => q.containQtyZero || n.stockCount > 0)
      .map(({ parentId: _p, units, ...n }) => ({
        ...n,
        qty: round5(n.qty),
        unit: units.size === 1 ? [...units][0] : null,
        children: finish(n.children),
      }));
  return finish(roots);
}

/**
 * Product types → products (their lots, rows and quantity) → the lots (at most ITEM_TREE_LOTS_MAX per product, those
 * with stock first, first expiring first; `moreLots` counts the rest). Without containQtyZero only products and lots
 * with stock; with it every product, and every lot.
 */
export async function itemStockTree(db: Executor, q: TreeQuery): Promise<ProductStockTreeNode[]> {
  type Row = {
    id: number;
    code: string;
    name: string;
    type: string;
    unit: string;
    lot_row_id: number | null;
    lot_id: string | null;
    expiry_date: string | null;
    rows: number | null;
    qty: string | null;
    disposed: boolean | null;
    lot_count: number | null;
    product_rows: number | null;
    product_qty: string | null;
  };
  const all = q.containQtyZero;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with lotq as (
        select lots.id, lots.product_id, lots.lot_id, lots.day, lots.expiry_date,
          count(product_stocks.id)::int as rows, coalesce(sum(product_stocks.qty), 0) as qty,
          coalesce(bool_and(product_stocks.disposed), false) as disposed
        from lots ${all ? sql`left join` : sql`join`} product_stocks
          on product_stocks.lot_row_id = lots.id and ${treeRowCondition(q)}
        group by lots.id
      ), ranked as (
        select lotq.*,
          row_number() over (partition by product_id
            order by (qty > 0) desc, expiry_date asc nulls last, day asc, lot_id asc) as rn,
          count(*) over (partition by product_id)::int as lot_count,
          sum(rows) over (partition by product_id)::int as product_rows,
          sum(qty) over (partition by product_id) as product_qty
        from lotq
      )
      select p.id, p.code, p.name, p.type, p.unit, r.id as lot_row_id, r.lot_id, r.expiry_date, r.rows, r.qty,
        r.disposed, r.lot_count, r.product_rows, r.product_qty
      from products p ${all ? sql`left join` : sql`join`} ranked r on r.product_id = p.id and r.rn <= ${ITEM_TREE_LOTS_MAX}
      order by p.code, p.id, r.rn`),
  );
  const types = new Map<string, ProductStockTreeNode & { units: Set<string> }>();
  let product: ProductStockTreeNode | undefined;
  for (const r of rows) {
    if (product?.id !== r.id) {
      const lotCount = Number(r.lot_count ?? 0);
      product = node({
        key: `P${r.id}`,
        kind: 'PRODUCT',
        id: r.id,
        name: r.name,
        type: r.type,
        code: r.code,
        lotCount,
        stockCount: Number(r.product_rows ?? 0),
        qty: round5(Number(r.product_qty ?? 0)),
        unit: r.unit,
        moreLots: Math.max(0, lotCount - ITEM_TREE_LOTS_MAX),
      });
      let type = types.get(r.type);
      if (!type) {
        type = {
          ...node({ key: `G${r.type}`, kind: 'TYPE', id: null, name: r.type, type: r.type, code: r.type }),
          units: new Set(),
        };
        types.set(r.type, type);
      }
      type.children.push(product);
      type.lotCount += product.lotCount;
      type.stockCount += product.stockCount;
      type.qty = round5(type.qty + product.qty);
      if (product.lotCount > 0) type.units.add(r.unit);
    }
    if (r.lot_row_id == null) continue;
    const rowCount = Number(r.rows ?? 0);
    product.children.push(
      node({
        key: `LOT:${r.lot_id}`,
        kind: 'LOT',
        id: r.lot_row_id,
        name: r.lot_id ?? '',
        type: 'LOT',
        code: r.lot_id,
        lotCount: 1,
        stockCount: rowCount,
        qty: round5(Number(r.qty ?? 0)),
        unit: r.unit,
        expiryDate: r.expiry_date ? String(r.expiry_date).slice(0, 10) : null,
        disposed: rowCount > 0 && Boolean(r.disposed),
      }),
    );
  }
  return [...types.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ units, ...t }) => ({ ...t, unit: units.size === 1 ? [...units][0] : null }));
}

// ── The scanner's LOT barcodes ───────────────────────────────────────────────────────────────────────────────────

/**
 * The lot a scanned code names (its LOT ID, any case), or null: its product, the quantity in stock (discarded rows
 * aside) and the shelves holding it (their paths, joined with ', '; null when none holds any). Answers material
 * stock's barcode.lot question.
 */
export async function barcodeLot(db: Executor, code: string): Promise<BarcodeLot | null> {
  const [lot] = await db
    .select({
      id: lots.id,
      lotId: lots.lotId,
      productId: lots.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(sameKey(lots.lotId, code));
  if (!lot) return null;
  const held = await db
    .select({ locationId: s.locationId, qty: s.qty })
    .from(s)
    .where(and(eq(s.lotRowId, lot.id), gt(s.qty, 0), eq(s.disposed, false)))
    .orderBy(sql`${s.qty} desc`, asc(s.id));
  const refs = await locationRefs(
    db,
    held.map((h) => h.locationId),
  );
  const paths = held.map((h) => (refs.get(h.locationId)?.path ?? []).join(SEPARATOR));
  return {
    id: lot.id,
    lotId: lot.lotId,
    productId: lot.productId,
    productCode: lot.productCode,
    productionPlanProductName: lot.productName,
    qty: round5(held.reduce((acc, h) => acc + h.qty, 0)),
    unit: lot.unit,
    placePath: paths.length ? paths.join(', ') : null,
  };
}
