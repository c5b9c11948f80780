import type {
  MaterialQualityItem,
  MaterialQualityUpdateItem,
  ProductQualityItem,
  ProductQualityUpdateItem,
  QualitySide,
  QualityStandard,
} from '@eqms/contract';
import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { auditView, createdStamp, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { qualityStandards } from './quality.table.ts';

// Quality standards (README "Standards"): the inspection items of a material or product. Writes of one call are one
// transaction, all or none; a list's field errors name `<index>.<field>`. An item a result used cannot be deleted
// (the results keep their own copy of it, so editing it is allowed and changes no past judgement).

const s = qualityStandards;
export type StandardRow = typeof s.$inferSelect;

const selectStandards = (db: Executor) =>
  db
    .select({ s, operationCode: operations.code, operationName: operations.name })
    .from(s)
    .leftJoin(operations, eq(operations.id, s.operationId));
type Joined = { s: StandardRow; operationCode: string | null; operationName: string | null };

export const standardView = ({ s: r, operationCode, operationName }: Joined): QualityStandard => ({
  id: r.id,
  side: r.materialId != null ? 'MATERIAL' : 'PRODUCT',
  materialId: r.materialId,
  productId: r.productId,
  name: r.name,
  method: r.method,
  unit: r.unit,
  kind: r.kind as QualityStandard['kind'],
  target: r.target,
  lsl: r.lsl,
  usl: r.usl,
  sampleSize: r.sampleSize,
  stage: r.stage as QualityStandard['stage'],
  operationId: r.operationId,
  operationCode,
  operationName,
  sort: r.sort,
  description: r.description,
  ...auditView(r),
});

const sideColumn = (side: QualitySide) => (side === 'MATERIAL' ? s.materialId : s.productId);
const ORDER = [asc(s.stage), asc(s.operationId), asc(s.sort), asc(s.id)];

/** The items of one material or product (404 when it does not exist), optionally of one stage / operation. */
export async function listStandards(
  db: Executor,
  side: QualitySide,
  subjectId: number,
  filter: { stage?: string; operationId?: number } = {},
): Promise<QualityStandard[]> {
  const table = side === 'MATERIAL' ? materials : products;
  const [subject] = await db.select({ id: table.id }).from(table).where(eq(table.id, subjectId));
  if (!subject) throw notFound(side === 'MATERIAL' ? 'Material' : 'Product');
  const rows = await selectStandards(db)
    .where(
      and(
        eq(sideColumn(side), subjectId),
        filter.stage ? eq(s.stage, filter.stage) : undefined,
        filter.operationId ? eq(s.operationId, filter.operationId) : undefined,
      ),
    )
    .orderBy(...ORDER);
  return rows.map(standardView);
}

export async function standardsByIds(db: Executor, ids: number[]): Promise<QualityStandard[]> {
  if (ids.length === 0) return [];
  const rows = await selectStandards(db).where(inArray(s.id, ids));
  const byId = new Map(rows.map((r) => [r.s.id, r]));
  return ids.map((id) => standardView(byId.get(id)!));
}

/** The items a stage inspects (in order): a material's INCOMING, a product's FINAL or IN_PROCESS at an operation. */
export async function itemsOfStage(
  db: Executor,
  subject: { materialId: number } | { productId: number; stage: 'FINAL' } | { productId: number; operationId: number },
): Promise<StandardRow[]> {
  let where: SQL | undefined;
  if ('materialId' in subject) where = eq(s.materialId, subject.materialId);
  else if ('stage' in subject) where = and(eq(s.productId, subject.productId), eq(s.stage, 'FINAL'));
  else
    where = and(eq(s.productId, subject.productId), eq(s.stage, 'IN_PROCESS'), eq(s.operationId, subject.operationId));
  return db.select().from(s).where(where).orderBy(asc(s.sort), asc(s.id));
}

type AnyItem = MaterialQualityItem | ProductQualityItem;
const prefixOf = (_many: boolean, i: number) => `${i}.`;

/** The material, product and operation an item names must exist (400 notExists on the field). */
async function assertRefs(tx: Tx, items: AnyItem[], many: boolean) {
  const ids = (key: 'materialId' | 'productId' | 'operationId') => [
    ...new Set(
      items.map((it) => (it as Record<string, unknown>)[key]).filter((v): v is number => typeof v === 'number'),
    ),
  ];
  const found = async (table: typeof materials | typeof products | typeof operations, list: number[]) =>
    new Set(
      list.length
        ? (await tx.select({ id: table.id }).from(table).where(inArray(table.id, list))).map((r) => r.id)
        : [],
    );
  const mats = await found(materials, ids('materialId'));
  const prods = await found(products, ids('productId'));
  const ops = await found(operations, ids('operationId'));
  items.forEach((it, i) => {
    const p = prefixOf(many, i);
    if ('materialId' in it && !mats.has(it.materialId)) throw invalidField(`${p}materialId`, 'notExists');
    if ('productId' in it && !prods.has(it.productId)) throw invalidField(`${p}productId`, 'notExists');
    if ('operationId' in it && it.operationId != null && !ops.has(it.operationId))
      throw invalidField(`${p}operationId`, 'notExists');
  });
}

const valuesOf = (it: AnyItem) => ({
  materialId: 'materialId' in it ? it.materialId : null,
  productId: 'productId' in it ? it.productId : null,
  name: it.name,
  method: it.method,
  unit: it.kind === 'PASS_FAIL' ? null : it.unit,
  kind: it.kind,
  target: it.target,
  lsl: it.lsl,
  usl: it.usl,
  sampleSize: it.sampleSize,
  stage: it.stage,
  operationId: 'operationId' in it ? it.operationId : null,
  sort: it.sort,
  description: it.description,
});

export async function createStandards(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  items: AnyItem[],
): Promise<QualityStandard[]> {
  const ids = await withTx(deps.db, actor, (tx) => insertStandards(tx, actor, items));
  return standardsByIds(deps.db, ids);
}

/** Inserts checked items inside the caller's transaction (the POST and the Excel save); answers their ids. */
export async function insertStandards(tx: Tx, actor: Actor, items: AnyItem[]): Promise<number[]> {
  await assertRefs(tx, items, true);
  const rows = await tx
    .insert(s)
    .values(items.map((it) => ({ ...valuesOf(it), ...createdStamp(actor) })))
    .returning({ id: s.id });
  return rows.map((r) => r.id);
}

type AnyUpdate = MaterialQualityUpdateItem | ProductQualityUpdateItem;

/** Rows of the side, locked, in id order; a missing one (or one of the other side) is a 404. */
async function lockOwn(tx: Tx, side: QualitySide, ids: number[]) {
  const rows = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(inArray(s.id, ids), isNotNull(sideColumn(side))))
    .orderBy(asc(s.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound('Quality standard item');
}

export async function updateStandards(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  side: QualitySide,
  items: AnyUpdate[],
): Promise<QualityStandard[]> {
  const many = true;
  items.forEach((it, i) => {
    if (items.findIndex((o) => o.id === it.id) !== i) throw invalidField(`${prefixOf(many, i)}id`, 'duplicateValue');
  });
  await withTx(deps.db, actor, async (tx) => {
    await lockOwn(
      tx,
      side,
      items.map((it) => it.id),
    );
    await assertRefs(tx, items, many);
    for (const it of items)
      await tx
        .update(s)
        .set({ ...valuesOf(it), ...updatedStamp(actor) })
        .where(eq(s.id, it.id));
  });
  return standardsByIds(
    deps.db,
    items.map((it) => it.id),
  );
}

/** All or none: 404 when one is missing; 409 ERROR_CONSTRAINT_VIOLATION (the results) when a result used one. */
export async function deleteStandards(
  deps: Pick<Deps, 'db' | 'references'>,
  actor: Actor,
  side: QualitySide,
  ids: number[],
): Promise<void> {
  await withTx(deps.db, actor, async (tx) => {
    await lockOwn(tx, side, ids);
    await assertNotReferenced(tx, deps.references, s, ids);
    await tx.delete(s).where(inArray(s.id, ids));
  });
}
