import type { ExpiryState, MaterialStock, ShipIn, StockFilter, StockUpdate } from '@eqms/contract';
import { and, asc, count, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { assertKeyFree, createdStamp, insertEach, sameKey, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { addDays, daysBetween, todayIn } from '../../platform/dates.ts';
import { constraintViolation, invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { valuesById } from '../../platform/master.ts';
import { round5 } from '../../platform/qty.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { SUPPLIER } from '../material/material.service.ts';
import { materials } from '../material/material.table.ts';
import { tools } from '../tool/tool.table.ts';
import { type StockRow, writeLedger } from './material-stock.ledger.ts';
import { assertStockPlace, type Place, placeKey, placePaths, placeWithin, samePlace } from './material-stock.places.ts';
import { materialHistories, materialSales, materialStocks } from './material-stock.table.ts';

// Material stock rows: receive (ship-in), look up, correct or move, delete. See README.md for the rules.

/** What the stock services need beyond the database: the factory's day and the soon-to-expire threshold. */
export type StockDeps = { db: Db; timeZone: string; soonDays: number };
export const STOCK_UNIQUE = { material_stocks_package_unique: 'packageId' } as const;

/** The material columns a stock row is shown with. */
const materialColumns = {
  materialCode: materials.code,
  materialName: materials.name,
  materialType: materials.type,
  specification: materials.specification,
  unit: materials.unit,
};
export type StockJoined = {
  s: StockRow;
  m: { materialCode: string; materialName: string; materialType: string; specification: string | null; unit: string };
};

export function expiryStateOf(expiryDate: string | null, today: string, soonDays: number): ExpiryState {
  if (!expiryDate) return 'NONE';
  if (expiryDate < today) return 'EXPIRED';
  return expiryDate <= addDays(today, soonDays) ? 'SOON' : 'OK';
}

/** Rows as the API shows them: material, place path, supplier and days to expiry. */
export async function stockViews(
  db: Executor,
  rows: StockJoined[],
  ctx: { today: string; soonDays: number },
): Promise<MaterialStock[]> {
  if (rows.length === 0) return [];
  const paths = await placePaths(
    db,
    rows.map((r) => r.s),
  );
  const suppliers = await valuesById(
    db,
    bizPartners.id,
    bizPartners.name,
    rows.map((r) => r.s.supplierId),
  );
  const toolNames = await valuesById(
    db,
    tools.id,
    tools.name,
    rows.map((r) => r.s.toolId),
  );
  return rows.map(({ s, m }) => ({
    id: s.id,
    packageId: s.packageId,
    materialId: s.materialId,
    ...m,
    qty: s.qty,
    receivedQty: s.receivedQty,
    locationId: s.locationId,
    toolId: s.toolId,
    toolName: s.toolId == null ? null : (toolNames.get(s.toolId) ?? null),
    placePath: paths.get(placeKey(s)) ?? '',
    supplierId: s.supplierId,
    supplierName: s.supplierId == null ? null : (suppliers.get(s.supplierId) ?? null),
    supplierLot: s.supplierLot,
    receivedDate: s.receivedDate,
    manufactureDate: s.manufactureDate,
    expiryDate: s.expiryDate,
    daysToExpiry: s.expiryDate ? daysBetween(ctx.today, s.expiryDate) : null,
    expiryState: expiryStateOf(s.expiryDate, ctx.today, ctx.soonDays),
    description: s.description,
    createdBy: s.createdBy,
    createdAt: s.createdAt.toISOString(),
    updatedBy: s.updatedBy,
    updatedAt: s.updatedAt.toISOString(),
  }));
}

const selectJoined = (db: Executor) =>
  db
    .select({ s: materialStocks, m: materialColumns })
    .from(materialStocks)
    .innerJoin(materials, eq(materials.id, materialStocks.materialId));

/** The picking order: first expired first out (rows without expiry last), then first received, then first made. */
export const PICK_ORDER = [
  sql`${materialStocks.expiryDate} asc nulls last`,
  asc(materialStocks.receivedDate),
  asc(materialStocks.id),
];

/** SQL of an expiry state, against today and the threshold. */
function expiryCondition(state: ExpiryState, today: string, soonDays: number): SQL {
  const soon = addDays(today, soonDays);
  const d = materialStocks.expiryDate;
  switch (state) {
    case 'NONE':
      return isNull(d);
    case 'EXPIRED':
      return sql`${d} < ${today}`;
    case 'SOON':
      return sql`${d} >= ${today} and ${d} <= ${soon}`;
    case 'OK':
      return sql`${d} > ${soon}`;
  }
}

/**
 * A text search: the material's code or name, or the row's package ID or supplier lot. The materials are matched on
 * their own (a small table) and their rows found by id, so the stock rows' scan only reads their two short columns:
 * 20,000 rows in about half the time of one match over the joined columns.
 */
function stockText(db: Executor, q: string | undefined): SQL | undefined {
  const onMaterial = textFilter([materials.code, materials.name], q);
  if (!onMaterial) return undefined;
  return or(
    inArray(materialStocks.materialId, db.select({ id: materials.id }).from(materials).where(onMaterial)),
    textFilter([materialStocks.packageId, materialStocks.supplierLot], q),
  );
}

/** The condition of the stock lists' filters. */
async function stockCondition(db: Executor, q: StockFilter, ctx: { today: string; soonDays: number }) {
  return and(
    q.containQtyZero ? undefined : gt(materialStocks.qty, 0),
    q.materialId ? eq(materialStocks.materialId, q.materialId) : undefined,
    q.toolId ? eq(materialStocks.toolId, q.toolId) : undefined,
    q.locationId ? await placeWithin(db, q.locationId, materialStocks) : undefined,
    q.materialType?.length ? inArray(materials.type, q.materialType) : undefined,
    q.expiry?.length ? or(...q.expiry.map((e) => expiryCondition(e, ctx.today, ctx.soonDays))) : undefined,
    stockText(db, q.q),
  );
}

const contextOf = (deps: StockDeps, q: { soonDays?: number }) => ({
  today: todayIn(deps.timeZone),
  soonDays: q.soonDays ?? deps.soonDays,
});

/**
 * One page of stock rows, by material code then in picking order (`byPickOrder`: picking order only, for one
 * material), with the total.
 */
export async function listStocks(
  deps: StockDeps,
  q: StockFilter & { page: number; size: number },
  byPickOrder = false,
): Promise<{ data: MaterialStock[]; total: number }> {
  const { db } = deps;
  const ctx = contextOf(deps, q);
  const condition = await stockCondition(db, q, ctx);
  const order = [...(byPickOrder ? [] : [asc(materials.code)]), ...PICK_ORDER];
  const offset = (q.page - 1) * q.size;
  if (q.q) {
    // A text search reads every row either way: one scan answers the page and, by a window count, the total.
    const found = await db
      .select({ s: materialStocks, m: materialColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(materialStocks)
      .innerJoin(materials, eq(materials.id, materialStocks.materialId))
      .where(condition)
      .orderBy(...order)
      .limit(q.size)
      .offset(offset);
    const total = found[0]?.total ?? (offset === 0 ? 0 : await countStocks(db, condition, true));
    return { data: await stockViews(db, found, ctx), total };
  }
  const rows = await selectJoined(db)
    .where(condition)
    .orderBy(...order)
    .limit(q.size)
    .offset(offset);
  const n = await countStocks(db, condition, Boolean(q.materialType?.length));
  return { data: await stockViews(db, rows, ctx), total: n };
}

/** The total of a stock list; the materials are joined only when the condition names their columns. */
async function countStocks(db: Executor, condition: SQL | undefined, joinMaterials: boolean): Promise<number> {
  const counted = db.select({ n: count() }).from(materialStocks);
  const [{ n }] = await (joinMaterials
    ? counted.innerJoin(materials, eq(materials.id, materialStocks.materialId)).where(condition)
    : counted.where(condition));
  return Number(n);
}

/** Every row the filters match (the Excel export), in list order. */
export async function exportStocks(deps: StockDeps, q: StockFilter): Promise<MaterialStock[]> {
  const ctx = contextOf(deps, q);
  const rows = await selectJoined(deps.db)
    .where(await stockCondition(deps.db, q, ctx))
    .orderBy(asc(materials.code), ...PICK_ORDER);
  return stockViews(deps.db, rows, ctx);
}

export async function getStock(deps: StockDeps, id: number): Promise<MaterialStock> {
  const rows = await selectJoined(deps.db).where(eq(materialStocks.id, id));
  if (rows.length === 0) throw notFound('Material stock');
  return (await stockViews(deps.db, rows, contextOf(deps, {})))[0];
}

/** The stock row whose package ID is the code, in any case, or null. */
export async function stockByPackageId(deps: StockDeps, code: string): Promise<MaterialStock | null> {
  const rows = await selectJoined(deps.db).where(sameKey(materialStocks.packageId, code));
  if (rows.length === 0) return null;
  return (await stockViews(deps.db, rows, contextOf(deps, {})))[0];
}

/** The rows with these ids in the order given (labels); 404 when any of them is missing. */
export async function stocksByIds(deps: StockDeps, ids: number[]): Promise<MaterialStock[]> {
  const rows = await selectJoined(deps.db).where(inArray(materialStocks.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound('Material stock');
  const views = new Map((await stockViews(deps.db, rows, contextOf(deps, {}))).map((v) => [v.id, v]));
  return ids.map((id) => views.get(id) as MaterialStock);
}

/** Pick-list: up to 50 rows with stock whose material code or name contains the text, by code then picking order. */
export async function stocksByName(deps: StockDeps, name: string): Promise<MaterialStock[]> {
  const rows = await selectJoined(deps.db)
    .where(and(gt(materialStocks.qty, 0), textFilter([materials.code, materials.name], name)))
    .orderBy(asc(materials.code), ...PICK_ORDER)
    .limit(50);
  return stockViews(deps.db, rows, contextOf(deps, {}));
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** M + yyMMdd of the receipt + six letters or digits: short enough for a label, unlikely to repeat (checked). */
async function newPackageId(tx: Executor, receivedDate: string): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    let tail = '';
    for (let i = 0; i < 6; i++) tail += alphabet[Math.floor(Math.random() * alphabet.length)];
    const id = `M${receivedDate.slice(2).replaceAll('-', '')}-${tail}`;
    const [taken] = await tx
      .select({ id: materialStocks.id })
      .from(materialStocks)
      .where(sameKey(materialStocks.packageId, id));
    if (!taken) return id;
  }
}

/**
 * One receipt inside the caller's transaction (the form, the bulk call and the Excel save): a new stock row with its
 * package ID and the SHIP_IN movement. The expiry date, when not given, is the manufacturing (else received) date
 * plus the material's shelf life.
 */
export async function insertShipIn(tx: Executor, actor: Actor, body: ShipIn, today: string): Promise<number> {
  const [material] = await tx
    .select({ id: materials.id, shelfLifeDays: materials.shelfLifeDays })
    .from(materials)
    .where(eq(materials.id, body.materialId));
  if (!material) throw invalidField('materialId', 'notExists');
  const place = { locationId: body.locationId ?? null, toolId: body.toolId ?? null };
  await assertStockPlace(tx, place);
  await assertPartnerOfType(tx, body.supplierId, SUPPLIER, 'supplierId');
  const receivedDate = body.receivedDate ?? today;
  const expiryDate =
    body.expiryDate ??
    (material.shelfLifeDays ? addDays(body.manufactureDate ?? receivedDate, material.shelfLifeDays) : null);
  if (body.manufactureDate && expiryDate && expiryDate < body.manufactureDate) {
    throw invalidField('expiryDate', 'expiryBeforeManufacture');
  }
  await assertKeyFree(tx, materialStocks, materialStocks.id, 'packageId', materialStocks.packageId, body.packageId);
  const [row] = await tx
    .insert(materialStocks)
    .values({
      packageId: body.packageId ?? (await newPackageId(tx, receivedDate)),
      materialId: body.materialId,
      ...place,
      qty: body.qty,
      receivedQty: body.qty,
      supplierId: body.supplierId ?? null,
      supplierLot: body.supplierLot || null,
      receivedDate,
      manufactureDate: body.manufactureDate ?? null,
      expiryDate,
      description: body.description || null,
      ...createdStamp(actor),
    })
    .returning();
  await writeLedger(tx, actor, row, { type: 'SHIP_IN', qty: body.qty, day: receivedDate });
  return row.id;
}

export async function shipIn(deps: StockDeps, actor: Actor, body: ShipIn): Promise<MaterialStock> {
  const today = todayIn(deps.timeZone);
  const id = await uniqueAs(STOCK_UNIQUE, () => withTx(deps.db, actor, (tx) => insertShipIn(tx, actor, body, today)));
  return getStock(deps, id);
}

/** Many receipts, all or none; an error names the element's index. */
export async function shipInMany(deps: StockDeps, actor: Actor, bodies: ShipIn[]): Promise<MaterialStock[]> {
  const today = todayIn(deps.timeZone);
  const ids = await uniqueAs(STOCK_UNIQUE, () =>
    withTx(deps.db, actor, (tx) => insertEach(bodies, (b) => insertShipIn(tx, actor, b, today))),
  );
  const ctx = contextOf(deps, {});
  const rows = await selectJoined(deps.db).where(inArray(materialStocks.id, ids));
  const byId = new Map((await stockViews(deps.db, rows, ctx)).map((v) => [v.id, v]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * A count correction and/or a move, with the reason on each movement: a new place writes MOVE (qty 0), a new qty
 * writes CORRECT (the difference); dates, supplier lot and description change with the row (change history).
 */
export async function updateStock(deps: StockDeps, actor: Actor, body: StockUpdate): Promise<MaterialStock> {
  const today = todayIn(deps.timeZone);
  await withTx(deps.db, actor, async (tx) => {
    // Locked: a sale waiting on this row sees the corrected balance, and the difference is taken from the balance
    // this transaction read.
    const [row] = await tx.select().from(materialStocks).where(eq(materialStocks.id, body.id)).for('update');
    if (!row) throw notFound('Material stock');
    const place = { locationId: body.locationId ?? null, toolId: body.toolId ?? null };
    const moved = !samePlace(row, place);
    if (moved) await assertStockPlace(tx, place);
    const [updated] = await tx
      .update(materialStocks)
      .set({
        ...place,
        qty: body.qty,
        supplierLot: body.supplierLot || null,
        manufactureDate: body.manufactureDate ?? null,
        expiryDate: body.expiryDate ?? null,
        description: body.description || null,
        ...updatedStamp(actor),
      })
      .where(eq(materialStocks.id, body.id))
      .returning();
    if (moved) {
      await writeLedger(
        tx,
        actor,
        { ...updated, qty: row.qty },
        { type: 'MOVE', qty: 0, day: today, reason: body.reason, from: row },
      );
    }
    const delta = body.qty - row.qty;
    if (Math.abs(delta) > 1e-9) {
      await writeLedger(tx, actor, updated, { type: 'CORRECT', qty: round5(delta), day: today, reason: body.reason });
    }
  });
  return getStock(deps, body.id);
}

/**
 * Deletes a stock row received by mistake: only while its receipt is its one movement (and no sale names it); 409
 * ERROR_CONSTRAINT_VIOLATION listing the other movements otherwise. Its receipt goes with it.
 */
export async function deleteStock(deps: StockDeps, actor: Actor, id: number): Promise<void> {
  await withTx(deps.db, actor, async (tx) => {
    const [row] = await tx.select().from(materialStocks).where(eq(materialStocks.id, id)).for('update');
    if (!row) throw notFound('Material stock');
    const others = await tx
      .select()
      .from(materialHistories)
      .where(and(eq(materialHistories.stockId, id), ne(materialHistories.type, 'SHIP_IN')))
      .orderBy(asc(materialHistories.id))
      .limit(50);
    const [sold] = await tx.select({ n: count() }).from(materialSales).where(eq(materialSales.stockId, id));
    if (others.length > 0 || Number(sold.n) > 0) {
      throw constraintViolation(
        others.map((h) => ({
          screen: 'materialHistory',
          id: h.id,
          name: `${row.packageId} ${h.type} ${h.qty}`,
          createdBy: h.createdBy,
          createdAt: h.occurredAt.toISOString(),
        })),
        'A stock row with movements other than its receipt cannot be deleted.',
      );
    }
    await tx.delete(materialStocks).where(eq(materialStocks.id, id));
  });
}

/** The BOM's question (bom/bom.stock.ts): stock on hand per material, over all its rows. */
export async function stockOnHand(db: Executor, materialIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (materialIds.length === 0) return out;
  const rows = await db
    .select({ materialId: materialStocks.materialId, qty: sql<string>`sum(${materialStocks.qty})` })
    .from(materialStocks)
    .where(inArray(materialStocks.materialId, materialIds))
    .groupBy(materialStocks.materialId);
  for (const r of rows) out.set(r.materialId, Number(r.qty));
  return out;
}

export type { Place };
