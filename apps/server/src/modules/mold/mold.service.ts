import {
  type Mold,
  type MoldFilter,
  type MoldInout,
  type MoldInoutCreate,
  type MoldInoutType,
  type MoldPlaceOption,
  type MoldSave,
  type MoldTreeNode,
  MOLD_MAINTENANCE_RATIO,
  moldDue,
} from '@eqms/contract';
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  assertKeyFree,
  auditView,
  createdStamp,
  firstOr404,
  pageOrAll,
  uniqueAs,
  updatedStamp,
} from '../../platform/crud.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { likePattern } from '../../platform/master-list.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import {
  assertStockPlace,
  type Place,
  placeKey,
  placePaths,
  placeWithin,
  samePlace,
} from '../material-stock/material-stock.places.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { moldInouts, moldProducts, molds } from './mold.table.ts';

// Molds and their in/out history. A mold stands on a SHELF or a tool (SPEC §5: the placement rule of stock,
// material-stock.places.ts). An in/out moves it (IN: mounted on a press, OUT: returned to a shelf) and keeps where it
// came from; the mold row holds the last in/out's destination, changed in the same transaction with the mold row
// locked, so the place always follows the last in/out and deleting that in/out puts the mold back.

const m = molds;
const MOLD_UNIQUE = { molds_code_unique: 'code' };

/**
 * The current shot count: the last in/out's, or the shots it had when registered. The subqueries name the outer table
 * (`molds.id`): drizzle leaves columns unqualified in a one-table query, where "id" would be the in/out's own.
 */
const shotExpr =
  sql<number>`coalesce((select i.shot_count from mold_inouts i where i.mold_id = molds.id order by i.id desc limit 1), molds.initial_shots)`.mapWith(
    Number,
  );
const inoutCountExpr = sql<number>`(select count(*) from mold_inouts i where i.mold_id = molds.id)`.mapWith(Number);
const dueExpr = sql`(${m.ratedShots} > 0 and ${shotExpr} >= ${m.ratedShots} * ${MOLD_MAINTENANCE_RATIO}::numeric)`;

const selectMolds = (db: Executor) =>
  db
    .select({ m, shotCount: shotExpr, inoutCount: inoutCountExpr, designImageName: files.name })
    .from(m)
    .leftJoin(files, eq(files.id, m.designImageId));
type Row = Awaited<ReturnType<ReturnType<typeof selectMolds>['execute']>>[number];

async function views(db: Executor, rows: Row[]): Promise<Mold[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.m.id);
  const prodRows = await db
    .select({ moldId: moldProducts.moldId, id: products.id, code: products.code, name: products.name })
    .from(moldProducts)
    .innerJoin(products, eq(products.id, moldProducts.productId))
    .where(inArray(moldProducts.moldId, ids))
    .orderBy(asc(products.code));
  const byMold = new Map<number, { id: number; code: string; name: string }[]>();
  for (const p of prodRows)
    byMold.set(p.moldId, [...(byMold.get(p.moldId) ?? []), { id: p.id, code: p.code, name: p.name }]);
  const paths = await placePaths(
    db,
    rows.map((r) => ({ locationId: r.m.locationId, toolId: r.m.toolId })),
  );
  return rows.map(({ m: r, shotCount, inoutCount, designImageName }) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    products: byMold.get(r.id) ?? [],
    cavities: r.cavities,
    ratedShots: r.ratedShots,
    initialShots: r.initialShots,
    shotCount,
    lifeRatio: r.ratedShots ? Math.round((shotCount / r.ratedShots) * 1000) / 1000 : null,
    dueForMaintenance: moldDue(shotCount, r.ratedShots),
    locationId: r.locationId,
    toolId: r.toolId,
    placePath: paths.get(placeKey({ locationId: r.locationId, toolId: r.toolId })) ?? '',
    mounted: r.toolId != null,
    designImageId: r.designImageId,
    designImageName: r.designImageId == null ? null : designImageName,
    note: r.note,
    inoutCount,
    ...auditView(r),
  }));
}

export async function getMold(db: Executor, id: number): Promise<Mold> {
  const rows = await selectMolds(db).where(eq(m.id, id));
  if (rows.length === 0) throw notFound('Mold');
  return (await views(db, rows))[0];
}

function filterWhere(q: MoldFilter): SQL | undefined {
  const text = q.q?.trim();
  return and(
    text
      ? sql`(lower(concat_ws(chr(1), ${m.code}, ${m.name})) like lower(${likePattern(text)}) or exists (select 1 from mold_products mp join products p on p.id = mp.product_id where mp.mold_id = molds.id and lower(concat_ws(chr(1), p.code, p.name)) like lower(${likePattern(text)})))`
      : undefined,
    q.productId
      ? exists(sql`(select 1 from mold_products mp where mp.mold_id = molds.id and mp.product_id = ${q.productId})`)
      : undefined,
    q.due ? dueExpr : undefined,
    q.mounted === 'true' ? isNotNull(m.toolId) : q.mounted === 'false' ? isNull(m.toolId) : undefined,
    q.ids?.length ? inArray(m.id, q.ids) : undefined,
  );
}

/** The filter's molds in code order; one page and the total when a page is asked. */
export async function listMolds(
  db: Executor,
  q: MoldFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: Mold[]; total: number }> {
  const where = filterWhere(q);
  return pageOrAll(
    page ?? {},
    selectMolds(db).where(where).orderBy(asc(m.code), asc(m.id)),
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(m)
          .where(where)
      )[0].n,
    (rows) => views(db, rows),
  );
}

/** Molds at a location or below it: its shelves and the tools of its lines and warehouses. */
export async function locationMolds(db: Executor, locationId: number): Promise<Mold[]> {
  await firstOr404(db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)), 'Location');
  const within = await placeWithin(db, locationId, { locationId: m.locationId, toolId: m.toolId });
  return views(db, await selectMolds(db).where(within).orderBy(asc(m.code)));
}

export async function toolMolds(db: Executor, toolId: number): Promise<Mold[]> {
  await firstOr404(db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)), 'Tool');
  return views(db, await selectMolds(db).where(eq(m.toolId, toolId)).orderBy(asc(m.code)));
}

type LocNode<N> = N & { parentId: number | null };

/** Locations (sort, name order) as a forest, with each tool appended under its line or warehouse. */
async function placeForest<N extends { children?: N[] }>(
  db: Executor,
  locationNode: (l: typeof locations.$inferSelect) => N,
  toolNode: (t: typeof tools.$inferSelect) => N | null,
): Promise<N[]> {
  const locs = await db.select().from(locations).orderBy(asc(locations.sort), asc(locations.name));
  const toolRows = await db.select().from(tools).orderBy(asc(tools.sort), asc(tools.code));
  const nodes = new Map<number, LocNode<N>>();
  for (const l of locs) nodes.set(l.id, { ...locationNode(l), parentId: l.parentId });
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    if (!parent) roots.push(n);
    else parent.children = [...(parent.children ?? []), n];
  }
  for (const t of toolRows) {
    const at = nodes.get(t.locationId);
    const node = toolNode(t);
    if (at && node) at.children = [...(at.children ?? []), node];
  }
  const strip = (list: N[]): N[] =>
    list.map((n) => {
      const { parentId: _p, ...rest } = n as LocNode<N>;
      return (rest.children ? { ...rest, children: strip(rest.children) } : rest) as unknown as N;
    });
  return strip(roots);
}

/** The cascader of places: every location, tools under their line or warehouse; a SHELF or a tool is selectable. */
export async function placeCascader(db: Executor): Promise<MoldPlaceOption[]> {
  return placeForest<MoldPlaceOption>(
    db,
    (l) => ({
      value: `L${l.id}`,
      label: l.name,
      kind: 'LOCATION',
      id: l.id,
      type: l.type,
      selectable: l.type === 'SHELF',
    }),
    (t) => ({ value: `T${t.id}`, label: t.name, kind: 'TOOL', id: t.id, type: 'TOOL', selectable: true }),
  );
}

const treeNode = (n: Omit<MoldTreeNode, 'children' | 'due'> & Partial<MoldTreeNode>): MoldTreeNode => ({
  due: null,
  children: [],
  ...n,
});

/** The location tree with tools, each node counting the molds at or below it; empty branches only when asked. */
export async function moldLocationTree(db: Executor, containEmpty: boolean): Promise<MoldTreeNode[]> {
  const placed = await db.select({ locationId: m.locationId, toolId: m.toolId }).from(m);
  const atLocation = new Map<number, number>();
  const atTool = new Map<number, number>();
  for (const p of placed) {
    if (p.toolId != null) atTool.set(p.toolId, (atTool.get(p.toolId) ?? 0) + 1);
    else if (p.locationId != null) atLocation.set(p.locationId, (atLocation.get(p.locationId) ?? 0) + 1);
  }
  const roots = await placeForest<MoldTreeNode>(
    db,
    (l) =>
      treeNode({
        key: `L${l.id}`,
        kind: 'LOCATION',
        id: l.id,
        name: l.name,
        type: l.type,
        code: l.code,
        moldCount: atLocation.get(l.id) ?? 0,
      }),
    (t) =>
      treeNode({
        key: `T${t.id}`,
        kind: 'TOOL',
        id: t.id,
        name: t.name,
        type: 'TOOL',
        code: t.code,
        moldCount: atTool.get(t.id) ?? 0,
      }),
  );
  const sum = (n: MoldTreeNode): number => {
    n.moldCount += n.children.reduce((acc, c) => acc + sum(c), 0);
    return n.moldCount;
  };
  roots.forEach(sum);
  const prune = (list: MoldTreeNode[]): MoldTreeNode[] =>
    list.filter((n) => containEmpty || n.moldCount > 0).map((n) => ({ ...n, children: prune(n.children) }));
  return prune(roots);
}

/** Products (code order) and the molds that make them; molds for no product under P0 at the end. */
export async function moldProductTree(db: Executor): Promise<MoldTreeNode[]> {
  const rows = await db
    .select({
      id: m.id,
      code: m.code,
      name: m.name,
      ratedShots: m.ratedShots,
      shotCount: shotExpr,
      productId: products.id,
      productCode: products.code,
      productName: products.name,
    })
    .from(m)
    .leftJoin(moldProducts, eq(moldProducts.moldId, m.id))
    .leftJoin(products, eq(products.id, moldProducts.productId))
    .orderBy(sql`${products.code} nulls last`, asc(m.code));
  const groups = new Map<number, MoldTreeNode>();
  for (const r of rows) {
    const pid = r.productId ?? 0;
    let g = groups.get(pid);
    if (!g) {
      g = treeNode({
        key: `P${pid}`,
        kind: 'PRODUCT',
        id: r.productId,
        name: r.productName ?? '',
        type: 'PRODUCT',
        code: r.productCode,
        moldCount: 0,
      });
      groups.set(pid, g);
    }
    g.moldCount += 1;
    g.children.push(
      treeNode({
        key: `P${pid}-M${r.id}`,
        kind: 'MOLD',
        id: r.id,
        name: r.name,
        type: 'MOLD',
        code: r.code,
        moldCount: 1,
        due: moldDue(r.shotCount, r.ratedShots),
      }),
    );
  }
  return [...groups.values()];
}

async function assertProducts(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique));
  if (found.length !== unique.length) throw invalidField('productIds', 'notExists');
  return unique;
}

async function lockMold(tx: Tx, id: number) {
  const [row] = await tx.select().from(m).where(eq(m.id, id)).for('update');
  if (!row) throw notFound('Mold');
  return row;
}

async function lastInout(tx: Executor, moldId: number) {
  const [row] = await tx
    .select()
    .from(moldInouts)
    .where(eq(moldInouts.moldId, moldId))
    .orderBy(desc(moldInouts.id))
    .limit(1);
  return row;
}

/** Registers a mold, or with `id` modifies it. The place changes here only while the mold has no in/out. */
export async function saveMold(db: Db, actor: Actor, body: MoldSave): Promise<Mold> {
  const place: Place = { locationId: body.locationId, toolId: body.toolId };
  const id = await uniqueAs(MOLD_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const productIds = await assertProducts(tx, body.productIds);
      const values = {
        code: body.code,
        name: body.name,
        cavities: body.cavities,
        ratedShots: body.ratedShots,
        initialShots: body.initialShots,
        note: body.note,
        ...place,
      };
      let moldId: number;
      if (body.id != null) {
        const current = await lockMold(tx, body.id);
        await assertKeyFree(tx, m, m.id, 'code', m.code, body.code, { exceptId: body.id });
        const history = await lastInout(tx, body.id);
        if (history) {
          if (!samePlace(current, place)) throw conflict('moldPlaceByInout');
          // The registration's shots are before every in/out: they may not exceed the first one's count.
        } else {
          await assertStockPlace(tx, place);
        }
        await tx
          .update(m)
          .set({ ...values, ...updatedStamp(actor) })
          .where(eq(m.id, body.id));
        moldId = body.id;
        const existing = (
          await tx
            .select({ productId: moldProducts.productId })
            .from(moldProducts)
            .where(eq(moldProducts.moldId, moldId))
        ).map((r) => r.productId);
        const gone = existing.filter((p) => !productIds.includes(p));
        const added = productIds.filter((p) => !existing.includes(p));
        if (gone.length)
          await tx
            .delete(moldProducts)
            .where(and(eq(moldProducts.moldId, moldId), inArray(moldProducts.productId, gone)));
        if (added.length) await tx.insert(moldProducts).values(added.map((productId) => ({ moldId, productId })));
      } else {
        await assertKeyFree(tx, m, m.id, 'code', m.code, body.code);
        await assertStockPlace(tx, place);
        const [made] = await tx
          .insert(m)
          .values({ ...values, ...createdStamp(actor) })
          .returning({ id: m.id });
        moldId = made.id;
        if (productIds.length)
          await tx.insert(moldProducts).values(productIds.map((productId) => ({ moldId, productId })));
      }
      return moldId;
    }),
  );
  return getMold(db, id);
}

export async function deleteMold(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const row = await lockMold(tx, id);
    await tx.delete(moldInouts).where(eq(moldInouts.moldId, id));
    await tx.delete(m).where(eq(m.id, id));
    if (row.designImageId != null) await tx.delete(files).where(eq(files.id, row.designImageId));
  });
}

const inoutSelect = (db: Executor) =>
  db
    .select({
      i: moldInouts,
      last: sql<boolean>`mold_inouts.id = (select max(x.id) from mold_inouts x where x.mold_id = mold_inouts.mold_id)`,
    })
    .from(moldInouts);

async function inoutViews(
  db: Executor,
  rows: { i: typeof moldInouts.$inferSelect; last: boolean }[],
): Promise<MoldInout[]> {
  const places = rows.flatMap(({ i }) => [
    { locationId: i.fromLocationId, toolId: i.fromToolId },
    { locationId: i.toLocationId, toolId: i.toToolId },
  ]);
  const paths = await placePaths(db, places);
  const path = (p: Place) => paths.get(placeKey(p)) ?? '';
  return rows.map(({ i, last }) => ({
    id: i.id,
    moldId: i.moldId,
    type: i.type as MoldInoutType,
    inoutDt: i.inoutDt,
    worker: i.worker,
    shotCount: i.shotCount,
    fromLocationId: i.fromLocationId,
    fromToolId: i.fromToolId,
    fromPath: path({ locationId: i.fromLocationId, toolId: i.fromToolId }),
    toLocationId: i.toLocationId,
    toToolId: i.toToolId,
    toPath: path({ locationId: i.toLocationId, toolId: i.toToolId }),
    note: i.note,
    last: Boolean(last),
    createdBy: i.createdBy,
    createdAt: i.createdAt.toISOString(),
  }));
}

/** A mold's in/out history, newest first. */
export async function listInouts(db: Executor, moldId: number): Promise<MoldInout[]> {
  await firstOr404(db.select({ id: m.id }).from(m).where(eq(m.id, moldId)), 'Mold');
  const rows = await inoutSelect(db).where(eq(moldInouts.moldId, moldId)).orderBy(desc(moldInouts.id));
  return inoutViews(db, rows);
}

/**
 * Mounts the mold on a press (IN: from a shelf to a tool) or returns it (OUT: from a tool to a SHELF). The shot
 * count and the date never go back from the previous in/out's.
 */
export async function addInout(db: Db, actor: Actor, body: MoldInoutCreate): Promise<MoldInout> {
  const id = await withTx(db, actor, async (tx) => {
    const [exists] = await tx.select({ id: m.id }).from(m).where(eq(m.id, body.moldId));
    if (!exists) throw invalidField('moldId', 'notExists');
    const mold = await lockMold(tx, body.moldId);
    const target: Place = { locationId: body.locationId, toolId: body.toolId };
    if (body.type === 'IN') {
      if (mold.toolId != null) throw conflict('moldAlreadyMounted');
      await assertStockPlace(tx, target);
    } else {
      if (mold.toolId == null) throw conflict('moldNotMounted');
      await assertStockPlace(tx, target);
    }
    const previous = await lastInout(tx, body.moldId);
    const shots = previous?.shotCount ?? mold.initialShots;
    if (body.shotCount < shots) throw invalidField('shotCount', `moldShotCountBack ${JSON.stringify({ shots })}`);
    if (previous && body.inoutDt < previous.inoutDt)
      throw invalidField('inoutDt', `moldInoutBefore ${JSON.stringify({ date: previous.inoutDt })}`);
    const [made] = await tx
      .insert(moldInouts)
      .values({
        moldId: body.moldId,
        type: body.type,
        inoutDt: body.inoutDt,
        worker: body.worker,
        shotCount: body.shotCount,
        fromLocationId: mold.locationId,
        fromToolId: mold.toolId,
        toLocationId: target.locationId,
        toToolId: target.toolId,
        note: body.note,
        createdBy: actor.userId,
      })
      .returning({ id: moldInouts.id });
    await tx
      .update(m)
      .set({ ...target, ...updatedStamp(actor) })
      .where(eq(m.id, body.moldId));
    return made.id;
  });
  return (await inoutViews(db, await inoutSelect(db).where(eq(moldInouts.id, id))))[0];
}

/** Deletes the last in/out of its mold and puts the mold back where that in/out took it from. */
export async function removeInout(db: Db, actor: Actor, id: number): Promise<Mold> {
  const moldId = await withTx(db, actor, async (tx) => {
    const [inout] = await tx.select().from(moldInouts).where(eq(moldInouts.id, id));
    if (!inout) throw notFound('Mold in/out');
    await lockMold(tx, inout.moldId);
    const last = await lastInout(tx, inout.moldId);
    if (last?.id !== id) throw conflict('moldInoutNotLast');
    await tx
      .update(m)
      .set({ locationId: inout.fromLocationId, toolId: inout.fromToolId, ...updatedStamp(actor) })
      .where(eq(m.id, inout.moldId));
    await tx.delete(moldInouts).where(eq(moldInouts.id, id));
    return inout.moldId;
  });
  return getMold(db, moldId);
}

/** Replaces the design image (already checked: an image within DESIGN_IMAGE_MAX_BYTES); the old file row goes. */
export async function setDesignImage(db: Db, actor: Actor, id: number, file: UploadedFile): Promise<Mold> {
  await withTx(db, actor, async (tx) => {
    const current = await lockMold(tx, id);
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    await tx
      .update(m)
      .set({ designImageId: stored.id, ...updatedStamp(actor) })
      .where(eq(m.id, id));
    if (current.designImageId != null) await tx.delete(files).where(eq(files.id, current.designImageId));
  });
  return getMold(db, id);
}

export async function removeDesignImage(db: Db, actor: Actor, id: number): Promise<Mold> {
  await withTx(db, actor, async (tx) => {
    const current = await lockMold(tx, id);
    if (current.designImageId == null) return;
    await tx
      .update(m)
      .set({ designImageId: null, ...updatedStamp(actor) })
      .where(eq(m.id, id));
    await tx.delete(files).where(eq(files.id, current.designImageId));
  });
  return getMold(db, id);
}

export async function designImageOf(db: Executor, id: number) {
  const mold = await firstOr404(db.select({ designImageId: m.designImageId }).from(m).where(eq(m.id, id)), 'Mold');
  if (mold.designImageId == null) throw notFound('Design image');
  return firstOr404(
    db
      .select({ name: files.name, mimeType: files.mimeType, data: files.data })
      .from(files)
      .where(eq(files.id, mold.designImageId)),
    'Design image',
  );
}
