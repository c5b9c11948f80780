import type { Material, MaterialCreate, MaterialExportQuery, MaterialListQuery, MaterialUpdate } from '@eqms/contract';
import { and, arrayContains, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { assertUnique, createdStamp, insertEach, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { pagedByCode, pickListByCodeOrName, textFilter } from '../../platform/master-list.ts';
import { assertNoRelated } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { boms } from '../bom/bom.table.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { materials } from './material.table.ts';

export const MATERIAL_UNIQUE = { materials_code_unique: 'code', materials_barcode_unique: 'barcode' };
/** The partner type a material's supplier must have (code of BIZ_PARTNER_TYPE). */
export const SUPPLIER = 'SUPPLIER';

type MaterialRow = typeof materials.$inferSelect;

function materialView(r: MaterialRow, supplierName: string | null): Material {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    specification: r.specification,
    unit: r.unit,
    barcode: r.barcode,
    safetyStock: r.safetyStock,
    supplierId: r.supplierId,
    supplierName: r.supplierId == null ? null : supplierName,
    description: r.description,
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Materials as the API shows them, with the supplier's name looked up for these rows only. */
export async function materialViews(db: Executor, rows: MaterialRow[]): Promise<Material[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.supplierId).filter((v): v is number => v != null))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: bizPartners.id, name: bizPartners.name })
            .from(bizPartners)
            .where(inArray(bizPartners.id, ids))
        ).map((p) => [p.id, p.name])
      : [],
  );
  return rows.map((r) => materialView(r, r.supplierId == null ? null : (names.get(r.supplierId) ?? null)));
}

/** q as for products: code, name, specification or barcode contains the text (platform/master-list). */
function listFilter(q: { q?: string; type?: string[] }): SQL | undefined {
  return and(
    textFilter([materials.code, materials.name, materials.specification, materials.barcode], q.q),
    q.type?.length ? inArray(materials.type, q.type) : undefined,
  );
}

/** Always one page in code order with the filter's total (platform/master-list `pagedByCode`). */
export async function listMaterials(db: Executor, q: MaterialListQuery): Promise<{ data: Material[]; total: number }> {
  const { rows, total } = await pagedByCode(db, materials, materials.code, listFilter(q), {
    page: q.page,
    size: q.size,
    textFiltered: Boolean(q.q?.trim()),
  });
  return { data: await materialViews(db, rows), total };
}

export async function exportMaterials(db: Executor, q: MaterialExportQuery): Promise<Material[]> {
  return materialViews(db, await db.select().from(materials).where(listFilter(q)).orderBy(asc(materials.code)));
}

/** Look-up by name: up to 50 materials whose code or name contains the text, by code. */
export async function materialsByName(db: Executor, name: string): Promise<Material[]> {
  return materialViews(db, await pickListByCodeOrName(db, materials, materials.code, materials.name, name));
}

export async function materialByBarcode(db: Executor, barcode: string): Promise<Material> {
  const row = await firstOr404(db.select().from(materials).where(eq(materials.barcode, barcode.trim())), 'Material');
  return (await materialViews(db, [row]))[0];
}

export async function getMaterial(db: Executor, id: number): Promise<Material> {
  const row = await firstOr404(db.select().from(materials).where(eq(materials.id, id)), 'Material');
  return (await materialViews(db, [row]))[0];
}

/** Code and barcode are unique (an empty barcode is none): 409 DUPLICATE with the field. */
const assertFree = (tx: Executor, body: { code: string; barcode?: string | null }, exceptId?: number) =>
  assertUnique(tx, materials, materials.id, { code: materials.code, barcode: materials.barcode }, body, exceptId);

/** 400 notExists on supplierId unless it is a business partner whose types include SUPPLIER. */
async function assertSupplier(tx: Executor, supplierId: number | null | undefined) {
  if (supplierId == null) return;
  const [partner] = await tx
    .select({ id: bizPartners.id })
    .from(bizPartners)
    .where(and(eq(bizPartners.id, supplierId), arrayContains(bizPartners.types, [SUPPLIER])));
  if (!partner) throw invalidField('supplierId', 'notExists');
}

async function checkedValues(tx: Executor, body: MaterialCreate, currentExt?: Record<string, unknown> | null) {
  await assertCodeOf(tx, 'MATERIAL_TYPE', body.type, 'type');
  await assertCodeOf(tx, 'UNIT', body.unit, 'unit');
  await assertSupplier(tx, body.supplierId);
  const ext =
    currentExt !== undefined && body.ext === undefined
      ? undefined
      : await validateExt(tx, 'materials', body.ext, currentExt ?? undefined);
  return {
    code: body.code,
    name: body.name,
    type: body.type,
    specification: body.specification || null,
    unit: body.unit,
    barcode: body.barcode || null,
    safetyStock: body.safetyStock ?? null,
    supplierId: body.supplierId ?? null,
    description: body.description || null,
    ext,
  };
}

/** The insert of one material inside the caller's transaction (form, bulk create and Excel import share it). */
export async function insertMaterial(tx: Tx, actor: Actor, body: MaterialCreate): Promise<number> {
  await assertFree(tx, body);
  const values = await checkedValues(tx, body);
  const [row] = await tx
    .insert(materials)
    .values({ ...values, ...createdStamp(actor) })
    .returning({ id: materials.id });
  return row.id;
}

export async function createMaterial(db: Db, actor: Actor, body: MaterialCreate): Promise<Material> {
  const id = await uniqueAs(MATERIAL_UNIQUE, () => withTx(db, actor, (tx) => insertMaterial(tx, actor, body)));
  return getMaterial(db, id);
}

/** All or nothing; an error names the array index (extraData.index, field `<index>.<field>`). */
export async function createMaterials(db: Db, actor: Actor, bodies: MaterialCreate[]): Promise<Material[]> {
  const ids = await uniqueAs(MATERIAL_UNIQUE, () =>
    withTx(db, actor, (tx) => insertEach(bodies, (body) => insertMaterial(tx, actor, body))),
  );
  return materialViews(
    db,
    await db.select().from(materials).where(inArray(materials.id, ids)).orderBy(asc(materials.code)),
  );
}

export async function updateMaterial(db: Db, actor: Actor, body: MaterialUpdate): Promise<Material> {
  await uniqueAs(MATERIAL_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx
          .select({ id: materials.id, ext: materials.ext })
          .from(materials)
          .where(eq(materials.id, body.id))
          .for('update'),
        'Material',
      );
      await assertFree(tx, body, current.id);
      const values = await checkedValues(tx, body, current.ext);
      await tx
        .update(materials)
        .set({ ...values, ...updatedStamp(actor) })
        .where(eq(materials.id, current.id));
    }),
  );
  return getMaterial(db, body.id);
}

/** All or nothing: a missing id → 404; a material in any BOM blocks the delete (409 with those lines, screen bom). */
export async function deleteMaterials(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: materials.id }).from(materials).where(inArray(materials.id, ids)).for('update');
    if (found.length !== ids.length) throw notFound('Material');
    await assertNoRelated(tx, [
      {
        screen: 'bom',
        table: boms,
        id: sql<string>`(select p.code from products p where p.id = ${boms.parentProductId})`,
        name: sql<string>`(select p.name from products p where p.id = ${boms.parentProductId})`,
        createdBy: boms.createdBy,
        createdAt: boms.createdAt,
        where: inArray(boms.materialId, ids),
      },
    ]);
    await tx.delete(materials).where(inArray(materials.id, ids));
  });
}
