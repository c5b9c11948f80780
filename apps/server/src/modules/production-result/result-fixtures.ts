import { expect } from 'vitest';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { type TestApp, uniq } from '../../test/harness.ts';
import { boms } from '../bom/bom.table.ts';
import { makeMaterial, type stockWorld } from '../material-stock/stock-fixtures.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';

// Test data of the results and lot tests: a product made by forming (press) then packing on the stock world's line;
// its BOM takes 2 KG of the world's material A per unit with 10% loss (2.2 KG) and 1 EA of a material B. It keeps
// 30 days.

type World = Awaited<ReturnType<typeof stockWorld>>;
type Call = (method: string, url: string, payload?: unknown) => Promise<{ status: number; body: any }>;

export async function madeProduct(t: TestApp, w: World) {
  const b = await makeMaterial(t.db, { unit: 'EA' });
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const tool = async (name: string) =>
      (
        await tx
          .insert(tools)
          .values({ code: uniq('T'), name, locationId: w.line.id })
          .returning()
      )[0];
    const op = async (name: string) =>
      (
        await tx
          .insert(operations)
          .values({ code: uniq('OP'), name })
          .returning()
      )[0];
    const press = await tool('프레스');
    const packer = await tool('포장기');
    const forming = await op('성형');
    const packing = await op('포장');
    const [product] = await tx
      .insert(products)
      .values({ code: uniq('FG'), name: uniq('제품 '), type: 'FINISHED', unit: 'EA', shelfLifeDays: 30 })
      .returning();
    await tx.insert(operPlans).values([
      { productId: product.id, operationId: forming.id, seq: 1, toolId: press.id },
      { productId: product.id, operationId: packing.id, seq: 2, toolId: packer.id },
    ]);
    await tx.insert(boms).values([
      { parentProductId: product.id, materialId: w.material.id, qty: 2, unit: 'KG', lossRate: 10 },
      { parentProductId: product.id, materialId: b.id, qty: 1, unit: 'EA' },
    ]);
    return { b, press, packer, forming, packing, product };
  });
}

export type Daily = { id: number; seq: number; day: string; status: string; goodQty: number; badQty: number };

/** A plan of `qty` from `today` over 5 days on the line, spread on every day; its daily plans by sequence. */
export async function spreadPlan(call: Call, productId: number, lineId: number, today: string, qty = 10) {
  const res = await call('POST', '/api/productionplan/plan', {
    productId,
    qty,
    startDt: today,
    endDt: addDays(today, 4),
    lineId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const plan = res.body.data as { id: number; lotSeq: number };
  const opers = (await call('GET', `/api/productionplan/plan/${plan.id}/operplans`)).body.data as { id: number }[];
  const days: Daily[][] = [];
  for (const o of opers) {
    const set = await call('POST', '/api/productionplan/operplan/daily-plans', {
      operPlanId: o.id,
      spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    days.push(set.body.data);
  }
  return { plan, first: days[0], last: days[1] };
}
