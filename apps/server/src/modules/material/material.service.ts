import {
  type Material,
  type MaterialCreate,
  type MaterialExportQuery,
  type MaterialListQuery,
  type MaterialUpdate,
  PICK_LIST_MAX,
} from '@eqms/contract';
import { and, arrayContains, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { assertNoRelated } from '../../platform/related.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { boms } from '../bom/bom.table.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { assertCodeOf, atIndex, likePattern } from '../product/product.service.ts';
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

/** q as for products: one `like` over the joined lower-cased code, name, specification and barcode. */
function listFilter(q: { q?: string; type?: string[] }): SQL | undefined {
  const where: SQL[] = [];
  const text = q.q?.trim();
  if (text) {
    where.push(
      sql`lower(concat_ws(chr(1), ${materials.code}, ${materials.name}, ${materials.specification}, ${materials.barcode})) like lower(${likePattern(text)})`,
    );
  }
  if (q.type?.length) where.push(inArray(materials.type, q.type));
  return where.length ? and(...where) : undefined;
}

/** Always one page in code order with the filter's total (a window count when there is a text filter). */
export async function listMaterials(db: Executor, q: MaterialListQuery): Promise<{ data: Material[]; total: number }> {
  const condition = listFilter(q);
  const offset = (q.page - 1) * q.size;
  if (!q.q?.trim()) {
    const rows = await db
      .select()
      .from(materials)
      .where(condition)
      .orderBy(asc(materials.code))
      .limit(q.size)
      .offset(offset);
    const [{ n }] = await db.select({ n: count() }).from(materials).where(condition);
    return { data: await materialViews(db, rows), total: Number(n) };
  }
  const rows = await db
    .select({ row: materials, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(materials)
    .where(condition)
    .orderBy(asc(materials.code))
    .limit(q.size)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0 ? 0 : Number((await db.select({ n: count() }).from(materials).where(condition))[0].n));
  return {
    data: await materialViews(
      db,
      rows.map((r) => r.row),
    ),
    total,
  };
}

export async function exportMaterials(db: Executor, q: MaterialExportQuery): Promise<Material[]> {
  return materialViews(db, await db.select().from(materials).where(listFilter(q)).orderBy(asc(materials.code)));
}

/** Look-up by name: up to 50 materials whose code or name contains the text, by code. */
export async function materialsByName(db: Executor, name: string): Promise<Material[]> {
  const p = likePattern(name.trim());
  const rows = await db
    .select()
    .from(materials)
    .where(or(ilike(materials.code, p), ilike(materials.name, p)))
    .orderBy(asc(materials.code))
    .limit(PICK_LIST_MAX);
  return materialViews(db, rows);
}

export async function materialByBarcode(db: Executor, barcode: string): Promise<Material> {
  const row = await firstOr404(db.select().from(materials).where(eq(materials.barcode, barcode.trim())), 'Material');
  return (await materialViews(db, [row]))[0];
}

export async function getMaterial(db: Executor, id: number): Promise<Material> {
  const row = await firstOr404(db.select().from(materials).where(eq(materials.id, id)), 'Material');
  return (await materialViews(db, [row]))[0];
}

async function assertFree(tx: Executor, body: { code: string; barcode?: string | null }, exceptId?: number) {
  const other = exceptId ? ne(materials.id, exceptId) : undefined;
  const [codeClash] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.code, body.code), other));
  if (codeClash) throw duplicate('code');
  if (body.barcode) {
    const [barcodeClash] = await tx
      .select({ id: materials.id })
      .from(materials)
      .where(and(eq(materials.barcode, body.barcode), other));
    if (barcodeClash) throw duplicate('barcode');
  }
}

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
    withTx(db, actor, async (tx) => {
      const out: number[] = [];
      for (const [index, body] of bodies.entries()) {
        try {
          out.push(await insertMaterial(tx, actor, body));
        } catch (e) {
          throw atIndex(e, index);
        }
      }
      return out;
    }),
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
