import type { MaterialDailyTotal, MaterialMovement, MaterialMovementType } from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { textFilter } from '../../platform/master-list.ts';
import { materials } from '../material/material.table.ts';
import { placeKey, placePaths, placeWithin } from './material-stock.places.ts';
import { materialHistories, materialStocks } from './material-stock.table.ts';

// Material history and daily totals: two views of the one ledger (material_histories), so they always agree with
// the stock rows' balances.

export type HistoryFilter = {
  from: string;
  to: string;
  materialId?: number;
  locationId?: number;
  type?: MaterialMovementType[];
  q?: string;
};
type Page = { page: number; size: number };

const h = materialHistories;
const movementColumns = {
  h,
  packageId: materialStocks.packageId,
  materialCode: materials.code,
  materialName: materials.name,
  unit: materials.unit,
};
type MovementJoined = {
  h: typeof h.$inferSelect;
  packageId: string;
  materialCode: string;
  materialName: string;
  unit: string;
};

const selectMovements = (db: Executor) =>
  db
    .select(movementColumns)
    .from(h)
    .innerJoin(materialStocks, eq(materialStocks.id, h.stockId))
    .innerJoin(materials, eq(materials.id, h.materialId));

async function movementViews(db: Executor, rows: MovementJoined[]): Promise<MaterialMovement[]> {
  const paths = await placePaths(
    db,
    rows.flatMap((r) => [
      { locationId: r.h.locationId, toolId: r.h.toolId },
      { locationId: r.h.fromLocationId, toolId: r.h.fromToolId },
    ]),
  );
  const pathOf = (locationId: number | null, toolId: number | null) =>
    locationId == null && toolId == null ? null : (paths.get(placeKey({ locationId, toolId })) ?? '');
  return rows.map((r) => ({
    id: r.h.id,
    occurredAt: r.h.occurredAt.toISOString(),
    day: r.h.day,
    type: r.h.type as MaterialMovementType,
    stockId: r.h.stockId,
    packageId: r.packageId,
    materialId: r.h.materialId,
    materialCode: r.materialCode,
    materialName: r.materialName,
    unit: r.unit,
    qty: r.h.qty,
    balance: r.h.balance,
    placePath: pathOf(r.h.locationId, r.h.toolId) ?? '',
    fromPlacePath: pathOf(r.h.fromLocationId, r.h.fromToolId),
    saleId: r.h.saleId,
    reason: r.h.reason,
    createdBy: r.h.createdBy,
  }));
}

/** A stock row's movements, oldest first. */
export async function movementsOf(db: Executor, stockId: number): Promise<MaterialMovement[]> {
  return movementViews(db, await selectMovements(db).where(eq(h.stockId, stockId)).orderBy(asc(h.id)));
}

async function historyCondition(db: Executor, q: HistoryFilter) {
  return and(
    gte(h.day, q.from),
    lte(h.day, q.to),
    q.materialId ? eq(h.materialId, q.materialId) : undefined,
    q.locationId ? await placeWithin(db, q.locationId, h) : undefined,
    q.type?.length ? inArray(h.type, q.type) : undefined,
    textFilter([materials.code, materials.name, materialStocks.packageId], q.q),
  );
}

/** Movements of a period, newest first: one page with the total. */
export async function listMovements(db: Executor, q: HistoryFilter & Page) {
  const condition = await historyCondition(db, q);
  const rows = await selectMovements(db)
    .where(condition)
    .orderBy(desc(h.day), desc(h.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  // The total reads only the ledger unless the text filter names the package or the material.
  const counted = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(h);
  const [{ n }] = await (q.q
    ? counted
        .innerJoin(materialStocks, eq(materialStocks.id, h.stockId))
        .innerJoin(materials, eq(materials.id, h.materialId))
        .where(condition)
    : counted.where(condition));
  return { data: await movementViews(db, rows), total: n };
}

/** Every movement of the filter (the Excel export), newest first. */
export async function exportMovements(db: Executor, q: HistoryFilter): Promise<MaterialMovement[]> {
  const rows = await selectMovements(db)
    .where(await historyCondition(db, q))
    .orderBy(desc(h.day), desc(h.id));
  return movementViews(db, rows);
}

export type DailyFilter = { from: string; to: string; materialId?: number; materialType?: string[]; q?: string };

/**
 * Per day and material with a movement in the period: received, released, restocked, sold (net of cancelled sales),
 * corrected, and the closing balance = every movement of the material up to that day's end (= stock on hand minus the
 * movements after that day: the ledger sums to the stock rows). Newest day first, then
 * by material code; `page` null = all (the export).
 */
export async function dailyTotals(
  db: Executor,
  q: DailyFilter,
  page: Page | null,
): Promise<{ data: MaterialDailyTotal[]; total: number }> {
  // The materials' columns are joined only when a filter needs them.
  const byMaterial = Boolean(q.materialType?.length || q.q);
  const materialFilter = sql.join(
    [
      sql`true`,
      ...(q.materialId ? [sql`h.material_id = ${q.materialId}`] : []),
      ...(q.materialType?.length
        ? [
            sql`${materials.type} in (${sql.join(
              q.materialType.map((t) => sql`${t}`),
              sql`, `,
            )})`,
          ]
        : []),
      ...(q.q ? [textFilter([materials.code, materials.name], q.q)!] : []),
    ],
    sql` and `,
  );
  const res = await db.execute(sql`
    with keys as (
      select h.day, h.material_id
      from material_histories h ${byMaterial ? sql`join materials on materials.id = h.material_id` : sql``}
      where h.day >= ${q.from} and h.day <= ${q.to} and ${materialFilter}
      group by h.day, h.material_id
    ), page as (
      select k.day, k.material_id, m.code, m.name, m.unit, count(*) over () as total
      from keys k join materials m on m.id = k.material_id
      order by k.day desc, m.code
      ${page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql``}
    )
    -- The period's (day, material) pairs are found first and cut to the page; the sums are counted for the page's
    -- rows only, through the (material, day) index. The closing balance likewise, counted back from the stock on hand
    -- (which the ledger sums to): the movements after that day, never every movement before it.
    select page.day::text as day, page.material_id, page.code, page.name, page.unit, page.total,
      t.received, t.released, t.restocked, t.sold, t.corrected, t.disposed,
      (select coalesce(sum(s.qty), 0) from material_stocks s where s.material_id = page.material_id)
        - (select coalesce(sum(h.qty), 0) from material_histories h
           where h.material_id = page.material_id and h.day > page.day) as closing
    from page, lateral (
      select coalesce(sum(h.qty) filter (where h.type = 'SHIP_IN'), 0) as received,
        coalesce(-sum(h.qty) filter (where h.type = 'SHIP_OUT'), 0) as released,
        coalesce(sum(h.qty) filter (where h.type = 'RESTOCK'), 0) as restocked,
        coalesce(-sum(h.qty) filter (where h.type in ('SALE', 'SALE_CANCEL')), 0) as sold,
        coalesce(sum(h.qty) filter (where h.type = 'CORRECT'), 0) as corrected,
        coalesce(-sum(h.qty) filter (where h.type in ('RETURN', 'SCRAP')), 0) as disposed
      from material_histories h where h.material_id = page.material_id and h.day = page.day
    ) t
    order by page.day desc, page.code`);
  type Row = {
    day: string;
    material_id: number;
    code: string;
    name: string;
    unit: string;
    received: string;
    released: string;
    restocked: string;
    sold: string;
    corrected: string;
    disposed: string;
    closing: string;
    total: string;
  };
  const rows = rowsOf<Row>(res);
  const data = rows.map((r) => ({
    day: String(r.day).slice(0, 10),
    materialId: Number(r.material_id),
    code: r.code,
    name: r.name,
    unit: r.unit,
    received: Number(r.received),
    released: Number(r.released),
    restocked: Number(r.restocked),
    sold: Number(r.sold),
    corrected: Number(r.corrected),
    disposed: Number(r.disposed),
    closing: Number(r.closing),
  }));
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page && page.page > 1) total = (await dailyTotals(db, q, null)).data.length;
  return { data, total };
}
