import { eq, inArray, sql } from 'drizzle-orm';
import {
  depthUntil,
  LOCATION_DEPTH,
  LOCATION_TYPES,
  type Location,
  type LocationCreate,
  type LocationTreeNode,
  type LocationType,
  type LocationUpdate,
  type LocationWithParent,
  locationPlacementError,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Deps } from '../../platform/context.ts';
import { assertKeyFree, auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { locationRefs } from './location.paths.ts';
import { locations } from './location.table.ts';

type LocationRow = typeof locations.$inferSelect;

export const LOCATION_UNIQUE = { locations_code_unique: 'code' };

export function locationView(r: LocationRow): Location {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    type: r.type as LocationType,
    parentId: r.parentId,
    sort: r.sort,
    description: r.description,
    ext: r.ext ?? null,
    ...auditView(r),
  };
}

const bySortThenName = (a: { sort: number; name: string }, b: { sort: number; name: string }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'ko');

export async function listLocations(db: Executor): Promise<Location[]> {
  const rows = await db.select().from(locations);
  return rows.sort(bySortThenName).map(locationView);
}

export async function listLocationsWithParent(db: Executor): Promise<LocationWithParent[]> {
  const list = await listLocations(db);
  const refs = await locationRefs(
    db,
    list.map((l) => l.id),
  );
  return list.map((l) => {
    const parent = l.parentId != null ? (refs.get(l.parentId) ?? null) : null;
    return { ...l, parent, path: refs.get(l.id)?.path ?? [l.name] };
  });
}

export async function listByType(db: Executor, type: LocationType): Promise<Location[]> {
  const rows = await db.select().from(locations).where(eq(locations.type, type));
  return rows.sort(bySortThenName).map(locationView);
}

export async function getLocation(db: Executor, id: number): Promise<Location> {
  return locationView(await firstOr404(db.select().from(locations).where(eq(locations.id, id)), 'Location'));
}

export async function childrenOf(db: Executor, id: number): Promise<Location[]> {
  await getLocation(db, id);
  const rows = await db.select().from(locations).where(eq(locations.parentId, id));
  return rows.sort(bySortThenName).map(locationView);
}

/** The tree down to the deepest of `typeUntils` (LINE and WAREHOUSE share a depth), or the whole tree. */
export async function locationTree(db: Executor, typeUntils?: LocationType[]): Promise<LocationTreeNode[]> {
  const maxDepth = depthUntil(typeUntils);
  const types = LOCATION_TYPES.filter((t) => maxDepth === undefined || LOCATION_DEPTH[t] <= maxDepth);
  const rows = await db
    .select()
    .from(locations)
    .where(inArray(locations.type, [...types]));
  const nodes = new Map<number, LocationTreeNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      code: r.code,
      type: r.type as LocationType,
      parentId: r.parentId,
      sort: r.sort,
      description: r.description,
      children: [],
    });
  }
  const roots: LocationTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sortDeep = (list: LocationTreeNode[]) => {
    list.sort(bySortThenName);
    for (const n of list) sortDeep(n.children);
  };
  sortDeep(roots);
  return roots;
}

/** The given locations and every location below them. */
export async function subtreeIds(db: Executor, rootIds: number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const res = await db.execute(sql`
    with recursive sub as (
      select id from locations where id in (${sql.join(
        rootIds.map((i) => sql`${i}`),
        sql`, `,
      )})
      union
      select l.id from locations l join sub s on l.parent_id = s.id
    )
    select id from sub`);
  return rowsOf<{ id: number }>(res).map((r) => Number(r.id));
}

async function parentOf(tx: Executor, parentId: number | null | undefined): Promise<LocationRow | null> {
  if (parentId == null) return null;
  // Locked so a concurrent type change of the parent cannot slip past the placement check.
  const [parent] = await tx.select().from(locations).where(eq(locations.id, parentId)).for('update');
  if (!parent) throw invalidField('parentId', 'notExists');
  return parent;
}

const assertCodeFree = (tx: Executor, code: string | null, exceptId?: number) =>
  assertKeyFree(tx, locations, locations.id, 'code', locations.code, code, { exceptId });

export async function createLocation(db: Db, actor: Actor, body: LocationCreate): Promise<Location> {
  return uniqueAs(LOCATION_UNIQUE, () => withTx(db, actor, (tx) => insertLocation(tx, actor, body)));
}

/** The insert of one location inside the caller's transaction (the form's create and the Excel import share it). */
export async function insertLocation(tx: Tx, actor: Actor, body: LocationCreate): Promise<Location> {
  const parent = await parentOf(tx, body.parentId);
  const placement = locationPlacementError(body.type, (parent?.type as LocationType | undefined) ?? null);
  if (placement) throw invalidField('parentId', placement);
  await assertCodeFree(tx, body.code);
  const ext = await validateExt(tx, 'locations', body.ext);
  const [row] = await tx
    .insert(locations)
    .values({
      name: body.name,
      code: body.code,
      type: body.type,
      parentId: parent?.id ?? null,
      sort: body.sort,
      description: body.description ?? null,
      ext,
      ...createdStamp(actor),
    })
    .returning();
  return locationView(row);
}

/** Also a move: a new parentId re-checks placement; a new type must suit the parent and keep the children valid. */
export async function updateLocation(db: Db, actor: Actor, body: LocationUpdate): Promise<Location> {
  return uniqueAs(LOCATION_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(locations).where(eq(locations.id, body.id)).for('update'),
        'Location',
      );
      const parentId = body.parentId ?? null;
      const moved = parentId !== current.parentId;
      const retyped = body.type !== current.type;
      if (moved && parentId != null) {
        const own = await subtreeIds(tx, [current.id]);
        if (own.includes(parentId)) throw invalidField('parentId', 'parentCycle');
      }
      if (moved || retyped) {
        const parent = await parentOf(tx, parentId);
        const placement = locationPlacementError(body.type, (parent?.type as LocationType | undefined) ?? null);
        if (placement) throw invalidField('parentId', placement);
      }
      if (retyped) {
        const children = await tx
          .select({ type: locations.type })
          .from(locations)
          .where(eq(locations.parentId, current.id));
        if (children.some((c) => locationPlacementError(c.type as LocationType, body.type))) {
          throw invalidField('type', 'placementChildren');
        }
      }
      await assertCodeFree(tx, body.code, current.id);
      // An omitted ext keeps the stored values.
      const ext = body.ext === undefined ? undefined : await validateExt(tx, 'locations', body.ext, current.ext);
      const [row] = await tx
        .update(locations)
        .set({
          name: body.name,
          code: body.code,
          type: body.type,
          parentId,
          sort: body.sort,
          description: body.description ?? null,
          ext,
          ...updatedStamp(actor),
        })
        .where(eq(locations.id, current.id))
        .returning();
      return locationView(row);
    }),
  );
}

/**
 * All or nothing: any location missing is a 404; any that still holds something (a child location outside the
 * set, a user, a notice, a tool: whatever the registry says refers to it) blocks the whole delete with those rows.
 */
export async function deleteLocations({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids)).for('update');
    if (found.length !== ids.length) throw notFound('Location');
    await assertNotReferenced(tx, references, locations, ids);
    await tx.delete(locations).where(inArray(locations.id, ids));
  });
}
