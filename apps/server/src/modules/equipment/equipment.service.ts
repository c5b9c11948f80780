import {
  EQUIPMENT_SUB_TYPE_CATEGORY,
  EQUIPMENT_TYPE_CATEGORY,
  type Equipment,
  type EquipmentBody,
  type EquipmentInsufficient,
  type EquipmentListQuery,
  type EquipmentStatus,
} from '@eqms/contract';
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { auditView, createdStamp, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { equipments } from './equipment.table.ts';

// Equipment kinds (README). The stock sums are read from equipment_stocks by SQL name: that table belongs to the
// equipment-stock module, which depends on this one (so no import of it here).

const e = equipments;

/**
 * The name of a code of a category (Korean; the web shows its own language from the codes cache). The column is
 * named with its table (`equipments.type`): drizzle leaves columns unqualified in a one-table select, and inside the
 * sub-query an unqualified name could be read as the sub-query's own column.
 */
export const codeName = (category: string, column: AnyPgColumn) =>
  sql<string | null>`(select c.code_name from codes c join code_categories k on k.id = c.category_id
    where k.category = ${category} and c.code = ${sql.raw(`"${getTableName(column.table)}"."${column.name}"`)})`;
/** Available or discarded stock of the kind (`equipments.id` named with its table, as in codeName). */
const stockSum = (discarded: boolean) =>
  sql<number>`coalesce((select sum(s.qty) from equipment_stocks s
    where s.equipment_id = equipments.id and ${sql.raw(discarded ? 's.is_discard' : 'not s.is_discard')}), 0)`.mapWith(
    Number,
  );

const selectView = (db: Executor) =>
  db
    .select({
      e,
      typeName: codeName(EQUIPMENT_TYPE_CATEGORY, e.type),
      subTypeName: codeName(EQUIPMENT_SUB_TYPE_CATEGORY, e.subType),
      stockQty: stockSum(false),
      discardQty: stockSum(true),
    })
    .from(e);
type Joined = Awaited<ReturnType<ReturnType<typeof selectView>['execute']>>[number];

const view = ({ e: r, ...j }: Joined): Equipment => ({
  id: r.id,
  name: r.name,
  type: r.type,
  typeName: j.typeName,
  subType: r.subType,
  subTypeName: j.subTypeName,
  standard: r.standard,
  kind: r.kind,
  kindQty: r.kindQty,
  status: r.status as EquipmentStatus,
  stockQty: round5(j.stockQty),
  discardQty: round5(j.discardQty),
  description: r.description,
  ...auditView(r),
});

export async function getEquipment(db: Executor, id: number): Promise<Equipment> {
  const [row] = await selectView(db).where(eq(e.id, id));
  if (!row) throw notFound('Equipment');
  return view(row);
}

/** The filter's kinds by type, sub-type and name; one page and the total when a page is asked. */
export async function listEquipment(
  db: Executor,
  q: EquipmentListQuery,
): Promise<{ data: Equipment[]; total: number }> {
  const where = and(
    textFilter([e.name, e.standard, e.kind], q.q),
    q.type?.length ? inArray(e.type, q.type) : undefined,
    q.subType?.length ? inArray(e.subType, q.subType) : undefined,
    q.status?.length ? inArray(e.status, q.status) : undefined,
  );
  const ordered = selectView(db).where(where).orderBy(asc(e.type), asc(e.subType), asc(e.name), asc(e.id));
  if (!q.size) {
    const rows = await ordered;
    return { data: rows.map(view), total: rows.length };
  }
  const rows = await ordered.limit(q.size).offset(((q.page ?? 1) - 1) * q.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(e)
    .where(where);
  return { data: rows.map(view), total: n };
}

/**
 * SPEC §3 equipment-insufficient rows: kinds whose available stock (every row not discarded) is below kindQty,
 * the largest shortage first.
 */
export async function insufficientList(db: Executor): Promise<EquipmentInsufficient[]> {
  const stockQty = stockSum(false);
  const rows = await db
    .select({
      id: e.id,
      name: e.name,
      type: e.type,
      typeName: codeName(EQUIPMENT_TYPE_CATEGORY, e.type),
      subType: e.subType,
      subTypeName: codeName(EQUIPMENT_SUB_TYPE_CATEGORY, e.subType),
      standard: e.standard,
      kind: e.kind,
      stockQty,
      kindQty: e.kindQty,
    })
    .from(e)
    .where(sql`${stockQty} < ${e.kindQty}`)
    .orderBy(sql`${e.kindQty} - ${stockQty} desc`, asc(e.name), asc(e.id));
  return rows.map((r) => ({ ...r, stockQty: round5(r.stockQty) }));
}

/** The type must be an EQUIPMENT_TYPE code; the sub-type an EQUIPMENT_SUB_TYPE code under that type. */
async function assertCodes(tx: Executor, body: EquipmentBody) {
  await assertCodeOf(tx, EQUIPMENT_TYPE_CATEGORY, body.type, 'type');
  if (!body.subType) return;
  const parent = sql<string | null>`(select p.code from codes p where p.id = ${codes.parentId})`;
  const [sub] = await tx
    .select({ parent })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(and(eq(codeCategories.category, EQUIPMENT_SUB_TYPE_CATEGORY), eq(codes.code, body.subType)));
  if (!sub) throw invalidField('subType', 'notExists');
  if (sub.parent != null && sub.parent !== body.type) throw invalidField('subType', 'equipmentSubTypeOfType');
}

const values = (body: EquipmentBody) => ({
  name: body.name,
  type: body.type,
  subType: body.subType ?? null,
  standard: body.standard || null,
  kind: body.kind || null,
  kindQty: body.kindQty,
  status: body.status,
  description: body.description || null,
});

export async function createEquipment(db: Db, actor: Actor, body: EquipmentBody): Promise<Equipment> {
  return withTx(db, actor, async (tx) => {
    await assertCodes(tx, body);
    const [made] = await tx
      .insert(e)
      .values({ ...values(body), ...createdStamp(actor) })
      .returning({ id: e.id });
    return getEquipment(tx, made.id);
  });
}

export async function updateEquipment(db: Db, actor: Actor, id: number, body: EquipmentBody): Promise<Equipment> {
  return withTx(db, actor, async (tx) => {
    const [row] = await tx.select({ id: e.id }).from(e).where(eq(e.id, id)).for('update');
    if (!row) throw notFound('Equipment');
    await assertCodes(tx, body);
    await tx
      .update(e)
      .set({ ...values(body), ...updatedStamp(actor) })
      .where(eq(e.id, id));
    return getEquipment(tx, id);
  });
}

/**
 * All or nothing: any kind missing is a 404; a kind with stock rows or movements (declared by equipment-stock)
 * blocks the whole delete (409 ERROR_CONSTRAINT_VIOLATION with those rows).
 */
export async function deleteEquipment({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: e.id }).from(e).where(inArray(e.id, ids)).for('update');
    if (found.length !== ids.length) throw notFound('Equipment');
    await assertNotReferenced(tx, references, e, ids);
    await tx.delete(e).where(inArray(e.id, ids));
  });
}
