import { expect, it } from 'vitest';
import { todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { makeOperation } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';

// "Today" is the factory's day in the configured time zone (TZ), not the server's. Kiritimati (UTC+14) and Pago Pago
// (UTC−11) are 25 hours apart, so their calendar days always differ: a result on Kiritimati's day counts today there,
// one on Pago Pago's does not.
const t = await createTestApp({ TZ: 'Pacific/Kiritimati' });
const viewer = await t.makeUser({ dashboard: { view: true } });
const factoryDay = todayIn('Pacific/Kiritimati');
const otherDay = todayIn('Pacific/Pago_Pago');

it("today-prod-status and good-bad-status count the factory time zone's day", async () => {
  expect(factoryDay).not.toBe(otherDay);
  const { line } = await locationBranch(t.db);
  const op = await makeOperation(t.db);
  await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [p] = await tx
      .insert(products)
      .values({ code: uniq('TZ'), name: uniq('제품'), type: 'FINISHED', unit: 'EA' })
      .returning();
    const [plan] = await tx
      .insert(productionPlans)
      .values({ productId: p.id, qty: 10, startDt: '2020-01-01', endDt: '2040-01-01', lineId: line.id, lotSeq: 1 })
      .returning();
    const [o] = await tx
      .insert(productionOperPlans)
      .values({ planId: plan.id, seq: 1, operationId: op.id, targetQty: 10 })
      .returning();
    await tx.insert(dailyPlans).values([
      { planId: plan.id, operPlanId: o.id, day: factoryDay, targetQty: 4, goodQty: 3, badQty: 1, status: 'WORKING' },
      { planId: plan.id, operPlanId: o.id, day: otherDay, targetQty: 6, goodQty: 6, badQty: 0, status: 'WORKING' },
    ]);
  });
  const prod = await t.inject({ method: 'GET', url: '/api/widget/today-prod-status/data', token: viewer.token });
  expect(prod.body.data).toMatchObject({
    fromDate: factoryDay,
    total: { plannedQty: 4, goodQty: 3, badQty: 1, achievementRate: 75, defectRate: 25 },
  });
  const gb = await t.inject({
    method: 'GET',
    url: `/api/widget/good-bad-status/data?locationId=${line.id}`,
    token: viewer.token,
  });
  expect([gb.body.data.date, gb.body.data.total]).toEqual([factoryDay, { goodQty: 3, badQty: 1, defectRate: 25 }]);
});
