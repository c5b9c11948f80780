import { and, asc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  BomCopy,
  BomLine,
  BomMaterialCreate,
  BomNode,
  BomProductCreate,
  BomRoot,
  BomUpdate,
  BomUsageNode,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { AppError, conflict, duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { type BomEdge, cyclePath, explode } from './bom.explode.ts';
import { boms } from './bom.table.ts';
import { intArray } from '../../db/int-array.ts';

export const BOM_UNIQUE = { boms_parent_product_uq: 'childProductId', boms_parent_material_uq: 'materialId' };

/**
 * Every BOM write takes this transaction-level advisory lock first, so writes run one at a time: two requests adding
 * A→B and B→A at once cannot both pass the cycle check against a graph that lacks the other's line.
 */
const BOM_WRITE_LOCK = 0x424f4d; // "BOM"

async function lockBomWrites(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(BOM_WRITE_LOCK))})`);
}

const parent = alias(products, 'bom_parent');

/** The lines with their parent and child (product or material) names, ready for lineView. */
const selectLines = (db: Executor) =>
  db
    .select({
      line: boms,
      parentCode: parent.code,
      parentName: parent.name,
      parentType: parent.type,
      parentSpec: parent.specification,
      parentUnit: parent.unit,
      productCode: products.code,
      productName: products.name,
      productType: products.type,
      productSpec: products.specification,
      materialCode: materials.code,
      materialName: materials.name,
      materialType: materials.type,
      materialSpec: materials.specification,
      materialUnit: materials.unit,
    })
    .from(boms)
    .innerJoin(parent, eq(parent.id, boms.parentProductId))
    .leftJoin(products, eq(products.id, boms.childProductId))
    .leftJoin(materials, eq(materials.id, boms.materialId));

export type LineRow = Awaited<ReturnType<typeof selectLines>>[number];

export function lineView(r: LineRow): BomLine {
  const l = r.line;
  const isProduct = l.childProductId != null;
  return {
    id: l.id,
    parentProductId: l.parentProductId,
    parentCode: r.parentCode,
    parentName: r.parentName,
    kind: isProduct ? 'PRODUCT' : 'MATERIAL',
    childProductId: l.childProductId,
    materialId: l.materialId,
    code: (isProduct ? r.productCode : r.materialCode) ?? '',
    name: (isProduct ? r.productName : r.materialName) ?? '',
    type: (isProduct ? r.productType : r.materialType) ?? '',
    specification: (isProduct ? r.productSpec : r.materialSpec) ?? null,
    unit: l.unit,
    qty: Number(l.qty),
    lossRate: Number(l.lossRate),
    seq: l.seq,
    description: l.description,
    ...auditView(l),
  };
}

const ordered = [asc(boms.seq), asc(boms.id)];

/** The products reachable downward from `rootIds` (themselves included): one recursive query, safe on cycles. */
const reachDown = (rootIds: number[]) => sql`(
  with recursive reach(id) as (
    select unnest(${intArray(rootIds)})
    union
    select b.child_product_id from boms b join reach r on b.parent_product_id = r.id
    where b.child_product_id is not null
  ) select id from reach)`;

/** The products that contain `id` directly or through other products (itself included). */
const reachUp = (id: number) => sql`(
  with recursive up(id) as (
    select ${id}::int
    union
    select b.parent_product_id from boms b join up u on b.child_product_id = u.id
  ) select id from up)`;

/** Every line below `rootIds`, at any depth: the input of an explosion, in one query. */
export async function linesBelow(db: Executor, rootIds: number[]): Promise<{ lines: BomLine[]; rows: LineRow[] }> {
  if (rootIds.length === 0) return { lines: [], rows: [] };
  const rows = await selectLines(db)
    .where(sql`${boms.parentProductId} in ${reachDown(rootIds)}`)
    .orderBy(...ordered);
  return { lines: rows.map(lineView), rows };
}

/**
 * The same lines as `linesBelow`, only what an explosion needs (no names, no audit columns): requirement tracking
 * explodes every product due in a period, and mapping the full lines was a tenth of its time (bench/RESULTS.md
 * 2026-11-27).
 */
export async function edgesBelow(db: Executor, rootIds: number[]): Promise<BomEdge[]> {
  if (rootIds.length === 0) return [];
  const rows = await db
    .select({
      id: boms.id,
      parentProductId: boms.parentProductId,
      childProductId: boms.childProductId,
      materialId: boms.materialId,
      qty: boms.qty,
      lossRate: boms.lossRate,
      seq: boms.seq,
    })
    .from(boms)
    .where(sql`${boms.parentProductId} in ${reachDown(rootIds)}`)
    .orderBy(...ordered);
  return rows.map((r) => ({ ...r, qty: Number(r.qty), lossRate: Number(r.lossRate) }));
}

async function productRow(db: Executor, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

async function productOr404(db: Executor, id: number) {
  const row = await productRow(db, id);
  if (!row) throw notFound('Product');
  return row;
}

/** GET /bom/tree/{id}: the exploded tree of the product (requiredQty per 1 unit of it). */
export async function bomTreeOf(db: Executor, productId: number): Promise<BomNode[]> {
  await productOr404(db, productId);
  const { lines } = await linesBelow(db, [productId]);
  return explode(productId, lines);
}

/** GET /bom/tree: products that have lines and are nobody's child, each with its exploded tree. */
export async function bomRoots(db: Executor): Promise<BomRoot[]> {
  const heads = await db
    .selectDistinct({
      id: products.id,
      code: products.code,
      name: products.name,
      type: products.type,
      specification: products.specification,
      unit: products.unit,
    })
    .from(boms)
    .innerJoin(products, eq(products.id, boms.parentProductId))
    .where(sql`not exists (select 1 from boms c where c.child_product_id = ${boms.parentProductId})`)
    .orderBy(asc(products.code));
  const { lines } = await linesBelow(
    db,
    heads.map((h) => h.id),
  );
  return heads.map((h) => ({
    productId: h.id,
    code: h.code,
    name: h.name,
    type: h.type,
    specification: h.specification,
    unit: h.unit,
    tree: explode(h.id, lines),
  }));
}

/** GET /bom/parent/{id}: the product's direct lines. */
export async function directLines(db: Executor, productId: number): Promise<BomLine[]> {
  await productOr404(db, productId);
  const rows = await selectLines(db)
    .where(eq(boms.parentProductId, productId))
    .orderBy(...ordered);
  return rows.map(lineView);
}

/** GET /bom/product/{id}: where-used, the lines in which the product is a child. */
export async function whereUsed(db: Executor, productId: number): Promise<BomLine[]> {
  await productOr404(db, productId);
  const rows = await selectLines(db).where(eq(boms.childProductId, productId)).orderBy(asc(parent.code));
  return rows.map(lineView);
}

/** GET /bom/material/{parent}/{id}: the line of the material in the product's BOM. */
export async function materialLine(db: Executor, parentId: number, materialId: number): Promise<BomLine> {
  const row = await firstOr404(
    selectLines(db).where(and(eq(boms.parentProductId, parentId), eq(boms.materialId, materialId))),
    'BOM line',
  );
  return lineView(row);
}

/** GET /bom/tree/parent/{id}: where-used upward — the products containing it, then those containing them, … */
export async function usageTree(db: Executor, productId: number): Promise<BomUsageNode[]> {
  await productOr404(db, productId);
  const rows = await selectLines(db)
    .where(sql`${boms.childProductId} in ${reachUp(productId)}`)
    .orderBy(asc(parent.code));
  const byChild = new Map<number, LineRow[]>();
  for (const r of rows) {
    const child = r.line.childProductId!;
    byChild.set(child, [...(byChild.get(child) ?? []), r]);
  }
  const walk = (id: number, level: number, path: Set<number>): BomUsageNode[] =>
    (byChild.get(id) ?? []).map((r) => {
      const up = r.line.parentProductId;
      return {
        lineId: r.line.id,
        productId: up,
        code: r.parentCode,
        name: r.parentName,
        type: r.parentType,
        specification: r.parentSpec,
        unit: r.line.unit,
        qty: Number(r.line.qty),
        lossRate: Number(r.line.lossRate),
        level,
        children: path.has(up) ? [] : walk(up, level + 1, new Set(path).add(up)),
      };
    });
  return walk(productId, 1, new Set([productId]));
}

async function getLine(db: Executor, id: number): Promise<BomLine> {
  return lineView(await firstOr404(selectLines(db).where(eq(boms.id, id)), 'BOM line'));
}

/** The line's unit: the one given (a UNIT code) or the child's own unit. */
async function unitOf(tx: Tx, given: string | null | undefined, childUnit: string): Promise<string> {
  if (!given || given === childUnit) return childUnit;
  await assertCodeOf(tx, 'UNIT', given, 'unit');
  return given;
}

async function nextSeq(tx: Tx, parentId: number): Promise<number> {
  const [row] = await tx
    .select({ seq: max(boms.seq) })
    .from(boms)
    .where(eq(boms.parentProductId, parentId));
  return (row?.seq ?? 0) + 1;
}

/**
 * Refuses a line parent → child that would make a product contain itself: the parent is the child, or the parent is
 * anywhere in the child's exploded tree. 409 BOM_CYCLE with the codes of the cycle, e.g. ["A", "B", "C", "A"].
 */
async function assertNoCycle(tx: Tx, parentId: number, childId: number): Promise<void> {
  const edges = rowsOf<{ parent: number; child: number }>(
    await tx.execute(sql`
      select b.parent_product_id as parent, b.child_product_id as child
      from boms b
      where b.child_product_id is not null and b.parent_product_id in ${reachDown([childId])}`),
  ).map((e) => ({ parent: Number(e.parent), child: Number(e.child) }));
  const path = cyclePath(parentId, childId, edges);
  if (!path) return;
  const rows = await tx
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(inArray(products.id, [...new Set(path)]));
  const codeOf = new Map(rows.map((r) => [r.id, r.code]));
  const codePath = path.map((id) => codeOf.get(id) ?? String(id));
  throw new AppError(409, 'BOM_CYCLE', `A product cannot contain itself: ${codePath.join(' → ')}`, {
    path: codePath,
    field: 'childProductId',
  });
}

async function assertNotYetChild(tx: Tx, parentId: number, where: SQL, field: string) {
  const [clash] = await tx
    .select({ id: boms.id })
    .from(boms)
    .where(and(eq(boms.parentProductId, parentId), where));
  if (clash) throw duplicate(field);
}

async function parentOrInvalid(tx: Tx, id: number, field = 'parentProductId') {
  const row = await productRow(tx, id);
  if (!row) throw invalidField(field, 'notExists');
  return row;
}

/** The new line under the parent, last in its order unless a seq is given. */
async function insertLine(
  tx: Tx,
  actor: Actor,
  parentId: number,
  child: { childProductId: number } | { materialId: number },
  unit: string,
  body: { qty: number; lossRate: number; seq?: number | null; description?: string | null },
): Promise<BomLine> {
  const [row] = await tx
    .insert(boms)
    .values({
      parentProductId: parentId,
      ...child,
      qty: body.qty,
      unit,
      lossRate: body.lossRate,
      seq: body.seq ?? (await nextSeq(tx, parentId)),
      description: body.description || null,
      ...createdStamp(actor),
    })
    .returning({ id: boms.id });
  return getLine(tx, row.id);
}

/** POST /bom/product: a child product under a product. */
export async function addProductLine(db: Db, actor: Actor, body: BomProductCreate): Promise<BomLine> {
  return uniqueAs(BOM_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockBomWrites(tx);
      const parentRow = await parentOrInvalid(tx, body.parentProductId);
      const child = await parentOrInvalid(tx, body.childProductId, 'childProductId');
      const unit = await unitOf(tx, body.unit, child.unit);
      await assertNotYetChild(tx, parentRow.id, eq(boms.childProductId, child.id), 'childProductId');
      await assertNoCycle(tx, parentRow.id, child.id);
      return insertLine(tx, actor, parentRow.id, { childProductId: child.id }, unit, body);
    }),
  );
}

/** POST /bom/material: a material under a product. */
export async function addMaterialLine(db: Db, actor: Actor, body: BomMaterialCreate): Promise<BomLine> {
  return uniqueAs(BOM_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockBomWrites(tx);
      const parentRow = await parentOrInvalid(tx, body.parentProductId);
      const [material] = await tx.select().from(materials).where(eq(materials.id, body.materialId));
      if (!material) throw invalidField('materialId', 'notExists');
      const unit = await unitOf(tx, body.unit, material.unit);
      await assertNotYetChild(tx, parentRow.id, eq(boms.materialId, material.id), 'materialId');
      return insertLine(tx, actor, parentRow.id, { materialId: material.id }, unit, body);
    }),
  );
}

/** PUT /bom: quantity, unit, loss rate, order and description of a line (the child stays; delete and add to change it). */
export async function updateLine(db: Db, actor: Actor, body: BomUpdate): Promise<BomLine> {
  return withTx(db, actor, async (tx) => {
    await lockBomWrites(tx);
    const current = await firstOr404(tx.select().from(boms).where(eq(boms.id, body.id)), 'BOM line');
    const [child] =
      current.childProductId != null
        ? await tx.select({ unit: products.unit }).from(products).where(eq(products.id, current.childProductId))
        : await tx.select({ unit: materials.unit }).from(materials).where(eq(materials.id, current.materialId!));
    const unit = await unitOf(tx, body.unit, child.unit);
    await tx
      .update(boms)
      .set({
        qty: body.qty,
        unit,
        lossRate: body.lossRate,
        seq: body.seq ?? current.seq,
        description: body.description || null,
        ...updatedStamp(actor),
      })
      .where(eq(boms.id, current.id));
    return getLine(tx, current.id);
  });
}

/** DELETE /bom/{id}: one line. */
export async function deleteLine(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockBomWrites(tx);
    const gone = await tx.delete(boms).where(eq(boms.id, id)).returning({ id: boms.id });
    if (gone.length === 0) throw notFound('BOM line');
  });
}

/** DELETE /bom/parent/{id}: the product's whole BOM (its direct lines; the child products keep their own BOMs). */
export async function deleteBomOf(db: Db, actor: Actor, productId: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockBomWrites(tx);
    const gone = await tx.delete(boms).where(eq(boms.parentProductId, productId)).returning({ id: boms.id });
    if (gone.length === 0) throw notFound('BOM');
  });
}

/**
 * POST /bom/copy: the from-product's direct lines onto the to-product. A target that already has a BOM is refused
 * (409 CONFLICT, field toProductId) unless `replace`, which deletes its lines first; every copied child product is
 * checked for cycles like a single add.
 */
export async function copyBom(db: Db, actor: Actor, body: BomCopy): Promise<BomLine[]> {
  return uniqueAs(BOM_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockBomWrites(tx);
      const from = await parentOrInvalid(tx, body.fromProductId, 'fromProductId');
      const to = await parentOrInvalid(tx, body.toProductId, 'toProductId');
      if (from.id === to.id) throw invalidField('toProductId', 'bomCopySame');
      const source = await tx
        .select()
        .from(boms)
        .where(eq(boms.parentProductId, from.id))
        .orderBy(...ordered);
      if (source.length === 0) throw invalidField('fromProductId', 'bomEmpty');
      const [existing] = await tx.select({ id: boms.id }).from(boms).where(eq(boms.parentProductId, to.id)).limit(1);
      if (existing && !body.replace)
        throw conflict('bomTargetHasBom', {
          field: 'toProductId',
        });
      if (existing) await tx.delete(boms).where(eq(boms.parentProductId, to.id));
      for (const line of source) {
        if (line.childProductId != null) await assertNoCycle(tx, to.id, line.childProductId);
      }
      await tx.insert(boms).values(
        source.map((l) => ({
          parentProductId: to.id,
          childProductId: l.childProductId,
          materialId: l.materialId,
          qty: l.qty,
          unit: l.unit,
          lossRate: l.lossRate,
          seq: l.seq,
          description: l.description,
          ...createdStamp(actor),
        })),
      );
      const rows = await selectLines(tx)
        .where(eq(boms.parentProductId, to.id))
        .orderBy(...ordered);
      return rows.map(lineView);
    }),
  );
}
