import type { Product, ProductCreate } from '@eqms/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { firstOr404, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { itemValues, masterService, valuesById } from '../../platform/master.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { files } from '../files/files.table.ts';
import { routes } from '../route/route.table.ts';
import { products } from './product.table.ts';

// Products are a plain master (platform/master.ts): this file declares them, and keeps what is theirs alone, the
// design image. Who refers to products (BOM lines) is declared by those modules and asked on delete.

export const PRODUCT_UNIQUE = { products_code_unique: 'code', products_barcode_unique: 'barcode' } as const;

type ProductRow = typeof products.$inferSelect;

/**
 * Products as the API shows them: the route's name and the design image's file name (never its bytes) are looked
 * up for these rows only, so a page query stays on the products table and its code index.
 */
async function productViews(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const routeNames = await valuesById(
    db,
    routes.id,
    routes.name,
    rows.map((r) => r.routeId),
  );
  const imageNames = await valuesById(
    db,
    files.id,
    files.name,
    rows.map((r) => r.designImageId),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    specification: r.specification,
    unit: r.unit,
    barcode: r.barcode,
    designImageId: r.designImageId,
    designImageName: r.designImageId == null ? null : (imageNames.get(r.designImageId) ?? null),
    routeId: r.routeId,
    routeName: r.routeId == null ? null : (routeNames.get(r.routeId) ?? null),
    lotQty: r.lotQty,
    packQty: r.packQty,
    safetyStock: r.safetyStock,
    shelfLifeDays: r.shelfLifeDays,
    description: r.description,
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The rules every write of a product checks: codes of the categories, an existing route. */
async function productValues(tx: Executor, body: ProductCreate) {
  await assertCodeOf(tx, 'PRODUCT_TYPE', body.type, 'type');
  await assertCodeOf(tx, 'UNIT', body.unit, 'unit');
  if (body.routeId != null) {
    const [route] = await tx.select({ id: routes.id }).from(routes).where(eq(routes.id, body.routeId));
    if (!route) throw invalidField('routeId', 'notExists');
  }
  return {
    ...itemValues(body),
    routeId: body.routeId ?? null,
    lotQty: body.lotQty ?? null,
    packQty: body.packQty ?? null,
    safetyStock: body.safetyStock ?? null,
    shelfLifeDays: body.shelfLifeDays ?? null,
    description: body.description || null,
  };
}

/**
 * List (q: code, name, specification or barcode; type), export, pick-list, barcode, get, insert (form, bulk and
 * Excel import), create, bulk create, update (the design image is not a form field: it keeps its value) and delete.
 * A delete is refused while a BOM line of a product not deleted in the same call holds one as its child; its own BOM
 * lines and operation plans go by their foreign keys (cascade), its design image file row here.
 */
export const productMaster = masterService({
  table: products,
  what: 'Product',
  columns: { id: products.id, code: products.code, name: products.name, barcode: products.barcode },
  unique: { code: products.code, barcode: products.barcode },
  uniqueConstraints: PRODUCT_UNIQUE,
  search: [products.code, products.name, products.specification, products.barcode],
  filters: (q: { type?: string[] }) => (q.type?.length ? inArray(products.type, q.type) : undefined),
  views: productViews,
  values: productValues,
  customFields: { column: products.ext, validate: (tx, ext, stored) => validateExt(tx, 'products', ext, stored) },
  afterDelete: async (tx, rows) => {
    const images = rows.map((r) => r.designImageId).filter((v): v is number => v != null);
    if (images.length) await tx.delete(files).where(inArray(files.id, images));
  },
});

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
  return productMaster.get(db, id);
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
  return productMaster.get(db, id);
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
