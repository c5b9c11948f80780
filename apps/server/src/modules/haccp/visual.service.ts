import {
  VISUAL_PHOTO_MIMES,
  VISUAL_PHOTOS_MAX,
  type HaccpRecordStatus,
  type VisualAmend,
  type VisualCreate,
  type VisualInspection,
  type VisualListQuery,
  type VisualPhoto,
  type VisualResult,
  visualFailsWithoutNote,
  visualResultOf,
} from '@eqms/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { auditView, createdStamp, pageOrAll, sameKey, uniqueConstraintOf, updatedStamp } from '../../platform/crud.ts';
import { addDays, instantAt, wallClockMinute } from '../../platform/dates.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { likePattern } from '../../platform/master-list.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { files } from '../files/files.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { users } from '../user/user.table.ts';
import { assertAmendable, assertDraft, assertReviewable, assertSignable } from './haccp-record.ts';
import { addSignature, signaturesOf, verifySigner } from './haccp-signature.ts';
import { visualInspectionPhotos, visualInspections } from './haccp.table.ts';

// Visual inspection (issue 16): a lot's or a day's visual checks with pass/fail and notes, photos and a note. The
// result is FAIL when any check fails (computed here, never sent). Signed PERFORMED by its operator once every failed
// check has its note, reviewed by another user, locked once signed (photos too), corrected by an amendment — a new
// record linked to it; the original keeps its photos. Every write is one transaction with the record locked.

const v = visualInspections;
const ph = visualInspectionPhotos;
const NOT_FOUND = 'Visual inspection';
const amendedById = sql<number | null>`(select a.id from visual_inspections a where a.amends_id = ${v.id})`;
const selectJoined = (db: Executor) =>
  db
    .select({
      v,
      lotId: lots.lotId,
      productCode: products.code,
      productName: products.name,
      operatorUserId: users.userId,
      operatorName: users.username,
      amendedById,
    })
    .from(v)
    .innerJoin(users, eq(users.id, v.operatorId))
    .leftJoin(lots, eq(lots.id, v.lotRowId))
    .leftJoin(products, eq(products.id, lots.productId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

const photoColumns = {
  id: ph.id,
  inspectionId: ph.inspectionId,
  name: files.name,
  mimeType: files.mimeType,
  size: files.size,
  createdBy: ph.createdBy,
  createdAt: ph.createdAt,
};
const photoView = (r: { createdAt: Date } & Omit<VisualPhoto, 'createdAt'>): VisualPhoto => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

async function photosOf(db: Executor, ids: number[]): Promise<Map<number, VisualPhoto[]>> {
  const out = new Map<number, VisualPhoto[]>();
  if (!ids.length) return out;
  const rows = await db
    .select(photoColumns)
    .from(ph)
    .innerJoin(files, eq(files.id, ph.fileId))
    .where(inArray(ph.inspectionId, ids))
    .orderBy(asc(ph.id));
  for (const r of rows) out.set(r.inspectionId, [...(out.get(r.inspectionId) ?? []), photoView(r)]);
  return out;
}

async function views(db: Executor, rows: Joined[], timeZone: string): Promise<VisualInspection[]> {
  const ids = rows.map((r) => r.v.id);
  const signatures = await signaturesOf(db, 'VISUAL', ids);
  const photos = await photosOf(db, ids);
  return rows.map(({ v: r, ...j }) => ({
    id: r.id,
    inspectedAt: wallClockMinute(r.inspectedAt, timeZone),
    lotRowId: r.lotRowId,
    lotId: j.lotId,
    productCode: j.productCode,
    productName: j.productName,
    checks: r.checks,
    result: r.result as VisualResult,
    note: r.note,
    operatorUserId: j.operatorUserId,
    operatorName: j.operatorName,
    status: r.status as HaccpRecordStatus,
    amendsId: r.amendsId,
    amendReason: r.amendReason,
    amendedById: j.amendedById == null ? null : Number(j.amendedById),
    photos: photos.get(r.id) ?? [],
    signatures: signatures.get(r.id) ?? [],
    ...auditView(r),
  }));
}

export async function getVisual(db: Executor, id: number, timeZone: string): Promise<VisualInspection> {
  const rows = await selectJoined(db).where(eq(v.id, id));
  if (!rows.length) throw notFound(NOT_FOUND);
  return (await views(db, rows, timeZone))[0];
}

/** One inspection with its amendment chain, the original first. */
export async function getVisualDetail(db: Executor, id: number, timeZone: string) {
  const record = await getVisual(db, id, timeZone);
  let rootId = id;
  for (let prev = record.amendsId; prev != null; ) {
    rootId = prev;
    const [up] = await db.select({ amendsId: v.amendsId }).from(v).where(eq(v.id, prev));
    prev = up?.amendsId ?? null;
  }
  const chain: VisualInspection[] = [];
  for (let next: number | null = rootId; next != null; ) {
    const link: VisualInspection = next === id ? record : await getVisual(db, next, timeZone);
    chain.push(link);
    next = link.amendedById;
  }
  return { ...record, chain };
}

/** The period's inspections, newest first: one page and the total when a page is asked, else all of them. */
export async function listVisual(
  db: Executor,
  q: VisualListQuery,
  timeZone: string,
): Promise<{ data: VisualInspection[]; total: number }> {
  const from = instantAt(`${q.startDt} 00:00`, timeZone);
  const to = instantAt(`${addDays(q.endDt, 1)} 00:00`, timeZone);
  const lotText = q.lotId?.trim();
  const where: SQL | undefined = and(
    gte(v.inspectedAt, from),
    lt(v.inspectedAt, to),
    q.result ? eq(v.result, q.result) : undefined,
    lotText ? sql`lower(${lots.lotId}) like lower(${likePattern(lotText)})` : undefined,
  );
  return pageOrAll(
    q,
    selectJoined(db).where(where).orderBy(desc(v.inspectedAt), desc(v.id)),
    async () => (await db.select({ n: count() }).from(v).leftJoin(lots, eq(lots.id, v.lotRowId)).where(where))[0].n,
    (rows) => views(db, rows, timeZone),
  );
}

/** The form's LOT ID look-up (any case). */
export async function visualLot(db: Executor, lotId: string) {
  const [lot] = await db
    .select({
      lotRowId: lots.id,
      lotId: lots.lotId,
      day: lots.day,
      productCode: products.code,
      productName: products.name,
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(sameKey(lots.lotId, lotId));
  if (!lot) throw notFound('Lot');
  return lot;
}

/** The row values of a body: the lot resolved by its LOT ID (400 on lotId when none has it), the result computed. */
async function rowValues(tx: Tx, body: VisualCreate, timeZone: string) {
  let lotRowId: number | null = null;
  if (body.lotId) {
    const [lot] = await tx.select({ id: lots.id }).from(lots).where(sameKey(lots.lotId, body.lotId));
    if (!lot) throw invalidField('lotId', 'notExists');
    lotRowId = lot.id;
  }
  return {
    inspectedAt: instantAt(body.inspectedAt, timeZone),
    lotRowId,
    checks: body.checks,
    result: visualResultOf(body.checks),
    note: body.note,
  };
}

/** A failed check needs its note before signing: 409 naming the checks (their indexes). */
function assertFailNotes(checks: { passed: boolean; note: string | null }[]) {
  const missing = visualFailsWithoutNote(checks);
  if (missing.length) throw conflict('visualFailNote', { missing });
}

export async function createVisual(
  db: Db,
  actor: Actor,
  body: VisualCreate,
  timeZone: string,
): Promise<VisualInspection> {
  return withTx(db, actor, async (tx) => {
    const [made] = await tx
      .insert(v)
      .values({ ...(await rowValues(tx, body, timeZone)), operatorId: actor.id, ...createdStamp(actor) })
      .returning({ id: v.id });
    return getVisual(tx, made.id, timeZone);
  });
}

async function lockRecord(tx: Tx, id: number) {
  const [row] = await tx.select().from(v).where(eq(v.id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function updateVisual(
  db: Db,
  actor: Actor,
  body: VisualCreate & { id: number },
  timeZone: string,
): Promise<VisualInspection> {
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, body.id);
    assertDraft(current.status);
    await tx
      .update(v)
      .set({ ...(await rowValues(tx, body, timeZone)), ...updatedStamp(actor) })
      .where(eq(v.id, body.id));
    return getVisual(tx, body.id, timeZone);
  });
}

export async function deleteVisual(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertDraft(current.status);
    const photos = await tx.select({ fileId: ph.fileId }).from(ph).where(eq(ph.inspectionId, id));
    await tx.delete(v).where(eq(v.id, id));
    if (photos.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          photos.map((p) => p.fileId),
        ),
      );
  });
}

/** The operator signs the inspection as performed (password checked first). */
export async function signVisual(db: Db, actor: Actor, id: number, password: string, timeZone: string) {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertSignable(current, actor);
    assertFailNotes(current.checks);
    await tx
      .update(v)
      .set({ status: 'SIGNED', ...updatedStamp(actor) })
      .where(eq(v.id, id));
    await addSignature(tx, actor, 'VISUAL', id, 'PERFORMED');
    return getVisual(tx, id, timeZone);
  });
}

/** Another user (never the operator) signs the signed inspection as reviewed. */
export async function reviewVisual(db: Db, actor: Actor, id: number, password: string, timeZone: string) {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertReviewable(current, actor);
    await tx
      .update(v)
      .set({ status: 'REVIEWED', ...updatedStamp(actor) })
      .where(eq(v.id, id));
    await addSignature(tx, actor, 'VISUAL', id, 'REVIEWED');
    return getVisual(tx, id, timeZone);
  });
}

/**
 * A correction of a signed or reviewed inspection: a new record linked to it (amends_id, with the reason), made and
 * signed AMENDED by the caller, who becomes its operator. The original stays as it was, with its photos.
 */
export async function amendVisual(db: Db, actor: Actor, id: number, body: VisualAmend, timeZone: string) {
  await exists(db, id);
  await verifySigner(db, actor, body.password);
  try {
    return await withTx(db, actor, async (tx) => {
      const original = await lockRecord(tx, id);
      const [later] = await tx.select({ id: v.id }).from(v).where(eq(v.amendsId, id));
      assertAmendable(original.status, later?.id);
      const values = await rowValues(tx, body, timeZone);
      assertFailNotes(values.checks);
      const [made] = await tx
        .insert(v)
        .values({
          ...values,
          operatorId: actor.id,
          status: 'SIGNED',
          amendsId: id,
          amendReason: body.reason,
          ...createdStamp(actor),
        })
        .returning({ id: v.id });
      await addSignature(tx, actor, 'VISUAL', made.id, 'AMENDED', body.reason);
      return getVisual(tx, made.id, timeZone);
    });
  } catch (e) {
    if (uniqueConstraintOf(e) === 'visual_inspections_amends_key') throw conflict('haccpAlreadyAmended');
    throw e;
  }
}

/** 404 before the password is checked, so a missing record never costs a signing try. */
export async function exists(db: Executor, id: number) {
  const [row] = await db.select({ id: v.id }).from(v).where(eq(v.id, id));
  if (!row) throw notFound(NOT_FOUND);
}

// ---- photos ----
export async function addVisualPhoto(db: Db, actor: Actor, id: number, file: UploadedFile): Promise<VisualPhoto> {
  if (!(VISUAL_PHOTO_MIMES as readonly string[]).includes(file.mime)) throw invalidField('file', 'visualPhotoType');
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertDraft(current.status);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ph)
      .where(eq(ph.inspectionId, id));
    if (n >= VISUAL_PHOTOS_MAX)
      throw conflict('visualPhotoLimit', { max: VISUAL_PHOTOS_MAX }, { max: VISUAL_PHOTOS_MAX });
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    const [photo] = await tx
      .insert(ph)
      .values({ inspectionId: id, fileId: stored.id, createdBy: actor.userId })
      .returning({ id: ph.id });
    await tx.update(v).set(updatedStamp(actor)).where(eq(v.id, id));
    const [row] = await tx
      .select(photoColumns)
      .from(ph)
      .innerJoin(files, eq(files.id, ph.fileId))
      .where(eq(ph.id, photo.id));
    return photoView(row);
  });
}

export async function visualPhotoFile(db: Executor, id: number) {
  const [row] = await db
    .select({ name: files.name, mimeType: files.mimeType, data: files.data })
    .from(ph)
    .innerJoin(files, eq(files.id, ph.fileId))
    .where(eq(ph.id, id));
  if (!row) throw notFound('Visual inspection photo');
  return row;
}

export async function removeVisualPhoto(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const [photo] = await tx.select({ inspectionId: ph.inspectionId, fileId: ph.fileId }).from(ph).where(eq(ph.id, id));
    if (!photo) throw notFound('Visual inspection photo');
    const current = await lockRecord(tx, photo.inspectionId);
    assertDraft(current.status);
    await tx.delete(ph).where(eq(ph.id, id));
    await tx.delete(files).where(eq(files.id, photo.fileId));
    await tx.update(v).set(updatedStamp(actor)).where(eq(v.id, photo.inspectionId));
  });
}
