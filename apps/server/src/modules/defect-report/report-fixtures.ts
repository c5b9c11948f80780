import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { locationBranch, type TestApp, uniq } from '../../test/harness.ts';
import { ensureCodes, makeOperation } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans, productionOperPlans, productionPlans } from '../production-plan/production-plan.table.ts';
import { dailyPlanDefects } from '../production-result/production-result.table.ts';

// The fixed data set of the defect and product report tests, in February 2037 (a period no other test writes), as
// the production modules would have stored it:
//
//   plan X: product P1, 100, operations A (seq 1) then B (seq 2)
//     02-02 A target 50 good 48 bad 2 (APPEARANCE 2)      02-02 B target 50 good 45 bad 3 (FUNCTION 1, 2 unclassified)
//     02-10 A target 50 good 50 bad 0                     02-10 B target 50 good 40 bad 1 (APPEARANCE 1)
//     03-02 B target 10 good 10 bad 5 (APPEARANCE 5)      — after the period
//   plan Y: product P2, 30, operation A only
//     02-03 A target 30 good 27 bad 3 (APPEARANCE 1, FUNCTION 2)
//   plan Z: product P3, 20, operation B only: 02-20 target 20, not started (a plan with no results)
export const FEB = { startDt: '2037-02-01', endDt: '2037-02-28' };

export async function reportWorld(t: TestApp) {
  await ensureCodes(t.db);
  const { line } = await locationBranch(t.db);
  const opA = await makeOperation(t.db);
  const opB = await makeOperation(t.db);
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const product = async (name: string) =>
      (
        await tx
          .insert(products)
          .values({ code: uniq('RP'), name: `${name} ${uniq('')}`, type: 'FINISHED', unit: 'EA' })
          .returning()
      )[0];
    const p1 = await product('보고서 제품1');
    const p2 = await product('보고서 제품2');
    const p3 = await product('보고서 제품3');
    const plan = async (productId: number, qty: number, endDt = '2037-03-05') =>
      (
        await tx
          .insert(productionPlans)
          .values({ productId, qty, startDt: '2037-02-01', endDt, lineId: line.id, lotSeq: 1 })
          .returning()
      )[0];
    const oper = async (planId: number, seq: number, operationId: number, targetQty: number) =>
      (await tx.insert(productionOperPlans).values({ planId, seq, operationId, targetQty }).returning())[0];
    const daily = async (
      o: { id: number; planId: number },
      day: string,
      targetQty: number,
      goodQty: number,
      badQty: number,
      defects: [string, number][] = [],
    ) => {
      const [d] = await tx
        .insert(dailyPlans)
        .values({
          planId: o.planId,
          operPlanId: o.id,
          day,
          targetQty,
          goodQty,
          badQty,
          status: goodQty + badQty > 0 ? 'WORK_COMPLETED' : 'PLAN_COMPLETED',
        })
        .returning();
      if (defects.length)
        await tx
          .insert(dailyPlanDefects)
          .values(defects.map(([defectCode, qty]) => ({ dailyPlanId: d.id, defectCode, qty })));
      return d;
    };
    const x = await plan(p1.id, 100);
    const xA = await oper(x.id, 1, opA.id, 100);
    const xB = await oper(x.id, 2, opB.id, 100);
    await daily(xA, '2037-02-02', 50, 48, 2, [['APPEARANCE', 2]]);
    await daily(xB, '2037-02-02', 50, 45, 3, [['FUNCTION', 1]]);
    await daily(xA, '2037-02-10', 50, 50, 0);
    await daily(xB, '2037-02-10', 50, 40, 1, [['APPEARANCE', 1]]);
    await daily(xB, '2037-03-02', 10, 10, 5, [['APPEARANCE', 5]]);
    const y = await plan(p2.id, 30);
    const yA = await oper(y.id, 1, opA.id, 30);
    await daily(yA, '2037-02-03', 30, 27, 3, [
      ['APPEARANCE', 1],
      ['FUNCTION', 2],
    ]);
    const z = await plan(p3.id, 20);
    const zB = await oper(z.id, 1, opB.id, 20);
    await daily(zB, '2037-02-20', 20, 0, 0);
    return { line, opA, opB, p1, p2, p3 };
  });
}
