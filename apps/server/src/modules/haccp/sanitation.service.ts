import type {
  HaccpRecordStatus,
  SanitationCheckItem,
  SanitationCheckList,
  SanitationCheckListAmend,
  SanitationCheckListCreate,
  SanitationCheckListQuery,
  SanitationCheckListUpdate,
  SanitationItemResult,
  SanitationTemplateCreate,
  SanitationTemplateItem,
  SanitationTemplateUpdate,
} from '@eqms/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  assertKeyFree,
  auditView,
  createdStamp,
  pageOrAll,
  uniqueAs,
  uniqueConstraintOf,
  updatedStamp,
} from '../../platform/crud.ts';
import { conflict, duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';
import { assertAmendable, assertDraft, assertReviewable, assertSignable } from './haccp-record.ts';
import { addSignature, signaturesOf, verifySigner } from './haccp-signature.ts';
import { sanitationCheckItems, sanitationCheckLists, sanitationTemplateItems } from './haccp.table.ts';

// The sanitation process check list (issue 16): per day and area (a location), the area's template items copied in,
// each pass/fail with a note. Signed (PERFORMED) by its operator once every item is checked and each failed item has
// its note (the corrective action); reviewed by another user; locked once signed and corrected only by an amendment —
// a new check list linked to the original (same day and area), signed AMENDED by its author. The record rules are
// haccp-record.ts's, shared with CCP monitoring. Every write is one transaction with the check list locked.

// ---- template items ----
const tpl = sanitationTemplateItems;
const templateView = (r: typeof tpl.$inferSelect, locationName: string): SanitationTemplateItem => ({
  id: r.id,
  locationId: r.locationId,
  locationName,
  name: r.name,
  sort: r.sort,
  enabled: r.enabled,
  ...auditView(r),
});

export async function listTemplateItems(db: Executor, locationId?: number): Promise<SanitationTemplateItem[]> {
  const rows = await db
    .select({ t: tpl, locationName: locations.name })
    .from(tpl)
    .innerJoin(locations, eq(locations.id, tpl.locationId))
    .where(locationId ? eq(tpl.locationId, locationId) : undefined)
    .orderBy(asc(locations.name), asc(tpl.locationId), asc(tpl.sort), asc(tpl.name));
  return rows.map((r) => templateView(r.t, r.locationName));
}

async function templateItem(db: Executor, id: number): Promise<SanitationTemplateItem> {
  const [row] = await db
    .select({ t: tpl, locationName: locations.name })
    .from(tpl)
    .innerJoin(locations, eq(locations.id, tpl.locationId))
    .where(eq(tpl.id, id));
  if (!row) throw notFound('Sanitation template item');
  return templateView(row.t, row.locationName);
}

async function assertLocation(tx: Executor, locationId: number) {
  const [row] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw invalidField('locationId', 'notExists');
  return row.name;
}

const UNIQUE_TEMPLATE = { sanitation_template_items_name_key: 'name' };

export async function createTemplateItem(
  db: Db,
  actor: Actor,
  body: SanitationTemplateCreate,
): Promise<SanitationTemplateItem> {
  return uniqueAs(UNIQUE_TEMPLATE, () =>
    withTx(db, actor, async (tx) => {
      await assertLocation(tx, body.locationId);
      await assertKeyFree(tx, tpl, tpl.id, 'name', tpl.name, body.name, {
        within: eq(tpl.locationId, body.locationId),
      });
      const [row] = await tx
        .insert(tpl)
        .values({ ...body, ...createdStamp(actor) })
        .returning({ id: tpl.id });
      return templateItem(tx, row.id);
    }),
  );
}

export async function updateTemplateItem(
  db: Db,
  actor: Actor,
  body: SanitationTemplateUpdate,
): Promise<SanitationTemplateItem> {
  return uniqueAs(UNIQUE_TEMPLATE, () =>
    withTx(db, actor, async (tx) => {
      const [current] = await tx.select({ id: tpl.id }).from(tpl).where(eq(tpl.id, body.id)).for('update');
      if (!current) throw notFound('Sanitation template item');
      await assertLocation(tx, body.locationId);
      await assertKeyFree(tx, tpl, tpl.id, 'name', tpl.name, body.name, {
        exceptId: body.id,
        within: eq(tpl.locationId, body.locationId),
      });
      const { id, ...values } = body;
      await tx
        .update(tpl)
        .set({ ...values, ...updatedStamp(actor) })
        .where(eq(tpl.id, id));
      return templateItem(tx, id);
    }),
  );
}

/** A template item can always go: the check lists made from it keep their own copy. */
export async function deleteTemplateItem(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const [gone] = await tx.delete(tpl).where(eq(tpl.id, id)).returning({ id: tpl.id });
    if (!gone) throw notFound('Sanitation template item');
  });
}

// ---- check lists ----
const s = sanitationCheckLists;
const it = sanitationCheckItems;
const amendedById = sql<number | null>`(select a.id from sanitation_check_lists a where a.amends_id = ${s.id})`;
const selectJoined = (db: Executor) =>
  db
    .select({
      s,
      locationName: locations.name,
      operatorUserId: users.userId,
      operatorName: users.username,
      amendedById,
    })
    .from(s)
    .innerJoin(locations, eq(locations.id, s.locationId))
    .innerJoin(users, eq(users.id, s.operatorId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

async function itemsOf(db: Executor, ids: number[]): Promise<Map<number, SanitationCheckItem[]>> {
  const out = new Map<number, SanitationCheckItem[]>();
  if (!ids.length) return out;
  const rows = await db.select().from(it).where(inArray(it.checkListId, ids)).orderBy(asc(it.sort), asc(it.id));
  for (const r of rows) {
    const list = out.get(r.checkListId) ?? [];
    list.push({ id: r.id, sort: r.sort, name: r.name, passed: r.passed, note: r.note });
    out.set(r.checkListId, list);
  }
  return out;
}

async function views(db: Executor, rows: Joined[]): Promise<SanitationCheckList[]> {
  const ids = rows.map((r) => r.s.id);
  const signatures = await signaturesOf(db, 'SANITATION', ids);
  const items = await itemsOf(db, ids);
  return rows.map(({ s: r, ...j }) => {
    const mine = items.get(r.id) ?? [];
    return {
      id: r.id,
      checkDate: r.checkDate,
      locationId: r.locationId,
      locationName: j.locationName,
      items: mine,
      failedCount: mine.filter((x) => x.passed === false).length,
      uncheckedCount: mine.filter((x) => x.passed == null).length,
      note: r.note,
      operatorUserId: j.operatorUserId,
      operatorName: j.operatorName,
      status: r.status as HaccpRecordStatus,
      amendsId: r.amendsId,
      amendReason: r.amendReason,
      amendedById: j.amendedById == null ? null : Number(j.amendedById),
      signatures: signatures.get(r.id) ?? [],
      ...auditView(r),
    };
  });
}

export async function getCheckList(db: Executor, id: number): Promise<SanitationCheckList> {
  const rows = await selectJoined(db).where(eq(s.id, id));
  if (!rows.length) throw notFound('Sanitation check list');
  return (await views(db, rows))[0];
}

/** One check list with its amendment chain, the original first. */
export async function getCheckListDetail(db: Executor, id: number) {
  const record = await getCheckList(db, id);
  let rootId = id;
  for (let prev = record.amendsId; prev != null; ) {
    rootId = prev;
    const [up] = await db.select({ amendsId: s.amendsId }).from(s).where(eq(s.id, prev));
    prev = up?.amendsId ?? null;
  }
  const chain: SanitationCheckList[] = [];
  for (let next: number | null = rootId; next != null; ) {
    const link: SanitationCheckList = next === id ? record : await getCheckList(db, next);
    chain.push(link);
    next = link.amendedById;
  }
  return { ...record, chain };
}

/** Check lists of the days startDt … endDt (optionally of one area), newest day first, by area. */
/** The period's check lists, newest day first: one page and the total when a page is asked, else all of them. */
export async function listCheckLists(
  db: Executor,
  q: SanitationCheckListQuery,
): Promise<{ data: SanitationCheckList[]; total: number }> {
  const where = and(
    gte(s.checkDate, q.startDt),
    lte(s.checkDate, q.endDt),
    q.locationId ? eq(s.locationId, q.locationId) : undefined,
  );
  return pageOrAll(
    q,
    selectJoined(db).where(where).orderBy(desc(s.checkDate), asc(locations.name), asc(s.id)),
    async () => (await db.select({ n: count() }).from(s).where(where))[0].n,
    (rows) => views(db, rows),
  );
}

export async function createCheckList(
  db: Db,
  actor: Actor,
  body: SanitationCheckListCreate,
): Promise<SanitationCheckList> {
  try {
    return await withTx(db, actor, async (tx) => {
      const locationName = await assertLocation(tx, body.locationId);
      const [held] = await tx
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.checkDate, body.checkDate), eq(s.locationId, body.locationId), isNull(s.amendsId)));
      if (held) throw dayTaken(body.checkDate, locationName, held.id);
      const template = await tx
        .select()
        .from(tpl)
        .where(and(eq(tpl.locationId, body.locationId), eq(tpl.enabled, true)))
        .orderBy(asc(tpl.sort), asc(tpl.name));
      if (!template.length) throw invalidField('locationId', 'sanitationNoTemplate');
      const [made] = await tx
        .insert(s)
        .values({ ...body, operatorId: actor.id, ...createdStamp(actor) })
        .returning({ id: s.id });
      await tx.insert(it).values(
        template.map((x, i) => ({
          checkListId: made.id,
          sort: i + 1,
          name: x.name,
          passed: null,
          note: null,
          ...createdStamp(actor),
        })),
      );
      return getCheckList(tx, made.id);
    });
  } catch (e) {
    if (uniqueConstraintOf(e) === 'sanitation_check_lists_day_key') throw duplicate('checkDate');
    throw e;
  }
}

/** 409 DUPLICATE on checkDate naming the check list that holds the day and area. */
const dayTaken = (checkDate: string, locationName: string, id: number) =>
  duplicate('checkDate', {
    value: `${checkDate} ${locationName}`,
    existing: { id, key: checkDate, name: locationName },
  });

async function lockCheckList(tx: Tx, id: number) {
  const [row] = await tx.select().from(s).where(eq(s.id, id)).for('update');
  if (!row) throw notFound('Sanitation check list');
  return row;
}

/** The results must name items of the check list (400 on `items` otherwise), each at most once. */
function resultsFor(results: SanitationItemResult[], items: { id: number }[]): Map<number, SanitationItemResult> {
  const known = new Set(items.map((x) => x.id));
  const out = new Map<number, SanitationItemResult>();
  for (const [i, r] of results.entries()) {
    if (!known.has(r.id) || out.has(r.id)) throw invalidField(`items.${i}.id`, 'sanitationUnknownItem');
    out.set(r.id, r);
  }
  return out;
}

/** Every item checked, and each failed item with its note (the corrective action): 409 naming the items otherwise. */
function assertComplete(items: { id: number; name: string; passed: boolean | null; note: string | null }[]) {
  const unchecked = items.filter((x) => x.passed == null);
  if (unchecked.length)
    throw conflict('sanitationUnchecked', { items: unchecked.map((x) => ({ id: x.id, name: x.name })) });
  const noNote = items.filter((x) => x.passed === false && !x.note);
  if (noNote.length) throw conflict('sanitationFailNote', { items: noNote.map((x) => ({ id: x.id, name: x.name })) });
}

export async function updateCheckList(
  db: Db,
  actor: Actor,
  body: SanitationCheckListUpdate,
): Promise<SanitationCheckList> {
  return withTx(db, actor, async (tx) => {
    const current = await lockCheckList(tx, body.id);
    assertDraft(current.status);
    const items = await tx.select({ id: it.id }).from(it).where(eq(it.checkListId, body.id));
    const results = resultsFor(body.items, items);
    for (const r of results.values())
      await tx
        .update(it)
        .set({ passed: r.passed, note: r.note, ...updatedStamp(actor) })
        .where(eq(it.id, r.id));
    await tx
      .update(s)
      .set({ note: body.note, ...updatedStamp(actor) })
      .where(eq(s.id, body.id));
    return getCheckList(tx, body.id);
  });
}

export async function deleteCheckList(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const current = await lockCheckList(tx, id);
    assertDraft(current.status);
    await tx.delete(s).where(eq(s.id, id));
  });
}

/** The operator signs the check list as performed (password checked first). */
export async function signCheckList(db: Db, actor: Actor, id: number, password: string): Promise<SanitationCheckList> {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockCheckList(tx, id);
    assertSignable(current, actor);
    assertComplete(await tx.select().from(it).where(eq(it.checkListId, id)).orderBy(asc(it.sort), asc(it.id)));
    await tx
      .update(s)
      .set({ status: 'SIGNED', ...updatedStamp(actor) })
      .where(eq(s.id, id));
    await addSignature(tx, actor, 'SANITATION', id, 'PERFORMED');
    return getCheckList(tx, id);
  });
}

/** Another user (never the operator) signs the signed check list as reviewed. */
export async function reviewCheckList(
  db: Db,
  actor: Actor,
  id: number,
  password: string,
): Promise<SanitationCheckList> {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockCheckList(tx, id);
    assertReviewable(current, actor);
    await tx
      .update(s)
      .set({ status: 'REVIEWED', ...updatedStamp(actor) })
      .where(eq(s.id, id));
    await addSignature(tx, actor, 'SANITATION', id, 'REVIEWED');
    return getCheckList(tx, id);
  });
}

/**
 * A correction of a signed or reviewed check list: a new check list of the same day and area linked to it (amends_id,
 * with the reason), its items copied from the original with the corrected results applied, complete, and signed
 * AMENDED by the caller, who becomes its operator. The original stays as it was.
 */
export async function amendCheckList(
  db: Db,
  actor: Actor,
  id: number,
  body: SanitationCheckListAmend,
): Promise<SanitationCheckList> {
  await exists(db, id);
  await verifySigner(db, actor, body.password);
  try {
    return await withTx(db, actor, async (tx) => {
      const original = await lockCheckList(tx, id);
      const [later] = await tx.select({ id: s.id }).from(s).where(eq(s.amendsId, id));
      assertAmendable(original.status, later?.id);
      const items = await tx.select().from(it).where(eq(it.checkListId, id)).orderBy(asc(it.sort), asc(it.id));
      const results = resultsFor(body.items, items);
      const corrected = items.map((x) => {
        const r = results.get(x.id);
        return { ...x, passed: r ? r.passed : x.passed, note: r ? r.note : x.note };
      });
      assertComplete(corrected);
      const [made] = await tx
        .insert(s)
        .values({
          checkDate: original.checkDate,
          locationId: original.locationId,
          note: body.note,
          operatorId: actor.id,
          status: 'SIGNED',
          amendsId: id,
          amendReason: body.reason,
          ...createdStamp(actor),
        })
        .returning({ id: s.id });
      await tx.insert(it).values(
        corrected.map((x) => ({
          checkListId: made.id,
          sort: x.sort,
          name: x.name,
          passed: x.passed,
          note: x.note,
          ...createdStamp(actor),
        })),
      );
      await addSignature(tx, actor, 'SANITATION', made.id, 'AMENDED', body.reason);
      return getCheckList(tx, made.id);
    });
  } catch (e) {
    if (uniqueConstraintOf(e) === 'sanitation_check_lists_amends_key') throw conflict('haccpAlreadyAmended');
    throw e;
  }
}

/** 404 before the password is checked, so a missing check list never costs a signing try. */
async function exists(db: Executor, id: number) {
  const [row] = await db.select({ id: s.id }).from(s).where(eq(s.id, id));
  if (!row) throw notFound('Sanitation check list');
}
