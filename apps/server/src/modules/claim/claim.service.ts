import {
  CLAIM_PHOTO_MIMES,
  CLAIM_PHOTOS_MAX,
  type Claim,
  type ClaimCreate,
  type ClaimFilter,
  type ClaimLot,
  type ClaimPhoto,
  type ClaimStatus,
  type ClaimUpdate,
  claimNextStatuses,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { auditView, createdStamp, sameKey, updatedStamp } from '../../platform/crud.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { textFilter } from '../../platform/master-list.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { files } from '../files/files.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { shipmentLots, shipments } from '../shipment/shipment.table.ts';
import { claimPhotos, claims } from './claim.table.ts';

// Claims: a customer complaint about a product (and one of its lots when known), its photos, and its way from
// RECEIVED to CLOSED. Every write is one transaction; the claim row is locked while its status moves, so two saves
// cannot both take "the next step" from the same state.

const c = claims;
const photoCount = sql<number>`(select count(*) from claim_photos p where p.claim_id = ${c.id})`.mapWith(Number);
const selectJoined = (db: Executor) =>
  db
    .select({
      c,
      bizPartnerName: bizPartners.name,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      lotId: lots.lotId,
      photoCount,
    })
    .from(c)
    .innerJoin(bizPartners, eq(bizPartners.id, c.bizPartnerId))
    .innerJoin(products, eq(products.id, c.productId))
    .leftJoin(lots, eq(lots.id, c.lotRowId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

const view = ({ c: r, ...j }: Joined): Claim => ({
  claimId: r.id,
  receivedDt: r.receivedDt,
  bizPartnerId: r.bizPartnerId,
  bizPartnerName: j.bizPartnerName,
  productId: r.productId,
  productCode: j.productCode,
  productName: j.productName,
  unit: j.unit,
  lotId: j.lotId,
  lotRowId: r.lotRowId,
  claimQty: r.claimQty,
  content: r.content,
  cause: r.cause,
  countermeasure: r.countermeasure,
  status: r.status as ClaimStatus,
  closedDt: r.closedDt,
  photoCount: j.photoCount,
  ...auditView(r),
});

export async function getClaim(db: Executor, id: number): Promise<Claim> {
  const [row] = await selectJoined(db).where(eq(c.id, id));
  if (!row) throw notFound('Claim');
  return view(row);
}

/** The filter's claims, newest received first; one page and the total when a page is asked. */
export async function listClaims(
  db: Executor,
  q: ClaimFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: Claim[]; total: number }> {
  const where: SQL | undefined = and(
    q.startDt ? gte(c.receivedDt, q.startDt) : undefined,
    q.endDt ? lte(c.receivedDt, q.endDt) : undefined,
    q.status ? eq(c.status, q.status) : undefined,
    q.bizPartnerId ? eq(c.bizPartnerId, q.bizPartnerId) : undefined,
    q.productId ? eq(c.productId, q.productId) : undefined,
    textFilter([c.content, c.cause, c.countermeasure, lots.lotId, products.code, products.name, bizPartners.name], q.q),
  );
  const ordered = selectJoined(db).where(where).orderBy(desc(c.receivedDt), desc(c.id));
  if (!page?.size) {
    const rows = await ordered;
    return { data: rows.map(view), total: rows.length };
  }
  const rows = await ordered.limit(page.size).offset(((page.page ?? 1) - 1) * page.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(c)
    .innerJoin(bizPartners, eq(bizPartners.id, c.bizPartnerId))
    .innerJoin(products, eq(products.id, c.productId))
    .leftJoin(lots, eq(lots.id, c.lotRowId))
    .where(where);
  return { data: rows.map(view), total: n };
}

/** Checks the customer, product and lot of a claim and answers the lot row (null without a LOT ID). */
async function resolveRefs(tx: Tx, body: ClaimCreate): Promise<number | null> {
  await assertPartnerOfType(tx, body.bizPartnerId, 'CUSTOMER', 'bizPartnerId');
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
  if (!product) throw invalidField('productId', 'notExists');
  if (!body.lotId) return null;
  const [lot] = await tx
    .select({ id: lots.id, productId: lots.productId })
    .from(lots)
    .where(sameKey(lots.lotId, body.lotId));
  if (!lot) throw invalidField('lotId', 'notExists');
  if (lot.productId !== body.productId) throw invalidField('lotId', 'claimLotProduct');
  return lot.id;
}

const rowValues = (body: ClaimCreate, lotRowId: number | null) => ({
  receivedDt: body.receivedDt,
  bizPartnerId: body.bizPartnerId,
  productId: body.productId,
  lotRowId,
  claimQty: body.claimQty,
  content: body.content,
  cause: body.cause,
  countermeasure: body.countermeasure,
  status: body.status,
  closedDt: body.closedDt,
});

function assertStep(from: ClaimStatus | null, to: ClaimStatus) {
  if (!claimNextStatuses(from).includes(to))
    throw conflict(
      'claimStatusStep',
      { from: from ?? '', to, allowed: claimNextStatuses(from) },
      {
        from: from ?? '-',
        to,
      },
    );
}

export async function createClaim(db: Db, actor: Actor, body: ClaimCreate): Promise<Claim> {
  return withTx(db, actor, async (tx) => {
    assertStep(null, body.status);
    const lotRowId = await resolveRefs(tx, body);
    const [made] = await tx
      .insert(c)
      .values({ ...rowValues(body, lotRowId), ...createdStamp(actor) })
      .returning({ id: c.id });
    return getClaim(tx, made.id);
  });
}

async function lockClaim(tx: Tx, id: number) {
  const [row] = await tx.select({ id: c.id, status: c.status }).from(c).where(eq(c.id, id)).for('update');
  if (!row) throw notFound('Claim');
  return { id: row.id, status: row.status as ClaimStatus };
}

export async function updateClaim(db: Db, actor: Actor, body: ClaimUpdate): Promise<Claim> {
  return withTx(db, actor, async (tx) => {
    const current = await lockClaim(tx, body.claimId);
    assertStep(current.status, body.status);
    const lotRowId = await resolveRefs(tx, body);
    await tx
      .update(c)
      .set({ ...rowValues(body, lotRowId), ...updatedStamp(actor) })
      .where(eq(c.id, body.claimId));
    return getClaim(tx, body.claimId);
  });
}

export async function deleteClaim(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockClaim(tx, id);
    const photos = await tx.select({ fileId: claimPhotos.fileId }).from(claimPhotos).where(eq(claimPhotos.claimId, id));
    await tx.delete(c).where(eq(c.id, id));
    if (photos.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          photos.map((p) => p.fileId),
        ),
      );
  });
}

const photoView = (r: {
  id: number;
  claimId: number;
  name: string;
  mimeType: string;
  size: number;
  createdBy: string | null;
  createdAt: Date;
}): ClaimPhoto => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});
const photoColumns = {
  id: claimPhotos.id,
  claimId: claimPhotos.claimId,
  name: files.name,
  mimeType: files.mimeType,
  size: files.size,
  createdBy: claimPhotos.createdBy,
  createdAt: claimPhotos.createdAt,
};

export async function listPhotos(db: Executor, claimId: number): Promise<ClaimPhoto[]> {
  const [claim] = await db.select({ id: c.id }).from(c).where(eq(c.id, claimId));
  if (!claim) throw notFound('Claim');
  const rows = await db
    .select(photoColumns)
    .from(claimPhotos)
    .innerJoin(files, eq(files.id, claimPhotos.fileId))
    .where(eq(claimPhotos.claimId, claimId))
    .orderBy(asc(claimPhotos.id));
  return rows.map(photoView);
}

/** A closed claim is a finished record: its photos change only after it is reopened. */
function assertOpen(status: ClaimStatus) {
  if (status === 'CLOSED') throw conflict('claimClosed');
}

export async function addPhoto(db: Db, actor: Actor, claimId: number, file: UploadedFile): Promise<ClaimPhoto> {
  if (!(CLAIM_PHOTO_MIMES as readonly string[]).includes(file.mime)) throw invalidField('file', 'claimPhotoType');
  return withTx(db, actor, async (tx) => {
    const claim = await lockClaim(tx, claimId);
    assertOpen(claim.status);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(claimPhotos)
      .where(eq(claimPhotos.claimId, claimId));
    if (n >= CLAIM_PHOTOS_MAX) throw conflict('claimPhotoLimit', { max: CLAIM_PHOTOS_MAX }, { max: CLAIM_PHOTOS_MAX });
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    const [photo] = await tx
      .insert(claimPhotos)
      .values({ claimId, fileId: stored.id, createdBy: actor.userId })
      .returning({ id: claimPhotos.id });
    await tx.update(c).set(updatedStamp(actor)).where(eq(c.id, claimId));
    const [row] = await tx
      .select(photoColumns)
      .from(claimPhotos)
      .innerJoin(files, eq(files.id, claimPhotos.fileId))
      .where(eq(claimPhotos.id, photo.id));
    return photoView(row);
  });
}

export async function photoFile(db: Executor, id: number) {
  const [row] = await db
    .select({ name: files.name, mimeType: files.mimeType, data: files.data })
    .from(claimPhotos)
    .innerJoin(files, eq(files.id, claimPhotos.fileId))
    .where(eq(claimPhotos.id, id));
  if (!row) throw notFound('Claim photo');
  return row;
}

export async function removePhoto(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const [photo] = await tx
      .select({ claimId: claimPhotos.claimId, fileId: claimPhotos.fileId })
      .from(claimPhotos)
      .where(eq(claimPhotos.id, id));
    if (!photo) throw notFound('Claim photo');
    const claim = await lockClaim(tx, photo.claimId);
    assertOpen(claim.status);
    await tx.delete(claimPhotos).where(eq(claimPhotos.id, id));
    await tx.delete(files).where(eq(files.id, photo.fileId));
    await tx.update(c).set(updatedStamp(actor)).where(eq(c.id, photo.claimId));
  });
}

/** The form's LOT ID look-up (any case): the lot, its product and the customers it was shipped to (not cancelled). */
export async function lotLookup(db: Executor, lotId: string): Promise<ClaimLot> {
  const [lot] = await db
    .select({
      lotRowId: lots.id,
      lotId: lots.lotId,
      day: lots.day,
      productId: lots.productId,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(sameKey(lots.lotId, lotId));
  if (!lot) throw notFound('Lot');
  const shippedTo = await db
    .selectDistinct({ bizPartnerId: shipments.bizPartnerId, bizPartnerName: bizPartners.name })
    .from(shipmentLots)
    .innerJoin(shipments, eq(shipments.id, shipmentLots.shipmentId))
    .innerJoin(bizPartners, eq(bizPartners.id, shipments.bizPartnerId))
    .where(and(eq(shipmentLots.lotRowId, lot.lotRowId), eq(shipments.canceled, false)))
    .orderBy(bizPartners.name);
  return { ...lot, shippedTo };
}
