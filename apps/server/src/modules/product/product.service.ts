import type { Product, ProductCreate, ProductExportQuery, ProductListQuery, ProductUpdate } from '@eqms/contract';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { assertUnique, createdStamp, insertEach, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { pagedByCode, pickListByCodeOrName, textFilter } from '../../platform/master-list.ts';
import { assertNoRelated } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { boms } from '../bom/bom.table.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { files } from '../files/files.table.ts';
import { routes } from '../route/route.table.ts';
import { products } from './product.table.ts';

export const PRODUCT_UNIQUE = { products_code_unique: 'code', products_barcode_unique: 'barcode' };

type ProductRow = typeof products.$inferSelect;

function productView(r: ProductRow, routeName: string | null, designImageName: string | null): Product {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    specification: r.specification,
    unit: r.unit,
    barcode: r.barcode,
    designImageId: r.designImageId,
    designImageName: r.designImageId == null ? null : designImageName,
    routeId: r.routeId,
    routeName: r.routeId == null ? null : routeName,
    lotQty: r.lotQty,
    packQty: r.packQty,
    safetyStock: r.safetyStock,
    description: r.description,
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Products as the API shows them: the route's name and the design image's file name (never its bytes) are looked
 * up for these rows only, so a page query stays on the products table and its code index.
 */
export async function productViews(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const routeIds = [...new Set(rows.map((r) => r.routeId).filter((v): v is number => v != null))];
  const imageIds = rows.map((r) => r.designImageId).filter((v): v is number => v != null);
  const routeNames = new Map(
    routeIds.length
      ? (await db.select({ id: routes.id, name: routes.name }).from(routes).where(inArray(routes.id, routeIds))).map(
          (r) => [r.id, r.name],
        )
      : [],
  );
  const imageNames = new Map(
    imageIds.length
      ? (await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, imageIds))).map(
          (f) => [f.id, f.name],
        )
      : [],
  );
  return rows.map((r) =>
    productView(
      r,
      r.routeId == null ? null : (routeNames.get(r.routeId) ?? null),
      r.designImageId == null ? null : (imageNames.get(r.designImageId) ?? null),
    ),
  );
}

/** q: code, name, specification or barcode contains the text, case-insensitively (platform/master-list). */
function listFilter(q: { q?: string; type?: string[] }): SQL | undefined {
  return and(
    textFilter([products.code, products.name, products.specification, products.barcode], q.q),
    q.type?.length ? inArray(products.type, q.type) : undefined,
  );
}

/** Always one page in code order with the total of the filter (platform/master-list `pagedByCode`). */
export async function listProducts(db: Executor, q: ProductListQuery): Promise<{ data: Product[]; total: number }> {
  const { rows, total } = await pagedByCode(db, products, products.code, listFilter(q), {
    page: q.page,
    size: q.size,
    textFiltered: Boolean(q.q?.trim()),
  });
  return { data: await productViews(db, rows), total };
}

/** Every product matching the list's filters (the Excel export). */
export async function exportProducts(db: Executor, q: ProductExportQuery): Promise<Product[]> {
  return productViews(db, await db.select().from(products).where(listFilter(q)).orderBy(asc(products.code)));
}

/** Pick-list: up to 50 products whose code or name contains the text, by code. */
export async function productsByName(db: Executor, name: string): Promise<Product[]> {
  return productViews(db, await pickListByCodeOrName(db, products, products.code, products.name, name));
}

export async function productByBarcode(db: Executor, barcode: string): Promise<Product> {
  const row = await firstOr404(db.select().from(products).where(eq(products.barcode, barcode.trim())), 'Product');
  return (await productViews(db, [row]))[0];
}

export async function getProduct(db: Executor, id: number): Promise<Product> {
  const row = await firstOr404(db.select().from(products).where(eq(products.id, id)), 'Product');
  return (await productViews(db, [row]))[0];
}

/** Code and barcode are unique (an empty barcode is none): 409 DUPLICATE with the field. */
const assertFree = (tx: Executor, body: { code: string; barcode?: string | null }, exceptId?: number) =>
  assertUnique(tx, products, products.id, { code: products.code, barcode: products.barcode }, body, exceptId);

/** The rules every write of a product checks: codes of the categories, an existing route, custom fields. */
async function checkedValues(tx: Executor, body: ProductCreate, currentExt?: Record<string, unknown> | null) {
  await assertCodeOf(tx, 'PRODUCT_TYPE', body.type, 'type');
  await assertCodeOf(tx, 'UNIT', body.unit, 'unit');
  if (body.routeId != null) {
    const [route] = await tx.select({ id: routes.id }).from(routes).where(eq(routes.id, body.routeId));
    if (!route) throw invalidField('routeId', 'notExists');
  }
  const ext =
    currentExt !== undefined && body.ext === undefined
      ? undefined
      : await validateExt(tx, 'products', body.ext, currentExt ?? undefined);
  return {
    code: body.code,
    name: body.name,
    type: body.type,
    specification: body.specification || null,
    unit: body.unit,
    barcode: body.barcode || null,
    routeId: body.routeId ?? null,
    lotQty: body.lotQty ?? null,
    packQty: body.packQty ?? null,
    safetyStock: body.safetyStock ?? null,
    description: body.description || null,
    ext,
  };
}

/** The insert of one product inside the caller's transaction (form, bulk create and Excel import share it). */
export async function insertProduct(tx: Tx, actor: Actor, body: ProductCreate): Promise<number> {
  await assertFree(tx, body);
  const values = await checkedValues(tx, body);
  const [row] = await tx
    .insert(products)
    .values({ ...values, ...createdStamp(actor) })
    .returning({ id: products.id });
  return row.id;
}

export async function createProduct(db: Db, actor: Actor, body: ProductCreate): Promise<Product> {
  const id = await uniqueAs(PRODUCT_UNIQUE, () => withTx(db, actor, (tx) => insertProduct(tx, actor, body)));
  return getProduct(db, id);
}

/**
 * All or nothing. An error names the array index in `extraData.index` (and in a field error's name, e.g.
 * `3.code`), so the caller knows which element to fix.
 */
export async function createProducts(db: Db, actor: Actor, bodies: ProductCreate[]): Promise<Product[]> {
  const ids = await uniqueAs(PRODUCT_UNIQUE, () =>
    withTx(db, actor, (tx) => insertEach(bodies, (body) => insertProduct(tx, actor, body))),
  );
  return productViews(
    db,
    await db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.code)),
  );
}

/** The image and everything else keep their values unless given; an omitted ext keeps the stored values. */
export async function updateProduct(db: Db, actor: Actor, body: ProductUpdate): Promise<Product> {
  await uniqueAs(PRODUCT_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select({ id: products.id, ext: products.ext }).from(products).where(eq(products.id, body.id)).for('update'),
        'Product',
      );
      await assertFree(tx, body, current.id);
      const values = await checkedValues(tx, body, current.ext);
      await tx
        .update(products)
        .set({ ...values, ...updatedStamp(actor) })
        .where(eq(products.id, current.id));
    }),
  );
  return getProduct(db, body.id);
}

/**
 * All or nothing: a missing id → 404. A product that is a child in another product's BOM blocks the delete
 * (409 with those BOM lines, screen bom); a BOM line whose parent is deleted in the same call does not block. The
 * product's own BOM lines and operation plans go with it by their foreign keys (cascade), its design image here.
 */
export async function deleteProducts(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: products.id, designImageId: products.designImageId })
      .from(products)
      .where(inArray(products.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Product');
    await assertNoRelated(tx, [
      {
        screen: 'bom',
        table: boms,
        id: sql<string>`(select p.code from products p where p.id = ${boms.parentProductId})`,
        name: sql<string>`(select p.name from products p where p.id = ${boms.parentProductId})`,
        createdBy: boms.createdBy,
        createdAt: boms.createdAt,
        where: and(inArray(boms.childProductId, ids), notInArray(boms.parentProductId, ids))!,
      },
    ]);
    // Its own BOM lines and operation plans go with it (FK cascade).
    await tx.delete(products).where(inArray(products.id, ids));
    const images = found.map((f) => f.designImageId).filter((v): v is number => v != null);
    if (images.length) await tx.delete(files).where(inArray(files.id, images));
  });
}

/** Replaces the design image (already checked: an image within DESIGN_IMAGE_MAX_BYTES); the old file row goes. */
export async function setDesignImage(db: Db, actor: Actor, id: number, file: UploadedFile): Promise<Product> {
  await withTx(db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select({ designImageId: products.designImageId }).from(products).where(eq(products.id, id)).for('update'),
      'Product',
    );
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    await tx
      .update(products)
      .set({ designImageId: stored.id, ...updatedStamp(actor) })
      .where(eq(products.id, id));
    if (current.designImageId != null) await tx.delete(files).where(eq(files.id, current.designImageId));
  });
  return getProduct(db, id);
}

export async function removeDesignImage(db: Db, actor: Actor, id: number): Promise<Product> {
  await withTx(db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select({ designImageId: products.designImageId }).from(products).where(eq(products.id, id)).for('update'),
      'Product',
    );
    if (current.designImageId == null) return;
    await tx
      .update(products)
      .set({ designImageId: null, ...updatedStamp(actor) })
      .where(eq(products.id, id));
    await tx.delete(files).where(eq(files.id, current.designImageId));
  });
  return getProduct(db, id);
}

export async function designImageOf(
  db: Executor,
  id: number,
): Promise<{ name: string; mimeType: string; data: Buffer }> {
  const product = await firstOr404(
    db.select({ designImageId: products.designImageId }).from(products).where(eq(products.id, id)),
    'Product',
  );
  if (product.designImageId == null) throw notFound('Design image');
  return firstOr404(
    db
      .select({ name: files.name, mimeType: files.mimeType, data: files.data })
      .from(files)
      .where(eq(files.id, product.designImageId)),
    'Design image',
  );
}
