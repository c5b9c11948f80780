import {
  EQUIPMENT_SUB_TYPE_CATEGORY,
  EQUIPMENT_TYPE_CATEGORY,
  type EquipmentDiscard,
  type EquipmentHistory,
  type EquipmentHistoryQuery,
  type EquipmentMovementType,
  type EquipmentStock,
  type EquipmentStockCreate,
  type EquipmentStockListQuery,
  type EquipmentStockRowsQuery,
  type EquipmentStockMove,
  type EquipmentStockUpdate,
  type EquipmentTreeNode,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { auditView, pageOrAll, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { codeName } from '../equipment/equipment.service.ts';
import { equipments } from '../equipment/equipment.table.ts';
import { locationTree } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import type { LocationTreeNode, ToolTreeNode } from '@eqms/contract';
import { placeKey, placePaths, placeWithin } from '../material-stock/material-stock.places.ts';
import { buildToolTree } from '../tool/tool.service.ts';
import { tools } from '../tool/tool.table.ts';
import {
  assertAvailable,
  assertPlace,
  lockKind,
  lockStock,
  type Place,
  put,
  samePlace,
  take,
  writeLedger,
} from './equipment-stock.ledger.ts';
import { equipmentHistories, equipmentStocks } from './equipment-stock.table.ts';

// Equipment stock (README): rows of a kind at a location or a tool, their moves, discards and count corrections,
// each a ledger movement written with the balance in one transaction (equipment-stock.ledger.ts).

const s = equipmentStocks;
const h = equipmentHistories;
const e = equipments;

const selectJoined = (db: Executor) =>
  db
    .select({
      s,
      equipmentName: e.name,
      type: e.type,
      typeName: codeName(EQUIPMENT_TYPE_CATEGORY, e.type),
      subType: e.subType,
      subTypeName: codeName(EQUIPMENT_SUB_TYPE_CATEGORY, e.subType),
      standard: e.standard,
      kind: e.kind,
      toolName: tools.name,
    })
    .from(s)
    .innerJoin(e, eq(e.id, s.equipmentId))
    .leftJoin(tools, eq(tools.id, s.toolId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

async function views(db: Executor, rows: Joined[]): Promise<EquipmentStock[]> {
  const paths = await placePaths(
    db,
    rows.map((r) => r.s),
  );
  return rows.map(({ s: r, ...j }) => ({
    id: r.id,
    equipmentId: r.equipmentId,
    equipmentName: j.equipmentName,
    type: j.type,
    typeName: j.typeName,
    subType: j.subType,
    subTypeName: j.subTypeName,
    standard: j.standard,
    kind: j.kind,
    locationId: r.locationId,
    toolId: r.toolId,
    toolName: j.toolName,
    placePath: paths.get(placeKey(r)) ?? '',
    qty: r.qty,
    isDiscard: r.isDiscard,
    discardReason: r.discardReason,
    discardedFromId: r.discardedFromId,
    description: r.description,
    ...auditView(r),
  }));
}

export async function getStock(db: Executor, id: number): Promise<EquipmentStock> {
  const [row] = await selectJoined(db).where(eq(s.id, id));
  if (!row) throw notFound('Equipment stock');
  return (await views(db, [row]))[0];
}

/**
 * Stock rows matching `where`, by kind then place: an available row that has become empty (everything moved or
 * discarded) is left out; discarded rows stay listed. One page and the total when the query asks for a page, else
 * every row (the Excel export); place paths are looked up for the rows answered only.
 */
async function listWhere(db: Executor, where: SQL | undefined, q: EquipmentStockRowsQuery) {
  const filter = and(
    where,
    q.isDiscard === undefined ? or(eq(s.isDiscard, true), sql`${s.qty} > 0`) : eq(s.isDiscard, q.isDiscard),
    q.isDiscard === false ? sql`${s.qty} > 0` : undefined,
    q.type ? eq(e.type, q.type) : undefined,
  );
  return pageOrAll(
    q,
    selectJoined(db).where(filter).orderBy(asc(e.name), asc(s.equipmentId), asc(s.isDiscard), asc(s.id)),
    async () => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .innerJoin(e, eq(e.id, s.equipmentId))
        .where(filter);
      return n;
    },
    (rows) => views(db, rows),
  );
}

export const listStock = (db: Executor, q: EquipmentStockListQuery) =>
  listWhere(db, q.equipmentId ? eq(s.equipmentId, q.equipmentId) : undefined, q);

/** Stock at these locations and below, tools of those locations included; 404 when a location is missing. */
export async function stockAtLocations(db: Executor, ids: number[], q: EquipmentStockRowsQuery) {
  const parts: SQL[] = [];
  for (const id of ids) {
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id));
    if (!loc) throw notFound('Location');
    parts.push(await placeWithin(db, id, { locationId: s.locationId, toolId: s.toolId }));
  }
  return listWhere(db, or(...parts), q);
}

export async function stockOnTool(db: Executor, toolId: number, q: EquipmentStockRowsQuery) {
  const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId));
  if (!tool) throw notFound('Tool');
  return listWhere(db, eq(s.toolId, toolId), q);
}

// ── Writes ────────────────────────────────────────────────────────────────────────────────────────────────────────

const placeOf = (b: { locationId?: number | null; toolId?: number | null }): Place => ({
  locationId: b.toolId != null ? null : (b.locationId ?? null),
  toolId: b.toolId ?? null,
});

/** Adds stock of a kind at a place: into the kind's row there (made when there is none), an ADD movement. */
export async function addStock(db: Db, actor: Actor, body: EquipmentStockCreate, day: string) {
  const id = await withTx(db, actor, async (tx) => {
    await lockKind(tx, body.equipmentId, 'equipmentId');
    const place = placeOf(body);
    await assertPlace(tx, place);
    const row = await put(tx, actor, body.equipmentId, place, body.qty, { type: 'ADD', day }, body.description);
    return row.id;
  });
  return getStock(db, id);
}

/** A count correction with its reason: the difference is an EDIT movement (written even when the count is right). */
export async function editStock(db: Db, actor: Actor, id: number, body: EquipmentStockUpdate, day: string) {
  await withTx(db, actor, async (tx) => {
    const row = await lockStock(tx, id);
    assertAvailable(row);
    const [after] = await tx
      .update(s)
      .set({ qty: body.qty, description: body.description || null, ...updatedStamp(actor) })
      .where(eq(s.id, id))
      .returning();
    await writeLedger(tx, actor, after, { type: 'EDIT', qty: round5(body.qty - row.qty), day, reason: body.reason });
  });
  return getStock(db, id);
}

/**
 * Discards part or all of an available row: the quantity leaves it (DISCARD −qty, never below zero) into a new
 * discarded row at the same place (DISCARD +qty), which stays listed with its reason. Answers the discarded row.
 */
export async function discardStock(db: Db, actor: Actor, id: number, body: EquipmentDiscard, day: string) {
  const { reason, qty } = body.discardItem;
  const discardedId = await withTx(db, actor, async (tx) => {
    const row = await lockStock(tx, id);
    assertAvailable(row);
    await take(tx, actor, row, qty, { type: 'DISCARD', day, reason });
    const [discarded] = await tx
      .insert(s)
      .values({
        equipmentId: row.equipmentId,
        locationId: row.locationId,
        toolId: row.toolId,
        qty,
        isDiscard: true,
        discardReason: reason,
        discardedFromId: row.id,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeLedger(tx, actor, discarded, { type: 'DISCARD', qty, day, reason });
    return discarded.id;
  });
  return getStock(db, discardedId);
}

/** Moves part or all of an available row to another place (MOVE_OUT here, MOVE_IN there). Answers the target row. */
export async function moveStock(db: Db, actor: Actor, id: number, body: EquipmentStockMove, day: string) {
  const targetId = await withTx(db, actor, async (tx) => {
    const row = await lockStock(tx, id);
    assertAvailable(row);
    const to = placeOf(body);
    if (samePlace(row, to)) throw invalidField(to.toolId != null ? 'toolId' : 'locationId', 'equipmentMoveSamePlace');
    await assertPlace(tx, to);
    const from: Place = { locationId: row.locationId, toolId: row.toolId };
    await take(tx, actor, row, body.qty, { type: 'MOVE_OUT', day, reason: body.reason, other: to });
    const target = await put(tx, actor, row.equipmentId, to, body.qty, {
      type: 'MOVE_IN',
      day,
      reason: body.reason,
      other: from,
    });
    return target.id;
  });
  return getStock(db, targetId);
}

// ── Trees ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Available stock per place key (`L<id>`, `T<id>`). */
async function qtyByPlace(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ locationId: s.locationId, toolId: s.toolId, qty: sql<number>`sum(${s.qty})`.mapWith(Number) })
    .from(s)
    .where(eq(s.isDiscard, false))
    .groupBy(s.locationId, s.toolId);
  return new Map(rows.map((r) => [placeKey(r), r.qty]));
}

const sumUp = (n: EquipmentTreeNode): number => {
  n.qty = round5(n.qty + n.children.reduce((acc, c) => acc + sumUp(c), 0));
  return n.qty;
};

/** Every location, with the stock at it and below; stock on a tool counts for the tool's location. */
export async function locationStockTree(db: Executor): Promise<EquipmentTreeNode[]> {
  const [tree, byPlace, toolRows] = [
    await locationTree(db),
    await qtyByPlace(db),
    await db.select({ id: tools.id, locationId: tools.locationId }).from(tools),
  ];
  const atLocation = new Map<number, number>();
  for (const [key, qty] of byPlace) {
    if (key.startsWith('L')) atLocation.set(Number(key.slice(1)), (atLocation.get(Number(key.slice(1))) ?? 0) + qty);
  }
  for (const t of toolRows) {
    const qty = byPlace.get(`T${t.id}`);
    if (qty) atLocation.set(t.locationId, (atLocation.get(t.locationId) ?? 0) + qty);
  }
  const map = (n: LocationTreeNode): EquipmentTreeNode => ({
    key: `L${n.id}`,
    kind: 'location',
    id: n.id,
    name: n.name,
    code: n.code,
    qty: atLocation.get(n.id) ?? 0,
    children: n.children.map(map),
  });
  const roots = tree.map(map);
  roots.forEach(sumUp);
  return roots;
}

/** Locations down to lines and warehouses with their tools, and the stock on tools. */
export async function toolStockTree(db: Executor): Promise<EquipmentTreeNode[]> {
  const tree = await buildToolTree(db);
  const byPlace = await qtyByPlace(db);
  const map = (n: ToolTreeNode): EquipmentTreeNode => ({
    key: n.key,
    kind: n.kind,
    id: n.id,
    name: n.name,
    code: n.code,
    qty: n.kind === 'tool' ? (byPlace.get(`T${n.id}`) ?? 0) : 0,
    children: n.children.map(map),
  });
  const roots = tree.map(map);
  roots.forEach(sumUp);
  return roots;
}

/** Equipment types (EQUIPMENT_TYPE codes, in code order) with their kinds and each kind's available stock. */
export async function kindStockTree(db: Executor): Promise<EquipmentTreeNode[]> {
  const typeCodes = await db
    .select({ code: codes.code, name: codes.codeName })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(eq(codeCategories.category, EQUIPMENT_TYPE_CATEGORY))
    .orderBy(asc(codes.sort), asc(codes.code));
  const kinds = await db
    .select({
      id: e.id,
      name: e.name,
      type: e.type,
      qty: sql<number>`coalesce((select sum(x.qty) from equipment_stocks x
        where x.equipment_id = equipments.id and not x.is_discard), 0)`.mapWith(Number),
    })
    .from(e)
    .orderBy(asc(e.name), asc(e.id));
  const types = new Map<string, EquipmentTreeNode>();
  for (const c of typeCodes)
    types.set(c.code, { key: `C${c.code}`, kind: 'type', id: null, name: c.name, code: c.code, qty: 0, children: [] });
  for (const k of kinds) {
    let node = types.get(k.type);
    if (!node) {
      node = { key: `C${k.type}`, kind: 'type', id: null, name: k.type, code: k.type, qty: 0, children: [] };
      types.set(k.type, node);
    }
    node.children.push({
      key: `E${k.id}`,
      kind: 'equipment',
      id: k.id,
      name: k.name,
      code: null,
      qty: k.qty,
      children: [],
    });
  }
  const roots = [...types.values()];
  roots.forEach(sumUp);
  return roots;
}

// ── The ledger ────────────────────────────────────────────────────────────────────────────────────────────────────

const selectHistory = (db: Executor) =>
  db.select({ h, equipmentName: e.name, standard: e.standard }).from(h).innerJoin(e, eq(e.id, h.equipmentId));
type HistoryJoined = Awaited<ReturnType<ReturnType<typeof selectHistory>['execute']>>[number];

async function historyViews(db: Executor, rows: HistoryJoined[]): Promise<EquipmentHistory[]> {
  const others = rows
    .map((r) => ({ locationId: r.h.otherLocationId, toolId: r.h.otherToolId }))
    .filter((p) => p.locationId != null || p.toolId != null);
  const paths = await placePaths(db, [...rows.map((r) => r.h), ...others]);
  return rows.map(({ h: r, equipmentName, standard }) => {
    const other = { locationId: r.otherLocationId, toolId: r.otherToolId };
    return {
      id: r.id,
      stockId: r.stockId,
      equipmentId: r.equipmentId,
      equipmentName,
      standard,
      type: r.type as EquipmentMovementType,
      qty: r.qty,
      balance: r.balance,
      placePath: paths.get(placeKey(r)) ?? '',
      otherPlacePath: other.locationId != null || other.toolId != null ? (paths.get(placeKey(other)) ?? '') : null,
      reason: r.reason,
      day: r.day,
      occurredAt: r.occurredAt.toISOString(),
      createdBy: r.createdBy,
    };
  });
}

/** A stock row's movements, oldest first; 404 for an unknown row. */
export async function stockHistories(db: Executor, id: number): Promise<EquipmentHistory[]> {
  const [row] = await db.select({ id: s.id }).from(s).where(eq(s.id, id));
  if (!row) throw notFound('Equipment stock');
  return historyViews(db, await selectHistory(db).where(eq(h.stockId, id)).orderBy(asc(h.id)));
}

/** The movements of the period (factory days), newest first; one page and the total when a page is asked. */
export async function listHistory(db: Executor, q: EquipmentHistoryQuery) {
  const where = and(
    gte(h.day, q.startDt),
    lte(h.day, q.endDt),
    q.equipmentId ? eq(h.equipmentId, q.equipmentId) : undefined,
    q.type?.length ? inArray(h.type, q.type) : undefined,
    textFilter([e.name, e.standard, h.reason], q.q),
  );
  const ordered = selectHistory(db).where(where).orderBy(desc(h.day), desc(h.id));
  const rows = q.size ? await ordered.limit(q.size).offset(((q.page ?? 1) - 1) * q.size) : await ordered;
  const total = q.size
    ? (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(h)
          .innerJoin(e, eq(e.id, h.equipmentId))
          .where(where)
      )[0].n
    : rows.length;
  return { data: await historyViews(db, rows), total };
}
