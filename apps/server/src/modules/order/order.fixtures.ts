import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { locationBranch, uniq } from '../../test/harness.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from '../business/business.table.ts';
import { materials } from '../material/material.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { dailyPlans, productionOperPlans } from '../production-plan/production-plan.table.ts';
import { tools } from '../tool/tool.table.ts';

// Test data of the business and order tests, made per file (never the demo's ids): partners of given types,
// businesses, products with a two-step operation plan on a line, materials, and a plan's output written as a result
// would (daily plans of its last operation with good quantities, and its lot).

export async function orderWorld(db: Db) {
  const branch = await locationBranch(db);
  const base = await withTx(db, SYSTEM_ACTOR, async (tx) => {
    const tool = async (name: string) =>
      (
        await tx
          .insert(tools)
          .values({ code: uniq('T'), name, locationId: branch.line.id })
          .returning()
      )[0];
    const op = async (name: string) =>
      (
        await tx
          .insert(operations)
          .values({ code: uniq('OP'), name })
          .returning()
      )[0];
    return {
      press: await tool('프레스'),
      packer: await tool('포장기'),
      forming: await op('성형'),
      packing: await op('포장'),
    };
  });

  const partner = (types: string[] = ['CUSTOMER']) =>
    withTx(db, SYSTEM_ACTOR, async (tx) => {
      const [p] = await tx
        .insert(bizPartners)
        .values({ code: uniq('BP'), name: uniq('고객사 '), types })
        .returning();
      return p;
    });

  const business = (bizPartnerId: number) =>
    withTx(db, SYSTEM_ACTOR, async (tx) => {
      const [b] = await tx
        .insert(businesses)
        .values({ bizPartnerId, code: uniq('BZ'), name: uniq('영업 ') })
        .returning();
      return b;
    });

  /** A finished product made by forming (press) then packing (packer). */
  const product = () =>
    withTx(db, SYSTEM_ACTOR, async (tx) => {
      const [p] = await tx
        .insert(products)
        .values({ code: uniq('FG'), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
        .returning();
      await tx.insert(operPlans).values([
        { productId: p.id, operationId: base.forming.id, seq: 1, toolId: base.press.id, cycleTime: 10 },
        { productId: p.id, operationId: base.packing.id, seq: 2, toolId: base.packer.id },
      ]);
      return p;
    });

  const material = () =>
    withTx(db, SYSTEM_ACTOR, async (tx) => {
      const [m] = await tx
        .insert(materials)
        .values({ code: uniq('RM'), name: uniq('자재 '), type: 'RAW', unit: 'KG' })
        .returning();
      return m;
    });

  /** What a plan's last operation made on a day (good quantity), and the plan's lot. */
  const produce = (planId: number, productId: number, day: string, goodQty: number) =>
    withTx(db, SYSTEM_ACTOR, async (tx) => {
      const [last] = await tx
        .select()
        .from(productionOperPlans)
        .where(eq(productionOperPlans.planId, planId))
        .orderBy(desc(productionOperPlans.seq))
        .limit(1);
      await tx.insert(dailyPlans).values({
        planId,
        operPlanId: last.id,
        day,
        targetQty: goodQty,
        status: 'WORK_COMPLETED',
        goodQty,
      });
      const [lot] = await tx.select().from(lots).where(eq(lots.planId, planId));
      if (!lot) await tx.insert(lots).values({ lotId: uniq('L'), productId, planId, day });
    });

  return { branch, ...base, partner, business, product, material, produce };
}
