import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type {
  LocationType,
  MaintenanceAlert,
  MaintenanceAlertQuery,
  Vehicle,
  VehicleBody,
  VehicleListQuery,
  VehicleTreeNode,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, auditView, createdStamp, firstOr404, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ruleMessage } from '@eqms/contract';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locationRefs } from '../location/location.paths.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { type AlertWindow, nextReplacementText, type Schedule, scheduleOf } from './vehicle.schedule.ts';
import { vehicleParts, vehiclePartHistories, vehicles } from './vehicle.table.ts';

type VehicleRow = typeof vehicles.$inferSelect;
type PartRow = typeof vehicleParts.$inferSelect;

export const VEHICLE_UNIQUE = { vehicles_plate_number_unique: 'plateNumber' };

/** What the vehicle services need: the database, the factory's day and the alert window (VEHICLE_ALERT_*). */
export type VehicleDeps = { db: Db; timeZone: string; window: AlertWindow };

// ── Schedules ───────────────────────────────────────────────────────────────────────────────────────────────────

export type PartWithSchedule = { part: PartRow; vehicle: VehicleRow; schedule: Schedule; replacementCount: number };

/**
 * Every part (of the given vehicles, or the given parts) with its schedule for `today`: the last replacement is the
 * latest by date (then mileage, then id); a part never replaced counts from its fitting.
 */
export async function partSchedules(
  db: Executor,
  today: string,
  window: AlertWindow,
  filter: { vehicleIds?: number[]; partIds?: number[] } = {},
): Promise<PartWithSchedule[]> {
  const where =
    filter.partIds != null
      ? inArray(vehicleParts.id, filter.partIds)
      : filter.vehicleIds != null
        ? inArray(vehicleParts.vehicleId, filter.vehicleIds)
        : undefined;
  if ((filter.partIds ?? filter.vehicleIds)?.length === 0) return [];
  const rows = await db
    .select({ part: vehicleParts, vehicle: vehicles })
    .from(vehicleParts)
    .innerJoin(vehicles, eq(vehicles.id, vehicleParts.vehicleId))
    .where(where);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.part.id);
  const last = await db
    .selectDistinctOn([vehiclePartHistories.partId], {
      partId: vehiclePartHistories.partId,
      replacedDate: vehiclePartHistories.replacedDate,
      mileage: vehiclePartHistories.mileage,
    })
    .from(vehiclePartHistories)
    .where(inArray(vehiclePartHistories.partId, ids))
    .orderBy(
      vehiclePartHistories.partId,
      desc(vehiclePartHistories.replacedDate),
      desc(vehiclePartHistories.mileage),
      desc(vehiclePartHistories.id),
    );
  const lastOf = new Map(last.map((l) => [l.partId, l]));
  const counts = new Map(
    (
      await db
        .select({ partId: vehiclePartHistories.partId, n: count() })
        .from(vehiclePartHistories)
        .where(inArray(vehiclePartHistories.partId, ids))
        .groupBy(vehiclePartHistories.partId)
    ).map((c) => [c.partId, Number(c.n)]),
  );
  return rows.map(({ part, vehicle }) => {
    const l = lastOf.get(part.id);
    const schedule = scheduleOf(
      {
        intervalDays: part.intervalDays,
        intervalKm: part.intervalKm,
        lastDate: l?.replacedDate ?? part.fittedDate,
        lastMileage: l?.mileage ?? part.fittedMileage,
        mileage: vehicle.mileage,
      },
      today,
      window,
    );
    return { part, vehicle, schedule, replacementCount: counts.get(part.id) ?? 0 };
  });
}

const statusRank = { overdue: 0, due: 1, ok: 2 } as const;

/**
 * Parts due within the window or overdue: overdue first, then by the fewest days left (parts without a day interval
 * after those with one), then by the fewest km left, then plate number and part name.
 */
export async function maintenanceAlerts(deps: VehicleDeps, q: MaintenanceAlertQuery): Promise<MaintenanceAlert[]> {
  const today = q.date ?? todayIn(deps.timeZone);
  const window = { days: q.days ?? deps.window.days, km: q.km ?? deps.window.km };
  const list = await partSchedules(deps.db, today, window, q.vehicleId ? { vehicleIds: [q.vehicleId] } : {});
  const big = Number.MAX_SAFE_INTEGER;
  return list
    .filter((x) => x.schedule.status !== 'ok')
    .sort(
      (a, b) =>
        statusRank[a.schedule.status] - statusRank[b.schedule.status] ||
        (a.schedule.remainingDays ?? big) - (b.schedule.remainingDays ?? big) ||
        (a.schedule.remainingKm ?? big) - (b.schedule.remainingKm ?? big) ||
        a.vehicle.plateNumber.localeCompare(b.vehicle.plateNumber, 'ko') ||
        a.part.name.localeCompare(b.part.name, 'ko'),
    )
    .map(({ part, vehicle, schedule }) => ({
      partId: part.id,
      partName: part.name,
      vehicleId: vehicle.id,
      vehicleName: vehicle.name,
      plateNumber: vehicle.plateNumber,
      mileage: vehicle.mileage,
      intervalDays: part.intervalDays,
      intervalKm: part.intervalKm,
      ...schedule,
      nextReplacement: nextReplacementText(schedule),
    }));
}

// ── Vehicles ────────────────────────────────────────────────────────────────────────────────────────────────────

async function vehicleViews(deps: VehicleDeps, db: Executor, rows: VehicleRow[]): Promise<Vehicle[]> {
  const refs = await locationRefs(
    db,
    rows.map((r) => r.locationId),
  );
  const schedules = await partSchedules(db, todayIn(deps.timeZone), deps.window, { vehicleIds: rows.map((r) => r.id) });
  const parts = new Map<number, number>();
  const alerts = new Map<number, number>();
  for (const s of schedules) {
    parts.set(s.vehicle.id, (parts.get(s.vehicle.id) ?? 0) + 1);
    if (s.schedule.status !== 'ok') alerts.set(s.vehicle.id, (alerts.get(s.vehicle.id) ?? 0) + 1);
  }
  return [...rows]
    .sort((a, b) => a.plateNumber.localeCompare(b.plateNumber, 'ko'))
    .map((r) => {
      const ref = refs.get(r.locationId);
      return {
        id: r.id,
        plateNumber: r.plateNumber,
        name: r.name,
        model: r.model,
        year: r.year,
        mileage: r.mileage,
        locationId: r.locationId,
        locationName: ref?.name ?? '',
        locationPath: ref?.path ?? [],
        description: r.description,
        partCount: parts.get(r.id) ?? 0,
        alertCount: alerts.get(r.id) ?? 0,
        ...auditView(r),
      };
    });
}

/** Vehicles at a location (and below) and matching the search (plate, name, model, location path). */
export async function listVehicles(deps: VehicleDeps, q: VehicleListQuery): Promise<Vehicle[]> {
  const { db } = deps;
  let rows: VehicleRow[];
  if (q.locationId) {
    await firstOr404(db.select({ id: locations.id }).from(locations).where(eq(locations.id, q.locationId)), 'Location');
    rows = await db
      .select()
      .from(vehicles)
      .where(inArray(vehicles.locationId, await subtreeIds(db, [q.locationId])));
  } else rows = await db.select().from(vehicles);
  const list = await vehicleViews(deps, db, rows);
  const text = q.q?.trim().toLowerCase();
  if (!text) return list;
  return list.filter((v) =>
    [v.plateNumber, v.name, v.model, v.description, v.locationPath.join(' / ')].some((s) =>
      (s ?? '').toLowerCase().includes(text),
    ),
  );
}

export async function getVehicle(deps: VehicleDeps, id: number): Promise<Vehicle> {
  const row = await firstOr404(deps.db.select().from(vehicles).where(eq(vehicles.id, id)), 'Vehicle');
  return (await vehicleViews(deps, deps.db, [row]))[0];
}

/** The locations that hold vehicles and those above them, with each vehicle as a leaf of its location. */
export async function vehicleTree(deps: VehicleDeps): Promise<VehicleTreeNode[]> {
  const { db } = deps;
  const locs = await db.select().from(locations);
  const list = await vehicleViews(deps, db, await db.select().from(vehicles));
  type Node = VehicleTreeNode & { sort: number };
  const nodes = new Map<number, Node>();
  for (const l of locs) {
    nodes.set(l.id, {
      key: `L${l.id}`,
      kind: 'location',
      id: l.id,
      name: l.name,
      code: l.code,
      locationType: l.type as LocationType,
      parentId: l.parentId,
      vehicleCount: 0,
      alertCount: 0,
      sort: l.sort,
      children: [],
    });
  }
  const byOrder = (a: Node, b: Node) => a.sort - b.sort || a.name.localeCompare(b.name, 'ko');
  const roots: Node[] = [];
  for (const n of [...nodes.values()].sort(byOrder)) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  for (const v of list) {
    const at = nodes.get(v.locationId);
    if (!at) continue;
    at.children.push({
      key: `V${v.id}`,
      kind: 'vehicle',
      id: v.id,
      name: v.name,
      code: v.plateNumber,
      locationType: null,
      parentId: v.locationId,
      vehicleCount: 1,
      alertCount: v.alertCount,
      sort: Number.MAX_SAFE_INTEGER,
      children: [],
    } as Node);
  }
  // Counts summed up the tree; branches without vehicles are left out.
  const prune = (list: VehicleTreeNode[]): VehicleTreeNode[] =>
    list.flatMap(({ sort: _sort, ...n }: VehicleTreeNode & { sort?: number }) => {
      if (n.kind === 'vehicle') return [n];
      const children = prune(n.children);
      const vehicleCount = children.reduce((s, c) => s + c.vehicleCount, 0);
      if (vehicleCount === 0) return [];
      return [{ ...n, children, vehicleCount, alertCount: children.reduce((s, c) => s + c.alertCount, 0) }];
    });
  return prune(roots);
}

async function assertLocation(tx: Executor, locationId: number) {
  const [loc] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('share');
  if (!loc) throw invalidField('locationId', 'notExists');
}

/** The highest odometer reading recorded on a vehicle's parts (fitting) and replacements; 0 when none. */
export async function recordedMileage(tx: Executor, vehicleId: number): Promise<number> {
  const [fitted] = await tx
    .select({ m: max(vehicleParts.fittedMileage) })
    .from(vehicleParts)
    .where(eq(vehicleParts.vehicleId, vehicleId));
  const [replaced] = await tx
    .select({ m: max(vehiclePartHistories.mileage) })
    .from(vehiclePartHistories)
    .innerJoin(vehicleParts, eq(vehicleParts.id, vehiclePartHistories.partId))
    .where(eq(vehicleParts.vehicleId, vehicleId));
  return Math.max(Number(fitted?.m ?? 0), Number(replaced?.m ?? 0));
}

const vehicleValues = (b: VehicleBody) => ({
  plateNumber: b.plateNumber,
  name: b.name,
  model: b.model || null,
  year: b.year ?? null,
  mileage: b.mileage,
  locationId: b.locationId,
  description: b.description || null,
});

const assertPlateFree = (tx: Executor, plateNumber: string, exceptId?: number) =>
  assertUnique(tx, vehicles, vehicles.id, { plateNumber: vehicles.plateNumber }, { plateNumber }, exceptId);

export async function createVehicle(deps: VehicleDeps, actor: Actor, body: VehicleBody): Promise<Vehicle> {
  const id = await uniqueAs(VEHICLE_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      await assertLocation(tx, body.locationId);
      await assertPlateFree(tx, body.plateNumber);
      const [row] = await tx
        .insert(vehicles)
        .values({ ...vehicleValues(body), ...createdStamp(actor) })
        .returning({ id: vehicles.id });
      return row.id;
    }),
  );
  return getVehicle(deps, id);
}

/** The odometer never goes back below a recorded reading (a part's fitting or a replacement): 400 on mileage. */
export async function updateVehicle(deps: VehicleDeps, actor: Actor, id: number, body: VehicleBody): Promise<Vehicle> {
  await uniqueAs(VEHICLE_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      await firstOr404(tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update'), 'Vehicle');
      await assertLocation(tx, body.locationId);
      await assertPlateFree(tx, body.plateNumber, id);
      const recorded = await recordedMileage(tx, id);
      if (body.mileage < recorded)
        throw invalidField('mileage', ruleMessage('mileageBelowRecorded', { max: recorded }));
      await tx
        .update(vehicles)
        .set({ ...vehicleValues(body), ...updatedStamp(actor) })
        .where(eq(vehicles.id, id));
    }),
  );
  return getVehicle(deps, id);
}

/** All or nothing: any vehicle missing → 404; a vehicle holding parts → 409 listing them (references registry). */
export async function deleteVehicles({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, unique)).for('update');
    if (found.length !== unique.length) throw notFound('Vehicle');
    await assertNotReferenced(tx, references, vehicles, unique);
    await tx.delete(vehicles).where(inArray(vehicles.id, unique));
  });
}

/**
 * A reading of the odometer (a fitting or a replacement) above the vehicle's mileage raises it; a lower one leaves
 * it. The vehicle row must be locked by the caller.
 */
export async function raiseMileage(tx: Tx, actor: Actor, vehicle: VehicleRow, reading: number): Promise<void> {
  if (reading <= vehicle.mileage) return;
  await tx
    .update(vehicles)
    .set({ mileage: sql`greatest(${vehicles.mileage}, ${reading})`, ...updatedStamp(actor) })
    .where(and(eq(vehicles.id, vehicle.id)));
}
