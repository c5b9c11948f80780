import { and, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import {
  type Part,
  type PartCreate,
  type PartHistory,
  type PartHistoryCreate,
  type PartHistoryListQuery,
  type PartHistoryUpdate,
  type PartListQuery,
  type PartUpdate,
  ruleMessage,
} from '@eqms/contract';
import type { Executor, Tx } from '../../db/client.ts';
import {
  auditView,
  createdStamp,
  firstOr404,
  pageOf,
  uniqueAs,
  updatedStamp,
  assertUnique,
} from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { type PartWithSchedule, partSchedules, raiseMileage, type VehicleDeps } from './vehicle.service.ts';
import { vehicleParts, vehiclePartHistories, vehicles } from './vehicle.table.ts';

type HistoryRow = typeof vehiclePartHistories.$inferSelect;

export const PART_UNIQUE = { vehicle_parts_name_unique: 'name' };

// ── Parts ───────────────────────────────────────────────────────────────────────────────────────────────────────

function partView({ part, vehicle, schedule, replacementCount }: PartWithSchedule): Part {
  return {
    id: part.id,
    vehicleId: vehicle.id,
    vehicleName: vehicle.name,
    plateNumber: vehicle.plateNumber,
    name: part.name,
    intervalDays: part.intervalDays,
    intervalKm: part.intervalKm,
    fittedDate: part.fittedDate,
    fittedMileage: part.fittedMileage,
    note: part.note,
    replacementCount,
    ...schedule,
    ...auditView(part),
  };
}

const byVehicleThenName = (a: Part, b: Part) =>
  a.plateNumber.localeCompare(b.plateNumber, 'ko') || a.name.localeCompare(b.name, 'ko');

async function partViews(
  deps: VehicleDeps,
  db: Executor,
  filter: { vehicleIds?: number[]; partIds?: number[] },
): Promise<Part[]> {
  return (await partSchedules(db, todayIn(deps.timeZone), deps.window, filter)).map(partView).sort(byVehicleThenName);
}

/** Parts of a vehicle (404 when it does not exist) or of all, matching the search (name, plate, vehicle, note). */
export async function listParts(deps: VehicleDeps, q: PartListQuery): Promise<Part[]> {
  if (q.vehicleId) {
    await firstOr404(deps.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, q.vehicleId)), 'Vehicle');
  }
  const list = await partViews(deps, deps.db, q.vehicleId ? { vehicleIds: [q.vehicleId] } : {});
  const text = q.q?.trim().toLowerCase();
  if (!text) return list;
  return list.filter((p) =>
    [p.name, p.plateNumber, p.vehicleName, p.note].some((s) => (s ?? '').toLowerCase().includes(text)),
  );
}

/** Parts by ids, all or 404. */
export async function partsByIds(deps: VehicleDeps, ids: number[]): Promise<Part[]> {
  const list = await partViews(deps, deps.db, { partIds: ids });
  if (list.length !== ids.length) throw notFound('Part');
  return list;
}

export async function getPart(deps: VehicleDeps, id: number): Promise<Part> {
  const [part] = await partViews(deps, deps.db, { partIds: [id] });
  if (!part) throw notFound('Part');
  return part;
}

function assertNotFuture(field: string, day: string, today: string) {
  if (day > today) throw invalidField(field, 'futureDay');
}

const assertNameFree = (tx: Executor, vehicleId: number, name: string, exceptId?: number) =>
  assertUnique(
    tx,
    vehicleParts,
    vehicleParts.id,
    { name: vehicleParts.name },
    { name },
    exceptId,
    eq(vehicleParts.vehicleId, vehicleId),
  );

const partValues = (b: PartUpdate) => ({
  name: b.name,
  intervalDays: b.intervalDays ?? null,
  intervalKm: b.intervalKm ?? null,
  fittedDate: b.fittedDate,
  fittedMileage: b.fittedMileage,
  note: b.note || null,
});

async function lockVehicle(tx: Tx, vehicleId: number, field: string | null) {
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).for('update');
  if (!vehicle) throw field ? invalidField(field, 'notExists') : notFound('Vehicle');
  return vehicle;
}

export async function createPart(deps: VehicleDeps, actor: Actor, body: PartCreate): Promise<Part> {
  const id = await uniqueAs(PART_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const vehicle = await lockVehicle(tx, body.vehicleId, 'vehicleId');
      assertNotFuture('fittedDate', body.fittedDate, todayIn(deps.timeZone));
      await assertNameFree(tx, vehicle.id, body.name);
      const [row] = await tx
        .insert(vehicleParts)
        .values({ vehicleId: vehicle.id, ...partValues(body), ...createdStamp(actor) })
        .returning({ id: vehicleParts.id });
      await raiseMileage(tx, actor, vehicle, body.fittedMileage);
      return row.id;
    }),
  );
  return getPart(deps, id);
}

/** The fitting comes before every replacement of the part, by date and by mileage (400 on the field). */
export async function updatePart(deps: VehicleDeps, actor: Actor, id: number, body: PartUpdate): Promise<Part> {
  await uniqueAs(PART_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(vehicleParts).where(eq(vehicleParts.id, id)).for('update'),
        'Part',
      );
      const vehicle = await lockVehicle(tx, current.vehicleId, null);
      assertNotFuture('fittedDate', body.fittedDate, todayIn(deps.timeZone));
      await assertNameFree(tx, vehicle.id, body.name, id);
      const histories = await tx.select().from(vehiclePartHistories).where(eq(vehiclePartHistories.partId, id));
      const first = histories.reduce<HistoryRow | null>(
        (m, h) => (m == null || h.replacedDate < m.replacedDate ? h : m),
        null,
      );
      if (first && body.fittedDate > first.replacedDate) {
        throw invalidField('fittedDate', ruleMessage('fittedAfterReplaced', { date: first.replacedDate }));
      }
      const lowest = histories.reduce<number | null>((m, h) => (m == null || h.mileage < m ? h.mileage : m), null);
      if (lowest != null && body.fittedMileage > lowest) {
        throw invalidField('fittedMileage', ruleMessage('fittedMileageAboveReplaced', { km: lowest }));
      }
      await tx
        .update(vehicleParts)
        .set({ ...partValues(body), ...updatedStamp(actor) })
        .where(eq(vehicleParts.id, id));
      await raiseMileage(tx, actor, vehicle, body.fittedMileage);
    }),
  );
  return getPart(deps, id);
}

/** All or nothing: any part missing → 404. A part's replacement history goes with it (FK cascade). */
export async function deleteParts(deps: VehicleDeps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(deps.db, actor, async (tx) => {
    const found = await tx
      .select({ id: vehicleParts.id })
      .from(vehicleParts)
      .where(inArray(vehicleParts.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Part');
    await tx.delete(vehicleParts).where(inArray(vehicleParts.id, ids));
  });
}

// ── Part history ────────────────────────────────────────────────────────────────────────────────────────────────

const historySelect = {
  h: vehiclePartHistories,
  partName: vehicleParts.name,
  vehicleId: vehicles.id,
  vehicleName: vehicles.name,
  plateNumber: vehicles.plateNumber,
};
type HistoryJoined = { h: HistoryRow; partName: string; vehicleId: number; vehicleName: string; plateNumber: string };

function historyView(r: HistoryJoined): PartHistory {
  return {
    id: r.h.id,
    partId: r.h.partId,
    partName: r.partName,
    vehicleId: r.vehicleId,
    vehicleName: r.vehicleName,
    plateNumber: r.plateNumber,
    replacedDate: r.h.replacedDate,
    mileage: r.h.mileage,
    cost: r.h.cost == null ? null : Number(r.h.cost),
    note: r.h.note,
    ...auditView(r.h),
  };
}

const historyOrder = [
  desc(vehiclePartHistories.replacedDate),
  desc(vehiclePartHistories.mileage),
  desc(vehiclePartHistories.id),
];

function historyQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(historySelect)
    .from(vehiclePartHistories)
    .innerJoin(vehicleParts, eq(vehicleParts.id, vehiclePartHistories.partId))
    .innerJoin(vehicles, eq(vehicles.id, vehicleParts.vehicleId))
    .where(where);
}

/** Newest first; with page/size a page and the total. */
export async function listHistories(
  db: Executor,
  q: PartHistoryListQuery,
): Promise<{ data: PartHistory[]; total?: number }> {
  const where = and(
    q.partId ? eq(vehiclePartHistories.partId, q.partId) : undefined,
    q.vehicleId ? eq(vehicleParts.vehicleId, q.vehicleId) : undefined,
    q.startDt ? gte(vehiclePartHistories.replacedDate, q.startDt) : undefined,
    q.endDt ? lte(vehiclePartHistories.replacedDate, q.endDt) : undefined,
  );
  const page = pageOf(q);
  const query = historyQuery(db, where).orderBy(...historyOrder);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { data: rows.map(historyView) };
  const [{ n }] = await db
    .select({ n: count() })
    .from(vehiclePartHistories)
    .innerJoin(vehicleParts, eq(vehicleParts.id, vehiclePartHistories.partId))
    .where(where);
  return { data: rows.map(historyView), total: Number(n) };
}

/** A vehicle's replacements (every part), newest first; 404 for an unknown vehicle. */
export async function historiesOfVehicle(db: Executor, vehicleId: number): Promise<PartHistory[]> {
  await firstOr404(db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId)), 'Vehicle');
  const rows = await historyQuery(db, eq(vehicleParts.vehicleId, vehicleId)).orderBy(...historyOrder);
  return rows.map(historyView);
}

export async function getHistory(db: Executor, id: number): Promise<PartHistory> {
  return historyView(await firstOr404(historyQuery(db, eq(vehiclePartHistories.id, id)), 'Part history'));
}

/**
 * A replacement is after the fitting (date and mileage), not in the future, and its mileage fits the part's other
 * replacements: an earlier day never has a higher reading, a later day never a lower one (400 on the field).
 */
async function assertReplacement(
  tx: Executor,
  part: typeof vehicleParts.$inferSelect,
  body: PartHistoryUpdate,
  today: string,
  exceptId?: number,
) {
  assertNotFuture('replacedDate', body.replacedDate, today);
  if (body.replacedDate < part.fittedDate) {
    throw invalidField('replacedDate', ruleMessage('replacedBeforeFitted', { date: part.fittedDate }));
  }
  if (body.mileage < part.fittedMileage) {
    throw invalidField('mileage', ruleMessage('mileageBelowFitted', { km: part.fittedMileage }));
  }
  const others = await tx
    .select()
    .from(vehiclePartHistories)
    .where(and(eq(vehiclePartHistories.partId, part.id), exceptId ? ne(vehiclePartHistories.id, exceptId) : undefined));
  const clash = others.find(
    (o) =>
      (o.replacedDate < body.replacedDate && o.mileage > body.mileage) ||
      (o.replacedDate > body.replacedDate && o.mileage < body.mileage),
  );
  if (clash)
    throw invalidField('mileage', ruleMessage('mileageOrder', { date: clash.replacedDate, km: clash.mileage }));
}

const historyValues = (b: PartHistoryUpdate) => ({
  replacedDate: b.replacedDate,
  mileage: b.mileage,
  cost: b.cost ?? null,
  note: b.note || null,
});

/** Records a replacement; a reading above the vehicle's mileage raises it (README). */
export async function createHistory(deps: VehicleDeps, actor: Actor, body: PartHistoryCreate): Promise<PartHistory> {
  const id = await withTx(deps.db, actor, async (tx) => {
    const [part] = await tx.select().from(vehicleParts).where(eq(vehicleParts.id, body.partId)).for('share');
    if (!part) throw invalidField('partId', 'notExists');
    const vehicle = await lockVehicle(tx, part.vehicleId, null);
    await assertReplacement(tx, part, body, todayIn(deps.timeZone));
    const [row] = await tx
      .insert(vehiclePartHistories)
      .values({ partId: part.id, ...historyValues(body), ...createdStamp(actor) })
      .returning({ id: vehiclePartHistories.id });
    await raiseMileage(tx, actor, vehicle, body.mileage);
    return row.id;
  });
  return getHistory(deps.db, id);
}

/** The part of a record does not change; the same rules as a new record. */
export async function updateHistory(
  deps: VehicleDeps,
  actor: Actor,
  id: number,
  body: PartHistoryUpdate,
): Promise<PartHistory> {
  await withTx(deps.db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select().from(vehiclePartHistories).where(eq(vehiclePartHistories.id, id)).for('update'),
      'Part history',
    );
    const [part] = await tx.select().from(vehicleParts).where(eq(vehicleParts.id, current.partId)).for('share');
    const vehicle = await lockVehicle(tx, part.vehicleId, null);
    await assertReplacement(tx, part, body, todayIn(deps.timeZone), id);
    await tx
      .update(vehiclePartHistories)
      .set({ ...historyValues(body), ...updatedStamp(actor) })
      .where(eq(vehiclePartHistories.id, id));
    await raiseMileage(tx, actor, vehicle, body.mileage);
  });
  return getHistory(deps.db, id);
}

/** All or nothing: any record missing → 404. The vehicle's mileage stays (the odometer never goes back). */
export async function deleteHistories(deps: VehicleDeps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(deps.db, actor, async (tx) => {
    const found = await tx
      .select({ id: vehiclePartHistories.id })
      .from(vehiclePartHistories)
      .where(inArray(vehiclePartHistories.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Part history');
    await tx.delete(vehiclePartHistories).where(inArray(vehiclePartHistories.id, ids));
  });
}
