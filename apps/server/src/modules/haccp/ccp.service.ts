import {
  type Ccp,
  type CcpCreate,
  type CcpLimitKind,
  type CcpMonitoring,
  type CcpMonitoringAmend,
  type CcpMonitoringCreate,
  type CcpMonitoringListQuery,
  type CcpType,
  type CcpUpdate,
  type HaccpRecordStatus,
  type MissingCheck,
  isDeviation,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  auditView,
  createdStamp,
  pageOf,
  sameKey,
  uniqueAs,
  uniqueConstraintOf,
  updatedStamp,
} from '../../platform/crud.ts';
import { addDays, instantAt, wallClockMinute } from '../../platform/dates.ts';
import { conflict, duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced, type References } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { users } from '../user/user.table.ts';
import { assertAmendable, assertDraft, assertReviewable, assertSignable } from './haccp-record.ts';
import { addSignature, signaturesOf, verifySigner } from './haccp-signature.ts';
import { ccpMonitorings, ccps } from './haccp.table.ts';

// CCP monitoring (issue 16): critical control points and their checks. A check outside the critical limits is a
// deviation; it is signed (PERFORMED) by its operator only once it has its corrective action. A signed record is locked:
// it is reviewed by another user (REVIEWED) and corrected only by an amendment — a new record linked to it, signed
// AMENDED by its author. Every write is one transaction with the record row locked (FOR UPDATE).

// ---- critical control points ----
const ccpView = (r: typeof ccps.$inferSelect): Ccp => ({
  id: r.id,
  name: r.name,
  type: r.type as CcpType,
  limitKind: r.limitKind as CcpLimitKind,
  minValue: r.minValue,
  maxValue: r.maxValue,
  unit: r.unit,
  frequencyHours: r.frequencyHours,
  enabled: r.enabled,
  note: r.note,
  ...auditView(r),
});

export async function listCcps(db: Executor, type?: CcpType): Promise<Ccp[]> {
  const rows = await db
    .select()
    .from(ccps)
    .where(type ? eq(ccps.type, type) : undefined)
    .orderBy(asc(ccps.name), asc(ccps.id));
  return rows.map(ccpView);
}

const ccpValues = (b: CcpCreate) => ({
  name: b.name,
  type: b.type,
  limitKind: b.limitKind,
  minValue: b.minValue,
  maxValue: b.maxValue,
  unit: b.unit,
  frequencyHours: b.frequencyHours,
  enabled: b.enabled,
  note: b.note,
});

async function assertFreeName(tx: Tx, name: string, exceptId?: number) {
  const [held] = await tx.select({ id: ccps.id }).from(ccps).where(sameKey(ccps.name, name));
  if (held && held.id !== exceptId) throw duplicate('name');
}

export async function createCcp(db: Db, actor: Actor, body: CcpCreate): Promise<Ccp> {
  return uniqueAs({ ccps_name_key: 'name' }, () =>
    withTx(db, actor, async (tx) => {
      await assertFreeName(tx, body.name);
      const [row] = await tx
        .insert(ccps)
        .values({ ...ccpValues(body), ...createdStamp(actor) })
        .returning();
      return ccpView(row);
    }),
  );
}

export async function updateCcp(db: Db, actor: Actor, body: CcpUpdate): Promise<Ccp> {
  return uniqueAs({ ccps_name_key: 'name' }, () =>
    withTx(db, actor, async (tx) => {
      await assertFreeName(tx, body.name, body.id);
      const [row] = await tx
        .update(ccps)
        .set({ ...ccpValues(body), ...updatedStamp(actor) })
        .where(eq(ccps.id, body.id))
        .returning();
      if (!row) throw notFound('CCP');
      return ccpView(row);
    }),
  );
}

export async function deleteCcp(db: Db, references: References, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const [row] = await tx.select({ id: ccps.id }).from(ccps).where(eq(ccps.id, id)).for('update');
    if (!row) throw notFound('CCP');
    await assertNotReferenced(tx, references, ccps, [id]);
    await tx.delete(ccps).where(eq(ccps.id, id));
  });
}

// ---- monitoring records ----
const m = ccpMonitorings;
const amendedById = sql<number | null>`(select a.id from ccp_monitorings a where a.amends_id = ${m.id})`;
const selectJoined = (db: Executor) =>
  db
    .select({
      m,
      ccpName: ccps.name,
      ccpType: ccps.type,
      unit: ccps.unit,
      operatorUserId: users.userId,
      operatorName: users.username,
      amendedById,
    })
    .from(m)
    .innerJoin(ccps, eq(ccps.id, m.ccpId))
    .innerJoin(users, eq(users.id, m.operatorId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

async function views(db: Executor, rows: Joined[], timeZone: string): Promise<CcpMonitoring[]> {
  const signatures = await signaturesOf(
    db,
    'CCP',
    rows.map((r) => r.m.id),
  );
  return rows.map(({ m: r, ...j }) => ({
    id: r.id,
    ccpId: r.ccpId,
    ccpName: j.ccpName,
    ccpType: j.ccpType as CcpType,
    limitKind: r.limitKind as CcpLimitKind,
    minValue: r.minValue,
    maxValue: r.maxValue,
    unit: j.unit,
    checkedAt: wallClockMinute(r.checkedAt, timeZone),
    measuredValue: r.measuredValue,
    passed: r.passed,
    deviation: r.deviation,
    productAction: r.productAction,
    cause: r.cause,
    actionBy: r.actionBy,
    note: r.note,
    operatorUserId: j.operatorUserId,
    operatorName: j.operatorName,
    status: r.status as HaccpRecordStatus,
    amendsId: r.amendsId,
    amendReason: r.amendReason,
    amendedById: j.amendedById == null ? null : Number(j.amendedById),
    signatures: signatures.get(r.id) ?? [],
    ...auditView(r),
  }));
}

export async function getMonitoring(db: Executor, id: number, timeZone: string): Promise<CcpMonitoring> {
  const rows = await selectJoined(db).where(eq(m.id, id));
  if (!rows.length) throw notFound('CCP monitoring record');
  return (await views(db, rows, timeZone))[0];
}

/** One record with its amendment chain, the original first. */
export async function getMonitoringDetail(db: Executor, id: number, timeZone: string) {
  const record = await getMonitoring(db, id, timeZone);
  let rootId = id;
  for (let prev = record.amendsId; prev != null; ) {
    rootId = prev;
    const [up] = await db.select({ amendsId: m.amendsId }).from(m).where(eq(m.id, prev));
    prev = up?.amendsId ?? null;
  }
  const chain: CcpMonitoring[] = [];
  for (let next: number | null = rootId; next != null; ) {
    const link: CcpMonitoring = next === id ? record : await getMonitoring(db, next, timeZone);
    chain.push(link);
    next = link.amendedById;
  }
  return { ...record, chain };
}

/** The period's bounds as instants: startDt 00:00 … the day after endDt 00:00 (factory time). */
const periodOf = (q: { startDt: string; endDt: string }, timeZone: string) => ({
  from: instantAt(`${q.startDt} 00:00`, timeZone),
  to: instantAt(`${addDays(q.endDt, 1)} 00:00`, timeZone),
});

/**
 * The period's records newest first — one page and the total when a page is asked (a week of 150 CCPs is 3,300
 * records) — and its missing checks, worked out from the checked times of every record of the period.
 */
export async function listMonitorings(
  db: Executor,
  q: CcpMonitoringListQuery,
  timeZone: string,
  now = new Date(),
): Promise<{ data: CcpMonitoring[]; total: number; missing: MissingCheck[] }> {
  const { from, to } = periodOf(q, timeZone);
  const where: SQL | undefined = and(
    gte(m.checkedAt, from),
    lt(m.checkedAt, to),
    q.type ? eq(ccps.type, q.type) : undefined,
    q.ccpId ? eq(m.ccpId, q.ccpId) : undefined,
  );
  const ordered = selectJoined(db).where(where).orderBy(desc(m.checkedAt), desc(m.id));
  const p = pageOf(q);
  const rows = p ? await ordered.limit(p.limit).offset(p.offset) : await ordered;
  const checked = p
    ? await db
        .select({ m: { ccpId: m.ccpId, checkedAt: m.checkedAt } })
        .from(m)
        .innerJoin(ccps, eq(ccps.id, m.ccpId))
        .where(where)
    : rows;
  const data = await views(db, rows, timeZone);
  const points = await db
    .select()
    .from(ccps)
    .where(
      and(
        eq(ccps.enabled, true),
        sql`${ccps.frequencyHours} is not null`,
        q.type ? eq(ccps.type, q.type) : undefined,
        q.ccpId ? eq(ccps.id, q.ccpId) : undefined,
      ),
    )
    .orderBy(asc(ccps.name));
  return { data, total: checked.length, missing: missingChecks(points, checked, q, timeZone, now) };
}

/**
 * The slots of each CCP's frequency in the period with no record checked in them: each day from 00:00 every N hours
 * (the day's last slot ends at midnight). Only slots already over count, and only after the CCP was created.
 */
export function missingChecks(
  points: (typeof ccps.$inferSelect)[],
  rows: { m: { ccpId: number; checkedAt: Date } }[],
  q: { startDt: string; endDt: string },
  timeZone: string,
  now: Date,
): MissingCheck[] {
  const checked = new Map<number, number[]>();
  for (const { m: r } of rows) {
    const list = checked.get(r.ccpId) ?? [];
    list.push(r.checkedAt.getTime());
    checked.set(r.ccpId, list);
  }
  const out: MissingCheck[] = [];
  for (let day = q.endDt; day >= q.startDt; day = addDays(day, -1)) {
    const nextDay = instantAt(`${addDays(day, 1)} 00:00`, timeZone).getTime();
    // The day's hours as instants, each worked out once for every CCP (a week of 150 CCPs: 3,000 slots).
    const hours = new Map<number, number>();
    const hourAt = (h: number) => {
      let at = hours.get(h);
      if (at === undefined) {
        at = instantAt(`${day} ${String(h).padStart(2, '0')}:00`, timeZone).getTime();
        hours.set(h, at);
      }
      return at;
    };
    for (const p of points) {
      const f = p.frequencyHours ?? 24;
      const times = checked.get(p.id) ?? [];
      for (let h = 24 - (24 % f || f); h >= 0; h -= f) {
        const start = hourAt(h);
        const end = h + f >= 24 ? nextDay : hourAt(h + f);
        if (end > now.getTime() || end <= p.createdAt.getTime()) continue;
        if (times.some((t) => t >= start && t < end)) continue;
        out.push({
          ccpId: p.id,
          ccpName: p.name,
          ccpType: p.type as CcpType,
          slotStart: wallClockMinute(new Date(start), timeZone),
          slotEnd: wallClockMinute(new Date(end), timeZone),
        });
      }
    }
  }
  return out;
}

/** The CCP of a record and the record's judged values (the limits copied in). */
async function judged(tx: Tx, body: CcpMonitoringCreate) {
  const [ccp] = await tx.select().from(ccps).where(eq(ccps.id, body.ccpId));
  if (!ccp) throw invalidField('ccpId', 'notExists');
  if (!ccp.enabled) throw invalidField('ccpId', 'ccpDisabled');
  if (ccp.limitKind === 'RANGE' && body.measuredValue == null) throw invalidField('measuredValue', 'ccpValueKind');
  if (ccp.limitKind === 'PASS_FAIL' && body.passed == null) throw invalidField('passed', 'ccpPassKind');
  const limits = { limitKind: ccp.limitKind as CcpLimitKind, minValue: ccp.minValue, maxValue: ccp.maxValue };
  const values = {
    measuredValue: ccp.limitKind === 'RANGE' ? body.measuredValue : null,
    passed: ccp.limitKind === 'PASS_FAIL' ? body.passed : null,
  };
  return { ...limits, ...values, deviation: isDeviation(limits, values) };
}

const recordValues = (body: CcpMonitoringCreate, timeZone: string) => ({
  ccpId: body.ccpId,
  checkedAt: instantAt(body.checkedAt, timeZone),
  productAction: body.productAction,
  cause: body.cause,
  actionBy: body.actionBy,
  note: body.note,
});

function assertAction(r: {
  deviation: boolean;
  productAction: string | null;
  cause: string | null;
  actionBy: string | null;
}) {
  if (r.deviation && !(r.productAction && r.cause && r.actionBy))
    throw conflict('ccpDeviationAction', {
      missing: ['productAction', 'cause', 'actionBy'].filter((f) => !r[f as 'cause']),
    });
}

export async function createMonitoring(
  db: Db,
  actor: Actor,
  body: CcpMonitoringCreate,
  timeZone: string,
): Promise<CcpMonitoring> {
  return withTx(db, actor, async (tx) => {
    const judgedValues = await judged(tx, body);
    const [made] = await tx
      .insert(m)
      .values({ ...recordValues(body, timeZone), ...judgedValues, operatorId: actor.id, ...createdStamp(actor) })
      .returning({ id: m.id });
    return getMonitoring(tx, made.id, timeZone);
  });
}

async function lockRecord(tx: Tx, id: number) {
  const [row] = await tx.select().from(m).where(eq(m.id, id)).for('update');
  if (!row) throw notFound('CCP monitoring record');
  return row;
}

export async function updateMonitoring(
  db: Db,
  actor: Actor,
  body: CcpMonitoringCreate & { id: number },
  timeZone: string,
): Promise<CcpMonitoring> {
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, body.id);
    assertDraft(current.status);
    const judgedValues = await judged(tx, body);
    await tx
      .update(m)
      .set({ ...recordValues(body, timeZone), ...judgedValues, ...updatedStamp(actor) })
      .where(eq(m.id, body.id));
    return getMonitoring(tx, body.id, timeZone);
  });
}

export async function deleteMonitoring(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertDraft(current.status);
    await tx.delete(m).where(eq(m.id, id));
  });
}

/** The operator signs the record as performed (password checked first). */
export async function signMonitoring(
  db: Db,
  actor: Actor,
  id: number,
  password: string,
  timeZone: string,
): Promise<CcpMonitoring> {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertSignable(current, actor);
    assertAction(current);
    await tx
      .update(m)
      .set({ status: 'SIGNED', ...updatedStamp(actor) })
      .where(eq(m.id, id));
    await addSignature(tx, actor, 'CCP', id, 'PERFORMED');
    return getMonitoring(tx, id, timeZone);
  });
}

/** Another user (never the operator) signs the signed record as reviewed. */
export async function reviewMonitoring(
  db: Db,
  actor: Actor,
  id: number,
  password: string,
  timeZone: string,
): Promise<CcpMonitoring> {
  await exists(db, id);
  await verifySigner(db, actor, password);
  return withTx(db, actor, async (tx) => {
    const current = await lockRecord(tx, id);
    assertReviewable(current, actor);
    await tx
      .update(m)
      .set({ status: 'REVIEWED', ...updatedStamp(actor) })
      .where(eq(m.id, id));
    await addSignature(tx, actor, 'CCP', id, 'REVIEWED');
    return getMonitoring(tx, id, timeZone);
  });
}

/**
 * A correction of a signed or reviewed record: a new record linked to it (amends_id, with the reason), made and signed
 * AMENDED by the caller, who becomes its operator; it is reviewed like any record. The original stays as it was.
 */
export async function amendMonitoring(
  db: Db,
  actor: Actor,
  id: number,
  body: CcpMonitoringAmend,
  timeZone: string,
): Promise<CcpMonitoring> {
  await exists(db, id);
  await verifySigner(db, actor, body.password);
  try {
    return await withTx(db, actor, async (tx) => {
      const original = await lockRecord(tx, id);
      const [later] = await tx.select({ id: m.id }).from(m).where(eq(m.amendsId, id));
      assertAmendable(original.status, later?.id);
      const judgedValues = await judged(tx, body);
      const values = { ...recordValues(body, timeZone), ...judgedValues };
      assertAction(values);
      const [made] = await tx
        .insert(m)
        .values({
          ...values,
          operatorId: actor.id,
          status: 'SIGNED',
          amendsId: id,
          amendReason: body.reason,
          ...createdStamp(actor),
        })
        .returning({ id: m.id });
      await addSignature(tx, actor, 'CCP', made.id, 'AMENDED', body.reason);
      return getMonitoring(tx, made.id, timeZone);
    });
  } catch (e) {
    if (uniqueConstraintOf(e) === 'ccp_monitorings_amends_key') throw conflict('haccpAlreadyAmended');
    throw e;
  }
}

/** 404 before the password is checked, so a missing record never costs a signing try. */
async function exists(db: Executor, id: number) {
  const [row] = await db.select({ id: m.id }).from(m).where(eq(m.id, id));
  if (!row) throw notFound('CCP monitoring record');
}
