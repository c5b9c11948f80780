import type { OutSourcing, OutSourcingCreate, OutSourcingUpdate } from '@eqms/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { createdStamp, updatedStamp } from '../../platform/crud.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { Providers } from '../../platform/providers.ts';
import { round5 } from '../../platform/qty.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { lockPlan } from '../production-plan/production-plan.service.ts';
import { dailyPlans, productionOperPlans } from '../production-plan/production-plan.table.ts';
import { saveInTx } from '../production-result/production-result.service.ts';
import { outSourcings } from './out-sourcing.table.ts';
import { getOutSourcing } from './out-sourcing.views.ts';

// Sending an operation out and recording what came back. What came back is the operation's result: it lives on a
// daily plan of the operation plan on the receiving day, written through production-result's save, so consumption
// (a first operation), the lot and product stock (a last operation) and the change history follow exactly as for a
// kiosk result. Locks: the plan row first (lockPlan), as every result, release and restock.

export type OutSourcingDeps = { db: Db; timeZone: string; providers: Providers };
const OUTSOURCER = 'OUTSOURCER';

type Fields = OutSourcingCreate;

async function operPlanOf(tx: Tx, operPlanId: number) {
  const [op] = await tx
    .select({ id: productionOperPlans.id, planId: productionOperPlans.planId })
    .from(productionOperPlans)
    .where(eq(productionOperPlans.id, operPlanId));
  if (!op) throw invalidField('operPlanId', 'notExists');
  return op;
}

const rowValues = (planId: number, body: Fields) => ({
  planId,
  operPlanId: body.operPlanId,
  bizPartnerId: body.bizPartnerId,
  sentQty: body.sentQty,
  sentDt: body.sentDt,
  receivedGoodQty: body.receivedGoodQty,
  receivedBadQty: body.receivedBadQty,
  receivedDt: body.receivedDt,
  unitCost: body.unitCost,
  description: body.description ?? null,
});

/**
 * Brings the operation's result to what came back: the receiving day's daily plan (made on the first receipt, moved
 * when the receiving day changes) holds the totals, WORK_COMPLETED while something came back. Its start and end are
 * both the receiving day's midnight, so an outsourced result adds no working time to the line's measures.
 */
async function applyReceipt(
  tx: Tx,
  actor: Actor,
  deps: Omit<OutSourcingDeps, 'db'>,
  row: { id: number; planId: number; operPlanId: number; dailyPlanId: number | null },
  body: Fields,
): Promise<void> {
  const back = round5(body.receivedGoodQty + body.receivedBadQty);
  let dailyPlanId = row.dailyPlanId;
  if (dailyPlanId == null) {
    if (back <= 0) return;
    const [made] = await tx
      .insert(dailyPlans)
      .values({
        planId: row.planId,
        operPlanId: row.operPlanId,
        day: body.receivedDt!,
        targetQty: body.sentQty,
        ...createdStamp(actor),
      })
      .returning({ id: dailyPlans.id });
    dailyPlanId = made.id;
    await tx.update(outSourcings).set({ dailyPlanId }).where(eq(outSourcings.id, row.id));
  } else {
    await tx
      .update(dailyPlans)
      .set({ targetQty: body.sentQty, ...(body.receivedDt ? { day: body.receivedDt } : {}), ...updatedStamp(actor) })
      .where(eq(dailyPlans.id, dailyPlanId));
  }
  const at = body.receivedDt ? `${body.receivedDt} 00:00` : null;
  await saveInTx(
    tx,
    actor,
    deps.timeZone,
    {
      id: dailyPlanId,
      status: back > 0 ? 'WORK_COMPLETED' : 'PLAN_COMPLETED',
      goodQty: body.receivedGoodQty,
      badQty: body.receivedBadQty,
      locationId: body.locationId,
      startedAt: at,
      endedAt: at,
    },
    '',
    deps.providers,
  );
}

export async function createOutSourcing(
  deps: OutSourcingDeps,
  actor: Actor,
  body: OutSourcingCreate,
): Promise<OutSourcing> {
  const id = await withTx(deps.db, actor, (tx) => sendInTx(tx, deps, actor, body));
  return getOutSourcing(deps.db, id);
}

/** createOutSourcing inside the caller's transaction (the demo seed sends this way); answers the row's id. */
export async function sendInTx(
  tx: Tx,
  deps: Omit<OutSourcingDeps, 'db'>,
  actor: Actor,
  body: OutSourcingCreate,
): Promise<number> {
  const op = await operPlanOf(tx, body.operPlanId);
  await lockPlan(tx, op.planId);
  await assertPartnerOfType(tx, body.bizPartnerId, OUTSOURCER, 'bizPartnerId');
  const [row] = await tx
    .insert(outSourcings)
    .values({ ...rowValues(op.planId, body), ...createdStamp(actor) })
    .returning();
  await applyReceipt(tx, actor, deps, row, body);
  return row.id;
}

export async function updateOutSourcing(
  deps: OutSourcingDeps,
  actor: Actor,
  body: OutSourcingUpdate,
): Promise<OutSourcing> {
  await withTx(deps.db, actor, async (tx) => {
    const [was] = await tx.select().from(outSourcings).where(eq(outSourcings.id, body.id));
    if (!was) throw notFound('Out-sourcing');
    // Once something came back, the result is that operation's: it cannot move to another one.
    if (was.dailyPlanId != null && body.operPlanId !== was.operPlanId)
      throw invalidField('operPlanId', 'outSourcingReceived');
    const op = await operPlanOf(tx, body.operPlanId);
    await lockPlan(tx, op.planId);
    const [row] = await tx.select().from(outSourcings).where(eq(outSourcings.id, body.id)).for('update');
    await assertPartnerOfType(tx, body.bizPartnerId, OUTSOURCER, 'bizPartnerId');
    await tx
      .update(outSourcings)
      .set({ ...rowValues(op.planId, body), ...updatedStamp(actor) })
      .where(eq(outSourcings.id, body.id));
    await applyReceipt(tx, actor, deps, { ...row, planId: op.planId, operPlanId: body.operPlanId }, body);
  });
  return getOutSourcing(deps.db, body.id);
}

/**
 * Deletes outsourcing rows, all or none: 404 if one is missing; 409 `outSourcingReceived` for one something came back
 * from (its receipt is a production result, with consumption and stock behind it: correct its quantities instead).
 */
export async function deleteOutSourcings(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const rows = await tx
      .select({ id: outSourcings.id, dailyPlanId: outSourcings.dailyPlanId })
      .from(outSourcings)
      .where(inArray(outSourcings.id, ids))
      .for('update');
    if (rows.length !== new Set(ids).size) throw notFound('Out-sourcing');
    const received = rows.filter((r) => r.dailyPlanId != null).map((r) => r.id);
    if (received.length > 0) throw conflict('outSourcingReceived', { ids: received });
    await tx.delete(outSourcings).where(inArray(outSourcings.id, ids));
  });
}
