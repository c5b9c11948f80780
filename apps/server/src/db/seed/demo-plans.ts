import { asc, eq, inArray } from 'drizzle-orm';
import { locations } from '../../modules/location/location.table.ts';
import { operPlans } from '../../modules/oper-plan/oper-plan.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { spreadDailyPlans } from '../../modules/production-plan/production-plan.daily.ts';
import { insertPlan, lockPlan } from '../../modules/production-plan/production-plan.service.ts';
import { productionOperPlans } from '../../modules/production-plan/production-plan.table.ts';
import { tools } from '../../modules/tool/tool.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo's production plans (issue 13): weekly plans from two weeks back to next week of finished goods on the
// assembly lines and of moulded parts on the injection lines, each on the line of its first operation's tool, with
// every operation's target spread over the weekdays — through the module's own functions. demo-results.ts works the
// days up to today.

/** Product code and weekly quantity. */
const WEEKLY: [string, number][] = [
  ['FG-1001', 1500],
  ['FG-2001', 1200],
  ['FG-3001', 800],
  ['FG-4002', 600],
  ['SA-1101', 3000],
  ['SA-2101', 2400],
  ['SA-3101', 1600],
  ['SA-4101', 2000],
];
/** Two weeks back to next week: a month of plans, two weeks and a few days of them worked. */
const FIRST_WEEK = -2;
const LAST_WEEK = 1;

export type DemoPlanResult = { productionPlanIds: number[] };

/** Monday of the week holding a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

export async function seedDemoPlans(tx: Tx, today: string): Promise<DemoPlanResult> {
  const actor = SYSTEM_ACTOR;
  const codes = WEEKLY.map(([code]) => code);
  const rows = await tx
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(inArray(products.code, codes));
  const productId = new Map(rows.map((r) => [r.code, r.id]));
  const planIds: number[] = [];
  for (let week = FIRST_WEEK; week <= LAST_WEEK; week++) {
    const monday = addDays(mondayOf(today), week * 7);
    for (const [code, qty] of WEEKLY) {
      const id = productId.get(code);
      if (!id) throw new Error(`Demo plans name an unknown product '${code}'.`);
      const lineId = await lineOfFirstTool(tx, id);
      const planId = await insertPlan(tx, actor, {
        productId: id,
        qty,
        startDt: monday,
        endDt: addDays(monday, 4),
        lineId,
        description: week === 0 ? '이번 주 생산 계획' : null,
      });
      const plan = await lockPlan(tx, planId);
      const steps = await tx.select().from(productionOperPlans).where(eq(productionOperPlans.planId, planId));
      for (const step of steps) await spreadDailyPlans(tx, actor, plan, step, {});
      planIds.push(planId);
    }
  }
  return { productionPlanIds: planIds };
}

/** The LINE holding the tool of a product's first operation. */
async function lineOfFirstTool(tx: Tx, productId: number): Promise<number> {
  const [first] = await tx
    .select({ lineId: tools.locationId, type: locations.type })
    .from(operPlans)
    .innerJoin(tools, eq(tools.id, operPlans.toolId))
    .innerJoin(locations, eq(locations.id, tools.locationId))
    .where(eq(operPlans.productId, productId))
    .orderBy(asc(operPlans.seq))
    .limit(1);
  if (first?.type !== 'LINE') throw new Error(`Demo product ${productId} has no first tool on a line.`);
  return first.lineId;
}
