import type { DailyPlan, DailyPlanItem, DailyPlansSet } from '@eqms/contract';
import { ruleMessage } from '@eqms/contract';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { createdStamp, updatedStamp } from '../../platform/crud.ts';
import { addDays, daysBetween } from '../../platform/dates.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { round5 } from '../../platform/qty.ts';
import { assertToolOnLine, lockPlan } from './production-plan.service.ts';
import { dailyPlans, productionOperPlans } from './production-plan.table.ts';
import { HAS_RESULT, operPlanDailyPlans } from './production-plan.views.ts';

// An operation plan's daily plans, set all at once: from a list, or its target spread over working days.

type DailyRow = typeof dailyPlans.$inferSelect;
export type DailySpread = Extract<DailyPlansSet, { spread: unknown }>['spread'];
type PlanRow = Awaited<ReturnType<typeof lockPlan>>;
const WEEKDAYS = [1, 2, 3, 4, 5];

/** ISO weekday of a yyyy-MM-dd day: 1 = Monday … 7 = Sunday. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * `total` over `n` days as evenly as whole units allow: each day the floor of the share, one more on the first
 * days until the whole units are used, and a fraction left over on the last day.
 */
export function spreadEvenly(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n);
  const whole = Math.floor(total - base * n);
  const out = Array.from({ length: n }, (_, i) => base + (i < whole ? 1 : 0));
  out[n - 1] = round5(out[n - 1] + (total - base * n - whole));
  return out;
}

const dayField = (i: number, field: string) => `dailyPlans.${i}.${field}`;

function assertWithinPlan(plan: PlanRow, day: string, field: string) {
  if (day < plan.startDt || day > plan.endDt)
    throw invalidField(field, ruleMessage('dayOutsidePlan', { from: plan.startDt, to: plan.endDt }));
}

async function setFromList(tx: Tx, actor: Actor, plan: PlanRow, operPlanId: number, items: DailyPlanItem[]) {
  const current = await tx.select().from(dailyPlans).where(eq(dailyPlans.operPlanId, operPlanId));
  const byId = new Map(current.map((d) => [d.id, d]));
  const worked = new Set(
    (
      await tx
        .select({ id: dailyPlans.id })
        .from(dailyPlans)
        .where(and(eq(dailyPlans.operPlanId, operPlanId), HAS_RESULT))
    ).map((r) => r.id),
  );
  for (const [i, item] of items.entries()) {
    if (item.id != null && !byId.has(item.id)) throw invalidField(dayField(i, 'id'), 'notInOperPlan');
    assertWithinPlan(plan, item.day, dayField(i, 'day'));
    await assertToolOnLine(tx, item.toolId, dayField(i, 'toolId'));
    const was = item.id != null ? byId.get(item.id) : undefined;
    if (was && worked.has(was.id) && was.day !== item.day) throw conflict('dailyPlanHasResults', {}, { day: was.day });
  }
  const kept = new Set(items.map((d) => d.id).filter((id): id is number => id != null));
  const dropped = current.filter((d) => !kept.has(d.id));
  const droppedWorked = dropped.find((d) => worked.has(d.id));
  if (droppedWorked) throw conflict('dailyPlanHasResults', {}, { day: droppedWorked.day });
  if (dropped.length)
    await tx.delete(dailyPlans).where(
      inArray(
        dailyPlans.id,
        dropped.map((d) => d.id),
      ),
    );
  for (const item of items) {
    const fields = {
      day: item.day,
      toolId: item.toolId ?? null,
      targetQty: item.targetQty,
      description: item.description ?? null,
    };
    const was = item.id != null ? byId.get(item.id) : undefined;
    if (was) {
      if (changed(was, fields))
        await tx
          .update(dailyPlans)
          .set({ ...fields, ...updatedStamp(actor) })
          .where(eq(dailyPlans.id, was.id));
    } else {
      await tx.insert(dailyPlans).values({ planId: plan.id, operPlanId, ...fields, ...createdStamp(actor) });
    }
  }
}

const changed = (was: DailyRow, next: Pick<DailyRow, 'day' | 'toolId' | 'targetQty' | 'description'>) =>
  was.day !== next.day ||
  was.toolId !== next.toolId ||
  was.targetQty !== next.targetQty ||
  was.description !== next.description;

/**
 * The target not yet covered by daily plans with results, spread evenly over the working days of the period in
 * place of the daily plans not started (the plan locked by the caller).
 */
export async function spreadDailyPlans(
  tx: Tx,
  actor: Actor,
  plan: PlanRow,
  operPlan: typeof productionOperPlans.$inferSelect,
  spread: DailySpread,
) {
  const from = spread.from ?? plan.startDt;
  const to = spread.to ?? plan.endDt;
  assertWithinPlan(plan, from, 'spread.from');
  assertWithinPlan(plan, to, 'spread.to');
  const weekdays = new Set(spread.weekdays ?? WEEKDAYS);
  const days: string[] = [];
  for (let i = 0; i <= daysBetween(from, to); i++) {
    const day = addDays(from, i);
    if (weekdays.has(isoWeekday(day))) days.push(day);
  }
  if (days.length === 0) throw invalidField('spread.weekdays', 'noWorkingDays');
  const toolId = spread.toolId === undefined ? operPlan.toolId : spread.toolId;
  await assertToolOnLine(tx, toolId, 'spread.toolId');
  const worked = await tx
    .select({ targetQty: dailyPlans.targetQty })
    .from(dailyPlans)
    .where(and(eq(dailyPlans.operPlanId, operPlan.id), HAS_RESULT));
  const covered = worked.reduce((acc, d) => acc + d.targetQty, 0);
  const remaining = Math.max(0, round5(operPlan.targetQty - covered));
  await tx.delete(dailyPlans).where(and(eq(dailyPlans.operPlanId, operPlan.id), not(HAS_RESULT)));
  if (remaining === 0) return;
  const shares = spreadEvenly(remaining, days.length);
  await tx.insert(dailyPlans).values(
    days
      .map((day, i) => ({ day, targetQty: shares[i] }))
      .filter((d) => d.targetQty > 0)
      .map((d) => ({ planId: plan.id, operPlanId: operPlan.id, toolId, ...d, ...createdStamp(actor) })),
  );
}

/** Sets an operation plan's daily plans (SPEC §7 POST /operplan/daily-plans); answers them by day. */
export async function setDailyPlans(deps: Deps, actor: Actor, body: DailyPlansSet): Promise<DailyPlan[]> {
  const [found] = await deps.db
    .select({ planId: productionOperPlans.planId })
    .from(productionOperPlans)
    .where(eq(productionOperPlans.id, body.operPlanId));
  if (!found) throw notFound('Operation plan');
  await withTx(deps.db, actor, async (tx) => {
    const plan = await lockPlan(tx, found.planId);
    const [operPlan] = await tx.select().from(productionOperPlans).where(eq(productionOperPlans.id, body.operPlanId));
    if (!operPlan) throw notFound('Operation plan');
    if ('dailyPlans' in body) await setFromList(tx, actor, plan, operPlan.id, body.dailyPlans);
    else await spreadDailyPlans(tx, actor, plan, operPlan, body.spread);
  });
  return operPlanDailyPlans(deps.db, body.operPlanId);
}
