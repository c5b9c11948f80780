import type { MaterialStockTotal, StockTreeNode } from '@eqms/contract';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { textFilter } from '../../platform/master-list.ts';
import { locations } from '../location/location.table.ts';
import { materials } from '../material/material.table.ts';
import { tools } from '../tool/tool.table.ts';
import type { materialStockTotalQuery } from '@eqms/contract';
import { round5, type StockDeps } from './material-stock.service.ts';
import { materialStocks } from './material-stock.table.ts';

// Stock summed up: per material against its safety stock, and as the two trees of the stock screen.

type TotalQuery = z.infer<typeof materialStockTotalQuery>;

/**
 * One page of materials with their stock (rows with stock only), safety-stock shortage and expiry exposure, by code.
 * A material below its safety stock is listed even without stock: that is the one a buyer must see.
 */
export async function materialTotals(
  deps: StockDeps,
  q: TotalQuery,
): Promise<{ data: MaterialStockTotal[]; total: number }> {
  const today = todayIn(deps.timeZone);
  const soon = addDays(today, q.soonDays ?? deps.soonDays);
  const s = materialStocks;
  const qty = sql<string>`coalesce(sum(${s.qty}), 0)`;
  const below = sql`${materials.safetyStock} is not null and ${qty} < ${materials.safetyStock}`;
  const having: SQL[] = [];
  if (q.belowSafety) having.push(below);
  else if (!q.containQtyZero) having.push(sql`${qty} > 0`);
  const rows = await deps.db
    .select({
      materialId: materials.id,
      code: materials.code,
      name: materials.name,
      type: materials.type,
      specification: materials.specification,
      unit: materials.unit,
      safetyStock: materials.safetyStock,
      qty,
      stockCount: sql<number>`count(${s.id})`.mapWith(Number),
      expiredQty: sql<string>`coalesce(sum(${s.qty}) filter (where ${s.expiryDate} < ${today}), 0)`,
      soonQty: sql<string>`coalesce(sum(${s.qty}) filter (where ${s.expiryDate} >= ${today} and ${s.expiryDate} <= ${soon}), 0)`,
      nearestExpiry: sql<string | null>`min(${s.expiryDate})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(materials)
    .leftJoin(s, and(eq(s.materialId, materials.id), gt(s.qty, 0)))
    .where(
      and(
        q.type?.length ? inArray(materials.type, q.type) : undefined,
        textFilter([materials.code, materials.name, materials.specification], q.q),
      ),
    )
    .groupBy(materials.id)
    .having(having.length ? and(...having) : undefined)
    .orderBy(asc(materials.code))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const data = rows.map(({ total: _total, ...r }) => {
    const onHand = Number(r.qty);
    const shortage = r.safetyStock != null && onHand < r.safetyStock ? round5(r.safetyStock - onHand) : 0;
    return {
      ...r,
      qty: onHand,
      expiredQty: Number(r.expiredQty),
      soonQty: Number(r.soonQty),
      nearestExpiry: r.nearestExpiry ? String(r.nearestExpiry).slice(0, 10) : null,
      shortageQty: shortage,
      belowSafety: shortage > 0,
    };
  });
  const total = rows[0]?.total ?? (q.page === 1 ? 0 : await countTotals(deps.db, q, having));
  return { data, total };
}

/** The total of a page past the end (no row to carry the window count). */
async function countTotals(db: Executor, q: TotalQuery, having: SQL[]): Promise<number> {
  const s = materialStocks;
  const inner = db
    .select({ id: materials.id })
    .from(materials)
    .leftJoin(s, and(eq(s.materialId, materials.id), gt(s.qty, 0)))
    .where(
      and(
        q.type?.length ? inArray(materials.type, q.type) : undefined,
        textFilter([materials.code, materials.name, materials.specification], q.q),
      ),
    )
    .groupBy(materials.id)
    .having(having.length ? and(...having) : undefined)
    .as('t');
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner);
  return n;
}

type Counted = { locationId: number | null; toolId: number | null; materialId: number; rows: number; qty: number };

/** Rows (with stock, or all) and their qty per place and material. */
async function countsByPlace(db: Executor, containQtyZero: boolean): Promise<Counted[]> {
  const s = materialStocks;
  const rows = await db
    .select({
      locationId: s.locationId,
      toolId: s.toolId,
      materialId: s.materialId,
      rows: sql<number>`count(*)`.mapWith(Number),
      qty: sql<string>`sum(${s.qty})`,
    })
    .from(s)
    .where(containQtyZero ? undefined : gt(s.qty, 0))
    .groupBy(s.locationId, s.toolId, s.materialId);
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}

const node = (n: Omit<StockTreeNode, 'children' | 'qty' | 'unit' | 'belowSafety'> & Partial<StockTreeNode>) =>
  ({ qty: null, unit: null, belowSafety: null, children: [], ...n }) as StockTreeNode;

/**
 * The location tree down to shelves, with tools under their line or warehouse, each node counting the stock rows at
 * or below it. Without containQtyZero, only the branches that hold stock.
 */
export async function locationStockTree(db: Executor, containQtyZero: boolean): Promise<StockTreeNode[]> {
  const counts = await countsByPlace(db, containQtyZero);
  const atLocation = new Map<number, number>();
  const atTool = new Map<number, number>();
  for (const c of counts) {
    if (c.toolId != null) atTool.set(c.toolId, (atTool.get(c.toolId) ?? 0) + c.rows);
    else if (c.locationId != null) atLocation.set(c.locationId, (atLocation.get(c.locationId) ?? 0) + c.rows);
  }
  const locs = await db.select().from(locations).orderBy(asc(locations.sort), asc(locations.name));
  const toolRows = await db.select().from(tools).orderBy(asc(tools.sort), asc(tools.code));
  const nodes = new Map<number, StockTreeNode & { parentId: number | null }>();
  for (const l of locs) {
    nodes.set(l.id, {
      ...node({
        key: `L${l.id}`,
        kind: 'LOCATION',
        id: l.id,
        name: l.name,
        type: l.type,
        code: l.code,
        stockCount: atLocation.get(l.id) ?? 0,
      }),
      parentId: l.parentId,
    });
  }
  const roots: StockTreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  for (const t of toolRows) {
    const count = atTool.get(t.id) ?? 0;
    const at = nodes.get(t.locationId);
    if (!at || (count === 0 && !containQtyZero)) continue;
    at.children.push(
      node({ key: `T${t.id}`, kind: 'TOOL', id: t.id, name: t.name, type: 'TOOL', code: t.code, stockCount: count }),
    );
  }
  const sum = (n: StockTreeNode): number => {
    n.stockCount += n.children.reduce((acc, c) => acc + sum(c), 0);
    return n.stockCount;
  };
  roots.forEach(sum);
  const prune = (list: StockTreeNode[]): StockTreeNode[] =>
    list
      .filter((n) => containQtyZero || n.stockCount > 0)
      .map(({ parentId: _p, ...n }: StockTreeNode & { parentId?: number | null }) => ({
        ...n,
        children: prune(n.children),
      }));
  return prune(roots);
}

/**
 * Material types → materials (their total, flagged below safety stock) → the places holding them. Without
 * containQtyZero, only materials with stock.
 */
export async function materialStockTree(db: Executor, containQtyZero: boolean): Promise<StockTreeNode[]> {
  const counts = await countsByPlace(db, containQtyZero);
  const byMaterial = new Map<number, Counted[]>();
  for (const c of counts) byMaterial.set(c.materialId, [...(byMaterial.get(c.materialId) ?? []), c]);
  const list = await db
    .select()
    .from(materials)
    .where(containQtyZero ? undefined : inArray(materials.id, [...byMaterial.keys(), -1]))
    .orderBy(asc(materials.code));
  const toolNames = new Map(
    (await db.select({ id: tools.id, name: tools.name }).from(tools)).map((t) => [t.id, t.name]),
  );
  const locNames = new Map(
    (await db.select({ id: locations.id, name: locations.name }).from(locations)).map((l) => [l.id, l.name]),
  );
  const types = new Map<string, StockTreeNode>();
  for (const m of list) {
    const places = byMaterial.get(m.id) ?? [];
    const qty = round5(places.reduce((acc, p) => acc + p.qty, 0));
    const type =
      types.get(m.type) ??
      types
        .set(
          m.type,
          node({ key: `G${m.type}`, kind: 'TYPE', id: null, name: m.type, type: m.type, code: m.type, stockCount: 0 }),
        )
        .get(m.type)!;
    const rows = places.reduce((acc, p) => acc + p.rows, 0);
    type.stockCount += rows;
    type.children.push(
      node({
        key: `M${m.id}`,
        kind: 'MATERIAL',
        id: m.id,
        name: m.name,
        type: m.type,
        code: m.code,
        stockCount: rows,
        qty,
        unit: m.unit,
        belowSafety: m.safetyStock != null ? qty < m.safetyStock : null,
        children: places.map((p) =>
          p.toolId != null
            ? node({
                key: `M${m.id}T${p.toolId}`,
                kind: 'TOOL',
                id: p.toolId,
                name: toolNames.get(p.toolId) ?? '',
                type: 'TOOL',
                code: null,
                stockCount: p.rows,
                qty: round5(p.qty),
                unit: m.unit,
              })
            : node({
                key: `M${m.id}L${p.locationId}`,
                kind: 'LOCATION',
                id: p.locationId,
                name: locNames.get(p.locationId ?? 0) ?? '',
                type: 'SHELF',
                code: null,
                stockCount: p.rows,
                qty: round5(p.qty),
                unit: m.unit,
              }),
        ),
      }),
    );
  }
  return [...types.values()].sort((a, b) => a.name.localeCompare(b.name));
}
