import { stockPlacementError } from '@eqms/contract';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { invalidField } from '../../platform/errors.ts';
import { locationRefs } from '../location/location.paths.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { tools } from '../tool/tool.table.ts';

// Where stock stands (SPEC §5 placement: a material only on a SHELF or a tool) and how a place reads: the names from
// the site down, joined with ' / ' (CASCADER_SEPARATOR), a tool after its line or warehouse.

export type Place = { locationId: number | null; toolId: number | null };
const SEPARATOR = ' / ';

/** 400 on the field unless the place exists and may hold stock: a SHELF, or a tool. */
export async function assertStockPlace(tx: Executor, place: Place): Promise<void> {
  if (place.toolId != null) {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, place.toolId));
    if (!tool) throw invalidField('toolId', 'notExists');
    return;
  }
  const [loc] = await tx
    .select({ type: locations.type })
    .from(locations)
    .where(eq(locations.id, place.locationId ?? 0));
  if (!loc) throw invalidField('locationId', 'notExists');
  const error = stockPlacementError({ kind: 'location', type: loc.type as 'SHELF' });
  if (error) throw invalidField('locationId', error);
}

export const samePlace = (a: Place, b: Place) =>
  (a.locationId ?? null) === (b.locationId ?? null) && (a.toolId ?? null) === (b.toolId ?? null);

/** Each place's path ('본사 / 1공장 / 자재창고 / A-01', or '… / 1라인 / 설비 3'), keyed by placeKey. */
export async function placePaths(db: Executor, places: Place[]): Promise<Map<string, string>> {
  const toolIds = [...new Set(places.map((p) => p.toolId).filter((v): v is number => v != null))];
  const toolRows = toolIds.length
    ? await db
        .select({ id: tools.id, name: tools.name, locationId: tools.locationId })
        .from(tools)
        .where(inArray(tools.id, toolIds))
    : [];
  const locationIds = [
    ...places.map((p) => p.locationId).filter((v): v is number => v != null),
    ...toolRows.map((t) => t.locationId),
  ];
  const refs = await locationRefs(db, locationIds);
  const pathOf = (id: number | null | undefined) => (id == null ? [] : (refs.get(id)?.path ?? []));
  const out = new Map<string, string>();
  for (const t of toolRows)
    out.set(placeKey({ locationId: null, toolId: t.id }), [...pathOf(t.locationId), t.name].join(SEPARATOR));
  for (const p of places) {
    if (p.locationId != null) out.set(placeKey(p), pathOf(p.locationId).join(SEPARATOR));
  }
  return out;
}

export const placeKey = (p: Place) => (p.toolId != null ? `T${p.toolId}` : `L${p.locationId}`);

/**
 * Rows (stock rows, movements) whose place is a location or below it: its shelves, or tools of its lines and
 * warehouses. `columns` are the rows' place columns.
 */
export async function placeWithin(
  db: Executor,
  locationId: number,
  columns: { locationId: AnyPgColumn; toolId: AnyPgColumn },
): Promise<SQL> {
  const ids = await subtreeIds(db, [locationId]);
  if (ids.length === 0) return sql`false`;
  const toolIds = (await db.select({ id: tools.id }).from(tools).where(inArray(tools.locationId, ids))).map(
    (t) => t.id,
  );
  return or(inArray(columns.locationId, ids), toolIds.length ? inArray(columns.toolId, toolIds) : undefined) as SQL;
}
